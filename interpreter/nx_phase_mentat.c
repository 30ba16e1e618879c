/*
 * The mentat phase: not yet implemented (the procedure does nothing).
 */
#include "nx_module.h"

static int mentat_procedure(nx_act *a)
{
    if (a->s->turn >= NX_LAST_TURN) a->s->play.over = 1;
    return 0;
}

const nx_module nx_mod_mentat = { "mentat", NX_P_MENTAT_PAUSE, mentat_procedure, NULL, NULL };
