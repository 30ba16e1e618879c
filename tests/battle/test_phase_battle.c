/* The Battle phase: where battles happen, their order, the aggressor's
 * choice, battle plans and what they may hold, secrecy, bots
 * (interpreter/battle/nx_phase_battle.c, nx_battle_plan.c; docs/rules/phase-battle.md). */
#include "nx_phase_testutil.h"
#include "nx_text.h"

static const nx_faction AHE[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR };
enum { A, H, E };

/* The battle view of a seat: board.battle (decref the returned view). */
static json_t *battle_view(const nx_game *g, int seat, json_t **view)
{
    *view = nx_game_view_json(g, seat);
    return json_object_get(json_object_get(*view, "board"), "battle");
}

/* ---- where battles happen ------------------------------------------------------ */

START_TEST(no_battle_without_two_enemies)
{
    nx_game *g = nxt_battle_new(AHE, 3, 1);
    nxt_ally(g, A, E);
    nxt_put(g, A, "the_great_flat", 3, 0);    /* allies never fight */
    nxt_put(g, E, "the_great_flat", 3, 0);
    nxt_put(g, A, "polar_sink", 3, 0);        /* never in the Polar Sink */
    nxt_put(g, H, "polar_sink", 3, 0);
    nxt_put(g, H, "basin", 2, 0);             /* alone */
    nxt_go(g);
    ck_assert(!nxt_in_phase(g, NX_P_BATTLE));
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat") + nxt_here(g, E, "the_great_flat") + nxt_here(g, H, "polar_sink"), 9);
    nx_game_free(g);
}
END_TEST

START_TEST(advisors_do_not_fight)
{
    static const nx_faction ab[] = { NX_ATREIDES, NX_BENE_GESSERIT };
    nx_game *g = nxt_battle_new(ab, 2, 1);
    nxt_put(g, 0, "the_great_flat", 3, 0);
    nxt_put(g, 1, "the_great_flat", 2, 0);
    nx_board_set_advisor(nxt_mut(g), nxt_section("the_great_flat"), 1);
    nxt_go(g);
    ck_assert(!nxt_in_phase(g, NX_P_BATTLE));
    ck_assert_int_eq(nxt_here(g, 1, "the_great_flat"), 2);
    nx_game_free(g);
}
END_TEST

START_TEST(storm_separates)
{
    /* Old Gap spans sectors 8-10: a storm in 9 cuts east from west. */
    nx_game *g = nxt_battle_new(AHE, 3, 0);
    nxt_mut(g)->play.storm_sector = 9;
    nxt_put(g, A, "old_gap.east", 3, 0);
    nxt_put(g, H, "old_gap.west", 2, 0);
    nxt_put(g, A, "arrakeen", 1, 0);          /* a stronghold under storm (sector 9) */
    nxt_put(g, E, "arrakeen", 5, 0);
    nxt_go(g);
    ck_assert(!nxt_in_phase(g, NX_P_BATTLE));
    nx_game_free(g);

    /* The "same_sector" reading (the default, LV 1.01.04 "battling blind"):
     * two factions in one stormed sand section fight. */
    g = nxt_battle_new(AHE, 3, 0);
    nxt_mut(g)->play.storm_sector = 9;
    nxt_put(g, A, "old_gap.middle", 3, 0);
    nxt_put(g, H, "old_gap.middle", 2, 0);
    nxt_put(g, A, "arrakeen", 1, 0);          /* but never in a stronghold */
    nxt_put(g, E, "arrakeen", 5, 0);
    nxt_go(g);
    ck_assert(nxt_decision(g, A, NX_PEND_BATTLE_PLAN) && nxt_decision(g, H, NX_PEND_BATTLE_PLAN));
    ck_assert(!nxt_decision(g, E, NX_PEND_BATTLE_PLAN));
    nx_game_free(g);

    /* No storm between them: they fight. */
    g = nxt_battle_new(AHE, 3, 0);
    nxt_put(g, A, "old_gap.east", 3, 0);
    nxt_put(g, H, "old_gap.west", 2, 0);
    nxt_go(g);
    ck_assert(nxt_decision(g, A, NX_PEND_BATTLE_PLAN) && nxt_decision(g, H, NX_PEND_BATTLE_PLAN));
    nx_game_free(g);
}
END_TEST

START_TEST(split_army)
{
    /* Storm in 9: Atreides in Old Gap east (10) and west (8), Harkonnen
     * east only.  contact_only: the western 4 neither dial nor die. */
    for (int rule = 0; rule < NX_RS_TURN_BATTLE_SPLIT_ARMY_COUNT_; rule++) {
        nx_game *g = nxt_battle_new(AHE, 3, 0);
        nxt_mut(g)->play.storm_sector = 9;
        nxt_mut(g)->play.rule[NX_RULE_BATTLE_SPLIT_ARMY] = (uint8_t)rule;
        nxt_put(g, A, "old_gap.east", 2, 0);
        nxt_put(g, A, "old_gap.west", 4, 0);
        nxt_put(g, H, "old_gap.east", 5, 0);
        nxt_go(g);
        if (rule == NX_RS_TURN_BATTLE_SPLIT_ARMY_CONTACT_ONLY) nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:dr_yueh\",\"dial\":3", "illegal", "makes a dial of 3");
        nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
        nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":5");
        nxt_no_calls(g);
        ck_assert_int_eq(nxt_here(g, A, "old_gap.east"), 0);
        ck_assert_int_eq(nxt_here(g, A, "old_gap.west"), rule == NX_RS_TURN_BATTLE_SPLIT_ARMY_WHOLE_TERRITORY ? 0 : 4);
        nx_game_free(g);
    }
}
END_TEST

/* ---- order and the aggressor's choice ---------------------------------------------------- */

static nx_game *three_way(void)
{
    nx_game *g = nxt_battle_new(AHE, 3, 0);
    nxt_put(g, A, "the_great_flat", 5, 0);
    nxt_put(g, H, "the_great_flat", 2, 0);
    nxt_put(g, E, "the_great_flat", 4, 0);
    nxt_go(g);
    return g;
}

START_TEST(three_factions_aggressor_chooses)
{
    nx_game *g = three_way();
    const nx_pending *p = nxt_decision(g, A, NX_PEND_BATTLE_CHOICE);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(nx_game_state(g)->npending, 1);
    nxt_refused(g, A, "\"type\":\"choose_battle\",\"territory\":\"basin\",\"opponent\":2", "illegal", "no battle against seat 2");
    nxt_refused(g, H, "\"type\":\"choose_battle\",\"territory\":\"the_great_flat\",\"opponent\":2", "illegal", "no battle_choice decision");
    nxt_ok(g, A, "\"type\":\"choose_battle\",\"territory\":\"the_great_flat\",\"opponent\":2");
    nxt_no_advantages(g);
    ck_assert(nxt_decision(g, E, NX_PEND_BATTLE_PLAN) && !nxt_decision(g, H, NX_PEND_BATTLE_PLAN));
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1");
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":2");
    nxt_no_calls(g);
    /* 1 + 1 against 2 + 2: the Emperor wins; Atreides loses all five and
     * is gone, so Harkonnen's battle with the Emperor comes next, with
     * Harkonnen aggressor (earlier in storm order). */
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);
    ck_assert_int_eq(nx_game_state(g)->play.battle_seats[0], H);
    ck_assert_int_eq(nx_game_state(g)->play.battle_seats[1], E);
    ck_assert_int_eq(nx_game_state(g)->play.dialers[0], A);
    ck_assert_int_eq(nx_game_state(g)->play.dialers[1], E);
    nx_game_free(g);
}
END_TEST

START_TEST(aggressors_in_storm_order)
{
    nx_game *g = nxt_battle_new(AHE, 3, 0);
    nxt_mut(g)->first_seat = H;
    nxt_put(g, A, "the_great_flat", 1, 0);
    nxt_put(g, H, "the_great_flat", 1, 0);
    nxt_go(g);
    ck_assert_int_eq(nx_game_state(g)->play.battle_seats[0], H);   /* first in storm order */
    nx_game_free(g);
}
END_TEST

/* ---- plans ------------------------------------------------------------------------------------ */

static nx_game *duel(int advanced)
{
    nx_game *g = nxt_battle_new(AHE, 3, advanced);
    nxt_put(g, A, "the_great_flat", 4, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, A, "treachery:crysknife", "treachery:shield#1", "treachery:baliset");
    nxt_hand(g, H, "treachery:cheap_hero#1", "treachery:snooper#1", NULL);
    nxt_go(g);
    return g;
}

static nx_game *duel_basic(void) { return duel(0); }

START_TEST(bad_plans_refused)
{
    nx_game *g = duel(0);
    const char *P = "\"type\":\"battle_plan\",";
    char b[256];
#define BAD(keys, code, why)                        \
    nx_fmt(b, sizeof b, "%s%s", P, keys);         \
    nxt_refused(g, A, b, code, why)
    BAD("\"dial\":2", "illegal", "must play a leader");
    BAD("\"leader\":\"leader:feyd_rautha\",\"dial\":2", "illegal", "not available");
    BAD("\"leader\":\"leader:nobody\",\"dial\":2", "malformed", "\"leader\" must name a leader disc");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":5", "illegal", "makes a dial of 5");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":-1", "illegal", "\"dial\" must be");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1.5", "illegal", "Advanced");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"spice\":1", "illegal", "Advanced");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"elite\":0", "illegal", "Advanced");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":\"2\"", "malformed", "\"dial\" must be a number");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:stunner\"", "illegal", "not in your hand");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:shield#1\"", "illegal", "cannot be played as a weapon");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"defense\":\"treachery:crysknife\"", "illegal", "cannot be played as a defense");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:baliset\",\"defense\":\"treachery:baliset\"", "illegal", "both");
    BAD("\"leader\":\"leader:dr_yueh\",\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":1", "illegal", "not both");
    BAD("\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":1", "illegal", "not in your hand");
    BAD("\"cheap_hero\":\"treachery:crysknife\",\"dial\":1", "illegal", "not a Cheap Hero");
    BAD("\"leader\":\"leader:dr_yueh\",\"dial\":1,\"color\":\"red\"", "malformed", "unknown key");
#undef BAD
    nxt_refused(g, E, "\"type\":\"battle_plan\",\"dial\":0", "illegal", "no battle_plan decision");
    /* Worthless cards fit either slot. */
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:baliset\",\"defense\":\"treachery:shield#1\"");
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:dr_yueh\",\"dial\":1", "illegal", "no battle_plan decision");
    nx_game_free(g);
}
END_TEST

START_TEST(leader_availability)
{
    /* A leader in the Tanks is not available; one that fought in another
     * territory this phase neither; one that fought here may fight again. */
    nx_game *g = duel(0);
    nxt_leader_to_tanks(g, "dr_yueh");
    nxt_mut(g)->play.leader_fought[nx_leader_find("duncan_idaho")] = (uint8_t)(nx_map_territory_parse("arrakeen") + 1);
    nxt_mut(g)->play.leader_fought[nx_leader_find("gurney_halleck")] = (uint8_t)(nx_map_territory_parse("the_great_flat") + 1);
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:dr_yueh\",\"dial\":1", "illegal", "not available");
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:duncan_idaho\",\"dial\":1", "illegal", "another territory");
    nxt_plan(g, A, "\"leader\":\"leader:gurney_halleck\",\"dial\":1");
    nx_game_free(g);

    /* No leader and no Cheap Hero: announced, dial alone, no card. */
    g = nxt_battle_new(AHE, 3, 0);
    nxt_put(g, A, "the_great_flat", 4, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, A, "treachery:crysknife", NULL, NULL);
    const char *atr[] = { "dr_yueh", "duncan_idaho", "gurney_halleck", "lady_jessica", "thufir_hawat" };
    for (int i = 0; i < 5; i++) nxt_leader_to_tanks(g, atr[i]);
    json_t *r = nxt_stage_go(g);
    ck_assert(nxt_log_has(r, "Atreides has no leader or Cheap Hero to play"));
    json_decref(r);
    nxt_no_advantages(g);
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"dial\":1,\"weapon\":\"treachery:crysknife\"", "illegal", "no Treachery Card");
    nxt_plan(g, A, "\"dial\":4");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":3");
    /* No traitor call against a seat without a leader: only Atreides may call. */
    ck_assert(nxt_decision(g, A, NX_PEND_TRAITOR_CALL) && !nxt_decision(g, H, NX_PEND_TRAITOR_CALL));
    nxt_no_calls(g);
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);      /* 4 against 3 + 6 */
    ck_assert_int_eq(nxt_here(g, H, "the_great_flat"), 0);      /* Harkonnen loses its dial of 3 */
    nx_game_free(g);
}
END_TEST

START_TEST(cheap_hero)
{
    nx_game *g = duel(0);
    /* Harkonnen would rather keep its leaders home. */
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0,\"weapon\":\"treachery:crysknife\"");
    nxt_plan(g, H, "\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":1,\"defense\":\"treachery:snooper#1\"");
    nxt_no_calls(g);
    /* The Crysknife "kills" the Cheap Hero (no effect); Yueh's 0 + 1
     * ties the Cheap Hero's 1 + 0 and the aggressor wins the tie. */
    ck_assert_int_eq(nxt_here(g, H, "the_great_flat"), 0);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:cheap_hero#1"), NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:snooper#1"), NX_Z_TREACHERY_DISCARD);
    /* The winner decides about its Crysknife. */
    ck_assert_ptr_nonnull(nxt_decision(g, A, NX_PEND_BATTLE_CARDS));
    nxt_ok(g, A, "\"type\":\"pass\"");
    ck_assert_int_eq(nxt_card_zone(g, "treachery:crysknife"), NX_Z_SEAT(A, NX_ZS_TREACHERY));
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 4);
    nx_game_free(g);

    /* A winner's Cheap Hero is discarded; its other cards it may discard too. */
    g = duel(0);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0,\"weapon\":\"treachery:crysknife\",\"defense\":\"treachery:baliset\"");
    nxt_plan(g, H, "\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":3");
    nxt_no_calls(g);
    /* Harkonnen wins 3 to 1: its Cheap Hero goes, nothing is left to keep;
     * the loser's cards are discarded. */
    ck_assert_int_eq(nxt_card_zone(g, "treachery:cheap_hero#1"), NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:crysknife"), NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:baliset"), NX_Z_TREACHERY_DISCARD);
    ck_assert_ptr_null(nxt_decision(g, H, NX_PEND_BATTLE_CARDS));
    nx_game_free(g);
}
END_TEST

START_TEST(plans_stay_secret_until_both_are_in)
{
    nx_game *g = duel(0);
    nxt_plan(g, A, "\"leader\":\"leader:gurney_halleck\",\"dial\":2,\"weapon\":\"treachery:crysknife\"");
    for (int seat = -1; seat < 3; seat++) {
        json_t *v, *b = battle_view(g, seat, &v);
        ck_assert_str_eq(json_string_value(json_object_get(b, "territory")), "the_great_flat");
        ck_assert_int_eq(json_array_size(json_object_get(b, "planned")), 1);
        ck_assert_ptr_null(json_object_get(b, "plans"));
        json_decref(v);
        if (seat != A) ck_assert(!nxt_view_has(g, seat, "crysknife"));
    }
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1");
    json_t *v, *b = battle_view(g, E, &v);
    json_t *p0 = json_array_get(json_object_get(b, "plans"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(p0, "leader")), "leader:gurney_halleck");
    ck_assert_str_eq(json_string_value(json_object_get(p0, "weapon")), "crysknife");
    ck_assert(json_real_value(json_object_get(p0, "dial")) == 2.0);
    json_decref(v);
    nx_game_free(g);
}
END_TEST

START_TEST(bots_list_legal_moves)
{
    nxt_stage_check_moves(duel_basic, A);
    nxt_stage_check_moves(duel_basic, H);
    nxt_stage_check_moves(three_way, A);
    nx_game *g = duel(0);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:crysknife\"");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":0");
    ck_assert_int_ge(nxt_all_moves_accepted(g, A), 1);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_battle");
    TCase *tc = tcase_create("battle");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, no_battle_without_two_enemies);
    tcase_add_test(tc, advisors_do_not_fight);
    tcase_add_test(tc, storm_separates);
    tcase_add_test(tc, split_army);
    tcase_add_test(tc, three_factions_aggressor_chooses);
    tcase_add_test(tc, aggressors_in_storm_order);
    tcase_add_test(tc, bad_plans_refused);
    tcase_add_test(tc, leader_availability);
    tcase_add_test(tc, cheap_hero);
    tcase_add_test(tc, plans_stay_secret_until_both_are_in);
    tcase_add_test(tc, bots_list_legal_moves);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
