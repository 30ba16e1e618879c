/* Alliance powers outside decisions (docs/rules/alliances.md): the
 * Emperor's gift of spice to its ally, its refusals, and its timing (any
 * phase, with or without a decision of the Emperor's pending). */
#include "nx_phase_testutil.h"

static const nx_faction EMP_ATR_HAR[] = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN };

/* The Emperor (seat 0) allied with Atreides (seat 1), in Shipment and
 * Movement with seat 0's turn under way. */
static nx_game *allied(void)
{
    nx_game *g = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_SHIPMENT_MOVEMENT, 2, 10);
    nxt_ally(g, 0, 1);
    nxt_settle(g);
    nxt_offer_aid(g, 0);   /* the offers of aid opening the phase (docs/rules/alliances.md) */
    return g;
}

START_TEST(test_gift_moves_spice_publicly)
{
    nx_game *g = allied();
    char *r = nxt_apply(g, 0, "{\"type\":\"give_spice\",\"amount\":3}");
    ck_assert_msg(nxt_accepted(r), "%s", r);
    /* The amount is public: the hand-over is a visible act. */
    ck_assert_ptr_nonnull(strstr(r, "Emperor gives 3 spice to its ally Atreides"));
    free(r);
    ck_assert_int_eq(nxt_spice(g, 0), 7);
    ck_assert_int_eq(nxt_spice(g, 1), 13);
    ck_assert_int_eq(nxt_spice(g, 2), 10);
    /* All of it, and the Emperor's decision is still the one pending. */
    NXT_OK(g, 0, "{\"type\":\"give_spice\",\"amount\":7}");
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 1), 20);
    ck_assert_int_eq(nxt_pending(g, 0)->kind, NX_PEND_SHIP_MOVE);
    nx_game_free(g);
}
END_TEST

START_TEST(test_gift_refusals)
{
    nx_game *g = allied();
    NXT_REFUSED(g, 1, "illegal", "only the Emperor", "{\"type\":\"give_spice\",\"amount\":1}");
    NXT_REFUSED(g, 2, "illegal", "only the Emperor", "{\"type\":\"give_spice\",\"amount\":1}");
    NXT_REFUSED(g, 0, "illegal", "has only 10 spice", "{\"type\":\"give_spice\",\"amount\":11}");
    NXT_REFUSED(g, 0, "illegal", "from 1 to", "{\"type\":\"give_spice\",\"amount\":0}");
    NXT_REFUSED(g, 0, "illegal", "from 1 to", "{\"type\":\"give_spice\",\"amount\":-2}");
    NXT_REFUSED(g, 0, "malformed", "must be an integer", "{\"type\":\"give_spice\",\"amount\":\"3\"}");
    NXT_REFUSED(g, 0, "malformed", "must be an integer", "{\"type\":\"give_spice\"}");
    NXT_REFUSED(g, 0, "malformed", "unknown key", "{\"type\":\"give_spice\",\"amount\":1,\"to\":2}");
    ck_assert_int_eq(nxt_spice(g, 0), 10);
    nx_game_free(g);

    /* No ally, no gift. */
    g = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_SHIPMENT_MOVEMENT, 2, 10);
    nxt_settle(g);
    NXT_REFUSED(g, 0, "illegal", "no ally", "{\"type\":\"give_spice\",\"amount\":1}");
    nx_game_free(g);

    /* Nor once the game is over. */
    g = allied();
    nx_game_state_mut(g)->play.over = 1;
    NXT_REFUSED(g, 0, "illegal", "over", "{\"type\":\"give_spice\",\"amount\":1}");
    nx_game_free(g);
}
END_TEST

/* "At any time": while someone else decides, in another phase. */
START_TEST(test_gift_at_any_time)
{
    nx_game *g = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_SHIPMENT_MOVEMENT, 2, 10);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->first_seat = 2;
    nxt_settle(g);
    ck_assert_int_eq(nxt_offer_aid(g, 0), 2);
    ck_assert_ptr_null(nxt_pending(g, 0));
    ck_assert_ptr_nonnull(nxt_pending(g, 2));
    uint32_t before = nx_game_state(g)->version;
    NXT_OK(g, 0, "{\"type\":\"give_spice\",\"amount\":4}");
    ck_assert_int_eq(nx_game_state(g)->version, before + 1);
    ck_assert_int_eq(nxt_spice(g, 1), 14);
    /* Nothing else moved on: seat 2 still decides. */
    ck_assert_int_eq(nxt_pending(g, 2)->kind, NX_PEND_SHIP_MOVE);
    ck_assert_ptr_null(nxt_pending(g, 0));
    nx_game_free(g);

    /* In Bidding, the ally may then bid what the Emperor gave. */
    g = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_BIDDING, 2, 0);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->seats[0].spice = 6;
    nxt_settle(g);
    NXT_OK(g, 0, "{\"type\":\"give_spice\",\"amount\":6}");
    ck_assert_int_eq(nxt_spice(g, 1), 6);
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_BIDDING);
    nx_game_free(g);
}
END_TEST

/* The same actions from the same seed give the same state. */
START_TEST(test_gift_is_deterministic)
{
    nx_game *a = allied(), *b = allied();
    NXT_OK(a, 0, "{\"type\":\"give_spice\",\"amount\":2}");
    NXT_OK(b, 0, "{\"type\":\"give_spice\",\"amount\":2}");
    ck_assert(!memcmp(nx_game_state(a), nx_game_state(b), sizeof(nx_state)));
    nx_game_free(a);
    nx_game_free(b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ally");
    TCase *tc = tcase_create("ally");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_gift_moves_spice_publicly);
    tcase_add_test(tc, test_gift_refusals);
    tcase_add_test(tc, test_gift_at_any_time);
    tcase_add_test(tc, test_gift_is_deterministic);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
