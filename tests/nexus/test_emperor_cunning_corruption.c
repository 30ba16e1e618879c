/*
 * Emperor Cunning: a saved game kept at the declaration's response window
 * (002_0802524bc338215d.txt, "Suggested first package": corruption) is
 * refused whenever it was tampered with: the temporary Sardaukar's count
 * or owner edited in the saved state, or the play removed from the log.  A forged checksum lets the snapshot
 * load trust the file; the verifying load (nexus verify) replays the log
 * and refuses it all the same.  The untouched save loads (verified) to
 * the identical state.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_game.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_util.h"
#include "nx_json_text.h"

static nx_runtime rt;

static void open_rt(void) { nx_open_builtin_runtime(&rt); }
static void close_rt(void) { nx_runtime_close(&rt); }

/* The staged battle of tests/scenarios/emperor_cunning.yaml, played up to
 * the declaration's own response window. */
static nx_game *declared(void)
{
    nx_game_config cfg = { .seed = 5, .nseats = 3, .nexus_cards = 1, .advanced = 1, .staging = 1,
                           .factions = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    static const char *const script[] = {
        "{\"seat\":null,\"type\":\"stage\",\"phase\":\"battle\",\"turn\":2,\"storm\":2,"
        "\"forces\":{\"seat0\":{\"the_great_flat\":[6,0]},\"seat1\":{\"the_great_flat\":[4,0]}},"
        "\"spice\":{\"seat0\":5,\"seat1\":0},\"hand\":{\"seat0\":[],\"seat1\":[],\"seat2\":[]},"
        "\"nexus\":{\"seat0\":\"nexus:emperor\"}}",
        "{\"seat\":0,\"type\":\"pass\"}", "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":0,\"type\":\"play_nexus\"}",
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) nx_apply_ok(g, script[i], (int)i);
    return g;
}

/* The saved text with `edit` applied to its JSON. */
static char *edited(const char *saved, void (*edit)(json_t *))
{
    json_t *j = json_loads(saved, 0, NULL);
    ck_assert_ptr_nonnull(j);
    edit(j);
    char *t = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(j);
    return t;
}

static json_t *play_field(json_t *j, const char *key)
{
    json_t *v = json_object_get(json_object_get(json_object_get(j, "state"), "play"), key);
    ck_assert_msg(json_is_array(v), "no state.play.%s in the save", key);
    return v;
}

static void more_sardaukar(json_t *j) { json_array_set_new(play_field(j, "effect_arg"), 0, json_integer(6)); }
static void other_owner(json_t *j) { json_array_set_new(play_field(j, "effect_seat"), 0, json_integer(1)); }
static void no_play(json_t *j)
{
    json_t *log = json_object_get(j, "log");
    ck_assert_uint_ge(json_array_size(log), 1);
    json_array_remove(log, json_array_size(log) - 1);
}

/* Put the checksum the loader expects on a tampered text. */
static void forge(char *t)
{
    const char *key = ",\n \"checksum\": \"";
    char *c = strstr(t, key);
    ck_assert_ptr_nonnull(c);
    char sum[17];
    nx_checksum64_hex(t, (size_t)(c - t), sum);
    memcpy(c + strlen(key), sum, 16);
}

START_TEST(tampered_saves_at_the_declaration_are_refused)
{
    nx_game *g = declared();
    char *saved = nx_game_save(g);
    char err[512];
    nx_game *back = nx_game_load_verified(&rt, saved, err, sizeof err);
    ck_assert_msg(back != NULL, "the untouched save: %s", err);
    ck_assert_int_eq(memcmp(nx_game_state(back), nx_game_state(g), sizeof(nx_state)), 0);
    nx_game_free(back);
    void (*const edits[])(json_t *) = { more_sardaukar, other_owner, no_play };
    const char *const names[] = { "five temporary Sardaukar made six", "the effect given to Atreides",
                                  "the play removed from the log" };
    for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
        char *t = edited(saved, edits[e]);
        ck_assert_msg(nx_game_load(&rt, t, err, sizeof err) == NULL, "%s: loaded", names[e]);
        ck_assert_msg(err[0] != '\0', "%s: refused without a reason", names[e]);
        forge(t);
        ck_assert_msg(nx_game_load_verified(&rt, t, err, sizeof err) == NULL, "%s, checksum forged: verified", names[e]);
        free(t);
    }
    free(saved);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("emperor_cunning_corruption");
    TCase *tc = tcase_create("saves");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_add_test(tc, tampered_saves_at_the_declaration_are_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
