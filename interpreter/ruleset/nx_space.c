/* The legal-move space, dispatched by the kind of the seat's first
 * pending decision (the one nx_ruleset_moves lists moves for). */
#include "nx_space.h"

#include "nx_battle.h"
#include "nx_names.h"
#include "nx_space_turn.h"

json_t *nx_space(const nx_state *s, uint8_t seat)
{
    const nx_pending *p = nx_state_pending_of(s, seat);
    if (!p || nx_state_pending_waits(s, p)) return NULL;
    json_t *space = NULL;
    switch (p->kind) {
    case NX_PEND_SHIP_MOVE: space = nx_space_ship_move(s, seat); break;
    case NX_PEND_GUILD_TIMING: space = nx_space_guild_timing(s, seat); break;
    case NX_PEND_BATTLE_PLAN: space = nx_space_battle_plan(s, seat); break;
    case NX_PEND_FORESEE: space = nx_space_foresee(s, seat); break;
    case NX_PEND_BID: space = nx_space_bid(s, seat); break;
    case NX_PEND_REVIVAL: space = nx_space_revival(s, seat); break;
    default: return NULL;
    }
    if (space) json_object_set_new(space, "decision", json_string(nx_pending_kind_name((nx_pending_kind)p->kind)));
    return space;
}
