/*
 * Setup (interpreter/turn/nx_setup.c, docs/rules/phase-setup.md): player
 * circles, starting spice and forces per faction, the decks, the Bene
 * Gesserit prediction, the Fremen placement and the Advanced Bene
 * Gesserit advisor; refusals leave the game unchanged.
 */
#include "nx_phase_testutil.h"

/* Answer the Traitor selections (each seat's first decision). */
static void answer_traitors(nx_game *g)
{
    for (int i = 0; i < nx_game_state(g)->npending;)
        if (nx_game_state(g)->pending[i].kind == NX_PEND_TRAITOR_SELECT) nxt_play_best(g, nx_game_state(g)->pending[i].seat);
        else i++;
}

/* Answer the prediction (and any Traitor selection): only placements remain. */
static void answer_all_but_placements(nx_game *g)
{
    for (;;) {
        const nx_state *s = nx_game_state(g);
        int i = 0;
        while (i < s->npending && s->pending[i].kind == NX_PEND_PLACEMENT) i++;
        if (i == s->npending || s->phase != NX_P_SETUP) return;
        nxt_play_best(g, s->pending[i].seat);
    }
}

START_TEST(starting_spice_and_forces)
{
    nx_game *g = nxt_classic_game(0);
    const nx_state *s = nx_game_state(g);
    static const int spice[6] = { 10, 5, 10, 3, 10, 5 };
    for (int i = 0; i < 6; i++) ck_assert_int_eq(s->seats[i].spice, spice[i]);
    ck_assert_int_eq(nxt_at(g, NXT_ATR, "arrakeen", 0), 10);
    ck_assert_int_eq(nxt_at(g, NXT_HAR, "carthag", 0), 10);
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "tueks_sietch", 0), 5);
    ck_assert_int_eq(nxt_at(g, NXT_BG, "polar_sink", 0), 1);
    ck_assert_int_eq(nx_board_reserves(s, NXT_ATR, 0), 10);
    ck_assert_int_eq(nx_board_reserves(s, NXT_BG, 0), 19);
    ck_assert_int_eq(nx_board_reserves(s, NXT_EMP, 0), 15);
    ck_assert_int_eq(nx_board_reserves(s, NXT_EMP, 1), 5);
    ck_assert_int_eq(nx_board_reserves(s, NXT_FRE, 0), 17);
    ck_assert_int_eq(nx_board_reserves(s, NXT_FRE, 1), 3);
    ck_assert_int_eq(nx_board_reserves(s, NXT_HAR, 0), 10);
    ck_assert_int_eq(nx_board_reserves(s, NXT_GLD, 0), 15);
    /* Decisions, in the setup sequence: first the prediction and the
     * Fremen placement of exactly ten, before any card is dealt (issue 13
     * item 4: the Bene Gesserit and the Fremen choose without them). */
    ck_assert_int_eq(s->npending, 2);
    ck_assert_ptr_nonnull(nxt_decision(g, NXT_BG, NX_PEND_PREDICTION));
    const nx_pending *p = nxt_decision(g, NXT_FRE, NX_PEND_PLACEMENT);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(p->max, 10);
    for (int seat = 0; seat < 6; seat++) {
        ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY)), 0);
        ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TRAITOR_OFFER)), 0);
    }
    /* Then the deal: five Traitor selections (Harkonnen keeps all four). */
    nxt_play_best(g, NXT_BG);
    nxt_play_best(g, NXT_FRE);
    s = nx_game_state(g);
    ck_assert_int_eq(s->npending, 5);
    ck_assert_ptr_nonnull(nxt_decision(g, NXT_BG, NX_PEND_TRAITOR_SELECT));
    ck_assert_ptr_null(nxt_decision(g, NXT_HAR, NX_PEND_TRAITOR_SELECT));
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SEAT(NXT_HAR, NX_ZS_TREACHERY)), 2);
    nx_game_free(g);
}
END_TEST

START_TEST(expansion_rows)
{
    nxt_spec gs = { .nseats = 3, .factions = { NX_ECAZ, NX_CHOAM, NX_MORITANI } };
    nx_game *g = nxt_new_game(&gs);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->seats[0].spice, 12);
    ck_assert_int_eq(nxt_at(g, 0, "imperial_basin.center", 0), 6);
    ck_assert_int_eq(s->seats[1].spice, 2);
    ck_assert_int_eq(nx_board_reserves(s, 1, 0), 20);
    ck_assert_int_eq(s->seats[2].spice, 12);
    nx_game_free(g);
}
END_TEST

static void expect_circles(const nxt_spec *gs, const int *want, int first)
{
    nx_game *g = nxt_new_game(gs);
    const nx_state *s = nx_game_state(g);
    for (int i = 0; i < gs->nseats; i++) ck_assert_int_eq(s->play.circle[i], want[i]);
    ck_assert_int_eq(s->play.storm_sector, 0);
    ck_assert_int_eq(s->first_seat, first);
    nx_game_free(g);
}

START_TEST(player_circles)
{
    nxt_spec six = { .nseats = 6 };
    memcpy(six.factions, nxt_classic6, sizeof nxt_classic6);
    /* Before the first storm the order starts at the circle on the Storm
     * Start (sector 18): the last seat. */
    expect_circles(&six, (const int[]){ 3, 6, 9, 12, 15, 18 }, 5);
    nxt_spec four = { .nseats = 4, .factions = { NX_ATREIDES, NX_HARKONNEN, NX_FREMEN, NX_EMPEROR } };
    expect_circles(&four, (const int[]){ 3, 9, 12, 18 }, 3);
    nxt_spec three = { .nseats = 3, .factions = { NX_ATREIDES, NX_HARKONNEN, NX_FREMEN } };
    expect_circles(&three, (const int[]){ 6, 12, 18 }, 2);
    nxt_spec two = { .nseats = 2, .factions = { NX_ATREIDES, NX_HARKONNEN } };
    expect_circles(&two, (const int[]){ 9, 18 }, 1);
    four.ruling = "turn.player_circles";
    four.setting = "consecutive";
    expect_circles(&four, (const int[]){ 3, 6, 9, 18 }, 3);
    /* "last": the circle on the Storm Start has been passed. */
    six.ruling = "turn.storm_on_circle";
    six.setting = "last";
    expect_circles(&six, (const int[]){ 3, 6, 9, 12, 15, 18 }, 0);
}
END_TEST

START_TEST(decks_are_in_custody)
{
    nx_game *g = nxt_classic_game(0);
    const nx_custody *c = &nx_game_state(g)->custody;
    ck_assert_int_eq(nx_custody_count(c, NX_Z_SPICE_DECK), NX_SPICE_DECK_COUNT);
    ck_assert_int_eq(nx_custody_count(c, NX_Z_STORM_DECK), 0);
    nx_game_free(g);
    g = nxt_classic_game(1);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_STORM_DECK), NX_STORM_CARDS);
    nx_game_free(g);
    /* Advanced without the Fremen, or with the ruling "never": no deck. */
    nxt_spec gs = { .advanced = 1, .nseats = 2, .factions = { NX_ATREIDES, NX_HARKONNEN } };
    g = nxt_new_game(&gs);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_STORM_DECK), 0);
    nx_game_free(g);
    nxt_spec never = { .advanced = 1, .nseats = 2, .factions = { NX_ATREIDES, NX_FREMEN },
                        .ruling = "turn.advanced_storm_deck", .setting = "never" };
    g = nxt_new_game(&never);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_STORM_DECK), 0);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_OUT) >= NX_STORM_CARDS, 1);
    nx_game_free(g);
}
END_TEST

START_TEST(prediction_is_checked_and_secret)
{
    nx_game *g = nxt_classic_game(0);
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"bene_gesserit\",\"turn\":3", "illegal", "another faction");
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"ixians\",\"turn\":3", "illegal", "another faction");
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"harkonnen\",\"turn\":11", "illegal", "\"turn\" must be from 1 to 10");
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"harkonnen\",\"turn\":0", "illegal", "\"turn\"");
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"nobody\",\"turn\":3", "malformed", "\"faction\"");
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"harkonnen\",\"turn\":3,\"x\":1", "malformed", "unknown key");
    nxt_refused(g, NXT_ATR, "\"type\":\"predict\",\"faction\":\"harkonnen\",\"turn\":3", "illegal", "no prediction decision");
    json_t *r = nxt_act(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"harkonnen\",\"turn\":4");
    ck_assert(json_is_true(json_object_get(r, "ok")));
    ck_assert(nxt_log_has(r, "Bene Gesserit makes its prediction"));
    ck_assert(!nxt_log_has(r, "arkonnen") && !nxt_log_has(r, "4"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.prediction_faction, NX_HARKONNEN);
    ck_assert_int_eq(nx_game_state(g)->play.prediction_turn, 4);
    char *mine = nxt_view_text(g, NXT_BG), *theirs = nxt_view_text(g, NXT_HAR), *spect = nxt_view_text(g, -1);
    ck_assert_ptr_nonnull(strstr(mine, "\"prediction\""));
    ck_assert_ptr_null(strstr(theirs, "\"prediction\""));
    ck_assert_ptr_null(strstr(spect, "\"prediction\""));
    free(mine), free(theirs), free(spect);
    nxt_refused(g, NXT_BG, "\"type\":\"predict\",\"faction\":\"atreides\",\"turn\":2", "illegal", "no prediction decision");
    nx_game_free(g);
}
END_TEST

START_TEST(fremen_placement_is_checked)
{
    nx_game *g = nxt_classic_game(0);
    const char *bad[][3] = {
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":9}]", "illegal", "exactly 10" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":11}]", "illegal", "exactly 10" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":5},{\"section\":\"arrakeen\",\"count\":5}]",
          "illegal", "not Arrakeen" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":6,\"elite\":4}]", "illegal",
          "only 3 elite" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tab\",\"count\":10}]", "malformed", "section" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":10,\"kind\":1}]", "malformed",
          "unknown key" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":-1}]", "malformed", "count" },
        { "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\"}]", "malformed", "places nothing" },
        { "\"type\":\"place_forces\",\"forces\":[]", "malformed", "\"forces\"" },
        { "\"type\":\"place_forces\"", "malformed", "\"forces\"" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) nxt_refused(g, NXT_FRE, bad[i][0], bad[i][1], bad[i][2]);
    nxt_refused(g, NXT_ATR, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":10}]", "illegal",
            "no placement decision");
    nxt_ok_logs(g, NXT_FRE,
            "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":3,\"elite\":3},"
            "{\"section\":\"false_wall_south.east\",\"count\":2},{\"section\":\"false_wall_west.north\",\"count\":1},"
            "{\"section\":\"false_wall_west.north\",\"count\":1}]",
            ", 6 forces (3 elite) in Sietch Tabr");
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "sietch_tabr", 0), 3);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "sietch_tabr", 1), 3);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "false_wall_south.east", 0), 2);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "false_wall_west.north", 0), 2);
    ck_assert_int_eq(nx_board_reserves(nx_game_state(g), NXT_FRE, 0), 10);
    ck_assert_int_eq(nx_board_reserves(nx_game_state(g), NXT_FRE, 1), 0);
    nx_game_free(g);
}
END_TEST

START_TEST(fedaykin_may_be_forbidden)
{
    nxt_spec gs = { .nseats = 2, .factions = { NX_ATREIDES, NX_FREMEN }, .ruling = "turn.fedaykin_at_setup",
                     .setting = "forbidden" };
    nx_game *g = nxt_new_game(&gs);
    answer_traitors(g);
    nxt_refused(g, 1, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":9,\"elite\":1}]",
            "illegal", "Fedaykin may not");
    ck_assert_int_gt(nxt_all_moves_accepted(g, 1), 2);
    nxt_ok(g, 1, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":10}]");
    nx_game_free(g);
}
END_TEST

START_TEST(advanced_bene_gesserit_places_an_advisor_after_the_fremen)
{
    nx_game *g = nxt_classic_game(1);
    ck_assert_int_eq(nxt_at(g, NXT_BG, "polar_sink", 0), 0);
    ck_assert_ptr_null(nxt_decision(g, NXT_BG, NX_PEND_PLACEMENT));
    answer_all_but_placements(g);
    ck_assert_ptr_null(nxt_decision(g, NXT_BG, NX_PEND_PLACEMENT));
    nxt_ok(g, NXT_FRE, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"sietch_tabr\",\"count\":10}]");
    /* Now, and only now, the Bene Gesserit place. */
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_SETUP);
    ck_assert_ptr_nonnull(nxt_decision(g, NXT_BG, NX_PEND_PLACEMENT));
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_BG), 5);
    nxt_refused(g, NXT_BG, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"arrakeen\",\"count\":2}]", "illegal", "exactly 1");
    /* With the Atreides in Arrakeen the force is an advisor. */
    char *saved = nx_game_save(g);
    nxt_ok(g, NXT_BG, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"arrakeen\",\"count\":1}]");
    ck_assert_int_eq(nxt_at(g, NXT_BG, "arrakeen", 0), 1);
    ck_assert(nx_board_is_advisor(nx_game_state(g), nxt_section("arrakeen")));
    /* The cards are dealt after the placements: the Traitor offers last. */
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_SETUP);
    answer_traitors(g);
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_STORM);
    nx_game_free(g);
    /* Alone in the territory, it is a fighter. */
    char err[256];
    g = nx_game_load(&nxt_rt, saved, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nxt_ok(g, NXT_BG, "\"type\":\"place_forces\",\"forces\":[{\"section\":\"the_great_flat\",\"count\":1}]");
    ck_assert(!nx_board_is_advisor(nx_game_state(g), nxt_section("the_great_flat")));
    free(saved);
    nx_game_free(g);
}
END_TEST

START_TEST(bots_candidates_are_legal)
{
    nx_game *g = nxt_classic_game(0);
    answer_traitors(g);
    /* The prediction: any other faction, any turn. */
    ck_assert_int_eq(nxt_all_moves_accepted(g, NXT_BG), 5 * NX_LAST_TURN);
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_FRE), 5);
    nx_game_free(g);
}
END_TEST

START_TEST(setup_ends_in_the_first_storm)
{
    nx_game *g = nxt_classic_game(0);
    nxt_finish_setup(g);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->phase, NX_P_STORM);
    ck_assert_int_eq(s->turn, 1);
    ck_assert_int_eq(s->npending, 2);
    ck_assert_int_eq(s->pending[0].kind, NX_PEND_STORM_DIAL);
    ck_assert_int_eq(nx_board_forces_in(s, NXT_FRE, nx_map_territory_parse("sietch_tabr")) +
                         nx_board_forces_in(s, NXT_FRE, nx_map_territory_parse("false_wall_south")) +
                         nx_board_forces_in(s, NXT_FRE, nx_map_territory_parse("false_wall_west")),
                     10);
    nx_game_free(g);
}
END_TEST

START_TEST(designer_tables_take_the_defaults)
{
    nxt_spec gs = { .designer = 1, .advanced = 1, .nseats = 3, .factions = { NX_FREMEN, NX_BENE_GESSERIT, NX_EMPEROR } };
    nx_game *g = nxt_new_game(&gs);
    const nx_state *s = nx_game_state(g);
    ck_assert_ptr_null(nxt_decision(g, 1, NX_PEND_PREDICTION));
    ck_assert_ptr_null(nxt_decision(g, 0, NX_PEND_PLACEMENT));
    ck_assert_int_eq(nxt_at(g, 0, "sietch_tabr", 0), 10);
    ck_assert_int_eq(nxt_at(g, 1, "polar_sink", 0), 1);
    ck_assert_int_eq(s->seats[0].spice, 3);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_setup");
    TCase *tc = tcase_create("setup");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, starting_spice_and_forces);
    tcase_add_test(tc, expansion_rows);
    tcase_add_test(tc, player_circles);
    tcase_add_test(tc, decks_are_in_custody);
    tcase_add_test(tc, prediction_is_checked_and_secret);
    tcase_add_test(tc, fremen_placement_is_checked);
    tcase_add_test(tc, fedaykin_may_be_forbidden);
    tcase_add_test(tc, advanced_bene_gesserit_places_an_advisor_after_the_fremen);
    tcase_add_test(tc, bots_candidates_are_legal);
    tcase_add_test(tc, setup_ends_in_the_first_storm);
    tcase_add_test(tc, designer_tables_take_the_defaults);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
