/*
 * nx_ship_invoice: a paid shipment's invoice and the steps between the
 * shipment and its payment (internal to interpreter/turn/;
 * docs/rules/phase-shipment-movement.md, "The shipment's invoice").
 *
 * Every paid shipment is quoted into an invoice (core/nx_invoice.h): the
 * shipper pays first, its ally the rest; the payee is the Guild (another
 * player's shipment) or the Spice Bank.  When nothing can happen in
 * between, it is settled in the ship action itself.  Otherwise the
 * shipment procedure runs, before anything else of the turn:
 *   1. the Karama window against the Guild's income from the shipment
 *      (core/nx_adv.h; LV 2.06.04: stopped, the bank is paid);
 *   2. the post-shipment window (event `shipment`, under
 *      common.reactions.private_policy "uniform_window"): every seat
 *      holding a Nexus card gets the same step, whatever it holds, so the
 *      window shows no holder; Spacing Guild Betrayal is played there and
 *      takes the payment (ctx:take_invoice);
 *   3. the settlement: each share moves once through nx_spice_transfer, to
 *      the payee or the taker; nothing is refunded.
 * While it is due, the payers' shares are committed (no gift or bribe
 * spends them: nx_ally.c), so the settlement always pays in full.
 */
#ifndef NX_SHIP_INVOICE_H
#define NX_SHIP_INVOICE_H

#include "nx_act.h"

/* Quote a shipment of `forces` for `price` (> 0) to `payee` (a seat or
 * NX_INV_BANK), `from_ally` of it paid by the shipper's ally; `terms` are
 * NX_INV_TERM_* bits.  Settles it at once when no step can follow.
 * 0, or -1 after failing the action (no invoice slot free). */
int nx_ship_quote(nx_act *a, uint8_t shipper, int forces, int price, uint8_t payee, int from_ally, unsigned terms);

/* The due shipment's steps (1 to 3 above): 1 while a window is open (the
 * procedure returns 1), 0 when there is none or it is settled. */
int nx_ship_invoice_steps(nx_act *a);

#endif
