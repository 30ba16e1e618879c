/*
 * nx_scenario_trace: `nexus test --trace`, what each scenario step did:
 * the action and its result and log, the pending decisions, and what
 * changed in each seat's view (and the spectator's).
 */
#ifndef NX_SCENARIO_TRACE_H
#define NX_SCENARIO_TRACE_H

#include <jansson.h>
#include <stdio.h>

#include "nx_game.h"

/* Every view of g: [spectator, seat 0, seat 1, ...] (caller decrefs). */
json_t *nx_trace_views(const nx_game *g);

/* One step: `where` is "file:line", `what` its kind ("check"), printed
 * unless it sent `action` (then printed as sent, with `result`, its
 * result); `before`/`after` are the views around the step
 * (nx_trace_views).  Changes the spectator sees are printed once, as
 * public; each seat's line adds only what it alone sees. */
void nx_trace_step(FILE *f, int n, const char *where, const char *what, const json_t *action, const json_t *result,
                   const json_t *before, const json_t *after);

#endif
