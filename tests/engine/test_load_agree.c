/* What loads and what is refused agree everywhere: a saved game that lacks
 * one of its pinned rulings is refused (not given today's default), and
 * `nexus check` passes exactly the packs the game commands load. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "nx_cli.h"
#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_testutil.h"
#include "nx_util.h"

START_TEST(a_save_lacking_a_pinned_ruling_is_refused)
{
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    ck_assert_int_eq(nx_runtime_open(&rt, pack, &d), 0);
    nx_game_config cfg = { .seed = 3, .nseats = 2, .factions = { NX_HARKONNEN, NX_ATREIDES } };
    char err[512];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *text = nx_game_save(g);
    json_t *root = json_loads(text, 0, NULL);
    json_t *rulings = json_object_get(root, "rulings");
    ck_assert_uint_eq(json_object_size(rulings), rt.pack.rulings.n);
    /* Each ruling in turn: drop it, and the save is refused naming it. */
    for (size_t i = 0; i < rt.pack.rulings.n; i++) {
        const char *id = rt.pack.rulings.v[i].id;
        json_t *kept = json_incref(json_object_get(rulings, id));
        ck_assert_int_eq(json_object_del(rulings, id), 0);
        char *cut = json_dumps(root, JSON_COMPACT);
        nx_game *g2 = nx_game_load(&rt, cut, err, sizeof err);
        ck_assert_msg(g2 == NULL, "a save without %s loaded", id);
        char *want = nx_asprintf("rulings.%s: missing", id);
        ck_assert_msg(strstr(err, want), "\"%s\" lacks \"%s\"", err, want);
        free(want);
        free(cut);
        json_object_set_new(rulings, id, kept);
    }
    /* Whole again, it loads. */
    char *whole = json_dumps(root, JSON_COMPACT);
    nx_game *g3 = nx_game_load(&rt, whole, err, sizeof err);
    ck_assert_msg(g3 != NULL, "%s", err);
    nx_game_free(g3);
    free(whole);
    json_decref(root);
    free(text);
    nx_game_free(g);
    nx_runtime_close(&rt);
    nx_diags_free(&d);
    free(pack);
}
END_TEST

/* `nexus check PACK`'s verdict, in process. */
static int check_passes(const char *pack)
{
    FILE *devnull = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(devnull);
    char *argv[] = { "check", (char *)pack, NULL };
    nx_cli cli = { .pack_path = pack, .argc = 2, .argv = argv, .out = devnull, .err = devnull };
    int rc = nx_cmd_check(&cli);
    fclose(devnull);
    return rc == NX_EXIT_OK;
}

/* What every game command opens (nexus new, play, apply, serve...). */
static int games_load(const char *pack)
{
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_runtime_open(&rt, pack, &d);
    if (!rc) nx_runtime_close(&rt);
    nx_diags_free(&d);
    return rc == 0;
}

START_TEST(check_passes_exactly_what_games_load)
{
    /* Panel scripts that load as Lua but are not panels the host can run:
     * no play function was the case check passed and every game refused. */
    static const char *const scripts[] = {
        "local panel = {}\nfunction panel.can_play(ctx) return true end\nreturn panel\n",
        "return 42\n",
        "error('boom at load')\n",
        "local x = = 1\n",
        "return { play = 5 }\n",
        NULL, /* the pack as shipped */
    };
    for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++) {
        char *dir = nx_copy_pack();
        char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
        if (scripts[i]) {
            char *path = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", dir);
            FILE *f = fopen(path, "w");
            ck_assert_ptr_nonnull(f);
            fputs(scripts[i], f);
            fclose(f);
            free(path);
        }
        int checked = check_passes(pack), loaded = games_load(pack);
        ck_assert_msg(checked == loaded, "script %zu: check %s, games %s", i, checked ? "passes" : "refuses",
                      loaded ? "load" : "refuse");
        ck_assert_int_eq(loaded, scripts[i] == NULL);
        nx_remove_tree(dir);
        free(dir);
        free(pack);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("load_agree");
    TCase *tc = tcase_create("agree");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_save_lacking_a_pinned_ruling_is_refused);
    tcase_add_test(tc, check_passes_exactly_what_games_load);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
