/*
 * nx_state: the whole game state as one flat, fixed-size value.
 *
 * No pointers: copying a state is a memcpy, which is how actions are made
 * atomic (apply to a copy, keep it only if everything succeeded) and how
 * hosts keep thousands of rooms cheaply.  Anything that grows without
 * bound (the action log, full receipt history) lives in the game object
 * (interpreter/engine/nx_game.h), not here.
 *
 * The state owns: seats and their native factions, alliances, custody of
 * every component, the one seeded generator, pending decisions
 * (continuations, see nx_pending below) and recent private receipts.
 *
 * Owners.  Every field group has one module that writes it, through its
 * functions; the others read.  Two writers stand outside the rule on
 * purpose: the saved-state codec (core/nx_state_json.c, core/nx_play.c),
 * which loads every field, and staging (interpreter/staging/nx_stage.c),
 * the host's placement of a position, which writes what it stages and is
 * validated by nx_state_check like any action.
 *
 *   format, version, seed, rng, event_seq, ... this file (nx_state_init,
 *     npending, pending, nreceipts,              nx_state_new_event,
 *     receipt_head, receipts                     nx_state_add_pending/receipt);
 *                                                nx_game bumps version per action
 *   nseats, options, seats[].faction, circle    setup (turn/nx_setup.c)
 *   seats[].forces                              this file (nx_state_move_forces)
 *   seats[].spice, seats[].bribes               engine/nx_spice.c (nx_spice_transfer)
 *   seats[].aid                                 turn/nx_ally_aid.c (engine/nx_invoice_pay.c spends it)
 *   seats[].ally, seats[].offers                this file (nx_state_ally/unally/offer)
 *   seats[].policy                              engine/nx_actions.c (set_policy)
 *   phase, turn, play.step, play.closing,       the phase sequencer (turn/nx_phases.c);
 *     play.window_next, play.cursor,            step and cursor are the phase in
 *     play.event_now/user/target                hand's own counters (its nx_phase_*.c)
 *   first_seat                                  core/nx_board.c (nx_board_update_first_seat)
 *   nexus_occurred, negotiating, draw_next      the Nexus and its draws (nexus/nx_lifecycle.c,
 *                                               turn/nx_phase_spice_blow.c)
 *   play.spice[] (board spice)                  core/nx_board.c (nx_board_spice_add/take/clear)
 *   play.rule[]                                 engine/nx_rules.c (nx_rules_pin)
 *   play.effect_*                               core/nx_effects.c
 *   custody                                     core/nx_custody.c (nx_custody_move)
 *   each phase's group of nx_play below         that phase's module, named in the
 *                                               group's comment (storm, spice blow
 *                                               and Nexus, bidding, revival, shipment
 *                                               and movement, battle)
 */
#ifndef NX_STATE_H
#define NX_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "nx_custody.h"
#include "nx_map.h"
#include "nx_rng.h"

#define NX_STATE_FORMAT 5          /* bump when the layout or meaning changes */
/* Every seat may have a decision in hand and, at the same time, an answer
 * to the Karama window against a held Nexus play (the holder has none):
 * six end-of-phase Nexus windows and five Karama answers at once. */
#define NX_MAX_PENDING (2 * NX_MAX_SEATS)
#define NX_MAX_OPTIONS 16
#define NX_MAX_RECEIPTS 48
#define NX_RECEIPT_CARDS 6
#define NX_NO_SEAT 0xff
#define NX_MAX_EFFECTS 8           /* effects that outlive a card (core/nx_effects.h) */
#define NX_MAX_INVOICES 4          /* payments quoted, not yet closed (core/nx_invoice.h) */
#define NX_ADVO_BYTES 4            /* bitsets of the advantages outside battle (core/nx_adv.h) */
#define NX_ADVH_ARGS 7             /* bytes of an act held for its Karama window */

/* play.guild_timing: the Advanced Guild's choice of its moment in Shipment and
 * Movement (LV 2.06.12; interpreter/turn/nx_phase_shipment.c). */
enum {
    NX_GUILD_TIMING_FREE,           /* asked before each other seat's turn, may delay at its own place */
    NX_GUILD_TIMING_OWN_TURN,       /* said "own_turn": not asked again before its place (may still delay there) */
    NX_GUILD_TIMING_STORM_ORDER     /* a Karama cancelled its timing: its turn at its place, no delay */
};
#define NX_INVOICE_PAYERS 3        /* payers of one invoice (buyer, ally, one a panel names) */

/* The nine phases of a turn: NX_P_* (core/nx_phase.h, also the pack's nx_phase). */
#include "nx_phase.h"

/* Game options fixed at creation. */
enum {
    NX_OPT_NEXUS_CARDS = 1 << 0,    /* the Nexus card module is in play */
    NX_OPT_ADVANCED = 1 << 1,       /* Advanced rules */
    NX_OPT_DESIGNER = 1 << 2,       /* designer's table: the host may place cards */
    NX_OPT_STAGING = 1 << 3         /* staging table: a rules game the host may "stage" */
};

/* The private own-faction Nexus draw policy (lifecycle composition 4). */
typedef enum {
    NX_POLICY_KEEP,                 /* keep whatever is drawn */
    NX_POLICY_REDRAW_ONCE,          /* redraw one's own faction once */
    NX_POLICY_REDRAW_ALWAYS,        /* redraw whenever one's own faction appears */
    NX_POLICY_COUNT
} nx_own_policy;

/*
 * Force counters are fungible: counts per place, not components.  A place
 * is the reserves, the Tanks, or one section of the board.  Conservation:
 * for each seat and kind, the counts over all places equal the faction's
 * counters (nx_faction_forces / nx_faction_elite_forces).
 */
#define NX_PLACE_RESERVES 0
#define NX_PLACE_TANKS 1
#define NX_PLACE_BOARD(section) (2 + (section))
#define NX_PLACE_COUNT (2 + NX_MAP_SECTIONS)
enum { NX_FORCE_NORMAL, NX_FORCE_ELITE, NX_FORCE_KINDS };

typedef struct nx_seat {
    int8_t faction;                 /* nx_faction, native and permanent */
    uint8_t ally;                   /* seat index or NX_NO_SEAT */
    uint8_t policy;                 /* nx_own_policy; private to the seat */
    uint8_t offers;                 /* bit j: this seat offered an alliance to seat j */
    int16_t spice;
    int16_t bribes;                 /* spice in front of the shield (bribes received), public */
    int16_t aid;                    /* spice still offered to its ally for this phase's cards or
                                     * shipments (turn/nx_ally_aid.c); the pair sees it */
    uint8_t forces[NX_PLACE_COUNT][NX_FORCE_KINDS];
} nx_seat;

/* What a pending decision asks for. */
typedef enum {
    NX_PEND_NONE,
    NX_PEND_TRAITOR_SELECT,         /* setup: keep one of the four dealt */
    NX_PEND_NEXUS_DRAW,             /* end of Spice Blow and Nexus: draw/replace */
    NX_PEND_PANEL,                  /* a Lua panel asked; resume its handler */
    /* The game turn (interpreter/turn/nx_phase_*.c); each is answered by the
     * action types its module lists in docs/protocol.md. */
    NX_PEND_PREDICTION,             /* setup: Bene Gesserit names a faction and a turn */
    NX_PEND_PLACEMENT,              /* setup: Fremen (and Advanced BG) place starting forces */
    NX_PEND_STORM_DIAL,             /* storm: dial min..max on the battle wheel */
    NX_PEND_NEXUS,                  /* a Nexus: offer/accept/leave alliances, then pass */
    NX_PEND_WORM_RIDE,              /* Fremen may ride the worm */
    NX_PEND_WORM_PLACE,             /* Advanced: Fremen place a later worm */
    NX_PEND_BID,                    /* bidding: bid or pass */
    NX_PEND_REVIVAL,                /* revival: revive forces and a leader, or pass */
    NX_PEND_SHIP_MOVE,              /* the seat's shipment-and-movement turn */
    NX_PEND_ADVISOR,                /* Bene Gesserit may send a spiritual advisor */
    NX_PEND_WARTIME,                /* Advanced BG: flip advisors to fighters before Shipment */
    NX_PEND_INTRUSION,              /* Advanced BG: flip fighters to advisors as others enter */
    NX_PEND_BATTLE_CHOICE,          /* battle: the aggressor picks its next battle and opponent */
    NX_PEND_BATTLE_PLAN,            /* battle: a combatant's secret battle plan */
    NX_PEND_TRAITOR_CALL,           /* battle: call a traitor on the opponent's leader, or pass */
    NX_PEND_BATTLE_CARDS,           /* battle: the winner keeps or discards the cards it played */
    NX_PEND_CAPTURE,                /* battle (Advanced): Harkonnen captures or kills a drawn leader */
    NX_PEND_STORM_CARDS,            /* storm (turn 2 on): play Weather Control / Family Atomics, or pass */
    NX_PEND_VOICE,                  /* battle: Bene Gesserit commands the opponent, or passes */
    NX_PEND_PRESCIENCE,             /* battle: Atreides names a plan element to see, or passes */
    NX_PEND_FORESEE,                /* battle: the opponent commits the element Prescience named */
    NX_PEND_KARAMA,                 /* battle: may play a Karama against an advantage, or pass */
    NX_PEND_NEXUS_WINDOW,           /* end of a phase: a Nexus card holder may play it, or pass */
    NX_PEND_CHARITY,                /* CHOAM Charity: claim it, or pass (every seat asked alike) */
    NX_PEND_ADV_KARAMA,             /* outside battle: may play a Karama against an advantage, or pass */
    NX_PEND_KARAMA_GIVE,            /* Advanced Harkonnen's Karama power: give back as many cards as taken */
    NX_PEND_ALLY_AID,               /* Bidding, Shipment: how much an allied seat offers its ally */
    NX_PEND_GUILD_TIMING,           /* Advanced Guild, before another seat's turn: "now", "delay" or "own_turn" */
    NX_PEND_KIND_COUNT
} nx_pending_kind;

/* Words a decision may offer instead of (or as well as) components. */
typedef enum {
    NX_WORD_DRAW = 1 << 0,
    NX_WORD_DECLINE = 1 << 1,
    NX_WORD_KEEP = 1 << 2,
    NX_WORD_REPLACE = 1 << 3
} nx_word;

/*
 * A continuation, owned by the core as data (DESIGN principle 4): who must
 * decide, what they are asked, the legal options, the event it is bound
 * to, the handler to resume and the values the panel saved.  It is saved
 * with the game like everything else here.
 */
typedef struct nx_pending {
    uint8_t kind;                   /* nx_pending_kind */
    uint8_t seat;                   /* owner */
    uint8_t count;                  /* exactly this many distinct options */
    uint8_t noptions;
    nx_comp options[NX_MAX_OPTIONS];/* components the owner may choose */
    uint8_t words;                  /* nx_word mask, when choosing a word */
    uint8_t private_options;        /* options (and min/max) are visible to the owner only */
    int16_t min, max;               /* numeric answers (dials, bids): legal range */
    uint32_t event;                 /* the event it is bound to */
    char prompt[128];               /* room for the longest prompt a phase writes (nx_fmt aborts past it) */
    char panel[40];                 /* NX_PEND_PANEL: panel id */
    char resume[24];                /* NX_PEND_PANEL: handler name */
    char saved[1024];               /* NX_PEND_PANEL: path, saved values and the ask, JSON */
} nx_pending;

/* What a seat was privately shown: a receipt, not live access. */
typedef enum {
    NX_RCPT_DREW,                   /* these cards were drawn into your custody */
    NX_RCPT_RETURNED,               /* you returned these cards */
    NX_RCPT_DISCARDED,              /* your draw policy discarded these */
    NX_RCPT_SAW,                    /* you were shown these cards */
    NX_RCPT_TOLD                    /* you were told a fact or a plan element (note, value, cards) */
} nx_receipt_kind;

#define NX_RECEIPT_NO_VALUE INT16_MIN

typedef struct nx_receipt {
    uint32_t event;
    uint8_t seat;
    uint8_t kind;                   /* nx_receipt_kind */
    uint8_t n;
    nx_comp cards[NX_RECEIPT_CARDS];
    int16_t value;                  /* NX_RCPT_TOLD: a dial, yes (1) / no (0), or NX_RECEIPT_NO_VALUE */
    char note[32];                  /* NX_RCPT_TOLD: what was told ("seat1.weapon", a fact's name) */
} nx_receipt;

/*
 * The game turn's own progress: the board, the storm, the phase in hand.
 * Everything is a small integer so the state stays flat; nx_play_fields
 * (core/nx_play.c) describes each field for the saved-state codec, so a
 * field added here must be added there too (a test checks the sizes).
 */
#define NX_NO_DIAL 0xff
#define NX_LAST_TURN 10
#define NX_ADVISOR_BYTES ((NX_MAP_SECTIONS + 7) / 8)
#define NX_LEADER_BYTES ((NX_LEADER_COUNT + 7) / 8)
#define NX_TERRITORY_BYTES ((NX_MAP_TERRITORIES + 7) / 8)

/*
 * Readings of base-game rules that the sources leave open (docs/rules/
 * turn.md section 5).  Each is a ruling in rulings/turn.yaml; setup copies
 * the chosen setting's index into play.rule[] so every module, view and
 * bot reads it from the state.  Index 0 is the default reading.
 */
typedef enum {
    NX_RULE_PLAYER_CIRCLES,     /* spread | consecutive: circles used with fewer than six */
    NX_RULE_STORM_ON_CIRCLE,    /* first | last: a storm in a circle's sector */
    NX_RULE_FIRST_STORM_DAMAGE, /* path | landing | none */
    NX_RULE_STORM_START_DAMAGE, /* yes | no: the sector the storm starts in is hit too */
    NX_RULE_STORM_DECK,         /* with_fremen | never: the Advanced storm deck */
    NX_RULE_FEDAYKIN_AT_SETUP,  /* allowed | forbidden */
    NX_RULE_TURN1_WORMS,        /* end_of_phase | between_piles (Advanced double blow) */
    NX_RULE_BATTLE_IN_STORM,    /* same_sector | never: forces inside the stormed sector battle */
    NX_RULE_BATTLE_SPLIT_ARMY,  /* contact_only | whole_territory: forces the storm cuts off fight */
    NX_RULE_SUPPORT_PAYS,       /* both | winner_only: who pays Advanced support spice */
    NX_RULE_PRESCIENCE_SEEN,    /* asker | table: who sees the element Prescience shows */
    NX_RULE_PRESCIENCE_DIAL,    /* dial_only | dial_and_support: what "number dialed" commits */
    NX_RULE_KH_LOSSES,          /* any_battle | ordinary_only: losses counted toward the Kwisatz Haderach */
    NX_RULE_KARAMA_EMPEROR_LEADER, /* revivable | any_in_tanks: the leader the Emperor's Karama power revives */
    NX_RULE_COUNT
} nx_rule;

typedef struct nx_play {
    uint8_t rule[NX_RULE_COUNT];    /* chosen reading per nx_rule (setting index) */
    /* the storm and the seating */
    uint8_t circle[NX_MAX_SEATS];   /* sector (3, 6, .., 18) of each seat's player circle */
    uint8_t storm_sector;           /* 1..18; 0 before the first storm is placed */
    uint8_t dialers[2];             /* the two seats who dial the storm next */
    uint8_t dials[2];               /* their secret dials this Storm phase, NX_NO_DIAL until given */
    uint8_t shield_wall_down;       /* Family Atomics was played */
    uint8_t storm_move;             /* 1 + the storm's movement once known this phase; 0 not yet */
    uint8_t weather;                /* 1 + the sectors Weather Control chose this phase; 0 not played */
    uint8_t storm_played;           /* a storm card was played since its window last opened */
    uint8_t storm_unseen;           /* a Karama prevented the Fremen's look: next turn's storm card is
                                       the Storm Deck's top, unseen (LV 2.04 There's a storm coming) */
    /* the phase in hand */
    uint8_t step;                   /* the current phase's own progress counter */
    uint8_t closing;                /* 0; 1: the procedure is over, end-of-phase hooks ran;
                                       2: Nexus card windows are being offered */
    uint8_t window_next;            /* storm-order position of the next Nexus card window */
    uint8_t cursor;                 /* storm-order position / lot number, phase-defined */
    /* Spice Blow and Nexus */
    uint8_t blow_pile;              /* 0: pile A; 1: pile B (Advanced) */
    uint8_t ride_territory;         /* where Fremen may ride the worm from; 0xff none */
    uint8_t nexus_done;             /* seats that have finished this Nexus's talks (mask) */
    uint8_t nexus_offered;          /* seats that have offered an alliance in this Nexus (mask) */
    uint8_t nexus_allied;           /* seats that have joined an alliance in this Nexus (mask) */
    uint8_t nexus_due;              /* a Shai-Hulud came up: a Nexus is owed */
    uint8_t blow_worms;             /* Shai-Hulud revealed in the current blow */
    uint8_t worm_at;                /* territory the pending worm strikes; 0xff none */
    uint8_t ride_from[NX_TERRITORY_BYTES]; /* territories a worm hit since the last rides (bits) */
    /* setup: the Bene Gesserit prediction (secret to BG) */
    uint8_t prediction_faction;     /* nx_faction, 0xff none */
    uint8_t prediction_turn;        /* 1..10, 0 none */
    /* Bidding */
    uint8_t bid_lots;               /* cards dealt for auction this phase */
    uint8_t bid_lot;                /* 1-based number of the lot up for bid */
    uint8_t bid_high;               /* current high bid */
    uint8_t bid_winner;             /* current high bidder or NX_NO_SEAT */
    uint8_t bid_opener;             /* the seat who opened this lot */
    uint8_t bid_turn;               /* the seat whose turn it is */
    uint8_t bid_passed;             /* seats that passed on this lot (mask) */
    uint8_t bid_eligible;           /* seats that may bid this phase (mask) */
    uint8_t bid_karama;             /* the high bid is backed by a Karama (not shown in views) */
    /* Revival */
    uint8_t revived;                /* seats that have revived this phase (mask) */
    uint8_t revived_elite;          /* seats that had an elite force revived this phase (mask) */
    /* Shipment and Movement */
    uint8_t shipped;                /* seats that have shipped this turn (mask) */
    uint8_t moved;                  /* seats that have moved this turn (mask) */
    uint8_t acted;                  /* seats whose whole turn is over (mask) */
    uint8_t guild_delayed;          /* the Guild said "delay" */
    uint8_t guild_timing;           /* NX_GUILD_TIMING_*: how free the Guild's moment still is this phase */
    uint8_t ornithopters;           /* seats with ornithopters at the start of their movement */
    uint8_t move_begun;             /* seats whose movement has begun: no more shipping (mask) */
    uint8_t mover;                  /* the seat whose shipment-and-movement turn is under way */
    uint8_t advise_section;         /* a shipment BG may accompany landed here; 0xff none */
    uint8_t intrusion_at;           /* territory where BG may answer an Intrusion; 0xff none */
    uint8_t accompanied[NX_TERRITORY_BYTES]; /* territories BG advisors entered this turn accompanying a shipment */
    uint8_t second_stage;           /* Guild Cunning's second shipment: 1 + seat while under way; 0 none */
    uint8_t second_shipped;         /* that second shipment is made */
    uint8_t use_window;             /* a Cunning use whose Karama window is open (NX_USE_*, turn/nx_ship_nexus.h); 0 none */
    uint8_t use_seat;               /* its user */
    uint8_t flip_set[NX_TERRITORY_BYTES]; /* BG Cunning: the announced territories, settled after the window */
    uint8_t ship_window;            /* the due shipment's post-shipment window: 0 not yet, 1 offered, 2 opened (turn/nx_ship_invoice.c) */
    /* Battle: the battle in hand (interpreter/battle/nx_phase_battle.c); side 0 is
     * the aggressor, side 1 its opponent.  Plan slots hold nx_comp ids
     * (NX_COMP_NONE: empty) and stay secret until battle_shown. */
    uint8_t battle_t;               /* territory; 0xff none */
    uint8_t battle_sec;             /* a section of its battlefield; 0xff none */
    uint8_t battle_seats[2];        /* aggressor, opponent */
    uint8_t battle_leader[2];       /* a leader disc or a Cheap Hero card */
    uint8_t battle_weapon[2];
    uint8_t battle_defence[2];
    uint8_t battle_dial[2];         /* strength dialed, in half points */
    uint8_t battle_support[2];      /* Advanced: spice supporting the dial */
    uint8_t battle_lose[2][NX_FORCE_KINDS]; /* counters the dial commits (a winner's losses) */
    uint8_t battle_planned;         /* sides whose plan is in (bit 0, bit 1) */
    uint8_t battle_shown;           /* the plans are revealed */
    uint8_t battle_callers;         /* seats that called a traitor (mask) */
    uint8_t battle_winner;          /* seat, NX_NO_SEAT none */
    uint8_t battle_captive;         /* leader drawn for Harkonnen capture; 0xff none */
    uint8_t leader_fought[NX_LEADER_COUNT]; /* 1 + territory each leader fought in this phase; 0 none */
    uint8_t captive_fought[NX_LEADER_BYTES]; /* bit per leader: a captive fought for Harkonnen this phase */
    /* Battle: Voice, Prescience, Karama and the Kwisatz Haderach
     * (interpreter/battle/nx_battle_voice.c) */
    uint8_t battle_kh;              /* sides whose plan adds the Kwisatz Haderach (bits) */
    uint8_t battle_fixed[2];        /* plan elements a side committed to by Prescience (NX_FIX_* bits) */
    uint8_t voice_mode;             /* 0 no binding command, 1 "play", 2 "not_play" */
    uint8_t voice_what;             /* nx_voice_kind, or NX_VOICE_NAMED + the named card */
    uint8_t prescience_elem;        /* element asked: 0 none, 1 leader, 2 weapon, 3 defense, 4 dial */
    uint8_t karama_window;          /* advantage a Karama may answer now: 0 none, NX_ADV_* */
    uint8_t karama_players;         /* seats that answered that window with a Karama (mask) */
    uint8_t battle_stopped;         /* advantages a Karama stopped in this battle (bit per NX_ADV_*) */
    uint8_t karama_phase;           /* ... for the rest of the phase (no rule sets it since a Karama stops one use) */
    uint8_t kh_losses;              /* Atreides forces lost in battles (saturates at 255) */
    uint8_t kh_dead;                /* the Kwisatz Haderach died in an explosion, not yet revived */
    uint8_t kh_used;                /* 1 + territory it fought in this turn; 0 none */
    /* leaders */
    uint8_t leader_died[NX_LEADER_BYTES];   /* bit per leader: has died this revival cycle */
    uint8_t leader_again[NX_LEADER_BYTES];  /* bit per leader: died again this cycle, face down */
    /* Advanced Bene Gesserit: sections where BG's forces are advisors */
    uint8_t advisors[NX_ADVISOR_BYTES];
    /* the end */
    uint8_t winners;                /* seats that won (mask) */
    uint8_t over;                   /* the game has ended */
    /* A Nexus play a Karama may stop, held while its window is answered
     * (interpreter/nexus/nx_panel_karama.c): checked, its card still held */
    uint8_t nxh_source;             /* 1 + faction * 3 + mode of the panel (as effect_source); 0 none */
    uint8_t nxh_seat;               /* its holder */
    uint8_t nxh_path;               /* 1 + the index of its path; 0 none */
    uint16_t spice[NX_MAP_SECTIONS];/* spice lying on each section */
    /* Nexus events and response windows (core/nx_events.h, interpreter/turn/nx_phases.c) */
    uint8_t event_now;              /* nx_event_kind being raised now; 0 none */
    uint8_t event_user;             /* the seat making the attempt; NX_NO_SEAT none */
    uint8_t event_target;           /* the seat it works against; NX_NO_SEAT none */
    uint8_t nexus_players;          /* seats that answered the response window with a Nexus play (mask) */
    /* Effects that outlive the card (core/nx_effects.h): slot i is empty when effect_kind[i] is 0 */
    uint8_t effect_kind[NX_MAX_EFFECTS];
    uint8_t effect_seat[NX_MAX_EFFECTS];
    uint8_t effect_source[NX_MAX_EFFECTS];  /* 1 + faction * 3 + mode of the panel; 0 the engine */
    uint8_t effect_end[NX_MAX_EFFECTS];
    uint8_t effect_arg[NX_MAX_EFFECTS];
    uint8_t effect_territory[NX_MAX_EFFECTS]; /* the battle it is bound to; 0xff none */
    uint8_t effect_turn[NX_MAX_EFFECTS];
    /* Invoices (core/nx_invoice.h): slot i is empty when inv_kind[i] is 0; payer
     * and share hold NX_INVOICE_PAYERS entries per slot */
    uint8_t inv_kind[NX_MAX_INVOICES];
    uint8_t inv_status[NX_MAX_INVOICES];
    uint8_t inv_means[NX_MAX_INVOICES];
    uint8_t inv_buyer[NX_MAX_INVOICES];
    uint8_t inv_payee[NX_MAX_INVOICES];     /* NX_NO_SEAT: the Spice Bank */
    uint8_t inv_item[NX_MAX_INVOICES];      /* nx_comp, NX_COMP_NONE */
    uint8_t inv_lot[NX_MAX_INVOICES];
    uint8_t inv_price[NX_MAX_INVOICES];
    uint8_t inv_payer[NX_MAX_INVOICES * NX_INVOICE_PAYERS];
    uint8_t inv_share[NX_MAX_INVOICES * NX_INVOICE_PAYERS];
    uint8_t inv_redirect[NX_MAX_INVOICES];  /* source (as effect_source) of the panel that redirected it; 0 none */
    uint8_t inv_turn[NX_MAX_INVOICES];
    uint8_t inv_terms[NX_MAX_INVOICES];     /* NX_INV_TERM_* bits: what else shaped the price or its payers */
    /* Worm occurrences (interpreter/turn/nx_worm.h) */
    uint8_t worm_seq;               /* occurrences of this Spice Blow and Nexus phase; the current one's number */
    uint8_t worm_empty;             /* the current occurrence's territory held no forces when it appeared */
    uint8_t worm_window;            /* the current occurrence is recorded (its window offered), not yet struck */
    uint8_t worm_t;                 /* the last occurrence's territory this phase; 0xff none */
    /* Karama outside the battle (core/nx_adv.h, interpreter/turn/nx_adv_windows.c) */
    uint8_t advw;                   /* advantage whose Karama window is open: 0 none, NX_ADVO_* */
    uint8_t advw_user;              /* the seat whose advantage it is */
    uint8_t advw_players;           /* seats that answered it with a Karama (mask) */
    uint8_t advw_done[NX_ADVO_BYTES];    /* windows settled for the use at hand (bit per NX_ADVO_*) */
    uint8_t advw_stopped[NX_ADVO_BYTES]; /* ... of which a Karama stopped (bit per NX_ADVO_*) */
    uint8_t karama_power_used;      /* seats that used their faction's once-a-game Karama power (mask) */
    uint8_t karama_give;            /* Harkonnen's power: cards it owes back (0 none) */
    uint8_t karama_give_to;         /* ... to this seat */
    /* An act that uses an advantage a Karama may cancel once attempted, held
     * while its window is answered (interpreter/turn/nx_adv_held.c) */
    uint8_t advh;                   /* the advantage (NX_ADVO_*), 0 none */
    uint8_t advh_arg[NX_ADVH_ARGS]; /* the act, as its phase encodes it */
} nx_play;

typedef struct nx_state {
    uint32_t format;                /* NX_STATE_FORMAT */
    uint32_t version;               /* actions applied so far */
    uint64_t seed;
    nx_rng rng;
    uint8_t nseats;
    uint8_t options;                /* NX_OPT_* */
    uint8_t phase;                  /* NX_P_* */
    uint8_t turn;                   /* 1-based; 0 during setup */
    uint8_t first_seat;             /* storm order starts here */
    uint8_t nexus_occurred;         /* a Nexus happened this Spice Blow and Nexus phase */
    uint8_t negotiating;            /* alliances may form now (transient) */
    uint8_t draw_next;              /* storm-order position of the next Nexus draw, or NX_NO_SEAT */
    uint32_t event_seq;             /* last event id handed out */
    nx_seat seats[NX_MAX_SEATS];
    nx_play play;
    nx_custody custody;
    uint8_t npending;
    nx_pending pending[NX_MAX_PENDING];
    uint8_t nreceipts;              /* ring: the newest NX_MAX_RECEIPTS */
    uint8_t receipt_head;
    nx_receipt receipts[NX_MAX_RECEIPTS];
} nx_state;

/* Initialise an empty state (no seats) with a seed. */
void nx_state_init(nx_state *s, uint64_t seed, uint8_t options);

/* Seats in storm order from first_seat: out[i] is the i-th seat to act. */
void nx_state_storm_order(const nx_state *s, uint8_t out[NX_MAX_SEATS]);

/* The seat playing faction f, or NX_NO_SEAT (the faction is absent). */
uint8_t nx_state_seat_of(const nx_state *s, nx_faction f);

/* Move n force counters of one kind between places of a seat.  The caller
 * has checked that `from` holds them (asserted). */
void nx_state_move_forces(nx_state *s, uint8_t seat, int kind, int from, int to, int n);
/* Put every counter of a seated faction in its reserves (setup). */
void nx_state_reserve_all_forces(nx_state *s, uint8_t seat);

/* Alliances, the one writer of nx_seat.ally and nx_seat.offers (outside
 * staging and the codec): x and y, both unallied, ally (their offers are
 * withdrawn); a seat leaves its alliance (its ally is left unallied too);
 * offers are made, withdrawn, or all cleared (the end of a Nexus phase). */
void nx_state_ally(nx_state *s, uint8_t x, uint8_t y);
void nx_state_unally(nx_state *s, uint8_t x);
void nx_state_offer(nx_state *s, uint8_t from, uint8_t to, int on);
void nx_state_clear_offers(nx_state *s);

/* Hand out a new event id. */
uint32_t nx_state_new_event(nx_state *s);

/* Pending decisions. */
nx_pending *nx_state_add_pending(nx_state *s, nx_pending_kind kind, uint8_t seat);
/* The pending decision of a seat (the first one if several), or NULL. */
const nx_pending *nx_state_pending_of(const nx_state *s, uint8_t seat);
/* Does p wait for a held Nexus play's Karama window?  While one is open
 * only its answers are taken (interpreter/nexus/nx_panel_karama.c): every
 * other decision lists no moves and no space until it is answered. */
int nx_state_pending_waits(const nx_state *s, const nx_pending *p);
void nx_state_remove_pending(nx_state *s, const nx_pending *p);

/*
 * The pending decisions past npending are zero in every state (add and
 * remove keep them so, the codec decodes them so): two thirds of a
 * state's bytes.  nx_state_save copies everything else of s into *saved
 * (saved's unused slots are not written); nx_state_restore puts s back
 * exactly as it was saved, byte for byte, whatever was done to s since.
 * This is how an action is made atomic without copying the whole state
 * twice (interpreter/engine/nx_game.c).  nx_state_tail_clear: 1 when the
 * unused slots of s are all zero (asserted where it is assumed).
 */
void nx_state_save(nx_state *saved, const nx_state *s);
void nx_state_restore(nx_state *s, const nx_state *saved);
int nx_state_tail_clear(const nx_state *s);

/* Record a private receipt. */
void nx_state_add_receipt(nx_state *s, uint8_t seat, nx_receipt_kind kind,
                          uint32_t event, const nx_comp *cards, int n);
/* Record what a seat was told (NX_RCPT_TOLD): note names it, value and
 * cards (at most one) carry it. */
void nx_state_add_told(nx_state *s, uint8_t seat, uint32_t event, const char *note, int value, nx_comp card);
/* The i-th receipt, oldest first (0 <= i < nreceipts). */
const nx_receipt *nx_state_receipt(const nx_state *s, int i);

/*
 * Every invariant of a state: custody (nx_custody_check), seats and
 * alliances symmetric, no seat's spice (behind or in front of its shield)
 * negative, force counters conserved per seat and kind, pending decisions well-formed (owner seated,
 * options distinct and count <= noptions), at most one held Nexus card
 * per seat and none when the module is off.  0 or -1 with a message.
 */
int nx_state_check(const nx_state *s, char *msg, size_t len);

#endif
