/*
 * The spice blow phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int spice_blow_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_spice_blow = { "spice_blow", NX_P_SPICE_BLOW, spice_blow_procedure, NULL, NULL };
