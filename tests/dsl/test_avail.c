/*
 * dsl/nx_avail: availability of the 36 panels under ruling settings, on
 * the fixture pack tests/fixtures/packs/good:
 *   atreides.*, most others     unavailable (not implemented)
 *   harkonnen.cunning           implemented, no rulings
 *   bene_gesserit.cunning       implemented, gated whole by an open question
 *                               (default unresolved)
 *   choam.cunning               implemented, paths purchase (open question,
 *                               default unresolved) and sale (provisional,
 *                               default list_price)
 */
#include <stdlib.h>
#include <string.h>

#include "nx_avail.h"
#include "nx_avail_share.h"
#include "nx_testutil.h"
#include "nx_util.h"

#define BG_RULING "bene_gesserit.cunning.storm_stronghold"
#define PURCHASE_RULING "choam.cunning.purchase_limit"
#define SALE_RULING "choam.cunning.sale_price"

static nx_pack pack;
static nx_settings settings;
static nx_avail av;

static void setup(void)
{
    char *path = nx_fixture("packs/good/pack.yaml");
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(path, &pack, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    nx_diags_free(&d);
    free(path);
    nx_settings_init(&settings);
    memset(&av, 0, sizeof av);
}

static void teardown(void)
{
    nx_avail_free(&av);
    nx_settings_free(&settings);
    nx_pack_free(&pack);
}

static void set(const char *id, const char *value)
{
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_settings_set(&settings, &pack.rulings, id, value, &d), 0);
    nx_diags_free(&d);
}

static void compute(void)
{
    nx_avail_free(&av);
    nx_avail_compute(&pack, &settings, &av);
}

static const nx_panel_avail *panel(const char *id)
{
    const nx_panel_avail *pa = nx_avail_panel(&av, id);
    ck_assert_msg(pa != NULL, "no panel %s", id);
    return pa;
}

START_TEST(test_order_and_defaults)
{
    compute();
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++)
            ck_assert_ptr_eq(av.panels[f * NX_MODE_COUNT + m].panel,
                             &pack.cards[f].panels[m]);
    /* harkonnen.cunning and choam.cunning (through its sale path). */
    ck_assert_uint_eq(av.available, 2);
    ck_assert(panel("harkonnen.cunning")->available);
    ck_assert_uint_eq(panel("harkonnen.cunning")->nreasons, 0);
    ck_assert_ptr_null(nx_avail_panel(&av, "harkonnen.sneaky"));
}
END_TEST

START_TEST(test_unimplemented_reason)
{
    compute();
    const nx_panel_avail *pa = panel("atreides.cunning");
    ck_assert(!pa->available);
    ck_assert_uint_eq(pa->nreasons, 1);
    ck_assert_ptr_null(pa->reasons[0].ruling);
    ck_assert_str_eq(pa->reasons[0].text, "Not implemented in the fixture pack.");
    ck_assert(!nx_avail_path_open(&av, "atreides.cunning", NULL));
}
END_TEST

START_TEST(test_whole_panel_gate_default)
{
    compute();
    const nx_panel_avail *pa = panel("bene_gesserit.cunning");
    ck_assert(!pa->available);
    ck_assert_uint_eq(pa->nreasons, 1);
    ck_assert_str_eq(pa->reasons[0].ruling, BG_RULING);
    ck_assert_str_eq(pa->reasons[0].text, "ruling " BG_RULING " is unresolved: "
                     "May the storm be moved onto a stronghold?");
    ck_assert(!nx_avail_path_open(&av, "bene_gesserit.cunning", NULL));
}
END_TEST

START_TEST(test_whole_panel_gate_resolved)
{
    /* Any setting other than unresolved opens the gate. */
    const char *values[] = { "permit", "forbid" };
    for (size_t i = 0; i < 2; i++) {
        set(BG_RULING, values[i]);
        compute();
        const nx_panel_avail *pa = panel("bene_gesserit.cunning");
        ck_assert(pa->available);
        ck_assert_uint_eq(pa->nreasons, 0);
        ck_assert(nx_avail_path_open(&av, "bene_gesserit.cunning", NULL));
        ck_assert_uint_eq(av.available, 3);
    }
    set(BG_RULING, "unresolved");
    compute();
    ck_assert(!panel("bene_gesserit.cunning")->available);
}
END_TEST

START_TEST(test_one_path_shut)
{
    compute();
    const nx_panel_avail *pa = panel("choam.cunning");
    ck_assert(pa->available);           /* sale is open */
    ck_assert_uint_eq(pa->nreasons, 0);
    ck_assert_uint_eq(pa->npaths, 2);
    ck_assert_str_eq(pa->paths[0].path->id, "purchase");
    ck_assert(!pa->paths[0].available);
    ck_assert_uint_eq(pa->paths[0].nreasons, 1);
    ck_assert_str_eq(pa->paths[0].reasons[0].ruling, PURCHASE_RULING);
    ck_assert_str_eq(pa->paths[0].reasons[0].text, "ruling " PURCHASE_RULING
                     " is unresolved: How many cards may be bought?");
    ck_assert(pa->paths[1].available);
    ck_assert_uint_eq(pa->paths[1].nreasons, 0);
    ck_assert(nx_avail_path_open(&av, "choam.cunning", NULL));
    ck_assert(!nx_avail_path_open(&av, "choam.cunning", "purchase"));
    ck_assert(nx_avail_path_open(&av, "choam.cunning", "sale"));
    ck_assert(!nx_avail_path_open(&av, "choam.cunning", "rent"));
}
END_TEST

START_TEST(test_path_gate_resolved)
{
    set(PURCHASE_RULING, "one");
    compute();
    const nx_panel_avail *pa = panel("choam.cunning");
    ck_assert(pa->available);
    ck_assert(pa->paths[0].available && pa->paths[1].available);
    ck_assert(nx_avail_path_open(&av, "choam.cunning", "purchase"));
}
END_TEST

START_TEST(test_every_path_shut)
{
    /* A provisional choice set to unresolved shuts its path too. */
    set(SALE_RULING, "unresolved");
    compute();
    const nx_panel_avail *pa = panel("choam.cunning");
    ck_assert(!pa->available);
    ck_assert_uint_eq(pa->nreasons, 1);
    ck_assert_ptr_null(pa->reasons[0].ruling);
    ck_assert_str_eq(pa->reasons[0].text, "every path is shut");
    ck_assert(!pa->paths[0].available && !pa->paths[1].available);
    ck_assert_str_eq(pa->paths[1].reasons[0].ruling, SALE_RULING);
    ck_assert(!nx_avail_path_open(&av, "choam.cunning", NULL));
    ck_assert(!nx_avail_path_open(&av, "choam.cunning", "sale"));
    ck_assert_uint_eq(av.available, 1);
}
END_TEST

START_TEST(test_settings_file)
{
    char *path = nx_fixture("settings/valid.yaml");
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_settings_load_file(path, &pack.rulings, &settings, &d), 0);
    nx_diags_free(&d);
    free(path);
    compute();
    /* permit opens bene_gesserit.cunning; sale unresolved shuts choam. */
    ck_assert(panel("bene_gesserit.cunning")->available);
    ck_assert(!panel("choam.cunning")->available);
    ck_assert_uint_eq(av.available, 2);
}
END_TEST

START_TEST(test_reasons_accumulate)
{
    /* Unimplemented and gated: both reasons, implementation first. */
    nx_panel *bg = &pack.cards[NX_BENE_GESSERIT].panels[NX_MODE_CUNNING];
    bg->implemented = 0;
    bg->reason = nx_xstrdup("Waiting for the storm API.");
    compute();
    const nx_panel_avail *pa = panel("bene_gesserit.cunning");
    ck_assert(!pa->available);
    ck_assert_uint_eq(pa->nreasons, 2);
    ck_assert_ptr_null(pa->reasons[0].ruling);
    ck_assert_str_eq(pa->reasons[0].text, "Waiting for the storm API.");
    ck_assert_str_eq(pa->reasons[1].ruling, BG_RULING);
    /* An unimplemented panel with an open path is still unavailable, and
     * so is that path. */
    nx_panel *ch = &pack.cards[NX_CHOAM].panels[NX_MODE_CUNNING];
    ch->implemented = 0;
    ch->reason = nx_xstrdup("Not yet.");
    compute();
    pa = panel("choam.cunning");
    ck_assert(!pa->available);
    ck_assert(pa->paths[1].available);        /* its own gates are open */
    ck_assert(!nx_avail_path_open(&av, "choam.cunning", "sale"));
    ck_assert_uint_eq(av.available, 1);
}
END_TEST

START_TEST(test_free_resets)
{
    compute();
    nx_avail_free(&av);
    ck_assert_uint_eq(av.available, 0);
    ck_assert_ptr_null(av.panels[0].panel);
    nx_avail_free(&av);   /* freeing twice is harmless */
}
END_TEST

START_TEST(test_shared_by_pack_and_settings)
{
    /* Holders of the same pack and effective settings share one value;
     * other settings get their own; the last release frees each. */
    ck_assert_uint_eq(nx_avail_shared_count(), 0);
    const nx_avail *a = nx_avail_acquire(&pack, &settings);
    nx_settings spelled;   /* the default named explicitly: the same effective settings */
    nx_settings_init(&spelled);
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_settings_set(&spelled, &pack.rulings, SALE_RULING, "list_price", &d), 0);
    const nx_avail *b = nx_avail_acquire(&pack, &spelled);
    ck_assert_ptr_eq(a, b);
    ck_assert_uint_eq(nx_avail_shared_count(), 1);
    set(BG_RULING, "permit");
    const nx_avail *c = nx_avail_acquire(&pack, &settings);
    ck_assert_ptr_ne(a, c);
    ck_assert_uint_eq(nx_avail_shared_count(), 2);
    ck_assert(!nx_avail_path_open(a, "bene_gesserit.cunning", NULL));
    ck_assert(nx_avail_path_open(c, "bene_gesserit.cunning", NULL));
    nx_avail_release(a);
    ck_assert_uint_eq(nx_avail_shared_count(), 2);   /* b still holds it */
    ck_assert(!nx_avail_path_open(b, "bene_gesserit.cunning", NULL));
    nx_avail_release(b);
    nx_avail_release(c);
    ck_assert_uint_eq(nx_avail_shared_count(), 0);
    nx_diags_free(&d);
    nx_settings_free(&spelled);
}
END_TEST

START_TEST(test_builtin_reasons_say_what_is_missing)
{
    /* The built-in pack's reasons say what is missing now: a classic
     * faction's panel names what is built and what is "Missing:"; an
     * expansion faction's Cunning or Betrayal may instead say that the
     * faction is not playable yet.  None says that built parts (battles,
     * Voice, Bidding) "are not built". */
    nx_pack p;
    char *path = nx_asprintf("%s/cards/pack.yaml", NX_TEST_SOURCE_DIR);
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_pack_load(path, &p, &d), 0);
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *pn = &p.cards[f].panels[m];
            if (pn->implemented) continue;
            const char *r = pn->reason;
            char *faction = nx_asprintf("Needs the %s faction, which is not playable yet", nx_faction_name((nx_faction)f));
            int expansion_native = f > NX_SPACING_GUILD && m != NX_MODE_SECRET_ALLY;
            ck_assert_msg(strstr(r, "Missing:") || (expansion_native && !strncmp(r, faction, strlen(faction))),
                          "%s: the reason does not say what is missing: %s", pn->id, r);
            ck_assert_msg(!strstr(r, "not built"), "%s: stale reason: %s", pn->id, r);
            free(faction);
        }
    nx_diags_free(&d);
    nx_pack_free(&p);
    free(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("avail");
    TCase *tc = tcase_create("fixture");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_order_and_defaults);
    tcase_add_test(tc, test_unimplemented_reason);
    tcase_add_test(tc, test_whole_panel_gate_default);
    tcase_add_test(tc, test_whole_panel_gate_resolved);
    tcase_add_test(tc, test_one_path_shut);
    tcase_add_test(tc, test_path_gate_resolved);
    tcase_add_test(tc, test_every_path_shut);
    tcase_add_test(tc, test_settings_file);
    tcase_add_test(tc, test_reasons_accumulate);
    tcase_add_test(tc, test_free_resets);
    tcase_add_test(tc, test_shared_by_pack_and_settings);
    suite_add_tcase(s, tc);
    TCase *tb = tcase_create("builtin");
    tcase_add_test(tb, test_builtin_reasons_say_what_is_missing);
    suite_add_tcase(s, tb);
    return nx_run_suite(s);
}
