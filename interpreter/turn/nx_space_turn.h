/*
 * nx_space_turn: the legal-move space of the game turn's large decisions
 * (docs/protocol.md "The space"), computed by calling the phases' own
 * checks (nx_legal.h, nx_movement.h, nx_revival.h) over every candidate,
 * so what it describes is exactly what the engine accepts.
 */
#ifndef NX_SPACE_TURN_H
#define NX_SPACE_TURN_H

#include <jansson.h>

#include "nx_state.h"

/* NX_PEND_SHIP_MOVE: {"pass", "delay", "ship": {"routes"}, "move": {"routes"}}. */
json_t *nx_space_ship_move(const nx_state *s, uint8_t seat);
/* NX_PEND_GUILD_TIMING: {"pass", "now", "delay", "own_turn"}. */
json_t *nx_space_guild_timing(const nx_state *s, uint8_t seat);
/* NX_PEND_BID: {"pass", "bid": [{"karama", "min", "max"}]}. */
json_t *nx_space_bid(const nx_state *s, uint8_t seat);
/* NX_PEND_REVIVAL: {"pass", "revive": [{...plan, "cost"}]}. */
json_t *nx_space_revival(const nx_state *s, uint8_t seat);

/* A run [lo, hi] of integers as JSON. */
json_t *nx_space_range(int lo, int hi);

#endif
