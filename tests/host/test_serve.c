/* interpreter/host/nx_serve: the line protocol — one valid JSON reply per line
 * whatever its bytes, every request checked against its shape — and the
 * store's promise: an action is answered ok only once committed, a failed
 * commit leaves the room exactly as it was, and the retry is applied
 * afresh. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "nx_bot.h"
#include "nx_game.h"
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
    const char *suffix[] = { "", "-wal", "-shm", "-lock" };
    for (size_t i = 0; i < 4; i++) {
        char *p = nx_asprintf("%s%s", db, suffix[i]);
        unlink(p);
        free(p);
    }
    rmdir(dir);
    free(db);
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
    const char *suffix[] = { "", "-wal", "-shm", "-lock" };
    for (size_t i = 0; i < 4; i++) {
        char *p = nx_asprintf("%s%s", db, suffix[i]);
        unlink(p);
        free(p);
    }
    rmdir(dir);
    free(db);
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
    suite_add_tcase(s, hosting);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
