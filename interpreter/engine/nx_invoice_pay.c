#include "nx_invoice_pay.h"

#include <string.h>

#include "nx_invoice.h"
#include "nx_spice.h"

void nx_invoice_default_split(const nx_state *s, uint8_t buyer, int price, uint8_t payer[NX_INVOICE_PAYERS],
                              uint8_t share[NX_INVOICE_PAYERS])
{
    memset(payer, NX_NO_SEAT, NX_INVOICE_PAYERS);
    memset(share, 0, NX_INVOICE_PAYERS);
    int own = price < nx_spice_of(s, buyer) ? price : nx_spice_of(s, buyer);
    uint8_t ally = s->seats[buyer].ally;
    int rest = price - own;
    if (ally != NX_NO_SEAT && rest > nx_spice_aid_for(s, buyer)) rest = nx_spice_aid_for(s, buyer);
    if (ally == NX_NO_SEAT) rest = 0;
    int k = 0;
    if (own) payer[k] = buyer, share[k++] = (uint8_t)own;
    if (rest) payer[k] = ally, share[k] = (uint8_t)rest;
    /* own + rest < price only when spice moved after the bid (bid_problem
     * bounded the bid by both purses): the shortfall is never paid, as in
     * the ally-assisted payment (nx_spice.h); the caller records what is. */
}

static int affordable(const nx_state *s, const uint8_t *payer, const uint8_t *share)
{
    for (int k = 0; k < NX_INVOICE_PAYERS; k++)
        if (payer[k] != NX_NO_SEAT && nx_spice_of(s, payer[k]) < share[k]) return 0;
    return 1;
}

int nx_invoice_settle(nx_act *a, int i, const char *reason)
{
    nx_state *s = a->s;
    nx_invoice inv;
    nx_invoice_get(s, i, &inv);
    if (inv.means == NX_INV_SPICE) {
        if (!s->play.inv_redirect[i] && !affordable(s, inv.payer, inv.share)) {
            nx_invoice_default_split(s, inv.buyer, inv.price, inv.payer, inv.share);
            memcpy(&s->play.inv_payer[i * NX_INVOICE_PAYERS], inv.payer, NX_INVOICE_PAYERS);
            memcpy(&s->play.inv_share[i * NX_INVOICE_PAYERS], inv.share, NX_INVOICE_PAYERS);
            int paid = 0;
            for (int k = 0; k < NX_INVOICE_PAYERS; k++) paid += inv.share[k];
            s->play.inv_price[i] = (uint8_t)paid;   /* what the payee receives */
        }
        int payee = inv.payee == NX_INV_BANK ? NX_SPICE_BANK : inv.payee;
        uint8_t ally = s->seats[inv.buyer].ally;
        for (int k = 0; k < NX_INVOICE_PAYERS; k++) {
            if (inv.payer[k] == NX_NO_SEAT || !inv.share[k]) continue;
            if (nx_spice_transfer(a, inv.payer[k], payee, inv.share[k], reason)) return -1;
            if (inv.payer[k] == ally && ally != NX_NO_SEAT)
                s->seats[ally].aid = (int16_t)(s->seats[ally].aid > inv.share[k] ? s->seats[ally].aid - inv.share[k] : 0);
        }
    }
    nx_invoice_paid(s, i);
    return 0;
}
