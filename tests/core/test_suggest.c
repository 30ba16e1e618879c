/* core/nx_suggest: "did you mean" for mistyped names (distance, choice,
 * the hint's two forms), and the zone hint staged positions use. */
#include <check.h>
#include <string.h>

#include "nx_custody.h"
#include "nx_suggest.h"
#include "nx_testutil.h"

START_TEST(test_distance)
{
    ck_assert_int_eq(nx_suggest_distance("", ""), 0);
    ck_assert_int_eq(nx_suggest_distance("script", "script"), 0);
    ck_assert_int_eq(nx_suggest_distance("scirpt", "script"), 1);   /* a swap is one edit */
    ck_assert_int_eq(nx_suggest_distance("scrpt", "script"), 1);
    ck_assert_int_eq(nx_suggest_distance("scriptt", "script"), 1);
    ck_assert_int_eq(nx_suggest_distance("kitten", "sitting"), 3);
    ck_assert_int_eq(nx_suggest_distance("", "abc"), 3);
}
END_TEST

START_TEST(test_choice)
{
    static const char *const keys[] = { "id", "text", "when", "unbuilt", NULL };
    ck_assert_str_eq(nx_suggest("txt", keys, NX_SUGGEST_NULL_TERMINATED), "text");
    ck_assert_str_eq(nx_suggest("unbuit", keys, NX_SUGGEST_NULL_TERMINATED), "unbuilt");
    /* Too far, or the whole word replaced: no suggestion. */
    ck_assert_ptr_null(nx_suggest("moment", keys, NX_SUGGEST_NULL_TERMINATED));
    ck_assert_ptr_null(nx_suggest("x", keys, NX_SUGGEST_NULL_TERMINATED));
    ck_assert_ptr_null(nx_suggest("ix", keys, 0));
    /* n bounds the list: "unbuilt" is past it. */
    ck_assert_ptr_null(nx_suggest("unbuit", keys, 3));
}
END_TEST

START_TEST(test_hint_forms)
{
    static const char *const words[] = { "phase", "event" };
    char buf[64];
    ck_assert_str_eq(nx_suggest_hint(buf, sizeof buf, "evnt", words, 2), " (did you mean 'event'?)");
    ck_assert_str_eq(nx_suggest_hint(buf, sizeof buf, "moment", words, 2), " (valid: phase, event)");
    /* A list longer than the buffer is cut visibly, never silently. */
    char small[12];
    nx_suggest_hint(small, sizeof small, "moment", words, 2);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert_str_eq(small + strlen(small) - 3, "...");
}
END_TEST

START_TEST(test_zone_hint)
{
    char buf[1024];
    ck_assert_str_eq(nx_zone_hint("nexus_dek", buf, sizeof buf), " (did you mean 'nexus_deck'?)");
    ck_assert_str_eq(nx_zone_hint("seat2.traitor", buf, sizeof buf),
                     " (did you mean 'seat2.traitors'?)");
    nx_zone_hint("garbage_heap_of_nothing", buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, " (valid: "));
    ck_assert_ptr_nonnull(strstr(buf, "treachery_deck"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("suggest");
    TCase *t = tcase_create("suggest");
    tcase_add_test(t, test_distance);
    tcase_add_test(t, test_choice);
    tcase_add_test(t, test_hint_forms);
    tcase_add_test(t, test_zone_hint);
    suite_add_tcase(s, t);
    return nx_run_suite(s);
}
