/* nx_luaval: checks of values crossing from Lua into the engine (see nx_luaval.h). */
#include "nx_luaval.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include <lauxlib.h>

/* ---- UTF-8 --------------------------------------------------------------------- */

/* Length of the valid sequence at s (n bytes left), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned cp, min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, cp = c & 0x07, min = 0x10000;
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

int nx_luaval_utf8_ok(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(u + i, n - i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

static int is_control(unsigned char c) { return c < 0x20 || c == 0x7F; }

void nx_luaval_sanitize(char *s)
{
    unsigned char *u = (unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(u + i, n - i);
        if (!k || (k == 1 && is_control(u[i]) && u[i] != '\n' && u[i] != '\t')) {
            u[i++] = '?';
            continue;
        }
        i += k;
    }
}

size_t nx_luaval_utf8_cut(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = n;
    /* Back over at most three continuation bytes to the lead byte. */
    while (k > 0 && n - k < 3 && (u[k - 1] & 0xC0) == 0x80) k--;
    if (k == 0 || u[k - 1] < 0xC0) return n;    /* n ends a sequence or ASCII */
    size_t want = u[k - 1] >= 0xF0 ? 4 : u[k - 1] >= 0xE0 ? 3 : 2;
    return n - (k - 1) >= want ? n : k - 1;
}

/* ---- scalars ------------------------------------------------------------------- */

/* Why the bytes are not text, or NULL. */
static const char *text_problem(const char *s, size_t n, size_t max)
{
    if (n > max) return "is too long";
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(u + i, n - i);
        if (!k) return "is not valid UTF-8";
        if (k == 1 && u[i] == 0) return "holds a NUL byte";
        if (k == 1 && is_control(u[i])) return "holds a control character";
        i += k;
    }
    return NULL;
}

const char *nx_luaval_text(lua_State *L, int arg, const char *what, size_t max)
{
    if (lua_type(L, arg) != LUA_TSTRING)
        luaL_error(L, "%s must be a string, not a %s", what, luaL_typename(L, arg));
    size_t n;
    const char *s = lua_tolstring(L, arg, &n);
    const char *why = text_problem(s, n, max);
    if (why && n > max) luaL_error(L, "%s is too long (%d bytes, at most %d)", what, (int)(n > 1u << 30 ? 1u << 30 : n), (int)max);
    if (why) luaL_error(L, "%s %s", what, why);
    return s;
}

const char *nx_luaval_opt_text(lua_State *L, int arg, const char *what, size_t max)
{
    return lua_isnoneornil(L, arg) ? NULL : nx_luaval_text(L, arg, what, max);
}

const char *nx_luaval_name(lua_State *L, int arg, const char *what)
{
    const char *s = nx_luaval_text(L, arg, what, NX_LUAVAL_NAME_MAX);
    for (const char *p = s; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') && *p != '_' &&
            *p != '.' && *p != '-' && *p != ':' && *p != '#')   /* '#': a card copy, "treachery:shield#2" */
            luaL_error(L, "%s must be a name of letters, digits and '_.-:#'", what);
    return s;
}

lua_Integer nx_luaval_integer(lua_State *L, int arg, const char *what, lua_Integer lo, lua_Integer hi)
{
    if (lua_type(L, arg) != LUA_TNUMBER)
        luaL_error(L, "%s must be an integer, not a %s", what, luaL_typename(L, arg));
    int exact = 0;
    lua_Integer v = lua_tointegerx(L, arg, &exact);
    if (!exact) luaL_error(L, "%s must be an integer", what);
    if (v < lo || v > hi)
        /* lua_pushfstring knows %I (a lua_Integer), not LUA_INTEGER_FMT's %lld. */
        luaL_error(L, "%s must be from %I to %I", what, lo, hi);
    return v;
}

lua_Number nx_luaval_number(lua_State *L, int arg, const char *what)
{
    if (lua_type(L, arg) != LUA_TNUMBER)
        luaL_error(L, "%s must be a number, not a %s", what, luaL_typename(L, arg));
    lua_Number v = lua_tonumber(L, arg);
    if (!isfinite(v)) luaL_error(L, "%s must be a finite number", what);
    return v;
}

/* ---- data ---------------------------------------------------------------------- */

typedef struct data_walk {
    const char *what;
    int items;
} data_walk;

static void check_value(lua_State *L, int idx, data_walk *w, int depth);

/* A table's keys: 0 for a map (strings), n for a list 1..n; raises otherwise. */
static lua_Integer check_keys(lua_State *L, int idx, data_walk *w)
{
    lua_Integer count = 0, maxkey = 0;
    int strings = 0, ints = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (++w->items > NX_LUAVAL_DATA_ITEMS)
            luaL_error(L, "%s holds more than %d values", w->what, NX_LUAVAL_DATA_ITEMS);
        count++;
        if (lua_type(L, -1) == LUA_TSTRING) {
            size_t n;
            const char *k = lua_tolstring(L, -1, &n);
            if (text_problem(k, n, (size_t)-1))
                luaL_error(L, "%s: a map key %s", w->what, text_problem(k, n, (size_t)-1));
            strings = 1;
        } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            lua_Integer k = lua_tointeger(L, -1);
            if (k > maxkey) maxkey = k;
            ints = 1;
        } else {
            luaL_error(L, "%s: a table key must be a string or a list index, not a %s", w->what,
                       luaL_typename(L, -1));
        }
    }
    if (strings && ints) luaL_error(L, "%s mixes list and map keys", w->what);
    if (ints && maxkey != count) luaL_error(L, "%s: a list has a hole (keys must be 1 to n)", w->what);
    return ints ? count : 0;
}

static void check_table(lua_State *L, int idx, data_walk *w, int depth)
{
    if (depth >= NX_LUAVAL_DATA_DEPTH) luaL_error(L, "%s is nested too deeply (at most %d levels)", w->what, NX_LUAVAL_DATA_DEPTH);
    if (lua_getmetatable(L, idx)) luaL_error(L, "%s: a table with a metatable is not plain data", w->what);
    luaL_checkstack(L, 4, "data");
    check_keys(L, idx, w);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        check_value(L, lua_gettop(L), w, depth + 1);
        lua_pop(L, 1);
    }
}

static void check_value(lua_State *L, int idx, data_walk *w, int depth)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNIL:
    case LUA_TBOOLEAN: return;
    case LUA_TNUMBER:
        if (!lua_isinteger(L, idx) && !isfinite(lua_tonumber(L, idx)))
            luaL_error(L, "%s holds %s, which cannot be saved", w->what,
                       isnan(lua_tonumber(L, idx)) ? "NaN" : "an infinity");
        return;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        const char *why = text_problem(s, n, (size_t)-1);
        if (why) luaL_error(L, "%s: a string %s", w->what, why);
        return;
    }
    case LUA_TTABLE: check_table(L, idx, w, depth); return;
    default: luaL_error(L, "%s holds a %s; only plain data can be saved", w->what, luaL_typename(L, idx));
    }
}

void nx_luaval_check_data(lua_State *L, int idx, const char *what)
{
    data_walk w = { .what = what };
    check_value(L, idx, &w, 0);
}

/* Raw traversal of checked data: no metamethod, no error. */
json_t *nx_luaval_data_json(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER:
        return lua_isinteger(L, idx) ? json_integer((json_int_t)lua_tointeger(L, idx)) : json_real(lua_tonumber(L, idx));
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        return json_stringn(s, n);
    }
    default: break;
    }
    assert(lua_type(L, idx) == LUA_TTABLE);     /* nx_luaval_check_data passed */
    /* Checked: a list has exactly the keys 1..n, so its border is n; a
     * map (or an empty table) has no integer key. */
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    json_t *out;
    if (n > 0) {
        out = json_array();
        for (lua_Integer i = 1; out && i <= n; i++) {
            lua_rawgeti(L, idx, i);
            if (json_array_append_new(out, nx_luaval_data_json(L, -1))) json_decref(out), out = NULL;
            lua_pop(L, 1);
        }
        return out;
    }
    out = json_object();
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        size_t kn;
        const char *k = lua_tolstring(L, -2, &kn);   /* a string: checked */
        if (out && json_object_setn_new(out, k, kn, nx_luaval_data_json(L, -1))) json_decref(out), out = NULL;
        lua_pop(L, 1);
    }
    return out;
}

void nx_luaval_push_json(lua_State *L, const json_t *j)
{
    luaL_checkstack(L, 3, "saved data");
    switch (json_typeof(j)) {
    case JSON_NULL: lua_pushnil(L); return;
    case JSON_TRUE: lua_pushboolean(L, 1); return;
    case JSON_FALSE: lua_pushboolean(L, 0); return;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(j)); return;
    case JSON_REAL: lua_pushnumber(L, json_real_value(j)); return;
    case JSON_STRING: lua_pushlstring(L, json_string_value(j), json_string_length(j)); return;
    case JSON_ARRAY: {
        lua_createtable(L, (int)json_array_size(j), 0);
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) {
            nx_luaval_push_json(L, v);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        return;
    }
    case JSON_OBJECT: {
        lua_newtable(L);
        const char *k;
        size_t kn;
        json_t *v;
        json_object_keylen_foreach((json_t *)j, k, kn, v) {
            lua_pushlstring(L, k, kn);
            nx_luaval_push_json(L, v);
            lua_rawset(L, -3);
        }
        return;
    }
    }
}
