/*
 * The Storm phase (interpreter/turn/nx_phase_storm.c, docs/rules/phase-storm.md):
 * the first storm's dialers and movement, later dials, the Advanced storm
 * deck, what the storm destroys (sand, rock, strongholds, the Polar Sink,
 * Fremen halves, the start sector) and the storm order afterwards.
 *
 * Seats (nxt_classic6): circles 3, 6, 9, 12, 15, 18 for Atreides, Bene
 * Gesserit, Emperor, Fremen, Harkonnen, Guild.
 */
#include "nx_phase_testutil.h"
#include "nx_text.h"

START_TEST(first_storm_dialers_and_movement)
{
    nx_game *g = nxt_at_first_storm(0);
    const nx_state *s = nx_game_state(g);
    /* Nearest the Storm Start on either side: the circles at 18 and 15. */
    ck_assert_int_eq(s->npending, 2);
    ck_assert_int_eq(s->play.dialers[0], NXT_GLD);
    ck_assert_int_eq(s->play.dialers[1], NXT_HAR);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(s->pending[i].kind, NX_PEND_STORM_DIAL);
        ck_assert_int_eq(s->pending[i].min, 0);
        ck_assert_int_eq(s->pending[i].max, 20);
    }
    ck_assert_int_eq(nxt_all_moves_accepted(g, NXT_GLD), 21);
    nxt_refused(g, NXT_HAR, nxt_dial(21), "illegal", "\"value\" must be from 0 to 20");
    nxt_refused(g, NXT_HAR, nxt_dial(-1), "illegal", "\"value\"");
    nxt_refused(g, NXT_HAR, "\"type\":\"dial\",\"value\":\"7\"", "malformed", "integer");
    nxt_refused(g, NXT_ATR, nxt_dial(3), "illegal", "no storm_dial decision");
    nxt_refused(g, NXT_HAR, "\"type\":\"pass\"", "illegal", "cannot be passed");
    /* The first dial stays secret. */
    json_t *r = nxt_act(g, NXT_HAR, nxt_dial(7));
    ck_assert(json_is_true(json_object_get(r, "ok")));
    ck_assert(nxt_log_has(r, "has dialed") && !nxt_log_has(r, "7"));
    json_decref(r);
    char *v = nxt_view_text(g, NXT_GLD);
    ck_assert_ptr_null(strstr(v, "dials\""));
    free(v);
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 0);
    nxt_refused(g, NXT_HAR, nxt_dial(2), "illegal", "no storm_dial decision");
    r = nxt_act(g, NXT_GLD, nxt_dial(3));
    ck_assert(json_is_true(json_object_get(r, "ok")));
    ck_assert(nxt_log_has(r, "revealed: 3 and 7"));
    ck_assert(nxt_log_has(r, "moves 10 sectors from sector 18 to sector 10"));
    json_decref(r);
    s = nx_game_state(g);
    ck_assert_int_eq(s->play.storm_sector, 10);
    /* Storm in 10: the circle at 12 is reached next. */
    ck_assert_int_eq(s->first_seat, NXT_FRE);
    nx_game_free(g);
}
END_TEST

START_TEST(storm_on_a_circle)
{
    nx_game *g = nxt_at_first_storm(0);
    char *saved = nx_game_save(g);
    nxt_first_storm_to(g, 9);
    ck_assert_int_eq(nx_game_state(g)->first_seat, NXT_EMP);
    nx_game_free(g);
    char err[256];
    g = nx_game_load(&nxt_rt, saved, err, sizeof err);
    nxt_mut(g)->play.rule[NX_RULE_STORM_ON_CIRCLE] = NX_RS_TURN_STORM_ON_CIRCLE_LAST;  /* the circle at 9 is passed */
    nxt_first_storm_to(g, 9);
    ck_assert_int_eq(nx_game_state(g)->first_seat, NXT_FRE);
    nx_game_free(g);
    g = nx_game_load(&nxt_rt, saved, err, sizeof err);
    nxt_first_storm_to(g, 1);
    ck_assert_int_eq(nx_game_state(g)->first_seat, NXT_ATR);
    nx_game_free(g);
    g = nx_game_load(&nxt_rt, saved, err, sizeof err);
    nxt_first_storm_to(g, 16);
    ck_assert_int_eq(nx_game_state(g)->first_seat, NXT_GLD);
    nx_game_free(g);
    free(saved);
}
END_TEST

/* Harkonnen on sand in sectors 1 and 5, Atreides on sand in 18, spice in 2;
 * the first storm goes 18 -> 5 under a reading of its damage. */
static void first_storm_damage(int rule, int start_rule, int har_lost, int atr_lost, int spice_left)
{
    nx_game *g = nxt_at_first_storm(0);
    nxt_put(g, NXT_HAR, "meridian.east", 2, 0);
    nxt_put(g, NXT_HAR, "south_mesa.north", 3, 0);
    nxt_put(g, NXT_ATR, "cielago_west.south", 1, 0);
    nxt_mut(g)->play.spice[nxt_section("cielago_north.east")] = 6;
    nxt_mut(g)->play.rule[NX_RULE_FIRST_STORM_DAMAGE] = (uint8_t)rule;
    nxt_mut(g)->play.rule[NX_RULE_STORM_START_DAMAGE] = (uint8_t)start_rule;
    nxt_first_storm_to(g, 5);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), har_lost);
    ck_assert_int_eq(nxt_tanks(g, NXT_ATR), atr_lost);
    ck_assert_int_eq(nx_game_state(g)->play.spice[nxt_section("cielago_north.east")], spice_left);
    nx_game_free(g);
}

START_TEST(first_storm_damage_readings)
{
    /* Settings by index: first storm path 0 (default), landing 1, none 2;
     * start sector struck: yes 0 (default), no 1. */
    const int no = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_NO, yes = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_YES;
    first_storm_damage(NX_RS_TURN_FIRST_STORM_DAMAGE_LANDING, no, 3, 0, 6);  /* only sector 5 */
    first_storm_damage(NX_RS_TURN_FIRST_STORM_DAMAGE_NONE, no, 0, 0, 6);
    first_storm_damage(NX_RS_TURN_FIRST_STORM_DAMAGE_PATH, no, 5, 0, 0);     /* 1..5 */
    first_storm_damage(NX_RS_TURN_FIRST_STORM_DAMAGE_PATH, yes, 5, 1, 0);    /* and the start sector 18 (the defaults) */
}
END_TEST

/* Every Treachery card back in the deck: nobody is asked about Weather
 * Control or Family Atomics (tests/turn/test_special_cards.c does that). */
static void empty_hands(nx_game *g)
{
    nx_state *s = nxt_mut(g);
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_comp held[NX_COMP_COUNT];
        int n = nx_custody_list(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY), held, NX_COMP_COUNT);
        for (int i = 0; i < n; i++) nx_custody_move_bottom(&s->custody, held[i], NX_Z_TREACHERY_DECK);
    }
}

/*
 * Turn 2, Basic, storm in sector 1; the Atreides and the Emperor dialed
 * last; nobody holds a Treachery card.  Staged: Harkonnen on sand in
 * sector 4, Atreides on rock in 4, the Guild in Tuek's Sietch (4), the
 * Emperor in sector 1 (the start), the Fremen on sand in 4, spice in
 * sectors 2, 4 and 5.
 */
static nx_game *later_storm(int advanced)
{
    nx_game *g = nxt_at_first_storm(advanced);
    nxt_first_storm_to(g, 18);
    nxt_stage_phase(g, NX_P_STORM, 2);
    nx_state *s = nxt_mut(g);
    s->play.rule[NX_RULE_STORM_START_DAMAGE] = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_NO;    /* the tests below set "yes" */
    s->play.storm_sector = 1;
    s->play.dialers[0] = NXT_ATR;
    s->play.dialers[1] = NXT_EMP;
    empty_hands(g);
    nxt_clear_board(g, NXT_FRE);
    nxt_put(g, NXT_HAR, "south_mesa.middle", 5, 0);
    nxt_put(g, NXT_ATR, "false_wall_south.east", 2, 0);
    nxt_put(g, NXT_EMP, "cielago_north.center", 3, 0);
    nxt_put(g, NXT_FRE, "harg_pass.east", 3, 2);
    s->play.spice[nxt_section("south_mesa.middle")] = 10;
    s->play.spice[nxt_section("cielago_north.east")] = 8;
    s->play.spice[nxt_section("south_mesa.north")] = 5;
    /* The Spice Blow that follows touches none of this. */
    NXT_STACK(g, "spice:the_great_flat", "spice:funeral_plain");
    return g;
}

START_TEST(later_storm_dials_and_damage)
{
    nx_game *g = later_storm(0);
    int har_before = nxt_tanks(g, NXT_HAR);
    json_decref(nxt_poke(g));
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->npending, 2);
    ck_assert_int_eq(s->pending[0].seat, NXT_ATR);
    ck_assert_int_eq(s->pending[1].seat, NXT_EMP);
    ck_assert_int_eq(s->pending[0].min, 1);
    ck_assert_int_eq(s->pending[0].max, 3);
    ck_assert_int_eq(nxt_all_moves_accepted(g, NXT_ATR), 3);
    nxt_refused(g, NXT_ATR, nxt_dial(0), "illegal", "from 1 to 3");
    nxt_refused(g, NXT_ATR, nxt_dial(4), "illegal", "from 1 to 3");
    nxt_ok(g, NXT_ATR, nxt_dial(1));
    json_t *r = nxt_act(g, NXT_EMP, nxt_dial(2));
    ck_assert(nxt_log_has(r, "moves 3 sectors from sector 1 to sector 4"));
    ck_assert(nxt_log_has(r, "the storm kills 5 forces of Harkonnen in South Mesa (Middle)"));
    ck_assert(nxt_log_has(r, "the storm blows 10 spice away from South Mesa (Middle)"));
    json_decref(r);
    s = nx_game_state(g);
    ck_assert_int_eq(s->play.storm_sector, 4);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR) - har_before, 5);                     /* sand */
    ck_assert_int_eq(nxt_at(g, NXT_ATR, "false_wall_south.east", 0), 2);          /* rock */
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "tueks_sietch", 0), 5);                   /* stronghold */
    ck_assert_int_eq(nxt_at(g, NXT_BG, "polar_sink", 0), 1);                      /* never in storm */
    ck_assert_int_eq(nxt_at(g, NXT_EMP, "cielago_north.center", 0), 3);           /* the start sector */
    ck_assert_int_eq(nxt_tanks(g, NXT_FRE), 5);                                   /* Basic: no halving */
    ck_assert_int_eq(s->play.spice[nxt_section("cielago_north.east")], 0);
    ck_assert_int_eq(s->play.spice[nxt_section("south_mesa.north")], 5);
    /* Storm in 4: the circle at 6 is next. */
    ck_assert_int_eq(s->first_seat, NXT_BG);
    nx_game_free(g);
}
END_TEST

START_TEST(start_sector_damage_reading)
{
    nx_game *g = later_storm(0);
    nxt_mut(g)->play.rule[NX_RULE_STORM_START_DAMAGE] = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_YES;
    json_decref(nxt_poke(g));
    nxt_ok(g, NXT_ATR, nxt_dial(1));
    nxt_ok(g, NXT_EMP, nxt_dial(2));
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 3);
    nx_game_free(g);
}
END_TEST

/* Advanced: the storm card moves the storm; the Fremen lose half. */
static nx_game *advanced_later_storm(int card)
{
    nx_game *g = later_storm(1);
    nx_state *s = nxt_mut(g);
    nx_zone held = NX_Z_SEAT(NXT_FRE, NX_ZS_STORM_CARD);
    nx_comp old = nx_custody_top(&s->custody, held);
    ck_assert(old != NX_COMP_NONE);
    nx_custody_move(&s->custody, old, NX_Z_STORM_DECK);
    nx_custody_move(&s->custody, nx_comp_storm(card), held);
    return g;
}

START_TEST(fremen_lose_half_rounded_up)
{
    nx_game *g = advanced_later_storm(3);
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "the Fremen reveal storm card 3"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->play.storm_sector, 4);
    /* 3 ordinary + 2 Fedaykin: 3 lost, ordinary first. */
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "harg_pass.east", 0), 0);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "harg_pass.east", 1), 2);
    ck_assert_int_eq(nxt_tanks(g, NXT_FRE), 3);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR) >= 5, 1);
    nx_game_free(g);
    /* 1 ordinary + 2 Fedaykin: 2 lost. */
    g = advanced_later_storm(3);
    nx_state *st = nxt_mut(g);
    nx_state_move_forces(st, NXT_FRE, NX_FORCE_NORMAL, NX_PLACE_BOARD(nxt_section("harg_pass.east")), NX_PLACE_RESERVES, 2);
    json_decref(nxt_poke(g));
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "harg_pass.east", 0), 0);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "harg_pass.east", 1), 1);
    nx_game_free(g);
}
END_TEST

START_TEST(fremen_not_halved_twice)
{
    nx_game *g = advanced_later_storm(3);
    nxt_mut(g)->play.rule[NX_RULE_STORM_START_DAMAGE] = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_YES;
    nxt_put(g, NXT_FRE, "cielago_north.center", 4, 0);  /* with the Emperor, in the start sector */
    json_decref(nxt_poke(g));
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "cielago_north.center", 0), 4);
    ck_assert_int_eq(nxt_at(g, NXT_EMP, "cielago_north.center", 0), 0);
    nx_game_free(g);
}
END_TEST

START_TEST(storm_deck)
{
    nx_game *g = nxt_at_first_storm(1);
    nxt_first_storm_to(g, 18);
    const nx_state *s = nx_game_state(g);
    nx_zone held = NX_Z_SEAT(NXT_FRE, NX_ZS_STORM_CARD);
    ck_assert_int_eq(nx_custody_count(&s->custody, held), 1);
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_STORM_DECK), NX_STORM_CARDS - 1);
    nx_comp card = nx_custody_top(&s->custody, held);
    char quoted[32];
    nx_fmt(quoted, sizeof quoted, "\"%s\"", nx_comp_id(card));
    char *fremen = nxt_view_text(g, NXT_FRE), *other = nxt_view_text(g, NXT_HAR);
    ck_assert_ptr_nonnull(strstr(fremen, quoted));
    ck_assert_ptr_null(strstr(other, quoted));
    free(fremen), free(other);
    /* Turn 2: no dials; the card gives the movement, and once every holder
     * of a Treachery card has passed on Weather Control and Family
     * Atomics it moves the storm and a new one is drawn. */
    nxt_stage_phase(g, NX_P_STORM, 2);
    nxt_mut(g)->play.storm_sector = 18;
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "the Fremen reveal storm card"));
    json_decref(r);
    s = nx_game_state(g);
    ck_assert_int_eq(s->play.storm_sector, 18);
    ck_assert_int_gt(s->npending, 0);
    for (int i = s->npending - 1; i >= 0; i--) ck_assert_int_eq(s->pending[i].kind, NX_PEND_STORM_CARDS);
    while (s->npending && s->pending[0].kind == NX_PEND_STORM_CARDS) nxt_ok(g, s->pending[0].seat, "\"type\":\"pass\"");
    nxt_pass_adv_windows(g);    /* the Karama window before the Fremen's look */
    s = nx_game_state(g);
    ck_assert_int_eq(s->play.storm_sector, nx_comp_storm_value(card));
    ck_assert_int_eq(nx_custody_count(&s->custody, held), 1);
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_STORM_DECK), NX_STORM_CARDS - 1);
    ck_assert(s->phase != NX_P_STORM);
    nx_game_free(g);
}
END_TEST

/* A Karama prevented the Fremen's look last turn (play.storm_unseen): the
 * Fremen hold no card and the storm is not dialed; the Storm Deck's top is
 * revealed, shuffled back, and the mark is gone once the Fremen draw anew. */
START_TEST(storm_card_unseen_revealed_from_deck)
{
    nx_game *g = nxt_at_first_storm(1);
    nxt_first_storm_to(g, 18);
    nx_state *s = nxt_mut(g);
    nx_zone held = NX_Z_SEAT(NXT_FRE, NX_ZS_STORM_CARD);
    nx_custody_move(&s->custody, nx_custody_top(&s->custody, held), NX_Z_STORM_DECK);
    nx_custody_move(&s->custody, nx_comp_storm(2), NX_Z_STORM_DECK);   /* to the top */
    nxt_stage_phase(g, NX_P_STORM, 2);
    s->play.storm_sector = 18;
    s->play.storm_unseen = 1;
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "storm card 2 is revealed from the top of the Storm Deck"));
    json_decref(r);
    const nx_state *st = nx_game_state(g);
    ck_assert_int_eq(st->play.storm_unseen, 0);
    ck_assert_int_eq(st->play.storm_move, 3);
    ck_assert_int_eq(nx_custody_count(&st->custody, NX_Z_STORM_DECK), NX_STORM_CARDS);
    for (int i = 0; i < st->npending; i++) ck_assert_int_ne(st->pending[i].kind, NX_PEND_STORM_DIAL);
    while (st->npending && st->pending[0].kind == NX_PEND_STORM_CARDS) nxt_ok(g, st->pending[0].seat, "\"type\":\"pass\"");
    nxt_pass_adv_windows(g);
    st = nx_game_state(g);
    ck_assert_int_eq(st->play.storm_sector, 2);
    ck_assert_int_eq(nx_custody_count(&st->custody, held), 1);
    ck_assert(st->phase != NX_P_STORM);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_storm");
    TCase *tc = tcase_create("storm");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, first_storm_dialers_and_movement);
    tcase_add_test(tc, storm_on_a_circle);
    tcase_add_test(tc, first_storm_damage_readings);
    tcase_add_test(tc, later_storm_dials_and_damage);
    tcase_add_test(tc, start_sector_damage_reading);
    tcase_add_test(tc, fremen_lose_half_rounded_up);
    tcase_add_test(tc, fremen_not_halved_twice);
    tcase_add_test(tc, storm_card_unseen_revealed_from_deck);
    tcase_add_test(tc, storm_deck);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
