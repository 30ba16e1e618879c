/*
 * CHOAM Charity (phase 3; docs/rules/phase-charity.md).
 *
 * Every player with 0 or 1 spice takes charity from the bank: up to a
 * total of 2 (LV 1.03) or 2 more (the summaries' wording), as the game's
 * reading NX_RULE_CHARITY says.  Advanced Bene Gesserit always receives
 * at least 2, however much it holds (LV 2.02 Charity).
 *
 * Claiming is optional in the rules, but charity is free spice with no
 * cost or obligation attached in the base game, so claiming is always in
 * the player's interest: the procedure pays it without asking.  What the
 * public log shows (who took how much) is what calling "CHOAM Charity" at
 * the table shows.
 */
#include "nx_module.h"

#define CHARITY_FLOOR 2   /* "up to a total of 2" / "2 spice" */

/* The charity a seat receives this turn (0: none). */
static int charity_for(const nx_state *s, uint8_t seat)
{
    int spice = s->seats[seat].spice, amount = 0;
    if (spice <= 1)
        amount = CHARITY_FLOOR - spice;
    int advanced_bg = (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
    if (advanced_bg && amount < CHARITY_FLOOR) amount = CHARITY_FLOOR;
    return amount;
}

static int charity_procedure(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (int i = 0; i < s->nseats; i++) {
        int amount = charity_for(s, order[i]);
        if (!amount) continue;
        s->seats[order[i]].spice = (int16_t)(s->seats[order[i]].spice + amount);
        char who[64];
        nx_act_log(a, "%s receives %d spice of CHOAM Charity", nx_act_who(s, order[i], who, sizeof who), amount);
    }
    return 0;
}

const nx_module nx_mod_charity = { "charity", NX_P_CHOAM_CHARITY, charity_procedure, NULL, NULL };
