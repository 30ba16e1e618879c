/*
 * The battle phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int battle_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_battle = { "battle", NX_P_BATTLE, battle_procedure, NULL, NULL };
