/*
 * bench_panel: what one Nexus card play costs, and how much of it is the
 * availability of the 36 panels.  On a designer's table the host places
 * the Harkonnen card in seat 0's hand, seat 0 plays it as Cunning (one
 * Traitor Card drawn) and answers (one returned): only the play_nexus
 * action is timed.  Also times nx_avail_compute alone.  Not a test.
 *
 * The baseline (issue #17: a panel play within 20x of it) is the bare
 * lua_pcall chain of the same play: a plain lua_State with the standard
 * libraries, the same script (cards/nexus/harkonnen/cunning.lua) loaded
 * once, and per play the same calls into Lua the engine makes,
 * can_play(ctx) then play(ctx), where ctx's methods (count,
 * others_deciding, draw, ask) are C stubs that answer at once.  No
 * engine, no sandbox, no JSON: what the Lua itself costs.
 *
 *   build/bench/bench_panel [--quick] [PACK]
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "nx_bench.h"
#include "nx_avail.h"
#include "nx_game.h"
#include "nx_runtime.h"

/* Full scale; --quick runs a few of each (CI: the benchmark still runs). */
static int PLAYS = 2000, AVAILS = 2000;

/* ---- the bare lua_pcall chain ------------------------------------------- */

/* ctx's methods, answering at once: three cards in any zone, nobody else
 * deciding, a draw and an ask that only read their arguments. */
static int stub_count(lua_State *L)
{
    luaL_checkstring(L, 2);
    lua_pushinteger(L, 3);
    return 1;
}
static int stub_others_deciding(lua_State *L)
{
    lua_pushboolean(L, 0);
    return 1;
}
static int stub_draw(lua_State *L)
{
    luaL_checkstring(L, 2);
    luaL_checkstring(L, 3);
    luaL_checkinteger(L, 4);
    return 0;
}
static int stub_ask(lua_State *L)
{
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const fields[] = { "prompt", "choose_from", "count", "resume" };
    for (int i = 0; i < 4; i++) lua_getfield(L, 2, fields[i]);
    lua_settop(L, 2);
    return 0;
}

/* The script's path beside the pack: PACK's folder/nexus/harkonnen/cunning.lua. */
static void script_path(const char *pack, char *out, size_t len)
{
    const char *slash = strrchr(pack, '/');
    int dir = slash ? (int)(slash - pack) : 1;
    snprintf(out, len, "%.*s/nexus/harkonnen/cunning.lua", dir, slash ? pack : ".");
}

/* One call panel[fn](ctx) through lua_pcall; exits on an error. */
static void bare_call(lua_State *L, int panel, int ctx, const char *fn)
{
    lua_getfield(L, panel, fn);
    lua_pushvalue(L, ctx);
    if (lua_pcall(L, 1, LUA_MULTRET, 0) != LUA_OK) {
        fprintf(stderr, "bench_panel: bare %s: %s\n", fn, lua_tostring(L, -1));
        exit(1);
    }
}

/* Seconds per play of the bare chain: can_play(ctx), then play(ctx). */
static double bare_chain(const char *pack, int plays)
{
    char path[1024];
    script_path(pack, path, sizeof path);
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (luaL_loadfile(L, path) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK || !lua_istable(L, -1)) {
        fprintf(stderr, "bench_panel: %s: %s\n", path, lua_tostring(L, -1));
        exit(1);
    }
    int panel = lua_gettop(L);
    lua_newuserdatauv(L, sizeof(void *), 0);
    static const luaL_Reg methods[] = { { "count", stub_count }, { "others_deciding", stub_others_deciding },
                                        { "draw", stub_draw }, { "ask", stub_ask }, { NULL, NULL } };
    luaL_newmetatable(L, "bench_ctx");
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    int ctx = lua_gettop(L);
    double t0 = nx_bench_wall();
    for (int i = 0; i < plays; i++) {
        bare_call(L, panel, ctx, "can_play");
        lua_settop(L, ctx);
        bare_call(L, panel, ctx, "play");
        lua_settop(L, ctx);
    }
    double t = (nx_bench_wall() - t0) / plays;
    lua_close(L);
    return t;
}

/* Apply one action; exits on a refusal (the bench would measure nothing). */
static void apply(nx_game *g, const char *fmt, int n, int seat, const char *rest)
{
    char action[512];
    char who[16];
    if (seat < 0) snprintf(who, sizeof who, "null");
    else snprintf(who, sizeof who, "%d", seat);
    snprintf(action, sizeof action, "{\"id\": \"%s%d\", \"version\": %u, \"seat\": %s%s}", fmt, n,
             nx_game_state(g)->version, who, rest);
    char *r = nx_game_apply(g, action);
    if (!strstr(r, "\"ok\": true") && !strstr(r, "\"ok\":true")) {
        fprintf(stderr, "bench_panel: %s refused: %s\n", action, r);
        exit(1);
    }
    free(r);
}

/* The first setup decision's first option, until setup is done. */
static void finish_setup(nx_game *g)
{
    for (int n = 0; nx_game_state(g)->npending && n < 16; n++) {
        const nx_pending *p = &nx_game_state(g)->pending[0];
        char rest[96];
        snprintf(rest, sizeof rest, ", \"type\": \"answer\", \"choose\": [\"%s\"]", nx_comp_id(p->options[0]));
        apply(g, "setup", n, p->seat, rest);
    }
}

int main(int argc, char **argv)
{
    int a;
    if (nx_bench_quick(argc, argv, &a)) PLAYS = AVAILS = 5;
    const char *pack = a < argc ? argv[a] : NX_SOURCE_PACK;
    nx_runtime rt;
    if (nx_bench_open(&rt, pack)) return 1;
    nx_game_config cfg = { .seed = 21, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    nx_game *g = nx_bench_new_game(&rt, &cfg, "bench_panel");
    finish_setup(g);
    double played = 0;
    for (int i = 0; i < PLAYS; i++) {
        apply(g, "place", i, -1, ", \"type\": \"place\", \"card\": \"nexus:harkonnen\", \"zone\": \"seat0.nexus_held\"");
        double t0 = nx_bench_wall();
        apply(g, "play", i, 0, ", \"type\": \"play_nexus\"");
        played += nx_bench_wall() - t0;
        char rest[96];
        snprintf(rest, sizeof rest, ", \"type\": \"answer\", \"choose\": [\"%s\"]",
                 nx_comp_id(nx_game_state(g)->pending[0].options[0]));
        apply(g, "answer", i, 0, rest);
    }
    nx_settings s;
    nx_settings_init(&s);
    double t0 = nx_bench_wall();
    for (int i = 0; i < AVAILS; i++) {
        nx_avail av;
        nx_avail_compute(&rt.pack, &s, &av);
        nx_avail_free(&av);
    }
    double avail = (nx_bench_wall() - t0) / AVAILS;
    /* What a game keeps once it has computed availability. */
    size_t heap0 = mallinfo2().uordblks;
    nx_avail kept;
    nx_avail_compute(&rt.pack, &s, &kept);
    size_t heap = mallinfo2().uordblks - heap0 + sizeof kept;
    nx_avail_free(&kept);
    /* Many more bare plays: each is well under a microsecond. */
    double bare = bare_chain(pack, PLAYS * 20);
    printf("play_nexus (Harkonnen Cunning), applied: %.1f us per play (%d plays)\n",
           played / PLAYS * 1e6, PLAYS);
    printf("bare lua_pcall chain of the same calls:  %.2f us per play; the play is %.1fx it (target: 20x)\n",
           bare * 1e6, played / PLAYS / bare);
    printf("availability of the 36 panels:        %.1f us per computation, %.1f KB kept per game\n",
           avail * 1e6, (double)heap / 1024);
    nx_game_free(g);
    nx_runtime_close(&rt);
    return 0;
}
