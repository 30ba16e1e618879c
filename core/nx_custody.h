/*
 * nx_custody: physical components and the zones that hold them.
 *
 * Every identity-bearing component (a Nexus card, a Traitor Card; later
 * Treachery cards, leader discs, tokens) has a fixed id in one global
 * catalog and is in exactly one zone at every moment.  Components that are
 * not part of this game sit in NX_Z_OUT.  Moving is the only way custody
 * changes (nx_custody_move and the deck helpers built on it), and
 * nx_custody_check verifies the invariant.
 *
 * Ordered zones (decks) keep an order key per component: the top card has
 * the highest key.  Fungible pieces (forces, spice) are counts, not
 * components; they are conserved by totals instead.
 */
#ifndef NX_CUSTODY_H
#define NX_CUSTODY_H

#include <stddef.h>
#include <stdint.h>

#include "nx_faction.h"
#include "nx_leaders.h"
#include "nx_rng.h"
#include "nx_spice_deck.h"
#include "nx_treachery.h"

#define NX_MAX_SEATS 6

/* ---- the component catalog -------------------------------------------- */

typedef enum {
    NX_COMP_NEXUS, NX_COMP_TRAITOR, NX_COMP_LEADER, NX_COMP_TREACHERY,
    NX_COMP_SPICE,          /* a Spice Deck card (territory or Shai-Hulud) */
    NX_COMP_STORM,          /* an Advanced storm card, 1..6 */
    NX_COMP_KIND_COUNT
} nx_comp_kind;

#define NX_STORM_CARDS 6

#define NX_COMP_NEXUS_FIRST 0
#define NX_COMP_TRAITOR_FIRST (NX_COMP_NEXUS_FIRST + NX_FACTION_COUNT)
#define NX_COMP_LEADER_FIRST (NX_COMP_TRAITOR_FIRST + NX_LEADER_COUNT)
#define NX_COMP_TREACHERY_FIRST (NX_COMP_LEADER_FIRST + NX_LEADER_COUNT)
#define NX_COMP_SPICE_FIRST (NX_COMP_TREACHERY_FIRST + NX_TREACHERY_COPY_COUNT)
#define NX_COMP_STORM_FIRST (NX_COMP_SPICE_FIRST + NX_SPICE_DECK_COUNT)
#define NX_COMP_COUNT (NX_COMP_STORM_FIRST + NX_STORM_CARDS)
#define NX_COMP_NONE 0xff

/* A component id; fits a byte because the catalog is under 255. */
typedef uint8_t nx_comp;

nx_comp_kind nx_comp_kind_of(nx_comp c);
nx_comp nx_comp_nexus(nx_faction f);          /* the Nexus card of f */
nx_comp nx_comp_traitor(int leader);          /* the Traitor Card of a leader */
nx_comp nx_comp_leader_disc(int leader);      /* the leader disc itself */
nx_comp nx_comp_treachery(int copy);          /* a physical Treachery card (nx_treachery copy) */
nx_comp nx_comp_spice(int card);              /* a Spice Deck card (nx_spice_deck index) */
nx_comp nx_comp_storm(int value);             /* the storm card of value 1..6 */
nx_faction nx_comp_nexus_faction(nx_comp c);  /* for a Nexus card */
nx_treachery_card nx_comp_treachery_card(nx_comp c); /* the design of a Treachery card component */
int nx_comp_spice_card(nx_comp c);            /* nx_spice_deck index of a Spice card */
int nx_comp_storm_value(nx_comp c);           /* 1..6 for a storm card */
int nx_comp_leader(nx_comp c);                /* for a Traitor Card or a leader disc */
/* Stable text id: "nexus:harkonnen", "traitor:feyd_rautha", "leader:feyd_rautha",
 * "treachery:shield#2", "spice:cielago_north", "worm:3", "storm:4". */
const char *nx_comp_id(nx_comp c);
/* Display name: "Harkonnen Nexus card", "Feyd Rautha". */
const char *nx_comp_name(nx_comp c);
nx_comp nx_comp_parse(const char *id);        /* NX_COMP_NONE if unknown */

/* ---- zones ---------------------------------------------------------------- */

typedef uint8_t nx_zone;

enum {
    NX_Z_OUT,               /* not in this game */
    NX_Z_NEXUS_DECK,        /* hidden, ordered */
    NX_Z_NEXUS_DISCARD,     /* public */
    NX_Z_TRAITOR_DECK,      /* hidden, ordered */
    NX_Z_TANKS,             /* leader discs in the Tleilaxu Tanks, public */
    NX_Z_TREACHERY_DECK,    /* hidden, ordered */
    NX_Z_TREACHERY_DISCARD, /* public, ordered */
    NX_Z_SPICE_DECK,        /* hidden, ordered */
    NX_Z_SPICE_DISCARD_A,   /* public, ordered (the only pile in Basic) */
    NX_Z_SPICE_DISCARD_B,   /* public, ordered (Advanced second pile) */
    NX_Z_STORM_DECK,        /* Advanced storm cards, hidden, ordered */
    NX_Z_AUCTION,           /* Treachery cards dealt for bidding, hidden, ordered */
    NX_Z_SET_ASIDE,         /* turn-1 Shai-Hulud set aside; a played Family Atomics (out of play), public */
    NX_Z_NEXUS_FACE_DOWN,   /* own-faction redraws set aside face down until the
                               draw opportunity closes (common.lifecycle.redraw_discard),
                               hidden */
    NX_Z_GLOBAL_COUNT
};

/* Per-seat zones: NX_Z_SEAT(seat, kind). */
typedef enum {
    NX_ZS_NEXUS_HELD,       /* at most one Nexus card; identity owner-only */
    NX_ZS_TRAITORS,         /* Traitor Cards (Face Dancers for Tleilaxu) */
    NX_ZS_TRAITOR_OFFER,    /* setup: the four dealt, before selection */
    NX_ZS_REVEALED,         /* revealed Face Dancers / traitors, public */
    NX_ZS_LEADERS,          /* the seat's own leader discs off the board, public */
    NX_ZS_TREACHERY,        /* Treachery cards in hand; identities owner-only */
    NX_ZS_STORM_CARD,       /* Fremen's face-down next storm card; owner-only */
    NX_ZS_COUNT
} nx_seat_zone;

#define NX_Z_SEAT(seat, kind) ((nx_zone)(NX_Z_GLOBAL_COUNT + (seat) * NX_ZS_COUNT + (kind)))
#define NX_ZONE_COUNT (NX_Z_GLOBAL_COUNT + NX_MAX_SEATS * NX_ZS_COUNT)

typedef enum {
    NX_VIS_PUBLIC,          /* identities visible to every seat */
    NX_VIS_OWNER,           /* identities visible to the owning seat only */
    NX_VIS_HIDDEN           /* identities visible to nobody (decks) */
} nx_visibility;

int nx_zone_seat(nx_zone z);              /* owning seat, or -1 for global */
nx_seat_zone nx_zone_kind(nx_zone z);     /* for seat zones */
nx_visibility nx_zone_visibility(nx_zone z);
int nx_zone_ordered(nx_zone z);
/* "nexus_deck", "seat2.traitors" */
void nx_zone_name(nx_zone z, char *buf, size_t len);
/* A shared zone's name for people ("the Traitor Deck"); NULL for seat zones. */
const char *nx_zone_title(nx_zone z);
/* Parse a zone name; returns -1 if unknown. */
int nx_zone_parse(const char *name);
/* For an unknown zone name: " (did you mean 'x'?)" or the list of zones
 * (nx_suggest_hint).  Returns buf. */
char *nx_zone_hint(const char *name, char *buf, size_t cap);

/* ---- custody state ------------------------------------------------------ */

typedef struct nx_custody {
    nx_zone zone[NX_COMP_COUNT];
    int32_t order[NX_COMP_COUNT];   /* meaningful in ordered zones */
    int32_t next_top;               /* next order key for "on top" */
    int32_t next_bottom;            /* next order key for "at the bottom" */
    uint8_t in_game;                /* components outside NX_Z_OUT, fixed at setup */
    uint8_t sealed;                 /* setup done: nothing enters or leaves NX_Z_OUT */
} nx_custody;

void nx_custody_init(nx_custody *c);   /* everything NX_Z_OUT */
/* End of setup: fix the in-game count; from now on moving into or out of
 * NX_Z_OUT breaks conservation and is refused by nx_custody_check. */
void nx_custody_seal(nx_custody *c);

/* Move one component to the top (or bottom) of a zone. */
void nx_custody_move(nx_custody *c, nx_comp comp, nx_zone to);
void nx_custody_move_bottom(nx_custody *c, nx_comp comp, nx_zone to);

/* Number of components in a zone. */
int nx_custody_count(const nx_custody *c, nx_zone z);

/* The components of a zone into out[] (top first for ordered zones,
 * catalog order otherwise); returns how many.  `cap` >= NX_COMP_COUNT is
 * always enough. */
int nx_custody_list(const nx_custody *c, nx_zone z, nx_comp *out, int cap);

/* The top component of an ordered zone, or NX_COMP_NONE when empty. */
nx_comp nx_custody_top(const nx_custody *c, nx_zone z);
/* The same for a seat's held Nexus card, looking at the Nexus cards only
 * (the zone holds no other kind: nx_custody_check); bots ask it for
 * every seat at every step, and nx_custody_top reads every component. */
nx_comp nx_custody_held_nexus(const nx_custody *c, int seat);

/* Shuffle an ordered zone with the game's generator. */
void nx_custody_shuffle(nx_custody *c, nx_zone z, nx_rng *rng);

/*
 * Check the invariants: every component's zone is a valid zone; every
 * order key in an ordered zone lies inside (next_bottom, next_top) (keys
 * are distinct by construction: each move and shuffle takes fresh ones);
 * a held-Nexus zone holds at most one card; Nexus cards are
 * only in Nexus zones, Traitor Cards only in Traitor zones, leader discs
 * only in leader zones, Treachery cards only in Treachery zones (hands,
 * deck, discard, auction), Spice cards only in Spice zones and storm cards
 * only in storm zones; after
 * sealing, the number of components in the game equals in_game.  Returns 0,
 * or -1 and writes the first violation into msg.
 */
int nx_custody_check(const nx_custody *c, char *msg, size_t len);

#endif
