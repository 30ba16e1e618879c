/*
 * The shipment phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int shipment_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_shipment = { "shipment", NX_P_SHIPMENT_MOVEMENT, shipment_procedure, NULL, NULL };
