/*
 * The collection phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int collection_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_collection = { "collection", NX_P_SPICE_COLLECTION, collection_procedure, NULL, NULL };
