#include "nx_ship_invoice.h"

#include <string.h>

#include "nx_adv_windows.h"
#include "nx_events.h"
#include "nx_invoice.h"
#include "nx_invoice_pay.h"
#include "nx_text.h"
#include "nx_turn.h"

enum { WINDOW_NONE, WINDOW_OFFERED, WINDOW_OPENED };

static int due_shipment(const nx_state *s)
{
    int i = nx_invoice_find(s, NX_INV_SHIPMENT);
    return i >= 0 && s->play.inv_status[i] == NX_INV_DUE ? i : -1;
}

static int seats_holding_nexus(const nx_state *s)
{
    int n = 0;
    for (uint8_t i = 0; i < s->nseats; i++) n += nx_custody_count(&s->custody, NX_Z_SEAT(i, NX_ZS_NEXUS_HELD)) > 0;
    return n;
}

/* The post-shipment window is worth opening: the module is on, the policy
 * gives every holder the same step, a Guild is seated (Betrayal is played
 * only then), its card is not publicly out of anyone's hand, the payment
 * is in spice and some seat holds a Nexus card.  All public facts. */
static int window_due(nx_act *a, int i)
{
    const nx_state *s = a->s;
    if (!(s->options & NX_OPT_NEXUS_CARDS) || !nx_phases_is_rules_game(s)) return 0;
    if (strcmp(nx_act_setting(a, "common.reactions.private_policy", "unresolved"), "uniform_window")) return 0;
    if (nx_state_seat_of(s, NX_SPACING_GUILD) == NX_NO_SEAT) return 0;
    nx_zone z = s->custody.zone[nx_comp_nexus(NX_SPACING_GUILD)];
    if (z == NX_Z_OUT || nx_zone_visibility(z) == NX_VIS_PUBLIC) return 0;
    if (s->play.inv_means[i] != NX_INV_SPICE || !s->play.inv_price[i]) return 0;
    return seats_holding_nexus(s) > 0;
}

/* The Guild whose income the shipment pays (LV 2.06.04), or NX_NO_SEAT:
 * a Karama may stop that one payment (docs/rules/karama.md). */
static uint8_t income_user(const nx_state *s, int i)
{
    uint8_t guild = nx_state_seat_of(s, NX_SPACING_GUILD);
    return guild != NX_NO_SEAT && s->play.inv_payee[i] == guild && s->play.inv_means[i] == NX_INV_SPICE &&
                   s->play.inv_price[i]
               ? guild
               : NX_NO_SEAT;
}

/* Would the Karama window against that income open?  The same public
 * test as nx_adv_window's: another seat may hold a Karama. */
static int income_window_due(const nx_state *s, int i)
{
    uint8_t guild = income_user(s, i);
    if (guild == NX_NO_SEAT || !nx_phases_is_rules_game(s)) return 0;
    for (uint8_t k = 0; k < s->nseats; k++)
        if (k != guild && nx_karama_may_hold(s, k)) return 1;
    return 0;
}

static int steps_may_follow(nx_act *a, int i) { return income_window_due(a->s, i) || window_due(a, i); }

/* Step 1: a Karama stopped the Guild's income from this shipment: the
 * bank is paid instead (as a stopped Emperor payment in Bidding). */
static void income_stopped(nx_act *a, int i)
{
    nx_state *s = a->s;
    if (!nx_adv_stopped(s, NX_ADVO_SHIPMENT_PAYMENT) || s->play.inv_payee[i] == NX_INV_BANK) return;
    nx_invoice_to_bank(s, i);
    char who[64];
    nx_act_log(a, "%s's shipment is paid to the Spice Bank instead", nx_act_who(s, s->play.inv_buyer[i], who, sizeof who));
}

/* Pay the shares; a payment the window changed is announced. */
static int settle(nx_act *a, int i, int announce)
{
    nx_state *s = a->s;
    nx_invoice inv;
    nx_invoice_get(s, i, &inv);
    if (nx_invoice_settle(a, i, "a shipment")) return -1;
    if (announce) {
        char who[64], to[64];
        nx_act_who(s, inv.buyer, who, sizeof who);
        if (inv.payee == NX_INV_BANK) nx_fmt(to, sizeof to, "the Spice Bank");
        else nx_act_who(s, inv.payee, to, sizeof to);
        nx_act_log(a, "%s's shipment is paid: %d spice to %s", who, s->play.inv_price[i], to);
    }
    nx_invoice_close(s, i);
    return 0;
}

int nx_ship_quote(nx_act *a, uint8_t shipper, int forces, int price, uint8_t payee, int from_ally, unsigned terms)
{
    nx_state *s = a->s;
    uint8_t ally = s->seats[shipper].ally;
    nx_invoice inv = { .kind = NX_INV_SHIPMENT, .buyer = shipper, .payee = payee, .item = NX_COMP_NONE,
                       .lot = (uint8_t)forces, .price = (uint8_t)price, .terms = (uint8_t)terms };
    memset(inv.payer, NX_NO_SEAT, sizeof inv.payer);
    int k = 0;
    if (price - from_ally > 0) inv.payer[k] = shipper, inv.share[k++] = (uint8_t)(price - from_ally);
    if (from_ally > 0 && ally != NX_NO_SEAT) inv.payer[k] = ally, inv.share[k] = (uint8_t)from_ally;
    if (from_ally > 0) inv.terms |= NX_INV_TERM_ALLY;
    int i = nx_invoice_open(s, &inv);
    if (i < 0) {
        a->failed_late = 1;
        return nx_act_fail(a, "invariant", "no room for another invoice (%d are open)", NX_MAX_INVOICES);
    }
    if (steps_may_follow(a, i)) return 0;
    return settle(a, i, 0);
}

static void open_window(nx_act *a, int i)
{
    nx_state *s = a->s;
    uint8_t shipper = s->play.inv_buyer[i];
    if (!nx_windows_open_event(a, NX_EV_SHIPMENT, (uint8_t)((1u << s->nseats) - 1))) return;
    s->play.ship_window = WINDOW_OPENED;
    /* The event's user is the shipper (ctx:event().user). */
    nx_event_raise(s, NX_EV_SHIPMENT, shipper, NX_NO_SEAT);
    char who[64], prompt[sizeof ((nx_pending *)0)->prompt];
    nx_act_who(s, shipper, who, sizeof who);
    nx_fmt(prompt, sizeof prompt, "%s's shipment costs %d spice: continue (pass), or play a Nexus card", who,
           s->play.inv_price[i]);
    for (int k = 0; k < s->npending; k++)
        if (s->pending[k].kind == NX_PEND_NEXUS_WINDOW) nx_fmt(s->pending[k].prompt, sizeof s->pending[k].prompt, "%s", prompt);
}

int nx_ship_invoice_steps(nx_act *a)
{
    nx_state *s = a->s;
    int i = due_shipment(s);
    if (i < 0) return 0;
    if (nx_adv_window(a, NX_ADVO_SHIPMENT_PAYMENT, income_user(s, i))) return 1;
    income_stopped(a, i);
    if (s->play.ship_window == WINDOW_NONE) {
        s->play.ship_window = WINDOW_OFFERED;
        if (window_due(a, i)) open_window(a, i);
        if (s->npending) return 1;
    }
    int announce = s->play.ship_window == WINDOW_OPENED;
    nx_event_clear(s);
    s->play.ship_window = WINDOW_NONE;
    nx_adv_forget(s, NX_ADVO_SHIPMENT_PAYMENT);     /* the next shipment's income has its own window */
    /* A refused share fails the answering action (nx_spice_transfer). */
    settle(a, i, announce);
    return 0;
}
