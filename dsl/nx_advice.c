#include "nx_advice.h"

#include <string.h>

#include <lauxlib.h>

static const struct {
    uint32_t bit;
    const char *name;
} avoid_words[] = {
    { NX_AVOID_ELITE_FORCES, "elite_forces" },
};

#define NWORDS (sizeof avoid_words / sizeof avoid_words[0])

void nx_advice_init(nx_advice *a)
{
    a->keep = -1;
    a->prefer = -1;
    a->avoid = 0;
    a->seek_battle = 0;
}

const char *nx_avoid_name(uint32_t bit)
{
    for (size_t i = 0; i < NWORDS; i++)
        if (avoid_words[i].bit == bit) return avoid_words[i].name;
    return NULL;
}

static int8_t read_bool(lua_State *L, int idx, const char *field)
{
    if (lua_isnil(L, idx)) return -1;
    if (!lua_isboolean(L, idx))
        luaL_error(L, "advice.%s must be a boolean, not a %s", field, luaL_typename(L, idx));
    return (int8_t)lua_toboolean(L, idx);
}

static uint8_t read_seek(lua_State *L, int idx)
{
    if (lua_isnil(L, idx)) return 0;
    if (!lua_isinteger(L, idx) || lua_tointeger(L, idx) < 1 || lua_tointeger(L, idx) > NX_ADVICE_MAX_SEEK)
        luaL_error(L, "advice.seek_battle must be a whole number of forces from 1 to %d", NX_ADVICE_MAX_SEEK);
    return (uint8_t)lua_tointeger(L, idx);
}

static uint32_t read_avoid(lua_State *L, int idx)
{
    if (lua_isnil(L, idx)) return 0;
    if (!lua_istable(L, idx) || lua_getmetatable(L, idx))
        luaL_error(L, "advice.avoid must be a plain list of words, not a %s", luaL_typename(L, idx));
    uint32_t bits = 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        const char *w = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t k = 0;
        while (w && k < NWORDS && strcmp(avoid_words[k].name, w)) k++;
        if (!w || k == NWORDS)
            luaL_error(L, "advice.avoid[%d] must be one of the words: elite_forces", (int)i);
        bits |= avoid_words[k].bit;
        lua_pop(L, 1);
    }
    /* Only the list part: a key beside it is a mistake. */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > n)
            luaL_error(L, "advice.avoid must be a list of words (it has other keys)");
    }
    return bits;
}

void nx_advice_read(lua_State *L, int idx, nx_advice *out)
{
    nx_advice_init(out);
    idx = lua_absindex(L, idx);
    if (lua_isnoneornil(L, idx)) return;   /* nil, or a function returning nothing */
    if (!lua_istable(L, idx) || lua_getmetatable(L, idx))
        luaL_error(L, "advice must be a plain table {keep=, avoid=, prefer=, seek_battle=} or a function returning one, not a %s",
                   luaL_typename(L, idx));
    luaL_checkstack(L, 5, "advice");
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (!k || (strcmp(k, "keep") && strcmp(k, "avoid") && strcmp(k, "prefer") && strcmp(k, "seek_battle")))
            luaL_error(L, "advice has an unknown field %s (keep, avoid, prefer, seek_battle)",
                       k ? k : luaL_typename(L, -1));
    }
    lua_getfield(L, idx, "keep");
    out->keep = read_bool(L, -1, "keep");
    lua_getfield(L, idx, "prefer");
    out->prefer = read_bool(L, -1, "prefer");
    lua_getfield(L, idx, "avoid");
    out->avoid = read_avoid(L, lua_absindex(L, -1));
    lua_getfield(L, idx, "seek_battle");
    out->seek_battle = read_seek(L, -1);
    lua_pop(L, 4);
}
