#include "nx_names.h"

#include <assert.h>
#include <string.h>

const char *const nx_names_phase[NX_P_COUNT] = {
    "storm", "spice_blow", "choam_charity", "bidding", "revival",
    "shipment_movement", "battle", "spice_collection", "mentat_pause",
};
const char *const nx_names_option[4] = { "nexus_cards", "advanced", "designer", "staging" };
const char *const nx_names_policy[NX_POLICY_COUNT] = { "keep", "redraw_once", "redraw_always" };
/* Indexed by kind, not kept in the enum's order by hand; a kind without a
 * name is caught by test_decisions and asserted by nx_pending_kind_name. */
const char *const nx_names_pending[NX_PEND_KIND_COUNT] = {
    [NX_PEND_NONE] = NULL,
    [NX_PEND_TRAITOR_SELECT] = "traitor_select",
    [NX_PEND_NEXUS_DRAW] = "nexus_draw",
    [NX_PEND_PANEL] = "panel",
    [NX_PEND_PREDICTION] = "prediction",
    [NX_PEND_PLACEMENT] = "placement",
    [NX_PEND_STORM_DIAL] = "storm_dial",
    [NX_PEND_NEXUS] = "nexus",
    [NX_PEND_WORM_RIDE] = "worm_ride",
    [NX_PEND_WORM_PLACE] = "worm_place",
    [NX_PEND_BID] = "bid",
    [NX_PEND_REVIVAL] = "revival",
    [NX_PEND_SHIP_MOVE] = "ship_move",
    [NX_PEND_ADVISOR] = "advisor",
    [NX_PEND_WARTIME] = "wartime",
    [NX_PEND_INTRUSION] = "intrusion",
    [NX_PEND_BATTLE_CHOICE] = "battle_choice",
    [NX_PEND_BATTLE_PLAN] = "battle_plan",
    [NX_PEND_TRAITOR_CALL] = "traitor_call",
    [NX_PEND_BATTLE_CARDS] = "battle_cards",
    [NX_PEND_CAPTURE] = "capture",
    [NX_PEND_STORM_CARDS] = "storm_cards",
    [NX_PEND_VOICE] = "voice",
    [NX_PEND_PRESCIENCE] = "prescience",
    [NX_PEND_FORESEE] = "foresee",
    [NX_PEND_KARAMA] = "karama",
    [NX_PEND_NEXUS_WINDOW] = "nexus_window",
    [NX_PEND_CHARITY] = "charity",
    [NX_PEND_ADV_KARAMA] = "advantage_karama",
    [NX_PEND_KARAMA_GIVE] = "karama_give_back",
    [NX_PEND_ALLY_AID] = "ally_aid",
    [NX_PEND_GUILD_TIMING] = "guild_timing",
};
const char *const nx_names_word[4] = { "draw", "decline", "keep", "replace" };
const char *const nx_names_receipt[5] = { "drew", "returned", "discarded", "saw", "told" };

/* The tables are indexed by the enums' values and bit positions. */
_Static_assert(NX_OPT_NEXUS_CARDS == 1 << 0 && NX_OPT_ADVANCED == 1 << 1 && NX_OPT_DESIGNER == 1 << 2 &&
                   NX_OPT_STAGING == 1 << 3,
               "option bits");
_Static_assert(NX_WORD_DRAW == 1 && NX_WORD_DECLINE == 2 && NX_WORD_KEEP == 4 && NX_WORD_REPLACE == 8,
               "word bits");
_Static_assert(NX_PEND_PANEL == 3 && NX_RCPT_SAW == 3 && NX_RCPT_TOLD == 4, "kind values");

const char *nx_phase_name(int phase)
{
    if (phase == NX_P_SETUP) return "setup";
    assert(phase >= 0 && phase < NX_P_COUNT);
    return nx_names_phase[phase];
}

const char *nx_policy_name(nx_own_policy p)
{
    assert(p < NX_POLICY_COUNT);
    return nx_names_policy[p];
}

int nx_policy_parse(const char *name)
{
    for (int i = 0; i < NX_POLICY_COUNT; i++)
        if (!strcmp(name, nx_names_policy[i])) return i;
    return -1;
}

const char *nx_word_name(nx_word w)
{
    for (int i = 0; i < 4; i++)
        if ((int)w == (1 << i)) return nx_names_word[i];
    return "?";
}

int nx_word_parse(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, nx_names_word[i])) return 1 << i;
    return 0;
}

const char *nx_pending_kind_name(nx_pending_kind k)
{
    assert(k > NX_PEND_NONE && k < NX_PEND_KIND_COUNT); /* NONE is never a live decision */
    assert(nx_names_pending[k]);
    return nx_names_pending[k];
}

const char *nx_receipt_kind_name(nx_receipt_kind k)
{
    assert(k <= NX_RCPT_TOLD);
    return nx_names_receipt[k];
}
