/* Ruling settings compared by name (nx_ruling_names.h, generated from the
 * registry at build time by scripts/gen_ruling_names.py): the generated
 * names are the registry the engine loads, in its order; the readings the
 * engine pins take their indices from them; and a name that is not in the
 * registry fails the build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NX_RULING_NAMES_TABLE
#include "nx_module.h"
#include "nx_pack.h"
#include "nx_rules.h"
#include "nx_rulings.h"
#include "nx_testutil.h"
#include "nx_util.h"

#define TABLE_N (sizeof nx_ruling_names / sizeof nx_ruling_names[0])

static void load_builtin(nx_pack *p)
{
    char *path = nx_source_path("cards/pack.yaml");
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(path, p, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    nx_diags_free(&d);
    free(path);
}

START_TEST(test_names_are_the_registry)
{
    /* The build's line reader and the engine's YAML loader agree: every
     * ruling with its settings in order, both ways. */
    nx_pack p;
    load_builtin(&p);
    for (size_t i = 0; i < TABLE_N; i++) {
        const nx_ruling *ru = nx_rulings_find(&p.rulings, nx_ruling_names[i].id);
        ck_assert_msg(ru != NULL, "generated ruling %s is not in the loaded registry", nx_ruling_names[i].id);
        size_t n = 0;
        for (; nx_ruling_names[i].settings[n]; n++) {
            ck_assert_msg(n < ru->nsettings, "%s: generated setting %s is not loaded", ru->id, nx_ruling_names[i].settings[n]);
            ck_assert_str_eq(ru->settings[n].name, nx_ruling_names[i].settings[n]);
        }
        ck_assert_uint_eq(n, ru->nsettings);
    }
    ck_assert_uint_eq(TABLE_N, p.rulings.n);
    nx_pack_free(&p);
}
END_TEST

START_TEST(test_readings_index_by_name)
{
    /* A pinned reading's index is its generated name. */
    ck_assert_str_eq(nx_rules_ruling_id(NX_RULE_FIRST_STORM_DAMAGE), NX_RULING_TURN_FIRST_STORM_DAMAGE);
    ck_assert_str_eq(nx_rules_setting_name(NX_RULE_FIRST_STORM_DAMAGE, NX_RS_TURN_FIRST_STORM_DAMAGE_LANDING),
                     NX_RSS_TURN_FIRST_STORM_DAMAGE_LANDING);
    ck_assert_str_eq(nx_rules_setting_name(NX_RULE_FIRST_STORM_DAMAGE, NX_RS_TURN_FIRST_STORM_DAMAGE_NONE), "none");
    ck_assert_str_eq(nx_rules_setting_name(NX_RULE_STORM_START_DAMAGE, NX_RS_TURN_STORM_START_SECTOR_DAMAGE_NO), "no");
    ck_assert_str_eq(nx_rules_setting_name(NX_RULE_KH_LOSSES, NX_RS_TURN_BATTLE_KH_LOSSES_ORDINARY_ONLY), "ordinary_only");
    ck_assert_int_eq(NX_RS_TURN_FIRST_STORM_DAMAGE_COUNT_, 3);
    for (int r = 0; r < NX_RULE_COUNT; r++) {
        const char *id = nx_rules_ruling_id((nx_rule)r);
        size_t i = 0;
        while (i < TABLE_N && strcmp(nx_ruling_names[i].id, id)) i++;
        ck_assert_msg(i < TABLE_N, "reading %s has no generated names", id);
        for (int v = 0; nx_ruling_names[i].settings[v]; v++)
            ck_assert_str_eq(nx_rules_setting_name((nx_rule)r, v), nx_ruling_names[i].settings[v]);
    }
}
END_TEST

/* Compile `body` against the generated header: 0 when it compiles. */
static int compiles(const char *body)
{
    char dir[] = "/tmp/nx_ruling_names_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *src = nx_asprintf("%s/probe.c", dir);
    FILE *f = fopen(src, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "#include \"nx_ruling_names.h\"\nint probe(int v);\nint probe(int v) { %s }\n", body);
    fclose(f);
    char *cmd = nx_asprintf("'%s' -std=c11 -Werror -fsyntax-only -I '%s' '%s' 2>/dev/null", NX_TEST_CC,
                            NX_TEST_GENERATED_DIR, src);
    int rc = system(cmd);
    free(cmd);
    unlink(src);
    rmdir(dir);
    free(src);
    return rc;
}

START_TEST(test_unknown_name_fails_the_build)
{
    ck_assert_int_eq(compiles("return v == NX_RS_TURN_FIRST_STORM_DAMAGE_LANDING;"), 0);
    ck_assert_int_ne(compiles("return v == NX_RS_TURN_FIRST_STORM_DAMAGE_LANDED;"), 0);
    ck_assert_int_ne(compiles("return v == NX_RS_TURN_NO_SUCH_RULING_PATH;"), 0);
    /* By-name string comparisons (NX_SETTING_IS) paste the same names. */
    ck_assert_int_eq(compiles("(void)v; const char *s = NX_RSS_COMMON_KARAMA_NEXUS_EFFECTS_EVERY_PLAY; return s[0];"), 0);
    ck_assert_int_ne(compiles("(void)v; const char *s = NX_RSS_COMMON_KARAMA_NEXUS_EFFECTS_EVERYPLAY; return s[0];"), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ruling_names");
    TCase *tc = tcase_create("names");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_names_are_the_registry);
    tcase_add_test(tc, test_readings_index_by_name);
    tcase_add_test(tc, test_unknown_name_fails_the_build);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
