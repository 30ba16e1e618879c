/*
 * The attack suite: panel scripts written to harm the host or another
 * game, played through the engine exactly as a player would play them
 * (a temporary copy of the pack whose harkonnen/cunning.lua is replaced).
 * Each attack must leave the host alive, the game byte-identical (its
 * saved JSON equal before and after) and the next action working.  The
 * findings of issue 10 are the first cases; the classic escapes follow.
 */
#include <check.h>
#include <jansson.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nx_game.h"
#include "nx_names.h"
#include "nx_runtime.h"
#include "nx_testutil.h"
#include "nx_util.h"

/* ---- an arena: a pack whose Harkonnen Cunning is the attacker ----------------- */

static char *pack_dir;      /* one temporary copy of the pack for the suite */

static void copy_pack(void) { pack_dir = nx_copy_pack(); }
static void drop_pack(void)
{
    nx_remove_tree(pack_dir);
    free(pack_dir);
}

/* The panel: can_play always allows own_window; `play` and `returned`
 * are the attack's. */
static void write_panel(const char *play_body, const char *returned_body)
{
    char *script = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", pack_dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f,
            "local panel = {}\n"
            "function panel.can_play(ctx) return true, nil, 'own_window' end\n"
            "function panel.play(ctx)\n%s\nend\n"
            "function panel.returned(ctx, answer)\n%s\nend\n"
            "return panel\n",
            play_body, returned_body ? returned_body : "");
    fclose(f);
    free(script);
}

static void open_runtime(nx_runtime *rt)
{
    char *pack = nx_asprintf("%s/cards/pack.yaml", pack_dir);
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_runtime_open(rt, pack, &d);
    ck_assert_msg(rc == 0, "the pack does not open: %s", d.n ? d.v[0].msg : "?");
    nx_diags_free(&d);
    free(pack);
}

/* A designer's table where Harkonnen holds the Harkonnen card. */
static nx_game *new_game(nx_runtime *rt, uint64_t seed)
{
    nx_game_config cfg = { .seed = seed, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *r = nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\","
                               "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}");
    ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
    free(r);
    return g;
}

static int version_of(const nx_game *g) { return (int)nx_game_log_length(g); }

static char *apply_fmt(nx_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *apply_fmt(nx_game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *action = nx_vasprintf(fmt, ap);
    va_end(ap);
    char *r = nx_game_apply(g, action);
    free(action);
    ck_assert_ptr_nonnull(r);
    return r;
}

static char *play(nx_game *g)
{
    return apply_fmt(g, "{\"id\":\"play%d\",\"version\":%d,\"seat\":0,\"type\":\"play_nexus\"}", version_of(g),
                     version_of(g));
}

/* Every reply must be one valid JSON object. */
static void assert_json(const char *r)
{
    json_error_t je;
    json_t *j = json_loads(r, 0, &je);
    ck_assert_msg(j != NULL, "the reply is not JSON (%s): %.300s", je.text, r);
    json_decref(j);
}

/* The next action works: the host moves the card to seat 1 and back. */
static void assert_next_action_works(nx_game *g)
{
    char *r = apply_fmt(g, "{\"id\":\"mv%d\",\"version\":%d,\"seat\":null,\"type\":\"place\","
                           "\"card\":\"nexus:harkonnen\",\"zone\":\"seat1.nexus_held\"}",
                        version_of(g), version_of(g));
    ck_assert_msg(strstr(r, "\"ok\":true"), "the next action fails: %s", r);
    free(r);
    r = apply_fmt(g, "{\"id\":\"mv%d\",\"version\":%d,\"seat\":null,\"type\":\"place\","
                     "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}",
                  version_of(g), version_of(g));
    ck_assert_msg(strstr(r, "\"ok\":true"), "the next action fails: %s", r);
    free(r);
}

/*
 * Play the attack and require: a refusal whose reply is JSON, has code
 * `code` and contains `needle`; names the pack-relative script, never the
 * host's directory; the game byte-identical; the next action working.
 */
static void expect_refused_in(nx_game *g, const char *code, const char *needle)
{
    char *before = nx_game_save(g);
    char *r = play(g);
    assert_json(r);
    char *want_code = nx_asprintf("\"code\":\"%s\"", code);
    ck_assert_msg(strstr(r, "\"ok\":false") && strstr(r, want_code), "want %s: %s", code, r);
    ck_assert_msg(!needle || strstr(r, needle), "want \"%s\" in: %s", needle, r);
    if (!strcmp(code, "script"))
        ck_assert_msg(strstr(r, "nexus/harkonnen/cunning.lua:"), "no pack-relative file and line: %s", r);
    ck_assert_msg(!strstr(r, pack_dir), "the reply shows the host's path: %s", r);
    char *after = nx_game_save(g);
    ck_assert_msg(!strcmp(before, after), "the game changed");
    free(after), free(before), free(r), free(want_code);
    assert_next_action_works(g);
}

static void attack(const char *play_body, const char *code, const char *needle)
{
    write_panel(play_body, NULL);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt, 7);
    expect_refused_in(g, code, needle);
    /* The same attack again, in the same process: the same refusal. */
    expect_refused_in(g, code, needle);
    nx_game_free(g);
    nx_runtime_close(&rt);
}

/* CPU seconds of this process since t0 (the machine may be loaded: wall
 * time would measure the other processes). */
static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

#define ASK_OK "prompt = 'p', choose_from = 'traitors', count = 1, resume = 'returned'"
#define DRAW "ctx:draw('traitor_deck', 'traitors', 1)\n"

/* ---- finding 1: values crossing into the engine --------------------------------- */

static const struct { const char *body, *needle; } bad_values[] = {
    { DRAW "return ctx:ask{" ASK_OK ", save = 0/0}", "NaN" },
    { DRAW "return ctx:ask{" ASK_OK ", save = 1/0}", "infinity" },
    { DRAW "return ctx:ask{" ASK_OK ", save = {x = -1/0}}", "infinity" },
    { DRAW "return ctx:ask{" ASK_OK ", save = '\\xff\\xfe'}", "not valid UTF-8" },
    { DRAW "return ctx:ask{" ASK_OK ", save = 'a\\0b'}", "NUL" },
    { DRAW "return ctx:ask{" ASK_OK ", save = {['\\xc0\\x80'] = 1}}", "UTF-8" },
    { DRAW "return ctx:ask{" ASK_OK ", save = {1, nil, 3}}", "hole" },
    { DRAW "return ctx:ask{" ASK_OK ", save = {1, x = 2}}", "mixes" },
    { DRAW "return ctx:ask{" ASK_OK ", save = {[{}] = 1}}", "key" },
    { DRAW "return ctx:ask{" ASK_OK ", save = print or function() end}", "plain data" },
    { DRAW "return ctx:ask{" ASK_OK ", save = setmetatable({}, {__index = function() while true do end end})}",
      "metatable" },
    { DRAW "local t = {} t[1] = t return ctx:ask{" ASK_OK ", save = t}", "nested too deeply" },
    { DRAW "local t = {} for i = 1, 1000 do t[i] = i end return ctx:ask{" ASK_OK ", save = t}", "more than" },
    { DRAW "return ctx:ask{" ASK_OK ", save = string.rep('x', 300)}", "exceed" },
    { DRAW "return ctx:ask{prompt = 'bad \\xff prompt', choose_from = 'traitors', count = 1, resume = 'returned'}",
      "prompt is not valid UTF-8" },
    { DRAW "return ctx:ask{prompt = 'nul\\0', choose_from = 'traitors', count = 1, resume = 'returned'}",
      "NUL" },
    { DRAW "return ctx:ask{prompt = '\\27[2J', choose_from = 'traitors', count = 1, resume = 'returned'}",
      "control character" },
    { DRAW "return ctx:ask{prompt = string.rep('p', 96), choose_from = 'traitors', count = 1, resume = 'returned'}",
      "too long" },
    { DRAW "return ctx:ask{prompt = 7, choose_from = 'traitors', count = 1, resume = 'returned'}",
      "must be a string" },
    { DRAW "return ctx:ask{prompt = 'p', choose_from = 'traitors', count = 0/0, resume = 'returned'}",
      "must be an integer" },
    { DRAW "return ctx:ask{prompt = 'p', choose_from = 'traitors', count = 1.5, resume = 'returned'}",
      "must be an integer" },
    { DRAW "return ctx:ask{prompt = 'p', choose_from = 'traitors', count = '1', resume = 'returned'}",
      "must be an integer" },
    { DRAW "return ctx:ask{prompt = 'p', choose_from = 'traitors', count = 1, resume = 're\\xffturned'}",
      "not valid UTF-8" },
    { DRAW "return ctx:ask{prompt = 'p', choose_from = 'trai\\xfftors', count = 1, resume = 'returned'}",
      "not valid UTF-8" },
    { "ctx:draw('traitor_deck', 'traitors', 1/0)", "must be an integer" },
    { "ctx:draw('traitor\\0deck', 'traitors', 1)", "NUL" },
    { "ctx:count({})", "must be a string" },
    { "ctx:setting('\\xff')", "not valid UTF-8" },
    { "local _ = ctx['\\xff']", "not valid UTF-8" },
    { DRAW "ctx:shuffle_into('traitor_deck', {'\\xff'})", "not valid UTF-8" },
    { DRAW "ctx:shuffle_into('traitor_deck', setmetatable({}, {__len = function() return 1 end}))", "plain table" },
    { "ctx:log('\\xff\\xfe')", "not valid UTF-8" },
    { "ctx:log('a\\0b')", "NUL" },
    { "ctx:log(string.rep('x', 201))", "too long" },
    { "ctx:log({})", "must be a string" },
    { "for i = 1, 9 do ctx:log('line') end", "at most 8 lines" },
    /* A script's own message is shown sanitized: the reply stays JSON. */
    { "error('bad \\xff\\xfe text \\0 here')", "bad ?? text" },
    { DRAW "error('after a draw')", "after a draw" },
    { NULL, NULL }
};

START_TEST(values_are_checked)
{
    attack(bad_values[_i].body, "script", bad_values[_i].needle);
}
END_TEST

/* Saved values come back exactly as saved, through a save file too. */
static const char saved_values[] =
    "local function same(a, b)\n"
    "  if math.type(a) ~= math.type(b) or type(a) ~= type(b) then return false end\n"
    "  if math.type(a) == 'float' then return string.format('%a', a) == string.format('%a', b) end\n"
    "  if type(a) ~= 'table' then return a == b end\n"
    "  for k, v in pairs(a) do if not same(v, b[k]) then return false end end\n"
    "  for k in pairs(b) do if a[k] == nil then return false end end\n"
    "  return true\n"
    "end\n"
    "local function values()\n"
    "  return { i = math.maxinteger, j = math.mininteger, k = (1 << 53) + 1, z = -0.0, w = 2.0,\n"
    "           e = 0.1, s = 'h\\u{e9}', t = true, l = {1, 2.5, 'x'}, m = {} }\n"
    "end\n";

START_TEST(saved_values_come_back_exactly)
{
    char *play_body = nx_asprintf("%s\n" DRAW "return ctx:ask{" ASK_OK ", save = values()}", saved_values);
    char *ret_body = nx_asprintf(
        "%s\n"
        "if not same(answer.save, values()) then error('altered') end\n"
        "if 1 / answer.save.z ~= -1 / 0 then error('the sign of -0.0 was lost') end\n"
        "if math.type(answer.save.w) ~= 'float' then error('2.0 became an integer') end\n"
        "ctx:shuffle_into('traitor_deck', answer.cards)",
        saved_values);
    write_panel(play_body, ret_body);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt, 9);
    char *r = play(g);
    ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
    free(r);
    /* Through a save file. */
    char *saved = nx_game_save(g);
    char err[256];
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "%s", err);
    const nx_state *s = nx_game_state(g2);
    const nx_pending *pend = NULL;
    for (int k = 0; k < s->npending; k++)
        if (s->pending[k].kind == NX_PEND_PANEL) pend = &s->pending[k];
    ck_assert_ptr_nonnull(pend);
    const char *card = nx_comp_id(pend->options[0]);
    r = apply_fmt(g2, "{\"id\":\"ans\",\"version\":%d,\"seat\":0,\"type\":\"answer\",\"choose\":[\"%s\"]}",
                  version_of(g2), card);
    ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
    free(r);
    nx_game_free(g2);
    nx_game_free(g);
    nx_runtime_close(&rt);
    free(saved), free(play_body), free(ret_body);
}
END_TEST

/* ---- finding 2: coroutines, and the classic escapes ----------------------------- */

static const struct { const char *body, *code, *needle; } escapes[] = {
    /* The coroutine.close nesting bug of Lua 5.4.4 needs coroutines. */
    { "local co = coroutine.create(function() end)", "script", "global 'coroutine'" },
    { "local t = _G.coroutine.wrap", "script", "field 'coroutine'" },
    { "local f = load('return 1')", "script", "global 'load'" },
    { "local os = require('os')", "script", "no library 'os' in cards/lib" },
    { "local x = require('../rulings/common')", "script", "library name must be a name" },
    { "local x = require('ctx.d')", "script", "is not a library name" },
    { "local f = dofile or loadfile or loadstring or print or error('none of them')", "script", "none of them" },
    { "local f = string.dump(function() end)", "script", "field 'dump'" },
    { "local f = ('x').dump(function() end)", "script", "field 'dump'" },
    { "local d = debug.getinfo(1)", "script", "global 'debug'" },
    { "local f = package.loadlib('libc.so.6', 'system')", "script", "global 'package'" },
    { "local x = os.execute or io.open", "script", "global 'os'" },
    { "setmetatable(_G, nil)", "script", "protected metatable" },
    { "getmetatable('').__index.rep = nil", "script", "index a boolean" },
    { "string.rep = function() end", "script", "read-only" },
    { "rawset(math, 'floor', nil)", "script", "read-only" },
    { "collectgarbage('collect')", "script", "forbidden: collectgarbage" },
    { "return collectgarbage('count')", "script", "forbidden: collectgarbage" },
    { "setmetatable({}, {__gc = function() while true do end end})", "script", "__gc" },
    { "while true do end", "script", "instruction budget" },
    { "while true do pcall(function() while true do end end) end", "script", "instruction budget" },
    { "xpcall(function() error('x') end, function() while true do end end)", "script", "instruction budget" },
    { "local g <close> = setmetatable({}, {__close = function() while true do end end}) error('x')", "script",
      "instruction budget" },
    { "local function f() return f() end return f()", "script", "instruction budget" },
    { "local function f(n) return 1 + f(n + 1) end return f(1)", "script", "memory limit" },
    { "local s = 'x' while true do s = s .. s end", "script", "memory" },
    { "local t = {} for i = 1, 1e9 do t[i] = i end", "script", "memory" },
    { "local s = string.rep('x', 1 << 40)", "script", "too large" },
    { "local s = string.rep('x', 1 << 24)", "script", "memory" },
    { "local t = {} for i = 1, 1e6 do t[i] = string.rep('x', 1 << 20) end", "script", NULL },
    { "for i = 1, 1e9 do pcall(string.rep, 'x', 1 << 30) end", "script", NULL },
    { "local s = ('x'):rep(1 << 20) for i = 1, 1e9 do local _ = utf8.len(s) end", "script",
      "instruction budget" },
    { "local s = ('x'):rep(1 << 20) for i = 1, 1e9 do local _ = string.byte(s, -1) + #tostring(tonumber(s) or 0) end",
      "script", "instruction budget" },
    { "local s = ('x'):rep(1 << 21) for i = 1, 1e9 do local _ = s:upper() end", "script", NULL },
    { "local t = {} for i = 1, 1e5 do t[i] = '' end for i = 1, 1e9 do local _ = table.concat(t) end", "script",
      NULL },
    { "local t = {} for i = 1, 2e4 do t['k' .. i] = i end for i = 1, 1e9 do for k in pairs(t) do end end",
      "script", "instruction budget" },
    { "local t = {} for i = 1, 3000 do t['k' .. i] = i end local k = next(t) while true do k = next(t, k) or next(t) end",
      "script", "instruction budget" },
    { "math.randomseed(1)", "script", "forbidden" },
    { "ctx:log(string.format('%p', {}))", "script", "forbidden: string.format" },
    { "ctx:log(('%-10p'):format(ctx))", "script", "forbidden: string.format" },
    { NULL, NULL, NULL }
};

START_TEST(escapes_are_refused)
{
    struct timespec t0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    attack(escapes[_i].body, escapes[_i].code, escapes[_i].needle);
    /* Two plays and the rest of the round: bounded whatever the attack. */
    ck_assert_msg(seconds_since(&t0) < 8.0, "%s took %.1f s", escapes[_i].body, seconds_since(&t0));
}
END_TEST

/* ---- finding 5: work no count sees stops at the CPU backstop --------------------- */

START_TEST(cpu_backstop)
{
    /* Comparing two equal 2 MiB strings is one VM instruction. */
    write_panel("local a = ('x'):rep(2 << 20) local b = ('x'):rep(2 << 20)\n"
                "while true do local _ = (a == b) end",
                NULL);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt, 3);
    struct timespec t0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    char *before = nx_game_save(g);
    char *r = play(g);
    double took = seconds_since(&t0);
    ck_assert_msg(strstr(r, "\"code\":\"script\"") &&
                  (strstr(r, "CPU time limit exceeded") || strstr(r, "instruction budget")), "%s", r);
    /* The documented bound: the backstop (1 s) plus one hook period of
     * the costliest instructions; generous for sanitizers and load. */
    ck_assert_msg(took < 6.0, "the call took %.1f s", took);
    char *after = nx_game_save(g);
    ck_assert_str_eq(before, after);
    free(before), free(after), free(r);
    assert_next_action_works(g);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

/* ---- findings 3 and 6: nothing is kept across calls, rooms and games ----------- */

static const char spy[] =
    "local kept = {}\n"
    "function panel.spy(ctx)\n"
    "  local hand = table.concat(ctx:cards('traitors'), ',')\n"
    "  local seen = kept.hand or panel.hand or rawget(_G, 'hand') or hand_global\n"
    "  seen = seen or string.hand or math.hand\n"
    "  kept.hand, panel.hand, hand_global = hand, hand, hand\n"
    "  kept.ballast = string.rep('b', 3 << 20)\n"
    "  ctx:log('seen ' .. tostring(seen) .. ' kept ' .. #kept .. ' ' .. (kept.n or 0))\n"
    "  kept.n = (kept.n or 0) + 1\n"
    "end\n";

START_TEST(games_are_isolated)
{
    char *play_body = nx_asprintf("panel.spy(ctx)");
    char *script = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", pack_dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "local panel = {}\n%s"
               "function panel.can_play(ctx) return true, nil, 'own_window' end\n"
               "function panel.play(ctx) %s end\nreturn panel\n", spy, play_body);
    fclose(f);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *a = new_game(&rt, 11), *b = new_game(&rt, 12);
    size_t heap0 = 0;
    for (int round = 0; round < 6; round++) {
        nx_game *g = round % 2 ? b : a;
        char *r = play(g);
        ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
        /* Every play starts from the clean panel: it saw nothing. */
        ck_assert_msg(strstr(r, "seen nil kept 0 0"), "state survived a call: %s", r);
        free(r);
        /* Put the card back for the next round. */
        free(apply_fmt(g, "{\"id\":\"back%d\",\"version\":%d,\"seat\":null,\"type\":\"place\","
                          "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}",
                       version_of(g), version_of(g)));
        /* The 3 MiB the panel kept each play are not kept by the host. */
        lua_State *L = nx_sandbox_lua(rt.sandbox);
        for (int k = 0; k < 3; k++) lua_gc(L, LUA_GCCOLLECT);
        size_t heap = nx_sandbox_heap_bytes(rt.sandbox);
        if (round == 0) heap0 = heap;
        ck_assert_msg(heap < heap0 + 256 * 1024, "the heap grew from %zu to %zu", heap0, heap);
    }
    /* Both rooms reload: replaying gives the same result. */
    nx_game *games[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        char *saved = nx_game_save(games[k]);
        char err[256];
        nx_game *again = nx_game_load(&rt, saved, err, sizeof err);
        ck_assert_msg(again != NULL, "game %d does not reload: %s", k, err);
        char *resaved = nx_game_save(again);
        ck_assert_str_eq(saved, resaved);
        free(saved), free(resaved);
        nx_game_free(again);
    }
    nx_game_free(a);
    nx_game_free(b);
    nx_runtime_close(&rt);
    free(play_body), free(script);
}
END_TEST

/* ---- finding 4: the same result in every process --------------------------------- */

static const char order_panel[] =
    "local t = {}\n"
    "for _, w in ipairs({'kappa', 'alpha', 'iota', 'delta', 'beta', 'eta', 'gamma', 'theta', 'zeta',\n"
    "                    'epsilon', 'lambda', 'mu'}) do t[w] = #w end\n"
    "t[3] = 'three'; t[1.5] = 'x'; t[-2] = 'y'; t[true] = 'z'\n"
    "local out = {}\n"
    "for k, v in pairs(t) do out[#out + 1] = tostring(k) end\n"
    "local k, via_next = next(t), {}\n"
    "while k ~= nil do via_next[#via_next + 1] = tostring(k); k = next(t, k) end\n"
    "ctx:log(table.concat(out, ' '))\n"
    "ctx:log(table.concat(via_next, ' '))\n"
    "ctx:log(tostring({}) .. ' ' .. tostring(ipairs) .. ' ' .. string.format('%s|%s', {}, ctx))\n";

/* The order Lua itself would use in this process, for the same keys. */
static void raw_order(char *buf, size_t len)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    luaL_dostring(L, "local t = {} for _, w in ipairs({'kappa', 'alpha', 'iota', 'delta', 'beta', 'eta', 'gamma',"
                     "'theta', 'zeta', 'epsilon', 'lambda', 'mu'}) do t[w] = 1 end "
                     "local o = {} for k in pairs(t) do o[#o + 1] = k end return table.concat(o, ' ')");
    snprintf(buf, len, "%s", lua_tostring(L, -1));
    lua_close(L);
}

/* Child mode: play the order panel once, print the log lines, then Lua's
 * own order. */
static int child_main(const char *dir, int k)
{
    /* Shift the heap, so that even without address randomisation each
     * child's Lua states get other hash seeds. */
    void *pad = malloc((size_t)k * 4096 + 1);
    pack_dir = (char *)dir;
    nx_runtime rt;
    char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_diags d;
    nx_diags_init(&d);
    if (nx_runtime_open(&rt, pack, &d)) return 2;
    nx_game_config cfg = { .seed = 5, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    free(nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\","
                          "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}"));
    free(nx_game_apply(g, "{\"id\":\"q\",\"version\":1,\"seat\":0,\"type\":\"play_nexus\"}"));
    char *saved = nx_game_save(g);
    json_t *j = json_loads(saved, 0, NULL);
    char *log = json_dumps(json_object_get(j, "log"), JSON_COMPACT);
    char raw[512];
    raw_order(raw, sizeof raw);
    printf("%s\n%s\n", log ? log : "(no log)", raw);
    free(log), json_decref(j), free(saved), free(pack), free(pad);
    nx_game_free(g);
    nx_runtime_close(&rt);
    nx_diags_free(&d);
    return 0;
}

static char *run_child(int k)
{
    char *cmd = nx_asprintf("NX_ATTACK_CHILD='%s' NX_ATTACK_CHILD_K=%d /proc/%d/exe", pack_dir, k, (int)getpid());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t cap = 1 << 16, n = 0;
    char *out = nx_xcalloc(1, cap);
    size_t got;
    while ((got = fread(out + n, 1, cap - 1 - n, p)) > 0) n += got;
    ck_assert_int_eq(pclose(p), 0);
    free(cmd);
    return out;
}

START_TEST(iteration_order_is_the_same_in_every_process)
{
    write_panel(order_panel, NULL);
    enum { NCHILD = 6 };
    char *outs[NCHILD];
    int raw_differs = 0;
    for (int k = 0; k < NCHILD; k++) {
        outs[k] = run_child(k);
        char *nl = strchr(outs[k], '\n');
        ck_assert_msg(nl && strstr(outs[k], "alpha"), "child %d: %s", k, outs[k]);
        *nl = '\0';
        if (k > 0 && strcmp(nl + 1, strchr(outs[0], '\0') + 1)) raw_differs = 1;
        if (k > 0) ck_assert_msg(!strcmp(outs[k], outs[0]), "child %d: %s\nchild 0: %s", k, outs[k], outs[0]);
    }
    /* The documented order: false < true < numbers < strings (bytewise). */
    const char *order = "true -2 1.5 3 alpha beta delta epsilon eta gamma iota kappa lambda mu theta zeta";
    ck_assert_msg(strstr(outs[0], order), "%s", outs[0]);
    ck_assert_msg(strstr(strstr(outs[0], order) + 1, order), "next: %s", outs[0]);
    /* No address reaches a script. */
    ck_assert_msg(strstr(outs[0], "table function table|nexus.ctx"), "%s", outs[0]);
    /* The test can tell: Lua's own order did differ between the children. */
    ck_assert_msg(raw_differs, "every child had the same hash seed: the test proves nothing");
    for (int k = 0; k < NCHILD; k++) free(outs[k]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("attack");
    TCase *tc = tcase_create("attacks");
    tcase_add_unchecked_fixture(tc, copy_pack, drop_pack);
    tcase_set_timeout(tc, 600);
    int nvalues = 0, nescapes = 0;
    while (bad_values[nvalues].body) nvalues++;
    while (escapes[nescapes].body) nescapes++;
    tcase_add_loop_test(tc, values_are_checked, 0, nvalues);
    tcase_add_test(tc, saved_values_come_back_exactly);
    tcase_add_loop_test(tc, escapes_are_refused, 0, nescapes);
    tcase_add_test(tc, cpu_backstop);
    tcase_add_test(tc, games_are_isolated);
    tcase_add_test(tc, iteration_order_is_the_same_in_every_process);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    const char *child = getenv("NX_ATTACK_CHILD");
    if (child) return child_main(child, atoi(getenv("NX_ATTACK_CHILD_K")));
    return nx_run_suite(suite());
}
