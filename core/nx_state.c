#include "nx_state.h"
#include "nx_text.h"

#include "nx_adv.h"
#include "nx_effects.h"
#include "nx_invoice.h"

#include "nx_play.h"
#include "nx_source.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

void nx_state_init(nx_state *s, uint64_t seed, uint8_t options)
{
    /* memset first: padding bytes are part of the saved and compared
     * state, so they must be deterministic. */
    memset(s, 0, sizeof *s);
    s->format = NX_STATE_FORMAT;
    s->seed = seed;
    nx_rng_seed(&s->rng, seed);
    s->options = options;
    s->phase = NX_P_SETUP;
    s->draw_next = NX_NO_SEAT;
    nx_custody_init(&s->custody);
    nx_play_init(&s->play);
    for (int i = 0; i < NX_MAX_SEATS; i++) {
        s->seats[i].faction = NX_NO_FACTION;
        s->seats[i].ally = NX_NO_SEAT;
    }
}

void nx_state_storm_order(const nx_state *s, uint8_t out[NX_MAX_SEATS])
{
    for (int i = 0; i < s->nseats; i++) out[i] = (uint8_t)((s->first_seat + i) % s->nseats);
}

uint8_t nx_state_seat_of(const nx_state *s, nx_faction f)
{
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].faction == f) return (uint8_t)i;
    return NX_NO_SEAT;
}

void nx_state_ally(nx_state *s, uint8_t x, uint8_t y)
{
    assert(x < s->nseats && y < s->nseats && x != y);
    assert(s->seats[x].ally == NX_NO_SEAT && s->seats[y].ally == NX_NO_SEAT);
    s->seats[x].ally = y;
    s->seats[y].ally = x;
    s->seats[x].offers = 0;
    s->seats[y].offers = 0;
}

void nx_state_unally(nx_state *s, uint8_t x)
{
    assert(x < s->nseats);
    uint8_t y = s->seats[x].ally;
    assert(y < s->nseats && s->seats[y].ally == x);
    s->seats[x].ally = NX_NO_SEAT;
    s->seats[y].ally = NX_NO_SEAT;
    s->seats[x].aid = s->seats[y].aid = 0;   /* an offer of aid is to the ally */
}

void nx_state_offer(nx_state *s, uint8_t from, uint8_t to, int on)
{
    assert(from < s->nseats && to < s->nseats && from != to);
    if (on) s->seats[from].offers = (uint8_t)(s->seats[from].offers | (1u << to));
    else s->seats[from].offers = (uint8_t)(s->seats[from].offers & ~(1u << to));
}

void nx_state_clear_offers(nx_state *s)
{
    for (int i = 0; i < s->nseats; i++) s->seats[i].offers = 0;
}

uint32_t nx_state_new_event(nx_state *s) { return ++s->event_seq; }

void nx_state_move_forces(nx_state *s, uint8_t seat, int kind, int from, int to, int n)
{
    assert(seat < s->nseats && kind >= 0 && kind < NX_FORCE_KINDS);
    assert(from >= 0 && from < NX_PLACE_COUNT && to >= 0 && to < NX_PLACE_COUNT);
    /* Moving counters that are not there would create them. */
    assert(n >= 0 && s->seats[seat].forces[from][kind] >= n);
    s->seats[seat].forces[from][kind] = (uint8_t)(s->seats[seat].forces[from][kind] - n);
    s->seats[seat].forces[to][kind] = (uint8_t)(s->seats[seat].forces[to][kind] + n);
}

void nx_state_reserve_all_forces(nx_state *s, uint8_t seat)
{
    nx_seat *st = &s->seats[seat];
    memset(st->forces, 0, sizeof st->forces);
    st->forces[NX_PLACE_RESERVES][NX_FORCE_NORMAL] = (uint8_t)nx_faction_forces((nx_faction)st->faction);
    st->forces[NX_PLACE_RESERVES][NX_FORCE_ELITE] = (uint8_t)nx_faction_elite_forces((nx_faction)st->faction);
}

/* Every counter of a seat is in exactly one place, and none is lost. */
static int check_forces(const nx_state *s, int i, char *msg, size_t len)
{
    const nx_seat *st = &s->seats[i];
    int want[NX_FORCE_KINDS] = { nx_faction_forces((nx_faction)st->faction),
                                 nx_faction_elite_forces((nx_faction)st->faction) };
    int totals[NX_FORCE_KINDS] = { 0 };
    for (int p = 0; p < NX_PLACE_COUNT; p++) /* in memory order: one pass, vectorised */
        for (int k = 0; k < NX_FORCE_KINDS; k++) totals[k] += st->forces[p][k];
    for (int k = 0; k < NX_FORCE_KINDS; k++) {
        int total = totals[k];
        if (total != want[k]) {
            nx_fmt(msg, len, "seat %d has %d %s force counters, its faction has %d", i, total,
                     k ? "elite" : "ordinary", want[k]);
            return -1;
        }
    }
    return 0;
}

nx_pending *nx_state_add_pending(nx_state *s, nx_pending_kind kind, uint8_t seat)
{
    /* At most one decision per seat at a time, and one answer to a held
     * Nexus play's Karama window, is what the lifecycle and panels need;
     * the array is sized for both at once (NX_MAX_PENDING). */
    assert(s->npending < NX_MAX_PENDING);
    assert(seat < s->nseats);
    nx_pending *p = &s->pending[s->npending++];
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    p->seat = seat;
    return p;
}

const nx_pending *nx_state_pending_of(const nx_state *s, uint8_t seat)
{
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].seat == seat) return &s->pending[i];
    return NULL;
}

int nx_state_pending_waits(const nx_state *s, const nx_pending *p)
{
    return s->play.nxh_source && p->kind != NX_PEND_ADV_KARAMA;
}

void nx_state_remove_pending(nx_state *s, const nx_pending *p)
{
    ptrdiff_t i = p - s->pending;
    assert(i >= 0 && i < s->npending);
    memmove(&s->pending[i], &s->pending[i + 1],
            (size_t)(s->npending - i - 1) * sizeof s->pending[0]);
    s->npending--;
    /* Keep the unused tail zeroed so equal games stay byte-identical. */
    memset(&s->pending[s->npending], 0, sizeof s->pending[0]);
}

/* The bytes before the pending decisions, and from nreceipts to the end. */
#define HEAD_BYTES offsetof(nx_state, pending)
#define TAIL_FROM offsetof(nx_state, nreceipts)
_Static_assert(offsetof(nx_state, npending) < HEAD_BYTES &&
                   TAIL_FROM == HEAD_BYTES + sizeof(((nx_state *)0)->pending),
               "nx_state_save copies the count, then the live decisions, then all that follows them");

void nx_state_save(nx_state *saved, const nx_state *s)
{
    assert(s->npending <= NX_MAX_PENDING);
    memcpy(saved, s, HEAD_BYTES);
    memcpy(saved->pending, s->pending, (size_t)s->npending * sizeof s->pending[0]);
    memcpy((char *)saved + TAIL_FROM, (const char *)s + TAIL_FROM, sizeof *s - TAIL_FROM);
}

void nx_state_restore(nx_state *s, const nx_state *saved)
{
    memcpy(s, saved, HEAD_BYTES);
    memcpy(s->pending, saved->pending, (size_t)saved->npending * sizeof s->pending[0]);
    /* Whatever s holds past the saved count (decisions added since) goes. */
    memset(&s->pending[saved->npending], 0, (size_t)(NX_MAX_PENDING - saved->npending) * sizeof s->pending[0]);
    memcpy((char *)s + TAIL_FROM, (const char *)saved + TAIL_FROM, sizeof *s - TAIL_FROM);
}

int nx_state_tail_clear(const nx_state *s)
{
    const unsigned char *p = (const unsigned char *)&s->pending[s->npending];
    const unsigned char *end = (const unsigned char *)&s->pending[NX_MAX_PENDING];
    for (; p < end; p++)
        if (*p) return 0;
    return 1;
}

void nx_state_add_receipt(nx_state *s, uint8_t seat, nx_receipt_kind kind,
                          uint32_t event, const nx_comp *cards, int n)
{
    assert(n >= 0 && n <= NX_RECEIPT_CARDS);
    int slot = (s->receipt_head + s->nreceipts) % NX_MAX_RECEIPTS;
    if (s->nreceipts == NX_MAX_RECEIPTS) {
        slot = s->receipt_head;
        s->receipt_head = (uint8_t)((s->receipt_head + 1) % NX_MAX_RECEIPTS);
    } else {
        s->nreceipts++;
    }
    nx_receipt *r = &s->receipts[slot];
    memset(r, 0, sizeof *r);
    r->event = event;
    r->seat = seat;
    r->kind = (uint8_t)kind;
    r->n = (uint8_t)n;
    memcpy(r->cards, cards, (size_t)n * sizeof *cards);
}

void nx_state_add_told(nx_state *s, uint8_t seat, uint32_t event, const char *note, int value, nx_comp card)
{
    nx_state_add_receipt(s, seat, NX_RCPT_TOLD, event, &card, card == NX_COMP_NONE ? 0 : 1);
    nx_receipt *r = &s->receipts[(s->receipt_head + s->nreceipts - 1) % NX_MAX_RECEIPTS];
    assert(strlen(note) < sizeof r->note);
    memcpy(r->note, note, strlen(note) + 1);
    r->value = (int16_t)value;
}

const nx_receipt *nx_state_receipt(const nx_state *s, int i)
{
    assert(i >= 0 && i < s->nreceipts);
    return &s->receipts[(s->receipt_head + i) % NX_MAX_RECEIPTS];
}

static int check_seats(const nx_state *s, char *msg, size_t len)
{
    for (int i = 0; i < s->nseats; i++) {
        const nx_seat *st = &s->seats[i];
        if (st->faction < 0 || st->faction >= NX_FACTION_COUNT) {
            nx_fmt(msg, len, "seat %d has no faction", i);
            return -1;
        }
        if (st->ally != NX_NO_SEAT &&
            (st->ally >= s->nseats || st->ally == i || s->seats[st->ally].ally != i)) {
            nx_fmt(msg, len, "seat %d's alliance is not mutual", i);
            return -1;
        }
        if (st->policy >= NX_POLICY_COUNT) {
            nx_fmt(msg, len, "seat %d has an unknown draw policy", i);
            return -1;
        }
        if (st->aid < 0 || (st->aid && st->ally == NX_NO_SEAT)) {
            nx_fmt(msg, len, "seat %d offers %d spice of aid %s", i, st->aid,
                   st->aid < 0 ? "(an offer is never negative)" : "but has no ally");
            return -1;
        }
        if (st->spice < 0 || st->bribes < 0) {
            nx_fmt(msg, len, "seat %d has %d spice behind its shield and %d in front: spice is never negative", i,
                   st->spice, st->bribes);
            return -1;
        }
        if (check_forces(s, i, msg, len)) return -1;
        for (int j = 0; j < i; j++)
            if (s->seats[j].faction == st->faction) {
                nx_fmt(msg, len, "seats %d and %d share a faction", j, i);
                return -1;
            }
    }
    return 0;
}

static int check_pending(const nx_state *s, char *msg, size_t len)
{
    for (int i = 0; i < s->npending; i++) {
        const nx_pending *p = &s->pending[i];
        if (p->seat >= s->nseats || p->kind == NX_PEND_NONE ||
            p->noptions > NX_MAX_OPTIONS || p->count > p->noptions + (p->words ? 1 : 0)) {
            nx_fmt(msg, len, "pending decision %d is malformed", i);
            return -1;
        }
        for (int a = 0; a < p->noptions; a++)
            for (int b = 0; b < a; b++)
                if (p->options[a] == p->options[b]) {
                    nx_fmt(msg, len, "pending decision %d repeats an option", i);
                    return -1;
                }
    }
    return 0;
}

/* A Nexus play held for its Karama window (interpreter/nexus/nx_panel_karama.c)
 * lasts exactly as long as that window, and its card stays in the holder's
 * hand until the window settles: a save that says otherwise would leave a
 * play no window can settle, or one whose card is gone. */
static int check_held_play(const nx_state *s, char *msg, size_t len)
{
    const nx_play *p = &s->play;
    if (!p->nxh_source) {
        if (p->nxh_seat || p->nxh_path || p->advw == NX_ADVO_NEXUS_PLAY) {
            nx_fmt(msg, len, "a Karama window against a Nexus play is open with no play held");
            return -1;
        }
        return 0;
    }
    nx_faction faction = nx_source_faction(p->nxh_source);
    if (p->nxh_seat >= s->nseats || p->advw != NX_ADVO_NEXUS_PLAY || faction >= NX_FACTION_COUNT ||
        s->custody.zone[nx_comp_nexus(faction)] != NX_Z_SEAT(p->nxh_seat, NX_ZS_NEXUS_HELD)) {
        nx_fmt(msg, len, "a held Nexus play (seat %d) has no open Karama window or no card in its holder's hand",
               p->nxh_seat);
        return -1;
    }
    return 0;
}

int nx_state_check(const nx_state *s, char *msg, size_t len)
{
    if (s->format != NX_STATE_FORMAT || s->nseats > NX_MAX_SEATS ||
        s->npending > NX_MAX_PENDING || s->nreceipts > NX_MAX_RECEIPTS) {
        nx_fmt(msg, len, "state header is inconsistent");
        return -1;
    }
    if (check_seats(s, msg, len) || check_pending(s, msg, len) || check_held_play(s, msg, len) ||
        nx_effects_check(s, msg, len) || nx_invoices_check(s, msg, len))
        return -1;
    if (nx_custody_check(&s->custody, msg, len)) return -1;
    if (!(s->options & NX_OPT_NEXUS_CARDS))
        for (int f = 0; f < NX_FACTION_COUNT; f++)
            if (s->custody.zone[nx_comp_nexus((nx_faction)f)] != NX_Z_OUT) {
                nx_fmt(msg, len, "a Nexus card is in play without the module");
                return -1;
            }
    /* Seat zones are numbered seat by seat after the global ones, so a seat
     * past the last (nx_zone_seat(z) >= nseats) is a zone past this one. */
    const int first_empty = NX_Z_GLOBAL_COUNT + s->nseats * NX_ZS_COUNT;
    for (int c = 0; c < NX_COMP_COUNT; c++) {
        nx_zone z = s->custody.zone[c];
        if (z >= first_empty) {
            nx_fmt(msg, len, "%s is held by an empty seat", nx_comp_id((nx_comp)c));
            return -1;
        }
    }
    return 0;
}
