/* CHOAM Charity (interpreter/turn/nx_phase_charity.c; docs/rules/phase-charity.md):
 * claimed, not granted; every seat is asked alike. */
#include "nx_phase_testutil.h"
#include "nx_adv.h"

static const nx_faction four[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR, NX_FREMEN };
static const char *const claim = "\"type\": \"claim_charity\"";

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

/* Every seat is asked, the same decision for all (spice is secret). */
START_TEST(every_seat_is_asked)
{
    nx_game *g = charity_game(0);
    json_decref(nxt_stage_go(g));
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->npending, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(s->pending[i].kind, NX_PEND_CHARITY);
        ck_assert_str_eq(s->pending[i].prompt, s->pending[0].prompt);
    }
    /* Bots: a seat entitled to charity may claim or pass, the others pass. */
    ck_assert_int_eq(nxt_all_moves_accepted(g, 0), 2);
    ck_assert_int_eq(nxt_all_moves_accepted(g, 1), 1);
    nx_game_free(g);
}
END_TEST

START_TEST(top_up_to_two)
{
    nx_game *g = charity_game(0);
    json_decref(nxt_stage_go(g));
    nxt_ok_logs(g, 0, claim, "Atreides claims CHOAM Charity and receives 2 spice");
    nxt_refused(g, 1, claim, "illegal", "only a player holding 0 or 1 spice");
    nxt_ok(g, 1, "\"type\": \"pass\"");
    nxt_ok_logs(g, 2, claim, "Emperor claims CHOAM Charity and receives 1 spice");
    nxt_refused(g, 3, claim, "illegal", "only a player holding 0 or 1 spice");
    nxt_ok(g, 3, "\"type\": \"pass\"");
    expect_spice(g, (const int[]){ 2, 7, 2, 2 });
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_CHOAM_CHARITY);
    nx_game_free(g);
}
END_TEST

/* A player who does not claim receives nothing. */
START_TEST(unclaimed_charity_is_not_paid)
{
    nx_game *g = charity_game(0);
    json_decref(nxt_stage_go(g));
    for (int seat = 0; seat < 4; seat++) nxt_ok(g, seat, "\"type\": \"pass\"");
    expect_spice(g, (const int[]){ 0, 7, 1, 2 });
    nx_game_free(g);
}
END_TEST

/* The other seats answer: their claims or passes as charity_game's purses allow. */
static void others_answer(nx_game *g)
{
    nxt_ok(g, 0, claim);
    nxt_ok(g, 2, claim);
    nxt_ok(g, 3, "\"type\": \"pass\"");
}

/* Advanced Bene Gesserit always receive at least 2, however rich.  Their
 * claim is held for its Karama window (LV 2.02 Charity, a star after) and
 * paid once every seat has answered; here nobody may hold a Karama (no
 * Treachery cards), so no window opens (rules_karama_bg_charity_arms.yaml
 * plays the window). */
START_TEST(advanced_bene_gesserit)
{
    nx_game *g = charity_game(1);
    json_decref(nxt_stage_go(g));
    nxt_ok_logs(g, 1, claim, "Bene Gesserit means to claim 2 spice of CHOAM Charity");
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 7);
    ck_assert_int_eq(nx_game_state(g)->play.advh, NX_ADVO_BG_CHARITY);
    nxt_ok(g, 0, claim);
    nxt_ok(g, 2, claim);
    json_t *r = nxt_done(g, 3, "\"type\": \"pass\"");
    ck_assert(nxt_log_has(r, "Bene Gesserit claims CHOAM Charity and receives 2 spice"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 9);
    ck_assert_int_eq(nx_game_state(g)->play.advh, 0);
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_CHOAM_CHARITY);
    nx_game_free(g);

    g = charity_game(1);
    nx_game_state_mut(g)->seats[1].spice = 1;
    json_decref(nxt_stage_go(g));
    nxt_ok(g, 1, claim);
    others_answer(g);
    ck_assert_int_eq(nx_game_state(g)->seats[1].spice, 3);
    nx_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("phase_charity");
    TCase *tc = tcase_create("charity");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, every_seat_is_asked);
    tcase_add_test(tc, top_up_to_two);
    tcase_add_test(tc, unclaimed_charity_is_not_paid);
    tcase_add_test(tc, advanced_bene_gesserit);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
