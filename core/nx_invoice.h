/*
 * nx_invoice: a payment that is due, as a saved record (play.inv_*).
 *
 * Every purchase of a Treachery Card, every paid revival and every paid
 * shipment is quoted into an invoice before any spice moves: what is
 * bought (a lot's card, a number of forces), the final price, who pays
 * how much (the buyer, its ally, another payer a panel names) and who
 * is paid (the Spice Bank, the Emperor, a seller).  The engine settles
 * the invoice later, at one place, through nx_spice_transfer, so a
 * Nexus panel played in between (Emperor Secret Ally keeps the buyer's
 * spice, Emperor Betrayal makes the Emperor pay, Guild Betrayal on a
 * shipment) changes the record, never spice that has already moved:
 * nothing is refunded, nothing is paid twice, and a reload or a retried
 * action finds the same record.
 *
 * A panel redirects an invoice at most once (inv_redirect names the
 * panel that did); the engine refuses a second redirect.  An invoice
 * lives from its quote until its follow-ups are done (the Bidding phase
 * keeps a purchase's until the card's post-purchase step is answered)
 * and every phase end clears what is left.
 *
 * A shipment's invoice stays due across its post-shipment window; what
 * its payers owe is committed (nx_invoice_committed) so that no gift or
 * bribe in between leaves a share unpaid.
 *
 * Secrecy: the kind, buyer, payee, price, lot and state are public (the
 * table hears the price and who is paid); the item (a card's identity)
 * is the buyer's; the split between payers is shown to the payers only,
 * since an ally's share tells the table that the buyer, who pays first,
 * is left with none.
 */
#ifndef NX_INVOICE_H
#define NX_INVOICE_H

#include <jansson.h>

#include "nx_state.h"

typedef enum {
    NX_INV_NONE,
    NX_INV_PURCHASE,        /* a Treachery Card bought (item: the card; lot: the lot number) */
    NX_INV_REVIVAL,         /* forces or a leader revived for spice (lot: forces) */
    NX_INV_SHIPMENT,        /* forces shipped for spice (lot: forces) */
    NX_INV_KIND_COUNT
} nx_invoice_kind;

typedef enum {
    NX_INV_DUE,             /* quoted, not yet paid: a panel may still redirect it */
    NX_INV_PAID,            /* settled: every share moved (or none was owed) */
    NX_INV_STATUS_COUNT
} nx_invoice_status;

/* How the price is met, besides spice (inv_means). */
typedef enum {
    NX_INV_SPICE,           /* the payers' shares */
    NX_INV_KARAMA,          /* a Karama card pays it: no spice moves */
    NX_INV_KEPT,            /* a panel let the buyer keep its spice: no spice moves */
    NX_INV_MEANS_COUNT
} nx_invoice_means;

/* What else shaped a payment (inv_terms), besides the price list: a
 * payment another effect changed is an "overlay" for a panel that takes
 * it (spacing_guild.betrayal.overlays). */
enum {
    NX_INV_TERM_ALLY = 1 << 0,      /* an ally pays part of it */
    NX_INV_TERM_KARAMA = 1 << 1,    /* a Karama card set the price (a shipment at Guild rates) */
    NX_INV_TERM_NEXUS = 1 << 2,     /* a Nexus card's terms set the price or the route */
    NX_INV_TERMS_ALL = (1 << 3) - 1
};

/* The payee of an invoice paid to the Spice Bank. */
#define NX_INV_BANK NX_NO_SEAT

typedef struct nx_invoice {
    nx_invoice_kind kind;
    nx_invoice_means means;         /* how it is quoted (a Karama bid: NX_INV_KARAMA) */
    uint8_t buyer;
    uint8_t payee;          /* seat, or NX_INV_BANK */
    nx_comp item;           /* the card bought, NX_COMP_NONE */
    uint8_t lot;            /* the lot number, or the number of forces */
    uint8_t price;
    uint8_t payer[NX_INVOICE_PAYERS];   /* NX_NO_SEAT: unused */
    uint8_t share[NX_INVOICE_PAYERS];
    uint8_t terms;          /* NX_INV_TERM_* */
} nx_invoice;

/* Quote an invoice (state DUE, not redirected): its slot, or -1 when
 * every slot is taken (the caller fails the action).  The shares must add
 * up to the price, or to 0 when it is not paid in spice (asserted). */
int nx_invoice_open(nx_state *s, const nx_invoice *inv);
/* The slot of the newest invoice of `kind` (any state), or -1. */
int nx_invoice_find(const nx_state *s, nx_invoice_kind kind);
/* Read slot i into *out (asserts it is in use). */
void nx_invoice_get(const nx_state *s, int i, nx_invoice *out);
/* Replace the payers of a DUE invoice (the shares add up to its price),
 * or its means, once, recording the panel source that did it.  0, or -1
 * with a message: the invoice is paid, or already redirected. */
int nx_invoice_redirect(nx_state *s, int i, const uint8_t payer[NX_INVOICE_PAYERS],
                        const uint8_t share[NX_INVOICE_PAYERS], nx_invoice_means means, uint8_t source,
                        char *msg, size_t len);
/* A panel takes the whole payment of a DUE invoice paid in spice, once:
 * the payers pay `seat` instead of the payee (Spacing Guild Betrayal).
 * 0, or -1 with a message: paid, already redirected, or nothing to take. */
int nx_invoice_take(nx_state *s, int i, uint8_t seat, uint8_t source, char *msg, size_t len);
/* The engine sends the payment of a DUE invoice to the bank instead (a
 * Karama stopped the payee's income); not a panel's redirect. */
void nx_invoice_to_bank(nx_state *s, int i);
/* The spice `seat` owes on DUE invoices of `kind`: no longer its to give
 * away before they are settled. */
int nx_invoice_committed(const nx_state *s, uint8_t seat, nx_invoice_kind kind);
void nx_invoice_paid(nx_state *s, int i);           /* settled (the engine's settlement marks it) */
void nx_invoice_close(nx_state *s, int i);          /* the slot is free again */
void nx_invoices_clear(nx_state *s);                /* every slot (a phase ends) */

const char *nx_invoice_kind_id(nx_invoice_kind k);
const char *nx_invoice_means_id(nx_invoice_means m);

/* Well-formed: kinds, states and means in range, seats seated, shares
 * adding up to the price, empty slots blank.  0, or -1 with a message. */
int nx_invoices_check(const nx_state *s, char *msg, size_t len);
/* The invoices as `viewer` (-1: a spectator) may see them. */
json_t *nx_invoices_view(const nx_state *s, int viewer);

#endif
