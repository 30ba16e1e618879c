/*
 * The bot advice reader (dsl/nx_advice.h) through the sandbox's
 * value-or-function field (nx_sandbox_call_value): good advice as a table
 * and as a function, and bad advice - a wrong type, an unknown field or
 * avoid word, a Lua error - each a script error naming the file and the
 * field, with nothing read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nx_advice.h"
#include "nx_nexus.h"
#include "nx_runtime.h"
#include "nx_sandbox.h"
#include "nx_testutil.h"
#include "nx_util.h"

typedef struct io {
    nx_advice got;
    int arg;
} io;

static int take(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)e;
    nx_advice_read(L, lua_gettop(L) - n + 1, &((io *)ud)->got);
    return 0;
}

static int push_turn(lua_State *L, void *ud)
{
    lua_pushinteger(L, ((io *)ud)->arg);
    return 1;
}

static char dir[] = "/tmp/nx_adviceXXXXXX";

/* Load `body` (a panel's chunk) as advice.lua and read its advice with
 * argument `arg`: the call's result, *out and, on failure, the formatted
 * error in msg. */
static int read_advice(const char *body, int arg, nx_advice *out, char *msg, size_t len)
{
    char *path = nx_path_join(dir, "advice.lua");
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "local panel = {}\nfunction panel.play(ctx) end\n%s\nreturn panel\n", body);
    fclose(f);
    nx_sandbox *sb = nx_sandbox_new(NULL);
    nx_script_error e;
    ck_assert_msg(nx_sandbox_load_panel_as(sb, "test.cunning", path, "test/advice.lua", &e) == 0, "load: %s", e.message);
    io x = { .arg = arg };
    nx_advice_init(&x.got);
    int rc = nx_sandbox_call_value(sb, "test.cunning", "advice", push_turn, take, &x, &e);
    msg[0] = '\0';
    if (rc) nx_script_error_format(&e, msg, len);
    else *out = x.got;
    ck_assert_int_eq(lua_gettop(nx_sandbox_lua(sb)), 0);
    nx_sandbox_free(sb);
    unlink(path);
    free(path);
    return rc;
}

static void setup(void) { ck_assert_ptr_nonnull(mkdtemp(dir)); }
static void teardown(void) { rmdir(dir); }

START_TEST(good_advice_is_read)
{
    nx_advice a;
    char msg[600];
    ck_assert_int_eq(read_advice("panel.advice = { keep = true, avoid = { \"elite_forces\" } }", 0, &a, msg, sizeof msg), 0);
    ck_assert_int_eq(a.keep, 1);
    ck_assert_int_eq(a.prefer, -1);
    ck_assert_uint_eq(a.avoid, NX_AVOID_ELITE_FORCES);
    ck_assert_str_eq(nx_avoid_name(NX_AVOID_ELITE_FORCES), "elite_forces");
    /* A function gets the caller's arguments and may leave fields unsaid. */
    const char *fn = "function panel.advice(turn) if turn > 2 then return { prefer = false } end end";
    ck_assert_int_eq(read_advice(fn, 3, &a, msg, sizeof msg), 0);
    ck_assert_int_eq(a.keep, -1);
    ck_assert_int_eq(a.prefer, 0);
    ck_assert_uint_eq(a.avoid, 0);
    ck_assert_int_eq(read_advice(fn, 1, &a, msg, sizeof msg), 0);   /* nil: nothing said */
    ck_assert_int_eq(a.prefer, -1);
    ck_assert_int_eq(a.seek_battle, 0);
    ck_assert_int_eq(read_advice("panel.advice = {}", 0, &a, msg, sizeof msg), 0);
    ck_assert_int_eq(a.keep, -1);
    ck_assert_int_eq(read_advice("panel.advice = { seek_battle = 5 }", 0, &a, msg, sizeof msg), 0);
    ck_assert_int_eq(a.seek_battle, 5);
    ck_assert_int_eq(a.keep, -1);
}
END_TEST

static void bad(const char *body, const char *says)
{
    nx_advice a = { .keep = 7, .prefer = 7, .avoid = 7 };
    char msg[600];
    ck_assert_msg(read_advice(body, 0, &a, msg, sizeof msg) == -1, "accepted: %s", body);
    ck_assert_msg(strstr(msg, "test/advice.lua") && strstr(msg, "test.cunning"), "no file or panel named: %s", msg);
    ck_assert_msg(strstr(msg, says), "%s: expected \"%s\" in: %s", body, says, msg);
    ck_assert_int_eq(a.keep, 7);    /* nothing read */
}

START_TEST(bad_advice_names_the_file_and_field)
{
    bad("panel.advice = { keep = \"yes\" }", "advice.keep must be a boolean, not a string");
    bad("panel.advice = { prefer = 1 }", "advice.prefer must be a boolean, not a number");
    bad("panel.advice = 5", "advice must be a plain table");
    bad("function panel.advice() return 5 end", "advice must be a plain table");
    bad("panel.advice = { keeep = true }", "unknown field keeep");
    bad("panel.advice = { avoid = \"elite_forces\" }", "advice.avoid must be a plain list");
    bad("panel.advice = { avoid = { \"sardaukar\" } }", "advice.avoid[1] must be one of the words");
    bad("panel.advice = { avoid = { \"elite_forces\", x = 1 } }", "advice.avoid must be a list of words");
    bad("panel.advice = setmetatable({}, {})", "advice must be a plain table");
    bad("panel.advice = { seek_battle = 0 }", "advice.seek_battle must be a whole number of forces from 1 to 20");
    bad("panel.advice = { seek_battle = 21 }", "advice.seek_battle must be a whole number");
    bad("panel.advice = { seek_battle = 2.5 }", "advice.seek_battle must be a whole number");
    bad("panel.advice = { seek_battle = true }", "advice.seek_battle must be a whole number");
    /* A Lua error in an advice function. */
    bad("function panel.advice() error(\"no advice today\") end", "no advice today");
    bad("function panel.advice() return nil .. 1 end", "attempt to concatenate");
}
END_TEST

/* Advice given as a table is read when the pack loads: bad advice fails
 * the load, naming the file and the field. */
START_TEST(bad_table_advice_fails_the_pack_load)
{
    char *src = nx_source_path("cards");
    char *rulings = nx_source_path("rulings");
    char *cmd = nx_asprintf("cp -r '%s' '%s/cards' && ln -s '%s' '%s/rulings'", src, dir, rulings, dir);
    free(rulings);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    char *lua = nx_asprintf("%s/cards/nexus/atreides/cunning.lua", dir);
    cmd = nx_asprintf("sed -i 's/^panel.advice = { keep = true }$/panel.advice = { keep = \"always\" }/' '%s'", lua);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_runtime_open(&rt, pack, &d), -1);
    char buf[4096] = "";
    FILE *m = fmemopen(buf, sizeof buf - 1, "w");
    nx_diags_print(&d, m);
    fclose(m);
    ck_assert_msg(strstr(buf, "atreides/cunning.lua") && strstr(buf, "atreides.cunning") &&
                      strstr(buf, "advice.keep must be a boolean, not a string"),
                  "%s", buf);
    nx_diags_free(&d);
    cmd = nx_asprintf("rm -rf '%s/cards' '%s/rulings'", dir, dir);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    free(pack);
    free(lua);
    free(src);
}
END_TEST

/* Advice given as a table is read once, when the runtime loads the
 * panel, and kept on it: a bot's question then reads no state at all (so
 * none is needed here); advice given as a function is not kept. */
START_TEST(table_advice_is_kept_on_the_panel)
{
    char *pack = nx_source_path("cards/pack.yaml");
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_runtime_open(&rt, pack, &d), 0);
    nx_diags_free(&d);
    const nx_panel *atreides = nx_pack_panel(&rt.pack, "atreides.cunning");
    const nx_panel *emperor = nx_pack_panel(&rt.pack, "emperor.cunning");
    ck_assert_ptr_nonnull(atreides);
    ck_assert_ptr_nonnull(emperor);
    ck_assert_int_eq(atreides->advice_fixed, 1);
    ck_assert_int_eq(atreides->advice.keep, 1);
    ck_assert_int_eq(emperor->advice_fixed, 0);
    nx_advice a = { .keep = 7 };
    char err[200];
    ck_assert_int_eq(nx_panel_advice(&rt, NULL, NULL, 0, "atreides.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, 1);
    ck_assert_int_eq(a.prefer, -1);
    ck_assert_uint_eq(a.avoid, 0);
    nx_runtime_close(&rt);
    free(pack);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("advice");
    TCase *tc = tcase_create("reader");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, good_advice_is_read);
    tcase_add_test(tc, bad_advice_names_the_file_and_field);
    tcase_add_test(tc, bad_table_advice_fails_the_pack_load);
    tcase_add_test(tc, table_advice_is_kept_on_the_panel);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
