/*
 * Complete bot games, 200 of them: 2 to 6 seats of the classic factions,
 * Basic and Advanced, Nexus cards on, random and simple bots.  Every move
 * a bot takes was listed by the phase that owns the decision; a refused
 * one fails the test at once (the bot reports it).  After every committed
 * action: the result is ok, the state passes nx_state_check and survives
 * a JSON round trip (encode, decode, memcmp-equal), and one view (the
 * spectator's and each seat's in turn, so every viewer every nseats + 1
 * actions) is scanned for secrets: it must not name a component lying in
 * a hidden zone or in another seat's owner-only zone (the viewer's own
 * receipts and own decision's options aside: those it was shown).  One
 * view a time because a view costs about 0.25 ms under ASan and the games
 * make tens of thousands of actions; every PERMUTE_EVERY actions (and at
 * the end) every view is scanned and the stronger secrecy property runs
 * for every viewer: its view stays identical when every card it cannot
 * see is permuted (nx_permute_hidden).
 * Every game must end (play.over) within MAX_ACTIONS with at least one
 * winner, and reload from its saved file (replaying the log) to the
 * identical state.
 *
 * The same 200 games run a second time under the provisional ruling
 * profile (rulings/profiles/provisional.yaml, $NX_PLAY_PROFILE), where
 * every implemented panel can be played, with the same checks after every
 * action.  Each slice then writes how many Nexus cards were played per
 * panel (and per panel and path) to $NX_PLAY_TALLY; the test_play_panels
 * run ($NX_PLAY_CHECK) adds the slices up and requires the battle panels
 * of issue #12 to have been played at least once in the 200 games (see
 * battle_panels).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_state_json.h"
#include "nx_testutil.h"
#include "nx_util.h"
#include "nx_view.h"

#define GAMES 200
#define MAX_TALLY 128
#define MAX_ACTIONS 20000
#define PERMUTE_EVERY 50

/* Check's ck_assert records every passing assertion's location (a write
 * to its message file); in the per-action checks that costs more than the
 * checks themselves, so they fail through ck_abort_msg only. */
#define require(cond, ...) \
    do {                   \
        if (!(cond)) ck_abort_msg(__VA_ARGS__); \
    } while (0)

static nx_runtime rt;
static nx_settings profile;      /* $NX_PLAY_PROFILE's settings; NULL games: the defaults */
static int with_profile;

/* Component ids sorted, to recognise one in a view quickly. */
typedef struct comp_id {
    const char *id;
    nx_comp c;
} comp_id;
static comp_id ids[NX_COMP_COUNT];

static int by_id(const void *a, const void *b) { return strcmp(((const comp_id *)a)->id, ((const comp_id *)b)->id); }

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
    for (int c = 0; c < NX_COMP_COUNT; c++) ids[c] = (comp_id){ nx_comp_id((nx_comp)c), (nx_comp)c };
    qsort(ids, NX_COMP_COUNT, sizeof *ids, by_id);
    const char *name = getenv("NX_PLAY_PROFILE");
    nx_settings_init(&profile);
    with_profile = name && *name;
    if (with_profile) {
        char rel[128];
        nx_fmt(rel, sizeof rel, "rulings/profiles/%s.yaml", name);
        char *path = nx_source_path(rel);
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_load_file(path, &rt.pack.rulings, &profile, &d);
        nx_diags_print(&d, stderr);
        nx_diags_free(&d);
        ck_assert_msg(rc == 0, "the profile %s does not load", path);
        free(path);
    }
}

static void close_rt(void)
{
    nx_settings_free(&profile);
    nx_runtime_close(&rt);
}

/* ---- Nexus cards played, per panel and per panel and path ------------------ */

typedef struct tally {
    char key[80];   /* "emperor.betrayal" or "emperor.betrayal/battle" */
    unsigned n;
} tally;
static tally tallies[MAX_TALLY];
static int ntallies;

static void tally_add(const char *key, unsigned n)
{
    int i = 0;
    while (i < ntallies && strcmp(tallies[i].key, key)) i++;
    if (i == ntallies) {
        ck_assert_msg(ntallies < MAX_TALLY, "more than %d panels and paths played", MAX_TALLY);
        nx_clip(tallies[ntallies++].key, sizeof tallies[0].key, "%s", key);
    }
    tallies[i].n += n;
}

/* The engine logs "<faction> plays the <card> as <mode>[ to <path label>]" exactly
 * when it spends a card and runs its panel (nx_panel_ctx.c): a committed
 * play, whichever action settled it. */
static void count_plays(const char *result)
{
    json_t *r = json_loads(result, 0, NULL);
    size_t i;
    json_t *line;
    json_array_foreach(json_object_get(r, "log"), i, line) {
        const char *at = strstr(json_string_value(line) ? json_string_value(line) : "", " plays the ");
        if (!at) continue;
        at += strlen(" plays the ");
        for (int f = 0; f < NX_FACTION_COUNT; f++) {
            const char *name = nx_comp_name(nx_comp_nexus((nx_faction)f));
            size_t len = strlen(name);
            if (strncmp(at, name, len) || strncmp(at + len, " as ", 4)) continue;
            for (int m = 0; m < NX_MODE_COUNT; m++) {
                const char *mode = nx_mode_name((nx_mode)m), *rest = at + len + 4 + strlen(mode);
                if (strncmp(at + len + 4, mode, strlen(mode)) || (*rest && strncmp(rest, " to ", 4))) continue;
                char key[80];
                nx_fmt(key, sizeof key, "%s.%s", nx_faction_id((nx_faction)f), nx_mode_id((nx_mode)m));
                tally_add(key, 1);
                if (!strncmp(rest, " to ", 4)) {
                    /* The line names the path by its label; the tally by its id. */
                    const nx_panel *pa = nx_pack_panel(&rt.pack, key);
                    size_t k = 0;
                    while (pa && k < pa->npaths && strcmp(pa->paths[k].label, rest + 4)) k++;
                    ck_assert_msg(pa && k < pa->npaths, "a play line names no path of %s: %s", key, json_string_value(line));
                    char both[80];
                    nx_fmt(both, sizeof both, "%s/%s", key, pa->paths[k].id);
                    tally_add(both, 1);
                }
            }
        }
    }
    json_decref(r);
}

static int comp_of(const char *s)
{
    if (!strchr(s, ':')) return -1;
    comp_id key = { s, 0 };
    const comp_id *hit = bsearch(&key, ids, NX_COMP_COUNT, sizeof *ids, by_id);
    return hit ? hit->c : -1;
}

/* ---- secrecy ------------------------------------------------------------- */

typedef struct secrets {
    int viewer;
    uint8_t secret[NX_COMP_COUNT];
    const char *where;
} secrets;

static void find_secrets(const nx_state *s, int viewer, secrets *out)
{
    out->viewer = viewer;
    for (int c = 0; c < NX_COMP_COUNT; c++) {
        nx_zone z = s->custody.zone[c];
        nx_visibility vis = z == NX_Z_OUT ? NX_VIS_PUBLIC : nx_zone_visibility(z);
        out->secret[c] = vis == NX_VIS_HIDDEN || (vis == NX_VIS_OWNER && nx_zone_seat(z) != viewer);
    }
}

static void scan(const json_t *j, const secrets *sc, const char *key);

/* The viewer's own decisions may offer it cards it holds or was shown. */
static void scan_pending(const json_t *pending, const secrets *sc)
{
    size_t i;
    json_t *p;
    json_array_foreach(pending, i, p) {
        json_t *seat = json_object_get(p, "seat");
        int own = json_is_integer(seat) && json_integer_value(seat) == sc->viewer;
        const char *k;
        json_t *v;
        json_object_foreach(p, k, v)
            if (!(own && !strcmp(k, "options"))) scan(v, sc, k);
    }
}

static void scan(const json_t *j, const secrets *sc, const char *key)
{
    if (json_is_string(j)) {
        int c = comp_of(json_string_value(j));
        require(c < 0 || !sc->secret[c], "%s: viewer %d's view shows %s (under \"%s\"), which it cannot see",
                      sc->where, sc->viewer, json_string_value(j), key);
    } else if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) scan(v, sc, key);
    } else if (json_is_object(j)) {
        const char *k;
        json_t *v;
        /* A cancelled traitor call's effect names the traitor revealed at
         * the table (Harkonnen Betrayal), a public fact while it lasts,
         * even once that card is shuffled into the Traitor Deck. */
        int revealed = json_is_string(json_object_get(j, "kind")) && !strcmp(json_string_value(json_object_get(j, "kind")), "cancelled") &&
                       !strcmp(key, "effects");
        json_object_foreach((json_t *)j, k, v) {
            if (!strcmp(k, "receipts")) continue; /* what the viewer was shown */
            if (revealed && !strcmp(k, "card")) continue;
            if (!strcmp(k, "pending")) scan_pending(v, sc);
            else scan(v, sc, k);
        }
    }
}

static void assert_view_keeps_secrets(const nx_state *s, int viewer, const char *where)
{
    static secrets sc;
    sc.where = where;
    find_secrets(s, viewer, &sc);
    json_t *v = nx_view_json(s, viewer);
    scan(v, &sc, "");
    json_decref(v);
}

static void assert_views_ignore_hidden_identities(const nx_state *s, nx_rng *r, const char *where)
{
    for (int viewer = -1; viewer < s->nseats; viewer++) {
        nx_state t = *s;
        nx_permute_hidden(&t, viewer, r);
        json_t *a = nx_view_json(s, viewer), *b = nx_view_json(&t, viewer);
        require(json_equal(a, b), "%s: seat %d's view depends on cards it cannot see", where, viewer);
        json_decref(a);
        json_decref(b);
    }
}

/* ---- per action ------------------------------------------------------------ */

static void assert_round_trip(const nx_state *s, const char *where)
{
    json_t *j = nx_state_json_encode(s);
    require(j != NULL, "%s: the state cannot be encoded", where);
    static nx_state back;
    char err[256];
    nx_state_init(&back, 0, 0);
    require(!nx_state_json_decode(j, &back, err, sizeof err), "%s: decode: %s", where, err);
    require(!memcmp(&back, s, sizeof back), "%s: the decoded state differs", where);
    json_decref(j);
}

static void check_state(const nx_game *g, unsigned n, nx_rng *r, const char *where)
{
    const nx_state *s = nx_game_state(g);
    char msg[256];
    require(nx_state_check(s, msg, sizeof msg) == 0, "%s: %s", where, msg);
    assert_view_keeps_secrets(s, (int)(n % (s->nseats + 1u)) - 1, where);
    assert_round_trip(s, where);
    if (n % PERMUTE_EVERY == 0) {
        for (int viewer = -1; viewer < s->nseats; viewer++) assert_view_keeps_secrets(s, viewer, where);
        assert_views_ignore_hidden_identities(s, r, where);
    }
}

static void assert_reload_identical(const nx_game *g, const char *where)
{
    char *saved = nx_game_save(g);
    char err[512] = "";
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "%s: reload refused: %s", where, err);
    ck_assert_msg(!memcmp(nx_game_state(g), nx_game_state(g2), sizeof(nx_state)), "%s: reloaded state differs", where);
    char *again = nx_game_save(g2);
    ck_assert_msg(!strcmp(saved, again), "%s: the reloaded game saves differently", where);
    free(again);
    free(saved);
    nx_game_free(g2);
}

/* A listed move refused: fail at once, naming it. */
static void refused(void *ctx, int seat, const char *action, const char *result)
{
    ck_abort_msg("%s: seat %d's listed move %s was refused: %s", (const char *)ctx, seat, action, result);
}

static int result_ok(const char *r)
{
    json_t *j = json_loads(r, 0, NULL);
    int ok = json_is_true(json_object_get(j, "ok"));
    json_decref(j);
    return ok;
}

/* Game i of the mix: seats cycle 2..6, then Basic/Advanced, then the bot kind. */
static nx_game *game_of(int i, nx_bot_kind *kind, char *where, size_t len)
{
    nx_game_config cfg = { .seed = 9000 + (uint64_t)i, .nexus_cards = 1, .advanced = (i / 5) % 2 };
    nx_game_classic_factions(&cfg, 2 + i % 5);
    *kind = (i / 10) % 2 ? NX_BOT_SIMPLE : NX_BOT_RANDOM;
    nx_fmt(where, len, "game %d (seed %llu, %d seats, %s, %s bots)", i, (unsigned long long)cfg.seed,
             cfg.nseats, cfg.advanced ? "Advanced" : "Basic", nx_bot_kind_name(*kind));
    char err[256];
    nx_game *g = nx_game_new(&rt, with_profile ? &profile : NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s: %s", where, err);
    return g;
}

START_TEST(bot_games_end_and_keep_every_property)
{
    char where[128], at[160];
    nx_bot_kind kind;
    nx_game *g = game_of(_i, &kind, where, sizeof where);
    nx_bot bot;
    nx_bot_init(&bot, &rt, kind, 31 * (uint64_t)_i + 7);
    bot.on_refusal = refused;
    bot.ctx = at;
    nx_rng r;
    nx_rng_seed(&r, (uint64_t)_i);
    nx_fmt(at, sizeof at, "%s after setup", where);
    check_state(g, 0, &r, at);
    unsigned n = 0;
    for (;;) {
        require(n < MAX_ACTIONS, "%s: no end after %d actions", where, MAX_ACTIONS);
        char id[24];
        nx_fmt(id, sizeof id, "p%u", n + 1);
        nx_fmt(at, sizeof at, "%s, action %u", where, n + 1);
        nx_bot_move m;
        int rc = nx_bot_step(&bot, g, id, &m);
        require(rc >= 0, "%s: the game stalled", at);
        if (rc == 0) break;
        require(result_ok(m.result), "%s: %s", at, m.result);
        if (with_profile && strstr(m.result, " plays the ")) count_plays(m.result);
        n++;
        check_state(g, n, &r, at);
        nx_bot_move_free(&m);
    }
    nx_fmt(at, sizeof at, "%s at the end", where);
    check_state(g, 0, &r, at); /* n = 0: every check */
    const nx_state *s = nx_game_state(g);
    ck_assert_msg(s->play.over, "%s: the bots stopped before the end", where);
    ck_assert_msg(s->play.winners != 0, "%s: the game ended in turn %d without a winner", where, s->turn);
    ck_assert_uint_eq(bot.refused, 0);
    assert_reload_identical(g, where);
    nx_game_free(g);
}
END_TEST

/* A bot's move handed to the game as text, as hosts do (the bot hands it
 * over as a value when no apply hook is set). */
static char *apply_text(void *ctx, nx_game *g, const char *action)
{
    (void)ctx;
    return nx_game_apply(g, action);
}

/* Same seed, same bots: byte-identical saved games, whether the moves
 * reach the game as values (the first run) or as text (the second). */
START_TEST(bot_games_are_deterministic)
{
    char *saves[2];
    for (int k = 0; k < 2; k++) {
        char where[128];
        nx_bot_kind kind;
        nx_game *g = game_of(17 + _i, &kind, where, sizeof where);
        nx_bot bot;
        nx_bot_init(&bot, &rt, kind, 99);
        bot.on_refusal = refused;
        bot.ctx = where;
        if (k) bot.apply = apply_text;
        char id[24];
        nx_bot_move m;
        for (unsigned n = 1; n < MAX_ACTIONS; n++) {
            nx_fmt(id, sizeof id, "d%u", n);
            if (nx_bot_step(&bot, g, id, &m) <= 0) break;
            nx_bot_move_free(&m);
        }
        saves[k] = nx_game_save(g);
        nx_game_free(g);
    }
    ck_assert_str_eq(saves[0], saves[1]);
    free(saves[0]);
    free(saves[1]);
}
END_TEST

/* $NX_PLAY_SLICE = "k/n" runs the k-th of n equal runs of the games (the
 * determinism check with slice 0), so CTest can run the slices in
 * parallel (tests/CMakeLists.txt); unset, every game runs. */
static void slice_of(int *lo, int *hi, int *first, int *slice, int *slices)
{
    const char *v = getenv("NX_PLAY_SLICE");
    int k = 0, n = 1;
    if (v && (sscanf(v, "%d/%d", &k, &n) != 2 || n < 1 || k < 0 || k >= n)) {
        fprintf(stderr, "test_play: NX_PLAY_SLICE=%s is not k/n with 0 <= k < n\n", v);
        exit(EXIT_FAILURE);
    }
    *lo = GAMES * k / n;
    *hi = GAMES * (k + 1) / n;
    *first = k == 0;
    *slice = k;
    *slices = n;
}

/* The battle panels of issue #12, by panel and, for a card of two
 * alternatives, by path: each must be played in the 200 provisional games.
 * The two native Cunnings are reached because their holders prepare for
 * them, as the panels' Lua advice says (bots/nx_bot_advice.h; docs/bots.md,
 * "Bot advice from the panels"): Atreides and (in the Advanced game)
 * Emperor seats keep their own card and draw or replace for it, and an
 * Emperor holding it keeps its Sardaukar out of its shipments and moves
 * and seeks a battle with five ordinary forces (seek_battle).
 * Played in these games: atreides.cunning 6 times, emperor.cunning 4
 * times (never before the Emperor sought its own card, once before it
 * sought a battle for it). */
static const char *const battle_panels[] = {
    "atreides.betrayal", "atreides.cunning", "atreides.secret_ally", "bene_gesserit.betrayal",
    "bene_gesserit.secret_ally", "emperor.betrayal/battle", "emperor.cunning",
};

static char *tally_path(const char *dir, int k)
{
    return nx_asprintf("%s/panels_%d.txt", dir, k);
}

static void write_tally(const char *dir, int k)
{
    char *path = tally_path(dir, k);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "test_play: cannot write %s\n", path);
        exit(EXIT_FAILURE);
    }
    for (int i = 0; i < ntallies; i++) fprintf(f, "%s %u\n", tallies[i].key, tallies[i].n);
    fclose(f);
    free(path);
}

/* Add up the n slices' tallies: every battle panel was played. */
START_TEST(every_battle_panel_is_played)
{
    const char *dir = getenv("NX_PLAY_CHECK");
    int lo, hi, first, k, n;
    slice_of(&lo, &hi, &first, &k, &n);
    for (int i = 0; i < n; i++) {
        char *path = tally_path(dir, i);
        FILE *f = fopen(path, "r");
        ck_assert_msg(f != NULL, "%s is missing: did test_play_provisional slice %d run?", path, i);
        char key[80];
        unsigned count;
        while (fscanf(f, "%79s %u", key, &count) == 2) tally_add(key, count);
        fclose(f);
        free(path);
    }
    for (int i = 0; i < ntallies; i++) fprintf(stderr, "  %s: %u\n", tallies[i].key, tallies[i].n);
    for (size_t p = 0; p < sizeof battle_panels / sizeof battle_panels[0]; p++) {
        unsigned got = 0;
        for (int i = 0; i < ntallies; i++)
            if (!strcmp(tallies[i].key, battle_panels[p])) got = tallies[i].n;
        ck_assert_msg(got > 0, "%s was never played in the %d provisional bot games", battle_panels[p], GAMES);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("bot games");
    if (getenv("NX_PLAY_CHECK")) {
        tcase_add_test(tc, every_battle_panel_is_played);
        suite_add_tcase(s, tc);
        return s;
    }
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 900);
    int lo, hi, first, k, n;
    slice_of(&lo, &hi, &first, &k, &n);
    tcase_add_loop_test(tc, bot_games_end_and_keep_every_property, lo, hi);
    if (first && !getenv("NX_PLAY_PROFILE")) tcase_add_loop_test(tc, bot_games_are_deterministic, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    int rc = nx_run_suite(suite());
    const char *dir = getenv("NX_PLAY_TALLY");
    if (dir && !getenv("NX_PLAY_CHECK")) {
        int lo, hi, first, k, n;
        slice_of(&lo, &hi, &first, &k, &n);
        write_tally(dir, k);
    }
    return rc;
}
