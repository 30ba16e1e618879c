#include "nx_play.h"
#include "nx_text.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_adv.h"
#include "nx_battle_codes.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_invoice.h"
#include "nx_map.h"

void nx_play_init(nx_play *p)
{
    memset(p, 0, sizeof *p);
    p->dialers[0] = p->dialers[1] = NX_NO_SEAT;
    p->dials[0] = p->dials[1] = NX_NO_DIAL;
    p->ride_territory = 0xff;
    p->worm_at = 0xff;
    p->worm_t = 0xff;
    p->prediction_faction = 0xff;
    p->bid_winner = NX_NO_SEAT;
    p->bid_opener = NX_NO_SEAT;
    p->bid_turn = NX_NO_SEAT;
    p->mover = NX_NO_SEAT;
    p->advise_section = 0xff;
    p->intrusion_at = 0xff;
    p->use_seat = NX_NO_SEAT;
    p->battle_t = p->battle_sec = p->battle_captive = 0xff;
    p->battle_seats[0] = p->battle_seats[1] = p->battle_winner = NX_NO_SEAT;
    memset(p->battle_leader, NX_COMP_NONE, sizeof p->battle_leader);
    memset(p->battle_weapon, NX_COMP_NONE, sizeof p->battle_weapon);
    memset(p->battle_defence, NX_COMP_NONE, sizeof p->battle_defence);
    p->event_user = p->event_target = NX_NO_SEAT;
    p->advw_user = p->karama_give_to = NX_NO_SEAT;
    memset(p->effect_seat, NX_NO_SEAT, sizeof p->effect_seat);
    memset(p->effect_territory, 0xff, sizeof p->effect_territory);
    memset(p->inv_buyer, NX_NO_SEAT, sizeof p->inv_buyer);
    memset(p->inv_payee, NX_NO_SEAT, sizeof p->inv_payee);
    memset(p->inv_item, NX_COMP_NONE, sizeof p->inv_item);
    memset(p->inv_payer, NX_NO_SEAT, sizeof p->inv_payer);
}

int nx_play_battle_side(const nx_state *s, uint8_t seat)
{
    if (s->play.battle_t == 0xff) return -1;
    for (int i = 0; i < 2; i++)
        if (s->play.battle_seats[i] == seat) return i;
    return -1;
}

int nx_play_bit(const uint8_t *bits, int i) { return (bits[i / 8] >> (i % 8)) & 1; }

void nx_play_set_bit(uint8_t *bits, int i, int on)
{
    if (on) bits[i / 8] = (uint8_t)(bits[i / 8] | (1u << (i % 8)));
    else bits[i / 8] = (uint8_t)(bits[i / 8] & ~(1u << (i % 8)));
}

/* ---- the field table ------------------------------------------------------ */

typedef enum {
    PF_INT,     /* uint8_t[n]: an integer (n == 1) or an array, each 0..max */
    PF_SEAT,    /* uint8_t[n]: a seat number or null (NX_NO_SEAT) */
    PF_MASK,    /* uint8_t: a set of seats, written as a sorted array */
    PF_BITS,    /* uint8_t[n]: a bitset of max bits, written as the set bits */
    PF_SPICE    /* uint16_t[NX_MAP_SECTIONS]: {section id: amount}, non-zero only */
} pf_type;

typedef struct pf {
    const char *name;
    size_t offset;
    pf_type type;
    int n;          /* elements (bytes for PF_BITS) */
    int max;        /* largest value; for PF_INT 0xff means "255 is 'none'" too */
    size_t size;    /* sizeof the member, for the coverage check */
} pf;

#define F(name, type, n, max) { #name, offsetof(nx_play, name), type, n, max, sizeof(((nx_play *)0)->name) }

static const pf fields[] = {
    F(rule, PF_INT, NX_RULE_COUNT, 2),
    F(circle, PF_INT, NX_MAX_SEATS, NX_MAP_SECTORS),
    F(storm_sector, PF_INT, 1, NX_MAP_SECTORS),
    F(dialers, PF_SEAT, 2, 0),
    F(dials, PF_INT, 2, 0xff),
    F(shield_wall_down, PF_INT, 1, 1),
    F(storm_move, PF_INT, 1, 41),
    F(weather, PF_INT, 1, 11),
    F(storm_played, PF_INT, 1, 1),
    F(storm_unseen, PF_INT, 1, 1),
    F(step, PF_INT, 1, 0xff),
    F(closing, PF_INT, 1, 2),
    F(window_next, PF_INT, 1, NX_MAX_SEATS),
    F(cursor, PF_INT, 1, 0xff),
    F(blow_pile, PF_INT, 1, 1),
    F(ride_territory, PF_INT, 1, 0xff),
    F(nexus_done, PF_MASK, 1, 0),
    F(nexus_offered, PF_MASK, 1, 0),
    F(nexus_allied, PF_MASK, 1, 0),
    F(nexus_due, PF_INT, 1, 1),
    F(blow_worms, PF_INT, 1, 0xff),
    F(worm_at, PF_INT, 1, 0xff),
    F(ride_from, PF_BITS, NX_TERRITORY_BYTES, NX_MAP_TERRITORIES),
    F(prediction_faction, PF_INT, 1, 0xff),
    F(prediction_turn, PF_INT, 1, NX_LAST_TURN),
    F(bid_lots, PF_INT, 1, NX_MAX_SEATS),
    F(bid_lot, PF_INT, 1, NX_MAX_SEATS),
    F(bid_high, PF_INT, 1, 0xff),
    F(bid_winner, PF_SEAT, 1, 0),
    F(bid_opener, PF_SEAT, 1, 0),
    F(bid_turn, PF_SEAT, 1, 0),
    F(bid_passed, PF_MASK, 1, 0),
    F(bid_eligible, PF_MASK, 1, 0),
    F(bid_karama, PF_INT, 1, 1),
    F(revived, PF_MASK, 1, 0),
    F(revived_elite, PF_MASK, 1, 0),
    F(shipped, PF_MASK, 1, 0),
    F(moved, PF_MASK, 1, 0),
    F(acted, PF_MASK, 1, 0),
    F(guild_delayed, PF_INT, 1, 1),
    F(guild_timing, PF_INT, 1, NX_GUILD_TIMING_STORM_ORDER),
    F(ornithopters, PF_MASK, 1, 0),
    F(move_begun, PF_MASK, 1, 0),
    F(mover, PF_SEAT, 1, 0),
    F(advise_section, PF_INT, 1, 0xff),
    F(intrusion_at, PF_INT, 1, 0xff),
    F(accompanied, PF_BITS, NX_TERRITORY_BYTES, NX_MAP_TERRITORIES),
    F(second_stage, PF_INT, 1, NX_MAX_SEATS),
    F(second_shipped, PF_INT, 1, 1),
    F(use_window, PF_INT, 1, 2),
    F(use_seat, PF_SEAT, 1, 0),
    F(flip_set, PF_BITS, NX_TERRITORY_BYTES, NX_MAP_TERRITORIES),
    F(ship_window, PF_INT, 1, 2),
    F(battle_t, PF_INT, 1, 0xff),
    F(battle_sec, PF_INT, 1, 0xff),
    F(battle_seats, PF_SEAT, 2, 0),
    F(battle_leader, PF_INT, 2, 0xff),
    F(battle_weapon, PF_INT, 2, 0xff),
    F(battle_defence, PF_INT, 2, 0xff),
    F(battle_dial, PF_INT, 2, 0xff),
    F(battle_support, PF_INT, 2, 0xff),
    F(battle_lose, PF_INT, 2 * NX_FORCE_KINDS, 0xff),
    F(battle_planned, PF_INT, 1, 3),
    F(battle_shown, PF_INT, 1, 1),
    F(battle_callers, PF_MASK, 1, 0),
    F(battle_winner, PF_SEAT, 1, 0),
    F(battle_captive, PF_INT, 1, 0xff),
    F(leader_fought, PF_INT, NX_LEADER_COUNT, NX_MAP_TERRITORIES),
    F(captive_fought, PF_BITS, NX_LEADER_BYTES, NX_LEADER_COUNT),
    F(battle_kh, PF_INT, 1, 3),
    F(battle_fixed, PF_INT, 2, (NX_FIX_SUPPORT << 1) - 1),
    F(voice_mode, PF_INT, 1, NX_VOICE_NOT_PLAY),
    F(voice_what, PF_INT, 1, 0xff),
    F(prescience_elem, PF_INT, 1, NX_ELEM_COUNT - 1),
    F(karama_window, PF_INT, 1, NX_ADV_COUNT - 1),
    F(karama_players, PF_MASK, 1, 0),
    F(battle_stopped, PF_INT, 1, (1u << NX_ADV_COUNT) - 1),
    F(karama_phase, PF_INT, 1, (1u << NX_ADV_COUNT) - 1),
    F(kh_losses, PF_INT, 1, 0xff),
    F(kh_dead, PF_INT, 1, 1),
    F(kh_used, PF_INT, 1, NX_MAP_TERRITORIES),
    F(leader_died, PF_BITS, NX_LEADER_BYTES, NX_LEADER_COUNT),
    F(leader_again, PF_BITS, NX_LEADER_BYTES, NX_LEADER_COUNT),
    F(advisors, PF_BITS, NX_ADVISOR_BYTES, NX_MAP_SECTIONS),
    F(winners, PF_MASK, 1, 0),
    F(over, PF_INT, 1, 1),
    F(spice, PF_SPICE, NX_MAP_SECTIONS, 0),
    F(event_now, PF_INT, 1, NX_EV_COUNT - 1),
    F(event_user, PF_SEAT, 1, 0),
    F(event_target, PF_SEAT, 1, 0),
    F(nexus_players, PF_MASK, 1, 0),
    F(effect_kind, PF_INT, NX_MAX_EFFECTS, NX_EFF_COUNT - 1),
    F(effect_seat, PF_SEAT, NX_MAX_EFFECTS, 0),
    F(effect_source, PF_INT, NX_MAX_EFFECTS, 3 * NX_FACTION_COUNT),
    F(effect_end, PF_INT, NX_MAX_EFFECTS, NX_END_COUNT - 1),
    F(effect_arg, PF_INT, NX_MAX_EFFECTS, 0xff),
    F(effect_territory, PF_INT, NX_MAX_EFFECTS, 0xff),
    F(effect_turn, PF_INT, NX_MAX_EFFECTS, 0xff),
    F(inv_kind, PF_INT, NX_MAX_INVOICES, NX_INV_KIND_COUNT - 1),
    F(inv_status, PF_INT, NX_MAX_INVOICES, NX_INV_STATUS_COUNT - 1),
    F(inv_means, PF_INT, NX_MAX_INVOICES, NX_INV_MEANS_COUNT - 1),
    F(inv_buyer, PF_SEAT, NX_MAX_INVOICES, 0),
    F(inv_payee, PF_SEAT, NX_MAX_INVOICES, 0),
    F(inv_item, PF_INT, NX_MAX_INVOICES, 0xff),
    F(inv_lot, PF_INT, NX_MAX_INVOICES, 0xff),
    F(inv_price, PF_INT, NX_MAX_INVOICES, 0xff),
    F(inv_payer, PF_SEAT, NX_MAX_INVOICES * NX_INVOICE_PAYERS, 0),
    F(inv_share, PF_INT, NX_MAX_INVOICES * NX_INVOICE_PAYERS, 0xff),
    F(inv_redirect, PF_INT, NX_MAX_INVOICES, 3 * NX_FACTION_COUNT),
    F(inv_turn, PF_INT, NX_MAX_INVOICES, 0xff),
    F(inv_terms, PF_INT, NX_MAX_INVOICES, NX_INV_TERMS_ALL),
    F(worm_seq, PF_INT, 1, 0xff),
    F(worm_empty, PF_INT, 1, 1),
    F(worm_window, PF_INT, 1, 1),
    F(worm_t, PF_INT, 1, 0xff),
    F(advw, PF_INT, 1, NX_ADVO_COUNT - 1),
    F(advw_user, PF_SEAT, 1, 0),
    F(advw_players, PF_MASK, 1, 0),
    F(advw_done, PF_BITS, NX_ADVO_BYTES, NX_ADVO_COUNT),
    F(advw_stopped, PF_BITS, NX_ADVO_BYTES, NX_ADVO_COUNT),
    F(karama_power_used, PF_MASK, 1, 0),
    F(karama_give, PF_INT, 1, NX_MAX_OPTIONS),
    F(karama_give_to, PF_SEAT, 1, 0),
    F(advh, PF_INT, 1, NX_ADVO_COUNT - 1),
    F(advh_arg, PF_INT, NX_ADVH_ARGS, 0xff),
    F(nxh_source, PF_INT, 1, NX_FACTION_COUNT * 3),
    F(nxh_seat, PF_INT, 1, NX_MAX_SEATS - 1),
    F(nxh_path, PF_INT, 1, 0xff),
};
#define NFIELDS (sizeof fields / sizeof fields[0])

int nx_play_table_check(char *msg, size_t len)
{
    size_t at = 0;
    for (;;) {
        /* The field starting at the lowest offset >= at. */
        const pf *next = NULL;
        for (size_t i = 0; i < NFIELDS; i++)
            if (fields[i].offset >= at && (!next || fields[i].offset < next->offset)) next = &fields[i];
        size_t end = next ? next->offset : sizeof(nx_play);
        /* Members are uint8_t or uint16_t: padding is at most one byte. */
        if (end - at > 1 || (end - at == 1 && (!next || next->type != PF_SPICE))) {
            nx_fmt(msg, len, "nx_play bytes %zu..%zu are in no field of the codec table", at, end - 1);
            return -1;
        }
        if (!next) return 0;
        at = next->offset + next->size;
    }
}

/* ---- encoding ---------------------------------------------------------------- */

static json_t *enc_seat(uint8_t v, int nseats)
{
    if (v == NX_NO_SEAT) return json_null();
    return v < nseats ? json_integer(v) : NULL;
}

static json_t *enc_mask(uint8_t m, int nseats)
{
    if (m >> nseats) return NULL;
    json_t *a = json_array();
    for (int i = 0; i < nseats; i++)
        if (m & (1u << i)) json_array_append_new(a, json_integer(i));
    return a;
}

static json_t *enc_field(const pf *f, const nx_play *p, int nseats)
{
    const uint8_t *b = (const uint8_t *)p + f->offset;
    json_t *a;
    switch (f->type) {
    case PF_INT:
        for (int i = 0; i < f->n; i++)
            if (b[i] > f->max) return NULL;
        if (f->n == 1) return json_integer(b[0]);
        a = json_array();
        for (int i = 0; i < f->n; i++) json_array_append_new(a, json_integer(b[i]));
        return a;
    case PF_SEAT:
        if (f->n == 1) return enc_seat(b[0], nseats);
        a = json_array();
        for (int i = 0; i < f->n; i++) {
            json_t *v = enc_seat(b[i], nseats);
            if (!v) {
                json_decref(a);
                return NULL;
            }
            json_array_append_new(a, v);
        }
        return a;
    case PF_MASK: return enc_mask(b[0], nseats);
    case PF_BITS:
        a = json_array();
        for (int i = 0; i < f->n * 8; i++) {
            if (!nx_play_bit(b, i)) continue;
            if (i >= f->max) {
                json_decref(a);
                return NULL;
            }
            json_array_append_new(a, json_integer(i));
        }
        return a;
    case PF_SPICE:
        a = json_object();
        for (int s = 0; s < NX_MAP_SECTIONS; s++)
            if (p->spice[s]) json_object_set_new(a, nx_map_section_id(s), json_integer(p->spice[s]));
        return a;
    }
    return NULL;
}

json_t *nx_play_encode(const nx_play *p, int nseats)
{
    json_t *o = json_object();
    for (size_t i = 0; i < NFIELDS; i++) {
        json_t *v = enc_field(&fields[i], p, nseats);
        if (!v) {
            json_decref(o);
            return NULL;
        }
        json_object_set_new(o, fields[i].name, v);
    }
    return o;
}

/* ---- decoding ------------------------------------------------------------------ */

typedef struct dec {
    char *err;
    size_t len;
} dec;

static int fail(dec *d, const pf *f, const char *why, long long i)
{
    if (i >= 0) nx_fmt(d->err, d->len, "play.%s[%lld]: %s", f->name, i, why);
    else nx_fmt(d->err, d->len, "play.%s: %s", f->name, why);
    return -1;
}

static int dec_int(dec *d, const pf *f, const json_t *v, long long i, long long lo, long long hi, uint8_t *out)
{
    if (!json_is_integer(v)) return fail(d, f, "expected an integer", i);
    long long x = json_integer_value(v);
    if (x < lo || x > hi) return fail(d, f, "out of range", i);
    *out = (uint8_t)x;
    return 0;
}

static int dec_seat(dec *d, const pf *f, const json_t *v, long long i, int nseats, uint8_t *out)
{
    if (json_is_null(v)) {
        *out = NX_NO_SEAT;
        return 0;
    }
    if (!nseats) return fail(d, f, "a seat without seats", i);
    return dec_int(d, f, v, i, 0, nseats - 1, out);
}

static int dec_array(dec *d, const pf *f, const json_t *v, size_t lo, size_t hi)
{
    if (!json_is_array(v)) return fail(d, f, "expected an array", -1);
    if (json_array_size(v) < lo || json_array_size(v) > hi) return fail(d, f, "wrong number of entries", -1);
    return 0;
}

/* Set members (seats of a mask, bits of a bitset): strictly increasing. */
static int dec_set(dec *d, const pf *f, const json_t *v, int limit, uint8_t *bits)
{
    if (dec_array(d, f, v, 0, (size_t)limit)) return -1;
    long long prev = -1;
    for (size_t i = 0; i < json_array_size(v); i++) {
        uint8_t x = 0;
        /* limit >= 1 here: dec_array refused any member when it is 0. */
        if (dec_int(d, f, json_array_get(v, i), (long long)i, 0, limit - 1, &x)) return -1;
        if (x <= prev) return fail(d, f, "members must be distinct and in increasing order", (long long)i);
        prev = x;
        nx_play_set_bit(bits, x, 1);
    }
    return 0;
}

static int dec_spice(dec *d, const pf *f, const json_t *v, nx_play *p)
{
    if (!json_is_object(v)) return fail(d, f, "expected an object", -1);
    const char *key;
    json_t *amount;
    json_object_foreach((json_t *)v, key, amount) {
        int s = nx_map_section_parse(key);
        if (s < 0) {
            nx_clip(d->err, d->len, "play.spice.%s: unknown board section", key);
            return -1;
        }
        if (!json_is_integer(amount) || json_integer_value(amount) < 1 || json_integer_value(amount) > 9999) {
            nx_clip(d->err, d->len, "play.spice.%s: expected an amount 1..9999", key);
            return -1;
        }
        p->spice[s] = (uint16_t)json_integer_value(amount);
    }
    return 0;
}

static int dec_field(dec *d, const pf *f, const json_t *v, int nseats, nx_play *p)
{
    uint8_t *b = (uint8_t *)p + f->offset;
    switch (f->type) {
    case PF_INT:
        if (f->n == 1) return dec_int(d, f, v, -1, 0, f->max, b);
        if (dec_array(d, f, v, (size_t)f->n, (size_t)f->n)) return -1;
        for (int i = 0; i < f->n; i++)
            if (dec_int(d, f, json_array_get(v, (size_t)i), i, 0, f->max, &b[i])) return -1;
        return 0;
    case PF_SEAT:
        if (f->n == 1) return dec_seat(d, f, v, -1, nseats, b);
        if (dec_array(d, f, v, (size_t)f->n, (size_t)f->n)) return -1;
        for (int i = 0; i < f->n; i++)
            if (dec_seat(d, f, json_array_get(v, (size_t)i), i, nseats, &b[i])) return -1;
        return 0;
    case PF_MASK: b[0] = 0; return dec_set(d, f, v, nseats, b);
    case PF_BITS: memset(b, 0, (size_t)f->n); return dec_set(d, f, v, f->max, b);
    case PF_SPICE: return dec_spice(d, f, v, p);
    }
    return fail(d, f, "unknown field type", -1);
}

int nx_play_decode(const json_t *j, int nseats, nx_play *out, char *err, size_t errlen)
{
    dec d = { err, errlen };
    if (!json_is_object(j)) {
        nx_fmt(err, errlen, "play: expected an object");
        return -1;
    }
    nx_play p;
    memset(&p, 0, sizeof p);
    /* Every field present and no more keys than fields means no unknown
     * key; the name-by-name search runs only when there is one (saved
     * states are decoded after every action in tests: keep it linear). */
    if (json_object_size(j) > NFIELDS) {
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)j, key, v) {
            size_t i = 0;
            while (i < NFIELDS && strcmp(fields[i].name, key)) i++;
            if (i == NFIELDS) {
                nx_clip(err, errlen, "play.%s: unknown key", key);
                return -1;
            }
        }
    }
    for (size_t i = 0; i < NFIELDS; i++) {
        const json_t *fv = json_object_get(j, fields[i].name);
        if (!fv) return fail(&d, &fields[i], "missing", -1);
        if (dec_field(&d, &fields[i], fv, nseats, &p)) return -1;
    }
    memcpy(out, &p, sizeof p);
    return 0;
}
