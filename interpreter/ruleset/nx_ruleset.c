/*
 * The rules of the Dune turn as the engine runs them: the module list (the
 * order is the dispatch order: the first module that lists an action type
 * or a decision kind owns it), setup, the sequencer, and the Nexus card
 * layer's entry points.  It names modules of every rules layer (turn,
 * battle, nexus, staging), so it sits above them all; nx_runtime_open
 * binds it.  A new module is added here and declared in its own layer's
 * header.
 */
#include "nx_adv_windows.h"
#include "nx_battle.h"
#include "nx_nexus.h"
#include "nx_runtime.h"
#include "nx_stage.h"
#include "nx_turn.h"

static const nx_module *const modules[] = {
    &nx_mod_windows, &nx_mod_adv_windows,   /* before the battle's: both answer "karama" */
    &nx_mod_core, &nx_mod_setup, &nx_mod_storm, &nx_mod_spice_blow, &nx_mod_charity, &nx_mod_bidding,
    &nx_mod_revival, &nx_mod_shipment, &nx_mod_battle, &nx_mod_collection, &nx_mod_mentat, &nx_mod_stage, &nx_mod_aid, &nx_mod_ally, &nx_mod_cards, &nx_mod_karama,
    &nx_mod_lifecycle, &nx_mod_panels,
};

/* A held Nexus play is made (or spent) once its Karama window has every
 * answer, before the phase's procedure goes on (its moment is now). */
static void settle(nx_act *a)
{
    if (nx_panel_karama_settle(a)) return;
    nx_phases_settle(a);
}

/* Steps of the rules that must come first: a held Nexus play's Karama
 * window, the post-purchase step of a lot. */
static int holds(nx_act *a) { return nx_panel_karama_holds(a) || nx_bidding_holds(a); }

const nx_ruleset nx_dune_ruleset = {
    modules, sizeof modules / sizeof modules[0], nx_setup_run, settle,
    holds, nx_panel_bot_hint, nx_panel_advice, nx_panel_play, nx_panel_settle,
};
