/*
 * nx_runtime: a loaded card pack ready to run games: the validated pack
 * and one sandbox holding every implemented panel's compiled script.
 *
 * Panels keep no state of their own (the sandbox freezes their globals),
 * so one runtime serves any number of games; everything a panel does goes
 * through the ctx of the game it is called for.
 *
 * Opening a runtime is where the layers meet (the struct is the engine's,
 * engine/nx_engine.h): it registers the panel ctx in the sandbox and binds
 * the ruleset, so it lives in the top rules layer (ruleset/).
 */
#ifndef NX_RUNTIME_H
#define NX_RUNTIME_H

#include "nx_engine.h"
#include "nx_module.h"

/* The rules of the Dune turn: the module list, setup, the sequencer and
 * the Nexus card layer's entry points (nx_ruleset.c); nx_runtime_open
 * binds it. */
extern const nx_ruleset nx_dune_ruleset;

/* Load a pack, compile its implemented panels, and bind the rules of the
 * Dune turn (nx_dune_ruleset) that games of this runtime follow.  0, or
 * -1 with every problem in *d. */
int nx_runtime_open(nx_runtime *rt, const char *pack_yaml, nx_diags *d);
void nx_runtime_close(nx_runtime *rt);

#endif
