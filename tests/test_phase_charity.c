/* CHOAM Charity (interpreter/nx_phase_charity.c; docs/rules/phase-charity.md). */
#include "nx_phase_testutil.h"

static const nx_faction four[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR, NX_FREMEN };

/* Seats 0-3 hold 0, 7, 1 and 2 spice when the phase begins. */
static nx_game *charity_game(int advanced)
{
    nx_game *g = nxt_stage_new(four, 4, advanced, NX_P_CHOAM_CHARITY);
    nx_state *s = nx_game_state_mut(g);
    const int16_t spice[] = { 0, 7, 1, 2 };
    for (int i = 0; i < 4; i++) s->seats[i].spice = spice[i];
    return g;
}

static void expect_spice(const nx_game *g, const int *want)
{
    for (int i = 0; i < 4; i++)
        ck_assert_msg(nx_game_state(g)->seats[i].spice == want[i], "seat %d has %d spice, expected %d", i,
                      nx_game_state(g)->seats[i].spice, want[i]);
}

START_TEST(top_up_to_two)
{
    nx_game *g = charity_game(0);
    json_t *r = nxt_stage_go(g);
    expect_spice(g, (const int[]){ 2, 7, 2, 2 });
    ck_assert(nxt_log_has(r, "seat 0 (Atreides) receives 2 spice of CHOAM Charity"));
    ck_assert(nxt_log_has(r, "seat 2 (Emperor) receives 1 spice of CHOAM Charity"));
    ck_assert(!nxt_log_has(r, "seat 3 (Fremen) receives"));
    ck_assert(!nxt_log_has(r, "seat 1 (Bene Gesserit) receives"));
    json_decref(r);
    nx_game_free(g);
}
END_TEST

/* Advanced Bene Gesserit always receives at least 2, however rich. */
START_TEST(advanced_bene_gesserit)
{
    nx_game *g = charity_game(1);
    json_t *r = nxt_stage_go(g);
    expect_spice(g, (const int[]){ 2, 9, 2, 2 });
    ck_assert(nxt_log_has(r, "seat 1 (Bene Gesserit) receives 2 spice of CHOAM Charity"));
    json_decref(r);
    nx_game_free(g);

    g = charity_game(1);
    nx_game_state_mut(g)->seats[1].spice = 1;
    json_decref(nxt_stage_go(g));
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 3);
    nx_game_free(g);
}
END_TEST

/* Charity is paid once, on entering the phase. */
START_TEST(once_a_turn)
{
    nx_game *g = charity_game(0);
    json_decref(nxt_stage_go(g));
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_CHOAM_CHARITY);
    expect_spice(g, (const int[]){ 2, 7, 2, 2 });
    nx_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("phase_charity");
    TCase *tc = tcase_create("charity");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, top_up_to_two);
    tcase_add_test(tc, advanced_bene_gesserit);
    tcase_add_test(tc, once_a_turn);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
