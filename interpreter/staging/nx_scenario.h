/*
 * nx_scenario: scenario files, the way designers test a panel.
 *
 * A scenario is YAML: a set-up, then steps (actions with expected
 * outcomes, reloads, retries and checks on custody, state and every
 * seat's view).  The runner reports each failed expectation as
 * "file:line:col: message"; the first step with a failure stops the
 * scenario (the count of steps not run is reported), so one mistake is
 * not followed by a cascade.  Format: docs/scenarios.md.
 */
#ifndef NX_SCENARIO_H
#define NX_SCENARIO_H

#include <stdio.h>

#include "nx_diag.h"
#include "nx_engine.h"

/* Run one scenario file.  Returns the number of failed expectations
 * (problems with the file itself count too), each added to *d. */
int nx_scenario_run(const nx_runtime *rt, const char *path, nx_diags *d);
/* The same, telling on `trace` (unless NULL) what each step did: its
 * action, result and log, the pending decisions, what changed in every
 * view, and its failures where they happened (nexus test --trace). */
/* The shape of a scenario file (nx_shape: the runner checks keys with
 * it, and `nexus schema` prints it as a JSON Schema). */
struct nx_shape;
const struct nx_shape *nx_scenario_file_shape(void);

int nx_scenario_run_traced(const nx_runtime *rt, const char *path, nx_diags *d, FILE *trace);

#endif
