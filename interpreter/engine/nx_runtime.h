/*
 * nx_runtime: a loaded card pack ready to run games: the validated pack
 * and one sandbox holding every implemented panel's compiled script.
 *
 * Panels keep no state of their own (the sandbox freezes their globals),
 * so one runtime serves any number of games; everything a panel does goes
 * through the ctx of the game it is called for.
 */
#ifndef NX_RUNTIME_H
#define NX_RUNTIME_H

#include "nx_pack.h"
#include "nx_sandbox.h"

typedef struct nx_runtime {
    nx_pack pack;
    nx_sandbox *sandbox;
} nx_runtime;

/* Load a pack and compile its implemented panels.  0, or -1 with every
 * problem in *d. */
int nx_runtime_open(nx_runtime *rt, const char *pack_yaml, nx_diags *d);
void nx_runtime_close(nx_runtime *rt);

#endif
