#include "nx_ask.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_luaval.h"
#include "nx_map.h"
#include "nx_text.h"
#include "nx_words.h"

static const char *const kind_names[NX_ASK_KIND_COUNT] = { "cards", "element", "territories", "seat", "number", "word" };
static const char *const elements[] = { "leader", "weapon", "defense", "dial" };
#define NELEMENTS 4

const char *nx_ask_kind_name(int kind) { return kind >= 0 && kind < NX_ASK_KIND_COUNT ? kind_names[kind] : "?"; }

int nx_ask_kind_parse(const char *name)
{
    for (int k = 0; k < NX_ASK_KIND_COUNT; k++)
        if (!strcmp(kind_names[k], name)) return k;
    return -1;
}

/* ---- domains ------------------------------------------------------------------ */

static int is_set_kind(int kind) { return kind == NX_ASK_TERRITORIES; }

/* The kind's whole domain, value by value, as text (seats as decimals). */
static int domain_size(int kind, const nx_state *s)
{
    switch (kind) {
    case NX_ASK_ELEMENT: return NELEMENTS;
    case NX_ASK_TERRITORIES: return NX_MAP_TERRITORIES;
    case NX_ASK_SEAT: return s->nseats;
    default: return 0;
    }
}

static void domain_value(int kind, int i, char *out, size_t len)
{
    if (kind == NX_ASK_ELEMENT) nx_fmt(out, len, "%s", elements[i]);
    else if (kind == NX_ASK_TERRITORIES) nx_fmt(out, len, "%s", nx_map_territory_id(i));
    else nx_fmt(out, len, "%d", i);
}

/* Is text v in the kind's domain (the game `s` bounds seats)? */
static int in_domain(int kind, const char *v, const nx_state *s)
{
    switch (kind) {
    case NX_ASK_ELEMENT:
        for (int i = 0; i < NELEMENTS; i++)
            if (!strcmp(elements[i], v)) return 1;
        return 0;
    case NX_ASK_TERRITORIES: {
        int t = nx_map_territory_parse(v);
        return t >= 0 && !strcmp(nx_map_territory_id(t), v);
    }
    case NX_ASK_SEAT: {
        char *end;
        long n = strtol(v, &end, 10);
        return *v && !*end && n >= 0 && n < s->nseats;
    }
    case NX_ASK_WORD: return 1;
    default: return 0;
    }
}

/* ---- reading a request from Lua ------------------------------------------------- */

static int field(lua_State *L, int t, const char *key) { return lua_getfield(L, t, key) != LUA_TNIL; }

static void add_of(lua_State *L, nx_ask *q, const char *v, const nx_state *s)
{
    if (q->nof == NX_ASK_MAX_OF) luaL_error(L, "ask: at most %d values in 'of'", NX_ASK_MAX_OF);
    if (strlen(v) >= NX_ASK_VALUE_MAX) luaL_error(L, "ask: value '%s' is longer than %d bytes", v, NX_ASK_VALUE_MAX - 1);
    if (!in_domain(q->kind, v, s)) luaL_error(L, "ask: '%s' is not a valid %s value", v, nx_ask_kind_name(q->kind));
    for (int i = 0; i < q->nof; i++)
        if (!strcmp(q->of[i], v)) luaL_error(L, "ask: '%s' is offered twice", v);
    memcpy(q->of[q->nof++], v, strlen(v) + 1);
}

static void read_of(lua_State *L, int t, nx_ask *q, const nx_state *s)
{
    if (!field(L, t, "of")) {
        lua_pop(L, 1);
        if (q->kind == NX_ASK_WORD) luaL_error(L, "ask: a word ask lists its words in 'of'");
        q->whole_domain = 1;
        return;
    }
    int idx = lua_gettop(L);
    if (!lua_istable(L, idx) || lua_getmetatable(L, idx)) luaL_error(L, "ask: 'of' must be a plain list");
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    if (n < 1) luaL_error(L, "ask: 'of' offers nothing");
    if (n > NX_ASK_MAX_OF) luaL_error(L, "ask: at most %d values in 'of'", NX_ASK_MAX_OF);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        char v[NX_ASK_VALUE_MAX + 8];
        if (q->kind == NX_ASK_SEAT) {
            lua_Integer seat = nx_luaval_integer(L, -1, "ask: of (a seat)", 0, s->nseats - 1);
            nx_fmt(v, sizeof v, "%d", (int)seat);
        } else {
            nx_clip(v, sizeof v, "%s", nx_luaval_name(L, -1, "ask: of (a value)"));
        }
        lua_pop(L, 1);
        add_of(L, q, v, s);
    }
    lua_pop(L, 1);
}

/* Offered values count: the list, or the domain (every other seat for seats). */
static int offered(const nx_ask *q, const nx_state *s, uint8_t holder)
{
    if (!q->whole_domain) return q->nof;
    int n = domain_size(q->kind, s);
    return q->kind == NX_ASK_SEAT ? n - (holder < s->nseats) : n;
}

void nx_ask_read(lua_State *L, int t, int kind, const nx_state *s, uint8_t holder, nx_ask *q)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    if (kind == NX_ASK_NUMBER) {
        if (!field(L, t, "min") || !field(L, t, "max")) luaL_error(L, "ask: a number ask gives min and max");
        q->min = (int)nx_luaval_integer(L, -2, "ask: min", INT16_MIN, INT16_MAX);
        q->max = (int)nx_luaval_integer(L, -1, "ask: max", INT16_MIN, INT16_MAX);
        lua_pop(L, 2);
        if (q->min > q->max) luaL_error(L, "ask: min %d is above max %d", q->min, q->max);
        return;
    }
    read_of(L, t, q, s);
    int n = offered(q, s, holder);
    if (n < 1) luaL_error(L, "ask: nothing to choose from");
    q->min = q->max = 1;
    if (!is_set_kind(kind)) {
        if (field(L, t, "min") | field(L, t, "max")) luaL_error(L, "ask: a %s ask picks exactly one", nx_ask_kind_name(kind));
        lua_pop(L, 2);
        return;
    }
    if (field(L, t, "count")) q->min = q->max = (int)nx_luaval_integer(L, -1, "ask: count", 1, n);
    lua_pop(L, 1);
    if (field(L, t, "min")) q->min = (int)nx_luaval_integer(L, -1, "ask: min", 0, n);
    if (field(L, t, "max")) q->max = (int)nx_luaval_integer(L, -1, "ask: max", 1, n);
    else if (q->min > q->max) q->max = q->min;
    lua_pop(L, 2);
    if (q->min > q->max) luaL_error(L, "ask: min %d is above max %d", q->min, q->max);
}

/* ---- saved form ------------------------------------------------------------------ */

json_t *nx_ask_to_json(const nx_ask *q)
{
    json_t *of = json_array();
    for (int i = 0; i < q->nof; i++)
        json_array_append_new(of, q->kind == NX_ASK_SEAT ? json_integer(atoi(q->of[i])) : json_string(q->of[i]));
    json_t *o = json_pack("{s:s, s:i, s:i}", "kind", nx_ask_kind_name(q->kind), "min", q->min, "max", q->max);
    if (o && !q->whole_domain) json_object_set_new(o, "of", of);
    else json_decref(of);
    return o;
}

int nx_ask_from_json(const json_t *j, nx_ask *q)
{
    memset(q, 0, sizeof *q);
    const char *kind = json_string_value(json_object_get(j, "kind"));
    q->kind = kind ? nx_ask_kind_parse(kind) : -1;
    json_t *mn = json_object_get(j, "min"), *mx = json_object_get(j, "max"), *of = json_object_get(j, "of");
    if (q->kind <= NX_ASK_CARDS || !json_is_integer(mn) || !json_is_integer(mx)) return -1;
    q->min = (int)json_integer_value(mn);
    q->max = (int)json_integer_value(mx);
    if (q->min > q->max) return -1;
    q->whole_domain = of == NULL;
    if (!of) return q->kind == NX_ASK_WORD ? -1 : 0;
    if (!json_is_array(of) || json_array_size(of) > NX_ASK_MAX_OF) return -1;
    size_t i;
    json_t *v;
    json_array_foreach(of, i, v) {
        if (q->kind == NX_ASK_SEAT && json_is_integer(v)) nx_fmt(q->of[q->nof++], NX_ASK_VALUE_MAX, "%d", (int)json_integer_value(v));
        else if (q->kind != NX_ASK_SEAT && json_is_string(v) && strlen(json_string_value(v)) < NX_ASK_VALUE_MAX)
            nx_fmt(q->of[q->nof++], NX_ASK_VALUE_MAX, "%s", json_string_value(v));
        else return -1;
    }
    return 0;
}

int nx_ask_of_pending(const nx_pending *p, nx_ask *q)
{
    json_t *saved = json_loads(p->saved, 0, NULL);
    json_t *ask = json_object_get(saved, "ask");
    int rc = !ask ? 0 : nx_ask_from_json(ask, q) ? -1 : 1;
    json_decref(saved);
    return rc;
}

/* ---- answers ---------------------------------------------------------------------- */

/* The text of one answered value, or NULL when its type is wrong. */
static const char *value_text(const nx_ask *q, const json_t *v, char *buf, size_t len)
{
    if (q->kind == NX_ASK_SEAT || q->kind == NX_ASK_NUMBER) {
        if (!json_is_integer(v)) return NULL;
        nx_fmt(buf, len, "%lld", (long long)json_integer_value(v));
        return buf;
    }
    if (!json_is_string(v)) return NULL;
    nx_clip(buf, len, "%s", json_string_value(v));
    return buf;
}

static int is_offered(const nx_ask *q, const char *v, const nx_state *s, uint8_t holder)
{
    if (q->whole_domain) {
        if (q->kind == NX_ASK_SEAT && atoi(v) == holder) return 0;
        return in_domain(q->kind, v, s);
    }
    for (int i = 0; i < q->nof; i++)
        if (!strcmp(q->of[i], v)) return 1;
    return 0;
}

int nx_ask_check(const nx_ask *q, const nx_state *s, uint8_t holder, const json_t *choose, char *msg, size_t len)
{
    int lo = q->kind == NX_ASK_NUMBER ? 1 : q->min, hi = q->kind == NX_ASK_NUMBER ? 1 : q->max;
    if (!json_is_array(choose) || (int)json_array_size(choose) < lo || (int)json_array_size(choose) > hi) {
        if (lo == hi) nx_fmt(msg, len, "\"choose\" must list exactly %d %s value%s", lo, nx_ask_kind_name(q->kind), nx_plural(lo, "", "s"));
        else nx_fmt(msg, len, "\"choose\" must list %d to %d %s values", lo, hi, nx_ask_kind_name(q->kind));
        return -1;
    }
    size_t i;
    json_t *v;
    json_array_foreach(choose, i, v) {
        char buf[NX_ASK_VALUE_MAX + 8];
        const char *t = value_text(q, v, buf, sizeof buf);
        if (!t) {
            nx_fmt(msg, len, "choose[%zu] must be %s", i, q->kind == NX_ASK_SEAT || q->kind == NX_ASK_NUMBER ? "an integer" : "a string");
            return -1;
        }
        if (q->kind == NX_ASK_NUMBER) {
            json_int_t n = json_integer_value(v);
            if (n < q->min || n > q->max) {
                nx_fmt(msg, len, "choose[%zu] must be a number from %d to %d", i, q->min, q->max);
                return -1;
            }
            continue;
        }
        if (!is_offered(q, t, s, holder)) {
            nx_fmt(msg, len, "choose[%zu] is not one of the offered %s values", i, nx_ask_kind_name(q->kind));
            return -1;
        }
        for (size_t k = 0; k < i; k++)
            if (json_equal(json_array_get(choose, k), v)) {
                nx_fmt(msg, len, "choose[%zu] repeats a value", i);
                return -1;
            }
    }
    return 0;
}

static void push_value(lua_State *L, const nx_ask *q, const json_t *v)
{
    if (q->kind == NX_ASK_SEAT || q->kind == NX_ASK_NUMBER) lua_pushinteger(L, (lua_Integer)json_integer_value(v));
    else lua_pushstring(L, json_string_value(v));
}

void nx_ask_push_answer(lua_State *L, const nx_ask *q, const json_t *choose)
{
    size_t n = json_array_size(choose);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        push_value(L, q, json_array_get(choose, i));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    if (is_set_kind(q->kind)) {
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, nx_ask_kind_name(q->kind));
    } else if (n == 1) {
        push_value(L, q, json_array_get(choose, 0));
        lua_setfield(L, -3, nx_ask_kind_name(q->kind));
    }
    lua_setfield(L, -2, "choice");
}

json_t *nx_ask_candidates(const nx_ask *q, const nx_state *s, uint8_t holder)
{
    json_t *out = json_array();
    if (q->kind == NX_ASK_NUMBER) {
        json_array_append_new(out, json_integer(q->min));
        if (q->max != q->min) json_array_append_new(out, json_integer(q->max));
        if (q->max - q->min > 1) json_array_append_new(out, json_integer(q->min + (q->max - q->min) / 2));
        return out;
    }
    int n = q->whole_domain ? domain_size(q->kind, s) : q->nof;
    for (int i = 0; i < n; i++) {
        char v[NX_ASK_VALUE_MAX];
        if (q->whole_domain) domain_value(q->kind, i, v, sizeof v);
        else nx_fmt(v, sizeof v, "%s", q->of[i]);
        if (!is_offered(q, v, s, holder)) continue;
        json_array_append_new(out, q->kind == NX_ASK_SEAT ? json_integer(atoi(v)) : json_string(v));
    }
    return out;
}
