/*
 * CHOAM Charity (phase 3; docs/rules/phase-charity.md).
 *
 * A player with 0 or 1 spice may claim charity from the bank, up to a
 * total of 2 (LV 1.03).  Advanced Bene Gesserit always receive at least 2,
 * however much they hold (LV 2.02 Charity).
 *
 * Charity is claimed, not granted: the rule says a player "may call for"
 * it, and the claim is public, so claiming reveals that the seat held 0 or
 * 1 spice.  Spice behind a shield is secret, so every seat is asked alike
 * ("claim_charity" or "pass", the same prompt for all): being asked
 * reveals nothing, and a pass reads the same whether the seat could claim
 * or not.  A claim the seat is not entitled to is refused, privately.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_turn.h"
#include "nx_spice.h"
#include "nx_adv_windows.h"

#define CHARITY_FLOOR 2   /* "up to a total of 2" */

enum { STEP_ASK, STEP_SETTLE, STEP_DONE };

/* The general rule's charity for a seat holding this much (0: none). */
static int general_charity(int spice) { return spice <= 1 ? CHARITY_FLOOR - spice : 0; }

static int advanced_bg(const nx_state *s, uint8_t seat)
{
    return (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
}

/* The charity a seat may claim now (0: none). */
static int charity_for(const nx_state *s, uint8_t seat)
{
    int amount = general_charity(s->seats[seat].spice);
    if (advanced_bg(s, seat) && amount < CHARITY_FLOOR) amount = CHARITY_FLOOR;
    return amount;
}

static void receive(nx_act *a, uint8_t seat, int amount)
{
    nx_state *s = a->s;
    int failed = nx_spice_transfer(a, NX_SPICE_BANK, seat, amount, "CHOAM Charity");
    assert(!failed);        /* the bank pays; 1 or 2 spice, and no purse nears INT16_MAX (staging caps one at 999) */
    (void)failed;
    char who[64];
    nx_act_log(a, "%s claims CHOAM Charity and receives %d spice", nx_act_who(s, seat, who, sizeof who), amount);
}

/*
 * The Advanced Bene Gesserit's charity "whatever its spice" is an ability
 * a Karama cancels once attempted (LV 2.02 Charity, a star after;
 * docs/rules/karama.md).  Every claim of theirs is held (play.advh) until
 * every seat has answered, then the uniform window opens: the table cannot
 * tell a claim the general rule would grant from one only the ability
 * grants (their purse is secret), so holding only the latter would show
 * that they hold spice.  Stopped, the claim is retaken without the
 * ability (LV "How to use this guide"): the general rule's amount, or
 * nothing for a purse of 2 or more.
 */
static int settle_held_claim(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    assert(s->play.advh == NX_ADVO_BG_CHARITY && bg != NX_NO_SEAT);
    if (nx_adv_window(a, NX_ADVO_BG_CHARITY, bg)) return 1;
    int amount = s->play.advh_arg[0];
    s->play.advh = 0;
    memset(s->play.advh_arg, 0, sizeof s->play.advh_arg);
    if (nx_adv_stopped(s, NX_ADVO_BG_CHARITY)) {
        amount = general_charity(s->seats[bg].spice);
        if (!amount) nx_act_log(a, "the Bene Gesserit receive no CHOAM Charity: they hold 2 spice or more");
    }
    nx_adv_forget(s, NX_ADVO_BG_CHARITY);
    if (amount) receive(a, bg, amount);
    return 0;
}

static int charity_procedure(nx_act *a)
{
    nx_state *s = a->s;
    if (s->play.step == STEP_SETTLE) {
        if (s->play.advh && settle_held_claim(a)) return 1;
        s->play.step = STEP_DONE;
    }
    if (s->play.step++ > STEP_ASK) return 0;    /* the claims are answered and settled: the phase is over */
    uint32_t event = nx_state_new_event(s);
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        nx_pending *p = nx_state_add_pending(s, NX_PEND_CHARITY, seat);
        p->event = event;
        snprintf(p->prompt, sizeof p->prompt, "CHOAM Charity: claim it if you hold 0 or 1 spice, or pass");
    }
    return 1;
}

static int act_claim(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_CHARITY);
    if (!p || nx_arg_keys(a, NX_NO_KEYS)) return -1;
    nx_state *s = a->s;
    int amount = charity_for(s, p->seat);
    if (!amount) return nx_act_fail(a, "illegal", "only a player holding 0 or 1 spice may claim CHOAM Charity");
    uint8_t seat = p->seat;
    nx_state_remove_pending(s, p);
    if (advanced_bg(s, seat)) {
        char who[64];
        s->play.advh = NX_ADVO_BG_CHARITY;
        s->play.advh_arg[0] = (uint8_t)amount;
        nx_act_log(a, "%s means to claim %d spice of CHOAM Charity", nx_act_who(s, seat, who, sizeof who), amount);
        return 0;
    }
    receive(a, seat, amount);
    return 0;
}

static int pass_charity(nx_act *a, const nx_pending *p)
{
    char who[64];
    nx_act_log(a, "%s claims no CHOAM Charity", nx_act_who(a->s, p->seat, who, sizeof who));
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* Free spice with nothing attached: a bot entitled to it always claims. */
static void charity_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    if (charity_for(s, p->seat)) nx_moves_add(out, 10, json_pack("{s:s}", "type", "claim_charity"));
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
}

static const nx_act_entry charity_actions[] = {
    { "claim_charity", act_claim, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops charity_decisions[] = {
    { NX_PEND_CHARITY, pass_charity, charity_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_charity = { "charity", NX_P_CHOAM_CHARITY, charity_procedure, charity_actions, charity_decisions };
