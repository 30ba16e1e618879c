/* The table of decision kinds: every kind a decision can be has a name and
 * exactly one owning module (the modules' decision lists, nx_module.h). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "nx_runtime.h"
#include "nx_names.h"
#include "nx_testutil.h"

START_TEST(test_every_kind_named_and_owned)
{
    ck_assert_ptr_null(nx_names_pending[NX_PEND_NONE]);
    for (int k = NX_PEND_NONE + 1; k < NX_PEND_KIND_COUNT; k++) {
        ck_assert_msg(nx_names_pending[k] != NULL, "decision kind %d has no name", k);
        for (int j = NX_PEND_NONE + 1; j < k; j++)
            ck_assert_msg(strcmp(nx_names_pending[j], nx_names_pending[k]), "kinds %d and %d share a name", j, k);
        ck_assert_msg(nx_ruleset_decision_owner(&nx_dune_ruleset, k) != NULL, "decision kind %s has no owner, or two",
                      nx_names_pending[k]);
    }
    ck_assert_str_eq(nx_ruleset_decision_owner(&nx_dune_ruleset, NX_PEND_CHARITY), "charity");
    ck_assert_str_eq(nx_ruleset_decision_owner(&nx_dune_ruleset, NX_PEND_BID), "bidding");
    ck_assert_ptr_null(nx_ruleset_decision_owner(&nx_dune_ruleset, NX_PEND_KIND_COUNT));
    /* The Nexus card layer owns its decisions; the turn names none of them. */
    ck_assert_str_eq(nx_ruleset_decision_owner(&nx_dune_ruleset, NX_PEND_NEXUS_DRAW), "lifecycle");
    ck_assert_str_eq(nx_ruleset_decision_owner(&nx_dune_ruleset, NX_PEND_PANEL), "panels");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("decisions");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_every_kind_named_and_owned);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
