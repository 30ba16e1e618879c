/*
 * Offers of aid between allies (docs/rules/alliances.md "Paying for an
 * ally").
 *
 * Allies "may" pay for each other's Treachery Cards and shipments (LV
 * 1.10): the payer chooses whether and how much.  At the start of Bidding
 * (once the lots are dealt) and of Shipment and Movement every allied seat
 * is asked, all at once, how much spice it offers its ally toward this
 * phase's cards or shipments: `{"type":"ally_aid","amount":N}`, 0 up to
 * its spice, or pass (0).  The offer (nx_seat.aid) bounds the ally's bids
 * and shipments (own spice plus the offer) and its share of each payment:
 * the buyer pays from its own spice first and the offer covers the rest
 * (nx_invoice_default_split); what the offerer pays is spent from the
 * offer (nx_invoice_settle).  Every phase begins with no offer.
 *
 * Secrecy: the offer is between the pair: the decision's range (the
 * offerer's spice) is private, the view shows nx_seat.aid to the offerer
 * and its ally only, and the log reads the same for every answer ("has
 * answered its ally"), since an amount would tell the table how much the
 * offerer holds at least.  A payment the ally helps with is logged as
 * before, without the share.
 */
#include <stdio.h>

#include "nx_spice.h"
#include "nx_turn.h"

/* Every phase begins with no offer: an offer is for one phase's payments. */
static void aid_phase_begin(nx_state *s, int phase)
{
    (void)phase;
    for (uint8_t i = 0; i < s->nseats; i++) s->seats[i].aid = 0;
}

int nx_ally_aid_open(nx_act *a, const char *what)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = 0;
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        if (s->seats[seat].ally == NX_NO_SEAT) continue;
        if (!event) event = nx_state_new_event(s);
        nx_pending *p = nx_state_add_pending(s, NX_PEND_ALLY_AID, seat);
        p->event = event;
        p->min = 0;
        p->max = (int16_t)nx_spice_of(s, seat);
        p->private_options = 1;   /* the range is the seat's spice */
        snprintf(p->prompt, sizeof p->prompt, "Offer your ally spice toward its %s this phase (ally_aid amount), or pass", what);
    }
    return event != 0;
}

static void answered(nx_act *a, const nx_pending *p, int amount)
{
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    s->seats[seat].aid = (int16_t)amount;
    nx_state_remove_pending(s, p);
    char who[64], ally[64];
    nx_act_log(a, "%s has answered its ally %s on aid for this phase", nx_act_who(s, seat, who, sizeof who),
               nx_act_who(s, s->seats[seat].ally, ally, sizeof ally));
}

static int act_ally_aid(nx_act *a)
{
    int amount;
    const nx_pending *p = nx_act_need(a, NX_PEND_ALLY_AID);
    if (!p || nx_arg_keys(a, NX_KEYS("amount")) || nx_arg_int(a, "amount", 0, INT16_MAX, &amount)) return -1;
    int spice = nx_spice_of(a->s, p->seat);
    if (amount > spice) return nx_act_fail(a, "illegal", "you have only %d spice to offer your ally", spice);
    answered(a, p, amount);
    return 0;
}

static int pass_aid(nx_act *a, const nx_pending *p)
{
    answered(a, p, 0);
    return 0;
}

/* Bots score from what the seat may see: its ally's purse is behind a
 * shield, so a purse of AID_SPARE or more offers half of itself, a smaller
 * one nothing; all of it and nothing are listed too, so a random bot may
 * give any of them. */
#define AID_SPARE 4

static void aid_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int spice = nx_spice_of(s, p->seat);
    int needs = spice >= AID_SPARE;
    nx_moves_add(out, needs ? 1 : 5, json_pack("{s:s}", "type", "pass"));
    if (spice / 2 > 0) nx_moves_add(out, needs ? 5 : 1, json_pack("{s:s, s:i}", "type", "ally_aid", "amount", spice / 2));
    if (spice > 0) nx_moves_add(out, 0, json_pack("{s:s, s:i}", "type", "ally_aid", "amount", spice));
}

static const nx_act_entry aid_actions[] = {
    { "ally_aid", act_ally_aid, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops aid_decisions[] = {
    { NX_PEND_ALLY_AID, pass_aid, aid_moves, NULL },
    { 0, NULL, NULL, NULL },
};

const nx_module nx_mod_aid = { "aid", -1, NULL, aid_actions, aid_decisions, aid_phase_begin, NULL, NULL, NULL };
