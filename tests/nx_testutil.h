/* Shared helpers for the Check suites. */
#ifndef NX_TESTUTIL_H
#define NX_TESTUTIL_H

#include <check.h>
#include <stdio.h>

#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_state.h"

/* Absolute path of a fixture: NX_TEST_FIXTURES "/" rel.  Caller frees. */
char *nx_fixture(const char *rel);

/* Absolute path of a file in the source tree.  Caller frees. */
char *nx_source_path(const char *rel);

/* Permute the identities of every card `viewer` cannot see, kind by kind,
 * keeping each zone's count; other seats' pending options and receipts
 * follow their cards.  A view that changes under this leaks. */
void nx_permute_hidden(nx_state *s, int viewer, nx_rng *r);
/* The same, leaving the `nkeep` cards of `keep` where they are (a staged
 * test's scripted cards: the holder's own Nexus card, a card it plays). */
void nx_permute_hidden_keep(nx_state *s, int viewer, const nx_comp *keep, int nkeep, nx_rng *r);

/* Open one of the shared game-facts CSV files: $NX_SHARED_DATA/<name>, else
 * the shared/data folder beside the source tree.  NULL when absent (the
 * cross-checks against the facts are then skipped). */
FILE *nx_shared_data(const char *name);

/* Split one CSV line (these files use no quoting) into at most n fields in
 * place; returns the number of fields. */
int nx_csv_split(char *line, char **field, int n);

/* A temporary copy of the built-in pack (cards/ and rulings/) to damage in
 * a test; returns its directory (caller frees after nx_remove_tree). */
char *nx_copy_pack(void);
void nx_remove_tree(const char *dir);

/* Open the built-in pack of the source tree with its panels compiled; the
 * test fails, printing every problem, if it does not load. */
void nx_open_builtin_runtime(nx_runtime *rt);

/* The action given as JSON text (the test fails, naming it, if it is not
 * JSON) with `id` and the game's version added, as compact text to apply
 * (caller frees). */
char *nx_stamp_action(const nx_game *g, const char *action_json, const char *id);

/* Apply one action given as JSON text that names its own seat (null for a
 * staging action): the id "c<n>" and the game's version are added; the
 * test fails, printing the action and the result, unless it is accepted. */
void nx_apply_ok(nx_game *g, const char *action_json, int n);

/* Run one suite; returns the process exit status. */
int nx_run_suite(Suite *s);

#endif
