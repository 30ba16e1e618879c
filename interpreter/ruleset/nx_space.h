/*
 * nx_space: the legal-move space of a seat's first pending decision, for
 * decisions with too many answers to list (docs/protocol.md "The space").
 * Each kind's space is computed from the checks its phase runs on the
 * action (turn/nx_space_turn.c, battle/nx_space_plan.c); the ruleset
 * layer names them all, so the dispatch lives here.
 */
#ifndef NX_SPACE_H
#define NX_SPACE_H

#include <jansson.h>

#include "nx_state.h"

/* {"decision": kind name, ...the kind's space} for the seat's first
 * pending decision when its kind has a described space, else NULL (the
 * listed moves are the whole answer). */
json_t *nx_space(const nx_state *s, uint8_t seat);

#endif
