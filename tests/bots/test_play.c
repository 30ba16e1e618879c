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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_state_json.h"
#include "nx_testutil.h"
#include "nx_view.h"

#define GAMES 200
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
}

static void close_rt(void) { nx_runtime_close(&rt); }

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
        json_object_foreach((json_t *)j, k, v) {
            if (!strcmp(k, "receipts")) continue; /* what the viewer was shown */
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
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
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

/* Same seed, same bots: byte-identical saved games. */
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
static void slice_of(int *lo, int *hi, int *first)
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
}

static Suite *suite(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("bot games");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 900);
    int lo, hi, first;
    slice_of(&lo, &hi, &first);
    tcase_add_loop_test(tc, bot_games_end_and_keep_every_property, lo, hi);
    if (first) tcase_add_loop_test(tc, bot_games_are_deterministic, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
