/*
 * The revival phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int revival_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_revival = { "revival", NX_P_REVIVAL, revival_procedure, NULL, NULL };
