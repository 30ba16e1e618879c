/*
 * nx_spice: the owner of every seat's spice (internal to interpreter/).
 *
 * Spice moves through one function, nx_spice_transfer: a payer, a payee,
 * an amount and a reason.  Nothing else writes nx_seat.spice or
 * nx_seat.bribes (the saved-state codec, which loads them, excepted), so a
 * balance can be followed from one place and no balance goes negative.
 *
 * Refusal.  A transfer the payer cannot afford, or that the payee could
 * not hold (int16_t), is refused: the state is left as it was, the
 * action fails with an "illegal" error naming the payer, the amount and
 * the reason, and a->failed_late is set, so the action is refused even
 * where a procedure calls the transfer and cannot return the error.
 * nx_game puts back the state saved before the handler ran (nx_act.h),
 * so a refused action leaves the game as it was.
 *
 * The log and secrecy.  How much spice a seat holds is hidden behind its
 * shield, and so is part of what moves: what an ally contributes to its
 * ally's payment would tell the table that the payer, who pays first, is
 * left with none.  So the transfer writes no public log line: every
 * transfer is recorded, with payer, payee, amount and reason, in the
 * action's ledger (nx_act.ledger), which is the engine's own record
 * (tests, traces) and is neither saved nor shown to any seat.  The public
 * line is the caller's, because only the caller knows what the spice paid
 * for and which part of it the table sees (a price, a cost, a gift, a
 * bribe: public; an ally's share: the ally is named, never the amount).
 */
#ifndef NX_SPICE_H
#define NX_SPICE_H

#include "nx_act.h"

#define NX_SPICE_BANK (-1)      /* the Spice Bank: pays and receives without limit */

/*
 * Move `amount` (>= 0) spice from `payer` to `payee`, each a seat index or
 * NX_SPICE_BANK.  `reason` says what for, in a few words ("bid", "shipment",
 * "charity"); it is copied into the ledger.  payer == payee is allowed
 * (an Emperor paying for its ally pays itself) and only checks that the
 * payer holds the amount.  0, or -1 refused (see above).
 */
int nx_spice_transfer(nx_act *a, int payer, int payee, int amount, const char *reason);

/* A seat's spice behind its shield, never negative. */
int nx_spice_of(const nx_state *s, int seat);

/* The aid `seat`'s ally still offers it toward this phase's cards or
 * shipments (nx_seat.aid, interpreter/turn/nx_ally_aid.c), capped at what
 * the ally holds; 0 without an ally.  An ally pays only what it offered. */
int nx_spice_aid_for(const nx_state *s, int seat);

/*
 * Spice in front of a shield (a bribe, FAQ): `payer` places `amount` of
 * its spice in front of `payee`'s shield, and at the Mentat Pause `seat`
 * takes what lies in front of its own shield behind it (capped at what a
 * seat can hold).  Both are transfers in the ledger.  nx_spice_collect_bribes
 * returns the amount that lay there.
 */
int nx_spice_bribe(nx_act *a, int payer, int payee, int amount);
int nx_spice_collect_bribes(nx_act *a, int seat);

/*
 * A host or a staged table sets a balance outright (staging, the
 * designer's table): recorded in the ledger as a transfer from or to the
 * bank.  Refused (-1) for a negative amount.
 */
int nx_spice_set(nx_act *a, int seat, int amount, const char *reason);

#endif
