/*
 * Spice Blow and Nexus (interpreter/turn/nx_phase_spice_blow.c,
 * docs/rules/phase-spice-blow.md): every territory card resolves to a
 * board section, spice lands unless in storm, Shai-Hulud devours (not the
 * Fremen), the Fremen ride, turn-1 worms are set aside, the Advanced
 * double blow and placed worms, the Nexus talks (a seat that finished
 * talking gets its decision back on an offer) and the reshuffle of an
 * empty Spice Deck.
 */
#include <strings.h>

#include "nx_phase_testutil.h"

/* Turn 2's Spice Blow staged (storm in sector 3, nothing on the board but
 * the starting forces, the Fremen's back in reserve); `poke` runs it. */
static nx_game *spice_turn2(int advanced)
{
    nx_game *g = nxt_at_first_storm(advanced);
    nxt_first_storm_to(g, 18);
    nxt_stage_phase(g, NX_P_SPICE_BLOW, 2);
    nx_state *s = nxt_mut(g);
    s->play.storm_sector = 3;
    memset(s->play.spice, 0, sizeof s->play.spice);
    nxt_clear_board(g, NXT_FRE);
    return g;
}

static void discard_on(nx_game *g, nx_zone pile, const char *id)
{
    nx_custody_move(&nxt_mut(g)->custody, nxt_comp(id), pile);
}

static int spice_on(const nx_game *g, const char *sec) { return nx_game_state(g)->play.spice[nxt_section(sec)]; }

static int count_kind(const nx_game *g, nx_pending_kind kind)
{
    const nx_state *s = nx_game_state(g);
    int n = 0;
    for (int i = 0; i < s->npending; i++) n += s->pending[i].kind == kind;
    return n;
}

static int in_zone(const nx_game *g, const char *id, nx_zone z)
{
    return nx_game_state(g)->custody.zone[nxt_comp(id)] == z;
}

START_TEST(every_territory_card_has_a_section)
{
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) {
        int sec = nx_board_spice_card_section(i);
        if (nx_spice_deck_is_worm(i)) {
            ck_assert_int_eq(sec, -1);
            continue;
        }
        ck_assert_msg(sec >= 0, "%s resolves to no section", nx_spice_deck_id(i));
        int t = nx_map_section_territory(sec);
        ck_assert_int_eq(strcasecmp(nx_map_territory_name(t), nx_spice_deck_territory(i)), 0);
        ck_assert_int_eq(nx_map_section_sector(sec), nx_spice_deck_sector(i));
        if (*nx_spice_deck_section(i))
            ck_assert_int_eq(strcasecmp(nx_map_section_name(sec), nx_spice_deck_section(i)), 0);
        ck_assert_int_eq(nx_map_terrain(t), NX_TERRAIN_SAND);
    }
}
END_TEST

START_TEST(spice_lands_unless_in_storm)
{
    nx_game *g = spice_turn2(0);
    NXT_STACK(g, "spice:the_great_flat");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "Spice Blow: 10 spice on The Great Flat"));
    json_decref(r);
    ck_assert_int_eq(spice_on(g, "the_great_flat"), 10);
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DISCARD_A));
    ck_assert_int_eq(nx_game_state(g)->nexus_occurred, 0);
    nx_game_free(g);
    g = spice_turn2(0);
    nxt_mut(g)->play.storm_sector = 14;
    NXT_STACK(g, "spice:the_great_flat");
    r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "in the storm: no spice"));
    json_decref(r);
    ck_assert_int_eq(spice_on(g, "the_great_flat"), 0);
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DISCARD_A));
    nx_game_free(g);
}
END_TEST

/* A worm on the Great Flat (the top card of pile A) where the Harkonnen,
 * the Emperor and the Fremen stand on 10 spice; then Red Chasm. */
static nx_game *worm_on_the_great_flat(void)
{
    nx_game *g = spice_turn2(0);
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:the_great_flat");
    NXT_STACK(g, "worm:1", "spice:red_chasm");
    nxt_put(g, NXT_HAR, "the_great_flat", 3, 0);
    nxt_put(g, NXT_EMP, "the_great_flat", 1, 1);
    nxt_put(g, NXT_FRE, "the_great_flat", 4, 0);
    nxt_mut(g)->play.spice[nxt_section("the_great_flat")] = 10;
    return g;
}

START_TEST(worm_devours_but_not_the_fremen)
{
    nx_game *g = worm_on_the_great_flat();
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "Shai-Hulud strikes in The Great Flat"));
    ck_assert(nxt_log_has(r, "Nexus!"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 3);
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 2);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "the_great_flat", 0), 4);
    ck_assert_int_eq(spice_on(g, "the_great_flat"), 0);
    ck_assert_int_eq(spice_on(g, "red_chasm"), 8);
    ck_assert_int_eq(s->nexus_occurred, 1);
    ck_assert_int_eq(s->negotiating, 1);
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 6);
    nx_game_free(g);
}
END_TEST

START_TEST(fremen_ally_is_protected)
{
    nx_game *g = worm_on_the_great_flat();
    nxt_mut(g)->seats[NXT_HAR].ally = NXT_FRE;
    nxt_mut(g)->seats[NXT_FRE].ally = NXT_HAR;
    json_decref(nxt_poke(g));
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 0);
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 2);
    nx_game_free(g);
}
END_TEST

static int talking(const nx_game *g, int seat)
{
    const nx_state *s = nx_game_state(g);
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].seat == seat && s->pending[i].kind == NX_PEND_NEXUS) return 1;
    return 0;
}

/* Every seat still talking passes. */
static void all_pass(nx_game *g)
{
    for (int seat = 0; seat < 6; seat++)
        if (talking(g, seat)) nxt_ok(g, seat, "\"type\":\"pass\"");
}

START_TEST(nexus_talks_reopen_for_an_offer)
{
    nx_game *g = worm_on_the_great_flat();
    json_decref(nxt_poke(g));
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_HAR), 2);
    nxt_ok_logs(g, NXT_ATR, "\"type\":\"pass\"", "is done talking");
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 5);
    nxt_refused(g, NXT_ATR, "\"type\":\"pass\"", "illegal", "no decision");
    /* An offer brings the Atreides back to answer it. */
    nxt_ok_logs(g, NXT_BG, "\"type\":\"offer_alliance\",\"to\":0", "returns to the talks");
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 6);
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_ATR), 2);
    nxt_ok(g, NXT_ATR, "\"type\":\"accept_alliance\",\"from\":1");
    ck_assert_int_eq(nx_game_state(g)->seats[NXT_ATR].ally, NXT_BG);
    /* An offer to a seat still talking opens nothing new. */
    nxt_ok(g, NXT_EMP, "\"type\":\"offer_alliance\",\"to\":4");
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 6);
    all_pass(g);
    /* The talks are over; the Fremen may ride. */
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->negotiating, 0);
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 0);
    ck_assert_int_eq(count_kind(g, NX_PEND_WORM_RIDE), 1);
    nxt_refused(g, NXT_HAR, "\"type\":\"offer_alliance\",\"to\":2", "illegal", "only during a Nexus");
    nx_game_free(g);
}
END_TEST

/* The ride after the Nexus (no one talks). */
static void pass_karama_windows(nx_game *g)
{
    for (int i = 0; i < nx_game_state(g)->npending;) {
        const nx_pending *p = &nx_game_state(g)->pending[i];
        if (p->kind != NX_PEND_ADV_KARAMA) {
            i++;
            continue;
        }
        NXT_OK(g, p->seat, "{\"type\":\"pass\"}");
        i = 0;
    }
}

static nx_game *ready_to_ride(void)
{
    nx_game *g = worm_on_the_great_flat();
    json_decref(nxt_poke(g));
    all_pass(g);
    ck_assert_int_eq(count_kind(g, NX_PEND_WORM_RIDE), 1);
    return g;
}

START_TEST(fremen_ride_the_worm)
{
    nx_game *g = ready_to_ride();
    nxt_put(g, NXT_ATR, "carthag", 1, 0);  /* Carthag now holds two other factions */
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_FRE), 2);
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"the_great_flat\",\"count\":2", "illegal", "another territory");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"red_chasm\",\"count\":5", "illegal", "only 4 ordinary");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"red_chasm\",\"count\":1,\"elite\":1", "illegal", "only 4 ordinary and 0 elite");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"south_mesa.south\",\"count\":2", "illegal", "in the storm");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"carthag\",\"count\":2", "illegal", "two other factions");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"red_chasm\"", "malformed", "at least one force");
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"nowhere\",\"count\":1", "malformed", "\"to\"");
    nxt_refused(g, NXT_HAR, "\"type\":\"ride\",\"to\":\"red_chasm\",\"count\":1", "illegal", "no worm_ride decision");
    nxt_ok_logs(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"the_minor_erg.far_north\",\"count\":3",
            "ride Shai-Hulud from The Great Flat to The Minor Erg (Far North) with 3 forces");
    pass_karama_windows(g);     /* the ride is held for its Karama window */
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "the_minor_erg.far_north", 0), 3);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "the_great_flat", 0), 1);
    ck_assert_int_eq(count_kind(g, NX_PEND_WORM_RIDE), 0);
    ck_assert(nx_game_state(g)->phase != NX_P_SPICE_BLOW);
    nx_game_free(g);
    /* Not into the ally's territory; passing stays. */
    g = ready_to_ride();
    nxt_mut(g)->seats[NXT_HAR].ally = NXT_FRE;
    nxt_mut(g)->seats[NXT_FRE].ally = NXT_HAR;
    nxt_refused(g, NXT_FRE, "\"type\":\"ride\",\"to\":\"carthag\",\"count\":2", "illegal", "ally has forces there");
    nxt_ok_logs(g, NXT_FRE, "\"type\":\"pass\"", "do not ride");
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "the_great_flat", 0), 4);
    nx_game_free(g);
}
END_TEST

START_TEST(turn_one_worms_are_set_aside)
{
    nx_game *g = nxt_at_first_storm(0);
    nxt_stage_phase(g, NX_P_SPICE_BLOW, 1);
    nxt_put(g, NXT_HAR, "the_great_flat", 3, 0);
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:the_great_flat");
    NXT_STACK(g, "worm:1", "worm:2", "spice:red_chasm");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "Shai-Hulud on turn 1 is set aside"));
    ck_assert(nxt_log_has(r, "2 Shai-Hulud set aside are shuffled back into the Spice Deck"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 0);
    ck_assert_int_eq(spice_on(g, "red_chasm"), 8);
    ck_assert_int_eq(s->nexus_occurred, 0);
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SET_ASIDE), 0);
    ck_assert(in_zone(g, "worm:1", NX_Z_SPICE_DECK) && in_zone(g, "worm:2", NX_Z_SPICE_DECK));
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SPICE_DECK), NX_SPICE_DECK_COUNT - 2);
    nx_game_free(g);
}
END_TEST

START_TEST(turn_one_worms_between_piles)
{
    nx_game *g = nxt_at_first_storm(1);
    nxt_stage_phase(g, NX_P_SPICE_BLOW, 1);
    NXT_STACK(g, "worm:1", "spice:red_chasm", "worm:2", "spice:funeral_plain");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "2 Shai-Hulud set aside"));  /* both at the end */
    json_decref(r);
    ck_assert(in_zone(g, "spice:red_chasm", NX_Z_SPICE_DISCARD_A));
    ck_assert(in_zone(g, "spice:funeral_plain", NX_Z_SPICE_DISCARD_B));
    nx_game_free(g);
    g = nxt_at_first_storm(1);
    nxt_stage_phase(g, NX_P_SPICE_BLOW, 1);
    nxt_mut(g)->play.rule[NX_RULE_TURN1_WORMS] = NX_RS_TURN_TURN_ONE_WORMS_BETWEEN_PILES;
    NXT_STACK(g, "worm:1", "spice:red_chasm");
    r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "1 Shai-Hulud set aside"));  /* before pile B */
    json_decref(r);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_SET_ASIDE), 0);
    nx_game_free(g);
}
END_TEST

START_TEST(advanced_double_blow)
{
    nx_game *g = spice_turn2(1);
    NXT_STACK(g, "spice:red_chasm", "spice:the_great_flat");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "Spice Blow on pile A") && nxt_log_has(r, "Spice Blow on pile B"));
    json_decref(r);
    ck_assert(in_zone(g, "spice:red_chasm", NX_Z_SPICE_DISCARD_A));
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DISCARD_B));
    ck_assert_int_eq(spice_on(g, "red_chasm"), 8);
    ck_assert_int_eq(spice_on(g, "the_great_flat"), 10);
    nx_game_free(g);
}
END_TEST

/* Advanced: two worms in blow A; the Fremen place the second. */
static nx_game *two_worms(void)
{
    nx_game *g = spice_turn2(1);
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:funeral_plain");
    NXT_STACK(g, "worm:1", "worm:2", "spice:red_chasm", "spice:the_great_flat");
    nxt_put(g, NXT_HAR, "funeral_plain", 2, 0);
    nxt_put(g, NXT_EMP, "the_greater_flat", 3, 0);
    json_decref(nxt_poke(g));
    /* The first worm: the offer of the Fremen's Karama power (they may
     * hold a Karama), passed; the worm strikes where its card says. */
    const nx_pending *offer = nx_pending_find(nx_game_state(g), NXT_FRE, NX_PEND_WORM_PLACE);
    ck_assert(offer && offer->min == 1);
    nxt_ok(g, NXT_FRE, "\"type\":\"pass\"");
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 2);
    ck_assert_int_eq(count_kind(g, NX_PEND_WORM_PLACE), 1);
    return g;
}

START_TEST(fremen_place_later_worms)
{
    nx_game *g = two_worms();
    ck_assert_int_ge(nxt_all_moves_accepted(g, NXT_FRE), 20);
    nxt_refused(g, NXT_FRE, "\"type\":\"place_worm\",\"territory\":\"arrakeen\"", "illegal", "only in sand");
    nxt_refused(g, NXT_FRE, "\"type\":\"place_worm\",\"territory\":\"false_wall_east\"", "illegal", "only in sand");
    nxt_refused(g, NXT_FRE, "\"type\":\"place_worm\",\"territory\":\"polar_sink\"", "illegal", "only in sand");
    nxt_refused(g, NXT_FRE, "\"type\":\"place_worm\",\"territory\":\"nowhere\"", "malformed", "territory");
    nxt_refused(g, NXT_FRE, "\"type\":\"pass\"", "illegal", "cannot be passed");
    nxt_ok(g, NXT_FRE, "\"type\":\"place_worm\",\"territory\":\"the_greater_flat\"");
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 3);
    /* Nexus after pile A (LV 1.13): blow B waits for it. */
    ck_assert(in_zone(g, "spice:red_chasm", NX_Z_SPICE_DISCARD_A));
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DECK));
    ck_assert_int_eq(count_kind(g, NX_PEND_NEXUS), 6);
    all_pass(g);
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DISCARD_B));
    nx_game_free(g);
}
END_TEST

START_TEST(empty_deck_is_reshuffled_keeping_the_top_territory_card)
{
    nx_game *g = spice_turn2(0);
    nx_state *s = nxt_mut(g);
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) nx_custody_move(&s->custody, nx_comp_spice(i), NX_Z_SET_ASIDE);
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:funeral_plain");
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:red_chasm");
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:the_great_flat");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "the Spice Deck is empty: 2 discarded cards are shuffled into a new deck"));
    json_decref(r);
    const nx_custody *c = &nx_game_state(g)->custody;
    ck_assert(in_zone(g, "spice:the_great_flat", NX_Z_SPICE_DISCARD_A));
    ck_assert_int_eq(nx_custody_count(c, NX_Z_SPICE_DISCARD_A), 2);
    ck_assert_int_eq(nx_custody_count(c, NX_Z_SPICE_DECK), 1);
    ck_assert_int_eq(spice_on(g, "red_chasm") + spice_on(g, "funeral_plain") > 0, 1);
    nx_game_free(g);
}
END_TEST

/* Advanced: pile A keeps its top territory card, pile B returns whole
 * (issue 13 item 3: it used to keep its top card too). */
START_TEST(advanced_reshuffle_returns_all_of_pile_b)
{
    nx_game *g = spice_turn2(1);
    nx_state *s = nxt_mut(g);
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) nx_custody_move(&s->custody, nx_comp_spice(i), NX_Z_SET_ASIDE);
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:funeral_plain");
    discard_on(g, NX_Z_SPICE_DISCARD_A, "spice:red_chasm");
    discard_on(g, NX_Z_SPICE_DISCARD_B, "spice:south_mesa");
    discard_on(g, NX_Z_SPICE_DISCARD_B, "spice:the_great_flat");
    json_t *r = nxt_poke(g);
    ck_assert(nxt_log_has(r, "the Spice Deck is empty: 3 discarded cards are shuffled into a new deck"));
    json_decref(r);
    ck_assert(in_zone(g, "spice:red_chasm", NX_Z_SPICE_DISCARD_A));
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_spice");
    TCase *tc = tcase_create("spice");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, every_territory_card_has_a_section);
    tcase_add_test(tc, spice_lands_unless_in_storm);
    tcase_add_test(tc, worm_devours_but_not_the_fremen);
    tcase_add_test(tc, fremen_ally_is_protected);
    tcase_add_test(tc, nexus_talks_reopen_for_an_offer);
    tcase_add_test(tc, fremen_ride_the_worm);
    tcase_add_test(tc, turn_one_worms_are_set_aside);
    tcase_add_test(tc, turn_one_worms_between_piles);
    tcase_add_test(tc, advanced_double_blow);
    tcase_add_test(tc, fremen_place_later_worms);
    tcase_add_test(tc, empty_deck_is_reshuffled_keeping_the_top_territory_card);
    tcase_add_test(tc, advanced_reshuffle_returns_all_of_pile_b);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
