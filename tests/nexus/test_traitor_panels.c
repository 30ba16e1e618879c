/* Bots play the traitor and after-battle panels (Harkonnen Betrayal,
 * Moritani, CHOAM and Ecaz Secret Ally) through the same windows and
 * answers as a person: a staged position, then simple bots until the
 * panel's play line appears, with every action checked by the engine. */
#include <stdio.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_testutil.h"
#include "nx_util.h"

static nx_runtime rt;

static void setup(void)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_asprintf("%s/cards/pack.yaml", NX_TEST_SOURCE_DIR);
    ck_assert_int_eq(nx_runtime_open(&rt, pack, &d), 0);
    free(pack);
    nx_diags_free(&d);
}

static void teardown(void) { nx_runtime_close(&rt); }

/* Stage `stage` (the JSON of a stage action's keys) in a provisional-profile
 * game of Emperor, Harkonnen and Fremen, then let simple bots play up to
 * `steps` actions; 1 when a result line contains `needle`. */
static int bots_play(uint64_t seed, const char *stage, const char *needle, unsigned steps)
{
    nx_settings s;
    nx_settings_init(&s);
    nx_diags d;
    nx_diags_init(&d);
    char *profile = nx_asprintf("%s/rulings/profiles/provisional.yaml", NX_TEST_SOURCE_DIR);
    ck_assert_int_eq(nx_settings_load_file(profile, &rt.pack.rulings, &s, &d), 0);
    free(profile);
    nx_game_config cfg = { .seed = seed, .nseats = 3, .nexus_cards = 1, .staging = 1,
                           .factions = { NX_EMPEROR, NX_HARKONNEN, NX_FREMEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, &s, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *action = nx_asprintf("{\"id\": \"stage\", \"version\": %u, \"seat\": null, \"type\": \"stage\", %s}",
                               nx_game_state(g)->version, stage);
    char *r = nx_game_apply(g, action);
    ck_assert_msg(strstr(r, "\"ok\":true") || strstr(r, "\"ok\": true"), "%s", r);
    free(r);
    free(action);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, seed * 31 + 7);
    int found = 0;
    for (unsigned n = 1; n < steps && !found; n++) {
        char id[24];
        snprintf(id, sizeof id, "b%u", n);
        nx_bot_move m;
        int rc = nx_bot_step(&bot, g, id, &m);
        ck_assert_int_ge(rc, 0);
        if (rc == 0) break;
        found = strstr(m.result, needle) != NULL;
        nx_bot_move_free(&m);
    }
    nx_game_free(g);
    nx_diags_free(&d);
    nx_settings_free(&s);
    return found;
}

/* Some seed of the first ten plays it (bots try a card one time in two
 * outside their own battle). */
static void played_by_bots(const char *stage, const char *needle)
{
    int plays = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) plays += bots_play(seed, stage, needle, 400);
    ck_assert_msg(plays > 0, "no bot game played: %s", needle);
}

#define BATTLE "\"phase\": \"battle\", \"turn\": 2, \"storm\": 2, " \
               "\"forces\": {\"seat0\": {\"the_great_flat\": [6, 0]}, \"seat1\": {\"the_great_flat\": [4, 0]}}, "

START_TEST(bots_play_harkonnen_betrayal)
{
    played_by_bots(BATTLE "\"hand\": {\"seat0\": [], \"seat1\": [], \"seat2\": []}, "
                          "\"traitors\": {\"seat1\": [\"traitor:bashar\", \"traitor:caid\", \"traitor:burseg\", "
                          "\"traitor:count_fenring\", \"traitor:cpt_aramsham\"]}, "
                          "\"nexus\": {\"seat2\": \"nexus:harkonnen\"}",
                   "plays the Harkonnen Nexus card as Betrayal");
}
END_TEST

START_TEST(bots_play_moritani_secret_ally)
{
    /* Harkonnen is short of forces and holds cards a winner could keep. */
    played_by_bots(BATTLE "\"hand\": {\"seat0\": [\"treachery:crysknife\", \"treachery:shield#1\"], "
                          "\"seat1\": [\"treachery:snooper#1\", \"treachery:chaumas\"], \"seat2\": []}, "
                          "\"nexus\": {\"seat0\": \"nexus:moritani\", \"seat1\": \"nexus:ecaz\"}",
                   "plays the Moritani Nexus card as Secret Ally");
}
END_TEST

START_TEST(bots_play_choam_secret_ally)
{
    played_by_bots(BATTLE "\"hand\": {\"seat0\": [], \"seat1\": [\"treachery:baliset\", \"treachery:kulon\"], \"seat2\": []}, "
                          "\"nexus\": {\"seat0\": \"nexus:choam\", \"seat1\": \"nexus:ecaz\"}",
                   "plays the CHOAM Nexus card as Secret Ally");
}
END_TEST

START_TEST(bots_play_ecaz_secret_ally)
{
    played_by_bots("\"phase\": \"spice_collection\", \"turn\": 2, \"storm\": 2, \"nexus\": {\"seat2\": \"nexus:ecaz\"}",
                   "plays the Ecaz Nexus card as Secret Ally");
}
END_TEST

int main(void)
{
    Suite *su = suite_create("traitor_panels");
    TCase *tc = tcase_create("bots");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, bots_play_harkonnen_betrayal);
    tcase_add_test(tc, bots_play_moritani_secret_ally);
    tcase_add_test(tc, bots_play_choam_secret_ally);
    tcase_add_test(tc, bots_play_ecaz_secret_ally);
    suite_add_tcase(su, tc);
    return nx_run_suite(su);
}
