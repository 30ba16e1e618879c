/* The provisional Battle (docs/rules/phase-battle-provisional.md): who
 * fights, who wins, what the storm and the Polar Sink prevent. */
#include "nx_phase_fixture.h"

#include "nx_board.h"

static const nx_faction ATR_HAR_EMP[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR };

static nx_game *battle(const nx_faction *f, int n, int advanced, int storm)
{
    return fx_stage(f, n, advanced, NX_P_BATTLE, storm, 10);
}

static json_t *run_battle(nx_game *g) { return fx_run(g, &nx_mod_battle); }

START_TEST(test_greater_strength_wins)
{
    nx_game *g = battle(ATR_HAR_EMP, 3, 0, 2);
    fx_put(g, 0, "the_great_flat", 5, 0);
    fx_put(g, 1, "the_great_flat", 3, 0);
    fx_put(g, 2, "basin", 4, 0);
    json_t *log = run_battle(g);
    ck_assert_int_eq(fx_at(g, 0, "the_great_flat"), 5);    /* the winner loses nothing */
    ck_assert_int_eq(fx_at(g, 1, "the_great_flat"), 0);
    ck_assert_int_eq(fx_tanks(g, 1), 3);
    ck_assert_int_eq(fx_at(g, 2, "basin"), 4);             /* alone: no battle */
    ck_assert(fx_logged(log, "battle in The Great Flat"));
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->play.dialers[0], 0);
    ck_assert_int_eq(s->play.dialers[1], 1);
    json_decref(log);
    nx_game_free(g);
}
END_TEST

START_TEST(test_tie_goes_to_storm_order)
{
    for (int first = 0; first < 2; first++) {
        nx_game *g = battle(ATR_HAR_EMP, 3, 0, 2);
        nx_game_state_mut(g)->first_seat = (uint8_t)first;
        fx_put(g, 0, "the_great_flat", 3, 0);
        fx_put(g, 1, "the_great_flat", 3, 0);
        json_decref(run_battle(g));
        ck_assert_int_eq(fx_at(g, first, "the_great_flat"), 3);
        ck_assert_int_eq(fx_at(g, 1 - first, "the_great_flat"), 0);
        ck_assert_int_eq(nx_game_state(g)->play.dialers[0], first);
        nx_game_free(g);
    }
}
END_TEST

START_TEST(test_three_factions)
{
    nx_game *g = battle(ATR_HAR_EMP, 3, 0, 2);
    fx_put(g, 0, "the_great_flat", 2, 0);
    fx_put(g, 1, "the_great_flat", 6, 0);
    fx_put(g, 2, "the_great_flat", 4, 0);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_at(g, 1, "the_great_flat"), 6);
    ck_assert_int_eq(fx_tanks(g, 0) + fx_tanks(g, 2), 6);
    /* Dialers: the aggressor (first in storm order) and its strongest foe. */
    ck_assert_int_eq(nx_game_state(g)->play.dialers[0], 0);
    ck_assert_int_eq(nx_game_state(g)->play.dialers[1], 1);
    nx_game_free(g);
}
END_TEST

START_TEST(test_storm_and_polar_sink)
{
    /* Old Gap spans sectors 8-10: a storm in 9 separates east from west. */
    nx_game *g = battle(ATR_HAR_EMP, 3, 0, 9);
    fx_put(g, 0, "old_gap.east", 3, 0);
    fx_put(g, 1, "old_gap.west", 2, 0);
    fx_put(g, 0, "polar_sink", 3, 0);
    fx_put(g, 1, "polar_sink", 2, 0);
    fx_put(g, 0, "arrakeen", 1, 0);         /* a stronghold under storm */
    fx_put(g, 2, "arrakeen", 5, 0);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_tanks(g, 0) + fx_tanks(g, 1) + fx_tanks(g, 2), 0);
    nx_game_free(g);

    /* Without the storm between them they fight. */
    g = battle(ATR_HAR_EMP, 3, 0, 2);
    fx_put(g, 0, "old_gap.east", 3, 0);
    fx_put(g, 1, "old_gap.west", 2, 0);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_tanks(g, 1), 2);
    nx_game_free(g);
}
END_TEST

START_TEST(test_allies_and_advisors)
{
    nx_game *g = battle(ATR_HAR_EMP, 3, 0, 2);
    fx_ally(g, 0, 2);
    fx_put(g, 0, "the_great_flat", 2, 0);
    fx_put(g, 2, "the_great_flat", 2, 0);
    fx_put(g, 1, "the_great_flat", 3, 0);
    fx_put(g, 0, "basin", 2, 0);
    fx_put(g, 2, "basin", 2, 0);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_tanks(g, 1), 3);        /* 2 + 2 together beat 3 */
    ck_assert_int_eq(fx_at(g, 0, "basin") + fx_at(g, 2, "basin"), 4);   /* allies never fight */
    nx_game_free(g);

    static const nx_faction atr_bg[] = { NX_ATREIDES, NX_BENE_GESSERIT };
    g = battle(atr_bg, 2, 1, 2);
    fx_put(g, 0, "the_great_flat", 1, 0);
    fx_put(g, 1, "the_great_flat", 5, 0);
    nx_board_set_advisor(nx_game_state_mut(g), fx_section("the_great_flat"), 1);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_at(g, 1, "the_great_flat"), 5);     /* advisors do not fight */
    ck_assert_int_eq(fx_at(g, 0, "the_great_flat"), 1);
    nx_game_free(g);
}
END_TEST

START_TEST(test_elite_forces)
{
    /* Advanced: 2 Sardaukar count 4 against 3; Basic, 2. */
    for (int advanced = 0; advanced < 2; advanced++) {
        nx_game *g = battle(ATR_HAR_EMP, 3, advanced, 2);
        fx_put(g, 0, "the_great_flat", 3, 0);
        fx_put(g, 2, "the_great_flat", 0, 2);
        json_decref(run_battle(g));
        ck_assert_int_eq(fx_at(g, 2, "the_great_flat"), advanced ? 2 : 0);
        ck_assert_int_eq(fx_at(g, 0, "the_great_flat"), advanced ? 0 : 3);
        nx_game_free(g);
    }
    /* Against Fremen, Sardaukar count single: 2 + 1 = 3 against 3 Fremen;
     * the tie goes to the Fremen, first in storm order. */
    static const nx_faction fre_emp[] = { NX_FREMEN, NX_EMPEROR };
    nx_game *g = battle(fre_emp, 2, 1, 2);
    fx_put(g, 0, "the_great_flat", 3, 0);
    fx_put(g, 1, "the_great_flat", 1, 2);
    json_decref(run_battle(g));
    ck_assert_int_eq(fx_at(g, 0, "the_great_flat"), 3);
    ck_assert_int_eq(fx_tanks(g, 1), 3);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_battle");
    TCase *tc = tcase_create("battle");
    tcase_add_unchecked_fixture(tc, fx_open, fx_close);
    tcase_add_test(tc, test_greater_strength_wins);
    tcase_add_test(tc, test_tie_goes_to_storm_order);
    tcase_add_test(tc, test_three_factions);
    tcase_add_test(tc, test_storm_and_polar_sink);
    tcase_add_test(tc, test_allies_and_advisors);
    tcase_add_test(tc, test_elite_forces);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
