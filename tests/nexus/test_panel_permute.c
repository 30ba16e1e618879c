/*
 * The seven battle panels of issue #12 keep their secrets: for each, a
 * staged position is played through the panel's moment (its windows, the
 * play, its effect) once as staged and once for every viewer (each seat
 * and the spectator) with every card that viewer cannot see permuted:
 * hands, Traitor hands, the Nexus cards other seats hold, the decks
 * (nx_permute_hidden_keep).  Only the cards the script names stay put: the
 * holder's own Nexus card and the cards a seat shows or plays.
 *
 * For every viewer and after every action of the script:
 *  - the same action is accepted in both games, with the same public
 *    result (log lines): no window opens, closes or lasts differently
 *    because of who holds what;
 *  - the viewer's view is identical in both games (the windows offered to
 *    every seat are part of every view);
 * and in every game the holder's outcome is the expected one (its log
 * line, and what its own view must show).
 */
#include <stdlib.h>
#include <string.h>

#include "nx_game.h"
#include "nx_names.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_util.h"
#include "nx_view.h"

#define MAX_STEPS 16
#define PERMUTATIONS 3

typedef struct panel_case {
    const char *panel;
    uint64_t seed;
    const char *factions[3];
    int advanced;
    const char *rulings[4][2];
    const char *stage;              /* the stage action's keys, JSON text */
    int holder;
    const char *keep[4];            /* cards the script names */
    const char *script[MAX_STEPS];  /* actions: seat, type and their keys */
    const char *outcome;            /* a public log line of the script (substring) */
    const char *holder_sees;        /* in the holder's final view (substring), or NULL */
} panel_case;

#define BATTLE_T2 "\"phase\":\"battle\",\"turn\":2,\"storm\":2,"
#define TGF(a, b) "\"forces\":{\"seat0\":{\"the_great_flat\":[" a "]},\"seat1\":{\"the_great_flat\":[" b "]}},"

static const panel_case cases[] = {
    {
        "atreides.cunning", 5, { "atreides", "harkonnen", "emperor" }, 0,
        { { "common.karama.nexus_effects", "advantage_uses" } },
        BATTLE_T2 TGF("6,0", "4,0")
        "\"hand\":{\"seat0\":[],\"seat1\":[\"treachery:crysknife\",\"treachery:shield#1\"],"
        "\"seat2\":[\"treachery:karama#1\",\"treachery:baliset\"]},"
        "\"nexus\":{\"seat0\":\"nexus:atreides\",\"seat2\":\"nexus:fremen\"}",
        0, { "nexus:atreides", "treachery:crysknife", "treachery:shield#1" },
        { "{\"seat\":0,\"type\":\"pass\"}", "{\"seat\":0,\"type\":\"prescience\",\"element\":\"weapon\"}",
          "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":2,\"type\":\"pass\"}",
          "{\"seat\":1,\"type\":\"foresee_answer\",\"weapon\":\"treachery:crysknife\"}",
          "{\"seat\":0,\"type\":\"play_nexus\"}", "{\"seat\":0,\"type\":\"prescience\",\"element\":\"defense\"}",
          "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":2,\"type\":\"pass\"}",
          "{\"seat\":1,\"type\":\"foresee_answer\",\"defense\":\"treachery:shield#1\"}" },
        "plays the Atreides Nexus card as Cunning", "\"cards\":[\"treachery:shield#1\"]",
    },
    {
        "atreides.betrayal", 5, { "atreides", "harkonnen", "emperor" }, 0,
        { { "common.reactions.private_policy", "uniform_window" },
          { "common.karama.nexus_effects", "advantage_uses" },
          { "common.cancellation.priority", "storm_order" },
          { "atreides.betrayal.after_cancel", "prescience_spent" } },
        BATTLE_T2 TGF("6,0", "4,0")
        "\"hand\":{\"seat0\":[\"treachery:snooper#1\"],\"seat1\":[\"treachery:crysknife\"],\"seat2\":[]},"
        "\"nexus\":{\"seat1\":\"nexus:fremen\",\"seat2\":\"nexus:atreides\"}",
        2, { "nexus:atreides" },
        { "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":0,\"type\":\"prescience\",\"element\":\"weapon\"}",
          "{\"seat\":2,\"type\":\"play_nexus\"}", "{\"seat\":1,\"type\":\"pass\"}" },
        "stops Prescience of Atreides", NULL,
    },
    {
        "atreides.secret_ally", 5, { "emperor", "harkonnen", "fremen" }, 0,
        { { "common.karama.nexus_effects", "advantage_uses" } },
        BATTLE_T2 TGF("6,0", "4,0")
        "\"hand\":{\"seat0\":[],\"seat1\":[\"treachery:crysknife\",\"treachery:shield#1\"],"
        "\"seat2\":[\"treachery:karama#1\"]},"
        "\"nexus\":{\"seat0\":\"nexus:atreides\",\"seat2\":\"nexus:harkonnen\"}",
        0, { "nexus:atreides", "treachery:crysknife" },
        { "{\"seat\":0,\"type\":\"pass\"}", "{\"seat\":0,\"type\":\"play_nexus\"}",
          "{\"seat\":0,\"type\":\"prescience\",\"element\":\"weapon\"}",
          "{\"seat\":1,\"type\":\"foresee_answer\",\"weapon\":\"treachery:crysknife\"}" },
        "shows its weapon to Emperor", "\"cards\":[\"treachery:crysknife\"]",
    },
    {
        "bene_gesserit.betrayal", 3, { "atreides", "bene_gesserit", "harkonnen" }, 0,
        { { NULL, NULL } },
        BATTLE_T2 TGF("5,0", "4,0")
        "\"hand\":{\"seat0\":[\"treachery:crysknife\",\"treachery:snooper#1\"],\"seat1\":[\"treachery:chaumas\"],"
        "\"seat2\":[]},"
        "\"nexus\":{\"seat0\":\"nexus:emperor\",\"seat2\":\"nexus:bene_gesserit\"}",
        2, { "nexus:bene_gesserit" },
        { "{\"seat\":1,\"type\":\"voice\",\"command\":\"not_play\",\"what\":\"projectile_weapon\"}",
          "{\"seat\":2,\"type\":\"play_nexus\"}", "{\"seat\":0,\"type\":\"pass\"}" },
        "stops the Voice of Bene Gesserit", NULL,
    },
    {
        "bene_gesserit.secret_ally", 5, { "emperor", "atreides", "harkonnen" }, 0,
        { { "bene_gesserit.secret_ally.karama", "cancellable" } },
        BATTLE_T2 TGF("6,0", "4,0")
        "\"hand\":{\"seat0\":[],\"seat1\":[\"treachery:crysknife\"],\"seat2\":[\"treachery:karama#1\"]},"
        "\"nexus\":{\"seat0\":\"nexus:bene_gesserit\",\"seat1\":\"nexus:harkonnen\"}",
        0, { "nexus:bene_gesserit" },
        { "{\"seat\":0,\"type\":\"play_nexus\"}", "{\"seat\":1,\"type\":\"pass\"}",
          "{\"seat\":0,\"type\":\"voice\",\"command\":\"not_play\",\"what\":\"projectile_weapon\"}",
          "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":2,\"type\":\"pass\"}" },
        "uses the Voice: Atreides must not play a projectile weapon", NULL,
    },
    {
        "emperor.cunning", 5, { "emperor", "atreides", "harkonnen" }, 1,
        { { NULL, NULL } },
        BATTLE_T2 TGF("6,0", "4,0")
        "\"spice\":{\"seat0\":5,\"seat1\":0},"
        "\"hand\":{\"seat0\":[],\"seat1\":[\"treachery:crysknife\"],\"seat2\":[\"treachery:karama#1\"]},"
        "\"nexus\":{\"seat0\":\"nexus:emperor\",\"seat1\":\"nexus:harkonnen\"}",
        0, { "nexus:emperor" },
        { "{\"seat\":0,\"type\":\"pass\"}", "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":1,\"type\":\"pass\"}",
          "{\"seat\":0,\"type\":\"play_nexus\"}", "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":1,\"type\":\"pass\"}",
          "{\"seat\":2,\"type\":\"pass\"}" },
        "5 of Emperor forces in The Great Flat count as Sardaukar for this battle", NULL,
    },
    {
        "emperor.betrayal/battle", 5, { "emperor", "atreides", "harkonnen" }, 1,
        { { NULL, NULL } },
        BATTLE_T2 TGF("3,2", "4,0")
        "\"spice\":{\"seat0\":2,\"seat1\":0},"
        "\"hand\":{\"seat0\":[\"treachery:baliset\"],\"seat1\":[\"treachery:crysknife\"],\"seat2\":[]},"
        "\"nexus\":{\"seat0\":\"nexus:fremen\",\"seat2\":\"nexus:emperor\"}",
        2, { "nexus:emperor" },
        { "{\"seat\":2,\"type\":\"play_nexus\"}", "{\"seat\":1,\"type\":\"pass\"}" },
        "stops the Sardaukar bonus of Emperor", NULL,
    },
};

static nx_runtime rt;

static void open_rt(void) { nx_open_builtin_runtime(&rt); }
static void close_rt(void) { nx_runtime_close(&rt); }

/* Apply `body` (an action without id and version) as action n. */
static char *apply(nx_game *g, const char *body, int n)
{
    char id[16];
    nx_fmt(id, sizeof id, "t%d", n);
    char *text = nx_stamp_action(g, body, id);
    char *res = nx_game_apply(g, text);
    free(text);
    return res;
}

static nx_game *staged(const panel_case *pc, nx_settings *settings)
{
    nx_game_config cfg = { .seed = pc->seed, .nseats = 3, .nexus_cards = 1, .advanced = pc->advanced, .staging = 1 };
    for (int i = 0; i < 3; i++) cfg.factions[i] = nx_faction_parse(pc->factions[i]);
    char err[256];
    nx_game *g = nx_game_new(&rt, settings, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s: %s", pc->panel, err);
    char *stage = nx_asprintf("{\"seat\":null,\"type\":\"stage\",%s}", pc->stage);
    char *res = apply(g, stage, 0);
    ck_assert_msg(strstr(res, "\"ok\":true") != NULL, "%s: the stage is refused: %s", pc->panel, res);
    free(res);
    free(stage);
    return g;
}

static int kept_cards(const panel_case *pc, nx_comp *out)
{
    int n = 0;
    for (int i = 0; i < 4 && pc->keep[i]; i++) {
        out[n] = nx_comp_parse(pc->keep[i]);
        ck_assert_msg(out[n] != NX_COMP_NONE, "%s: no card %s", pc->panel, pc->keep[i]);
        n++;
    }
    return n;
}

static int ok(const char *res) { return strstr(res, "\"ok\":true") != NULL; }

/* The script's public log, all of it, for the outcome. */
static void expect_outcome(const panel_case *pc, const nx_game *g, const char *log, const char *where)
{
    ck_assert_msg(strstr(log, pc->outcome) != NULL, "%s (%s): the script's log lacks \"%s\": %s", pc->panel,
                  where, pc->outcome, log);
    if (!pc->holder_sees) return;
    json_t *v = nx_view_json(nx_game_state(g), pc->holder);
    char *text = json_dumps(v, JSON_COMPACT);
    ck_assert_msg(strstr(text, pc->holder_sees) != NULL, "%s (%s): the holder's view lacks %s", pc->panel, where,
                  pc->holder_sees);
    free(text);
    json_decref(v);
}

static void views_equal(const panel_case *pc, const nx_game *a, const nx_game *b, int viewer, int step, int k)
{
    json_t *va = nx_view_json(nx_game_state(a), viewer), *vb = nx_view_json(nx_game_state(b), viewer);
    if (!json_equal(va, vb)) {
        char *ta = json_dumps(va, JSON_COMPACT | JSON_SORT_KEYS), *tb = json_dumps(vb, JSON_COMPACT | JSON_SORT_KEYS);
        size_t i = 0;
        while (ta[i] && ta[i] == tb[i]) i++;
        size_t from = i > 80 ? i - 80 : 0;
        ck_abort_msg("%s, permutation %d for viewer %d, after step %d: the view differs near ...%.160s... / ...%.160s...",
                     pc->panel, k, viewer, step, ta + from, tb + from);
    }
    json_decref(va);
    json_decref(vb);
}

/* One viewer, one permutation: the staged game and the permuted one run
 * the script side by side. */
static void run_pair(const panel_case *pc, nx_settings *settings, int viewer, int k)
{
    nx_game *base = staged(pc, settings), *perm = staged(pc, settings);
    nx_comp keep[4];
    int nkeep = kept_cards(pc, keep);
    nx_rng r;
    nx_rng_seed(&r, 1000u * (uint64_t)(viewer + 2) + (uint64_t)k);
    nx_permute_hidden_keep(nx_game_state_mut(perm), viewer, keep, nkeep, &r);
    char msg[256];
    ck_assert_msg(nx_state_check(nx_game_state(perm), msg, sizeof msg) == 0, "%s: the permuted state: %s", pc->panel, msg);
    views_equal(pc, base, perm, viewer, 0, k);
    char *logs[2] = { nx_xstrdup(""), nx_xstrdup("") };
    for (int i = 0; i < MAX_STEPS && pc->script[i]; i++) {
        char *ra = apply(base, pc->script[i], i + 1), *rb = apply(perm, pc->script[i], i + 1);
        ck_assert_msg(ok(ra), "%s, step %d %s: refused as staged: %s", pc->panel, i + 1, pc->script[i], ra);
        ck_assert_msg(!strcmp(ra, rb), "%s, permutation %d for viewer %d, step %d %s: %s as staged, %s permuted",
                      pc->panel, k, viewer, i + 1, pc->script[i], ra, rb);
        char *la = nx_asprintf("%s%s", logs[0], ra), *lb = nx_asprintf("%s%s", logs[1], rb);
        free(logs[0]);
        free(logs[1]);
        logs[0] = la;
        logs[1] = lb;
        free(ra);
        free(rb);
        views_equal(pc, base, perm, viewer, i + 1, k);
    }
    expect_outcome(pc, base, logs[0], "as staged");
    expect_outcome(pc, perm, logs[1], "permuted");
    free(logs[0]);
    free(logs[1]);
    nx_game_free(base);
    nx_game_free(perm);
}

START_TEST(hidden_cards_change_no_view_and_no_window)
{
    const panel_case *pc = &cases[_i];
    nx_settings settings;
    nx_settings_init(&settings);
    for (int i = 0; i < 4 && pc->rulings[i][0]; i++) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(&settings, &rt.pack.rulings, pc->rulings[i][0], pc->rulings[i][1], &d);
        nx_diags_print(&d, stderr);
        nx_diags_free(&d);
        ck_assert_msg(rc == 0, "%s: the ruling %s does not take %s", pc->panel, pc->rulings[i][0], pc->rulings[i][1]);
    }
    for (int viewer = -1; viewer < 3; viewer++)
        for (int k = 0; k < PERMUTATIONS; k++) run_pair(pc, &settings, viewer, k);
    nx_settings_free(&settings);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("panel_permute");
    TCase *tc = tcase_create("battle panels");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, hidden_cards_change_no_view_and_no_window, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
