/* core/nx_invoice: the record of a payment that is due: quote, find,
 * redirect once, the invariant, every seat's view, and the saved state. */
#include <stdlib.h>
#include <string.h>

#include "nx_invoice.h"
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

/* Seat 0 buys lot 2 (treachery card 3) for 5: 3 of its own, 2 from seat 1. */
static int quote(nx_state *s)
{
    nx_invoice inv = { .kind = NX_INV_PURCHASE, .buyer = 0, .payee = NX_INV_BANK, .item = nx_comp_treachery(3),
                       .lot = 2, .price = 5, .payer = { 0, 1, NX_NO_SEAT }, .share = { 3, 2, 0 } };
    return nx_invoice_open(s, &inv);
}

START_TEST(test_quote_and_find)
{
    nx_state s;
    seated(&s);
    ck_assert_int_eq(nx_invoice_find(&s, NX_INV_PURCHASE), -1);
    ck_assert_int_eq(quote(&s), 0);
    ck_assert_int_eq(nx_invoice_find(&s, NX_INV_PURCHASE), 0);
    ck_assert_int_eq(nx_invoice_find(&s, NX_INV_SHIPMENT), -1);
    nx_invoice got;
    nx_invoice_get(&s, 0, &got);
    ck_assert_int_eq(got.price, 5);
    ck_assert_int_eq(got.share[1], 2);
    ck_assert_int_eq(s.play.inv_turn[0], 2);
    char msg[200];
    ck_assert_msg(nx_state_check(&s, msg, sizeof msg) == 0, "%s", msg);
    for (int i = 1; i < NX_MAX_INVOICES; i++) ck_assert_int_eq(quote(&s), i);
    ck_assert_int_eq(quote(&s), -1);   /* full: the caller fails the action */
    nx_invoices_clear(&s);
    ck_assert_int_eq(nx_invoice_find(&s, NX_INV_PURCHASE), -1);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
}
END_TEST

START_TEST(test_redirect_once)
{
    nx_state s;
    seated(&s);
    int i = quote(&s);
    char msg[200];
    uint8_t payer[NX_INVOICE_PAYERS] = { 2, NX_NO_SEAT, NX_NO_SEAT }, share[NX_INVOICE_PAYERS] = { 4, 0, 0 };
    /* Shares that do not add up to the price are refused, the record unchanged. */
    ck_assert_int_eq(nx_invoice_redirect(&s, i, payer, share, NX_INV_SPICE, 8, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "the shares add up to 4, not the price of 5");
    ck_assert_int_eq(s.play.inv_redirect[i], 0);
    /* An unseated second payer is refused before the first is written. */
    nx_state before = s;
    uint8_t bad_payer[NX_INVOICE_PAYERS] = { 2, 9, NX_NO_SEAT }, bad_share[NX_INVOICE_PAYERS] = { 3, 2, 0 };
    ck_assert_int_eq(nx_invoice_redirect(&s, i, bad_payer, bad_share, NX_INV_SPICE, 8, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "payer 9 is not seated");
    ck_assert(!memcmp(&before, &s, sizeof s));
    share[0] = 5;
    ck_assert_int_eq(nx_invoice_redirect(&s, i, payer, share, NX_INV_SPICE, 8, msg, sizeof msg), 0);
    ck_assert_int_eq(s.play.inv_payer[0], 2);
    ck_assert_int_eq(s.play.inv_payer[1], NX_NO_SEAT);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    /* A second card cannot redirect it again. */
    ck_assert_int_eq(nx_invoice_redirect(&s, i, payer, share, NX_INV_KEPT, 9, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "the purchase invoice was already redirected by another card");
    /* Kept: nothing is owed. */
    nx_invoice_close(&s, i);
    i = quote(&s);
    ck_assert_int_eq(nx_invoice_redirect(&s, i, payer, share, NX_INV_KEPT, 9, msg, sizeof msg), 0);
    ck_assert_int_eq(s.play.inv_share[0], 0);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    s.play.inv_status[i] = NX_INV_PAID;
    ck_assert_int_eq(nx_invoice_redirect(&s, i, payer, share, NX_INV_SPICE, 9, msg, sizeof msg), -1);
}
END_TEST

/* A shipment's payment taken once (Spacing Guild Betrayal): the payee
 * becomes the taker, the payers stay; its shares are committed while due;
 * the terms that shaped it are in range and in every view. */
START_TEST(test_take_once_and_committed)
{
    nx_state s;
    seated(&s);
    nx_invoice inv = { .kind = NX_INV_SHIPMENT, .buyer = 0, .payee = 1, .item = NX_COMP_NONE, .lot = 3, .price = 3,
                       .payer = { 0, 2, NX_NO_SEAT }, .share = { 1, 2, 0 }, .terms = NX_INV_TERM_ALLY };
    int i = nx_invoice_open(&s, &inv);
    char msg[200];
    ck_assert_int_eq(nx_invoice_committed(&s, 2, NX_INV_SHIPMENT), 2);
    ck_assert_int_eq(nx_invoice_committed(&s, 2, NX_INV_PURCHASE), 0);
    ck_assert_int_eq(nx_invoice_take(&s, i, 9, 17, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "seat 9 is not seated");
    ck_assert_int_eq(s.play.inv_payee[i], 1);
    ck_assert_int_eq(nx_invoice_take(&s, i, 2, 17, msg, sizeof msg), 0);
    ck_assert_int_eq(s.play.inv_payee[i], 2);
    ck_assert_int_eq(s.play.inv_payer[i * NX_INVOICE_PAYERS + 1], 2);
    ck_assert_int_eq(s.play.inv_redirect[i], 17);
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), 0);
    ck_assert_int_eq(nx_invoice_take(&s, i, 1, 17, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "the shipment invoice was already redirected by another card");
    json_t *v = nx_invoices_view(&s, -1);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(json_array_get(v, 0), "terms"), 0)), "ally");
    json_decref(v);
    s.play.inv_terms[i] = 0x80;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    s.play.inv_terms[i] = 0;
    nx_invoice_paid(&s, i);
    ck_assert_int_eq(nx_invoice_committed(&s, 2, NX_INV_SHIPMENT), 0);
    /* Nothing to take: a free or a Karama-paid payment. */
    nx_invoice_close(&s, i);
    inv.means = NX_INV_KARAMA;
    memset(inv.share, 0, sizeof inv.share);
    i = nx_invoice_open(&s, &inv);
    ck_assert_int_eq(nx_invoice_take(&s, i, 2, 17, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "the shipment invoice is not paid in spice: there is nothing to take");
}
END_TEST

START_TEST(test_invariant_refuses_bad_records)
{
    nx_state s;
    seated(&s);
    int i = quote(&s);
    char msg[200];
    s.play.inv_share[0] = 4;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "invoice 0 (purchase): shares add up to 6, not 5");
    s.play.inv_share[0] = 3;
    s.play.inv_payee[i] = 5;
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    s.play.inv_payee[i] = NX_INV_BANK;
    s.play.inv_price[1] = 1;   /* an empty slot must be blank */
    ck_assert_int_eq(nx_state_check(&s, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "invoice slot 1 is empty but not blank");
}
END_TEST

START_TEST(test_views_and_saved_state)
{
    nx_state s;
    seated(&s);
    quote(&s);
    /* The card bought is in the buyer's hand (nx_invoices_view shows it
     * only while it is there). */
    s.custody.zone[nx_comp_treachery(3)] = NX_Z_SEAT(0, NX_ZS_TREACHERY);
    /* The buyer sees the card and the split; its ally the split; others neither. */
    json_t *v0 = nx_invoices_view(&s, 0), *v1 = nx_invoices_view(&s, 1), *v2 = nx_invoices_view(&s, 2),
           *spec = nx_invoices_view(&s, -1);
    json_t *e0 = json_array_get(v0, 0), *e1 = json_array_get(v1, 0), *e2 = json_array_get(v2, 0);
    ck_assert_str_eq(json_string_value(json_object_get(e0, "item")), nx_comp_id(nx_comp_treachery(3)));
    ck_assert_int_eq(json_array_size(json_object_get(e0, "payers")), 2);
    ck_assert_ptr_null(json_object_get(e1, "item"));
    ck_assert_ptr_nonnull(json_object_get(e1, "payers"));
    ck_assert_ptr_null(json_object_get(e2, "item"));
    /* Taken from the hand (a Harkonnen Karama power), it is no longer shown. */
    s.custody.zone[nx_comp_treachery(3)] = NX_Z_SEAT(2, NX_ZS_TREACHERY);
    json_t *gone = nx_invoices_view(&s, 0);
    ck_assert_ptr_null(json_object_get(json_array_get(gone, 0), "item"));
    json_decref(gone);
    s.custody.zone[nx_comp_treachery(3)] = NX_Z_SEAT(0, NX_ZS_TREACHERY);
    ck_assert_ptr_null(json_object_get(e2, "payers"));
    ck_assert_int_eq(json_integer_value(json_object_get(e2, "price")), 5);
    ck_assert_str_eq(json_string_value(json_object_get(e2, "payee")), "bank");
    ck_assert(json_equal(v2, spec));
    json_decref(v0), json_decref(v1), json_decref(v2), json_decref(spec);
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
    Suite *s = suite_create("invoice");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, test_quote_and_find);
    tcase_add_test(tc, test_redirect_once);
    tcase_add_test(tc, test_take_once_and_committed);
    tcase_add_test(tc, test_invariant_refuses_bad_records);
    tcase_add_test(tc, test_views_and_saved_state);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
