/* Games through the action API: property tests over random action
 * sequences and seeds, save/load, replay, retries, stale versions. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_testutil.h"
#include "nx_util.h"
#include "nx_view.h"

static nx_runtime rt;

static void open_rt(void)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    int rc = nx_runtime_open(&rt, pack, &d);
    nx_diags_print(&d, stderr);
    free(pack);
    nx_diags_free(&d);
    ck_assert_int_eq(rc, 0);
}

static void close_rt(void) { nx_runtime_close(&rt); }

static nx_game *random_game(uint64_t seed)
{
    nx_rng r;
    nx_rng_seed(&r, seed);
    nx_game_config cfg = { .seed = seed, .nexus_cards = 1, .advanced = (int)(seed & 1) };
    cfg.nseats = 2 + (int)nx_rng_below(&r, 5);
    nx_faction pool[NX_FACTION_COUNT];
    for (int i = 0; i < NX_FACTION_COUNT; i++) pool[i] = (nx_faction)i;
    for (int i = 0; i < cfg.nseats; i++) {
        int j = i + (int)nx_rng_below(&r, (uint32_t)(NX_FACTION_COUNT - i));
        nx_faction t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        cfg.factions[i] = pool[i];
    }
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

static int result_ok(const char *r)
{
    json_t *j = json_loads(r, 0, NULL);
    int ok = json_is_true(json_object_get(j, "ok"));
    json_decref(j);
    return ok;
}

static char *apply_json(nx_game *g, json_t *a)
{
    char *text = json_dumps(a, JSON_COMPACT);
    char *r = nx_game_apply(g, text);
    free(text);
    return r;
}

static void assert_reload_identical(const nx_game *g)
{
    char *saved = nx_game_save(g);
    char err[512] = "";
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "reload refused: %s", err);
    ck_assert_int_eq(memcmp(nx_game_state(g), nx_game_state(g2), sizeof(nx_state)), 0);
    char *again = nx_game_save(g2);
    ck_assert_str_eq(saved, again);
    free(again);
    free(saved);
    nx_game_free(g2);
}

static void assert_no_leak(const nx_game *g, nx_rng *r)
{
    const nx_state *s = nx_game_state(g);
    for (int viewer = -1; viewer < s->nseats; viewer++) {
        nx_state t = *s;
        nx_permute_hidden(&t, viewer, r);
        json_t *a = nx_view_json(s, viewer), *b = nx_view_json(&t, viewer);
        ck_assert_msg(json_equal(a, b), "seat %d's view depends on cards it cannot see", viewer);
        json_decref(a);
        json_decref(b);
    }
}

/* One step of the fuzzer: a random seat (or the host) proposes; refused
 * actions must change nothing; every state must pass its invariants. */
static int fuzz_step(nx_game *g, nx_rng *r, int step, char **last_ok_action)
{
    const nx_state *s = nx_game_state(g);
    int seat = (int)nx_rng_below(r, (uint32_t)s->nseats + 1) - 1;
    char id[32];
    snprintf(id, sizeof id, "f%d", step);
    json_t *a = nx_bot_propose(g, seat, NX_BOT_RANDOM, r, id);
    if (!a) return 0;
    nx_state before = *s;
    char *res = apply_json(g, a);
    char msg[256];
    ck_assert_msg(nx_state_check(nx_game_state(g), msg, sizeof msg) == 0, "%s", msg);
    if (result_ok(res)) {
        ck_assert_uint_eq(nx_game_state(g)->version, before.version + 1);
        free(*last_ok_action);
        *last_ok_action = json_dumps(a, JSON_COMPACT);
    } else {
        ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    }
    free(res);
    json_decref(a);
    return 1;
}

static void assert_retry_and_stale(nx_game *g, const char *last_ok_action)
{
    nx_state before = *nx_game_state(g);
    size_t n = nx_game_log_length(g);
    char *r = nx_game_apply(g, last_ok_action);
    ck_assert_int_eq(result_ok(r), 1);
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    ck_assert_uint_eq(nx_game_log_length(g), n);
    free(r);
    json_t *stale = json_pack("{s:s, s:I, s:n, s:s}", "id", "stale-probe", "version",
                              (json_int_t)before.version + 5, "seat", "type", "advance");
    r = apply_json(g, stale);
    ck_assert_ptr_nonnull(strstr(r, "\"stale\""));
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    free(r);
    json_decref(stale);
}

START_TEST(random_action_sequences_keep_every_property)
{
    uint64_t seed = 1000 + (uint64_t)_i;
    nx_game *g = random_game(seed);
    nx_rng r;
    nx_rng_seed(&r, seed * 31);
    char *last_ok = NULL;
    for (int step = 0; step < 400; step++) {
        fuzz_step(g, &r, step, &last_ok);
        if (step % 50 == 49) {
            assert_reload_identical(g);
            assert_no_leak(g, &r);
            if (last_ok) assert_retry_and_stale(g, last_ok);
        }
    }
    ck_assert_uint_gt(nx_game_state(g)->version, 20);
    free(last_ok);
    nx_game_free(g);
}
END_TEST

/* Same seed, same actions: byte-identical saved games. */
START_TEST(replay_is_deterministic)
{
    char *saves[2];
    for (int k = 0; k < 2; k++) {
        nx_game *g = random_game(77);
        nx_rng r;
        nx_rng_seed(&r, 5);
        char *last = NULL;
        for (int step = 0; step < 300; step++) fuzz_step(g, &r, step, &last);
        free(last);
        saves[k] = nx_game_save(g);
        nx_game_free(g);
    }
    ck_assert_str_eq(saves[0], saves[1]);
    free(saves[0]);
    free(saves[1]);
}
END_TEST

START_TEST(bad_actions_are_refused_with_reasons)
{
    nx_game *g = random_game(5);
    const char *cases[][2] = {
        { "not json", "malformed" },
        { "[]", "malformed" },
        { "{\"version\":0,\"seat\":0,\"type\":\"advance\"}", "string of 1 to 64" },
        { "{\"id\":\"x\",\"seat\":0,\"type\":\"advance\"}", "state version" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"fly\"}", "unknown action type" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":9,\"type\":\"answer\"}", "seat number" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"advance\"}", "host's action" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"answer\"}", "needs the acting" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"advance\",\"extra\":1}", "unknown key" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"set_policy\",\"policy\":\"sometimes\"}", "policy" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"play_nexus\"}", "holds no Nexus card" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"place\",\"card\":\"nexus:ecaz\",\"zone\":\"nexus_discard\"}", "designer" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"nexus\"}", "Spice Blow" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nx_state before = *nx_game_state(g);
        char *r = nx_game_apply(g, cases[i][0]);
        ck_assert_msg(!result_ok(r) && strstr(r, cases[i][1]), "case %zu: %s", i, r);
        ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
        free(r);
    }
    nx_game_free(g);
}
END_TEST

START_TEST(corrupt_saves_are_refused)
{
    nx_game *g = random_game(9);
    nx_rng r;
    nx_rng_seed(&r, 9);
    char *last = NULL;
    for (int step = 0; step < 120; step++) fuzz_step(g, &r, step, &last);
    free(last);
    char *saved = nx_game_save(g);
    char err[512];
    /* Truncated file. */
    char *cut = nx_xstrndup(saved, strlen(saved) / 2);
    ck_assert_ptr_null(nx_game_load(&rt, cut, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not valid JSON"));
    free(cut);
    /* A different pack digest. */
    json_t *j = json_loads(saved, 0, NULL);
    json_object_set_new(json_object_get(j, "pack"), "digest", json_string("0000"));
    char *t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "pack.digest"));
    free(t);
    json_decref(j);
    /* A state that its log does not rebuild: move a version. */
    j = json_loads(saved, 0, NULL);
    json_t *st = json_object_get(j, "state");
    json_object_set_new(st, "event_seq", json_integer(json_integer_value(json_object_get(st, "event_seq")) + 1));
    t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "state"));
    free(t);
    json_decref(j);
    /* An unknown ruling setting. */
    j = json_loads(saved, 0, NULL);
    json_object_set_new(json_object_get(j, "rulings"), "harkonnen.cunning.interruption", json_string("maybe"));
    t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "rulings.harkonnen.cunning.interruption"));
    free(t);
    json_decref(j);
    free(saved);
    nx_game_free(g);
}
END_TEST

/* A panel that fails half-way (after a draw) leaves the game exactly as it
 * was: the Nexus card is still held, the draw never happened. */
static void run_broken_panel(const char *play_body, const char *want)
{
    char *dir = nx_copy_pack();
    char *script = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "local panel = {}\nfunction panel.can_play(ctx) return true, nil, 'own_window' end\n"
               "function panel.play(ctx)\n%s\nend\nfunction panel.returned(ctx, a) end\nreturn panel\n",
            play_body);
    fclose(f);
    char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_runtime brt;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_runtime_open(&brt, pack, &d), 0);
    nx_diags_free(&d);
    nx_game_config cfg = { .seed = 4, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&brt, NULL, &cfg, err, sizeof err);
    ck_assert_ptr_nonnull(g);
    free(nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\","
                          "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}"));
    nx_state before = *nx_game_state(g);
    char *r = nx_game_apply(g, "{\"id\":\"q\",\"version\":1,\"seat\":0,\"type\":\"play_nexus\"}");
    ck_assert_msg(strstr(r, "\"code\":\"script\"") && strstr(r, want), "%s", r);
    ck_assert_ptr_nonnull(strstr(r, "cunning.lua"));
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    free(r);
    /* The runtime is still usable: the next call runs normally. */
    r = nx_game_apply(g, "{\"id\":\"q2\",\"version\":1,\"seat\":1,\"type\":\"answer\",\"choose\":[]}");
    ck_assert_ptr_nonnull(strstr(r, "\"ok\":false"));
    free(r);
    nx_game_free(g);
    nx_runtime_close(&brt);
    nx_remove_tree(dir);
    free(dir), free(script), free(pack);
}

START_TEST(failing_panels_roll_back)
{
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  error('designer bug')", "designer bug");
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  while true do end", "instruction budget");
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  local t = {} for i = 1, 1e9 do t[i] = i end",
                     "memory");
    run_broken_panel("  ctx:draw('traitor_deck', 'nexus_deck', 1)", "holder's zones");
    run_broken_panel("  return ctx:ask{prompt = 'x', choose_from = 'traitors', count = 1, resume = 'nope'}",
                     "no handler");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("properties");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, random_action_sequences_keep_every_property, 0, 24);
    tcase_add_test(tc, replay_is_deterministic);
    tcase_add_test(tc, bad_actions_are_refused_with_reasons);
    tcase_add_test(tc, corrupt_saves_are_refused);
    tcase_add_test(tc, failing_panels_roll_back);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
