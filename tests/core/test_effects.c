/* core/nx_effects: the store of effects that outlive a card: add, find,
 * scopes, the invariant, the public view, and the saved state. */
#include <stdlib.h>
#include <string.h>

#include "nx_effects.h"
#include "nx_leaders.h"
#include "nx_state_json.h"
#include "nx_testutil.h"

static void seated(nx_state *s)
{
    nx_state_init(s, 7, NX_OPT_NEXUS_CARDS);
    s->nseats = 3;
    for (int i = 0; i < 3; i++) {
        s->seats[i].faction = (int8_t)(NX_ATREIDES + i);
        s->seats[i].ally = NX_NO_SEAT;
        nx_state_reserve_all_forces(s, (uint8_t)i);
    }
    s->turn = 2;
}

static int add(nx_state *s, nx_effect_kind k, uint8_t seat, nx_effect_end end, int arg)
{
    nx_effect e = { .kind = k, .seat = seat, .source = 7, .end = end, .arg = (uint8_t)arg };
    return nx_effect_add(s, &e);
}

START_TEST(test_add_find_and_bind)
{
    nx_state s;
    seated(&s);
    s.play.battle_t = 5;
    ck_assert_int_eq(add(&s, NX_EFF_VIRTUAL_ELITE, 2, NX_END_BATTLE, 5), 0);
    ck_assert_int_eq(add(&s, NX_EFF_STOP, 1, NX_END_BATTLE, 4), 1);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_STOP, NX_NO_SEAT, 4), 1);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_STOP, 2, -1), -1);
    ck_assert_int_eq(s.play.effect_territory[0], 5);
    ck_assert_int_eq(s.play.effect_turn[0], 2);
    char msg[200];
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    for (int i = 2; i < NX_MAX_EFFECTS; i++) ck_assert_int_ge(add(&s, NX_EFF_GRANT, 0, NX_END_TURN, 2), 0);
    ck_assert_int_eq(add(&s, NX_EFF_GRANT, 0, NX_END_TURN, 2), -1);   /* full: the caller fails the action */
}
END_TEST

START_TEST(test_scopes_end_narrower_first)
{
    nx_state s;
    seated(&s);
    add(&s, NX_EFF_STOP, 0, NX_END_ATTEMPT, 2);
    add(&s, NX_EFF_STOP, 0, NX_END_BATTLE, 3);
    add(&s, NX_EFF_GRANT, 1, NX_END_PHASE, 2);
    add(&s, NX_EFF_GRANT, 1, NX_END_TURN, 3);
    add(&s, NX_EFF_GRANT, 2, NX_END_MENTAT, 2);
    nx_effects_expire(&s, NX_END_BATTLE);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_STOP, NX_NO_SEAT, -1), -1);
    ck_assert_int_ge(nx_effect_find(&s, NX_EFF_GRANT, 1, 2), 0);
    nx_effects_expire(&s, NX_END_PHASE);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_GRANT, 1, 2), -1);
    ck_assert_int_ge(nx_effect_find(&s, NX_EFF_GRANT, 1, 3), 0);
    /* A turn's end never ends what is owed at the next Mentat Pause. */
    nx_effects_expire(&s, NX_END_MENTAT);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_GRANT, 1, 3), -1);
    ck_assert_int_ge(nx_effect_find(&s, NX_EFF_GRANT, 2, 2), 0);
    /* Freed slots are blank again: the invariant holds. */
    char msg[200];
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
}
END_TEST

START_TEST(test_invariant_refuses_bad_records)
{
    nx_state s;
    seated(&s);
    char msg[200];
    add(&s, NX_EFF_STOP, 1, NX_END_BATTLE, 2);
    s.play.effect_seat[0] = 4;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "not seated"));
    seated(&s);
    s.play.effect_arg[3] = 1;   /* an empty slot with data left in it */
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "not blank"));
}
END_TEST

START_TEST(test_bound_cards_and_owed_draws)
{
    /* A cancellation binds a Traitor Card, a retention a Treachery card, an
     * owed draw 1..6 cards; the view names a bound card, the owed draw
     * outlives every scope but its Mentat Pause. */
    nx_state s;
    seated(&s);
    char msg[200];
    add(&s, NX_EFF_CANCELLED, 1, NX_END_BATTLE, nx_comp_treachery(0));
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "cannot"));
    seated(&s);
    add(&s, NX_EFF_OWED_DRAW, 1, NX_END_MENTAT, 0);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    seated(&s);
    add(&s, NX_EFF_CANCELLED, 0, NX_END_BATTLE, nx_comp_traitor(nx_leader_find("bashar")));
    add(&s, NX_EFF_OWED_DRAW, 1, NX_END_MENTAT, 1);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    json_t *v = nx_effects_view(&s);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(v, 0), "card")), "traitor:bashar");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(v, 1), "kind")), "owed_draw");
    json_decref(v);
    nx_effects_expire(&s, NX_END_TURN);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_CANCELLED, NX_NO_SEAT, -1), -1);
    int i = nx_effect_find(&s, NX_EFF_OWED_DRAW, 1, 1);
    ck_assert_int_ge(i, 0);
    nx_effect_remove(&s, i);
    ck_assert_int_eq(nx_effect_find(&s, NX_EFF_OWED_DRAW, NX_NO_SEAT, -1), -1);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
}
END_TEST

/* "allow" effects: the terms of one seat add up; using some clears them
 * from every record that held them and empties a record left with none;
 * a record permitting nothing, or an unknown term, is refused. */
START_TEST(test_allow_terms_are_used_up)
{
    nx_state s;
    seated(&s);
    ck_assert_int_eq(add(&s, NX_EFF_ALLOW, 1, NX_END_PHASE, NX_ALLOW_GUILD_RATES | NX_ALLOW_CROSS_SHIP), 0);
    ck_assert_int_eq(add(&s, NX_EFF_ALLOW, 1, NX_END_PHASE, NX_ALLOW_SECOND_SHIP), 1);
    ck_assert_int_eq(add(&s, NX_EFF_ALLOW, 2, NX_END_PHASE, NX_ALLOW_FIVE_AS_ONE), 2);
    ck_assert_uint_eq(nx_effect_allowed(&s, 1), NX_ALLOW_GUILD_RATES | NX_ALLOW_CROSS_SHIP | NX_ALLOW_SECOND_SHIP);
    ck_assert_uint_eq(nx_effect_allowed(&s, 0), 0);
    ck_assert_uint_eq(nx_effect_use_allowed(&s, 1, NX_ALLOW_SHIPPING), NX_ALLOW_GUILD_RATES | NX_ALLOW_CROSS_SHIP);
    ck_assert_int_eq(s.play.effect_kind[0], NX_EFF_NONE);   /* emptied and blank */
    ck_assert_uint_eq(nx_effect_allowed(&s, 1), NX_ALLOW_SECOND_SHIP);
    ck_assert_uint_eq(nx_effect_use_allowed(&s, 1, NX_ALLOW_SHIPPING), 0);
    ck_assert_uint_eq(nx_effect_allowed(&s, 2), NX_ALLOW_FIVE_AS_ONE);
    char msg[200];
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    s.play.effect_arg[1] = 0;
    ck_assert_int_ne(nx_state_check(&s, msg, sizeof msg), 0);
    ck_assert_ptr_nonnull(strstr(msg, "allow"));
    s.play.effect_arg[1] = 1u << NX_ALLOW_BITS;
    ck_assert_int_ne(nx_state_check(&s, msg, sizeof msg), 0);
    nx_effect_remove(&s, 1);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    ck_assert_uint_eq(nx_effect_allowed(&s, 1), 0);
}
END_TEST

START_TEST(test_view_and_saved_state)
{
    nx_state s;
    seated(&s);
    s.play.battle_t = 5;
    add(&s, NX_EFF_VIRTUAL_ELITE, 2, NX_END_BATTLE, 5);
    json_t *v = nx_effects_view(&s);
    ck_assert_int_eq(json_array_size(v), 1);
    json_t *e = json_array_get(v, 0);
    ck_assert_str_eq(json_string_value(json_object_get(e, "kind")), "virtual_elite");
    ck_assert_str_eq(json_string_value(json_object_get(e, "scope")), "battle");
    ck_assert_int_eq(json_integer_value(json_object_get(e, "arg")), 5);
    json_decref(v);
    char *text = nx_state_json_encode_text(&s);
    ck_assert_ptr_nonnull(text);
    nx_state back;
    char err[300];
    ck_assert_msg(nx_state_json_decode_text(text, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(memcmp(&s, &back, sizeof s), 0);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("effects");
    TCase *tc = tcase_create("store");
    tcase_add_test(tc, test_add_find_and_bind);
    tcase_add_test(tc, test_scopes_end_narrower_first);
    tcase_add_test(tc, test_invariant_refuses_bad_records);
    tcase_add_test(tc, test_bound_cards_and_owed_draws);
    tcase_add_test(tc, test_view_and_saved_state);
    tcase_add_test(tc, test_allow_terms_are_used_up);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
