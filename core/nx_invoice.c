#include "nx_invoice.h"

#include <assert.h>
#include <string.h>

#include "nx_text.h"

static const char *const kind_ids[NX_INV_KIND_COUNT] = { NULL, "purchase", "revival", "shipment" };
static const char *const status_ids[NX_INV_STATUS_COUNT] = { "due", "paid" };
static const char *const means_ids[NX_INV_MEANS_COUNT] = { "spice", "karama", "kept" };

const char *nx_invoice_kind_id(nx_invoice_kind k) { return k > NX_INV_NONE && k < NX_INV_KIND_COUNT ? kind_ids[k] : "none"; }
const char *nx_invoice_means_id(nx_invoice_means m) { return m < NX_INV_MEANS_COUNT ? means_ids[m] : "none"; }

static uint8_t *payer_of(nx_play *p, int i) { return &p->inv_payer[i * NX_INVOICE_PAYERS]; }
static uint8_t *share_of(nx_play *p, int i) { return &p->inv_share[i * NX_INVOICE_PAYERS]; }
static const uint8_t *payers(const nx_play *p, int i) { return &p->inv_payer[i * NX_INVOICE_PAYERS]; }
static const uint8_t *shares(const nx_play *p, int i) { return &p->inv_share[i * NX_INVOICE_PAYERS]; }

static void blank(nx_play *p, int i)
{
    p->inv_kind[i] = p->inv_status[i] = p->inv_means[i] = p->inv_lot[i] = p->inv_price[i] = 0;
    p->inv_redirect[i] = p->inv_turn[i] = p->inv_terms[i] = 0;
    p->inv_buyer[i] = p->inv_payee[i] = NX_NO_SEAT;
    p->inv_item[i] = NX_COMP_NONE;
    memset(payer_of(p, i), NX_NO_SEAT, NX_INVOICE_PAYERS);
    memset(share_of(p, i), 0, NX_INVOICE_PAYERS);
}

static int shares_sum(const uint8_t *share)
{
    int sum = 0;
    for (int k = 0; k < NX_INVOICE_PAYERS; k++) sum += share[k];
    return sum;
}

int nx_invoice_open(nx_state *s, const nx_invoice *inv)
{
    assert(inv->kind > NX_INV_NONE && inv->kind < NX_INV_KIND_COUNT);
    assert(inv->means < NX_INV_MEANS_COUNT);
    assert(shares_sum(inv->share) == (inv->means == NX_INV_SPICE ? inv->price : 0));
    nx_play *p = &s->play;
    for (int i = 0; i < NX_MAX_INVOICES; i++) {
        if (p->inv_kind[i] != NX_INV_NONE) continue;
        p->inv_kind[i] = (uint8_t)inv->kind;
        p->inv_status[i] = NX_INV_DUE;
        p->inv_means[i] = (uint8_t)inv->means;
        p->inv_buyer[i] = inv->buyer;
        p->inv_payee[i] = inv->payee;
        p->inv_item[i] = inv->item;
        p->inv_lot[i] = inv->lot;
        p->inv_price[i] = inv->price;
        memcpy(payer_of(p, i), inv->payer, NX_INVOICE_PAYERS);
        memcpy(share_of(p, i), inv->share, NX_INVOICE_PAYERS);
        p->inv_turn[i] = s->turn;
        p->inv_terms[i] = inv->terms;
        return i;
    }
    return -1;
}

int nx_invoice_find(const nx_state *s, nx_invoice_kind kind)
{
    /* Slots fill from the lowest: the newest of a kind is the last one. */
    int found = -1;
    for (int i = 0; i < NX_MAX_INVOICES; i++)
        if (s->play.inv_kind[i] == kind) found = i;
    return found;
}

void nx_invoice_get(const nx_state *s, int i, nx_invoice *out)
{
    assert(i >= 0 && i < NX_MAX_INVOICES && s->play.inv_kind[i] != NX_INV_NONE);
    const nx_play *p = &s->play;
    *out = (nx_invoice){ .kind = (nx_invoice_kind)p->inv_kind[i], .means = (nx_invoice_means)p->inv_means[i], .buyer = p->inv_buyer[i], .payee = p->inv_payee[i],
                         .item = p->inv_item[i], .lot = p->inv_lot[i], .price = p->inv_price[i], .terms = p->inv_terms[i] };
    memcpy(out->payer, payers(p, i), NX_INVOICE_PAYERS);
    memcpy(out->share, shares(p, i), NX_INVOICE_PAYERS);
}

/* An invoice is changed at most once, and only while it is due. */
static int still_open(const nx_play *p, int i, char *msg, size_t len)
{
    if (p->inv_status[i] != NX_INV_DUE) {
        nx_fmt(msg, len, "the %s invoice is already paid", kind_ids[p->inv_kind[i]]);
        return 0;
    }
    if (p->inv_redirect[i]) {
        nx_fmt(msg, len, "the %s invoice was already redirected by another card", kind_ids[p->inv_kind[i]]);
        return 0;
    }
    return 1;
}

int nx_invoice_redirect(nx_state *s, int i, const uint8_t payer[NX_INVOICE_PAYERS],
                        const uint8_t share[NX_INVOICE_PAYERS], nx_invoice_means means, uint8_t source,
                        char *msg, size_t len)
{
    nx_play *p = &s->play;
    assert(i >= 0 && i < NX_MAX_INVOICES && p->inv_kind[i] != NX_INV_NONE);
    if (!still_open(p, i, msg, len)) return -1;
    int sum = means == NX_INV_SPICE ? shares_sum(share) : 0;
    if (means == NX_INV_SPICE && sum != p->inv_price[i]) {
        nx_fmt(msg, len, "the shares add up to %d, not the price of %d", sum, p->inv_price[i]);
        return -1;
    }
    /* Every payer is checked before anything is written: a refusal leaves
     * the invoice as it was. */
    for (int k = 0; means == NX_INV_SPICE && k < NX_INVOICE_PAYERS; k++)
        if (payer[k] != NX_NO_SEAT && payer[k] >= s->nseats) {
            nx_fmt(msg, len, "payer %d is not seated", payer[k]);
            return -1;
        }
    for (int k = 0; k < NX_INVOICE_PAYERS; k++) {
        uint8_t who = means == NX_INV_SPICE ? payer[k] : NX_NO_SEAT;
        payer_of(p, i)[k] = who;
        share_of(p, i)[k] = who == NX_NO_SEAT ? 0 : share[k];
    }
    p->inv_means[i] = (uint8_t)means;
    p->inv_redirect[i] = source ? source : 0xff;
    return 0;
}

int nx_invoice_take(nx_state *s, int i, uint8_t seat, uint8_t source, char *msg, size_t len)
{
    nx_play *p = &s->play;
    assert(i >= 0 && i < NX_MAX_INVOICES && p->inv_kind[i] != NX_INV_NONE);
    if (!still_open(p, i, msg, len)) return -1;
    if (p->inv_means[i] != NX_INV_SPICE || !p->inv_price[i]) {
        nx_fmt(msg, len, "the %s invoice is not paid in spice: there is nothing to take", kind_ids[p->inv_kind[i]]);
        return -1;
    }
    if (seat >= s->nseats) {
        nx_fmt(msg, len, "seat %d is not seated", seat);
        return -1;
    }
    p->inv_payee[i] = seat;
    p->inv_redirect[i] = source ? source : 0xff;
    return 0;
}

void nx_invoice_to_bank(nx_state *s, int i)
{
    assert(i >= 0 && i < NX_MAX_INVOICES && s->play.inv_kind[i] != NX_INV_NONE && s->play.inv_status[i] == NX_INV_DUE);
    s->play.inv_payee[i] = NX_INV_BANK;
}

int nx_invoice_committed(const nx_state *s, uint8_t seat, nx_invoice_kind kind)
{
    const nx_play *p = &s->play;
    int n = 0;
    for (int i = 0; i < NX_MAX_INVOICES; i++) {
        if (p->inv_kind[i] != kind || p->inv_status[i] != NX_INV_DUE || p->inv_means[i] != NX_INV_SPICE) continue;
        for (int k = 0; k < NX_INVOICE_PAYERS; k++)
            if (payers(p, i)[k] == seat) n += shares(p, i)[k];
    }
    return n;
}

void nx_invoice_paid(nx_state *s, int i)
{
    assert(i >= 0 && i < NX_MAX_INVOICES && s->play.inv_kind[i] != NX_INV_NONE);
    s->play.inv_status[i] = NX_INV_PAID;
}

void nx_invoice_close(nx_state *s, int i)
{
    assert(i >= 0 && i < NX_MAX_INVOICES);
    blank(&s->play, i);
}

void nx_invoices_clear(nx_state *s)
{
    for (int i = 0; i < NX_MAX_INVOICES; i++) blank(&s->play, i);
}

static int blank_slot(const nx_play *p, int i)
{
    if (p->inv_status[i] || p->inv_means[i] || p->inv_lot[i] || p->inv_price[i] || p->inv_redirect[i] ||
        p->inv_turn[i] || p->inv_terms[i] || p->inv_buyer[i] != NX_NO_SEAT || p->inv_payee[i] != NX_NO_SEAT || p->inv_item[i] != NX_COMP_NONE)
        return 0;
    for (int k = 0; k < NX_INVOICE_PAYERS; k++)
        if (payers(p, i)[k] != NX_NO_SEAT || shares(p, i)[k]) return 0;
    return 1;
}

int nx_invoices_check(const nx_state *s, char *msg, size_t len)
{
    const nx_play *p = &s->play;
    for (int i = 0; i < NX_MAX_INVOICES; i++) {
        if (p->inv_kind[i] == NX_INV_NONE) {
            if (!blank_slot(p, i)) {
                nx_fmt(msg, len, "invoice slot %d is empty but not blank", i);
                return -1;
            }
            continue;
        }
        if (p->inv_kind[i] >= NX_INV_KIND_COUNT || p->inv_status[i] >= NX_INV_STATUS_COUNT ||
            p->inv_means[i] >= NX_INV_MEANS_COUNT || (p->inv_terms[i] & ~NX_INV_TERMS_ALL)) {
            nx_fmt(msg, len, "invoice %d: kind %d, state %d or means %d out of range", i, p->inv_kind[i], p->inv_status[i],
                   p->inv_means[i]);
            return -1;
        }
        if (p->inv_buyer[i] >= s->nseats || (p->inv_payee[i] != NX_INV_BANK && p->inv_payee[i] >= s->nseats)) {
            nx_fmt(msg, len, "invoice %d (%s): buyer %d or payee %d is not seated", i, kind_ids[p->inv_kind[i]],
                   p->inv_buyer[i], p->inv_payee[i]);
            return -1;
        }
        int sum = 0;
        for (int k = 0; k < NX_INVOICE_PAYERS; k++) {
            uint8_t who = payers(p, i)[k];
            if (who == NX_NO_SEAT ? shares(p, i)[k] != 0 : who >= s->nseats) {
                nx_fmt(msg, len, "invoice %d: payer %d of share %d is not seated", i, who, shares(p, i)[k]);
                return -1;
            }
            sum += shares(p, i)[k];
        }
        int owed = p->inv_means[i] == NX_INV_SPICE ? p->inv_price[i] : 0;
        if (sum != owed) {
            nx_fmt(msg, len, "invoice %d (%s): shares add up to %d, not %d", i, kind_ids[p->inv_kind[i]], sum, owed);
            return -1;
        }
    }
    return 0;
}

/* A seat may see the split of an invoice it pays or is bought for. */
static int sees_split(const nx_play *p, int i, int viewer)
{
    if (viewer < 0) return 0;
    if (p->inv_buyer[i] == viewer) return 1;
    for (int k = 0; k < NX_INVOICE_PAYERS; k++)
        if (p->inv_payer[i * NX_INVOICE_PAYERS + k] == viewer) return 1;
    return 0;
}

json_t *nx_invoices_view(const nx_state *s, int viewer)
{
    const nx_play *p = &s->play;
    json_t *a = json_array();
    for (int i = 0; i < NX_MAX_INVOICES; i++) {
        if (p->inv_kind[i] == NX_INV_NONE) continue;
        json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:i, s:i, s:i, s:b}", "kind", kind_ids[p->inv_kind[i]], "state",
                              status_ids[p->inv_status[i]], "means", means_ids[p->inv_means[i]], "buyer", p->inv_buyer[i],
                              "price", p->inv_price[i], "lot", p->inv_lot[i], "turn", p->inv_turn[i], "redirected",
                              p->inv_redirect[i] != 0);
        json_object_set_new(o, "payee", p->inv_payee[i] == NX_INV_BANK ? json_string("bank") : json_integer(p->inv_payee[i]));
        /* What shaped the price is public (the table heard the shipment's
         * terms and saw any Karama played); an ally's help is named, as the
         * log names it, never its amount. */
        if (p->inv_terms[i]) {
            json_t *terms = json_array();
            static const char *const term_ids[] = { "ally", "karama", "nexus" };
            for (int b = 0; b < 3; b++)
                if (p->inv_terms[i] & (1 << b)) json_array_append_new(terms, json_string(term_ids[b]));
            json_object_set_new(o, "terms", terms);
        }
        /* The card bought is the buyer's secret, like any card in its hand,
         * and shown only while it is there: a card taken from the hand since
         * (Harkonnen's Karama power) is no longer the buyer's to see. */
        if (p->inv_item[i] != NX_COMP_NONE && viewer == p->inv_buyer[i] &&
            s->custody.zone[p->inv_item[i]] == NX_Z_SEAT(p->inv_buyer[i], NX_ZS_TREACHERY))
            json_object_set_new(o, "item", json_string(nx_comp_id(p->inv_item[i])));
        if (sees_split(p, i, viewer)) {
            json_t *payers = json_array();
            for (int k = 0; k < NX_INVOICE_PAYERS; k++) {
                uint8_t who = p->inv_payer[i * NX_INVOICE_PAYERS + k];
                if (who != NX_NO_SEAT)
                    json_array_append_new(payers, json_pack("{s:i, s:i}", "seat", who, "share", p->inv_share[i * NX_INVOICE_PAYERS + k]));
            }
            json_object_set_new(o, "payers", payers);
        }
        json_array_append_new(a, o);
    }
    return a;
}
