/*
 * nx_engine: what the engine is given to run games (internal).
 *
 * A runtime is a loaded card pack, the sandbox of its compiled panels and
 * the ruleset that runs games under it.  The engine reads the pack and
 * calls the ruleset; it never names a phase, a module or a panel: the
 * top rules layer (interpreter/ruleset/nx_runtime.c) binds them when it opens a
 * runtime, so the engine needs no header of the layers above it
 * (docs/ARCHITECTURE.md, "Layout").
 */
#ifndef NX_ENGINE_H
#define NX_ENGINE_H

#include "nx_pack.h"
#include "nx_sandbox.h"

struct nx_ruleset;   /* nx_module.h */

typedef struct nx_runtime {
    nx_pack pack;
    nx_sandbox *sandbox;
    const struct nx_ruleset *rules;   /* set by nx_runtime_open; never NULL in an open runtime */
} nx_runtime;

#endif
