/*
 * nx_invoice_pay: settling an invoice (core/nx_invoice.h) with spice
 * (internal to interpreter/).  Every share moves through the one transfer
 * function, nx_spice_transfer, so each is in the action's ledger with its
 * payer, payee and reason.
 */
#ifndef NX_INVOICE_PAY_H
#define NX_INVOICE_PAY_H

#include "nx_act.h"

/* The default split of a price that `buyer` pays: its own spice first,
 * its ally the rest up to the aid it offered (LV 1.10, 2.03: an ally
 * "may" pay; nx_spice_aid_for), into payer[] and share[]. */
void nx_invoice_default_split(const nx_state *s, uint8_t buyer, int price, uint8_t payer[NX_INVOICE_PAYERS],
                              uint8_t share[NX_INVOICE_PAYERS]);

/* Settle the DUE invoice in slot i: each share from its payer to the
 * payee (nothing moves when it is paid by a Karama or kept).  A quote no
 * panel redirected is split again first if spice moved since (a gift at
 * any time): the buyer pays what it still can, its ally the rest, and the
 * payee receives what is paid.  0, or -1 when a redirected share can no
 * longer be paid (the action fails: nx_spice_transfer).  Marks it PAID.
 * What the buyer's ally pays is spent from the aid it offered (a payment
 * forced beyond it, Emperor Betrayal, spends all of it). */
int nx_invoice_settle(nx_act *a, int i, const char *reason);

#endif
