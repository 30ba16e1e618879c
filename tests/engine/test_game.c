/* Games through the action API: property tests over bot-played games
 * (rules games and designer's tables) with damaged actions mixed in:
 * atomic refusals, save/load, replay, retries, stale versions, secrecy. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_json_text.h"
#include "nx_testutil.h"
#include "nx_version.h"
#include "nx_util.h"
#include "nx_view.h"

static nx_runtime rt;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
}

static void close_rt(void) { nx_runtime_close(&rt); }

/* A game of 2-6 random factions (any of the twelve), Basic or Advanced by
 * the seed's parity; a rules game unless `designer`. */
static nx_game *random_game(uint64_t seed, int designer)
{
    nx_rng r;
    nx_rng_seed(&r, seed);
    nx_game_config cfg = { .seed = seed, .nexus_cards = 1, .advanced = (int)(seed & 1), .designer = designer };
    cfg.nseats = 2 + (int)nx_rng_below(&r, 5);
    nx_faction pool[NX_FACTION_COUNT];
    for (int i = 0; i < NX_FACTION_COUNT; i++) pool[i] = (nx_faction)i;
    for (int i = 0; i < cfg.nseats; i++) {
        int j = i + (int)nx_rng_below(&r, (uint32_t)(NX_FACTION_COUNT - i));
        nx_faction t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        cfg.factions[i] = pool[i];
    }
    /* Rules games are built for the six classic factions. */
    if (!designer) nx_game_classic_factions(&cfg, cfg.nseats);
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

static int result_ok(const char *r)
{
    json_t *j = json_loads(r, 0, NULL);
    int ok = json_is_true(json_object_get(j, "ok"));
    json_decref(j);
    return ok;
}

static char *apply_json(nx_game *g, json_t *a)
{
    char *text = json_dumps(a, JSON_COMPACT);
    char *r = nx_game_apply(g, text);
    free(text);
    return r;
}

static void assert_reload_identical(const nx_game *g)
{
    char *saved = nx_game_save(g);
    char err[512] = "";
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "reload refused: %s", err);
    ck_assert_int_eq(memcmp(nx_game_state(g), nx_game_state(g2), sizeof(nx_state)), 0);
    char *again = nx_game_save(g2);
    ck_assert_str_eq(saved, again);
    free(again);
    free(saved);
    nx_game_free(g2);
}

static void assert_no_leak(const nx_game *g, nx_rng *r)
{
    const nx_state *s = nx_game_state(g);
    for (int viewer = -1; viewer < s->nseats; viewer++) {
        nx_state t = *s;
        nx_permute_hidden(&t, viewer, r);
        json_t *a = nx_view_json(s, viewer), *b = nx_view_json(&t, viewer);
        ck_assert_msg(json_equal(a, b), "seat %d's view depends on cards it cannot see", viewer);
        json_decref(a);
        json_decref(b);
    }
}

static const nx_pending *pending_of_kind(const nx_state *s, int seat, int kind)
{
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].seat == seat && s->pending[i].kind == kind) return &s->pending[i];
    return NULL;
}

static void refused(void *ctx, int seat, const char *action, const char *result)
{
    (void)ctx;
    ck_abort_msg("seat %d's listed move %s was refused: %s", seat, action, result);
}

/* Damage a plausible action: the wrong seat, an unknown key, numbers and
 * names out of range, or a bare type from another phase. */
static json_t *damaged(const nx_game *g, nx_rng *r)
{
    static const char *const types[] = { "answer", "pass", "play_nexus", "set_policy", "offer_alliance",
                                         "accept_alliance", "leave_alliance", "advance", "nexus", "place" };
    const nx_state *s = nx_game_state(g);
    int seat = (int)nx_rng_below(r, s->nseats);
    json_t *cands = nx_game_moves(g, s->npending ? s->pending[0].seat : seat);
    json_t *a = json_array_size(cands)
                    ? json_deep_copy(json_object_get(json_array_get(cands, nx_rng_below(r, (uint32_t)json_array_size(cands))), "action"))
                    : json_pack("{s:s}", "type", types[nx_rng_below(r, sizeof types / sizeof *types)]);
    json_decref(cands);
    const char *k;
    json_t *v;
    switch (nx_rng_below(r, 4)) {
    case 0: json_object_set_new(a, "bogus", json_integer(1)); break;
    case 1:
        json_object_foreach(a, k, v)
            if (json_is_integer(v)) json_integer_set(v, nx_rng_below(r, 2) ? 1000 : -1);
        break;
    case 2:
        json_object_foreach(a, k, v)
            if (json_is_string(v) && strcmp(k, "type")) json_string_set(v, "nowhere");
        break;
    default: break; /* as listed, from a seat that may not owe it */
    }
    json_object_set_new(a, "version", json_integer((json_int_t)s->version));
    json_object_set_new(a, "seat", nx_rng_below(r, 8) ? json_integer(seat) : json_null());
    return a;
}

/* Refused noise changes nothing; accepted noise was a legal move. */
static void noise_step(nx_game *g, nx_rng *r, int step, char **last_ok_action)
{
    json_t *a = damaged(g, r);
    char id[32];
    nx_fmt(id, sizeof id, "n%d", step);
    json_object_set_new(a, "id", json_string(id));
    nx_state before = *nx_game_state(g);
    size_t n = nx_game_log_length(g);
    char *res = apply_json(g, a);
    if (result_ok(res)) {
        ck_assert_uint_eq(nx_game_state(g)->version, before.version + 1);
        free(*last_ok_action);
        *last_ok_action = json_dumps(a, JSON_COMPACT);
    } else {
        ck_assert_msg(!memcmp(&before, nx_game_state(g), sizeof before), "refused %s changed the game", res);
        ck_assert_uint_eq(nx_game_log_length(g), n);
    }
    free(res);
    json_decref(a);
}

/* One step of the fuzzer: now and then damaged noise, then the random
 * bot's move (listed moves must be accepted); every state passes its
 * invariants.  Returns 0 when the game is over. */
static int fuzz_step(nx_game *g, nx_bot *bot, nx_rng *r, int step, char **last_ok_action)
{
    if (nx_game_state(g)->play.over) return 0;
    if (nx_rng_below(r, 3) == 0) noise_step(g, r, step, last_ok_action);
    char id[32];
    nx_fmt(id, sizeof id, "f%d", step);
    nx_bot_move m;
    int rc = nx_bot_step(bot, g, id, &m);
    ck_assert_int_ge(rc, 0);
    char msg[256];
    ck_assert_msg(nx_state_check(nx_game_state(g), msg, sizeof msg) == 0, "%s", msg);
    if (rc == 0) return 0;
    ck_assert_msg(result_ok(m.result), "%s", m.result);
    free(*last_ok_action);
    *last_ok_action = m.action;
    m.action = NULL;
    nx_bot_move_free(&m);
    return 1;
}

static void assert_retry_and_stale(nx_game *g, const char *last_ok_action)
{
    nx_state before = *nx_game_state(g);
    size_t n = nx_game_log_length(g);
    char *r = nx_game_apply(g, last_ok_action);
    ck_assert_int_eq(result_ok(r), 1);
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    ck_assert_uint_eq(nx_game_log_length(g), n);
    free(r);
    json_t *stale = json_pack("{s:s, s:I, s:i, s:s}", "id", "stale-probe", "version",
                              (json_int_t)before.version + 5, "seat", 0, "type", "pass");
    r = apply_json(g, stale);
    ck_assert_ptr_nonnull(strstr(r, "\"stale\""));
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    free(r);
    json_decref(stale);
}

/* Random bots and noise over a game; every 50 steps a reload, the secrecy
 * permutation, a retry and a stale version. */
static void fuzz_game(uint64_t seed, int designer, int steps)
{
    nx_game *g = random_game(seed, designer);
    nx_rng r;
    nx_rng_seed(&r, seed * 31);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_RANDOM, seed * 17 + 3);
    bot.on_refusal = refused;
    char *last_ok = NULL;
    for (int step = 0; step < steps && fuzz_step(g, &bot, &r, step, &last_ok); step++) {
        if (step % 50 == 49) {
            assert_reload_identical(g);
            assert_no_leak(g, &r);
            if (last_ok) assert_retry_and_stale(g, last_ok);
        }
    }
    assert_reload_identical(g);
    assert_no_leak(g, &r);
    ck_assert_uint_gt(nx_game_state(g)->version, 0);
    free(last_ok);
    nx_game_free(g);
}

START_TEST(rules_games_keep_every_property)
{
    fuzz_game(1000 + (uint64_t)_i, 0, 3000);
}
END_TEST

/* Designer's tables: the host advances and declares a Nexus, seats talk. */
START_TEST(designer_tables_keep_every_property)
{
    fuzz_game(2000 + (uint64_t)_i, 1, 400);
}
END_TEST

/* Same seed, same actions: byte-identical saved games. */
START_TEST(replay_is_deterministic)
{
    char *saves[2];
    for (int k = 0; k < 2; k++) {
        nx_game *g = random_game(77, _i);
        nx_rng r;
        nx_rng_seed(&r, 5);
        nx_bot bot;
        nx_bot_init(&bot, &rt, NX_BOT_RANDOM, 5);
        bot.on_refusal = refused;
        char *last = NULL;
        for (int step = 0; step < 300 && fuzz_step(g, &bot, &r, step, &last); step++) continue;
        free(last);
        saves[k] = nx_game_save(g);
        nx_game_free(g);
    }
    ck_assert_str_eq(saves[0], saves[1]);
    free(saves[0]);
    free(saves[1]);
}
END_TEST

static void assert_refusals(nx_game *g, const char *const (*cases)[2], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        nx_state before = *nx_game_state(g);
        char *r = nx_game_apply(g, cases[i][0]);
        ck_assert_msg(!result_ok(r) && strstr(r, cases[i][1]), "case %zu: %s", i, r);
        ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
        free(r);
    }
}

START_TEST(bad_actions_are_refused_with_reasons)
{
    nx_game *g = random_game(5, 0);
    static const char *const rules[][2] = {
        { "not json", "malformed" },
        { "[]", "malformed" },
        { "{\"version\":0,\"seat\":0,\"type\":\"pass\"}", "string of 1 to 64" },
        { "{\"id\":\"x\",\"seat\":0,\"type\":\"pass\"}", "state version" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"fly\"}", "unknown action type" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":9,\"type\":\"answer\"}", "seat number" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"advance\"}", "host's action" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"advance\"}", "designer's tables" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"nexus\"}", "Shai-Hulud" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"answer\"}", "needs the acting" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"advance\",\"extra\":1}", "unknown key" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"set_policy\",\"policy\":\"sometimes\"}", "policy" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"play_nexus\"}", "holds no Nexus card" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"place\",\"card\":\"nexus:ecaz\",\"zone\":\"nexus_discard\"}", "designer" },
    };
    assert_refusals(g, rules, sizeof rules / sizeof rules[0]);
    nx_game_free(g);
    g = random_game(6, 1);
    static const char *const designer[][2] = {
        { "{\"id\":\"x\",\"version\":0,\"seat\":null,\"type\":\"nexus\"}", "Spice Blow" },
        { "{\"id\":\"x\",\"version\":0,\"seat\":0,\"type\":\"offer_alliance\",\"to\":1}", "only during a Nexus" },
    };
    assert_refusals(g, designer, sizeof designer / sizeof designer[0]);
    nx_game_free(g);
}
END_TEST

/* A save whose checksum matches loads from its saved state, the same game
 * as its replay; the checksum is what lets it skip the replay: an edited
 * result is refused by the replay, unless the checksum is forged to
 * match, which only `nexus verify`'s full replay (nx_game_load_verified)
 * then catches. */
START_TEST(checked_saves_load_from_their_snapshot)
{
    nx_game *g = random_game(9, 0);
    nx_rng r;
    nx_rng_seed(&r, 9);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_RANDOM, 9);
    bot.on_refusal = refused;
    char *last = NULL;
    for (int step = 0; step < 120 && fuzz_step(g, &bot, &r, step, &last); step++) continue;
    free(last);
    ck_assert_uint_gt(nx_game_log_length(g), 0);
    char *saved = nx_game_save(g);
    char err[512];
    nx_game *fast = nx_game_load(&rt, saved, err, sizeof err);
    nx_game *slow = nx_game_load_verified(&rt, saved, err, sizeof err);
    ck_assert_msg(fast && slow, "%s", err);
    ck_assert_int_eq(memcmp(nx_game_state(fast), nx_game_state(slow), sizeof(nx_state)), 0);
    ck_assert_uint_eq(nx_game_log_length(fast), nx_game_log_length(g));
    char *a = nx_game_save(fast), *b = nx_game_save(slow);
    ck_assert_str_eq(a, saved);
    ck_assert_str_eq(b, saved);
    free(a);
    free(b);
    /* A retried id still answers from the loaded log. */
    for (size_t i = 0; i < nx_game_log_length(g); i += 7) {
        char *res = nx_game_apply(fast, nx_game_log_action(g, i));
        ck_assert_str_eq(res, nx_game_log_result(g, i));
        free(res);
    }
    nx_game_free(fast);
    nx_game_free(slow);
    /* Edit the first result's version (same length). */
    char *t = nx_xstrdup(saved);
    char *v = strstr(t, "\"ok\":true,\"version\":1}");
    ck_assert_ptr_nonnull(v);
    v[strlen("\"ok\":true,\"version\":")] = '7';
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "log[0]"));
    /* Forge the checksum: the snapshot load trusts it, verify does not. */
    const char *key = ",\n \"checksum\": \"";
    char *c = strstr(t, key);
    ck_assert_ptr_nonnull(c);
    char sum[17];
    nx_checksum64_hex(t, (size_t)(c - t), sum);
    memcpy(c + strlen(key), sum, 16);
    nx_game *forged = nx_game_load(&rt, t, err, sizeof err);
    ck_assert_msg(forged != NULL, "%s", err);
    nx_game_free(forged);
    ck_assert_ptr_null(nx_game_load_verified(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "log[0]"));
    free(t);
    free(saved);
    nx_game_free(g);
}
END_TEST

START_TEST(corrupt_saves_are_refused)
{
    nx_game *g = random_game(9, 0);
    nx_rng r;
    nx_rng_seed(&r, 9);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_RANDOM, 9);
    bot.on_refusal = refused;
    char *last = NULL;
    for (int step = 0; step < 120 && fuzz_step(g, &bot, &r, step, &last); step++) continue;
    free(last);
    char *saved = nx_game_save(g);
    char err[512];
    /* Truncated file. */
    char *cut = nx_xstrndup(saved, strlen(saved) / 2);
    ck_assert_ptr_null(nx_game_load(&rt, cut, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not valid JSON"));
    free(cut);
    /* A different pack digest. */
    json_t *j = json_loads(saved, 0, NULL);
    json_object_set_new(json_object_get(j, "pack"), "digest", json_string("0000"));
    char *t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "pack.digest"));
    free(t);
    json_decref(j);
    /* A state that its log does not rebuild: move a version. */
    j = json_loads(saved, 0, NULL);
    json_t *st = json_object_get(j, "state");
    json_object_set_new(st, "event_seq", json_integer(json_integer_value(json_object_get(st, "event_seq")) + 1));
    t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "state"));
    free(t);
    json_decref(j);
    /* A log entry whose result was edited: replay disagrees. */
    j = json_loads(saved, 0, NULL);
    json_t *entry = json_array_get(json_object_get(j, "log"), 0);
    ck_assert_ptr_nonnull(entry);
    json_object_set_new(json_object_get(entry, "result"), "version", json_integer(99));
    t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "log[0]"));
    free(t);
    json_decref(j);
    /* Another patch release of this MAJOR.MINOR loads; another minor is
     * refused, saying which engines load it. */
    int major = 0, minor = 0;
    ck_assert_int_eq(sscanf(NX_VERSION, "%d.%d", &major, &minor), 2);
    char patch[32], next_minor[32], next_major[32], longer_minor[32];
    snprintf(patch, sizeof patch, "%d.%d.99", major, minor);
    snprintf(next_minor, sizeof next_minor, "%d.%d.0", major, minor + 1);
    snprintf(next_major, sizeof next_major, "%d.%d.0", major + 1, minor);
    snprintf(longer_minor, sizeof longer_minor, "%d.%d0.0", major, minor);
    const char *const versions[][2] = { { NX_VERSION, "ok" }, { patch, "ok" }, { next_minor, "same MAJOR.MINOR" },
                                        { next_major, "same MAJOR.MINOR" }, { longer_minor, "same MAJOR.MINOR" } };
    for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++) {
        j = json_loads(saved, 0, NULL);
        json_object_set_new(j, "engine", json_string(versions[v][0]));
        t = json_dumps(j, 0);
        nx_game *other = nx_game_load(&rt, t, err, sizeof err);
        if (!strcmp(versions[v][1], "ok")) {
            ck_assert_msg(other != NULL, "engine %s: %s", versions[v][0], err);
            nx_game_free(other);
        } else {
            ck_assert_ptr_null(other);
            ck_assert_ptr_nonnull(strstr(err, versions[v][1]));
        }
        free(t);
        json_decref(j);
    }
    /* An unknown ruling setting. */
    j = json_loads(saved, 0, NULL);
    json_object_set_new(json_object_get(j, "rulings"), "harkonnen.cunning.interruption", json_string("maybe"));
    t = json_dumps(j, 0);
    ck_assert_ptr_null(nx_game_load(&rt, t, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "rulings.harkonnen.cunning.interruption"));
    free(t);
    json_decref(j);
    free(saved);
    nx_game_free(g);
}
END_TEST

/* A seat holding a Nexus card whose panel is open plays it on its own
 * initiative: native Harkonnen holding its card, with Cunning allowed to
 * interrupt (in a rules game someone else is always deciding). */
START_TEST(bots_play_held_nexus_cards)
{
    nx_settings set;
    nx_settings_init(&set);
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_settings_set(&set, &rt.pack.rulings, "harkonnen.cunning.interruption", "suspend_and_resume", &d), 0);
    nx_diags_free(&d);
    nx_game_config cfg = { .seed = 12, .nseats = 3, .nexus_cards = 1,
                           .factions = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&rt, &set, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_settings_free(&set);
    nx_state *s = nx_game_state_mut(g);
    nx_custody_move(&s->custody, nx_comp_nexus(NX_HARKONNEN), NX_Z_SEAT(1, NX_ZS_NEXUS_HELD));
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 4);
    bot.on_refusal = refused;
    int played = 0;
    char id[16];
    nx_bot_move m;
    for (int i = 0; i < 400 && !played; i++) {
        nx_fmt(id, sizeof id, "c%d", i);
        if (nx_bot_step(&bot, g, id, &m) <= 0) break;
        played = m.optional && m.seat == 1 && strstr(m.result, "plays the Harkonnen") != NULL;
        nx_bot_move_free(&m);
    }
    ck_assert_msg(played, "the holder never played its card");
    /* The panel's question (which Traitor Card to return) is answered next
     * by the bots like any other decision. */
    for (int i = 0; i < 50 && pending_of_kind(nx_game_state(g), 1, NX_PEND_PANEL); i++) {
        nx_fmt(id, sizeof id, "r%d", i);
        ck_assert_int_eq(nx_bot_step(&bot, g, id, &m), 1);
        nx_bot_move_free(&m);
    }
    ck_assert_ptr_null(pending_of_kind(nx_game_state(g), 1, NX_PEND_PANEL));
    nx_game_free(g);
}
END_TEST

/* With default rulings Harkonnen Cunning may be played only when no other
 * player's decision is pending: the Nexus card window a rules game offers
 * each holder at the end of a phase (nx_phases.c) is that moment. */
START_TEST(nexus_card_windows_let_holders_play)
{
    nx_game_config cfg = { .seed = 12, .nseats = 3, .nexus_cards = 1,
                           .factions = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_custody_move(&nx_game_state_mut(g)->custody, nx_comp_nexus(NX_HARKONNEN), NX_Z_SEAT(1, NX_ZS_NEXUS_HELD));
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 4);
    bot.on_refusal = refused;
    char id[16];
    nx_bot_move m;
    int windows = 0;
    /* Let the bots answer every decision except the holder's window. */
    for (int i = 0; i < 400 && !windows; i++) {
        const nx_pending *w = pending_of_kind(nx_game_state(g), 1, NX_PEND_NEXUS_WINDOW);
        if (w) {
            /* One window at a time: nobody else is deciding. */
            ck_assert_int_eq(nx_game_state(g)->npending, 1);
            windows++;
            break;
        }
        nx_fmt(id, sizeof id, "w%d", i);
        int rc = nx_bot_step(&bot, g, id, &m);
        ck_assert_int_eq(rc, 1);
        int played = m.optional && strstr(m.result, "plays the Harkonnen") != NULL;
        nx_bot_move_free(&m);
        if (played) break;
    }
    ck_assert_msg(windows, "the holder was never offered a window");
    json_t *a = json_pack("{s:s, s:I, s:i, s:s}", "id", "play", "version",
                          (json_int_t)nx_game_state(g)->version, "seat", 1, "type", "play_nexus");
    char *r = apply_json(g, a);
    json_decref(a);
    ck_assert_msg(result_ok(r) && strstr(r, "as Cunning to draw a Traitor Card"), "%s", r);
    free(r);
    ck_assert_ptr_null(pending_of_kind(nx_game_state(g), 1, NX_PEND_NEXUS_WINDOW));
    ck_assert_ptr_nonnull(pending_of_kind(nx_game_state(g), 1, NX_PEND_PANEL));
    nx_game_free(g);
}
END_TEST

/* The apply hook of the fallback test: the first attempt is "refused"
 * without reaching the game, as a buggy phase's listed move would be. */
typedef struct flaky {
    int attempts, reports;
    char first[512], second[512];
} flaky;

static char *flaky_apply(void *ctx, nx_game *g, const char *action)
{
    flaky *f = ctx;
    nx_fmt(f->attempts ? f->second : f->first, sizeof f->first, "%s", action);
    if (f->attempts++ == 0) return nx_xstrdup("{\"code\":\"illegal\",\"error\":\"injected\",\"ok\":false}");
    return nx_game_apply(g, action);
}

static void count_report(void *ctx, int seat, const char *action, const char *result)
{
    (void)seat, (void)action;
    ck_assert_ptr_nonnull(strstr(result, "injected"));
    ((flaky *)ctx)->reports++;
}

/* A refused listed move is reported, and the bot passes instead (the
 * Nexus talks can be passed): the game never stalls on a phase's bug. */
START_TEST(bots_report_refused_moves_and_fall_back)
{
    nx_game *g = random_game(31, 0);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 1);
    bot.on_refusal = refused;
    char id[16];
    nx_bot_move m;
    /* Play on to a decision that can be passed (a Nexus, a bid...). */
    int i = 0;
    for (; i < 3000; i++) {
        const nx_state *s = nx_game_state(g);
        ck_assert(!s->play.over);
        if (s->npending && (s->pending[0].kind == NX_PEND_NEXUS || s->pending[0].kind == NX_PEND_BID)) break;
        nx_fmt(id, sizeof id, "a%d", i);
        ck_assert_int_eq(nx_bot_step(&bot, g, id, &m), 1);
        nx_bot_move_free(&m);
    }
    flaky f = { 0 };
    bot.apply = flaky_apply;
    bot.on_refusal = count_report;
    bot.ctx = &f;
    ck_assert_int_eq(nx_bot_step(&bot, g, "fallback", &m), 1);
    ck_assert_int_eq(f.reports, 1);
    ck_assert_uint_eq(bot.refused, 1);
    /* After a refused move the bot passes (unless the refused move was the pass). */
    if (!strstr(f.first, "\"type\":\"pass\"")) ck_assert_ptr_nonnull(strstr(f.second, "\"type\":\"pass\""));
    ck_assert_str_eq(m.action, f.second);
    nx_bot_move_free(&m);
    nx_game_free(g);
}
END_TEST

/* A panel that fails half-way (after a draw) leaves the game exactly as it
 * was: the Nexus card is still held, the draw never happened. */
static void run_broken_panel(const char *play_body, const char *want)
{
    char *dir = nx_copy_pack();
    char *script = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "local panel = {}\nfunction panel.can_play(ctx) return true, nil, 'own_window' end\n"
               "function panel.play(ctx)\n%s\nend\nfunction panel.returned(ctx, a) end\nreturn panel\n",
            play_body);
    fclose(f);
    char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_runtime brt;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(nx_runtime_open(&brt, pack, &d), 0);
    nx_diags_free(&d);
    nx_game_config cfg = { .seed = 4, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&brt, NULL, &cfg, err, sizeof err);
    ck_assert_ptr_nonnull(g);
    free(nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\","
                          "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}"));
    nx_state before = *nx_game_state(g);
    char *r = nx_game_apply(g, "{\"id\":\"q\",\"version\":1,\"seat\":0,\"type\":\"play_nexus\"}");
    ck_assert_msg(strstr(r, "\"code\":\"script\"") && strstr(r, want), "%s", r);
    ck_assert_ptr_nonnull(strstr(r, "cunning.lua"));
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    free(r);
    /* The runtime is still usable: the next call runs normally. */
    r = nx_game_apply(g, "{\"id\":\"q2\",\"version\":1,\"seat\":1,\"type\":\"answer\",\"choose\":[]}");
    ck_assert_ptr_nonnull(strstr(r, "\"ok\":false"));
    free(r);
    nx_game_free(g);
    nx_runtime_close(&brt);
    nx_remove_tree(dir);
    free(dir), free(script), free(pack);
}

START_TEST(failing_panels_roll_back)
{
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  error('designer bug')", "designer bug");
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  while true do end", "instruction budget");
    run_broken_panel("  ctx:draw('traitor_deck', 'traitors', 1)\n  local t = {} for i = 1, 1e9 do t[i] = i end",
                     "memory");
    run_broken_panel("  ctx:draw('traitor_deck', 'nexus_deck', 1)", "holder's zones");
    run_broken_panel("  return ctx:ask{prompt = 'x', choose_from = 'traitors', count = 1, resume = 'nope'}",
                     "no handler");
}
END_TEST

/* A line of `lines` (a JSON array text) that starts with `prefix`, or NULL. */
static const char *line_from(json_t *lines, const char *prefix)
{
    size_t i;
    json_t *l;
    json_array_foreach(lines, i, l)
        if (!strncmp(json_string_value(l), prefix, strlen(prefix))) return json_string_value(l);
    return NULL;
}

/* The Mentat Pause's standings: the table's log (the result every seat may
 * read) leaves spice out, the host's record says every faction's, and each
 * seat's view shows its own spice only (spice is kept behind the shield:
 * docs/rules/phase-mentat-pause.md). */
START_TEST(standings_keep_spice_behind_the_shields)
{
    nx_game_config cfg = { .seed = 3, .nseats = 3, .staging = 1,
                           .factions = { NX_ATREIDES, NX_HARKONNEN, NX_FREMEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char stage[256];
    nx_fmt(stage, sizeof stage,
           "{\"id\":\"m\",\"seat\":null,\"version\":%llu,\"type\":\"stage\",\"phase\":\"mentat_pause\","
           "\"turn\":4,\"spice\":{\"seat0\":11,\"seat1\":23,\"seat2\":7}}",
           (unsigned long long)nx_game_state(g)->version);
    char *r = nx_game_apply(g, stage);
    ck_assert_msg(result_ok(r), "%s", r);
    json_t *res = json_loads(r, 0, NULL), *log = json_object_get(res, "log");
    size_t n = nx_game_log_length(g);
    ck_assert_ptr_nonnull(nx_game_log_record(g, n - 1));
    json_t *record = json_loads(nx_game_log_record(g, n - 1), 0, NULL);
    ck_assert_int_eq(json_array_size(record), json_array_size(log));
    static const char *const who[] = { "Atreides", "Harkonnen", "Fremen" };
    static const int spice[] = { 11, 23, 7 };
    for (int i = 0; i < 3; i++) {
        char prefix[64], amount[32];
        nx_fmt(prefix, sizeof prefix, "standings: %s: ", who[i]);
        nx_fmt(amount, sizeof amount, ", %d spice, ", spice[i]);
        const char *pub = line_from(log, prefix), *rec = line_from(record, prefix);
        ck_assert_msg(pub && rec, "no standings line for %s", who[i]);
        ck_assert_msg(!strstr(pub, "spice"), "the table's log shows spice: %s", pub);
        ck_assert_msg(strstr(rec, amount), "the host's record lacks %s's spice: %s", who[i], rec);
    }
    /* Every other line of the record is the log's, in the same order. */
    for (size_t i = 0; i < json_array_size(log); i++) {
        const char *a = json_string_value(json_array_get(log, i)), *b = json_string_value(json_array_get(record, i));
        if (strncmp(a, "standings: ", 11)) ck_assert_str_eq(a, b);
    }
    /* A retry answers the stored result: still without the spice. */
    char *again = nx_game_apply(g, stage);
    ck_assert_str_eq(again, r);
    /* Each seat's view: its own spice, nobody else's; the spectator's: none. */
    for (int v = -1; v < 3; v++) {
        json_t *view = nx_game_view_json(g, v), *seats = json_object_get(view, "seats");
        for (int i = 0; i < 3; i++) {
            json_t *sp = json_object_get(json_array_get(seats, (size_t)i), "spice");
            if (i == v) ck_assert_int_eq(json_integer_value(sp), spice[i]);
            else ck_assert_msg(sp == NULL, "seat %d's view shows seat %d's spice", v, i);
        }
        json_decref(view);
    }
    /* The record is never saved: a reload keeps the public results only. */
    char *saved = nx_game_save(g);
    ck_assert_ptr_null(strstr(saved, ", 23 spice, "));
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "%s", err);
    nx_game_free(g2);
    free(saved);
    free(again);
    json_decref(record);
    json_decref(res);
    free(r);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("properties");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, rules_games_keep_every_property, 0, 16);
    tcase_add_loop_test(tc, designer_tables_keep_every_property, 0, 8);
    tcase_add_loop_test(tc, replay_is_deterministic, 0, 2);
    tcase_add_test(tc, bad_actions_are_refused_with_reasons);
    tcase_add_test(tc, corrupt_saves_are_refused);
    tcase_add_test(tc, checked_saves_load_from_their_snapshot);
    tcase_add_test(tc, failing_panels_roll_back);
    tcase_add_test(tc, bots_play_held_nexus_cards);
    tcase_add_test(tc, nexus_card_windows_let_holders_play);
    tcase_add_test(tc, bots_report_refused_moves_and_fall_back);
    tcase_add_test(tc, standings_keep_spice_behind_the_shields);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
