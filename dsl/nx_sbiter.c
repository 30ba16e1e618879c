/* nx_sbiter: deterministic pairs and next (see nx_sbiter.h). */
#include "nx_sbiter.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

enum { K_FALSE, K_TRUE, K_NUM, K_STR };

/* Units charged per key handled: a traversal step, a description and a
 * comparison cost about as much as a few VM instructions. */
#define SB_ITER_KEY_COST 4

/* The registry key of the bound budget (nx_sbiter_bind). */
static const char budget_key = 'b';

void nx_sbiter_bind(lua_State *L, const nx_sbiter_budget *budget)
{
    lua_pushlightuserdata(L, (void *)budget);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &budget_key);
}

static void charge(lua_State *L, uint64_t units)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &budget_key);
    const nx_sbiter_budget *budget = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (budget) budget->charge(L, units);
}

/* One key, described for comparison.  A string's bytes stay valid while
 * the key is anchored (in the table or on the stack). */
typedef struct key_ref {
    int kind;
    int isint;
    lua_Integer i;
    lua_Number f;
    const char *s;
    size_t len;
    lua_Integer pos;    /* where the key sits in the snapshot */
} key_ref;

static void describe(lua_State *L, int idx, key_ref *k)
{
    memset(k, 0, sizeof *k);
    switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN: k->kind = lua_toboolean(L, idx) ? K_TRUE : K_FALSE; return;
    case LUA_TNUMBER:
        k->kind = K_NUM;
        k->isint = lua_isinteger(L, idx);
        if (k->isint) k->i = lua_tointeger(L, idx);
        else k->f = lua_tonumber(L, idx);
        return;
    case LUA_TSTRING: k->kind = K_STR; k->s = lua_tolstring(L, idx, &k->len); return;
    default:
        luaL_error(L, "a table with a %s key has no deterministic order: pairs and next refuse it "
                      "(use string or number keys)", luaL_typename(L, idx));
    }
}

static int sign(int c) { return (c > 0) - (c < 0); }

/* Integer i against float f (never NaN: NaN is no key), exactly. */
static int cmp_int_float(lua_Integer i, lua_Number f)
{
    if (f >= 0x1p63) return -1;
    if (f < -0x1p63) return 1;
    lua_Number fl = floor(f);
    lua_Integer fi = (lua_Integer)fl;
    if (i != fi) return i < fi ? -1 : 1;
    return f > fl ? -1 : 0;
}

static int cmp_keys(const key_ref *a, const key_ref *b)
{
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->kind == K_STR) {
        size_t n = a->len < b->len ? a->len : b->len;
        int c = memcmp(a->s, b->s, n);
        if (c) return sign(c);
        return a->len == b->len ? 0 : a->len < b->len ? -1 : 1;
    }
    if (a->kind != K_NUM) return 0;
    if (a->isint && b->isint) return a->i == b->i ? 0 : a->i < b->i ? -1 : 1;
    if (!a->isint && !b->isint) return a->f == b->f ? 0 : a->f < b->f ? -1 : 1;
    return a->isint ? cmp_int_float(a->i, b->f) : -cmp_int_float(b->i, a->f);
}

static int cmp_refs(const void *x, const void *y) { return cmp_keys(x, y); }

static lua_Unsigned sort_cost(lua_Integer n)
{
    lua_Unsigned lg = 1;
    for (lua_Integer m = n; m > 1; m >>= 1) lg++;
    return (lua_Unsigned)n * lg;
}

/* The step function: upvalues are the table, the sorted keys and the
 * position reached. */
static int sorted_step(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
    for (;;) {
        if (lua_rawgeti(L, lua_upvalueindex(2), ++i) == LUA_TNIL) {
            lua_pushinteger(L, i - 1);
            lua_replace(L, lua_upvalueindex(3));
            return 1;
        }
        if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNIL) { /* removed during the loop */
            lua_pop(L, 1);
            continue;
        }
        lua_pushinteger(L, i);
        lua_replace(L, lua_upvalueindex(3));
        lua_rawgeti(L, lua_upvalueindex(2), i);
        lua_insert(L, -2);
        return 2;
    }
}

int nx_sbiter_push_sorted(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        n++;
    }
    charge(L, SB_ITER_KEY_COST * ((uint64_t)n + sort_cost(n)));
    lua_createtable(L, (int)n, 0);                      /* the snapshot */
    int ks = lua_gettop(L);
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, ks, ++k);
    }
    /* A userdata, so that the buffer counts against the memory cap and is
     * freed whatever happens next. */
    key_ref *refs = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *refs, 0);
    for (lua_Integer j = 0; j < n; j++) {
        lua_rawgeti(L, ks, j + 1);
        describe(L, -1, &refs[j]);                      /* anchored in ks */
        refs[j].pos = j + 1;
        lua_pop(L, 1);
    }
    qsort(refs, (size_t)n, sizeof *refs, cmp_refs);
    lua_pushvalue(L, t);
    lua_createtable(L, (int)n, 0);
    for (lua_Integer j = 0; j < n; j++) {
        lua_rawgeti(L, ks, refs[j].pos);
        lua_rawseti(L, -2, j + 1);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sorted_step, 3);
    lua_replace(L, ks);                                 /* drop the snapshot */
    lua_settop(L, ks);
    lua_pushvalue(L, t);
    lua_pushnil(L);
    return 3;
}

int nx_sbiter_pairs(lua_State *L)
{
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {     /* as Lua 5.4's pairs */
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    return nx_sbiter_push_sorted(L, 1);
}

int nx_sbiter_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    key_ref after, best, cur;
    int have_after = !lua_isnil(L, 2), have_best = 0;
    if (have_after) describe(L, 2, &after);
    lua_pushnil(L);                                     /* 3: the best key */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        n++;
        describe(L, -1, &cur);
        if ((!have_after || cmp_keys(&cur, &after) > 0) && (!have_best || cmp_keys(&cur, &best) < 0)) {
            lua_pushvalue(L, -1);
            lua_replace(L, 3);
            describe(L, 3, &best);                      /* anchored at 3 */
            have_best = 1;
        }
    }
    charge(L, SB_ITER_KEY_COST * (uint64_t)n);
    if (!have_best) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}
