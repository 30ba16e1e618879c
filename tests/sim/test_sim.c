/* interpreter/sim/nx_sim*: the Wilson interval, shard seeds, the report of
 * staged records (the ruling impact on a situation made to arise), merge
 * refusals, replay commands, one played game, the page. */
#include <stdlib.h>
#include <string.h>

#include "nx_sim.h"
#include "nx_testutil.h"
#include "nx_view.h"

static nx_runtime rt;

static void open_runtime(void)
{
    char *pack = nx_source_path("cards/pack.yaml");
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_runtime_open(&rt, pack, &d);
    nx_diags_print(&d, stderr);
    nx_diags_free(&d);
    free(pack);
    ck_assert_int_eq(rc, 0);
}

static void close_runtime(void) { nx_runtime_close(&rt); }

static nx_sim_config six_seats(unsigned n)
{
    nx_sim_config c = { .seats = 6, .nexus_cards = 1, .bot = NX_BOT_SIMPLE, .seed_start = 1, .n = n,
                        .shard = 1, .nshards = 1 };
    for (int s = 0; s < NX_MAX_SEATS; s++) c.seat_bot[s] = -1;
    return c;
}

START_TEST(test_wilson)
{
    double lo, hi;
    nx_sim_wilson(0, 10, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0, 1e-12);
    ck_assert_double_eq_tol(hi, 0.27753, 1e-4);
    nx_sim_wilson(5, 10, &lo, &hi);
    ck_assert_double_eq_tol(lo, 0.23659, 1e-4);
    ck_assert_double_eq_tol(hi, 0.76341, 1e-4);
    nx_sim_wilson(10, 10, &lo, &hi);
    ck_assert_double_eq_tol(hi, 1, 1e-12);
    nx_sim_wilson(0, 0, &lo, &hi); /* no games: know nothing */
    ck_assert(lo == 0 && hi == 1);
}
END_TEST

START_TEST(test_shards_partition_the_seeds)
{
    nx_sim_config c = six_seats(10);
    c.seed_start = 100;
    int seen[10] = { 0 };
    for (unsigned shard = 1; shard <= 3; shard++) {
        c.shard = shard;
        c.nshards = 3;
        uint64_t *seeds;
        size_t n = nx_sim_shard_seeds(&c, &seeds);
        for (size_t i = 0; i < n; i++) seen[seeds[i] - 100]++;
        free(seeds);
    }
    for (int i = 0; i < 10; i++) ck_assert_int_eq(seen[i], 1);
}
END_TEST

/* A completed game whose Tleilaxu Secret Ally holder reached `timely`
 * moments, won by seat `winner`. */
static json_t *staged_game(uint64_t seed, int timely, int winner)
{
    return json_pack("{s:I, s:b, s:[s,s,s], s:[i], s:s, s:i, s:i, s:i, s:i, s:[i,i,i], s:{s:{s:i, s:i, s:i, s:{}}}}",
                     "seed", (json_int_t)seed, "ok", 1, "factions", "atreides", "fremen", "harkonnen", "winners",
                     winner, "victory", "strongholds", "turns", 5, "actions", 300, "optional", 2, "battles", 4,
                     "spice_end", 10, 20, 30, "panels", "tleilaxu.secret_ally", "held", timely + 3, "timely", timely,
                     "played", 0, "paths");
}

static json_t *find(json_t *arr, const char *key, const char *value)
{
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o)
        if (!strcmp(json_string_value(json_object_get(o, key)), value)) return o;
    return NULL;
}

START_TEST(test_staged_ruling_impact)
{
    nx_settings st;
    nx_settings_init(&st);
    nx_sim_config c = six_seats(3);
    json_t *meta = nx_sim_meta(&rt, &st, &c);
    json_t *games = json_pack("[o, o, o]", staged_game(3, 0, 0), staged_game(1, 4, 1), staged_game(2, 2, 1));
    json_object_set_new(json_object_get(json_array_get(games, 0), "panels"), "harkonnen.cunning",
                        json_pack("{s:i, s:i, s:i}", "held", 5, "timely", 5, "playable", 5));
    json_t *r = nx_sim_report(meta, games);
    json_t *ru = find(json_object_get(r, "rulings"), "id", "tleilaxu.secret_ally.partial_revival");
    ck_assert_ptr_nonnull(ru);
    ck_assert_int_eq(json_integer_value(json_object_get(ru, "games_arose")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(ru, "moments")), 6);
    ck_assert_double_eq_tol(json_real_value(json_object_get(ru, "moments_per_game_arisen")), 3.0, 1e-12);
    ck_assert(!json_is_true(json_object_get(ru, "open")));
    ck_assert_str_eq(json_string_value(json_object_get(ru, "outcome")),
                     "unresolved: the gate kept the panel shut at all 6 moments (0 of them with nothing else in the way)");
    /* The Tleilaxu Secret Ally is not implemented: the ruling is never alone. */
    ck_assert_int_eq(json_integer_value(json_object_get(ru, "moments_alone")), 0);
    /* Harkonnen Cunning is implemented and nothing else gates its
     * interrupting path: there the ruling alone decides. */
    ru = find(json_object_get(r, "rulings"), "id", "harkonnen.cunning.interruption");
    ck_assert_int_eq(json_integer_value(json_object_get(ru, "moments")), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(ru, "moments_alone")), 5);
    /* Records come back in seed order; rates follow the winners. */
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(json_object_get(r, "games"), 0), "seed")), 1);
    json_t *fremen = find(json_object_get(r, "factions"), "faction", "fremen");
    ck_assert_int_eq(json_integer_value(json_object_get(fremen, "wins")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(fremen, "games")), 3);
    char *page = nx_sim_html(r);
    ck_assert_ptr_nonnull(strstr(page, "<svg"));
    ck_assert_ptr_nonnull(strstr(page, "tleilaxu.secret_ally.partial_revival"));
    ck_assert_ptr_null(strstr(page, "src=")); /* nothing fetched (xmlns is a name, not a fetch) */
    ck_assert_ptr_null(strstr(page, "href="));
    free(page);
    json_decref(r);
    json_decref(games);
    json_decref(meta);
    nx_settings_free(&st);
}
END_TEST

START_TEST(test_merge_refuses)
{
    nx_settings st;
    nx_settings_init(&st);
    nx_sim_config c = six_seats(2), other = six_seats(2);
    other.advanced = 1;
    json_t *ma = nx_sim_meta(&rt, &st, &c), *mb = nx_sim_meta(&rt, &st, &other);
    json_t *ga = json_pack("[o]", staged_game(1, 0, 0)), *gb = json_pack("[o]", staged_game(1, 0, 0));
    json_t *ra = nx_sim_report(ma, ga), *rb = nx_sim_report(mb, gb), *rs[2] = { ra, ra };
    char err[256];
    ck_assert_ptr_null(nx_sim_merge(rs, 2, err, sizeof err));
    ck_assert_str_eq(err, "seed 1 is in more than one report");
    rs[1] = rb;
    ck_assert_ptr_null(nx_sim_merge(rs, 2, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "another configuration"));
    json_t *merged = nx_sim_merge(rs, 1, err, sizeof err);
    ck_assert(json_equal(merged, ra));
    json_decref(merged);
    json_decref(ra);
    json_decref(rb);
    json_decref(ga);
    json_decref(gb);
    json_decref(ma);
    json_decref(mb);
    nx_settings_free(&st);
}
END_TEST

START_TEST(test_replay_command)
{
    nx_sim_config c = six_seats(1);
    const char *sets[] = { "harkonnen.cunning.interruption=suspend_and_resume" };
    c.advanced = 1;
    c.rulings_file = "profile.yaml";
    c.sets = sets;
    c.nsets = 1;
    json_t *f = json_pack("[s,s]", "atreides", "harkonnen");
    char *cmd = nx_sim_replay_command(&c, 42, f);
    ck_assert_str_eq(cmd, "nexus play --seed 42 --factions atreides,harkonnen --advanced --nexus-cards "
                          "--rulings profile.yaml --set harkonnen.cunning.interruption=suspend_and_resume --bots simple");
    free(cmd);
    c.nseat_bots = 1;
    c.seat_bot[1] = NX_BOT_RANDOM;
    cmd = nx_sim_replay_command(&c, 42, f);
    ck_assert_ptr_nonnull(strstr(cmd, "nexus simulate -n 1 --seed-start 42 --factions"));
    ck_assert_ptr_nonnull(strstr(cmd, " --bot 1=random"));
    free(cmd);
    json_decref(f);
}
END_TEST

/* One real game: a short one (seed 3, six seats) ends properly and its
 * record is the same when played again. */
START_TEST(test_one_game)
{
    nx_settings st;
    nx_settings_init(&st);
    nx_sim_config c = six_seats(1);
    json_t *a = nx_sim_play(&rt, &st, &c, 3), *b = nx_sim_play(&rt, &st, &c, 3);
    ck_assert(json_is_true(json_object_get(a, "ok")));
    ck_assert_int_gt(json_array_size(json_object_get(a, "winners")), 0);
    ck_assert(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    nx_settings_free(&st);
}
END_TEST

/* The secrecy watch passes a real game's views and catches a hand card
 * or a deck card slipped into one; a game played with --secrecy is the
 * same game. */
START_TEST(test_secrecy_watch)
{
    nx_game_config cfg = { .seed = 12, .nseats = 3, .nexus_cards = 1,
                           .factions = { NX_ATREIDES, NX_HARKONNEN, NX_FREMEN } };
    char err[256] = "", msg[600] = "";
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    const nx_state *s = nx_game_state(g);
    for (int viewer = -1; viewer < s->nseats; viewer++) ck_assert_int_eq(nx_sim_view_leaks(s, viewer, msg, sizeof msg), 0);
    /* The top Treachery card lies in a hidden zone: no view may name it. */
    nx_comp deck = nx_custody_top(&s->custody, NX_Z_TREACHERY_DECK);
    ck_assert(deck != NX_COMP_NONE);
    json_t *v = nx_view_json(s, 0);
    json_object_set_new(v, "slipped", json_string(nx_comp_id(deck)));
    ck_assert_int_eq(nx_sim_json_leaks(s, 0, v, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "seat 0") && strstr(msg, nx_comp_id(deck)) && strstr(msg, "slipped"), "%s", msg);
    /* Under "receipts" it is what the viewer was shown: not a leak. */
    json_object_del(v, "slipped");
    json_object_set_new(v, "receipts", json_pack("[s]", nx_comp_id(deck)));
    ck_assert_int_eq(nx_sim_json_leaks(s, 0, v, msg, sizeof msg), 0);
    /* The traitor a cancelled call revealed at the table (Harkonnen
     * Betrayal) stays named by its effect once shuffled back: public.  The
     * same card under any other effect, or beside "card" elsewhere, leaks. */
    nx_comp traitor = nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK);
    ck_assert(traitor != NX_COMP_NONE);
    json_object_del(v, "receipts");
    json_object_set_new(v, "effects", json_pack("[{s:s, s:s}]", "kind", "cancelled", "card", nx_comp_id(traitor)));
    ck_assert_int_eq(nx_sim_json_leaks(s, 0, v, msg, sizeof msg), 0);
    json_object_set_new(v, "effects", json_pack("[{s:s, s:s}]", "kind", "modifier", "card", nx_comp_id(traitor)));
    ck_assert_int_eq(nx_sim_json_leaks(s, 0, v, msg, sizeof msg), 1);
    json_object_del(v, "effects");
    json_object_set_new(v, "battle", json_pack("{s:s, s:s}", "kind", "cancelled", "card", nx_comp_id(traitor)));
    ck_assert_int_eq(nx_sim_json_leaks(s, 0, v, msg, sizeof msg), 1);
    json_decref(v);
    v = nx_view_json(s, -1);
    json_object_set_new(v, "deck", json_pack("[s]", nx_comp_id(deck)));
    ck_assert_int_eq(nx_sim_json_leaks(s, -1, v, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "the spectator"), "%s", msg);
    json_decref(v);
    nx_game_free(g);

    nx_settings st;
    nx_settings_init(&st);
    nx_sim_config c = six_seats(1), w = c;
    w.secrecy = 1;
    json_t *a = nx_sim_play(&rt, &st, &c, 3), *b = nx_sim_play(&rt, &st, &w, 3);
    ck_assert(json_is_true(json_object_get(b, "ok")));
    ck_assert(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    nx_settings_free(&st);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sim");
    TCase *tc = tcase_create("sim");
    tcase_add_unchecked_fixture(tc, open_runtime, close_runtime);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_wilson);
    tcase_add_test(tc, test_shards_partition_the_seeds);
    tcase_add_test(tc, test_staged_ruling_impact);
    tcase_add_test(tc, test_merge_refuses);
    tcase_add_test(tc, test_replay_command);
    tcase_add_test(tc, test_one_game);
    tcase_add_test(tc, test_secrecy_watch);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
