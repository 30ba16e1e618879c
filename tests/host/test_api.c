/* The public API (nexus.h): configuration errors, the whole game through it,
 * the pinned rulings, refusals that leave the game unchanged, and bots. */
#include <stdlib.h>
#include <string.h>

#include "nexus.h"
#include "nx_testutil.h"

static nexus_runtime *open_rt(void)
{
    char err[512] = "";
    char *pack = nx_source_path("cards/pack.yaml");
    nexus_runtime *rt = nexus_runtime_open(pack, err, sizeof err);
    free(pack);
    ck_assert_msg(rt != NULL, "%s", err);
    return rt;
}

/* Each bad config is refused with a message naming the key. */
static const struct {
    const char *config, *needle;
} bad_configs[] = {
    { "", "not a JSON object" },
    { "[1]", "not a JSON object" },
    { "{\"seed\": 1}", "\"seats\" (2 to 6) or \"factions\"" },
    { "{\"seats\": 7}", "\"seats\"" },
    { "{\"seats\": \"4\"}", "\"seats\"" },
    { "{\"seats\": 3, \"factions\": [\"atreides\", \"fremen\"]}", "not both" },
    { "{\"factions\": [\"atreides\", \"dune\"]}", "factions[1]" },
    { "{\"factions\": [\"atreides\", \"atreides\"]}", "repeats" },
    { "{\"seats\": 2, \"advanced\": \"yes\"}", "\"advanced\"" },
    { "{\"seats\": 2, \"nexus_cards\": 1}", "\"nexus_cards\"" },
    { "{\"seats\": 2, \"seed\": -1}", "\"seed\"" },
    { "{\"seats\": 2, \"colour\": \"red\"}", "unknown key \"colour\"" },
    { "{\"seats\": 2, \"rulings\": {\"no.such.ruling\": \"x\"}}", "rulings.no.such.ruling" },
    { "{\"seats\": 2, \"rulings\": {\"harkonnen.cunning.interruption\": 3}}", "rulings.harkonnen" },
    { "{\"seats\": 2, \"seats\": 3}", "not a JSON object" },
};

START_TEST(test_bad_configs)
{
    nexus_runtime *rt = open_rt();
    char err[512] = "";
    nexus_game *g = nexus_game_new(rt, bad_configs[_i].config, err, sizeof err);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, bad_configs[_i].needle) != NULL, "config %s: got \"%s\"",
                  bad_configs[_i].config, err);
    nexus_runtime_close(rt);
}
END_TEST

START_TEST(test_bad_pack)
{
    char err[512] = "";
    ck_assert_ptr_null(nexus_runtime_open("/nonexistent/pack.yaml", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/pack.yaml"));
    ck_assert_str_eq(nexus_version(), nexus_version());
    ck_assert_int_eq(nexus_api_version(), NEXUS_API_VERSION);
}
END_TEST

/* A bot game to the end through the API, then save, load, compare. */
START_TEST(test_bot_game_round_trip)
{
    nexus_runtime *rt = open_rt();
    char err[512] = "";
    nexus_game *g = nexus_game_new(rt, "{\"seed\": 9, \"seats\": 4, \"advanced\": true, \"nexus_cards\": true}",
                                   err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nexus_bot *bot = nexus_bot_new(rt, "simple", 9, err, sizeof err);
    ck_assert_ptr_nonnull(bot);
    long n = 0;
    while (nexus_game_next(g) != -2) {
        char id[32];
        snprintf(id, sizeof id, "b%ld", n);
        char *r = nexus_bot_step(bot, g, id, err, sizeof err);
        ck_assert_msg(r != NULL, "step %ld: %s", n, err);
        nexus_free(r);
        ck_assert_int_lt(++n, 50000);
    }
    ck_assert_int_eq(nexus_game_version(g), n);
    ck_assert_ptr_null(nexus_bot_step(bot, g, "after", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "over"));
    char *saved = nexus_game_save(g);
    nexus_game *again = nexus_game_load(rt, saved, err, sizeof err);
    ck_assert_msg(again != NULL, "%s", err);
    char *saved2 = nexus_game_save(again);
    ck_assert_str_eq(saved, saved2);
    nexus_free(saved);
    nexus_free(saved2);
    nexus_game_free(again);
    nexus_game_free(g);
    nexus_bot_free(bot);
    nexus_runtime_close(rt);
}
END_TEST

/* A refused action changes nothing; views and moves check their seat. */
START_TEST(test_refusal_and_seats)
{
    nexus_runtime *rt = open_rt();
    char err[512] = "";
    nexus_game *g = nexus_game_new(rt, "{\"seed\": 4, \"factions\": [\"atreides\", \"harkonnen\", \"emperor\"],"
                                       " \"rulings\": {\"harkonnen.cunning.interruption\": \"suspend_and_resume\"}}",
                                   err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *before = nexus_game_save(g);
    ck_assert_ptr_nonnull(strstr(before, "\"harkonnen.cunning.interruption\": \"suspend_and_resume\""));
    const char *bad[] = { "", "{", "{\"id\": \"a\", \"version\": 5, \"seat\": 0, \"type\": \"pass\"}",
                          "{\"id\": \"a\", \"version\": 0, \"seat\": 9, \"type\": \"pass\"}" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *r = nexus_game_apply(g, bad[i]);
        ck_assert_msg(strstr(r, "\"ok\":false") != NULL, "%s -> %s", bad[i], r);
        nexus_free(r);
        char *after = nexus_game_save(g);
        ck_assert_str_eq(before, after);
        nexus_free(after);
    }
    ck_assert_ptr_null(nexus_game_view(g, 3));
    ck_assert_ptr_null(nexus_game_view(g, -2));
    ck_assert_ptr_null(nexus_game_moves(g, -1));
    char *spectator = nexus_game_view(g, -1);
    ck_assert_ptr_nonnull(spectator);
    int seat = nexus_game_next(g);
    ck_assert_int_ge(seat, 0);
    char *moves = nexus_game_moves(g, seat);
    ck_assert_ptr_nonnull(strstr(moves, "\"action\""));
    nexus_free(moves);
    nexus_free(spectator);
    nexus_free(before);
    nexus_game_free(g);
    ck_assert_ptr_null(nexus_bot_new(rt, "clever", 1, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "clever"));
    nexus_runtime_close(rt);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("public");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_bad_configs, 0, (int)(sizeof bad_configs / sizeof bad_configs[0]));
    tcase_add_test(tc, test_bad_pack);
    tcase_add_test(tc, test_bot_game_round_trip);
    tcase_add_test(tc, test_refusal_and_seats);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
