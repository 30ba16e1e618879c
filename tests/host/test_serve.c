/* interpreter/host/nx_serve: the line protocol — one valid JSON reply per line
 * whatever its bytes, every request checked against its shape — and the
 * store's promise: an action is answered ok only once committed, a failed
 * commit leaves the room exactly as it was, and the retry is applied
 * afresh. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_map.h"
#include "nx_room.h"
#include "nx_serve.h"
#include "nx_testutil.h"
#include "nx_util.h"

static nx_runtime rt;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
}

static void close_rt(void) { nx_runtime_close(&rt); }

static nx_store *memory_store(void)
{
    char err[256];
    nx_store *st = nx_store_open(":memory:", err, sizeof err);
    ck_assert_msg(st != NULL, "%s", err);
    return st;
}

/* The reply to one line: exactly one line of valid JSON, an object with a
 * boolean "ok".  Returned parsed (caller decrefs). */
static json_t *ask_bytes(nx_server *sv, const char *line, size_t len)
{
    char *text = nx_server_handle(sv, line, len);
    ck_assert_ptr_nonnull(text);
    ck_assert_ptr_null(strchr(text, '\n'));
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    ck_assert_msg(j != NULL, "reply is not JSON (%s): %s", je.text, text);
    ck_assert(json_is_boolean(json_object_get(j, "ok")));
    free(text);
    return j;
}

static json_t *ask(nx_server *sv, const char *line) { return ask_bytes(sv, line, strlen(line)); }

static void expect_refusal(nx_server *sv, const char *line, size_t len, const char *needle)
{
    json_t *j = ask_bytes(sv, line, len);
    const char *err = json_string_value(json_object_get(j, "error"));
    ck_assert_msg(json_is_false(json_object_get(j, "ok")), "accepted: %s", line);
    ck_assert_msg(err && strstr(err, needle), "%s: error \"%s\" lacks \"%s\"", line, err ? err : "", needle);
    json_decref(j);
}

static void expect_ok(nx_server *sv, const char *line)
{
    json_t *j = ask(sv, line);
    ck_assert_msg(json_is_true(json_object_get(j, "ok")), "%s refused: %s", line,
                  json_string_value(json_object_get(j, "error")));
    json_decref(j);
}

static const char new_room[] =
    "{\"cmd\":\"new\",\"room\":\"r\",\"factions\":[\"harkonnen\",\"atreides\",\"fremen\"],\"seed\":5}";

/* Removes a test's SQLite store (its files and folder) and frees its path. */
static void remove_store(const char *dir, char *db)
{
    nx_store_remove_files(db);
    rmdir(dir);
    free(db);
}

/* ---- the line ------------------------------------------------------------------- */

START_TEST(nul_byte_refuses_the_whole_line)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    expect_ok(sv, new_room);
    static const char line[] = "{\"cmd\":\"rooms\"}\0{\"cmd\":\"close\",\"room\":\"r\"}";
    expect_refusal(sv, line, sizeof line - 1, "NUL byte");
    /* Neither half ran: the room is still open. */
    json_t *j = ask(sv, "{\"cmd\":\"rooms\"}");
    ck_assert_uint_eq(json_array_size(json_object_get(j, "open")), 1);
    json_decref(j);
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

START_TEST(line_limit_holds)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    char *line = nx_xmalloc(NX_SERVE_MAX_LINE + 1);
    memset(line, ' ', NX_SERVE_MAX_LINE + 1);
    memcpy(line, "{\"cmd\":\"rooms\"}", 15);
    /* Exactly the limit is a request; one byte more is refused. */
    json_t *j = ask_bytes(sv, line, NX_SERVE_MAX_LINE);
    ck_assert(json_is_true(json_object_get(j, "ok")));
    json_decref(j);
    expect_refusal(sv, line, NX_SERVE_MAX_LINE + 1, "longer than 65536 bytes");
    free(line);
    /* A blank line is counted, not answered. */
    ck_assert_ptr_null(nx_server_handle(sv, " \t\r", 3));
    j = ask(sv, "nope");
    ck_assert_int_eq(json_integer_value(json_object_get(j, "line")), 4);
    json_decref(j);
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

START_TEST(every_reply_is_one_json_line)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    static const char *const lines[] = {
        "[\"\\\xc3\xa9\"]",                  /* the 8-byte line that got "(null)" */
        "{\"cmd\":\"\xff\xfe\"}",            /* not UTF-8 */
        "{\"\xc3\"}",
        "\xed\xa0\x80",                      /* a surrogate */
        "{\"cmd\":\"rooms\",\"cmd\":\"new\"}", /* duplicate key */
        "{\"cmd\":\"\\u0000\"}",
        "{\"cmd\":\"open\",\"room\":\"\xe2\x82\xac\"}",
        "\x01\x02\x1b[2J",
        "{",
        "[]",
        "17",
        "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"harkonnen\"]}",
        "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"a\xc3\xa9\",\"b\"]}",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) json_decref(ask(sv, lines[i]));
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

START_TEST(bad_shapes_are_refused)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    expect_ok(sv, new_room);
    static const struct { const char *line, *needle; } cases[] = {
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"nexus_cards\":\"yes\"}",
          "\"nexus_cards\" must be true or false" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"colour\":1}",
          "unknown key \"colour\" in a \"new\" request" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"seed\":-1}",
          "\"seed\" must be a non-negative integer" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"seed\":1.5}",
          "\"seed\" must be a non-negative integer" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":\"harkonnen\"}", "\"factions\" must be an array" },
        { "{\"cmd\":\"new\",\"room\":\"x\"}", "a \"new\" request needs \"factions\"" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"rulings\":[]}",
          "\"rulings\" must be an object" },
        { "{\"cmd\":\"new\",\"room\":\"x\",\"factions\":[\"harkonnen\",\"atreides\"],\"rulings\":{\"x\":1}}",
          "must be a setting name" },
        { "{\"cmd\":\"rooms\",\"room\":\"r\"}", "unknown key \"room\" in a \"rooms\" request" },
        { "{\"cmd\":\"open\"}", "a \"open\" request needs \"room\"" },
        { "{\"cmd\":\"open\",\"room\":\"\"}", "\"room\" must be a name of 1 to 64 characters" },
        { "{\"cmd\":\"open\",\"room\":7}", "\"room\" must be a name" },
        { "{\"cmd\":\"apply\",\"room\":\"r\",\"action\":\"pass\"}", "\"action\" must be an object" },
        { "{\"cmd\":\"apply\",\"room\":\"r\"}", "needs \"action\"" },
        { "{\"cmd\":\"apply\",\"room\":\"r\",\"action\":{},\"seat\":0}", "unknown key \"seat\"" },
        { "{\"cmd\":\"view\",\"room\":\"r\",\"seat\":\"0\"}", "\"seat\" must be a seat number" },
        { "{\"cmd\":\"view\",\"room\":\"r\",\"seat\":3}", "\"seat\" must be a seat number from 0 to 2" },
        { "{\"cmd\":\"save\",\"room\":\"r\",\"pretty\":true}", "unknown key \"pretty\"" },
        { "{\"cmd\":\"close\",\"room\":\"nope\"}", "no open room" },
        { "{\"cmd\":5}", "a request needs \"cmd\"" },
        { "{\"cmd\":\"dance\"}", "unknown \"cmd\"" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_refusal(sv, cases[i].line, strlen(cases[i].line), cases[i].needle);
    /* None of them changed anything: one room, still open. */
    json_t *j = ask(sv, "{\"cmd\":\"rooms\"}");
    ck_assert_uint_eq(json_array_size(json_object_get(j, "open")), 1);
    json_decref(j);
    expect_ok(sv, "{\"cmd\":\"view\",\"room\":\"r\",\"seat\":null}");
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

/* ---- a store that cannot commit ---------------------------------------------------- */

/* The server's room and a mirror game of the same config: the mirror's
 * bot picks each next action, which the test then sends. */
static nx_game *mirror_game(void)
{
    nx_game_config cfg = { .seed = 5, .nseats = 3,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_FREMEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

/* The tokens of the last room made by new_room_tokens. */
static char host_token[64], seat_token[NX_MAX_SEATS][64];

/* "new" as new_room, keeping the tokens its reply shows (once). */
static void new_room_tokens(nx_server *sv, const char *line)
{
    json_t *j = ask(sv, line);
    ck_assert_msg(json_is_true(json_object_get(j, "ok")), "new refused: %s", json_string_value(json_object_get(j, "error")));
    json_t *t = json_object_get(j, "tokens");
    ck_assert_uint_eq(strlen(json_string_value(json_object_get(t, "host"))), 32);
    snprintf(host_token, sizeof host_token, "%s", json_string_value(json_object_get(t, "host")));
    for (size_t i = 0; i < json_array_size(json_object_get(t, "seats")) && i < NX_MAX_SEATS; i++)
        snprintf(seat_token[i], sizeof seat_token[i], "%s", json_string_value(json_array_get(json_object_get(t, "seats"), i)));
    json_decref(j);
}

static char *next_request(nx_game *mirror, nx_bot *bot, int n)
{
    char id[16];
    snprintf(id, sizeof id, "m%d", n);
    nx_bot_move m;
    ck_assert_int_eq(nx_bot_step(bot, mirror, id, &m), 1);
    char *req = nx_asprintf("{\"cmd\":\"apply\",\"room\":\"r\",\"token\":\"%s\",\"action\":%s}", host_token, m.action);
    nx_bot_move_free(&m);
    return req;
}

static char *saved(nx_server *sv)
{
    char *line = nx_asprintf("{\"cmd\":\"save\",\"room\":\"r\",\"token\":\"%s\"}", host_token);
    json_t *j = ask(sv, line);
    free(line);
    char *text = json_dumps(json_object_get(j, "game"), JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    return text;
}

static long long stored_actions(const char *db)
{
    sqlite3 *h;
    sqlite3_stmt *q;
    ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(h, "SELECT COUNT(*) FROM actions", -1, &q, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
    long long n = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(h);
    return n;
}

START_TEST(a_failed_commit_leaves_the_room_as_it_was)
{
    char dir[] = "/tmp/nx-serve-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *db = nx_asprintf("%s/rooms.db", dir);
    char err[256];
    nx_store *st = nx_store_open(db, err, sizeof err);
    ck_assert_msg(st != NULL, "%s", err);
    nx_store_set_busy_timeout(st, 50);
    nx_server *sv = nx_server_new(&rt, st);
    nx_game *mirror = mirror_game();
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 9);
    new_room_tokens(sv, new_room);
    for (int i = 0; i < 3; i++) {
        char *req = next_request(mirror, &bot, i);
        expect_ok(sv, req);
        free(req);
    }
    ck_assert_int_eq(stored_actions(db), 3);
    char *before = saved(sv);

    /* Another connection holds SQLite's write lock. */
    sqlite3 *other;
    ck_assert_int_eq(sqlite3_open(db, &other), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    char *req = next_request(mirror, &bot, 3);
    for (int attempt = 0; attempt < 2; attempt++) {
        /* Refused, the room exactly as before; the retry is applied afresh
         * (and refused again), never answered ok from memory. */
        json_t *j = ask(sv, req);
        ck_assert(json_is_false(json_object_get(j, "ok")));
        ck_assert_str_eq(json_string_value(json_object_get(j, "code")), "store");
        ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(j, "error")), "locked"));
        json_decref(j);
        char *now = saved(sv);
        ck_assert_str_eq(now, before);
        free(now);
    }
    ck_assert_int_eq(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(other);
    ck_assert_int_eq(stored_actions(db), 3);

    /* The lock is gone: the retry is applied, stored, and later actions too. */
    expect_ok(sv, req);
    free(req);
    req = next_request(mirror, &bot, 4);
    expect_ok(sv, req);
    free(req);
    ck_assert_int_eq(stored_actions(db), 5);
    char *after = saved(sv);
    ck_assert_str_ne(after, before);
    nx_server_free(sv);
    nx_store_close(st);

    /* Reopening gives the same room. */
    st = nx_store_open(db, err, sizeof err);
    ck_assert_msg(st != NULL, "%s", err);
    sv = nx_server_new(&rt, st);
    expect_ok(sv, "{\"cmd\":\"open\",\"room\":\"r\"}");
    char *reopened = saved(sv);
    ck_assert_str_eq(reopened, after);
    nx_server_free(sv);
    nx_store_close(st);

    free(before);
    free(after);
    free(reopened);
    nx_game_free(mirror);
    remove_store(dir, db);
}
END_TEST


/* ---- hosting: hello, ids, tokens, moves, bots, rooms ------------------------------ */

static json_t *askf(nx_server *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static json_t *askf(nx_server *sv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = nx_vasprintf(fmt, ap);
    va_end(ap);
    json_t *j = ask(sv, line);
    free(line);
    return j;
}

static void expect_code(json_t *j, const char *code)
{
    ck_assert_msg(json_is_false(json_object_get(j, "ok")), "accepted, expected %s", code);
    ck_assert_str_eq(json_string_value(json_object_get(j, "code")), code);
    json_decref(j);
}

static void expect_true(json_t *j)
{
    ck_assert_msg(json_is_true(json_object_get(j, "ok")), "refused: %s", json_string_value(json_object_get(j, "error")));
    json_decref(j);
}

START_TEST(hello_and_ids)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    json_t *j = ask(sv, "{\"cmd\":\"hello\",\"id\":\"h1\"}");
    ck_assert_str_eq(json_string_value(json_object_get(j, "protocol")), "nexus-serve");
    ck_assert_int_eq(json_integer_value(json_object_get(j, "protocol_version")), 2);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(j, "engine")));
    ck_assert_str_eq(json_string_value(json_object_get(j, "id")), "h1");
    json_decref(j);
    /* Refusals echo the id too; an id of another type is refused. */
    j = ask(sv, "{\"cmd\":\"view\",\"room\":\"none\",\"id\":7}");
    ck_assert_int_eq(json_integer_value(json_object_get(j, "id")), 7);
    expect_code(j, "illegal");
    static const char bad_id[] = "{\"cmd\":\"hello\",\"id\":[1]}";
    expect_refusal(sv, bad_id, sizeof bad_id - 1, "\"id\" must be a string or an integer");
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

START_TEST(tokens_are_required_and_checked)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    new_room_tokens(sv, new_room);
    char other_host[64];
    snprintf(other_host, sizeof other_host, "%s", host_token);
    new_room_tokens(sv, "{\"cmd\":\"new\",\"room\":\"q\",\"factions\":[\"harkonnen\",\"atreides\"],\"seed\":1}");
    /* host_token and seat_token[] are room q's now; other_host is r's. */
    /* Seat 1's first listed move, sent by others. */
    json_t *m = askf(sv, "{\"cmd\":\"moves\",\"room\":\"q\",\"seat\":1,\"token\":\"%s\"}", seat_token[1]);
    json_t *first = json_deep_copy(json_array_get(json_object_get(m, "moves"), 0));
    ck_assert_ptr_nonnull(first);
    json_decref(m);
    json_object_set_new(first, "id", json_string("a"));
    json_object_set_new(first, "version", json_integer(0));
    json_object_set_new(first, "seat", json_integer(1));
    char *act = json_dumps(first, JSON_COMPACT);
    json_decref(first);
    expect_code(askf(sv, "{\"cmd\":\"apply\",\"room\":\"q\",\"action\":%s}", act), "unauthorized");
    expect_code(askf(sv, "{\"cmd\":\"apply\",\"room\":\"q\",\"token\":\"%s\",\"action\":%s}", seat_token[0], act), "unauthorized");
    expect_code(askf(sv, "{\"cmd\":\"apply\",\"room\":\"q\",\"token\":\"%s\",\"action\":%s}", other_host, act), "unauthorized");
    expect_code(askf(sv, "{\"cmd\":\"apply\",\"room\":\"q\",\"token\":\"nope\",\"action\":%s}", act), "unauthorized");
    /* A seat's view and moves need its token; a spectator's view none. */
    expect_code(askf(sv, "{\"cmd\":\"view\",\"room\":\"q\",\"seat\":1,\"token\":\"%s\"}", seat_token[0]), "unauthorized");
    expect_true(askf(sv, "{\"cmd\":\"view\",\"room\":\"q\",\"seat\":1,\"token\":\"%s\"}", seat_token[1]));
    expect_true(ask(sv, "{\"cmd\":\"view\",\"room\":\"q\"}"));
    expect_code(askf(sv, "{\"cmd\":\"moves\",\"room\":\"q\",\"seat\":1,\"token\":\"%s\"}", seat_token[0]), "unauthorized");
    /* The whole record is the host's alone. */
    expect_code(askf(sv, "{\"cmd\":\"save\",\"room\":\"q\",\"token\":\"%s\"}", seat_token[0]), "unauthorized");
    expect_code(ask(sv, "{\"cmd\":\"save\",\"room\":\"q\"}"), "unauthorized");
    expect_true(askf(sv, "{\"cmd\":\"save\",\"room\":\"q\",\"token\":\"%s\"}", host_token));
    /* Nothing refused changed the room. */
    json_t *v = ask(sv, "{\"cmd\":\"view\",\"room\":\"q\"}");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(v, "view"), "version")), 0);
    json_decref(v);
    /* The seat's own token acts as that seat. */
    expect_true(askf(sv, "{\"cmd\":\"apply\",\"room\":\"q\",\"token\":\"%s\",\"action\":%s}", seat_token[1], act));
    free(act);
    /* Closing and deleting are the host's; the stored hash still answers
     * after the room is closed. */
    expect_code(askf(sv, "{\"cmd\":\"close\",\"room\":\"q\",\"token\":\"%s\"}", seat_token[1]), "unauthorized");
    expect_true(askf(sv, "{\"cmd\":\"close\",\"room\":\"q\",\"token\":\"%s\"}", host_token));
    json_t *rooms = ask(sv, "{\"cmd\":\"rooms\"}");
    ck_assert_uint_eq(json_array_size(json_object_get(rooms, "open")), 1);
    ck_assert_uint_eq(json_array_size(json_object_get(rooms, "stored")), 2);
    json_decref(rooms);
    expect_code(askf(sv, "{\"cmd\":\"delete\",\"room\":\"q\",\"token\":\"%s\"}", other_host), "unauthorized");
    expect_true(askf(sv, "{\"cmd\":\"delete\",\"room\":\"q\",\"token\":\"%s\"}", host_token));
    expect_code(askf(sv, "{\"cmd\":\"open\",\"room\":\"q\"}"), "store");
    /* Reopened, a room keeps its tokens. */
    expect_true(askf(sv, "{\"cmd\":\"close\",\"room\":\"r\",\"token\":\"%s\"}", other_host));
    expect_true(ask(sv, "{\"cmd\":\"open\",\"room\":\"r\"}"));
    expect_code(ask(sv, "{\"cmd\":\"save\",\"room\":\"r\"}"), "unauthorized");
    expect_true(askf(sv, "{\"cmd\":\"save\",\"room\":\"r\",\"token\":\"%s\"}", other_host));
    nx_server_free(sv);
    nx_store_close(st);
}
END_TEST

/* A person in seat 0 who only ever sends one of the listed moves, engine
 * bots in every other seat: the game reaches its end and nothing listed is
 * ever refused. */
static void play_from_moves(int nseats, int seed)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    static const char *const factions[] = { "harkonnen", "atreides", "fremen", "emperor", "spacing_guild", "bene_gesserit" };
    char line[512];
    int used = snprintf(line, sizeof line, "{\"cmd\":\"new\",\"room\":\"g\",\"seed\":%d,\"factions\":[", seed);
    for (int i = 0; i < nseats; i++) used += snprintf(line + used, sizeof line - (size_t)used, "%s\"%s\"", i ? "," : "", factions[i]);
    snprintf(line + used, sizeof line - (size_t)used, "]}");
    new_room_tokens(sv, line);
    for (int i = 1; i < nseats; i++)
        expect_true(askf(sv, "{\"cmd\":\"bot\",\"room\":\"g\",\"token\":\"%s\",\"seat\":%d,\"kind\":\"%s\"}", host_token, i,
                         i % 2 ? "simple" : "random"));
    nx_rng rng;
    nx_rng_seed(&rng, (uint64_t)seed);
    int moves = 0;
    for (;;) {
        json_t *m = askf(sv, "{\"cmd\":\"moves\",\"room\":\"g\",\"seat\":0,\"token\":\"%s\"}", seat_token[0]);
        ck_assert(json_is_true(json_object_get(m, "ok")));
        json_t *list = json_object_get(m, "moves");
        if (!json_is_true(json_object_get(m, "to_move"))) {
            json_t *v = ask(sv, "{\"cmd\":\"view\",\"room\":\"g\"}");
            ck_assert_msg(json_is_true(json_object_get(json_object_get(json_object_get(v, "view"), "board"), "over")),
                          "seat 0 is not to move, the bots have moved, and the game is not over");
            json_decref(v);
            json_decref(m);
            break;
        }
        ck_assert_uint_gt(json_array_size(list), 0);
        json_t *a = json_deep_copy(json_array_get(list, nx_rng_below(&rng, (uint32_t)json_array_size(list))));
        char id[32];
        snprintf(id, sizeof id, "p%d", moves++);
        json_object_set_new(a, "id", json_string(id));
        json_object_set_new(a, "seat", json_integer(0));
        json_object_set(a, "version", json_object_get(m, "version"));
        char *text = json_dumps(a, JSON_COMPACT);
        json_t *r = askf(sv, "{\"cmd\":\"apply\",\"room\":\"g\",\"token\":\"%s\",\"action\":%s}", seat_token[0], text);
        ck_assert_msg(json_is_true(json_object_get(r, "ok")), "listed move %s refused: %s", text,
                      json_string_value(json_object_get(r, "error")));
        json_decref(r);
        free(text);
        json_decref(a);
        json_decref(m);
        ck_assert_int_lt(moves, 5000);
    }
    ck_assert_int_gt(moves, 0);
    nx_server_free(sv);
    nx_store_close(st);
}

START_TEST(whole_games_from_moves_with_bots)
{
    play_from_moves(2, 3);
    play_from_moves(3, 8);
    play_from_moves(4, 11);
}
END_TEST

/* ---- the legal-move space (docs/protocol.md "The space") -------------------------- */

static int pick(nx_rng *rng, int lo, int hi)
{
    ck_assert_int_le(lo, hi);
    return lo + (int)nx_rng_below(rng, (uint32_t)(hi - lo + 1));
}
static int lo_of(const json_t *o, const char *key) { return (int)json_integer_value(json_array_get(json_object_get(o, key), 0)); }
static int hi_of(const json_t *o, const char *key) { return (int)json_integer_value(json_array_get(json_object_get(o, key), 1)); }
static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

static json_t *any_of(const json_t *arr, nx_rng *rng)
{
    size_t n = json_array_size(arr);
    return n ? json_array_get(arr, nx_rng_below(rng, (uint32_t)n)) : NULL;
}

static json_t *ship_action(const json_t *route, int normal, int elite)
{
    json_t *a = json_pack("{s:s, s:O, s:i, s:i}", "type", "ship", "to", json_object_get(route, "to"), "count", normal, "elite", elite);
    if (strcmp(json_string_value(json_object_get(route, "from")), "reserves")) json_object_set(a, "from", json_object_get(route, "from"));
    if (json_is_true(json_object_get(route, "karama"))) json_object_set_new(a, "karama", json_true());
    return a;
}

/* A total in the route's run, split any way the origin allows. */
static json_t *sample_ship(const json_t *route, nx_rng *rng)
{
    int n = pick(rng, lo_of(route, "total"), hi_of(route, "total"));
    int e = pick(rng, imax(lo_of(route, "elite"), n - hi_of(route, "count")), imin(hi_of(route, "elite"), n));
    return ship_action(route, n - e, e);
}

static json_t *move_action(const json_t *route, int normal, int elite)
{
    json_t *a = json_pack("{s:s, s:O, s:O, s:i, s:i}", "type", "move", "from", json_object_get(route, "from"), "to",
                          json_object_get(route, "to"), "count", normal, "elite", elite);
    if (json_is_true(json_object_get(route, "hajr"))) json_object_set_new(a, "hajr", json_true());
    if (json_is_true(json_object_get(route, "fight"))) json_object_set_new(a, "fight", json_true());
    return a;
}

static json_t *sample_move(const json_t *route, nx_rng *rng)
{
    int n, e;
    do {
        n = pick(rng, lo_of(route, "count"), hi_of(route, "count"));
        e = pick(rng, lo_of(route, "elite"), hi_of(route, "elite"));
    } while (n + e == 0);
    return move_action(route, n, e);
}

static json_t *dial_json(double d) { return d == (double)(long)d ? json_integer((json_int_t)d) : json_real(d); }

static json_t *plan_action(const json_t *cards, double dial, int spice)
{
    json_t *a = json_deep_copy(cards);
    json_object_set_new(a, "type", json_string("battle_plan"));
    json_object_set_new(a, "dial", dial_json(dial));
    json_object_set_new(a, "spice", json_integer(spice));
    return a;
}

static json_t *sample_plan(const json_t *space, nx_rng *rng)
{
    json_t *cards = any_of(json_object_get(space, "cards"), rng), *dials = any_of(json_object_get(space, "dials"), rng);
    ck_assert_msg(cards && dials, "a battle plan space with no legal plan");
    double step = json_number_value(json_object_get(space, "step"));
    double lo = json_number_value(json_object_get(dials, "min")), hi = json_number_value(json_object_get(dials, "max"));
    int k = pick(rng, 0, (int)((hi - lo) / step + 0.5));
    return plan_action(cards, lo + k * step, (int)json_integer_value(json_object_get(dials, "spice")));
}

/* The answer to Prescience's dial: a dial of the run (or one step past
 * its top), with the run's support when the answer shows it. */
static json_t *foresee_action(const json_t *run, const json_t *space, nx_rng *rng, int past)
{
    double step = json_number_value(json_object_get(space, "step"));
    double lo = json_number_value(json_object_get(run, "min")), hi = json_number_value(json_object_get(run, "max"));
    double dial = past ? hi + step : lo + pick(rng, 0, (int)((hi - lo) / step + 0.5)) * step;
    json_t *a = json_pack("{s:s, s:o}", "type", "foresee_answer", "dial", dial_json(dial));
    if (json_object_get(run, "spice")) json_object_set(a, "spice", json_object_get(run, "spice"));
    return a;
}

static json_t *revive_action(const json_t *plan)
{
    json_t *a = json_deep_copy(plan);
    json_object_del(a, "cost");
    json_object_set_new(a, "type", json_string("revive"));
    return a;
}

/* Uniformly among the branches the space offers ("pass" is one), then a
 * random point of the branch. */
static json_t *sample_space(const json_t *space, nx_rng *rng)
{
    const char *kind = json_string_value(json_object_get(space, "decision"));
    if (!strcmp(kind, "battle_plan")) return sample_plan(space, rng);
    if (!strcmp(kind, "foresee")) {
        json_t *run = any_of(json_object_get(space, "dials"), rng);
        ck_assert_msg(run != NULL, "a Prescience dial answer with no legal dial");
        return foresee_action(run, space, rng, 0);
    }
    if (!strcmp(kind, "bid")) {
        json_t *runs = json_object_get(space, "bid");
        int r = pick(rng, 0, (int)json_array_size(runs));
        if (r == (int)json_array_size(runs)) return json_pack("{s:s}", "type", "pass");
        json_t *run = json_array_get(runs, (size_t)r);
        json_t *a = json_pack("{s:s, s:i}", "type", "bid", "amount",
                              pick(rng, (int)json_integer_value(json_object_get(run, "min")), (int)json_integer_value(json_object_get(run, "max"))));
        if (json_is_true(json_object_get(run, "karama"))) json_object_set_new(a, "karama", json_true());
        return a;
    }
    if (!strcmp(kind, "guild_timing")) {
        /* The Guild's moment: each answer the space calls legal. */
        static const char *const answers[] = { "pass", "now", "delay", "own_turn" };
        const char *legal[4];
        int nl = 0;
        for (int k = 0; k < 4; k++)
            if (json_is_true(json_object_get(space, answers[k]))) legal[nl++] = answers[k];
        ck_assert_int_gt(nl, 0);
        return json_pack("{s:s}", "type", legal[pick(rng, 0, nl - 1)]);
    }
    if (!strcmp(kind, "revival")) {
        json_t *plans = json_object_get(space, "revive");
        int r = pick(rng, 0, (int)json_array_size(plans));
        if (r == (int)json_array_size(plans)) return json_pack("{s:s}", "type", "pass");
        return revive_action(json_array_get(plans, (size_t)r));
    }
    ck_assert_str_eq(kind, "ship_move");
    json_t *ships = json_object_get(json_object_get(space, "ship"), "routes");
    json_t *moves = json_object_get(json_object_get(space, "move"), "routes");
    /* Pass (or delay) one time in eight when forces can go somewhere, so
     * that seat 0 reaches the battles too. */
    int branches[4], nb = 0;
    if (json_array_size(ships)) branches[nb++] = 2;
    if (json_array_size(moves)) branches[nb++] = 3;
    if (!nb || !pick(rng, 0, 7)) {
        nb = 0;
        branches[nb++] = 0;
        if (json_is_true(json_object_get(space, "delay"))) branches[nb++] = 1;
    }
    switch (branches[pick(rng, 0, nb - 1)]) {
    case 1: return json_pack("{s:s}", "type", "delay");
    case 2: return sample_ship(any_of(ships, rng), rng);
    case 3: return sample_move(any_of(moves, rng), rng);
    default: return json_pack("{s:s}", "type", "pass");
    }
}

/* ---- points just outside the space ---- */

static int same(const json_t *a, const json_t *b, const char *key) { return json_equal(json_object_get(a, key), json_object_get(b, key)); }

/* Is the (from, to, karama) shipment of n forces in some route's run? */
static int ship_listed(const json_t *routes, const json_t *like, const char *to, int n)
{
    size_t i;
    json_t *r;
    json_array_foreach(routes, i, r)
        if (same(r, like, "from") && same(r, like, "karama") && !strcmp(json_string_value(json_object_get(r, "to")), to) &&
            n >= lo_of(r, "total") && n <= hi_of(r, "total"))
            return 1;
    return 0;
}

static int move_listed(const json_t *routes, const json_t *like, const char *to, int normal, int elite)
{
    size_t i;
    json_t *r;
    json_array_foreach(routes, i, r)
        if (same(r, like, "from") && same(r, like, "hajr") && same(r, like, "fight") &&
            !strcmp(json_string_value(json_object_get(r, "to")), to) && normal >= lo_of(r, "count") &&
            normal <= hi_of(r, "count") && elite >= lo_of(r, "elite") && elite <= hi_of(r, "elite"))
            return 1;
    return 0;
}

/* Whether a dial with this spice support is inside one of the space's
 * dial runs; any support when spice is -1 (runs without "spice"). */
static int dial_listed(const json_t *dials, double dial, int spice)
{
    size_t i;
    json_t *d;
    json_array_foreach(dials, i, d)
        if ((spice < 0 || json_integer_value(json_object_get(d, "spice")) == spice) &&
            dial >= json_number_value(json_object_get(d, "min")) && dial <= json_number_value(json_object_get(d, "max")))
            return 1;
    return 0;
}

/* A section no route of the space (from the same origin) lands on. */
static const char *unlisted_section(const json_t *routes, const json_t *like)
{
    for (int sec = 0; sec < nx_map_section_count(); sec++) {
        const char *id = nx_map_section_id(sec);
        size_t i;
        json_t *r;
        int hit = 0;
        json_array_foreach(routes, i, r) hit |= same(r, like, "from") && !strcmp(json_string_value(json_object_get(r, "to")), id);
        if (!hit) return id;
    }
    return NULL;
}

/* Actions just outside the space: one more force than a run allows, a
 * destination no route lists, a dial a step past its run, a support no
 * run has, a bid one past a run's ends.  Appended to out. */
static void outside_points(const json_t *space, json_t *out)
{
    const char *kind = json_string_value(json_object_get(space, "decision"));
    size_t i;
    json_t *r;
    if (!strcmp(kind, "guild_timing")) {
        if (!json_is_true(json_object_get(space, "own_turn"))) json_array_append_new(out, json_pack("{s:s}", "type", "own_turn"));
        json_array_append_new(out, json_pack("{s:s}", "type", "ship"));     /* the turn's acts come after "now" */
        return;
    }
    if (!strcmp(kind, "ship_move")) {
        json_t *ships = json_object_get(json_object_get(space, "ship"), "routes");
        json_t *moves = json_object_get(json_object_get(space, "move"), "routes");
        json_t *first = json_array_get(ships, 0);
        if (first) {
            int hi = hi_of(first, "total"), to_n = hi + 1;
            const char *to = json_string_value(json_object_get(first, "to"));
            if (to_n <= hi_of(first, "count") + hi_of(first, "elite") && !ship_listed(ships, first, to, to_n))
                json_array_append_new(out, ship_action(first, imin(to_n, hi_of(first, "count")), to_n - imin(to_n, hi_of(first, "count"))));
            json_array_append_new(out, ship_action(first, hi_of(first, "count") + 1, 0));
            const char *off = unlisted_section(ships, first);
            if (off) {
                json_t *w = json_deep_copy(first);
                json_object_set_new(w, "to", json_string(off));
                json_array_append_new(out, ship_action(w, imin(1, hi_of(first, "count")), 1 - imin(1, hi_of(first, "count"))));
                json_decref(w);
            }
        }
        json_t *mv = json_array_get(moves, 0);
        if (mv) {
            const char *to = json_string_value(json_object_get(mv, "to"));
            int n = hi_of(mv, "count") + 1, e = hi_of(mv, "elite");
            if (!move_listed(moves, mv, to, n, e)) json_array_append_new(out, move_action(mv, n, e));
            const char *off = unlisted_section(moves, mv);
            if (off) {
                json_t *w = json_deep_copy(mv);
                json_object_set_new(w, "to", json_string(off));
                json_array_append_new(out, move_action(w, hi_of(mv, "count") ? 1 : 0, hi_of(mv, "count") ? 0 : 1));
                json_decref(w);
            }
        }
        if (!json_is_true(json_object_get(space, "delay"))) json_array_append_new(out, json_pack("{s:s}", "type", "delay"));
    } else if (!strcmp(kind, "battle_plan")) {
        json_t *cards = json_array_get(json_object_get(space, "cards"), 0), *dials = json_object_get(space, "dials");
        double step = json_number_value(json_object_get(space, "step"));
        json_array_foreach(dials, i, r) {
            double over = json_number_value(json_object_get(r, "max")) + step;
            int spice = (int)json_integer_value(json_object_get(r, "spice"));
            if (!dial_listed(dials, over, spice)) json_array_append_new(out, plan_action(cards, over, spice));
            if (!dial_listed(dials, 0, spice + 1)) json_array_append_new(out, plan_action(cards, 0, spice + 1));
            if (step == 1) json_array_append_new(out, plan_action(cards, json_number_value(json_object_get(r, "min")) + 0.5, spice));
        }
        /* A leader of the wrong faction's pool in the leader slot. */
        json_t *wrong = json_deep_copy(cards);
        json_object_del(wrong, "cheap_hero");
        json_object_set_new(wrong, "leader", json_string("leader:feyd_rautha"));
        int listed = 0;
        json_array_foreach(json_object_get(space, "cards"), i, r) listed |= json_equal(r, wrong);
        if (!listed) json_array_append_new(out, plan_action(wrong, 0, 0));
        json_decref(wrong);
    } else if (!strcmp(kind, "foresee")) {
        json_t *dials = json_object_get(space, "dials");
        json_array_foreach(dials, i, r) {
            json_t *over = foresee_action(r, space, NULL, 1);
            int spice = (int)json_integer_value(json_object_get(r, "spice"));
            if (!dial_listed(dials, json_number_value(json_object_get(over, "dial")), json_object_get(r, "spice") ? spice : -1))
                json_array_append(out, over);
            json_decref(over);
        }
    } else if (!strcmp(kind, "bid")) {
        json_array_foreach(json_object_get(space, "bid"), i, r) {
            int lo = (int)json_integer_value(json_object_get(r, "min")), hi = (int)json_integer_value(json_object_get(r, "max"));
            int karama = json_is_true(json_object_get(r, "karama"));
            if (lo > 1) json_array_append_new(out, json_pack("{s:s, s:i, s:b}", "type", "bid", "amount", lo - 1, "karama", karama));
            if (hi < 250 && !karama) json_array_append_new(out, json_pack("{s:s, s:i}", "type", "bid", "amount", hi + 1));
        }
    } else if (!strcmp(kind, "revival")) {
        json_t *plans = json_object_get(space, "revive"), *p = json_array_get(plans, 0);
        if (p) {
            json_t *more = revive_action(p);
            json_object_set_new(more, "forces", json_integer(json_integer_value(json_object_get(p, "forces")) + 1));
            int listed = 0;
            json_array_foreach(plans, i, r) {
                json_t *cand = revive_action(r);
                listed |= json_equal(cand, more);
                json_decref(cand);
            }
            if (!listed) json_array_append(out, more);
            json_decref(more);
        }
    }
}

#define SPACE_KINDS 6
static const char *const space_kinds[SPACE_KINDS] = { "ship_move", "battle_plan", "bid", "revival", "foresee", "guild_timing" };

typedef struct space_tally {
    int answers, sampled, refused_outside, games;
    int by_kind[SPACE_KINDS];   /* sampled answers, by space_kinds */
} space_tally;


/* Send one action for seat 0; returns the parsed reply. */
static json_t *send_action(nx_server *sv, json_t *a, const char *id, json_t *version)
{
    json_object_set_new(a, "id", json_string(id));
    json_object_set_new(a, "seat", json_integer(0));
    json_object_set(a, "version", version);
    char *text = json_dumps(a, JSON_COMPACT);
    json_t *r = askf(sv, "{\"cmd\":\"apply\",\"room\":\"g\",\"token\":\"%s\",\"action\":%s}", seat_token[0], text);
    free(text);
    return r;
}

/* Seat 0 answers every decision that has a space with a random point of
 * it (never the listed moves), and the others from the listed moves;
 * before each sampled answer the points just outside the space are sent
 * and each must be refused with a reason, the room unchanged.  Engine
 * bots in every other seat. */
static void play_from_space(int nseats, int seed, int advanced, int nexus, space_tally *t)
{
    nx_store *st = memory_store();
    nx_server *sv = nx_server_new(&rt, st);
    static const char *const factions[] = { "atreides", "harkonnen", "fremen", "emperor", "spacing_guild", "bene_gesserit" };
    char line[512];
    int used = snprintf(line, sizeof line, "{\"cmd\":\"new\",\"room\":\"g\",\"seed\":%d,\"advanced\":%s,\"nexus_cards\":%s,\"factions\":[",
                        seed, advanced ? "true" : "false", nexus ? "true" : "false");
    for (int i = 0; i < nseats; i++)
        used += snprintf(line + used, sizeof line - (size_t)used, "%s\"%s\"", i ? "," : "", factions[(i + seed) % 6]);
    snprintf(line + used, sizeof line - (size_t)used, "]}");
    new_room_tokens(sv, line);
    for (int i = 1; i < nseats; i++)
        expect_true(askf(sv, "{\"cmd\":\"bot\",\"room\":\"g\",\"token\":\"%s\",\"seat\":%d,\"kind\":\"%s\"}", host_token, i,
                         i % 2 ? "simple" : "random"));
    nx_rng rng;
    nx_rng_seed(&rng, (uint64_t)seed * 7919u + (uint64_t)nseats);
    int n = 0;
    for (;;) {
        json_t *m = askf(sv, "{\"cmd\":\"moves\",\"room\":\"g\",\"seat\":0,\"token\":\"%s\"}", seat_token[0]);
        ck_assert(json_is_true(json_object_get(m, "ok")));
        if (!json_is_true(json_object_get(m, "to_move"))) {
            json_decref(m);
            break;
        }
        json_t *space = json_object_get(m, "space"), *a;
        char id[32];
        if (space) {
            json_t *outside = json_array();
            outside_points(space, outside);
            size_t i;
            json_t *o;
            json_array_foreach(outside, i, o) {
                snprintf(id, sizeof id, "x%d.%zu", n, i);
                char *text = json_dumps(o, JSON_COMPACT);
                json_t *r = send_action(sv, o, id, json_object_get(m, "version"));
                const char *code = json_string_value(json_object_get(r, "code"));
                const char *err = json_string_value(json_object_get(r, "error"));
                ck_assert_msg(json_is_false(json_object_get(r, "ok")), "a point outside the space was taken: %s", text);
                ck_assert_msg(code && (!strcmp(code, "illegal") || !strcmp(code, "malformed")) && err && strlen(err) > 10,
                              "%s refused without a clear reason", text);
                json_decref(r);
                free(text);
                t->refused_outside++;
            }
            json_decref(outside);
            a = sample_space(space, &rng);
            t->sampled++;
            for (int k = 0; k < SPACE_KINDS; k++)
                t->by_kind[k] += !strcmp(json_string_value(json_object_get(space, "decision")), space_kinds[k]);
        } else {
            json_t *list = json_object_get(m, "moves");
            ck_assert_uint_gt(json_array_size(list), 0);
            a = json_deep_copy(json_array_get(list, nx_rng_below(&rng, (uint32_t)json_array_size(list))));
        }
        snprintf(id, sizeof id, "p%d", n++);
        char *text = json_dumps(a, JSON_COMPACT);
        json_t *r = send_action(sv, a, id, json_object_get(m, "version"));
        ck_assert_msg(json_is_true(json_object_get(r, "ok")), "%s %s refused: %s", space ? "a point of the space" : "a listed move",
                      text, json_string_value(json_object_get(r, "error")));
        json_decref(r);
        free(text);
        json_decref(a);
        json_decref(m);
        ck_assert_int_lt(n, 5000);
    }
    json_t *v = ask(sv, "{\"cmd\":\"view\",\"room\":\"g\"}");
    ck_assert_msg(json_is_true(json_object_get(json_object_get(json_object_get(v, "view"), "board"), "over")),
                  "seat 0 is not to move, the bots have moved, and the game is not over");
    json_decref(v);
    t->answers += n;
    t->games++;
    nx_server_free(sv);
    nx_store_close(st);
}

START_TEST(whole_games_from_the_space)
{
    space_tally t = { 0 };
    static const struct { int nseats, seed, advanced, nexus; } games[] = {
        { 2, 1, 0, 0 }, { 3, 2, 1, 0 }, { 4, 3, 0, 1 }, { 5, 4, 1, 1 }, { 6, 5, 1, 1 }, { 2, 6, 1, 1 }, { 6, 7, 0, 0 },
        { 3, 8, 1, 1 }, { 4, 9, 1, 1 }, { 5, 10, 0, 1 }, { 6, 11, 1, 0 }, { 3, 12, 0, 0 },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        play_from_space(games[i].nseats, games[i].seed, games[i].advanced, games[i].nexus, &t);
    fprintf(stderr, "space: %d games, %d answers by seat 0, %d sampled from the space, %d points outside refused\n", t.games,
            t.answers, t.sampled, t.refused_outside);
    for (int k = 0; k < SPACE_KINDS; k++) fprintf(stderr, "  %s: %d sampled\n", space_kinds[k], t.by_kind[k]);
    for (int k = 0; k < 4; k++) ck_assert_msg(t.by_kind[k] > 3, "too few %s answers sampled", space_kinds[k]);
    ck_assert_int_gt(t.sampled, 50);
    ck_assert_int_gt(t.refused_outside, 50);
}
END_TEST

/* Replies handed over by nx_server_group_end, in order, with their tags. */
typedef struct collected {
    json_t *reply[8];
    long tag[8];
    size_t n;
} collected;

static void collect(void *ctx, void *tag, const char *reply)
{
    collected *c = ctx;
    ck_assert_uint_lt(c->n, 8);
    c->reply[c->n] = json_loads(reply, 0, NULL);
    ck_assert_ptr_nonnull(c->reply[c->n]);
    c->tag[c->n++] = (long)(intptr_t)tag;
}

static void collected_free(collected *c)
{
    for (size_t i = 0; i < c->n; i++) json_decref(c->reply[i]);
    c->n = 0;
}

static void held(nx_server *sv, const char *line, long tag)
{
    nx_server_handle_held(sv, line, strlen(line), (void *)(intptr_t)tag);
}

/* Group commit: nothing is answered before the group's one commit, and a
 * group whose commit fails answers no request on a room ok, keeps none of
 * its actions and puts its rooms back as the store has them. */
START_TEST(a_failed_group_commit_answers_nothing_ok)
{
    char dir[] = "/tmp/nx-serve-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *db = nx_asprintf("%s/rooms.db", dir);
    char err[256];
    nx_store *st = nx_store_open(db, err, sizeof err);
    ck_assert_msg(st != NULL, "%s", err);
    nx_server *sv = nx_server_new(&rt, st);
    nx_game *mirror = mirror_game();
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 9);
    new_room_tokens(sv, new_room);
    for (int i = 0; i < 2; i++) {
        char *req = next_request(mirror, &bot, i);
        expect_ok(sv, req);
        free(req);
    }
    char *before = saved(sv);
    char *req = next_request(mirror, &bot, 2);
    collected c = { 0 };
    nx_server_group_begin(sv);
    held(sv, req, 1);
    held(sv, "{\"cmd\":\"new\",\"room\":\"q\",\"factions\":[\"harkonnen\",\"atreides\"],\"id\":7}", 2);
    held(sv, "  ", 9);   /* blank: no reply */
    held(sv, "{\"cmd\":\"hello\"}", 3);
    nx_store_fail_next_group_commit(st);
    ck_assert_int_eq(nx_server_group_end(sv, collect, &c), -1);
    ck_assert_uint_eq(c.n, 3);
    for (size_t i = 0; i < 3; i++) ck_assert_int_eq(c.tag[i], (long)i + 1);
    for (size_t i = 0; i < 2; i++) {
        ck_assert(json_is_false(json_object_get(c.reply[i], "ok")));
        ck_assert_str_eq(json_string_value(json_object_get(c.reply[i], "code")), "store");
        ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(c.reply[i], "error")), "not committed"));
    }
    ck_assert_int_eq(json_integer_value(json_object_get(c.reply[1], "id")), 7);
    ck_assert(json_is_true(json_object_get(c.reply[2], "ok")));
    collected_free(&c);
    /* Nothing of the group was kept, in the store or in memory. */
    ck_assert_int_eq(stored_actions(db), 2);
    char *now = saved(sv);
    ck_assert_str_eq(now, before);
    free(now);
    json_t *j = ask(sv, "{\"cmd\":\"rooms\"}");
    ck_assert_uint_eq(json_array_size(json_object_get(j, "open")), 1);
    ck_assert_uint_eq(json_array_size(json_object_get(j, "stored")), 1);
    json_decref(j);

    /* The retry, in a group that commits: answered ok once committed. */
    nx_server_group_begin(sv);
    held(sv, req, 4);
    ck_assert_int_eq(stored_actions(db), 2);   /* not yet committed: not yet answered */
    ck_assert_int_eq(nx_server_group_end(sv, collect, &c), 0);
    ck_assert_uint_eq(c.n, 1);
    ck_assert(json_is_true(json_object_get(c.reply[0], "ok")));
    collected_free(&c);
    ck_assert_int_eq(stored_actions(db), 3);
    free(req);
    free(before);
    nx_server_free(sv);
    nx_store_close(st);
    nx_game_free(mirror);
    remove_store(dir, db);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("serve");
    TCase *lines = tcase_create("lines");
    tcase_add_unchecked_fixture(lines, open_rt, close_rt);
    tcase_add_test(lines, nul_byte_refuses_the_whole_line);
    tcase_add_test(lines, line_limit_holds);
    tcase_add_test(lines, every_reply_is_one_json_line);
    tcase_add_test(lines, bad_shapes_are_refused);
    suite_add_tcase(s, lines);
    TCase *store = tcase_create("store");
    tcase_add_unchecked_fixture(store, open_rt, close_rt);
    tcase_set_timeout(store, 120);
    tcase_add_test(store, a_failed_commit_leaves_the_room_as_it_was);
    tcase_add_test(store, a_failed_group_commit_answers_nothing_ok);
    suite_add_tcase(s, store);
    TCase *hosting = tcase_create("hosting");
    tcase_add_unchecked_fixture(hosting, open_rt, close_rt);
    tcase_set_timeout(hosting, 600);
    tcase_add_test(hosting, hello_and_ids);
    tcase_add_test(hosting, tokens_are_required_and_checked);
    tcase_add_test(hosting, whole_games_from_moves_with_bots);
    tcase_add_test(hosting, whole_games_from_the_space);
    suite_add_tcase(s, hosting);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
