/*
 * nx_spice: one transfer function for every movement of a seat's spice
 * (nx_spice.h says why the transfer writes no public line).
 */
#include "nx_spice.h"

#include <assert.h>
#include <stdint.h>

#include "nx_text.h"

/* Asserted only: unused (and so marked) when NDEBUG drops the asserts. */
__attribute__((unused)) static int is_party(const nx_state *s, int who)
{
    return who == NX_SPICE_BANK || (who >= 0 && who < s->nseats);
}

int nx_spice_of(const nx_state *s, int seat)
{
    assert(seat >= 0 && seat < s->nseats);
    return s->seats[seat].spice > 0 ? s->seats[seat].spice : 0;
}

static const char *party(const nx_state *s, int who, char *buf, size_t len)
{
    if (who == NX_SPICE_BANK) {
        nx_fmt(buf, len, "the Spice Bank");
        return buf;
    }
    return nx_act_who(s, who, buf, len);
}

static void record(nx_act *a, int payer, int payee, int amount, const char *reason)
{
    if (a->nledger == NX_LEDGER_MAX) {
        a->ledger_dropped++;
        return;
    }
    struct nx_spice_entry *e = &a->ledger[a->nledger++];
    e->payer = (int8_t)payer;
    e->payee = (int8_t)payee;
    e->amount = (int16_t)amount;
    nx_clip(e->reason, sizeof e->reason, "%s", reason ? reason : "");
}

static int refuse(nx_act *a, const char *fmt, int who, int amount, const char *reason, int has)
{
    char w[64];
    party(a->s, who, w, sizeof w);
    a->failed_late = 1;
    if (fmt[0] == 'p') return nx_act_fail(a, "illegal", "%s cannot pay %d spice for %s: it has %d", w, amount, reason, has);
    return nx_act_fail(a, "illegal", "%s cannot hold %d more spice (for %s): it has %d", w, amount, reason, has);
}

int nx_spice_transfer(nx_act *a, int payer, int payee, int amount, const char *reason)
{
    nx_state *s = a->s;
    /* Callers name seats they hold and amounts they computed: anything
     * else is an engine bug, not a player's mistake. */
    assert(is_party(s, payer) && is_party(s, payee));
    assert(amount >= 0 && amount <= INT16_MAX);
    if (!reason) reason = "spice";
    if (payer != NX_SPICE_BANK && nx_spice_of(s, payer) < amount)
        return refuse(a, "pay", payer, amount, reason, nx_spice_of(s, payer));
    if (payee != NX_SPICE_BANK && payee != payer && s->seats[payee].spice > INT16_MAX - amount)
        return refuse(a, "hold", payee, amount, reason, s->seats[payee].spice);
    if (payer != NX_SPICE_BANK) s->seats[payer].spice = (int16_t)(s->seats[payer].spice - amount);
    if (payee != NX_SPICE_BANK) s->seats[payee].spice = (int16_t)(s->seats[payee].spice + amount);
    assert(payer == NX_SPICE_BANK || s->seats[payer].spice >= 0);
    record(a, payer, payee, amount, reason);
    return 0;
}

int nx_spice_aid_for(const nx_state *s, int seat)
{
    uint8_t ally = s->seats[seat].ally;
    if (ally == NX_NO_SEAT) return 0;
    int aid = s->seats[ally].aid > 0 ? s->seats[ally].aid : 0;
    return aid < nx_spice_of(s, ally) ? aid : nx_spice_of(s, ally);
}

int nx_spice_bribe(nx_act *a, int payer, int payee, int amount)
{
    nx_state *s = a->s;
    assert(payer >= 0 && payer < s->nseats && payee >= 0 && payee < s->nseats && amount >= 0);
    if (nx_spice_of(s, payer) < amount) return refuse(a, "pay", payer, amount, "a bribe", nx_spice_of(s, payer));
    if (s->seats[payee].bribes > INT16_MAX - amount)
        return refuse(a, "hold", payee, amount, "a bribe", s->seats[payee].bribes);
    s->seats[payer].spice = (int16_t)(s->seats[payer].spice - amount);
    s->seats[payee].bribes = (int16_t)(s->seats[payee].bribes + amount);
    record(a, payer, payee, amount, "bribe, in front of the shield");
    return 0;
}

int nx_spice_collect_bribes(nx_act *a, int seat)
{
    nx_state *s = a->s;
    assert(seat >= 0 && seat < s->nseats);
    nx_seat *st = &s->seats[seat];
    int lying = st->bribes;
    assert(lying >= 0);
    /* A seat holds at most INT16_MAX: any excess goes back to the bank. */
    int room = INT16_MAX - st->spice, take = lying < room ? lying : room;
    st->spice = (int16_t)(st->spice + take);
    st->bribes = 0;
    record(a, seat, seat, lying, "bribes collected");
    return lying;
}

int nx_spice_set(nx_act *a, int seat, int amount, const char *reason)
{
    nx_state *s = a->s;
    assert(seat >= 0 && seat < s->nseats);
    if (amount < 0 || amount > INT16_MAX) {
        a->failed_late = 1;
        return nx_act_fail(a, "illegal", "a seat's spice must be from 0 to %d, not %d", INT16_MAX, amount);
    }
    int have = s->seats[seat].spice;
    if (amount >= have) return nx_spice_transfer(a, NX_SPICE_BANK, seat, amount - have, reason);
    return nx_spice_transfer(a, seat, NX_SPICE_BANK, have - amount, reason);
}
