/*
 * nx_effects: effects that outlive the Nexus card that made them (E5).
 *
 * A card is discarded the moment it is played, yet what it did may last:
 * five forces counted as Sardaukar for this battle, a Voice stopped, a
 * borrowed advantage granted for one use, a replacement draw owed at the
 * next Mentat Pause.  Each is a small record in the state (play.effect_*),
 * so it is saved with the game, checked by nx_state_check, shown in the
 * views (every effect kind here is public: each one is announced at the
 * table when it is made) and ended only by its own scope, never by the
 * card's custody: discarding the card does not erase it, drawing another
 * does not replay it.
 *
 * A record binds what it was made for: the seat, the panel (source), the
 * battle (territory) and the turn.
 */
#ifndef NX_EFFECTS_H
#define NX_EFFECTS_H

#include <jansson.h>

#include "nx_state.h"

typedef enum {
    NX_EFF_NONE,
    NX_EFF_STOP,            /* arg: the battle advantage stopped (NX_ADV_*) */
    NX_EFF_VIRTUAL_ELITE,   /* arg: ordinary forces of seat counted as elite in the battle */
    NX_EFF_GRANT,           /* arg: a battle advantage (NX_ADV_*) seat may use once */
    NX_EFF_USED,            /* arg: a granted advantage (NX_ADV_*) seat has used */
    NX_EFF_REVIVAL_GRANT,   /* arg: forces seat may revive by a card's grant (NX_GRANT_* packing below) */
    NX_EFF_LEADER_GRANT,    /* arg: seat may revive a leader free (NX_GRANT_LEADER_*) */
    /* Worms (interpreter/turn/nx_worm.c): */
    NX_EFF_NO_RIDING,       /* the Fremen may not ride worms (Fremen Betrayal) */
    NX_EFF_NO_DOUBLE_MOVE,  /* the Fremen move one territory; arg 1: for their next move only */
    NX_EFF_WORM_SHIELD,     /* seat's forces are not devoured; arg: the worm occurrence, 0 every worm of the phase */
    NX_EFF_REMOTE_RIDE,     /* seat may ride a group from a desert territory; arg: the worm occurrence */
    NX_EFF_CANCELLED,       /* arg: the Traitor Card (nx_comp) whose call seat cancelled in this battle */
    NX_EFF_OWED_DRAW,       /* arg: Traitor Cards seat is owed from the Traitor Deck at the next Mentat Pause */
    NX_EFF_RETAINED,        /* arg: a played Treachery card (nx_comp) seat keeps instead of discarding */
    NX_EFF_ALLOW,           /* arg: NX_ALLOW_* bits seat may use in its own Shipment and Movement */
    NX_EFF_COUNT
} nx_effect_kind;

/* A revival grant's arg: how many forces, what each costs, how they meet
 * the ordinary revival, and whether all of them must come back at once
 * (exactly three, not up to three). */
#define NX_GRANT_FORCES(arg) ((arg) & 7)
#define NX_GRANT_COST(arg) (((arg) >> 3) & 1)          /* spice per force: 0 or 1 */
#define NX_GRANT_LEDGER(arg) (((arg) >> 4) & 3)
#define NX_GRANT_EXACT(arg) (((arg) >> 6) & 1)
#define NX_GRANT_ARG(forces, cost, ledger, exact) \
    ((uint8_t)(((forces) & 7) | (((cost) & 1) << 3) | (((ledger) & 3) << 4) | (((exact) & 1) << 6)))
enum {
    NX_GRANT_SEPARATE,      /* apart from the ordinary revival, its limit and its free rate */
    NX_GRANT_WITHIN_LIMIT,  /* counted toward the ordinary limit of three */
    NX_GRANT_FREE_RATE,     /* the holder's free revival rate becomes the count */
    NX_GRANT_LEDGER_COUNT
};
/* A leader grant's arg: bit 0 the slot; bit 1: only with the card's forces
 * (tleilaxu.secret_ally.partial_revival "both_required"). */
enum { NX_GRANT_LEADER_ORDINARY_SLOT, NX_GRANT_LEADER_EXTRA, NX_GRANT_LEADER_WITH_FORCES = 2 };

/* What an "allow" effect permits in the holder's own Shipment and
 * Movement turn (a Nexus card's terms; consumed by the act that uses
 * them, or ended with the phase). */
enum {
    NX_ALLOW_GUILD_RATES = 1 << 0,  /* ship at the Guild's half price */
    NX_ALLOW_CROSS_SHIP = 1 << 1,   /* ship from one territory to another */
    NX_ALLOW_SHIP_BACK = 1 << 2,    /* ship from the board back to reserves */
    NX_ALLOW_FIVE_AS_ONE = 1 << 3,  /* up to five reserve forces priced as one */
    NX_ALLOW_SECOND_SHIP = 1 << 4,  /* a second shipment right after the turn */
    NX_ALLOW_ADVISOR_FLIP = 1 << 5, /* advisors of chosen territories become fighters */
    NX_ALLOW_BITS = 6
};
/* The shipping terms among them (one shipment uses them up). */
#define NX_ALLOW_SHIPPING (NX_ALLOW_GUILD_RATES | NX_ALLOW_CROSS_SHIP | NX_ALLOW_SHIP_BACK | NX_ALLOW_FIVE_AS_ONE)

/* How long it lasts; an effect ends with its scope, narrower scopes first. */
typedef enum {
    NX_END_ATTEMPT,         /* the attempt it answers (cleared with the battle at the latest) */
    NX_END_BATTLE,          /* the battle in hand */
    NX_END_PHASE,
    NX_END_TURN,
    NX_END_MENTAT,          /* until the next Mentat Pause consumes it; survives turn ends */
    NX_END_COUNT
} nx_effect_end;

typedef struct nx_effect {
    nx_effect_kind kind;
    uint8_t seat;
    uint8_t source;         /* 1 + faction * 3 + mode; 0: the engine */
    nx_effect_end end;
    uint8_t arg;
} nx_effect;

/* Add an effect bound to the battle in hand (if any) and this turn: its
 * slot, or -1 when the store is full (the caller fails the action). */
int nx_effect_add(nx_state *s, const nx_effect *e);
/* The first slot holding kind for seat (NX_NO_SEAT: any seat) and arg
 * (-1: any), or -1. */
int nx_effect_find(const nx_state *s, nx_effect_kind kind, uint8_t seat, int arg);
/* End one effect before its scope does (spent: a one-use effect). */
void nx_effect_remove(nx_state *s, int slot);
/* End every effect whose scope is over: `level` and narrower.  Never
 * NX_END_MENTAT: an effect owed at the next Mentat Pause is ended by the
 * code that carries it out there (nx_effect_remove, after the owed draw of
 * interpreter/turn/nx_owed.c). */
void nx_effects_expire(nx_state *s, nx_effect_end level);
/* The NX_ALLOW_* bits seat holds now (every allow effect of its, or'ed). */
unsigned nx_effect_allowed(const nx_state *s, uint8_t seat);
/* Use up `bits` of seat's allow effects: cleared from each, an emptied
 * effect removed.  The bits that were held. */
unsigned nx_effect_use_allowed(nx_state *s, uint8_t seat, unsigned bits);

const char *nx_effect_kind_id(nx_effect_kind k);
const char *nx_effect_end_id(nx_effect_end e);
int nx_effect_end_parse(const char *id);     /* -1 when unknown */

/* Well-formed: kinds and scopes in range, a seated owner, empty slots
 * blank.  0, or -1 with a message. */
int nx_effects_check(const nx_state *s, char *msg, size_t len);
/* The public list of effects, for every view. */
json_t *nx_effects_view(const nx_state *s);

#endif
