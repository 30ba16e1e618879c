/* The one spice transfer function (interpreter/engine/nx_spice.h): seat and
 * bank, refusal with the state unchanged, no balance ever negative, the
 * ledger, no public line (secrecy), the ally-assisted payment, and the
 * invariant that catches a negative balance. */
#include "nx_phase_testutil.h"
#include "nx_spice.h"

static const nx_faction EMP_ATR_HAR[] = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN };

static nx_game *game;

/* A handler's view of a staged game: every seat holds 10 spice. */
static nx_act act_on(nx_state *s)
{
    game = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_SHIPMENT_MOVEMENT, 2, 10);
    nxt_settle(game);
    memcpy(s, nxt_mut(game), sizeof *s);
    return (nx_act){ .s = s, .rt = &nxt_rt, .seat = -1, .log = json_array() };
}

static void done(nx_act *a)
{
    json_decref(a->log);
    nx_game_free(game);
}

static void assert_valid(const nx_state *s)
{
    char msg[256];
    ck_assert_msg(nx_state_check(s, msg, sizeof msg) == 0, "%s", msg);
}

START_TEST(test_seat_to_seat_and_bank)
{
    nx_state s;
    nx_act a = act_on(&s);
    ck_assert_int_eq(nx_spice_transfer(&a, 0, 1, 4, "gift"), 0);
    ck_assert_int_eq(s.seats[0].spice, 6);
    ck_assert_int_eq(s.seats[1].spice, 14);
    ck_assert_int_eq(nx_spice_transfer(&a, 2, NX_SPICE_BANK, 10, "shipment"), 0);
    ck_assert_int_eq(s.seats[2].spice, 0);
    ck_assert_int_eq(nx_spice_transfer(&a, NX_SPICE_BANK, 2, 3, "charity"), 0);
    ck_assert_int_eq(s.seats[2].spice, 3);
    /* Paying oneself moves nothing but is recorded. */
    ck_assert_int_eq(nx_spice_transfer(&a, 1, 1, 14, "ally's card"), 0);
    ck_assert_int_eq(s.seats[1].spice, 14);
    /* Zero is a transfer too. */
    ck_assert_int_eq(nx_spice_transfer(&a, 2, 0, 0, "nothing"), 0);
    assert_valid(&s);
    /* The ledger holds every transfer in order... */
    ck_assert_int_eq(a.nledger, 5);
    ck_assert_int_eq(a.ledger[0].payer, 0);
    ck_assert_int_eq(a.ledger[0].payee, 1);
    ck_assert_int_eq(a.ledger[0].amount, 4);
    ck_assert_str_eq(a.ledger[0].reason, "gift");
    ck_assert_int_eq(a.ledger[1].payee, NX_SPICE_BANK);
    ck_assert_int_eq(a.ledger[2].payer, NX_SPICE_BANK);
    ck_assert_str_eq(a.ledger[2].reason, "charity");
    /* ... and no public line: amounts behind a shield stay there. */
    ck_assert_int_eq(json_array_size(a.log), 0);
    ck_assert_int_eq(a.failed_late, 0);
    done(&a);
}
END_TEST

START_TEST(test_refusal_leaves_state_unchanged)
{
    nx_state s, before;
    nx_act a = act_on(&s);
    memcpy(&before, &s, sizeof s);
    ck_assert_int_eq(nx_spice_transfer(&a, 1, 2, 11, "a card"), -1);
    ck_assert_int_eq(memcmp(&before, &s, sizeof s), 0);
    ck_assert_str_eq(a.code, "illegal");
    ck_assert_msg(strstr(a.err, "Atreides cannot pay 11 spice for a card: it has 10"), "%s", a.err);
    /* The refusal fails the action even where a procedure cannot return it. */
    ck_assert_int_eq(a.failed_late, 1);
    ck_assert_int_eq(a.nledger, 0);
    /* A payee that could not hold it is refused too. */
    a.failed_late = 0;
    s.seats[0].spice = INT16_MAX - 1;
    memcpy(&before, &s, sizeof s);
    ck_assert_int_eq(nx_spice_transfer(&a, NX_SPICE_BANK, 0, 2, "income"), -1);
    ck_assert_int_eq(memcmp(&before, &s, sizeof s), 0);
    ck_assert_msg(strstr(a.err, "cannot hold 2 more spice"), "%s", a.err);
    done(&a);
}
END_TEST

START_TEST(test_never_negative)
{
    nx_state s;
    nx_act a = act_on(&s);
    /* Every amount from 0 to past the purse: the balance never goes below 0. */
    for (int amount = 0; amount <= 25; amount++) {
        int had = s.seats[1].spice;
        int rc = nx_spice_transfer(&a, 1, NX_SPICE_BANK, amount % 7, "probe");
        ck_assert(s.seats[1].spice >= 0);
        ck_assert_int_eq(rc == 0, had >= amount % 7);
        ck_assert_int_eq(s.seats[1].spice, rc == 0 ? had - amount % 7 : had);
    }
    ck_assert_int_eq(nx_spice_set(&a, 2, -1, "staged"), -1);
    ck_assert_int_eq(s.seats[2].spice, 10);
    ck_assert_int_eq(nx_spice_set(&a, 2, 4, "staged"), 0);
    ck_assert_int_eq(s.seats[2].spice, 4);
    done(&a);
}
END_TEST

START_TEST(test_bribes)
{
    nx_state s;
    nx_act a = act_on(&s);
    ck_assert_int_eq(nx_spice_bribe(&a, 0, 2, 4), 0);
    ck_assert_int_eq(s.seats[0].spice, 6);
    ck_assert_int_eq(s.seats[2].bribes, 4);
    ck_assert_int_eq(s.seats[2].spice, 10);
    ck_assert_int_eq(nx_spice_bribe(&a, 0, 2, 7), -1);
    ck_assert_int_eq(s.seats[0].spice, 6);
    ck_assert_int_eq(nx_spice_collect_bribes(&a, 2), 4);
    ck_assert_int_eq(s.seats[2].spice, 14);
    ck_assert_int_eq(s.seats[2].bribes, 0);
    assert_valid(&s);
    done(&a);
}
END_TEST

/* nx_state_check catches a negative balance, behind or in front of a shield. */
START_TEST(test_invariant_catches_negative)
{
    nx_state s;
    nx_act a = act_on(&s);
    assert_valid(&s);
    char msg[256];
    s.seats[1].spice = -1;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_msg(strstr(msg, "seat 1 has -1 spice") && strstr(msg, "never negative"), "%s", msg);
    s.seats[1].spice = 0;
    s.seats[2].bribes = -3;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_msg(strstr(msg, "seat 2 has 10 spice behind its shield and -3 in front"), "%s", msg);
    done(&a);
}
END_TEST

/* Through the engine: a refused payment is an action error and the game
 * is as it was; an accepted one logs the caller's public line only. */
START_TEST(test_through_the_engine)
{
    nx_game *g = nxt_stage_turn2(EMP_ATR_HAR, 3, 0, NX_P_SHIPMENT_MOVEMENT, 2, 10);
    nxt_settle(g);
    char *before = nx_game_save(g);
    NXT_REFUSED(g, 0, "illegal", "", "{\"type\":\"bribe\",\"to\":1,\"amount\":11}");
    char *after = nx_game_save(g);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    char *r = nxt_apply(g, 0, "{\"type\":\"bribe\",\"to\":1,\"amount\":3}");
    ck_assert_msg(nxt_accepted(r), "%s", r);
    ck_assert_ptr_nonnull(strstr(r, "places 3 spice in front of the shield of Atreides as a bribe"));
    ck_assert_ptr_null(strstr(r, "ledger"));
    free(r);
    ck_assert_int_eq(nxt_spice(g, 0), 7);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("spice");
    TCase *tc = tcase_create("transfer");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, test_seat_to_seat_and_bank);
    tcase_add_test(tc, test_refusal_leaves_state_unchanged);
    tcase_add_test(tc, test_never_negative);
    tcase_add_test(tc, test_bribes);
    tcase_add_test(tc, test_invariant_catches_negative);
    tcase_add_test(tc, test_through_the_engine);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
