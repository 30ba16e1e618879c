/*
 * The charity phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int charity_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_charity = { "charity", NX_P_CHOAM_CHARITY, charity_procedure, NULL, NULL };
