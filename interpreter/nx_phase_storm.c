/*
 * The storm phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int storm_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_storm = { "storm", NX_P_STORM, storm_procedure, NULL, NULL };
