/*
 * The bidding phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int bidding_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_bidding = { "bidding", NX_P_BIDDING, bidding_procedure, NULL, NULL };
