/* `nexus play` (interpreter/cli/nx_cli_play.c): the Nexus cards played per
 * panel that the result prints, checked against the saved game's own log:
 * every committed play_nexus names its card and mode in a public line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "nx_cli.h"
#include "nx_store.h"
#include "nx_testutil.h"
#include "nx_util.h"

/* Run `nexus play ARGS... --save SAVE` under the provisional profile;
 * returns its standard output (caller frees). */
__attribute__((noinline)) static char *run_play(const char *seed, const char *seats, int advanced, const char *save,
                                                const char *store)
{
    char *profile = nx_asprintf("%s/rulings/profiles/provisional.yaml", NX_TEST_SOURCE_DIR);
    char *pack = nx_asprintf("%s/cards/pack.yaml", NX_TEST_SOURCE_DIR);
    char *argv[16];
    int argc = 0;
    argv[argc++] = "play";
    argv[argc++] = "--seed";
    argv[argc++] = (char *)seed;
    argv[argc++] = "--seats";
    argv[argc++] = (char *)seats;
    if (advanced) argv[argc++] = "--advanced";
    argv[argc++] = "--nexus-cards";
    argv[argc++] = "--rulings";
    argv[argc++] = profile;
    argv[argc++] = "--save";
    argv[argc++] = (char *)save;
    if (store) {
        argv[argc++] = "--store";
        argv[argc++] = (char *)store;
    }
    argv[argc] = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    nx_cli cli = { .pack_path = pack, .argc = argc, .argv = argv, .out = out, .err = stderr };
    int rc = nx_cmd_play(&cli);
    fclose(out);
    ck_assert_int_eq(rc, NX_EXIT_OK);
    free(profile);
    free(pack);
    /* A copy, so no pointer into the stream's buffer outlives this frame. */
    char *copy = nx_xstrdup(text);
    free(text);
    return copy;
}

/* "harkonnen.cunning" for a log line "... plays the Harkonnen Nexus card as
 * Cunning to draw a Traitor Card"; NULL if the line is no play. */
static char *panel_of_line(const char *line)
{
    static const char *const modes[][2] = {
        { "Cunning", "cunning" }, { "Betrayal", "betrayal" }, { "Secret Ally", "secret_ally" },
    };
    const char *at = strstr(line, " plays the ");
    if (!at) return NULL;
    at += strlen(" plays the ");
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        const char *name = nx_comp_name(nx_comp_nexus((nx_faction)f));
        size_t n = strlen(name);
        if (strncmp(at, name, n) || strncmp(at + n, " as ", 4)) continue;
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
            if (!strncmp(at + n + 4, modes[m][0], strlen(modes[m][0])))
                return nx_asprintf("%s.%s", nx_faction_id((nx_faction)f), modes[m][1]);
    }
    ck_abort_msg("a play line names no card and mode: %s", line);
    return NULL;
}

/* The per-panel counts from the saved log, as "  <title>: n\n" lines ("  Emperor Betrayal: 1") in card
 * order (the order the command prints them in), and their total: one per
 * play line of any committed action (a card answering a response window is
 * played, and logged, when the window closes). */
static char *counts_from_log(const char *save, unsigned *total)
{
    json_error_t je;
    json_t *root = json_load_file(save, 0, &je);
    ck_assert_ptr_nonnull(root);
    unsigned counts[NX_FACTION_COUNT * 3] = { 0 };
    static const char *const mode_ids[] = { "cunning", "betrayal", "secret_ally" };
    static const char *const mode_names[] = { "Cunning", "Betrayal", "Secret Ally" };   /* the command prints titles */
    size_t i;
    json_t *e;
    *total = 0;
    json_array_foreach(json_object_get(root, "log"), i, e) {
        json_t *result = json_object_get(e, "result");
        if (!json_is_true(json_object_get(result, "ok"))) continue;
        size_t k;
        json_t *line;
        json_array_foreach(json_object_get(result, "log"), k, line) {
            char *panel = panel_of_line(json_string_value(line));
            if (!panel) continue;
            for (int f = 0; f < NX_FACTION_COUNT; f++)
                for (int m = 0; m < 3; m++) {
                    char *id = nx_asprintf("%s.%s", nx_faction_id((nx_faction)f), mode_ids[m]);
                    if (!strcmp(id, panel)) counts[f * 3 + m]++;
                    free(id);
                }
            (*total)++;
            free(panel);
        }
    }
    json_decref(root);
    char *text = nx_xstrdup("");
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < 3; m++)
            if (counts[f * 3 + m]) {
                char *next = nx_asprintf("%s  %s %s: %u\n", text, nx_faction_name((nx_faction)f), mode_names[m],
                                         counts[f * 3 + m]);
                free(text);
                text = next;
            }
    return text;
}

static void check_counts_with(const char *seed, const char *seats, int advanced, unsigned at_least,
                              const char *store)
{
    char save[] = "/tmp/nx_cli_play_XXXXXX";
    int fd = mkstemp(save);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char *out = run_play(seed, seats, advanced, save, store);
    unsigned total;
    char *expected = counts_from_log(save, &total);
    ck_assert_uint_ge(total, at_least);
    const char *block = strstr(out, "Nexus cards played per panel:");
    ck_assert_ptr_nonnull(block);
    char *want = total ? nx_asprintf("Nexus cards played per panel:\n%s", expected)
                       : nx_xstrdup("Nexus cards played per panel: none\n");
    ck_assert_msg(!strncmp(block, want, strlen(want)), "printed:\n%s\nexpected:\n%s", block, want);
    char *summary = nx_asprintf("; %u Nexus cards played).", total);
    ck_assert_msg(strstr(out, summary) != NULL, "the result line does not say %s", summary);
    free(summary);
    free(want);
    free(expected);
    free(out);
    unlink(save);
}

static void check_counts(const char *seed, const char *seats, int advanced, unsigned at_least)
{
    check_counts_with(seed, seats, advanced, at_least, NULL);
}

START_TEST(test_counts_six_seats)
{
    /* Seed 11, six seats, Advanced (the README's main job, make run's
     * default seed): eight cards since the Guild's moment became its own
     * decision, held for a Karama window (each such change alters the
     * bots' game).  At least eight, as the README says. */
    check_counts("11", "6", 1, 8);
}
END_TEST

START_TEST(test_counts_five_seats)
{
    check_counts("3", "5", 0, 4);
}
END_TEST

START_TEST(test_counts_with_store)
{
    /* The main job keeps its actions in the store: the counts are the same
     * (the store's apply path counts too). */
    char db[] = "/tmp/nx_cli_play_db_XXXXXX";
    int fd = mkstemp(db);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(db);
    check_counts_with("11", "6", 1, 8, db);
    nx_store_remove_files(db);
}
END_TEST

START_TEST(test_counts_none)
{
    /* A game where no card is played says so. */
    check_counts("2", "6", 1, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_play");
    TCase *tc = tcase_create("counts");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_counts_six_seats);
    tcase_add_test(tc, test_counts_five_seats);
    tcase_add_test(tc, test_counts_with_store);
    tcase_add_test(tc, test_counts_none);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
