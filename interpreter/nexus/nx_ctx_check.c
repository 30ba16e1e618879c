/*
 * The checks every ctx method makes (nx_ctx.h): which call it runs in,
 * whether that call may change the game, zones named relative to the
 * holder, card lists, the arguments through the one gate (nx_luaval.h),
 * and the call as other files see it (nx_ctx_call_of).
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_ctx_pay.h"
#include "nx_luaval.h"
#include "nx_source.h"

/* The state keeps a panel as 1 + faction * 3 + mode (core/nx_source.h). */
_Static_assert((int)NX_MODE_CUNNING == (int)NX_SOURCE_CUNNING && (int)NX_MODE_BETRAYAL == (int)NX_SOURCE_BETRAYAL &&
                   (int)NX_MODE_SECRET_ALLY == (int)NX_SOURCE_SECRET_ALLY && (int)NX_MODE_COUNT == NX_SOURCE_MODES,
               "nx_mode and the state's panel sources disagree");

/* ---- helpers ------------------------------------------------------------------ */

nx_ctx *nx_ctx_check(lua_State *L)
{
    nx_ctx **ud = luaL_checkudata(L, 1, CTX_META);
    if (!*ud) luaL_error(L, "this ctx belongs to a finished call");
    return *ud;
}

nx_ctx *nx_ctx_mutable(lua_State *L, const char *what)
{
    nx_ctx *c = nx_ctx_check(L);
    if (c->readonly) nx_sandbox_forbid(L, what);
    return c;
}

/* Zone names are relative to the holder: "traitors" is the holder's hand,
 * "traitor_deck" the shared deck, "seat2.traitors" another seat's. */
nx_zone nx_ctx_zone(lua_State *L, nx_ctx *c, int arg)
{
    const char *name = nx_luaval_name(L, arg, "zone name");
    static const char *const own[NX_ZS_COUNT] = { "nexus_held", "traitors", "traitor_offer", "revealed",
                                                   "leaders", "treachery", "storm_card" };
    for (int k = 0; k < NX_ZS_COUNT; k++)
        if (!strcmp(name, own[k])) return NX_Z_SEAT(c->holder, k);
    int z = nx_zone_parse(name);
    if (z < 0 || z == NX_Z_OUT || (nx_zone_seat((nx_zone)z) >= c->a->s->nseats))
        luaL_error(L, "unknown zone '%s'", name);
    return (nx_zone)z;
}

int nx_ctx_holder_sees(const nx_ctx *c, nx_zone z)
{
    nx_visibility v = nx_zone_visibility(z);
    return v == NX_VIS_PUBLIC || (v == NX_VIS_OWNER && nx_zone_seat(z) == c->holder);
}

void nx_ctx_push_ids(lua_State *L, const nx_comp *v, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, nx_comp_id(v[i]));
        lua_rawseti(L, -2, i + 1);
    }
}

/* Read a list of component ids held in the holder's own zones. */
int nx_ctx_own_cards(lua_State *L, nx_ctx *c, int arg, nx_comp *out, int cap)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    if (lua_getmetatable(L, arg)) luaL_error(L, "a card list must be a plain table");
    int n = (int)lua_rawlen(L, arg);
    if (n > cap) luaL_error(L, "too many cards (at most %d)", cap);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, arg, i + 1);
        const char *id = nx_luaval_name(L, -1, "card id");
        nx_comp comp = id ? nx_comp_parse(id) : NX_COMP_NONE;
        if (comp == NX_COMP_NONE) luaL_error(L, "card %d: unknown component '%s'", i + 1, id ? id : "?");
        int bound = 0;
        for (int k = 0; k < c->nreleased; k++) bound |= c->released[k] == comp;
        if (nx_zone_seat(c->a->s->custody.zone[comp]) != c->holder && !bound)
            luaL_error(L, "card %d: %s is not in the holder's custody", i + 1, id);
        for (int k = 0; k < i; k++)
            if (out[k] == comp) luaL_error(L, "card %d: %s is listed twice", i + 1, id);
        out[i] = comp;
        lua_pop(L, 1);
    }
    return n;
}

/* ---- argument checks ------------------------------------------------------------
 * Every value a method takes from Lua goes through the one gate,
 * dsl/nx_luaval.h: words (advantages, scopes, kinds) are names, counts and
 * seats exact integers in range, so a bad call is a clear script error
 * naming the panel and line and never reaches the state. */

const char *nx_ctx_arg_word(lua_State *L, int arg, const char *what) { return nx_luaval_name(L, arg, what); }

lua_Integer nx_ctx_arg_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi, const char *what)
{
    return nx_luaval_integer(L, arg, what, lo, hi);
}

/* A field of an options table: the value is left on the stack top. */
int nx_ctx_opt_field(lua_State *L, int t, const char *key) { return lua_getfield(L, t, key) != LUA_TNIL; }

void nx_ctx_only_keys(lua_State *L, int t, const char *const *keys, const char *what)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int ok = 0;
        for (int i = 0; k && keys[i]; i++) ok |= !strcmp(k, keys[i]);
        if (!ok) luaL_error(L, "%s: unknown key %s", what, k ? k : "(not a string)");
    }
}


/* The call seen by the methods of other files (nx_ctx_pay.c). */
nx_ctx_call nx_ctx_call_of(lua_State *L, const char *what)
{
    nx_ctx *c = what ? nx_ctx_mutable(L, what) : nx_ctx_check(L);
    return (nx_ctx_call){ .a = c->a, .holder = c->holder, .source = nx_ctx_source(c), .event = c->event,
                          .panel_id = c->panel->id };
}

/* Which panel made an effect (core/nx_source.h). */
uint8_t nx_ctx_source(const nx_ctx *c)
{
    char card[32];
    const char *dot = strchr(c->panel->id, '.');
    size_t n = dot ? (size_t)(dot - c->panel->id) : strlen(c->panel->id);
    if (n >= sizeof card) n = sizeof card - 1;
    memcpy(card, c->panel->id, n);
    card[n] = 0;
    nx_faction f = nx_faction_parse(card);
    if ((int)f < 0 || f >= NX_FACTION_COUNT) return 0;
    return nx_source_of(f, (int)c->panel->mode);
}

/* ---- a JSON value the collector frees ---------------------------------------- */

static int json_box_gc(lua_State *L)
{
    json_t **box = lua_touserdata(L, 1);
    json_decref(*box);
    *box = NULL;
    return 0;
}

/* A userdata holding a json_t that the collector frees. */
json_t **nx_ctx_json_box(lua_State *L)
{
    json_t **box = lua_newuserdatauv(L, sizeof *box, 0);
    *box = NULL;
    if (luaL_newmetatable(L, "nexus.json_box")) {
        lua_pushcfunction(L, json_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return box;
}
