#include "nx_state_json.h"
#include "nx_text.h"

#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_names.h"
#include "nx_play.h"

/* ---- names ------------------------------------------------------------------ */

#define NX_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The bit masks and the name tables must describe the same options/words. */
/* offers is a byte of seat bits and components are bytes: the loops below
 * rely on both. */
_Static_assert(NX_MAX_SEATS <= 8, "offers bit mask");
_Static_assert(NX_COMP_COUNT < NX_COMP_NONE, "component ids fit a byte");

static const char *nx_state_json_name_of(const char *const *names, size_t n, unsigned v)
{
    return v < n ? names[v] : NULL;
}

static const char *nx_state_json_phase_name(uint8_t phase)
{
    if (phase == NX_P_SETUP) return "setup";
    return nx_state_json_name_of(nx_names_phase, NX_P_COUNT, phase);
}

/* ---- encoding -----------------------------------------------------------------
 * Builders return NULL when a value has no name or memory ran out; jansson's
 * *_set_new / *_append_new refuse a NULL value (returning -1), so a failure
 * anywhere propagates up through `bad` without special cases. */

static int nx_state_json_put(json_t *obj, const char *key, json_t *v)
{
    return json_object_set_new(obj, key, v) ? 1 : 0;
}

static int nx_state_json_push(json_t *arr, json_t *v) { return json_array_append_new(arr, v) ? 1 : 0; }

static json_t *nx_state_json_finish(json_t *v, int bad)
{
    if (!bad) return v;
    json_decref(v);
    return NULL;
}

static json_t *nx_state_json_comp(nx_comp c)
{
    return c < NX_COMP_COUNT ? json_string(nx_comp_id(c)) : NULL;
}

static json_t *nx_state_json_comps(const nx_comp *v, int n)
{
    json_t *a = json_array();
    int bad = 0;
    for (int i = 0; i < n; i++) bad |= nx_state_json_push(a, nx_state_json_comp(v[i]));
    return nx_state_json_finish(a, bad);
}

/* A char[] field: up to its NUL (or its size, which decoding then refuses). */
static json_t *nx_state_json_text(const char *buf, size_t size)
{
    return json_stringn(buf, strnlen(buf, size));
}

/* A 0/1 byte as a boolean; any other value would not survive the trip. */
static json_t *nx_state_json_bool(uint8_t v) { return v <= 1 ? json_boolean(v) : NULL; }

static json_t *nx_state_json_seat_or_null(uint8_t seat)
{
    return seat == NX_NO_SEAT ? json_null() : json_integer(seat);
}

/* A bit mask as the names of its bits; NULL if a bit has no name. */
static json_t *nx_state_json_mask(unsigned mask, const char *const *names, size_t n)
{
    if (mask >> n) return NULL;
    json_t *a = json_array();
    int bad = 0;
    for (size_t b = 0; b < n; b++)
        if (mask & (1u << b)) bad |= nx_state_json_push(a, json_string(names[b]));
    return nx_state_json_finish(a, bad);
}

static json_t *nx_state_json_u64_text(const char *fmt, uint64_t v)
{
    char buf[24];
    nx_fmt(buf, sizeof buf, fmt, v);
    return json_string(buf);
}

static json_t *nx_state_json_rng(const nx_rng *r)
{
    json_t *a = json_array();
    int bad = 0;
    for (int i = 0; i < 4; i++) bad |= nx_state_json_push(a, nx_state_json_u64_text("%016" PRIx64, r->s[i]));
    return nx_state_json_finish(a, bad);
}

static json_t *nx_state_json_pair(const uint8_t v[NX_FORCE_KINDS])
{
    return json_pack("[i, i]", v[NX_FORCE_NORMAL], v[NX_FORCE_ELITE]);
}

/* {"reserves": [n, e], "tanks": [n, e], "board": {"<section>": [n, e], ...}} */
static json_t *nx_state_json_forces(const nx_seat *st)
{
    json_t *board = json_object();
    int bad = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        const uint8_t *f = st->forces[NX_PLACE_BOARD(sec)];
        if (f[NX_FORCE_NORMAL] || f[NX_FORCE_ELITE])
            bad |= nx_state_json_put(board, nx_map_section_id(sec), nx_state_json_pair(f));
    }
    json_t *o = json_object();
    bad |= nx_state_json_put(o, "reserves", nx_state_json_pair(st->forces[NX_PLACE_RESERVES]));
    bad |= nx_state_json_put(o, "tanks", nx_state_json_pair(st->forces[NX_PLACE_TANKS]));
    bad |= nx_state_json_put(o, "board", board);
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_seat(const nx_seat *st)
{
    json_t *o = json_object(), *offers = json_array();
    int bad = 0;
    for (int j = 0; j < 8; j++)
        if (st->offers & (1u << j)) bad |= nx_state_json_push(offers, json_integer(j));
    bad |= nx_state_json_put(o, "faction", st->faction >= 0 && st->faction < NX_FACTION_COUNT
                                               ? json_string(nx_faction_id((nx_faction)st->faction))
                                               : NULL);
    bad |= nx_state_json_put(o, "ally", nx_state_json_seat_or_null(st->ally));
    bad |= nx_state_json_put(o, "policy", json_string(nx_state_json_name_of(
                                              nx_names_policy, NX_POLICY_COUNT, st->policy)));
    bad |= nx_state_json_put(o, "offers", offers);
    bad |= nx_state_json_put(o, "spice", json_integer(st->spice));
    bad |= nx_state_json_put(o, "bribes", json_integer(st->bribes));
    bad |= nx_state_json_put(o, "aid", json_integer(st->aid));
    bad |= nx_state_json_put(o, "forces", nx_state_json_forces(st));
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_seats(const nx_state *s)
{
    json_t *a = json_array();
    int bad = 0;
    for (int i = 0; i < s->nseats && i < NX_MAX_SEATS; i++)
        bad |= nx_state_json_push(a, nx_state_json_seat(&s->seats[i]));
    return nx_state_json_finish(a, bad);
}

/* zones and order of one custody: every non-empty zone except "out". */
static int nx_state_json_zones(const nx_custody *c, json_t *zones, json_t *order)
{
    int bad = 0;
    for (int z = NX_Z_OUT + 1; z < NX_ZONE_COUNT; z++) {
        nx_comp v[NX_COMP_COUNT];
        int n = nx_custody_list(c, (nx_zone)z, v, NX_COMP_COUNT);
        if (!n) continue;
        char name[48];
        nx_zone_name((nx_zone)z, name, sizeof name);
        json_t *keys = json_array();
        for (int i = 0; i < n; i++) bad |= nx_state_json_push(keys, json_integer(c->order[v[i]]));
        bad |= nx_state_json_put(zones, name, nx_state_json_comps(v, n));
        bad |= nx_state_json_put(order, name, keys);
    }
    return bad;
}

static json_t *nx_state_json_out_order(const nx_custody *c)
{
    json_t *o = json_object();
    int bad = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++)
        if (c->zone[i] == NX_Z_OUT && c->order[i])
            bad |= nx_state_json_put(o, nx_comp_id((nx_comp)i), json_integer(c->order[i]));
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_custody(const nx_custody *c)
{
    /* A zone byte past the last zone cannot be named; nx_custody_list
     * would silently skip it, so refuse to encode instead. */
    for (int i = 0; i < NX_COMP_COUNT; i++)
        if (c->zone[i] >= NX_ZONE_COUNT) return NULL;
    json_t *o = json_object(), *zones = json_object(), *order = json_object();
    int bad = nx_state_json_zones(c, zones, order);
    bad |= nx_state_json_put(o, "next_top", json_integer(c->next_top));
    bad |= nx_state_json_put(o, "next_bottom", json_integer(c->next_bottom));
    bad |= nx_state_json_put(o, "in_game", json_integer(c->in_game));
    bad |= nx_state_json_put(o, "sealed", nx_state_json_bool(c->sealed));
    bad |= nx_state_json_put(o, "zones", zones);
    bad |= nx_state_json_put(o, "order", order);
    bad |= nx_state_json_put(o, "out_order", nx_state_json_out_order(c));
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_one_pending(const nx_pending *p)
{
    json_t *o = json_object();
    int bad = p->noptions > NX_MAX_OPTIONS;
    bad |= nx_state_json_put(o, "kind", json_string(nx_state_json_name_of(
                                            nx_names_pending, NX_COUNT_OF(nx_names_pending), p->kind)));
    bad |= nx_state_json_put(o, "seat", json_integer(p->seat));
    bad |= nx_state_json_put(o, "count", json_integer(p->count));
    bad |= nx_state_json_put(o, "options", nx_state_json_comps(p->options, bad ? 0 : p->noptions));
    bad |= nx_state_json_put(o, "words", nx_state_json_mask(p->words, nx_names_word,
                                                            NX_COUNT_OF(nx_names_word)));
    bad |= nx_state_json_put(o, "private_options", nx_state_json_bool(p->private_options));
    bad |= nx_state_json_put(o, "min", json_integer(p->min));
    bad |= nx_state_json_put(o, "max", json_integer(p->max));
    bad |= nx_state_json_put(o, "event", json_integer(p->event));
    bad |= nx_state_json_put(o, "prompt", nx_state_json_text(p->prompt, sizeof p->prompt));
    bad |= nx_state_json_put(o, "panel", nx_state_json_text(p->panel, sizeof p->panel));
    bad |= nx_state_json_put(o, "resume", nx_state_json_text(p->resume, sizeof p->resume));
    bad |= nx_state_json_put(o, "saved", nx_state_json_text(p->saved, sizeof p->saved));
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_pendings(const nx_state *s)
{
    json_t *a = json_array();
    int bad = s->npending > NX_MAX_PENDING;
    for (int i = 0; !bad && i < s->npending; i++)
        bad |= nx_state_json_push(a, nx_state_json_one_pending(&s->pending[i]));
    return nx_state_json_finish(a, bad);
}

static json_t *nx_state_json_one_receipt(const nx_receipt *r)
{
    json_t *o = json_object();
    int bad = r->n > NX_RECEIPT_CARDS;
    bad |= nx_state_json_put(o, "event", json_integer(r->event));
    bad |= nx_state_json_put(o, "seat", json_integer(r->seat));
    bad |= nx_state_json_put(o, "kind", json_string(nx_state_json_name_of(
                                            nx_names_receipt,
                                            NX_COUNT_OF(nx_names_receipt), r->kind)));
    bad |= nx_state_json_put(o, "cards", nx_state_json_comps(r->cards, bad ? 0 : r->n));
    /* Only a "told" receipt has a note and a value (older saves have none). */
    if (r->kind == NX_RCPT_TOLD) {
        bad |= nx_state_json_put(o, "note", nx_state_json_text(r->note, sizeof r->note));
        bad |= nx_state_json_put(o, "value", json_integer(r->value));
    }
    return nx_state_json_finish(o, bad);
}

static json_t *nx_state_json_receipts(const nx_state *s)
{
    json_t *a = json_array();
    int bad = s->nreceipts > NX_MAX_RECEIPTS || s->receipt_head >= NX_MAX_RECEIPTS;
    for (int i = 0; !bad && i < s->nreceipts; i++)
        bad |= nx_state_json_push(a, nx_state_json_one_receipt(nx_state_receipt(s, i)));
    return nx_state_json_finish(a, bad);
}

static int nx_state_json_header(const nx_state *s, json_t *o)
{
    int bad = 0;
    bad |= nx_state_json_put(o, "format", json_integer(s->format));
    bad |= nx_state_json_put(o, "version", json_integer(s->version));
    bad |= nx_state_json_put(o, "seed", nx_state_json_u64_text("%" PRIu64, s->seed));
    bad |= nx_state_json_put(o, "rng", nx_state_json_rng(&s->rng));
    bad |= nx_state_json_put(o, "nseats", s->nseats <= NX_MAX_SEATS ? json_integer(s->nseats) : NULL);
    bad |= nx_state_json_put(o, "options", nx_state_json_mask(s->options, nx_names_option,
                                                              NX_COUNT_OF(nx_names_option)));
    bad |= nx_state_json_put(o, "phase", json_string(nx_state_json_phase_name(s->phase)));
    bad |= nx_state_json_put(o, "turn", json_integer(s->turn));
    bad |= nx_state_json_put(o, "first_seat", json_integer(s->first_seat));
    bad |= nx_state_json_put(o, "nexus_occurred", nx_state_json_bool(s->nexus_occurred));
    bad |= nx_state_json_put(o, "negotiating", nx_state_json_bool(s->negotiating));
    bad |= nx_state_json_put(o, "draw_next", nx_state_json_seat_or_null(s->draw_next));
    bad |= nx_state_json_put(o, "event_seq", json_integer(s->event_seq));
    return bad;
}

json_t *nx_state_json_encode(const nx_state *s)
{
    json_t *o = json_object();
    int bad = nx_state_json_header(s, o);
    bad |= nx_state_json_put(o, "seats", nx_state_json_seats(s));
    bad |= nx_state_json_put(o, "play", nx_play_encode(&s->play, s->nseats));
    bad |= nx_state_json_put(o, "custody", nx_state_json_custody(&s->custody));
    bad |= nx_state_json_put(o, "pending", nx_state_json_pendings(s));
    bad |= nx_state_json_put(o, "receipt_head", json_integer(s->receipt_head));
    bad |= nx_state_json_put(o, "receipts", nx_state_json_receipts(s));
    return nx_state_json_finish(o, bad);
}

char *nx_state_json_encode_text(const nx_state *s)
{
    json_t *j = nx_state_json_encode(s);
    if (!j) return NULL;
    char *text = json_dumps(j, JSON_PRESERVE_ORDER | JSON_COMPACT);
    json_decref(j);
    return text;
}

/* ---- decoding: diagnostics and paths ----------------------------------------
 * Every step returns 0 or -1 (after writing "path: message").  The JSON
 * path is a chain of stack nodes, rendered only when a message is written,
 * so a valid document costs no formatting.  Locals that receive
 * out-parameters are initialised anyway: gcc -O2 cannot always see that a
 * failed step returns before they are read (-Wmaybe-uninitialized). */

typedef struct nx_state_json_path {
    const struct nx_state_json_path *up;   /* NULL: the document itself */
    const char *key;                       /* NULL: an array index */
    size_t index;
} nx_state_json_path;

/* &child of a path: a compound literal, alive until the enclosing block ends. */
#define NX_AT(up, key) (&(nx_state_json_path){ (up), (key), 0 })
#define NX_AT_I(up, i) (&(nx_state_json_path){ (up), NULL, (i) })

typedef struct nx_state_json_comp_entry {
    const char *id;
    nx_comp comp;
} nx_state_json_comp_entry;

typedef struct nx_state_json_dec {
    char *err;
    size_t errlen;
    /* Lookup tables built per call (no shared mutable state): nx_comp_parse
     * and nx_zone_parse scan linearly and format every zone name. */
    nx_state_json_comp_entry comps[NX_COMP_COUNT];
    char zones[NX_ZONE_COUNT][32];
} nx_state_json_dec;

/* Append the rendering of p to buf at *n.  Keys come from the document,
 * so a path of any length is clipped visibly rather than cut silently. */
static void nx_state_json_render(const nx_state_json_path *p, char *buf, size_t cap, size_t *n)
{
    if (!p) return;
    nx_state_json_render(p->up, buf, cap, n);
    if (p->key) nx_clip_append(buf, cap, n, "%s%s", p->up ? "." : "", p->key);
    else nx_clip_append(buf, cap, n, "[%zu]", p->index);
}

/* Write "path: message" and return -1, so callers can `return fail(...)`. */
__attribute__((format(printf, 3, 4)))
static int nx_state_json_fail(nx_state_json_dec *d, const nx_state_json_path *at, const char *fmt, ...)
{
    if (!d->err || !d->errlen) return -1;
    size_t n = 0;
    d->err[0] = '\0';
    nx_state_json_render(at, d->err, d->errlen, &n);
    nx_clip_append(d->err, d->errlen, &n, "%s: ", at ? "" : "document");
    va_list ap;
    va_start(ap, fmt);
    nx_vclip_append(d->err, d->errlen, &n, fmt, ap);
    va_end(ap);
    return -1;
}

static int nx_state_json_comp_cmp(const void *a, const void *b)
{
    return strcmp(((const nx_state_json_comp_entry *)a)->id, ((const nx_state_json_comp_entry *)b)->id);
}

static void nx_state_json_dec_init(nx_state_json_dec *d, char *err, size_t errlen)
{
    d->err = err;
    d->errlen = errlen;
    for (int c = 0; c < NX_COMP_COUNT; c++)
        d->comps[c] = (nx_state_json_comp_entry){nx_comp_id((nx_comp)c), (nx_comp)c};
    qsort(d->comps, NX_COMP_COUNT, sizeof d->comps[0], nx_state_json_comp_cmp);
    for (int z = 0; z < NX_ZONE_COUNT; z++) nx_zone_name((nx_zone)z, d->zones[z], sizeof d->zones[z]);
}

static nx_comp nx_state_json_find_comp(const nx_state_json_dec *d, const char *id)
{
    nx_state_json_comp_entry key = { id, NX_COMP_NONE };
    const nx_state_json_comp_entry *e =
        bsearch(&key, d->comps, NX_COMP_COUNT, sizeof key, nx_state_json_comp_cmp);
    return e ? e->comp : NX_COMP_NONE;
}

static int nx_state_json_find_zone(const nx_state_json_dec *d, const char *name)
{
    for (int z = 0; z < NX_ZONE_COUNT; z++)
        if (!strcmp(d->zones[z], name)) return z;
    return -1;
}

static const char *nx_state_json_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE: case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "an unknown value";
}

static int nx_state_json_expect(nx_state_json_dec *d, const json_t *v, const nx_state_json_path *at,
                                json_type type, const char *what)
{
    if (json_typeof(v) == type) return 0;
    return nx_state_json_fail(d, at, "expected %s, found %s", what, nx_state_json_type_name(v));
}

/* ---- decoding: scalars --------------------------------------------------------- */

typedef const nx_state_json_path *nx_at;

static int nx_state_json_int(nx_state_json_dec *d, const json_t *v, nx_at at, long long lo, long long hi,
                             long long *out)
{
    if (nx_state_json_expect(d, v, at, JSON_INTEGER, "an integer")) return -1;
    long long x = json_integer_value(v);
    if (x < lo || x > hi) return nx_state_json_fail(d, at, "%lld is out of range %lld..%lld", x, lo, hi);
    *out = x;
    return 0;
}

static int nx_state_json_u8(nx_state_json_dec *d, const json_t *v, nx_at at, long long hi, uint8_t *out)
{
    long long x = 0;
    if (nx_state_json_int(d, v, at, 0, hi, &x)) return -1;
    *out = (uint8_t)x;
    return 0;
}

static int nx_state_json_u32(nx_state_json_dec *d, const json_t *v, nx_at at, uint32_t *out)
{
    long long x = 0;
    if (nx_state_json_int(d, v, at, 0, UINT32_MAX, &x)) return -1;
    *out = (uint32_t)x;
    return 0;
}

static int nx_state_json_i32(nx_state_json_dec *d, const json_t *v, nx_at at, long long lo, long long hi,
                             int32_t *out)
{
    long long x = 0;
    if (nx_state_json_int(d, v, at, lo, hi, &x)) return -1;
    *out = (int32_t)x;
    return 0;
}

static int nx_state_json_i16(nx_state_json_dec *d, const json_t *v, nx_at at, int16_t *out)
{
    long long x = 0;
    if (nx_state_json_int(d, v, at, INT16_MIN, INT16_MAX, &x)) return -1;
    *out = (int16_t)x;
    return 0;
}

static int nx_state_json_flag(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t *out)
{
    if (!json_is_boolean(v))
        return nx_state_json_fail(d, at, "expected a boolean, found %s", nx_state_json_type_name(v));
    *out = json_is_true(v) ? 1 : 0;
    return 0;
}

/* A string without NUL bytes; *out points into the JSON value. */
static int nx_state_json_str(nx_state_json_dec *d, const json_t *v, nx_at at, const char **out)
{
    if (nx_state_json_expect(d, v, at, JSON_STRING, "a string")) return -1;
    const char *s = json_string_value(v);
    if (strlen(s) != json_string_length(v)) return nx_state_json_fail(d, at, "contains a NUL character");
    *out = s;
    return 0;
}

/* A string into a fixed char[cap] buffer: at most cap-1 characters. */
static int nx_state_json_copy(nx_state_json_dec *d, const json_t *v, nx_at at, char *buf, size_t cap)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    size_t n = strlen(s);
    if (n >= cap) return nx_state_json_fail(d, at, "longer than %zu characters", cap - 1);
    memcpy(buf, s, n + 1);
    return 0;
}

static int nx_state_json_name(nx_state_json_dec *d, const json_t *v, nx_at at, const char *const *names,
                              size_t n, const char *what, unsigned *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    for (size_t i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], s)) {
            *out = (unsigned)i;
            return 0;
        }
    return nx_state_json_fail(d, at, "unknown %s '%.48s'", what, s);
}

static int nx_state_json_comp_of(nx_state_json_dec *d, const json_t *v, nx_at at, nx_comp *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    nx_comp c = nx_state_json_find_comp(d, s);
    if (c == NX_COMP_NONE) return nx_state_json_fail(d, at, "unknown component '%.48s'", s);
    *out = c;
    return 0;
}

/* null -> NX_NO_SEAT, or a seated seat number. */
static int nx_state_json_seat_ref(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats,
                                  uint8_t *out)
{
    if (json_is_null(v)) {
        *out = NX_NO_SEAT;
        return 0;
    }
    if (!nseats)
        return nx_state_json_fail(d, at, "expected null (no seats), found %s", nx_state_json_type_name(v));
    return nx_state_json_u8(d, v, at, nseats - 1, out);
}

/* Exactly 16 lower-case hex digits (rng words) into a uint64. */
static int nx_state_json_hex64(nx_state_json_dec *d, const json_t *v, nx_at at, uint64_t *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    if (strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16)
        return nx_state_json_fail(d, at, "expected 16 lower-case hex digits, found '%.24s'", s);
    *out = strtoull(s, NULL, 16);
    return 0;
}

/* A canonical decimal (no sign, no leading zero) into a uint64. */
static int nx_state_json_dec64(nx_state_json_dec *d, const json_t *v, nx_at at, uint64_t *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    size_t n = strlen(s);
    int canonical = n >= 1 && n <= 20 && strspn(s, "0123456789") == n && (n == 1 || s[0] != '0');
    /* 20 digits may still exceed UINT64_MAX; compare as text, same length. */
    if (!canonical || (n == 20 && strcmp(s, "18446744073709551615") > 0))
        return nx_state_json_fail(d, at, "expected a decimal 64-bit number as a string, found '%.24s'", s);
    *out = strtoull(s, NULL, 10);
    return 0;
}

/* ---- decoding: containers --------------------------------------------------------- */

/* An object with exactly these keys (any order). */
static int nx_state_json_keys(nx_state_json_dec *d, const json_t *obj, nx_at at, const char *const *keys,
                              size_t n)
{
    if (nx_state_json_expect(d, obj, at, JSON_OBJECT, "an object")) return -1;
    for (void *it = json_object_iter((json_t *)obj); it; it = json_object_iter_next((json_t *)obj, it)) {
        const char *k = json_object_iter_key(it);
        size_t i = 0;
        while (i < n && strcmp(keys[i], k)) i++;
        if (i == n || strlen(k) != json_object_iter_key_len(it))
            return nx_state_json_fail(d, NX_AT(at, k), "unknown key");
    }
    for (size_t i = 0; i < n; i++)
        if (!json_object_get(obj, keys[i])) return nx_state_json_fail(d, NX_AT(at, keys[i]), "missing");
    return 0;
}

static int nx_state_json_array(nx_state_json_dec *d, const json_t *v, nx_at at, size_t lo, size_t hi,
                               size_t *n)
{
    if (nx_state_json_expect(d, v, at, JSON_ARRAY, "an array")) return -1;
    *n = json_array_size(v);
    if (*n >= lo && *n <= hi) return 0;
    if (lo == hi) return nx_state_json_fail(d, at, "expected %zu entries, found %zu", lo, *n);
    return nx_state_json_fail(d, at, "expected %zu..%zu entries, found %zu", lo, hi, *n);
}

/* An array of distinct names as a bit mask. */
static int nx_state_json_mask_of(nx_state_json_dec *d, const json_t *v, nx_at at, const char *const *names,
                                 size_t n, const char *what, uint8_t *out)
{
    size_t len = 0;
    if (nx_state_json_array(d, v, at, 0, n, &len)) return -1;
    unsigned mask = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned b = 0;
        if (nx_state_json_name(d, json_array_get(v, i), NX_AT_I(at, i), names, n, what, &b)) return -1;
        if (mask & (1u << b)) return nx_state_json_fail(d, NX_AT_I(at, i), "'%s' listed twice", names[b]);
        mask |= 1u << b;
    }
    *out = (uint8_t)mask;
    return 0;
}

/* An array of at most `cap` component ids. */
static int nx_state_json_comp_list(nx_state_json_dec *d, const json_t *v, nx_at at, nx_comp *out, size_t cap,
                                   uint8_t *n)
{
    size_t len = 0;
    if (nx_state_json_array(d, v, at, 0, cap, &len)) return -1;
    /* out[] has cap entries and *n is a byte: the array check bounded len. */
    assert(len <= cap && cap <= UINT8_MAX);
    for (size_t i = 0; i < len; i++)
        if (nx_state_json_comp_of(d, json_array_get(v, i), NX_AT_I(at, i), &out[i])) return -1;
    *n = (uint8_t)len;
    return 0;
}

/* ---- decoding: the state ------------------------------------------------------------ */

static const char *const nx_state_json_root_keys[] = {
    "format", "version", "seed", "rng", "nseats", "options", "phase", "turn", "first_seat",
    "nexus_occurred", "negotiating", "draw_next", "event_seq", "seats", "play", "custody", "pending",
    "receipt_head", "receipts",
};
static const char *const nx_state_json_seat_keys[] = { "faction", "ally", "policy", "offers", "spice", "bribes", "aid", "forces" };
static const char *const nx_state_json_forces_keys[] = { "reserves", "tanks", "board" };
static const char *const nx_state_json_custody_keys[] = {
    "next_top", "next_bottom", "in_game", "sealed", "zones", "order", "out_order",
};
static const char *const nx_state_json_pending_keys[] = {
    "kind", "seat", "count", "options", "words", "private_options", "min", "max", "event", "prompt",
    "panel", "resume", "saved",
};
static const char *const nx_state_json_receipt_keys[] = { "event", "seat", "kind", "cards" };
static const char *const nx_state_json_told_keys[] = { "event", "seat", "kind", "cards", "note", "value" };

/* Member `key` of obj (present: checked by nx_state_json_keys) and its path. */
#define NX_GET(obj, key) json_object_get((obj), (key))
#define NX_MEMBER(obj, at, key) NX_GET(obj, key), NX_AT(at, key)

static int nx_state_json_format(nx_state_json_dec *d, const json_t *j)
{
    /* Checked before the key set: a newer format may have other keys, and
     * "format: expected 1, found 2" is the message that helps then. */
    if (nx_state_json_expect(d, j, NULL, JSON_OBJECT, "an object")) return -1;
    const json_t *f = NX_GET(j, "format");
    if (!f) return nx_state_json_fail(d, NX_AT(NULL, "format"), "missing");
    if (nx_state_json_expect(d, f, NX_AT(NULL, "format"), JSON_INTEGER, "an integer")) return -1;
    if (json_integer_value(f) != NX_STATE_FORMAT)
        return nx_state_json_fail(d, NX_AT(NULL, "format"), "expected %d, found %lld", NX_STATE_FORMAT,
                                  (long long)json_integer_value(f));
    return 0;
}

static int nx_state_json_rng_of(nx_state_json_dec *d, const json_t *v, nx_at at, nx_rng *r)
{
    size_t n = 0;
    if (nx_state_json_array(d, v, at, 4, 4, &n)) return -1;
    for (size_t i = 0; i < 4; i++)
        if (nx_state_json_hex64(d, json_array_get(v, i), NX_AT_I(at, i), &r->s[i])) return -1;
    /* xoshiro256** never leaves the all-zero state: it would draw 0 forever. */
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        return nx_state_json_fail(d, at, "all four words are zero (the generator would be stuck)");
    return 0;
}

static int nx_state_json_phase_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    if (!strcmp(s, "setup")) {
        *out = NX_P_SETUP;
        return 0;
    }
    unsigned p = 0;
    if (nx_state_json_name(d, v, at, nx_names_phase, NX_P_COUNT, "phase", &p)) return -1;
    *out = (uint8_t)p;
    return 0;
}

/* Scalars of the header; nseats first because other ranges depend on it. */
static int nx_state_json_header_of(nx_state_json_dec *d, const json_t *j, nx_state *s)
{
    if (nx_state_json_u8(d, NX_MEMBER(j, NULL, "nseats"), NX_MAX_SEATS, &s->nseats) ||
        nx_state_json_u32(d, NX_MEMBER(j, NULL, "version"), &s->version) ||
        nx_state_json_dec64(d, NX_MEMBER(j, NULL, "seed"), &s->seed) ||
        nx_state_json_rng_of(d, NX_MEMBER(j, NULL, "rng"), &s->rng) ||
        nx_state_json_mask_of(d, NX_MEMBER(j, NULL, "options"), nx_names_option,
                              NX_COUNT_OF(nx_names_option), "option", &s->options) ||
        nx_state_json_phase_of(d, NX_MEMBER(j, NULL, "phase"), &s->phase) ||
        nx_state_json_u8(d, NX_MEMBER(j, NULL, "turn"), UINT8_MAX, &s->turn) ||
        nx_state_json_u8(d, NX_MEMBER(j, NULL, "first_seat"), s->nseats ? s->nseats - 1 : 0,
                         &s->first_seat) ||
        nx_state_json_flag(d, NX_MEMBER(j, NULL, "nexus_occurred"), &s->nexus_occurred) ||
        nx_state_json_flag(d, NX_MEMBER(j, NULL, "negotiating"), &s->negotiating) ||
        nx_state_json_seat_ref(d, NX_MEMBER(j, NULL, "draw_next"), s->nseats, &s->draw_next) ||
        nx_state_json_u32(d, NX_MEMBER(j, NULL, "event_seq"), &s->event_seq))
        return -1;
    return 0;
}

static int nx_state_json_faction_of(nx_state_json_dec *d, const json_t *v, nx_at at, int8_t *out)
{
    const char *s = NULL;
    if (nx_state_json_str(d, v, at, &s)) return -1;
    nx_faction f = nx_faction_parse(s);
    /* nx_faction_parse also accepts display names; the file uses ids only. */
    if (f == NX_NO_FACTION || strcmp(nx_faction_id(f), s))
        return nx_state_json_fail(d, at, "unknown faction '%.48s'", s);
    *out = (int8_t)f;
    return 0;
}

static int nx_state_json_offers_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats,
                                   uint8_t *out)
{
    size_t n = 0;
    if (nx_state_json_array(d, v, at, 0, nseats, &n)) return -1;
    uint8_t mask = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t seat = 0;
        if (nx_state_json_u8(d, json_array_get(v, i), NX_AT_I(at, i), nseats - 1, &seat)) return -1;
        if (mask & (1u << seat)) return nx_state_json_fail(d, NX_AT_I(at, i), "seat %u listed twice", seat);
        mask |= (uint8_t)(1u << seat);
    }
    *out = mask;
    return 0;
}

/* [ordinary, elite] counts of one place. */
static int nx_state_json_pair_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t out[NX_FORCE_KINDS])
{
    size_t n = 0;
    if (nx_state_json_array(d, v, at, NX_FORCE_KINDS, NX_FORCE_KINDS, &n)) return -1;
    for (size_t k = 0; k < n; k++)
        if (nx_state_json_u8(d, json_array_get(v, k), NX_AT_I(at, k), UINT8_MAX, &out[k])) return -1;
    return 0;
}

static int nx_state_json_forces_of(nx_state_json_dec *d, const json_t *v, nx_at at, nx_seat *st)
{
    if (nx_state_json_keys(d, v, at, nx_state_json_forces_keys, NX_COUNT_OF(nx_state_json_forces_keys)) ||
        nx_state_json_pair_of(d, NX_MEMBER(v, at, "reserves"), st->forces[NX_PLACE_RESERVES]) ||
        nx_state_json_pair_of(d, NX_MEMBER(v, at, "tanks"), st->forces[NX_PLACE_TANKS]) ||
        nx_state_json_expect(d, NX_MEMBER(v, at, "board"), JSON_OBJECT, "an object"))
        return -1;
    nx_at bat = NX_AT(at, "board");
    const char *key;
    json_t *pair;
    json_object_foreach((json_t *)NX_GET(v, "board"), key, pair) {
        int sec = nx_map_section_parse(key);
        if (sec < 0) return nx_state_json_fail(d, NX_AT(bat, key), "unknown board section");
        if (nx_state_json_pair_of(d, pair, NX_AT(bat, key), st->forces[NX_PLACE_BOARD(sec)])) return -1;
    }
    return 0;
}

static int nx_state_json_seat_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats, nx_seat *st)
{
    unsigned policy = 0;
    long long spice = 0, bribes = 0, aid = 0;
    if (nx_state_json_keys(d, v, at, nx_state_json_seat_keys, NX_COUNT_OF(nx_state_json_seat_keys)) ||
        nx_state_json_faction_of(d, NX_MEMBER(v, at, "faction"), &st->faction) ||
        nx_state_json_seat_ref(d, NX_MEMBER(v, at, "ally"), nseats, &st->ally) ||
        nx_state_json_name(d, NX_MEMBER(v, at, "policy"), nx_names_policy, NX_POLICY_COUNT, "policy",
                           &policy) ||
        nx_state_json_offers_of(d, NX_MEMBER(v, at, "offers"), nseats, &st->offers) ||
        nx_state_json_int(d, NX_MEMBER(v, at, "spice"), 0, INT16_MAX, &spice) ||
        nx_state_json_int(d, NX_MEMBER(v, at, "bribes"), 0, INT16_MAX, &bribes) ||
        nx_state_json_int(d, NX_MEMBER(v, at, "aid"), 0, INT16_MAX, &aid) ||
        nx_state_json_forces_of(d, NX_MEMBER(v, at, "forces"), st))
        return -1;
    st->policy = (uint8_t)policy;
    st->spice = (int16_t)spice;
    st->bribes = (int16_t)bribes;
    st->aid = (int16_t)aid;
    return 0;
}

static int nx_state_json_seats_of(nx_state_json_dec *d, const json_t *v, nx_at at, nx_state *s)
{
    size_t n = 0;
    if (nx_state_json_array(d, v, at, s->nseats, s->nseats, &n)) return -1;
    /* nseats was range-checked first, so seats[] cannot overflow. */
    assert(n <= NX_MAX_SEATS);
    for (size_t i = 0; i < n; i++)
        if (nx_state_json_seat_of(d, json_array_get(v, i), NX_AT_I(at, i), s->nseats, &s->seats[i]))
            return -1;
    return 0;
}

/* ---- decoding: custody ------------------------------------------------------------- */

/* Where each component was listed (zone + 1; 0 = not yet), for "twice". */
typedef struct nx_state_json_listing {
    int zone_plus1[NX_COMP_COUNT];
} nx_state_json_listing;

static int nx_state_json_zone_of(nx_state_json_dec *d, const char *name, nx_at at, uint8_t nseats,
                                 nx_zone *out)
{
    int z = nx_state_json_find_zone(d, name);
    if (z < 0) return nx_state_json_fail(d, at, "unknown zone");
    if (z == NX_Z_OUT)
        return nx_state_json_fail(d, at, "the out zone is implicit: leave out-of-game components unlisted");
    if (nx_zone_seat((nx_zone)z) >= nseats)
        return nx_state_json_fail(d, at, "seat %d is not in the game (nseats %u)", nx_zone_seat((nx_zone)z),
                                  nseats);
    *out = (nx_zone)z;
    return 0;
}

/* One component of a listed zone and its order key. */
static int nx_state_json_zone_entry(nx_state_json_dec *d, const json_t *id, const json_t *key, nx_at iat,
                                    nx_at kat, nx_zone z, nx_state_json_listing *seen, nx_custody *c,
                                    nx_comp *comp)
{
    if (nx_state_json_comp_of(d, id, iat, comp)) return -1;
    if (seen->zone_plus1[*comp])
        return nx_state_json_fail(d, iat, "component '%s' is listed twice (also in %s)", nx_comp_id(*comp),
                                  d->zones[seen->zone_plus1[*comp] - 1]);
    /* Deck keys must lie strictly between the two counters (the same rule
     * as nx_custody_check, reported here with its path). */
    long long lo = nx_zone_ordered(z) ? (long long)c->next_bottom + 1 : INT32_MIN;
    long long hi = nx_zone_ordered(z) ? (long long)c->next_top - 1 : INT32_MAX;
    if (nx_state_json_i32(d, key, kat, lo, hi, &c->order[*comp])) return -1;
    seen->zone_plus1[*comp] = z + 1;
    c->zone[*comp] = z;
    return 0;
}

/* zones[name] with order[name]: listed top first (decks: keys strictly
 * decreasing) or in catalog order (unordered zones), so that re-encoding
 * reproduces the text. */
static int nx_state_json_zone_list(nx_state_json_dec *d, const char *name, const json_t *ids,
                                   const json_t *keys, nx_at zones_at, nx_at order_at, uint8_t nseats,
                                   nx_state_json_listing *seen, nx_custody *c)
{
    nx_at zat = NX_AT(zones_at, name), oat = NX_AT(order_at, name);
    nx_zone z = NX_Z_OUT;
    size_t n = 0, nk = 0;
    if (nx_state_json_zone_of(d, name, zat, nseats, &z) ||
        nx_state_json_array(d, ids, zat, 1, NX_COMP_COUNT, &n))
        return -1;
    if (!keys) return nx_state_json_fail(d, oat, "missing (every listed zone has its order keys)");
    if (nx_state_json_array(d, keys, oat, n, n, &nk)) return -1;
    nx_comp before = NX_COMP_NONE;
    for (size_t i = 0; i < n; i++) {
        nx_comp comp = NX_COMP_NONE;
        if (nx_state_json_zone_entry(d, json_array_get(ids, i), json_array_get(keys, i), NX_AT_I(zat, i),
                                     NX_AT_I(oat, i), z, seen, c, &comp))
            return -1;
        if (before != NX_COMP_NONE && nx_zone_ordered(z) && c->order[comp] >= c->order[before])
            return nx_state_json_fail(d, NX_AT_I(oat, i),
                                      "order keys must decrease from the top of the deck");
        if (before != NX_COMP_NONE && !nx_zone_ordered(z) && comp < before)
            return nx_state_json_fail(d, NX_AT_I(zat, i),
                                      "an unordered zone lists its components in catalog order");
        before = comp;
    }
    return 0;
}

static int nx_state_json_zones_of(nx_state_json_dec *d, const json_t *zones, const json_t *order, nx_at at,
                                  uint8_t nseats, nx_state_json_listing *seen, nx_custody *c)
{
    nx_at zat = NX_AT(at, "zones"), oat = NX_AT(at, "order");
    if (nx_state_json_expect(d, zones, zat, JSON_OBJECT, "an object") ||
        nx_state_json_expect(d, order, oat, JSON_OBJECT, "an object"))
        return -1;
    for (void *it = json_object_iter((json_t *)zones); it; it = json_object_iter_next((json_t *)zones, it)) {
        const char *name = json_object_iter_key(it);
        if (nx_state_json_zone_list(d, name, json_object_iter_value(it), NX_GET(order, name), zat, oat,
                                    nseats, seen, c))
            return -1;
    }
    for (void *it = json_object_iter((json_t *)order); it; it = json_object_iter_next((json_t *)order, it))
        if (!NX_GET(zones, json_object_iter_key(it)))
            return nx_state_json_fail(d, NX_AT(oat, json_object_iter_key(it)),
                                      "no such zone in custody.zones");
    return 0;
}

static int nx_state_json_out_order_of(nx_state_json_dec *d, const json_t *v, nx_at at,
                                      const nx_state_json_listing *seen, nx_custody *c)
{
    if (nx_state_json_expect(d, v, at, JSON_OBJECT, "an object")) return -1;
    for (void *it = json_object_iter((json_t *)v); it; it = json_object_iter_next((json_t *)v, it)) {
        const char *id = json_object_iter_key(it);
        nx_at kat = NX_AT(at, id);
        nx_comp comp = nx_state_json_find_comp(d, id);
        if (comp == NX_COMP_NONE) return nx_state_json_fail(d, kat, "unknown component");
        if (seen->zone_plus1[comp]) return nx_state_json_fail(d, kat, "component is listed in custody.zones");
        if (nx_state_json_i32(d, json_object_iter_value(it), kat, INT32_MIN, INT32_MAX, &c->order[comp]))
            return -1;
        /* Zero is the initial key and is never written out (canonical). */
        if (!c->order[comp]) return nx_state_json_fail(d, kat, "0 is implied: leave it out");
    }
    return 0;
}

static int nx_state_json_custody_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats,
                                    nx_custody *c)
{
    nx_state_json_listing seen = { { 0 } };
    if (nx_state_json_keys(d, v, at, nx_state_json_custody_keys, NX_COUNT_OF(nx_state_json_custody_keys)) ||
        nx_state_json_i32(d, NX_MEMBER(v, at, "next_top"), 1, INT32_MAX, &c->next_top) ||
        nx_state_json_i32(d, NX_MEMBER(v, at, "next_bottom"), INT32_MIN, -1, &c->next_bottom) ||
        nx_state_json_u8(d, NX_MEMBER(v, at, "in_game"), NX_COMP_COUNT, &c->in_game) ||
        nx_state_json_flag(d, NX_MEMBER(v, at, "sealed"), &c->sealed) ||
        nx_state_json_zones_of(d, NX_GET(v, "zones"), NX_GET(v, "order"), at, nseats, &seen, c) ||
        nx_state_json_out_order_of(d, NX_MEMBER(v, at, "out_order"), &seen, c))
        return -1;
    return 0;
}

/* ---- decoding: pending decisions and receipts ------------------------------------- */

static int nx_state_json_pending_texts(nx_state_json_dec *d, const json_t *v, nx_at at, nx_pending *p)
{
    if (nx_state_json_copy(d, NX_MEMBER(v, at, "prompt"), p->prompt, sizeof p->prompt) ||
        nx_state_json_copy(d, NX_MEMBER(v, at, "panel"), p->panel, sizeof p->panel) ||
        nx_state_json_copy(d, NX_MEMBER(v, at, "resume"), p->resume, sizeof p->resume) ||
        nx_state_json_copy(d, NX_MEMBER(v, at, "saved"), p->saved, sizeof p->saved))
        return -1;
    return 0;
}

/* Options of a decision are distinct (nx_state_check says so too; here
 * the message names the entry). */
static int nx_state_json_distinct(nx_state_json_dec *d, const nx_comp *v, uint8_t n, nx_at at)
{
    for (uint8_t a = 0; a < n; a++)
        for (uint8_t b = 0; b < a; b++)
            if (v[a] == v[b])
                return nx_state_json_fail(d, NX_AT_I(at, a), "component '%s' listed twice", nx_comp_id(v[a]));
    return 0;
}

static int nx_state_json_pending_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats,
                                    nx_pending *p)
{
    unsigned kind = 0;
    if (nx_state_json_keys(d, v, at, nx_state_json_pending_keys, NX_COUNT_OF(nx_state_json_pending_keys)) ||
        nx_state_json_name(d, NX_MEMBER(v, at, "kind"), nx_names_pending, NX_COUNT_OF(nx_names_pending),
                           "pending kind", &kind) ||
        nx_state_json_u8(d, NX_MEMBER(v, at, "seat"), nseats - 1, &p->seat) ||
        nx_state_json_u8(d, NX_MEMBER(v, at, "count"), UINT8_MAX, &p->count) ||
        nx_state_json_comp_list(d, NX_MEMBER(v, at, "options"), p->options, NX_MAX_OPTIONS, &p->noptions) ||
        nx_state_json_distinct(d, p->options, p->noptions, NX_AT(at, "options")) ||
        nx_state_json_mask_of(d, NX_MEMBER(v, at, "words"), nx_names_word,
                              NX_COUNT_OF(nx_names_word), "word", &p->words) ||
        nx_state_json_flag(d, NX_MEMBER(v, at, "private_options"), &p->private_options) ||
        nx_state_json_i16(d, NX_MEMBER(v, at, "min"), &p->min) ||
        nx_state_json_i16(d, NX_MEMBER(v, at, "max"), &p->max) ||
        nx_state_json_u32(d, NX_MEMBER(v, at, "event"), &p->event) ||
        nx_state_json_pending_texts(d, v, at, p))
        return -1;
    p->kind = (uint8_t)kind;
    return 0;
}

static int nx_state_json_pendings_of(nx_state_json_dec *d, const json_t *v, nx_at at, nx_state *s)
{
    size_t n = 0;
    if (nx_state_json_array(d, v, at, 0, NX_MAX_PENDING, &n)) return -1;
    assert(n <= NX_MAX_PENDING); /* pending[] bound, checked just above */
    /* Seat ranges below are 0..nseats-1: meaningless without seats. */
    if (n && !s->nseats) return nx_state_json_fail(d, at, "decisions without seats");
    for (size_t i = 0; i < n; i++)
        if (nx_state_json_pending_of(d, json_array_get(v, i), NX_AT_I(at, i), s->nseats, &s->pending[i]))
            return -1;
    s->npending = (uint8_t)n;
    return 0;
}

static int nx_state_json_receipt_of(nx_state_json_dec *d, const json_t *v, nx_at at, uint8_t nseats,
                                    nx_receipt *r)
{
    unsigned kind = 0;
    int told = json_object_get(v, "note") != NULL;
    if ((told ? nx_state_json_keys(d, v, at, nx_state_json_told_keys, NX_COUNT_OF(nx_state_json_told_keys))
              : nx_state_json_keys(d, v, at, nx_state_json_receipt_keys, NX_COUNT_OF(nx_state_json_receipt_keys))) ||
        (told && (nx_state_json_copy(d, NX_MEMBER(v, at, "note"), r->note, sizeof r->note) ||
                  nx_state_json_i16(d, NX_MEMBER(v, at, "value"), &r->value))) ||
        nx_state_json_u32(d, NX_MEMBER(v, at, "event"), &r->event) ||
        nx_state_json_u8(d, NX_MEMBER(v, at, "seat"), nseats - 1, &r->seat) ||
        nx_state_json_name(d, NX_MEMBER(v, at, "kind"), nx_names_receipt,
                           NX_COUNT_OF(nx_names_receipt), "receipt kind", &kind) ||
        nx_state_json_comp_list(d, NX_MEMBER(v, at, "cards"), r->cards, NX_RECEIPT_CARDS, &r->n))
        return -1;
    if (told != (kind == NX_RCPT_TOLD)) return nx_state_json_fail(d, NX_AT(at, "note"), "only a told receipt has a note");
    r->kind = (uint8_t)kind;
    return 0;
}

/* The ring as it was: receipt i (oldest first) sits at (head + i) % max. */
static int nx_state_json_receipts_of(nx_state_json_dec *d, const json_t *j, nx_state *s)
{
    nx_at at = NX_AT(NULL, "receipts");
    const json_t *v = NX_GET(j, "receipts");
    size_t n = 0;
    if (nx_state_json_u8(d, NX_MEMBER(j, NULL, "receipt_head"), NX_MAX_RECEIPTS - 1, &s->receipt_head) ||
        nx_state_json_array(d, v, at, 0, NX_MAX_RECEIPTS, &n))
        return -1;
    if (n && !s->nseats) return nx_state_json_fail(d, at, "receipts without seats");
    for (size_t i = 0; i < n; i++) {
        nx_receipt *r = &s->receipts[(s->receipt_head + i) % NX_MAX_RECEIPTS];
        if (nx_state_json_receipt_of(d, json_array_get(v, i), NX_AT_I(at, i), s->nseats, r)) return -1;
    }
    s->nreceipts = (uint8_t)n;
    return 0;
}

static int nx_state_json_play_of(nx_state_json_dec *d, const json_t *j, nx_state *s)
{
    /* nx_play_decode writes its own "play.<field>: why". */
    if (!d->err || !d->errlen) {
        char scratch[8];
        return nx_play_decode(NX_GET(j, "play"), s->nseats, &s->play, scratch, sizeof scratch);
    }
    return nx_play_decode(NX_GET(j, "play"), s->nseats, &s->play, d->err, d->errlen);
}

static int nx_state_json_state_of(nx_state_json_dec *d, const json_t *j, nx_state *s)
{
    if (nx_state_json_format(d, j) ||
        nx_state_json_keys(d, j, NULL, nx_state_json_root_keys, NX_COUNT_OF(nx_state_json_root_keys)) ||
        nx_state_json_header_of(d, j, s) || nx_state_json_seats_of(d, NX_MEMBER(j, NULL, "seats"), s) ||
        nx_state_json_play_of(d, j, s) ||
        nx_state_json_custody_of(d, NX_MEMBER(j, NULL, "custody"), s->nseats, &s->custody) ||
        nx_state_json_pendings_of(d, NX_MEMBER(j, NULL, "pending"), s) || nx_state_json_receipts_of(d, j, s))
        return -1;
    return 0;
}

int nx_state_json_decode(const json_t *j, nx_state *out, char *err, size_t errlen)
{
    nx_state_json_dec d;
    nx_state_json_dec_init(&d, err, errlen);
    nx_state tmp;
    /* Start from exactly what nx_state_init leaves (padding included), so
     * a state built through the API decodes memcmp-equal. */
    nx_state_init(&tmp, 0, 0);
    if (!j) return nx_state_json_fail(&d, NULL, "no JSON value");
    if (nx_state_json_state_of(&d, j, &tmp)) return -1;
    char msg[200];
    if (nx_state_check(&tmp, msg, sizeof msg))
        return nx_state_json_fail(&d, NULL, "inconsistent state: %s", msg);
    /* Only a fully valid state reaches the caller's struct. */
    memcpy(out, &tmp, sizeof tmp);
    return 0;
}

int nx_state_json_decode_text(const char *text, nx_state *out, char *err, size_t errlen)
{
    json_error_t je;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        if (err && errlen)
            nx_clip(err, errlen, "document: line %d column %d: %s", je.line, je.column, je.text);
        return -1;
    }
    int rc = nx_state_json_decode(j, out, err, errlen);
    json_decref(j);
    return rc;
}
