/*
 * Tests of the Lua sandbox (dsl/nx_sandbox.c): loading panels, calling
 * them, error reports, the instruction budget (including script code Lua
 * would run with the count hook off), the memory cap, everything a script
 * must not reach (string patterns among it), isolation between panels and
 * math.random on the engine's generator.  Fixtures live in
 * tests/fixtures/lua/.
 */
#include <check.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nx_luaval.h"
#include "nx_sandbox.h"
#include "nx_text.h"
#include "nx_testutil.h"
#include "nx_util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

#define MAXV 8

typedef struct value {
    int type;           /* LUA_TNIL, LUA_TBOOLEAN, LUA_TNUMBER, LUA_TSTRING */
    int is_int;
    lua_Integer i;
    double d;
    int b;
    char s[512];
} value;

/* Arguments to push and results taken, for one call. */
typedef struct io {
    int nargs;
    value args[MAXV];
    int nres;
    value res[MAXV];
} io;

static void arg_int(io *x, lua_Integer v)
{
    value *a = &x->args[x->nargs++];
    a->type = LUA_TNUMBER;
    a->is_int = 1;
    a->i = v;
}

static void arg_num(io *x, double v)
{
    value *a = &x->args[x->nargs++];
    a->type = LUA_TNUMBER;
    a->d = v;
}

static void arg_str(io *x, const char *s)
{
    value *a = &x->args[x->nargs++];
    a->type = LUA_TSTRING;
    nx_fmt(a->s, sizeof a->s, "%s", s);
}

static int push_args(lua_State *L, void *ud)
{
    io *x = ud;
    for (int k = 0; k < x->nargs; k++) {
        const value *a = &x->args[k];
        if (a->type == LUA_TSTRING) lua_pushstring(L, a->s);
        else if (a->is_int) lua_pushinteger(L, a->i);
        else lua_pushnumber(L, a->d);
    }
    return x->nargs;
}

static int take_all(lua_State *L, int nresults, void *ud, nx_script_error *err)
{
    io *x = ud;
    (void)err;
    x->nres = nresults < MAXV ? nresults : MAXV;
    for (int k = 0; k < x->nres; k++) {
        int idx = lua_gettop(L) - nresults + 1 + k;
        value *v = &x->res[k];
        memset(v, 0, sizeof *v);
        v->type = lua_type(L, idx);
        if (v->type == LUA_TNUMBER) {
            v->is_int = lua_isinteger(L, idx);
            v->i = lua_tointeger(L, idx);
            v->d = lua_tonumber(L, idx);
        } else if (v->type == LUA_TBOOLEAN) {
            v->b = lua_toboolean(L, idx);
        } else if (v->type == LUA_TSTRING) {
            nx_fmt(v->s, sizeof v->s, "%s", lua_tostring(L, idx));
        }
    }
    return 0;
}

static void assert_balanced(nx_sandbox *sb)
{
    ck_assert_int_eq(lua_gettop(nx_sandbox_lua(sb)), 0);
}

static const char *fmt_err(const nx_script_error *e)
{
    static char buf[4096];
    nx_script_error_format(e, buf, sizeof buf);
    return buf;
}

static int load(nx_sandbox *sb, const char *id, const char *fixture,
                nx_script_error *e)
{
    char *path = nx_fixture(fixture);
    int rc = nx_sandbox_load_panel(sb, id, path, e);
    free(path);
    assert_balanced(sb);
    return rc;
}

static void load_ok_path(nx_sandbox *sb, const char *id, const char *path)
{
    nx_script_error e;
    int rc = nx_sandbox_load_panel(sb, id, path, &e);
    assert_balanced(sb);
    ck_assert_msg(rc == 0, "loading %s failed: %s", path, fmt_err(&e));
}

static void load_ok(nx_sandbox *sb, const char *id, const char *fixture)
{
    nx_script_error e;
    int rc = load(sb, id, fixture, &e);
    ck_assert_msg(rc == 0, "loading %s failed: %s", fixture, fmt_err(&e));
    ck_assert_int_eq(e.status, NX_SCRIPT_OK);
}

static int call(nx_sandbox *sb, const char *id, const char *fn, io *x,
                nx_script_error *e)
{
    int rc = nx_sandbox_call(sb, id, fn, push_args, take_all, x, e);
    assert_balanced(sb);
    return rc;
}

static void call_ok(nx_sandbox *sb, const char *id, const char *fn, io *x)
{
    nx_script_error e;
    int rc = call(sb, id, fn, x, &e);
    ck_assert_msg(rc == 0, "%s.%s failed: %s", id, fn, fmt_err(&e));
    ck_assert_int_eq(e.status, NX_SCRIPT_OK);
}

/* Call id.fn() and require status `want` with `needle` in the message. */
static void expect(nx_sandbox *sb, const char *id, const char *fn,
                   nx_script_status want, const char *needle,
                   nx_script_error *out)
{
    nx_script_error e;
    io x = {0};
    int rc = call(sb, id, fn, &x, &e);
    ck_assert_msg(rc == -1 && e.status == want,
                  "%s.%s: want status %d, got rc %d status %d: %s",
                  id, fn, (int)want, rc, (int)e.status, fmt_err(&e));
    if (needle)
        ck_assert_msg(strstr(e.message, needle) != NULL,
                      "%s.%s: message lacks \"%s\": %s", id, fn, needle,
                      fmt_err(&e));
    ck_assert_str_eq(e.panel, id);
    if (out) *out = e;
}

static const char *call_str(nx_sandbox *sb, const char *id, const char *fn)
{
    static io x;
    memset(&x, 0, sizeof x);
    call_ok(sb, id, fn, &x);
    ck_assert_int_ge(x.nres, 1);
    ck_assert_int_eq(x.res[0].type, LUA_TSTRING);
    return x.res[0].s;
}

static int ends_with(const char *s, const char *tail)
{
    size_t ls = strlen(s), lt = strlen(tail);
    return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

/* ------------------------------------------------------------------ */
/* require: the shared helpers of cards/lib                             */
/* ------------------------------------------------------------------ */

static void write_text(const char *dir, const char *name, const char *text)
{
    char *path = nx_path_join(dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    free(path);
}

static int load_lib(nx_sandbox *sb, const char *dir, const char *name, nx_script_error *e)
{
    char *file = nx_asprintf("%s.lua", name);
    char *path = nx_path_join(dir, file);
    int rc = nx_sandbox_load_lib(sb, name, path, file, e);
    assert_balanced(sb);
    free(path), free(file);
    return rc;
}

START_TEST(test_require_libraries)
{
    char tmpl[] = "/tmp/nx_sandbox_libXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    write_text(tmpl, "good.lua", "local m = { n = 0 }\nfunction m.inc() m.n = m.n + 1 return m.n end\nreturn m\n");
    write_text(tmpl, "uses.lua", "local good = require('good')\nreturn { twice = function() good.inc() return good.inc() end }\n");
    write_text(tmpl, "sneaky.lua",
               "local M = {}\n"
               "function M.probe()\n"
               "  return tostring(io) .. tostring(os) .. tostring(load) .. tostring(package) .. tostring(debug)\n"
               "end\n"
               "function M.grab_global() counter_from_lib = 1 return 1 end\n"
               "return M\n");
    write_text(tmpl, "slow.lua", "return { spin = function() while true do end end }\n");
    write_text(tmpl, "cyc.lua", "local again = require('cyc')\nreturn {}\n");
    write_text(tmpl, "notable.lua", "return 5\n");
    write_text(tmpl, "broken.lua", "return {\n");
    write_text(tmpl, "panel.lua",
               "local good = require('good')\n"
               "local uses = require('uses')\n"
               "local panel = {}\n"
               "function panel.count() return good.inc() end\n"
               "function panel.twice() return uses.twice() end\n"
               "function panel.mutate() good.inc = nil return 1 end\n"
               "function panel.bad_name() return require('../etc/passwd') end\n"
               "function panel.dotted() return require('good.lua') end\n"
               "function panel.upper() return require('Good') end\n"
               "function panel.missing() return require('os') end\n"
               "function panel.not_string() return require(7) end\n"
               "function panel.probe() return require('sneaky').probe() end\n"
               "function panel.lib_global() require('sneaky').grab_global() return tostring(counter_from_lib) end\n"
               "function panel.lib_loop() return require('slow').spin() end\n"
               "function panel.caught() local ok = pcall(require, 'os') return tostring(require('good').inc()) end\n"
               "return panel\n");
    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    const char *names[] = { "good", "uses", "sneaky", "slow" };
    for (int i = 0; i < 4; i++) ck_assert_msg(load_lib(sb, tmpl, names[i], &e) == 0, "%s: %s", names[i], fmt_err(&e));
    ck_assert_int_eq(load_lib(sb, tmpl, "cyc", &e), -1);
    ck_assert_msg(strstr(e.message, "requires itself"), "%s", fmt_err(&e));
    ck_assert_int_eq(load_lib(sb, tmpl, "notable", &e), -1);
    ck_assert_msg(strstr(e.message, "must return a table"), "%s", fmt_err(&e));
    ck_assert_int_eq(load_lib(sb, tmpl, "broken", &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_SYNTAX);
    ck_assert_int_eq(nx_sandbox_load_lib(sb, "../x", "/etc/passwd", "x", &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_FORBIDDEN);
    char *panel = nx_path_join(tmpl, "panel.lua");
    load_ok_path(sb, "p", panel);
    /* Fresh at every call: no state survives in a library. */
    io x = { 0 };
    for (int i = 0; i < 3; i++) {
        memset(&x, 0, sizeof x);
        call_ok(sb, "p", "count", &x);
        ck_assert_int_eq((int)x.res[0].i, 1);
    }
    memset(&x, 0, sizeof x);
    call_ok(sb, "p", "twice", &x);
    ck_assert_int_eq((int)x.res[0].i, 2);
    memset(&x, 0, sizeof x);
    call_ok(sb, "p", "mutate", &x);
    memset(&x, 0, sizeof x);
    call_ok(sb, "p", "count", &x);
    ck_assert_int_eq((int)x.res[0].i, 1);
    /* Only names of cards/lib, nothing outside the sandbox. */
    expect(sb, "p", "bad_name", NX_SCRIPT_ERROR, "library name must be a name", NULL);
    expect(sb, "p", "dotted", NX_SCRIPT_ERROR, "is not a library name", NULL);
    expect(sb, "p", "upper", NX_SCRIPT_ERROR, "is not a library name", NULL);
    expect(sb, "p", "missing", NX_SCRIPT_ERROR, "no library 'os'", NULL);
    expect(sb, "p", "not_string", NX_SCRIPT_ERROR, "must be a string", NULL);
    ck_assert_str_eq(call_str(sb, "p", "probe"), "nilnilnilnilnil");
    /* A library's globals are its own, not the panel's. */
    ck_assert_str_eq(call_str(sb, "p", "lib_global"), "nil");
    /* The calling run's budget covers the library's code. */
    expect(sb, "p", "lib_loop", NX_SCRIPT_BUDGET, NULL, NULL);
    ck_assert_str_eq(call_str(sb, "p", "caught"), "1");
    nx_sandbox_free(sb);
    const char *files[] = { "good.lua", "uses.lua", "sneaky.lua", "slow.lua", "cyc.lua", "notable.lua", "broken.lua", "panel.lua" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *p = nx_path_join(tmpl, files[i]);
        unlink(p);
        free(p);
    }
    free(panel);
    rmdir(tmpl);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Loading and calling                                                  */
/* ------------------------------------------------------------------ */

START_TEST(test_good_panel)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    /* Bindings register their metatables on the state at start-up. */
    lua_State *L = nx_sandbox_lua(sb);
    ck_assert_ptr_nonnull(L);
    luaL_newmetatable(L, "test.ctx");
    lua_pop(L, 1);
    assert_balanced(sb);
    load_ok(sb, "good", "lua/good.lua");
    ck_assert_uint_gt(nx_sandbox_heap_bytes(sb), 0);

    io x = {0};
    arg_int(&x, 2);
    arg_int(&x, 3);
    call_ok(sb, "good", "add", &x);
    ck_assert_int_eq(x.nres, 1);
    ck_assert(x.res[0].is_int);
    ck_assert_int_eq(x.res[0].i, 5);

    memset(&x, 0, sizeof x);
    arg_num(&x, 1.5);
    arg_num(&x, 2.25);
    call_ok(sb, "good", "add", &x);
    ck_assert(!x.res[0].is_int);
    ck_assert(x.res[0].d == 3.75);

    memset(&x, 0, sizeof x);
    arg_str(&x, "bob");
    call_ok(sb, "good", "greet", &x);
    ck_assert_str_eq(x.res[0].s, "hello, bob");

    memset(&x, 0, sizeof x);
    call_ok(sb, "good", "multi", &x);
    ck_assert_int_eq(x.nres, 3);
    ck_assert_int_eq(x.res[0].i, 1);
    ck_assert_str_eq(x.res[1].s, "two");
    ck_assert_int_eq(x.res[2].type, LUA_TBOOLEAN);
    ck_assert(x.res[2].b);

    memset(&x, 0, sizeof x);
    arg_int(&x, 21);
    call_ok(sb, "good", "double", &x);
    ck_assert_int_eq(x.res[0].i, 42);

    ck_assert_str_eq(call_str(sb, "good", "libs"), "3,3,5,ABC");

    memset(&x, 0, sizeof x);
    call_ok(sb, "good", "use_pcall", &x);
    ck_assert_int_eq(x.nres, 6);
    ck_assert(!x.res[0].b);
    ck_assert_str_eq(x.res[1].s, "caught");
    ck_assert(x.res[2].b);
    ck_assert_int_eq(x.res[3].i, 42);
    ck_assert(!x.res[4].b);
    ck_assert_str_eq(x.res[5].s, "handled inner");

    memset(&x, 0, sizeof x);
    call_ok(sb, "good", "env", &x);
    ck_assert(x.res[0].b);                    /* _G == _ENV */
    ck_assert_str_eq(x.res[1].s, "table");    /* _G.string */
    ck_assert_int_eq(x.res[2].type, LUA_TBOOLEAN);
    ck_assert(!x.res[2].b);                   /* env metatable hidden */

    /* NULL callbacks: no arguments, results ignored. */
    nx_script_error e;
    ck_assert_int_eq(nx_sandbox_call(sb, "good", "multi", NULL, NULL, NULL, &e), 0);
    assert_balanced(sb);

    ck_assert(nx_sandbox_has_function(sb, "good", "add"));
    ck_assert(!nx_sandbox_has_function(sb, "good", "nope"));
    ck_assert(!nx_sandbox_has_function(sb, "good", "not_a_function"));
    ck_assert(!nx_sandbox_has_function(sb, "absent", "add"));
    assert_balanced(sb);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_missing)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "good", "lua/good.lua");
    nx_script_error e;
    expect(sb, "absent", "add", NX_SCRIPT_MISSING, "no panel 'absent'", NULL);
    expect(sb, "good", "nope", NX_SCRIPT_MISSING,
           "panel 'good' has no function 'nope'", &e);
    ck_assert(ends_with(e.file, "fixtures/lua/good.lua"));
    expect(sb, "good", "not_a_function", NX_SCRIPT_MISSING, "no function", NULL);

    char *path = nx_fixture("lua/does_not_exist.lua");
    ck_assert_int_eq(nx_sandbox_load_panel(sb, "gone", path, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_MISSING);
    ck_assert_ptr_nonnull(strstr(e.message, "cannot read"));
    ck_assert_str_eq(e.file, path);
    free(path);
    assert_balanced(sb);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_syntax_error)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    char *path = nx_fixture("lua/syntax_error.lua");
    ck_assert_int_eq(nx_sandbox_load_panel(sb, "bad", path, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_SYNTAX);
    ck_assert_str_eq(e.file, path);
    ck_assert_int_eq(e.line, 5);
    ck_assert_str_eq(e.panel, "bad");
    ck_assert_ptr_nonnull(strstr(e.message, "near 'end'"));
    ck_assert_ptr_null(strstr(e.message, "syntax_error.lua"));  /* prefix stripped */
    ck_assert(!nx_sandbox_has_function(sb, "bad", "f"));
    assert_balanced(sb);
    free(path);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_runtime_errors)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "rt", "lua/runtime_error.lua");
    char *path = nx_fixture("lua/runtime_error.lua");
    nx_script_error e;

    expect(sb, "rt", "index_nil", NX_SCRIPT_ERROR, "attempt to index a nil value", &e);
    ck_assert_str_eq(e.file, path);
    ck_assert_int_eq(e.line, 4);
    ck_assert_ptr_nonnull(strstr(e.traceback, "stack traceback"));
    ck_assert_ptr_nonnull(strstr(e.traceback, "inner"));
    ck_assert_ptr_nonnull(strstr(e.traceback, "runtime_error.lua:8"));

    expect(sb, "rt", "raise", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "kaboom");
    ck_assert_str_eq(e.file, path);
    ck_assert_int_eq(e.line, 13);
    char want[1024];
    nx_fmt(want, sizeof want, "%s:13: rt: kaboom\nstack traceback", path);
    ck_assert_msg(strncmp(fmt_err(&e), want, strlen(want)) == 0,
                  "formatted: %s", fmt_err(&e));

    /* error("bare", 0) carries no position: it comes from the stack. */
    expect(sb, "rt", "raise_bare", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "bare");
    ck_assert_int_eq(e.line, 17);
    ck_assert_str_eq(e.file, path);

    expect(sb, "rt", "raise_table", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "(error object is a table value)");
    ck_assert_int_eq(e.line, 21);
    expect(sb, "rt", "raise_nil", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "(error object is a nil value)");
    /* Its __tostring loops forever: it must never be called. */
    expect(sb, "rt", "raise_tostring", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "(error object is a table value)");
    expect(sb, "rt", "raise_number", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.message, "42");
    free(path);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_must_return_table)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    ck_assert_int_eq(load(sb, "nt", "lua/not_table.lua", &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    ck_assert_ptr_nonnull(strstr(e.message, "panel script must return a table"));
    ck_assert(ends_with(e.file, "lua/not_table.lua"));
    ck_assert_int_eq(load(sb, "nr", "lua/no_return.lua", &e), -1);
    ck_assert_ptr_nonnull(strstr(e.message, "panel script must return a table"));
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_replace_panel)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "r", "lua/replace_a.lua");
    ck_assert_str_eq(call_str(sb, "r", "which"), "a");
    load_ok(sb, "r", "lua/replace_b.lua");
    ck_assert_str_eq(call_str(sb, "r", "which"), "b");
    /* A failed reload leaves the loaded version in place. */
    nx_script_error e;
    ck_assert_int_eq(load(sb, "r", "lua/syntax_error.lua", &e), -1);
    ck_assert_int_eq(load(sb, "r", "lua/not_table.lua", &e), -1);
    ck_assert_str_eq(call_str(sb, "r", "which"), "b");
    expect(sb, "r", "f", NX_SCRIPT_MISSING, NULL, &e);
    ck_assert(ends_with(e.file, "lua/replace_b.lua"));
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Host callbacks and nx_sandbox_forbid                                 */
/* ------------------------------------------------------------------ */

static int teleport(lua_State *L) { return nx_sandbox_forbid(L, "teleport"); }

static int push_ctx(lua_State *L, void *ud)
{
    (void)ud;
    lua_newtable(L);
    lua_pushcfunction(L, teleport);
    lua_setfield(L, -2, "teleport");
    return 1;
}

static int push_raises(lua_State *L, void *ud)
{
    (void)ud;
    return luaL_error(L, "push refused");
}

static int take_refuses(lua_State *L, int nresults, void *ud, nx_script_error *err)
{
    (void)L;
    (void)nresults;
    (void)ud;
    nx_fmt(err->message, sizeof err->message, "take refused");
    return -1;
}

static int take_raises(lua_State *L, int nresults, void *ud, nx_script_error *err)
{
    (void)nresults;
    (void)ud;
    (void)err;
    return luaL_error(L, "take raised");
}

static int call_forbid_plain(lua_State *L) { return nx_sandbox_forbid(L, "plain"); }

START_TEST(test_host_callbacks)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "b", "lua/binding.lua");
    nx_script_error e;

    ck_assert_int_eq(nx_sandbox_call(sb, "b", "use", push_ctx, NULL, NULL, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_FORBIDDEN);
    ck_assert_ptr_nonnull(strstr(e.message, "forbidden: teleport"));
    ck_assert(ends_with(e.file, "lua/binding.lua"));
    ck_assert_int_eq(e.line, 5);
    assert_balanced(sb);

    /* Catching the forbidden error does not help the script. */
    ck_assert_int_eq(nx_sandbox_call(sb, "b", "use_caught", push_ctx, NULL, NULL, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_FORBIDDEN);
    assert_balanced(sb);

    ck_assert_int_eq(nx_sandbox_call(sb, "b", "echo", push_raises, NULL, NULL, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    ck_assert_ptr_nonnull(strstr(e.message, "push refused"));
    assert_balanced(sb);

    io x = {0};
    arg_int(&x, 1);
    ck_assert_int_eq(nx_sandbox_call(sb, "b", "echo", push_args, take_refuses, &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    ck_assert_str_eq(e.message, "take refused");
    assert_balanced(sb);

    ck_assert_int_eq(nx_sandbox_call(sb, "b", "echo", push_args, take_raises, &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    ck_assert_ptr_nonnull(strstr(e.message, "take raised"));
    assert_balanced(sb);

    memset(&x, 0, sizeof x);
    for (int k = 0; k < 6; k++) arg_int(&x, k * 10);
    call_ok(sb, "b", "echo", &x);
    ck_assert_int_eq(x.nres, 6);
    ck_assert_int_eq(x.res[5].i, 50);
    nx_sandbox_free(sb);

    /* Outside any sandbox, nx_sandbox_forbid is a plain Lua error. */
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, call_forbid_plain);
    ck_assert_int_eq(lua_pcall(L, 0, 0, 0), LUA_ERRRUN);
    ck_assert_ptr_nonnull(strstr(lua_tostring(L, -1), "forbidden: plain"));
    lua_close(L);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Instruction budget                                                   */
/* ------------------------------------------------------------------ */

static const char *const endless[] = {
    "plain", "in_pcall", "pcall_error_loop", "xpcall_handler", "xpcall_loop",
    "close_handler", "tail_calls",
    "sort_comparator", "format_callback", "tostring_meta", "table_move",
    "table_insert_len", "table_remove_len", "xpcall_both", NULL
};

/* Above 100 elements Lua's sort takes its pivot from the clock: refused,
 * so games replay exactly.  100 elements still sort. */
START_TEST(test_sort_is_bounded)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "loops", "lua/loops.lua");
    expect(sb, "loops", "sort_101", NX_SCRIPT_FORBIDDEN, "table.sort of more than 100", NULL);
    expect(sb, "loops", "sort_c_order", NX_SCRIPT_FORBIDDEN, "table.sort of more than 100", NULL);
    expect(sb, "loops", "sort_c_comparator", NX_SCRIPT_FORBIDDEN, "table.sort of more than 100", NULL);
    io x = {0};
    call_ok(sb, "loops", "sort_100", &x);
    ck_assert_int_eq(x.nres, 2);
    ck_assert_int_eq(x.res[0].i, 1);
    ck_assert_int_eq(x.res[1].i, 100);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_budget_stops_loops)
{
    nx_sandbox_limits lim = {.instructions = 2000000};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok(sb, "loops", "lua/loops.lua");
    char *path = nx_fixture("lua/loops.lua");
    nx_script_error e;
    for (int k = 0; endless[k]; k++) {
        expect(sb, "loops", endless[k], NX_SCRIPT_BUDGET,
               "instruction budget exceeded", &e);
        ck_assert_str_eq(e.file, path);
        ck_assert_msg(e.line > 0, "%s: no line", endless[k]);
        /* The sandbox is usable again right away. */
        ck_assert_str_eq(call_str(sb, "loops", "quick"), "still here");
    }
    expect(sb, "loops", "plain", NX_SCRIPT_BUDGET, NULL, &e);
    ck_assert_int_eq(e.line, 5);
    ck_assert_ptr_nonnull(strstr(e.traceback, "stack traceback"));
    free(path);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_budget_per_call)
{
    nx_sandbox_limits lim = {.instructions = 2000000};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok(sb, "good", "lua/good.lua");
    /* About a third of the budget each: fine, as often as wanted. */
    for (int k = 0; k < 4; k++) {
        io x = {0};
        arg_int(&x, 200000);
        call_ok(sb, "good", "work", &x);
        ck_assert_int_eq(x.res[0].i, (lua_Integer)200000 * 200001 / 2);
    }
    io x = {0};
    arg_int(&x, 5000000);
    nx_script_error e;
    ck_assert_int_eq(call(sb, "good", "work", &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_BUDGET);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_budget_at_load)
{
    nx_sandbox_limits lim = {.instructions = 1000000};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    nx_script_error e;
    ck_assert_int_eq(load(sb, "l", "lua/loop_at_load.lua", &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_BUDGET);
    ck_assert(ends_with(e.file, "lua/loop_at_load.lua"));
    ck_assert_int_eq(e.line, 1);
    load_ok(sb, "good", "lua/good.lua");
    ck_assert_str_eq(call_str(sb, "good", "libs"), "3,3,5,ABC");
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Script code that Lua would run with the count hook off               */
/* ------------------------------------------------------------------ */

/*
 * When the count hook raises the budget error, Lua keeps hooks off until a
 * protected call catches it (see "Hooks" in nx_sandbox.c).  Each case of
 * lua/hooks.lua tries to run script code in that window; before the
 * sandbox closed it, the script looped there for ever.  After each case
 * the sandbox must still meter: a plain loop stops at the budget.
 */
static void expect_metered(nx_sandbox *sb, const char *after)
{
    nx_script_error e;
    io x = {0};
    int rc = call(sb, "hooks", "plain", &x, &e);
    ck_assert_msg(rc == -1 && e.status == NX_SCRIPT_BUDGET,
                  "after %s, plain: rc %d status %d: %s", after, rc,
                  (int)e.status, fmt_err(&e));
    ck_assert_int_eq(e.line, 11);
    ck_assert_str_eq(call_str(sb, "hooks", "quick"), "still here");
}

/* The sequence that hung, alone: the first call of a fresh sandbox. */
START_TEST(test_xpcall_handler_alone)
{
    nx_sandbox_limits lim = {.instructions = 1000000};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok(sb, "hooks", "lua/hooks.lua");
    nx_script_error e;
    expect(sb, "hooks", "xpcall_handler", NX_SCRIPT_BUDGET,
           "instruction budget exceeded", &e);
    ck_assert(ends_with(e.file, "lua/hooks.lua"));
    ck_assert_int_eq(e.line, 11);           /* in the looping handler */
    expect_metered(sb, "xpcall_handler");
    nx_sandbox_free(sb);
}
END_TEST

static const char *const hook_handlers[] = {
    "xpcall_handler", "handler_pcall", "handler_xpcall", NULL
};

START_TEST(test_handlers_stay_metered)
{
    nx_sandbox_limits lim = {.instructions = 1000000};
    for (int k = 0; hook_handlers[k]; k++) {
        /* Alone in a fresh sandbox, then again after all the others. */
        nx_sandbox *sb = nx_sandbox_new(&lim);
        load_ok(sb, "hooks", "lua/hooks.lua");
        expect(sb, "hooks", hook_handlers[k], NX_SCRIPT_BUDGET,
               "instruction budget exceeded", NULL);
        expect_metered(sb, hook_handlers[k]);
        nx_sandbox_free(sb);
    }
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok(sb, "hooks", "lua/hooks.lua");
    for (int round = 0; round < 2; round++)
        for (int k = 0; hook_handlers[k]; k++) {
            expect(sb, "hooks", hook_handlers[k], NX_SCRIPT_BUDGET,
                   "instruction budget exceeded", NULL);
            expect_metered(sb, hook_handlers[k]);
        }
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Memory cap                                                           */
/* ------------------------------------------------------------------ */

static const char *const bombs[] = {
    "doubling", "table_growth", "big_rep", "doubling_in_pcall",
    "rep_in_pcall", "close_bomb", "many_strings", NULL
};

START_TEST(test_memory_bombs)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "mem", "lua/memory.lua");
    lua_State *L = nx_sandbox_lua(sb);
    lua_gc(L, LUA_GCCOLLECT);
    size_t baseline = nx_sandbox_heap_bytes(sb);
    for (int k = 0; bombs[k]; k++) {
        nx_script_error e;
        expect(sb, "mem", bombs[k], NX_SCRIPT_MEMORY, "memory", &e);
        ck_assert(ends_with(e.file, "lua/memory.lua"));
        /* The garbage is gone and the sandbox works again.  (The string
         * table shrinks by half per collection, hence a few more.) */
        for (int k2 = 0; k2 < 4; k2++) lua_gc(L, LUA_GCCOLLECT);
        ck_assert_msg(nx_sandbox_heap_bytes(sb) < baseline + 64 * 1024,
                      "%s: heap %zu after, %zu before", bombs[k],
                      nx_sandbox_heap_bytes(sb), baseline);
        io x = {0};
        arg_int(&x, 1000);
        call_ok(sb, "mem", "small", &x);
        ck_assert_int_eq(x.res[0].i, 1000);
    }
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_memory_cap_is_per_call)
{
    nx_sandbox_limits lim = {.memory_bytes = 1024 * 1024};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok(sb, "good", "lua/good.lua");
    for (int k = 0; k < 3; k++) {
        io x = {0};
        arg_int(&x, 256 * 1024);
        call_ok(sb, "good", "alloc", &x);
        ck_assert_int_eq(x.res[0].i, 256 * 1024);
    }
    io x = {0};
    arg_int(&x, 4 * 1024 * 1024);
    nx_script_error e;
    ck_assert_int_eq(call(sb, "good", "alloc", &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_MEMORY);
    memset(&x, 0, sizeof x);
    arg_int(&x, 256 * 1024);
    call_ok(sb, "good", "alloc", &x);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_memory_at_load)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    ck_assert_int_eq(load(sb, "m", "lua/memory_at_load.lua", &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_MEMORY);
    load_ok(sb, "good", "lua/good.lua");
    ck_assert_str_eq(call_str(sb, "good", "libs"), "3,3,5,ABC");
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* What scripts must not reach                                          */
/* ------------------------------------------------------------------ */

START_TEST(test_forbidden)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "esc", "lua/escape.lua");
    lua_State *L = nx_sandbox_lua(sb);
    nx_script_error e;

    ck_assert_str_eq(call_str(sb, "esc", "absent"), "");
    /* Defence in depth: the real global table, which no chunk should ever
     * see, is empty anyway. */
    lua_pushglobaltable(L);
    lua_pushnil(L);
    ck_assert_msg(lua_next(L, -2) == 0, "the real globals still hold %s",
                  lua_tostring(L, -2));
    lua_pop(L, 1);
    assert_balanced(sb);

    expect(sb, "esc", "gc_collect", NX_SCRIPT_FORBIDDEN,
           "forbidden: collectgarbage(\"collect\")", &e);
    ck_assert_int_eq(e.line, 23);
    expect(sb, "esc", "gc_default", NX_SCRIPT_FORBIDDEN, "forbidden: collectgarbage", NULL);
    expect(sb, "esc", "gc_stop", NX_SCRIPT_FORBIDDEN, "forbidden: collectgarbage", NULL);
    /* The heap size depends on what other games left: not replayable. */
    expect(sb, "esc", "gc_count", NX_SCRIPT_FORBIDDEN, "forbidden: collectgarbage(\"count\")", NULL);
    expect(sb, "esc", "randomseed", NX_SCRIPT_FORBIDDEN, "forbidden: math.randomseed", NULL);

    expect(sb, "esc", "gc_meta", NX_SCRIPT_FORBIDDEN, "__gc", NULL);
    expect(sb, "esc", "gc_meta_false", NX_SCRIPT_FORBIDDEN, "__gc", NULL);
    io x = {0};
    call_ok(sb, "esc", "gc_meta_late", &x);
    lua_gc(L, LUA_GCCOLLECT);   /* would loop forever if the finalizer ran */
    lua_gc(L, LUA_GCCOLLECT);

    ck_assert_str_eq(call_str(sb, "esc", "string_mt"), "boolean");
    expect(sb, "esc", "string_mt_write", NX_SCRIPT_ERROR, "index a boolean", NULL);
    expect(sb, "esc", "string_index_write", NX_SCRIPT_ERROR, "index a string", NULL);
    ck_assert_str_eq(call_str(sb, "esc", "upper"), "ABC");

    /* A call may assign globals: they live in its own environment and
     * no later call sees them (every call starts from the clean panel). */
    static const char *const writes[] = { "write_global", "write_G", "rawset_env", "rawset_G", NULL };
    for (int k = 0; writes[k]; k++) {
        memset(&x, 0, sizeof x);
        call_ok(sb, "esc", writes[k], &x);
        memset(&x, 0, sizeof x);
        call_ok(sb, "esc", "read_written", &x);
        ck_assert_int_eq(x.nres, 2);
        ck_assert_int_eq(x.res[0].type, LUA_TNIL);
        ck_assert_int_eq(x.res[1].type, LUA_TNIL);
    }
    for (int k = 0; k < 3; k++) {
        memset(&x, 0, sizeof x);
        call_ok(sb, "esc", "write_loaded_global", &x);
        ck_assert_int_eq(x.res[0].i, 1);
    }
    memset(&x, 0, sizeof x);
    call_ok(sb, "esc", "read_loaded_global", &x);
    ck_assert_int_eq(x.res[0].i, 0);
    memset(&x, 0, sizeof x);
    call_ok(sb, "esc", "rawset_plain", &x);
    ck_assert_int_eq(x.res[0].i, 1);
    memset(&x, 0, sizeof x);
    call_ok(sb, "esc", "env_mt", &x);
    ck_assert_int_eq(x.res[0].type, LUA_TBOOLEAN);
    ck_assert(!x.res[0].b);
    expect(sb, "esc", "setmt_env", NX_SCRIPT_ERROR, "protected metatable", NULL);
    expect(sb, "esc", "pcall_forbidden", NX_SCRIPT_FORBIDDEN, "forbidden: collectgarbage", NULL);

    /* Nothing of the above left a trace. */
    memset(&x, 0, sizeof x);
    call_ok(sb, "esc", "read_loaded_global", &x);
    ck_assert_int_eq(x.res[0].i, 0);
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* String patterns                                                      */
/* ------------------------------------------------------------------ */

#define NO_PATTERNS "forbidden: string patterns are not available in panels; " \
                    "use string.find(s, text, init, true)"

static const char *const pattern_calls[] = {
    "find_pattern", "find_method", "find_init", "find_plain_false",
    "find_caught", "find_pathological", NULL
};

START_TEST(test_string_patterns)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "str", "lua/strings.lua");
    nx_script_error e;

    /* match, gmatch and gsub are gone, the string metatable included. */
    ck_assert_str_eq(call_str(sb, "str", "absent"), "");
    expect(sb, "str", "match", NX_SCRIPT_ERROR,
           "attempt to call a nil value (field 'match')", NULL);
    expect(sb, "str", "gmatch", NX_SCRIPT_ERROR,
           "attempt to call a nil value (field 'gmatch')", NULL);
    expect(sb, "str", "gsub", NX_SCRIPT_ERROR,
           "attempt to call a nil value (field 'gsub')", NULL);
    expect(sb, "str", "match_method", NX_SCRIPT_ERROR,
           "attempt to call a nil value (method 'match')", NULL);
    expect(sb, "str", "gmatch_method", NX_SCRIPT_ERROR,
           "attempt to call a nil value (method 'gmatch')", NULL);
    expect(sb, "str", "gsub_method", NX_SCRIPT_ERROR,
           "attempt to call a nil value (method 'gsub')", NULL);

    /* string.find without plain = true is forbidden, even caught, even
     * where the pattern has no special character; the pathological
     * pattern stops right away. */
    for (int k = 0; pattern_calls[k]; k++) {
        expect(sb, "str", pattern_calls[k], NX_SCRIPT_FORBIDDEN, NO_PATTERNS, &e);
        ck_assert(ends_with(e.file, "lua/strings.lua"));
        ck_assert_int_gt(e.line, 0);
    }

    /* Plain search works as the library's does. */
    ck_assert_str_eq(call_str(sb, "str", "find_plain"),
                     "4,4,5,7,8,8,9,13,nil,3,2,nil,14,13,nil,1,3,2,2,2,3");
    io x = {0};
    call_ok(sb, "str", "find_long", &x);
    ck_assert_int_eq(x.nres, 2);
    ck_assert_int_eq(x.res[0].i, 200001);
    ck_assert_int_eq(x.res[1].i, 200006);
    /* Its quadratic worst case is charged to the budget. */
    expect(sb, "str", "find_quadratic", NX_SCRIPT_BUDGET,
           "instruction budget exceeded", &e);
    ck_assert_int_gt(e.line, 0);

    memset(&x, 0, sizeof x);
    call_ok(sb, "str", "rep_nothing", &x);
    ck_assert_int_eq(x.nres, 5);
    ck_assert_int_eq(x.res[0].i, 0);
    ck_assert_int_eq(x.res[1].i, 0);
    ck_assert_str_eq(x.res[2].s, "ab,ab,ab");
    ck_assert_str_eq(x.res[3].s, "");
    ck_assert_str_eq(x.res[4].s, "");
    ck_assert_str_eq(call_str(sb, "str", "others"),
                     "3,bc,ABC,abc,abab,98,Hi,7-x,cba,4,8,42");
    nx_sandbox_free(sb);
}
END_TEST

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud)
{
    (void)L;
    return fwrite(p, 1, size, ud) == size ? 0 : 1;
}

/* A compiled (binary) chunk in a temporary file; caller unlinks, frees. */
static char *make_binary_chunk(void)
{
    char tmpl[] = "/tmp/nx_sandbox_binaryXXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    ck_assert_ptr_nonnull(f);
    lua_State *L = luaL_newstate();
    ck_assert_int_eq(luaL_loadstring(L, "return { f = function() return 1 end }"), LUA_OK);
    ck_assert_int_eq(lua_dump(L, dump_writer, f, 0), 0);
    lua_close(L);
    ck_assert_int_eq(fclose(f), 0);
    return nx_xstrdup(tmpl);
}

START_TEST(test_binary_chunks_refused)
{
    char *path = make_binary_chunk();
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_sandbox_check_file(path, &d), -1);
    ck_assert_uint_eq(d.n, 1);
    ck_assert(nx_diags_contains(&d, "binary chunks are not allowed"));
    ck_assert_str_eq(d.v[0].file, path);
    nx_diags_free(&d);

    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    ck_assert_int_eq(nx_sandbox_load_panel(sb, "bin", path, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_FORBIDDEN);
    ck_assert_ptr_nonnull(strstr(e.message, "binary chunks are not allowed"));
    ck_assert(!nx_sandbox_has_function(sb, "bin", "f"));
    assert_balanced(sb);
    nx_sandbox_free(sb);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(test_panels_isolated)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    const char *clean = "X,X,y,2,3,2,ok,nil";
    load_ok(sb, "victim", "lua/victim.lua");
    ck_assert_str_eq(call_str(sb, "victim", "check"), clean);
    load_ok(sb, "polluter", "lua/polluter.lua");
    /* Library tables are read-only: every write is refused. */
    static const char *const writes[] = { "pollute_string", "pollute_math", "pollute_table",
                                          "pollute_utf8", "pollute_rawset", NULL };
    for (int k = 0; writes[k]; k++)
        expect(sb, "polluter", writes[k], NX_SCRIPT_FORBIDDEN, "read-only", NULL);
    call_ok(sb, "polluter", "pollute_G", &(io){0});   /* its own _G, for this call only */
    io x = {0};
    call_ok(sb, "polluter", "unchanged", &x);
    ck_assert_str_eq(x.res[0].s, "X");
    ck_assert_str_eq(x.res[1].s, "X");
    ck_assert_str_eq(call_str(sb, "victim", "check"), clean);
    load_ok(sb, "victim2", "lua/victim.lua");
    ck_assert_str_eq(call_str(sb, "victim2", "check"), clean);
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* math.random                                                          */
/* ------------------------------------------------------------------ */

enum { RNG_XORSHIFT, RNG_ZERO, RNG_MAX, RNG_BROKEN };

typedef struct test_rng {
    int mode;
    uint64_t state;
    uint32_t last_bound;
    int calls;
} test_rng;

static uint32_t rng_fn(void *ud, uint32_t bound)
{
    test_rng *r = ud;
    r->calls++;
    r->last_bound = bound;
    switch (r->mode) {
    case RNG_ZERO: return 0;
    case RNG_MAX: return bound - 1;
    case RNG_BROKEN: return bound;
    default:
        r->state ^= r->state << 13;
        r->state ^= r->state >> 7;
        r->state ^= r->state << 17;
        return (uint32_t)(r->state % bound);
    }
}

static void draws_with_seed(uint64_t seed, char *out, size_t size)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    test_rng r = {.mode = RNG_XORSHIFT, .state = seed};
    nx_sandbox_set_rng(sb, rng_fn, &r);
    load_ok(sb, "rnd", "lua/random.lua");
    nx_fmt(out, size, "%s", call_str(sb, "rnd", "draws"));
    nx_sandbox_free(sb);
}

static lua_Integer random_int(nx_sandbox *sb, io *x)
{
    call_ok(sb, "rnd", "one", x);
    ck_assert_int_eq(x->res[0].type, LUA_TNUMBER);
    ck_assert(x->res[0].is_int);
    return x->res[0].i;
}

static lua_Integer random1(nx_sandbox *sb, lua_Integer m)
{
    io x = {0};
    arg_int(&x, m);
    return random_int(sb, &x);
}

static lua_Integer random2(nx_sandbox *sb, lua_Integer m, lua_Integer n)
{
    io x = {0};
    arg_int(&x, m);
    arg_int(&x, n);
    return random_int(sb, &x);
}

static double random0(nx_sandbox *sb)
{
    io x = {0};
    call_ok(sb, "rnd", "one", &x);
    ck_assert(!x.res[0].is_int);
    return x.res[0].d;
}

START_TEST(test_random_deterministic)
{
    char a[512], b[512], c[512];
    draws_with_seed(7, a, sizeof a);
    draws_with_seed(7, b, sizeof b);
    draws_with_seed(8, c, sizeof c);
    ck_assert_str_eq(a, b);
    ck_assert_str_ne(a, c);

    nx_sandbox *sb = nx_sandbox_new(NULL);
    test_rng r = {.mode = RNG_XORSHIFT, .state = 99};
    nx_sandbox_set_rng(sb, rng_fn, &r);
    load_ok(sb, "rnd", "lua/random.lua");
    io x = {0};
    arg_int(&x, 3000);
    call_ok(sb, "rnd", "ranges", &x);
    ck_assert(x.res[0].b);

    /* random(m) is one draw below m, shifted to [1, m]. */
    r.calls = 0;
    lua_Integer v = random1(sb, 6);
    ck_assert_int_eq(r.calls, 1);
    ck_assert_uint_eq(r.last_bound, 6);
    ck_assert(v >= 1 && v <= 6);
    random2(sb, -3, 3);
    ck_assert_uint_eq(r.last_bound, 7);
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_random_extremes)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    test_rng r = {.mode = RNG_ZERO};
    nx_sandbox_set_rng(sb, rng_fn, &r);
    load_ok(sb, "rnd", "lua/random.lua");
    ck_assert_int_eq(random1(sb, 6), 1);
    ck_assert_int_eq(random2(sb, 5, 10), 5);
    ck_assert(random0(sb) == 0.0);
    ck_assert_int_eq(random2(sb, LUA_MININTEGER, LUA_MAXINTEGER), LUA_MININTEGER);

    r.mode = RNG_MAX;
    ck_assert_int_eq(random1(sb, 6), 6);
    ck_assert_int_eq(random2(sb, 5, 10), 10);
    double f = random0(sb);
    ck_assert(f < 1.0 && f > 0.999999);
    ck_assert_int_eq(random2(sb, LUA_MININTEGER, LUA_MAXINTEGER), LUA_MAXINTEGER);
    /* A wide range where every masked draw is rejected still ends. */
    lua_Integer w = random2(sb, 0, (lua_Integer)1 << 33);
    ck_assert(w >= 0 && w <= (lua_Integer)1 << 33);
    lua_Integer big = random1(sb, LUA_MAXINTEGER);
    ck_assert(big >= 1);

    /* A generator breaking its contract is reported, not trusted. */
    r.mode = RNG_BROKEN;
    io x = {0};
    arg_int(&x, 6);
    nx_script_error e;
    ck_assert_int_eq(call(sb, "rnd", "one", &x, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.message, "generator returned"));
    nx_sandbox_free(sb);
}
END_TEST

START_TEST(test_random_errors)
{
    nx_sandbox *sb = nx_sandbox_new(NULL);
    load_ok(sb, "rnd", "lua/random.lua");
    nx_script_error e;
    io x = {0};
    arg_int(&x, 6);
    ck_assert_int_eq(call(sb, "rnd", "one", &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    ck_assert_ptr_nonnull(strstr(e.message, "no random generator"));

    test_rng r = {.mode = RNG_XORSHIFT, .state = 1};
    nx_sandbox_set_rng(sb, rng_fn, &r);
    struct { int n; double a[3]; int is_int; const char *needle; } bad[] = {
        {2, {2, 1, 0}, 1, "interval is empty"},
        {1, {-5, 0, 0}, 1, "interval is empty"},
        {1, {1.5, 0, 0}, 0, "number has no integer representation"},
        {3, {1, 2, 3}, 1, "wrong number of arguments"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        memset(&x, 0, sizeof x);
        for (int i = 0; i < bad[k].n; i++) {
            if (bad[k].is_int) arg_int(&x, (lua_Integer)bad[k].a[i]);
            else arg_num(&x, bad[k].a[i]);
        }
        ck_assert_int_eq(call(sb, "rnd", "one", &x, &e), -1);
        ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
        ck_assert_msg(strstr(e.message, bad[k].needle) != NULL,
                      "case %zu: %s", k, e.message);
    }
    memset(&x, 0, sizeof x);
    arg_str(&x, "six");
    ck_assert_int_eq(call(sb, "rnd", "one", &x, &e), -1);
    ck_assert_int_eq(e.status, NX_SCRIPT_ERROR);
    nx_sandbox_free(sb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* nx_sandbox_check_file and nx_script_error_format                     */
/* ------------------------------------------------------------------ */

START_TEST(test_check_file)
{
    nx_diags d;
    nx_diags_init(&d);
    char *good = nx_fixture("lua/good.lua");
    ck_assert_int_eq(nx_sandbox_check_file(good, &d), 0);
    ck_assert_uint_eq(d.n, 0);
    /* Compiling runs nothing: a load-time loop is no problem. */
    char *loop = nx_fixture("lua/loop_at_load.lua");
    ck_assert_int_eq(nx_sandbox_check_file(loop, &d), 0);
    ck_assert_uint_eq(d.n, 0);

    char *bad = nx_fixture("lua/syntax_error.lua");
    ck_assert_int_eq(nx_sandbox_check_file(bad, &d), -1);
    ck_assert_uint_eq(d.n, 1);
    ck_assert_str_eq(d.v[0].file, bad);
    ck_assert_int_eq(d.v[0].line, 5);
    ck_assert_ptr_nonnull(strstr(d.v[0].msg, "near 'end'"));
    ck_assert_ptr_null(strstr(d.v[0].msg, "syntax_error.lua"));

    char *missing = nx_fixture("lua/no_such_file.lua");
    ck_assert_int_eq(nx_sandbox_check_file(missing, &d), -1);
    ck_assert_uint_eq(d.n, 2);
    ck_assert_ptr_nonnull(strstr(d.v[1].msg, "cannot read: "));
    ck_assert_str_eq(d.v[1].file, missing);
    nx_diags_free(&d);
    free(good);
    free(loop);
    free(bad);
    free(missing);
}
END_TEST

START_TEST(test_error_format)
{
    nx_script_error e;
    memset(&e, 0, sizeof e);
    e.status = NX_SCRIPT_ERROR;
    nx_fmt(e.panel, sizeof e.panel, "harkonnen.cunning");
    nx_fmt(e.file, sizeof e.file, "cards/h.lua");
    e.line = 12;
    nx_fmt(e.message, sizeof e.message, "boom");
    char buf[256];
    nx_script_error_format(&e, buf, sizeof buf);
    ck_assert_str_eq(buf, "cards/h.lua:12: harkonnen.cunning: boom");
    nx_fmt(e.traceback, sizeof e.traceback, "stack traceback:\n\tx");
    nx_script_error_format(&e, buf, sizeof buf);
    ck_assert_str_eq(buf, "cards/h.lua:12: harkonnen.cunning: boom\nstack traceback:\n\tx");
    e.line = 0;
    e.traceback[0] = '\0';
    nx_script_error_format(&e, buf, sizeof buf);
    ck_assert_str_eq(buf, "cards/h.lua: harkonnen.cunning: boom");
    /* Truncation keeps the buffer terminated. */
    char tiny[8];
    nx_script_error_format(&e, tiny, sizeof tiny);
    ck_assert_str_eq(tiny, "card...");   /* clipped visibly */
}
END_TEST

/* Copy a fixture to `dir`/`name`; returns the new path (caller frees). */
static char *copy_fixture(const char *rel, const char *dir, const char *name)
{
    char *from = nx_fixture(rel);
    size_t len = 0;
    const char *why = NULL;
    char *text = nx_read_file(from, &len, &why);
    ck_assert_msg(text != NULL, "%s: %s", from, why);
    char *to = nx_path_join(dir, name);
    FILE *f = fopen(to, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    free(text);
    free(from);
    return to;
}

/* Lua shortens long chunk names to "...tail" in messages; reports must
 * still name the whole path (CI checkouts have long ones). */
START_TEST(test_long_paths)
{
    char tmpl[] = "/tmp/nx_sandbox_pathXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    char *dir = nx_path_join(tmpl, "a-directory-name-long-enough-to-push-the-path-past-lua-idsize");
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    char *rt = copy_fixture("lua/runtime_error.lua", dir, "runtime_error.lua");
    char *loops = copy_fixture("lua/loops.lua", dir, "loops.lua");
    char *bad = copy_fixture("lua/syntax_error.lua", dir, "syntax_error.lua");
    ck_assert_uint_gt(strlen(rt), LUA_IDSIZE);

    nx_sandbox_limits lim = {.instructions = 1000000};
    nx_sandbox *sb = nx_sandbox_new(&lim);
    load_ok_path(sb, "rt", rt);
    load_ok_path(sb, "loops", loops);
    nx_script_error e;
    expect(sb, "rt", "raise", NX_SCRIPT_ERROR, NULL, &e);
    ck_assert_str_eq(e.file, rt);
    ck_assert_int_eq(e.line, 13);
    ck_assert_str_eq(e.message, "kaboom");
    expect(sb, "loops", "plain", NX_SCRIPT_BUDGET, NULL, &e);
    ck_assert_str_eq(e.file, loops);
    ck_assert_int_eq(e.line, 5);
    ck_assert_ptr_eq(strstr(e.message, "..."), NULL);
    ck_assert_int_eq(nx_sandbox_load_panel(sb, "bad", bad, &e), -1);
    ck_assert_str_eq(e.file, bad);
    ck_assert_int_eq(e.line, 5);
    ck_assert_ptr_eq(strstr(e.message, "..."), NULL);
    assert_balanced(sb);
    nx_sandbox_free(sb);

    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_sandbox_check_file(bad, &d), -1);
    ck_assert_int_eq(d.v[0].line, 5);
    ck_assert_ptr_eq(strstr(d.v[0].msg, "..."), NULL);
    nx_diags_free(&d);

    unlink(rt);
    unlink(loops);
    unlink(bad);
    rmdir(dir);
    rmdir(tmpl);
    free(rt);
    free(loops);
    free(bad);
    free(dir);
}
END_TEST

/* The host-side text helpers that keep script messages fit for JSON. */
START_TEST(test_luaval_text_helpers)
{
    ck_assert(nx_luaval_utf8_ok("h\xc3\xa9", 3));
    ck_assert(!nx_luaval_utf8_ok("\xc3", 1));                   /* cut short */
    ck_assert(!nx_luaval_utf8_ok("\xc0\x80", 2));               /* overlong NUL */
    ck_assert(!nx_luaval_utf8_ok("\xed\xa0\x80", 3));           /* surrogate */
    ck_assert(!nx_luaval_utf8_ok("\xf4\x90\x80\x80", 4));       /* past U+10FFFF */
    /* A cut never splits a character. */
    const char *e = "ab\xe2\x82\xac";                          /* "ab€" */
    ck_assert_uint_eq(nx_luaval_utf8_cut(e, 5), 5);
    ck_assert_uint_eq(nx_luaval_utf8_cut(e, 4), 2);
    ck_assert_uint_eq(nx_luaval_utf8_cut(e, 3), 2);
    ck_assert_uint_eq(nx_luaval_utf8_cut(e, 2), 2);
    char msg[] = "bad \xff\x1b[2J\tok\nline \xc3\xa9";
    nx_luaval_sanitize(msg);
    ck_assert_str_eq(msg, "bad ??[2J\tok\nline \xc3\xa9");
    /* Formatting a long message is clipped visibly ("..."), on a character
     * boundary. */
    nx_script_error err = {.status = NX_SCRIPT_ERROR};
    memset(err.message, 'a', 10);
    memcpy(err.message + 10, "\xe2\x82\xac\xe2\x82\xac", 7);
    char buf[13];
    nx_script_error_format(&err, buf, sizeof buf);
    ck_assert_str_eq(buf, "aaaaaaaaa...");
    char wide[16];   /* the mark would split the first euro sign: cut before it */
    nx_script_error_format(&err, wide, sizeof wide);
    ck_assert_str_eq(wide, "aaaaaaaaaa...");
}
END_TEST

static Suite *sandbox_suite(void)
{
    Suite *s = suite_create("sandbox");
    TCase *tc = tcase_create("load_call");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_good_panel);
    tcase_add_test(tc, test_missing);
    tcase_add_test(tc, test_syntax_error);
    tcase_add_test(tc, test_runtime_errors);
    tcase_add_test(tc, test_must_return_table);
    tcase_add_test(tc, test_replace_panel);
    tcase_add_test(tc, test_host_callbacks);
    suite_add_tcase(s, tc);

    tc = tcase_create("limits");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_budget_stops_loops);
    tcase_add_test(tc, test_sort_is_bounded);
    tcase_add_test(tc, test_budget_per_call);
    tcase_add_test(tc, test_budget_at_load);
    tcase_add_test(tc, test_memory_bombs);
    tcase_add_test(tc, test_memory_cap_is_per_call);
    tcase_add_test(tc, test_memory_at_load);
    suite_add_tcase(s, tc);

    tc = tcase_create("hooks");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_xpcall_handler_alone);
    tcase_add_test(tc, test_handlers_stay_metered);
    suite_add_tcase(s, tc);

    tc = tcase_create("escape");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_forbidden);
    tcase_add_test(tc, test_string_patterns);
    tcase_add_test(tc, test_binary_chunks_refused);
    tcase_add_test(tc, test_panels_isolated);
    tcase_add_test(tc, test_require_libraries);
    suite_add_tcase(s, tc);

    tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random_deterministic);
    tcase_add_test(tc, test_random_extremes);
    tcase_add_test(tc, test_random_errors);
    suite_add_tcase(s, tc);

    tc = tcase_create("tools");
    tcase_add_test(tc, test_check_file);
    tcase_add_test(tc, test_error_format);
    tcase_add_test(tc, test_long_paths);
    tcase_add_test(tc, test_luaval_text_helpers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(sandbox_suite()); }
