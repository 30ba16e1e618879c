/* Spice Collection (docs/rules/phase-collection.md): the section rule,
 * the ornithopter rate, advisors, the Advanced city income. */
#include "nx_phase_testutil.h"

#include "nx_board.h"

static const nx_faction ATR_HAR[] = { NX_ATREIDES, NX_HARKONNEN };

static nx_game *collection(const nx_faction *f, int n, int advanced)
{
    return nxt_stage_turn2(f, n, advanced, NX_P_SPICE_COLLECTION, 2, 0);
}

static void set_spice(nx_game *g, const char *section, int amount)
{
    nx_game_state_mut(g)->play.spice[nxt_section(section)] = (uint16_t)amount;
}

static int spice_at(const nx_game *g, const char *section) { return nx_game_state(g)->play.spice[nxt_section(section)]; }

START_TEST(test_collect_from_own_section_only)
{
    nx_game *g = collection(ATR_HAR, 2, 0);
    set_spice(g, "old_gap.middle", 10);
    nxt_put(g, 0, "old_gap.east", 4, 0);         /* same territory, another sector */
    nxt_put(g, 1, "old_gap.middle", 2, 0);
    json_t *log = nxt_run(g, &nx_mod_collection);
    ck_assert_int_eq(nx_game_state(g)->seats[0].spice, 0);
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 4);
    ck_assert_int_eq(spice_at(g, "old_gap.middle"), 6);
    ck_assert(nxt_logged(log, "collects 4 spice from Old Gap (Middle)"));
    json_decref(log);
    nx_game_free(g);
}
END_TEST

START_TEST(test_ornithopter_rate_and_limit)
{
    nx_game *g = collection(ATR_HAR, 2, 0);
    set_spice(g, "the_great_flat", 10);
    set_spice(g, "basin", 5);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "the_great_flat", 2, 0);
    nxt_put(g, 0, "basin", 3, 0);
    json_decref(nxt_run(g, &nx_mod_collection));
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 6);     /* 3 a force */
    ck_assert_int_eq(spice_at(g, "the_great_flat"), 4);
    ck_assert_int_eq(nx_game_state(g)->seats[0].spice, 5);     /* 6 wanted, 5 there */
    ck_assert_int_eq(spice_at(g, "basin"), 0);
    nx_game_free(g);
}
END_TEST

START_TEST(test_advisors_collect_nothing)
{
    static const nx_faction atr_bg[] = { NX_ATREIDES, NX_BENE_GESSERIT };
    nx_game *g = collection(atr_bg, 2, 1);
    set_spice(g, "the_great_flat", 10);
    nxt_put(g, 1, "the_great_flat", 3, 0);
    nxt_put(g, 0, "the_great_flat", 1, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("the_great_flat"), 1);
    json_decref(nxt_run(g, &nx_mod_collection));
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 0);
    ck_assert_int_eq(nx_game_state(g)->seats[0].spice, 2);
    nx_game_free(g);
}
END_TEST

START_TEST(test_city_income)
{
    for (int advanced = 0; advanced < 2; advanced++) {
        nx_game *g = collection(ATR_HAR, 2, advanced);
        nxt_put(g, 0, "arrakeen", 1, 0);
        nxt_put(g, 0, "tueks_sietch", 1, 0);
        nxt_put(g, 0, "carthag", 1, 0);          /* shared: each occupant takes it */
        nxt_put(g, 1, "carthag", 1, 0);
        json_decref(nxt_run(g, &nx_mod_collection));
        ck_assert_int_eq(nx_game_state(g)->seats[0].spice, advanced ? 5 : 0);
        ck_assert_int_eq(nx_game_state(g)->seats[1].spice, advanced ? 2 : 0);
        nx_game_free(g);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_collection");
    TCase *tc = tcase_create("collection");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, test_collect_from_own_section_only);
    tcase_add_test(tc, test_ornithopter_rate_and_limit);
    tcase_add_test(tc, test_advisors_collect_nothing);
    tcase_add_test(tc, test_city_income);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
