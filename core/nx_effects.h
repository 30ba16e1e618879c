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
    NX_EFF_CANCELLED,       /* arg: the Traitor Card (nx_comp) whose call seat cancelled in this battle */
    NX_EFF_OWED_DRAW,       /* arg: Traitor Cards seat is owed from the Traitor Deck at the next Mentat Pause */
    NX_EFF_RETAINED,        /* arg: a played Treachery card (nx_comp) seat keeps instead of discarding */
    NX_EFF_COUNT
} nx_effect_kind;

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
/* End every effect whose scope is over: `level` and narrower.  Never
 * NX_END_MENTAT: an effect owed at the next Mentat Pause is ended by the
 * code that carries it out there (nx_effects_remove, after the owed draw of
 * interpreter/turn/nx_owed.c). */
void nx_effects_expire(nx_state *s, nx_effect_end level);

/* Empty slot i (the effect was carried out). */
void nx_effects_remove(nx_state *s, int i);

const char *nx_effect_kind_id(nx_effect_kind k);
const char *nx_effect_end_id(nx_effect_end e);
int nx_effect_end_parse(const char *id);     /* -1 when unknown */

/* Well-formed: kinds and scopes in range, a seated owner, empty slots
 * blank.  0, or -1 with a message. */
int nx_effects_check(const nx_state *s, char *msg, size_t len);
/* The public list of effects, for every view. */
json_t *nx_effects_view(const nx_state *s);

#endif
