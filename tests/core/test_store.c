/* core/nx_store: the SQLite room store — round trips, atomic appends and
 * refusal of every kind of damaged file or row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "nx_sha256.h"
#include "nx_text.h"
#include "nx_store.h"
#include "nx_testutil.h"

static char tmpdir[64];
static char dbpath[128];

static void setup(void)
{
    nx_fmt(tmpdir, sizeof tmpdir, "/tmp/nx-store-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    nx_fmt(dbpath, sizeof dbpath, "%s/rooms.db", tmpdir);
}

static void teardown(void)
{
    char p[160];
    nx_store_remove_files(dbpath);
    nx_fmt(p, sizeof p, "%s/other", tmpdir);
    unlink(p);
    rmdir(tmpdir);
}

/* ---- helpers ---------------------------------------------------------------------- */

static nx_store *open_ok(const char *path)
{
    char err[256] = "";
    nx_store *st = nx_store_open(path, err, sizeof err);
    ck_assert_msg(st != NULL, "open failed: %s", err);
    return st;
}

static void open_refused(const char *path, const char *needle)
{
    char err[256] = "";
    nx_store *st = nx_store_open(path, err, sizeof err);
    ck_assert_ptr_null(st);
    ck_assert_msg(strstr(err, needle), "message \"%s\" lacks \"%s\"", err, needle);
}

static void create_ok(nx_store *st, const char *room)
{
    char err[256] = "";
    ck_assert_msg(!nx_store_create_room(st, room, "{\"seats\":3}", "{\"snap\":0}", err, sizeof err), "%s",
                  err);
}

static void append_ok(nx_store *st, const char *room, uint32_t seq, const char *snapshot)
{
    char err[256] = "", action[64], result[64];
    nx_fmt(action, sizeof action, "{\"act\":%u}", seq);
    nx_fmt(result, sizeof result, "{\"ok\":true,\"seq\":%u}", seq);
    ck_assert_msg(!nx_store_append(st, room, seq, action, result, snapshot, err, sizeof err), "%s", err);
}

/* A room "r" with actions 1..5 and a snapshot after action 3. */
static void make_room(void)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "r");
    append_ok(st, "r", 1, NULL);
    append_ok(st, "r", 2, "{\"snap\":2}");
    append_ok(st, "r", 3, "{\"snap\":3}");
    append_ok(st, "r", 4, NULL);
    append_ok(st, "r", 5, NULL);
    nx_store_close(st);
}

/* "r" and forty more rooms: a file of several pages. */
static void make_many_rooms(void)
{
    make_room();
    nx_store *st = open_ok(dbpath);
    for (int i = 0; i < 40; i++) {
        char room[16];
        nx_fmt(room, sizeof room, "room%02d", i);
        create_ok(st, room);
    }
    nx_store_close(st);
}

static void load_refused(nx_store *st, const char *room, const char *needle)
{
    nx_store_room r;
    memset(&r, 0x5a, sizeof r);
    char err[256] = "";
    ck_assert_int_eq(nx_store_load(st, room, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, needle), "message \"%s\" lacks \"%s\"", err, needle);
    /* Nothing is returned: the room is zeroed, so a free is harmless. */
    ck_assert_ptr_null(r.meta);
    ck_assert_ptr_null(r.snapshot);
    ck_assert_ptr_null(r.actions);
    ck_assert_uint_eq(r.nactions, 0);
}

/* Raw SQL on the file, bypassing the store (to damage it). */
static void raw_sql(const char *sql)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    ck_assert_msg(rc == SQLITE_OK, "raw sql failed: %s", msg ? msg : "?");
    sqlite3_free(msg);
    sqlite3_close(db);
}

static long long raw_count(const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *q;
    ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
    long long n = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* ---- round trips ------------------------------------------------------------------- */

START_TEST(test_create_append_reload)
{
    make_room();
    nx_store *st = open_ok(dbpath); /* a fresh handle: everything came from the file */
    nx_store_room r;
    char err[256] = "";
    ck_assert_msg(!nx_store_load(st, "r", &r, err, sizeof err), "%s", err);
    ck_assert_str_eq(r.meta, "{\"seats\":3}");
    ck_assert_str_eq(r.snapshot, "{\"snap\":3}");
    ck_assert_uint_eq(r.snapshot_seq, 3);
    ck_assert_uint_eq(r.nactions, 2);
    ck_assert_uint_eq(r.actions[0].seq, 4);
    ck_assert_str_eq(r.actions[0].action, "{\"act\":4}");
    ck_assert_str_eq(r.actions[1].result, "{\"ok\":true,\"seq\":5}");
    nx_store_room_free(&r);
    nx_store_close(st);
}
END_TEST

START_TEST(test_new_room_has_only_its_snapshot)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "empty");
    nx_store_room r;
    char err[256] = "";
    ck_assert_msg(!nx_store_load(st, "empty", &r, err, sizeof err), "%s", err);
    ck_assert_str_eq(r.snapshot, "{\"snap\":0}");
    ck_assert_uint_eq(r.snapshot_seq, 0);
    ck_assert_uint_eq(r.nactions, 0);
    nx_store_room_free(&r);
    nx_store_close(st);
}
END_TEST

START_TEST(test_list_and_delete)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "zeta");
    create_ok(st, "alpha");
    append_ok(st, "zeta", 1, "{}");
    char **names;
    size_t n;
    char err[256] = "";
    ck_assert(!nx_store_list_rooms(st, &names, &n, err, sizeof err));
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(names[0], "alpha");
    ck_assert_str_eq(names[1], "zeta");
    nx_store_rooms_free(names, n);
    ck_assert(!nx_store_delete_room(st, "zeta", err, sizeof err));
    nx_store_close(st);
    /* Foreign keys cascade: nothing of the room is left behind. */
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE room='zeta'"), 0);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM snapshots WHERE room='zeta'"), 0);
    st = open_ok(dbpath);
    ck_assert_int_eq(nx_store_delete_room(st, "zeta", err, sizeof err), -1);
    ck_assert_str_eq(err, "no room 'zeta'");
    load_refused(st, "zeta", "no room 'zeta'");
    nx_store_close(st);
}
END_TEST

START_TEST(test_wal_mode_is_set)
{
    nx_store_close(open_ok(dbpath));
    sqlite3 *db;
    sqlite3_stmt *q;
    ck_assert_int_eq(sqlite3_open(dbpath, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &q, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "wal");
    sqlite3_finalize(q);
    sqlite3_close(db);
    ck_assert_int_eq(raw_count("PRAGMA user_version"), NX_STORE_SCHEMA_VERSION);
    ck_assert_int_eq(raw_count("PRAGMA application_id"), NX_STORE_APPLICATION_ID);
}
END_TEST

/* The store removes its own files: after a room was written, every file
 * beside the database goes, and one that cannot be removed is reported. */
START_TEST(test_remove_files)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "alpha");
    nx_store_close(st);
    ck_assert_int_eq(access(dbpath, F_OK), 0);
    ck_assert_int_eq(nx_store_remove_files(dbpath), 0);
    const char *left[] = { "", "-wal", "-shm", "-journal", "-lock" };
    for (size_t i = 0; i < 5; i++) {
        char p[160];
        nx_fmt(p, sizeof p, "%s%s", dbpath, left[i]);
        ck_assert_msg(access(p, F_OK) != 0, "%s is still there", p);
    }
    ck_assert_int_eq(nx_store_remove_files(dbpath), 0);   /* absent: no error */
    char wal[160];
    nx_fmt(wal, sizeof wal, "%s-wal", dbpath);
    ck_assert_int_eq(mkdir(wal, 0700), 0);                 /* a directory cannot be unlinked */
    ck_assert_int_eq(nx_store_remove_files(dbpath), -1);
    ck_assert_int_eq(rmdir(wal), 0);
}
END_TEST

/* ---- refused writes ------------------------------------------------------------------ */

START_TEST(test_seq_gap_refused_and_rolled_back)
{
    make_room();
    nx_store *st = open_ok(dbpath);
    char err[256] = "";
    ck_assert_int_eq(nx_store_append(st, "r", 7, "{}", "{}", "{\"snap\":7}", err, sizeof err), -1);
    ck_assert_str_eq(err, "room 'r': expected action 6, got 7");
    ck_assert_int_eq(nx_store_append(st, "r", 5, "{}", "{}", NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "room 'r': expected action 6, got 5");
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions"), 5);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM snapshots"), 3);
}
END_TEST

START_TEST(test_failed_snapshot_rolls_back_the_action)
{
    make_room();
    /* A stray snapshot row at seq 6 makes the second insert of the
     * transaction fail after the first succeeded. */
    char sum[NX_SHA256_HEX_LEN + 1], sql[256];
    nx_sha256_hex_of("{}", 2, sum);
    nx_fmt(sql, sizeof sql, "INSERT INTO snapshots VALUES ('r', 6, '{}', '%s')", sum);
    raw_sql(sql);
    nx_store *st = open_ok(dbpath);
    char err[256] = "";
    ck_assert_int_eq(nx_store_append(st, "r", 6, "{}", "{}", "{\"snap\":6}", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "inserting the snapshot"), "%s", err);
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE seq = 6"), 0);
}
END_TEST

START_TEST(test_second_writer_refused)
{
    /* One writer per file: a second handle (another process of the host,
     * or this one) is refused while the first is open, then allowed. */
    nx_store *a = open_ok(dbpath);
    create_ok(a, "r");
    append_ok(a, "r", 1, NULL);
    open_refused(dbpath, "is already open for writing by another store");
    nx_store_close(a);
    nx_store *b = open_ok(dbpath);
    append_ok(b, "r", 2, NULL);
    nx_store_close(b);
}
END_TEST

START_TEST(test_second_writer_process_refused)
{
    nx_store *a = open_ok(dbpath);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char err[256] = "";
        nx_store *st = nx_store_open(dbpath, err, sizeof err);
        _exit(!st && strstr(err, "a store file has one writer") ? 0 : 1);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    nx_store_close(a);
}
END_TEST

/* Another connection (a plain SQLite handle) holds the write lock: the
 * append fails, changes nothing, and succeeds once the lock is gone. */
START_TEST(test_append_fails_under_a_held_write_lock)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "r");
    append_ok(st, "r", 1, NULL);
    nx_store_set_busy_timeout(st, 50);
    sqlite3 *other;
    ck_assert_int_eq(sqlite3_open(dbpath, &other), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    char err[256] = "";
    ck_assert_int_eq(nx_store_append(st, "r", 2, "{}", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "locked"), "%s", err);
    ck_assert_int_eq(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(other);
    append_ok(st, "r", 2, NULL);
    nx_store_room r;
    ck_assert_msg(!nx_store_load(st, "r", &r, err, sizeof err), "%s", err);
    ck_assert_uint_eq(r.nactions, 2);
    nx_store_room_free(&r);
    nx_store_close(st);
}
END_TEST

START_TEST(test_duplicate_room_refused)
{
    nx_store *st = open_ok(dbpath);
    create_ok(st, "r");
    char err[256] = "";
    ck_assert_int_eq(nx_store_create_room(st, "r", "{}", "{}", err, sizeof err), -1);
    ck_assert_str_eq(err, "room 'r' already exists");
    ck_assert_int_eq(nx_store_create_room(st, "", "{}", "{}", err, sizeof err), -1);
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM snapshots"), 1);
}
END_TEST

START_TEST(test_bad_writes_refused)
{
    nx_store *st = open_ok(dbpath);
    char err[256] = "";
    ck_assert_int_eq(nx_store_append(st, "nowhere", 1, "{}", "{}", NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "no room 'nowhere'");
    create_ok(st, "r");
    ck_assert_int_eq(nx_store_append(st, "r", 1, "{\"act\":", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "action is not JSON (line 1"), "%s", err);
    ck_assert_int_eq(nx_store_append(st, "r", 1, "{}", "{}", "nope", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "snapshot is not JSON"), "%s", err);
    ck_assert_int_eq(nx_store_create_room(st, "s", "meta?", "{}", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "meta is not JSON"), "%s", err);
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions"), 0);
}
END_TEST

/* ---- damaged rows --------------------------------------------------------------------- */

/* Damage the file behind the store's back (raw SQL), then room "r" must be
 * refused on load with a message naming the damage. */
static void damaged_then_refused(const char *damage, const char *needle)
{
    raw_sql(damage);
    nx_store *st = open_ok(dbpath);
    load_refused(st, "r", needle);
    nx_store_close(st);
}

START_TEST(test_corrupt_action_refused)
{
    make_room();
    damaged_then_refused("UPDATE actions SET action = '{\"act\":40}' WHERE room = 'r' AND seq = 4",
                         "room 'r' action 4: checksum mismatch");
}
END_TEST

START_TEST(test_corrupt_result_meta_snapshot_refused)
{
    make_room();
    damaged_then_refused("UPDATE actions SET result = '{}' WHERE room = 'r' AND seq = 5",
                         "room 'r' action 5 result: checksum mismatch");
    damaged_then_refused("UPDATE rooms SET meta = '{\"seats\":4}'", "room 'r' meta: checksum mismatch");
}
END_TEST

START_TEST(test_corrupt_snapshot_refused)
{
    make_room();
    damaged_then_refused("UPDATE snapshots SET state_sha256 = upper(state_sha256) WHERE seq = 3",
                         "room 'r' snapshot 3: checksum mismatch");
}
END_TEST

START_TEST(test_non_json_row_refused)
{
    make_room();
    /* Damage that keeps a valid checksum: only the JSON check catches it. */
    char sum[NX_SHA256_HEX_LEN + 1], sql[256];
    nx_sha256_hex_of("not json", 8, sum);
    nx_fmt(sql, sizeof sql, "UPDATE actions SET action = 'not json', action_sha256 = '%s' WHERE seq = 5",
             sum);
    damaged_then_refused(sql, "room 'r' action 5 is not JSON");
}
END_TEST

START_TEST(test_seq_gap_in_file_refused)
{
    make_room();
    damaged_then_refused("DELETE FROM actions WHERE seq = 2", "room 'r': the actions have a gap (4 rows, seq 1..5)");
    damaged_then_refused("DELETE FROM actions WHERE seq IN (1, 3, 4, 5)",
                         "room 'r': snapshot 3 is past the last action 0");
}
END_TEST

/* ---- damaged or foreign files ---------------------------------------------------------- */

START_TEST(test_not_a_database)
{
    write_file(dbpath, "this is a text file, not a database; it is long enough to have a header\n");
    open_refused(dbpath, "is not a SQLite database");
}
END_TEST

START_TEST(test_truncated_database)
{
    make_many_rooms();
    FILE *f = fopen(dbpath, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    ck_assert_int_gt(size, 4 * 4096);
    ck_assert_int_eq(truncate(dbpath, size / 2), 0);
    open_refused(dbpath, "is corrupt");
}
END_TEST

START_TEST(test_damaged_page_refused)
{
    make_many_rooms();
    /* Scribble over the middle of the file: the size is right, a page is not. */
    FILE *f = fopen(dbpath, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    char junk[512];
    memset(junk, 0xff, sizeof junk);
    fseek(f, (size / 4096 / 2) * 4096, SEEK_SET);
    fwrite(junk, 1, sizeof junk, f);
    fclose(f);
    open_refused(dbpath, "is corrupt");
}
END_TEST

START_TEST(test_newer_schema_refused)
{
    nx_store_close(open_ok(dbpath));
    raw_sql("PRAGMA user_version = 2");
    open_refused(dbpath, "has store schema version 2, newer than this build understands (1)");
}
END_TEST

START_TEST(test_foreign_database_refused)
{
    raw_sql("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
    open_refused(dbpath, "a SQLite database of another application, not a Nexus store");
}
END_TEST

START_TEST(test_unopenable_path)
{
    char p[160];
    nx_fmt(p, sizeof p, "%s/other/deeper/rooms.db", tmpdir);
    open_refused(p, "cannot open");
}
END_TEST

/* ---- group commit ---------------------------------------------------------------- */

static void group_begin_ok(nx_store *st)
{
    char err[256] = "";
    ck_assert_msg(!nx_store_group_begin(st, err, sizeof err), "%s", err);
    ck_assert(nx_store_in_group(st));
}

START_TEST(test_group_commits_rooms_together)
{
    make_room();
    nx_store *st = open_ok(dbpath);
    group_begin_ok(st);
    create_ok(st, "g");
    append_ok(st, "r", 6, NULL);
    append_ok(st, "g", 1, "{\"snap\":1}");
    /* A refused write of the group changes nothing; the others stand. */
    char err[256] = "";
    ck_assert_int_eq(nx_store_append(st, "r", 9, "{}", "{}", NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "room 'r': expected action 7, got 9");
    append_ok(st, "r", 7, NULL);
    /* Reads inside the group see its writes. */
    nx_store_room r;
    ck_assert_msg(!nx_store_load(st, "g", &r, err, sizeof err), "%s", err);
    ck_assert_uint_eq(r.snapshot_seq, 1);
    nx_store_room_free(&r);
    ck_assert_msg(!nx_store_group_end(st, err, sizeof err), "%s", err);
    ck_assert(!nx_store_in_group(st));
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE room = 'r'"), 7);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE room = 'g'"), 1);
}
END_TEST

START_TEST(test_failed_group_commit_keeps_nothing)
{
    make_room();
    nx_store *st = open_ok(dbpath);
    group_begin_ok(st);
    create_ok(st, "g");
    append_ok(st, "r", 6, NULL);
    nx_store_fail_next_group_commit(st);
    char err[256] = "";
    ck_assert_int_eq(nx_store_group_end(st, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "group commit failed"), "%s", err);
    /* The handle goes on: the next write is a transaction of its own. */
    append_ok(st, "r", 6, NULL);
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM rooms WHERE name = 'g'"), 0);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE room = 'r'"), 6);
}
END_TEST

START_TEST(test_group_left_open_is_not_durable)
{
    make_room();
    nx_store *st = open_ok(dbpath);
    group_begin_ok(st);
    append_ok(st, "r", 6, NULL);
    char err[256] = "";
    ck_assert_int_eq(nx_store_group_begin(st, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "already open"), "%s", err);
    nx_store_close(st);
    ck_assert_int_eq(raw_count("SELECT COUNT(*) FROM actions WHERE room = 'r'"), 5);
}
END_TEST

/* A process killed with a group in flight: after it, the file has every
 * group that ended (the writes a caller could have acknowledged) and none
 * of the one in flight. */
START_TEST(test_kill_with_a_group_in_flight)
{
    make_room();
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        nx_store *st = open_ok(dbpath);
        for (uint32_t seq = 6; seq < 200000; seq += 2) {
            group_begin_ok(st);
            append_ok(st, "r", seq, NULL);
            append_ok(st, "r", seq + 1, seq % 10 == 0 ? "{\"snap\":1}" : NULL);
            char err[256] = "";
            if (nx_store_group_end(st, err, sizeof err)) _exit(3);
            /* Acknowledged: the parent learns seq + 1 only now. */
            if (write(fds[1], &seq, sizeof seq) != sizeof seq) _exit(4);
        }
        _exit(0);
    }
    close(fds[1]);
    uint32_t acked = 5, seq;
    /* Kill mid-way, while the child keeps writing groups. */
    for (int i = 0; i < 40 && read(fds[0], &seq, sizeof seq) == sizeof seq; i++) acked = seq + 1;
    kill(pid, SIGKILL);
    while (read(fds[0], &seq, sizeof seq) == sizeof seq) acked = seq + 1;
    close(fds[0]);
    int status;
    waitpid(pid, &status, 0);
    ck_assert(WIFSIGNALED(status));
    long long n = raw_count("SELECT COUNT(*) FROM actions WHERE room = 'r'");
    /* Every acknowledged action is there; beyond them at most the group in
     * flight (ended but not yet reported), never half of one. */
    ck_assert_int_ge(n, acked);
    ck_assert_int_le(n, acked + 2);
    ck_assert_int_eq((n - 5) % 2, 0);
    nx_store *st = open_ok(dbpath);
    nx_store_room r;
    char err[256] = "";
    ck_assert_msg(!nx_store_load(st, "r", &r, err, sizeof err), "%s", err);
    nx_store_room_free(&r);
    nx_store_close(st);
}
END_TEST

static Suite *store_suite(void)
{
    Suite *s = suite_create("store");
    TCase *ok = tcase_create("round_trip");
    tcase_add_checked_fixture(ok, setup, teardown);
    tcase_add_test(ok, test_create_append_reload);
    tcase_add_test(ok, test_new_room_has_only_its_snapshot);
    tcase_add_test(ok, test_list_and_delete);
    tcase_add_test(ok, test_wal_mode_is_set);
    tcase_add_test(ok, test_remove_files);
    suite_add_tcase(s, ok);
    TCase *w = tcase_create("refused_writes");
    tcase_add_checked_fixture(w, setup, teardown);
    tcase_add_test(w, test_seq_gap_refused_and_rolled_back);
    tcase_add_test(w, test_failed_snapshot_rolls_back_the_action);
    tcase_add_test(w, test_second_writer_refused);
    tcase_add_test(w, test_second_writer_process_refused);
    tcase_add_test(w, test_append_fails_under_a_held_write_lock);
    tcase_add_test(w, test_duplicate_room_refused);
    tcase_add_test(w, test_bad_writes_refused);
    suite_add_tcase(s, w);
    TCase *grp = tcase_create("group_commit");
    tcase_add_checked_fixture(grp, setup, teardown);
    tcase_add_test(grp, test_group_commits_rooms_together);
    tcase_add_test(grp, test_failed_group_commit_keeps_nothing);
    tcase_add_test(grp, test_group_left_open_is_not_durable);
    tcase_add_test(grp, test_kill_with_a_group_in_flight);
    suite_add_tcase(s, grp);
    TCase *rows = tcase_create("damaged_rows");
    tcase_add_checked_fixture(rows, setup, teardown);
    tcase_add_test(rows, test_corrupt_action_refused);
    tcase_add_test(rows, test_corrupt_result_meta_snapshot_refused);
    tcase_add_test(rows, test_corrupt_snapshot_refused);
    tcase_add_test(rows, test_non_json_row_refused);
    tcase_add_test(rows, test_seq_gap_in_file_refused);
    suite_add_tcase(s, rows);
    TCase *files = tcase_create("damaged_files");
    tcase_add_checked_fixture(files, setup, teardown);
    tcase_add_test(files, test_not_a_database);
    tcase_add_test(files, test_truncated_database);
    tcase_add_test(files, test_damaged_page_refused);
    tcase_add_test(files, test_newer_schema_refused);
    tcase_add_test(files, test_foreign_database_refused);
    tcase_add_test(files, test_unopenable_path);
    suite_add_tcase(s, files);
    return s;
}

int main(void) { return nx_run_suite(store_suite()); }
