/* The Mentat Pause (docs/rules/phase-mentat-pause.md): stronghold
 * victories alone and allied, the Bene Gesserit prediction, the end of
 * the last turn (Fremen special victory, Guild, Fremen, most strongholds). */
#include <string.h>

#include "nx_phase_testutil.h"

#include "nx_board.h"

static const nx_faction ATR_HAR_BG[] = { NX_ATREIDES, NX_HARKONNEN, NX_BENE_GESSERIT };

static nx_game *mentat(const nx_faction *f, int n, int turn)
{
    nx_game *g = nxt_stage_turn2(f, n, 0, NX_P_MENTAT_PAUSE, 2, 0);
    nx_game_state_mut(g)->turn = (uint8_t)turn;
    return g;
}

static uint8_t winners(nx_game *g)
{
    json_decref(nxt_run(g, &nx_mod_mentat));
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->play.over, s->play.winners != 0);
    return s->play.winners;
}

START_TEST(test_three_strongholds_alone)
{
    nx_game *g = mentat(ATR_HAR_BG, 3, 2);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    ck_assert_int_eq(winners(g), 1 << 1);
    nx_game_free(g);

    /* A shared stronghold is nobody's; two are not enough. */
    g = mentat(ATR_HAR_BG, 3, 2);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    nxt_put(g, 0, "tueks_sietch", 1, 0);
    ck_assert_int_eq(winners(g), 0);
    nx_game_free(g);

    /* Advisors do not contest control. */
    g = nxt_stage_turn2(ATR_HAR_BG, 3, 1, NX_P_MENTAT_PAUSE, 2, 0);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    nxt_put(g, 2, "tueks_sietch", 1, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("tueks_sietch"), 1);
    ck_assert_int_eq(winners(g), 1 << 1);
    nx_game_free(g);
}
END_TEST

START_TEST(test_alliance_needs_four)
{
    nx_game *g = mentat(ATR_HAR_BG, 3, 2);
    nxt_ally(g, 0, 1);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    ck_assert_int_eq(winners(g), 0);          /* allied, three are not enough */
    nx_game_free(g);

    g = mentat(ATR_HAR_BG, 3, 2);
    nxt_ally(g, 0, 1);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 0, "tueks_sietch", 1, 0);
    nxt_put(g, 0, "sietch_tabr", 1, 0);
    ck_assert_int_eq(winners(g), (1 << 0) | (1 << 1));
    nx_game_free(g);
}
END_TEST

START_TEST(test_prediction)
{
    /* Bene Gesserit predicted Harkonnen on turn 4. */
    for (int turn = 3; turn <= 4; turn++) {
        nx_game *g = mentat(ATR_HAR_BG, 3, turn);
        nx_state *s = nx_game_state_mut(g);
        s->play.prediction_faction = NX_HARKONNEN;
        s->play.prediction_turn = 4;
        nxt_put(g, 1, "carthag", 1, 0);
        nxt_put(g, 1, "arrakeen", 1, 0);
        nxt_put(g, 1, "tueks_sietch", 1, 0);
        ck_assert_int_eq(winners(g), turn == 4 ? 1 << 2 : 1 << 1);
        nx_game_free(g);
    }
    /* Also when the predicted faction wins in an alliance (even with BG). */
    nx_game *g = mentat(ATR_HAR_BG, 3, 4);
    nx_state *s = nx_game_state_mut(g);
    s->play.prediction_faction = NX_HARKONNEN;
    s->play.prediction_turn = 4;
    nxt_ally(g, 1, 2);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 2, "tueks_sietch", 1, 0);
    nxt_put(g, 2, "sietch_tabr", 1, 0);
    ck_assert_int_eq(winners(g), 1 << 2);
    nx_game_free(g);
}
END_TEST

START_TEST(test_last_turn)
{
    static const nx_faction guild_fremen_atr[] = { NX_SPACING_GUILD, NX_FREMEN, NX_ATREIDES };
    /* Not the last turn: nothing. */
    nx_game *g = mentat(guild_fremen_atr, 3, NX_LAST_TURN - 1);
    ck_assert_int_eq(winners(g), 0);
    nx_game_free(g);

    /* The Fremen with their condition win before the Guild (LV 2.04 states
     * the condition for games with the Guild), with their ally. */
    g = mentat(guild_fremen_atr, 3, NX_LAST_TURN);
    nxt_ally(g, 1, 2);
    nxt_put(g, 1, "sietch_tabr", 2, 0);
    ck_assert_int_eq(winners(g), (1 << 1) | (1 << 2));
    nx_game_free(g);
    /* Atreides in Tuek's Sietch break the condition: the Guild and its ally. */
    g = mentat(guild_fremen_atr, 3, NX_LAST_TURN);
    nxt_ally(g, 0, 2);
    nxt_put(g, 2, "tueks_sietch", 1, 0);
    ck_assert_int_eq(winners(g), (1 << 0) | (1 << 2));
    nx_game_free(g);

    /* No Guild: the Fremen win, condition or not (LV 1.09.05). */
    static const nx_faction fremen_atr_har[] = { NX_FREMEN, NX_ATREIDES, NX_HARKONNEN };
    g = mentat(fremen_atr_har, 3, NX_LAST_TURN);
    nxt_put(g, 2, "tueks_sietch", 1, 0);       /* Harkonnen there: no special victory */
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "carthag", 1, 0);
    ck_assert_int_eq(winners(g), 1 << 0);
    nx_game_free(g);

    /* Neither: the player occupying the most, counted alone, with its ally. */
    static const nx_faction atr_har_emp_bg[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR, NX_BENE_GESSERIT };
    g = mentat(atr_har_emp_bg, 4, NX_LAST_TURN);
    nxt_put(g, 0, "arrakeen", 1, 0);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "habbanya_sietch", 1, 0);
    nxt_put(g, 2, "sietch_tabr", 1, 0);
    nxt_ally(g, 0, 2);                          /* 1 + 1 together: not counted jointly */
    ck_assert_int_eq(winners(g), 1 << 1);
    nx_game_free(g);
    g = mentat(atr_har_emp_bg, 4, NX_LAST_TURN);
    nxt_put(g, 0, "arrakeen", 1, 0);
    nxt_put(g, 0, "sietch_tabr", 1, 0);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "habbanya_sietch", 1, 0);
    nxt_ally(g, 0, 2);
    ck_assert_int_eq(winners(g), (1 << 0) | (1 << 1) | (1 << 2));    /* a tie: both win, the ally too */
    nx_game_free(g);
}
END_TEST

/* The standings open every Mentat Pause, one line a seat in storm order,
 * with public facts only: strongholds by name, hand sizes, alliances. */
START_TEST(test_standings)
{
    nx_game *g = mentat(ATR_HAR_BG, 3, 2);
    nxt_ally(g, 1, 2);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 0, "tueks_sietch", 1, 0);
    nxt_put(g, 2, "tueks_sietch", 1, 0);      /* shared: nobody's */
    nxt_hand(g, 0, "treachery:karama#1", NULL, NULL);
    nxt_hand(g, 1, "treachery:crysknife", "treachery:shield#1", NULL);
    nxt_hand(g, 2, NULL, NULL, NULL);
    json_t *log = nxt_run(g, &nx_mod_mentat);
    ck_assert(nxt_logged(log, "standings: Atreides: no strongholds, 1 Treachery Card"));
    ck_assert(nxt_logged(log, "standings: Harkonnen: 2 strongholds (Arrakeen, Carthag), 2 Treachery Cards, "
                              "allied with Bene Gesserit"));
    ck_assert(nxt_logged(log, "standings: Bene Gesserit: no strongholds, no Treachery Cards, allied with Harkonnen"));
    /* Nothing a seat keeps behind its shield, nor the cards' names; the
     * Nexus cards are counted only in games that have them. */
    for (size_t i = 0; i < json_array_size(log); i++) {
        const char *line = json_string_value(json_array_get(log, i));
        ck_assert_msg(!strstr(line, "spice") && !strstr(line, "Karama") && !strstr(line, "Nexus"), "%s", line);
    }
    ck_assert_int_eq(json_array_size(log), 3);  /* no winner: the standings alone */
    json_decref(log);
    nx_game_free(g);

    /* A Bene Gesserit win says what was predicted: faction and turn. */
    g = mentat(ATR_HAR_BG, 3, 4);
    nx_state *s = nx_game_state_mut(g);
    s->play.prediction_faction = NX_HARKONNEN;
    s->play.prediction_turn = 4;
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    log = nxt_run(g, &nx_mod_mentat);
    ck_assert(nxt_logged(log, "Bene Gesserit wins the game: the Bene Gesserit prediction comes true: they "
                              "predicted Harkonnen would win on turn 4, and it holds 3 strongholds"));
    json_decref(log);
    nx_game_free(g);
}
END_TEST

START_TEST(test_game_ends_through_settle)
{
    /* Through the action API the game stops: "the game is over". */
    nx_game *g = mentat(ATR_HAR_BG, 3, 2);
    nxt_put(g, 1, "carthag", 1, 0);
    nxt_put(g, 1, "arrakeen", 1, 0);
    nxt_put(g, 1, "tueks_sietch", 1, 0);
    nxt_settle(g);
    ck_assert(nx_game_state(g)->play.over);
    NXT_REFUSED(g, 0, "illegal", "game is over", "{\"type\":\"set_policy\",\"policy\":\"keep\"}");
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_mentat");
    TCase *tc = tcase_create("mentat");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, test_three_strongholds_alone);
    tcase_add_test(tc, test_alliance_needs_four);
    tcase_add_test(tc, test_prediction);
    tcase_add_test(tc, test_last_turn);
    tcase_add_test(tc, test_game_ends_through_settle);
    tcase_add_test(tc, test_standings);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
