#include "nx_store.h"
#include "nx_text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "nx_json_text.h"
#include "nx_sha256.h"
#include "nx_store_pg.h"
#include "nx_util.h"

#define NX_STORE_CACHE 24

struct nx_store {
    sqlite3 *db;
    char *path;
    int lock_fd;   /* holds the file's writer lock; -1 for an in-memory store */
    nx_store_pg *pg;   /* the PostgreSQL backend instead (nx_store_pg.c), or NULL */
    /* Prepared statements kept for reuse, by their SQL text's address (every
     * statement is a literal): preparing costs more than running an
     * append's statements. */
    struct { const char *sql; sqlite3_stmt *q; } cache[NX_STORE_CACHE];
    size_t ncache;
    int group;               /* a group transaction is open (nx_store_group_begin) */
    int fail_group_commit;   /* tests: the next group commit fails */
};

/* Writers wait this long for another connection's write lock. */
#define NX_STORE_BUSY_MS 5000

static const char nx_store_schema[] =
    "CREATE TABLE rooms ("
    "  name TEXT PRIMARY KEY NOT NULL,"
    "  meta TEXT NOT NULL,"
    "  meta_sha256 TEXT NOT NULL);"
    "CREATE TABLE actions ("
    "  room TEXT NOT NULL REFERENCES rooms(name) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL CHECK (seq >= 1),"
    "  action TEXT NOT NULL,"
    "  action_sha256 TEXT NOT NULL,"
    "  result TEXT NOT NULL,"
    "  result_sha256 TEXT NOT NULL,"
    "  PRIMARY KEY (room, seq)) WITHOUT ROWID;"
    "CREATE TABLE snapshots ("
    "  room TEXT NOT NULL REFERENCES rooms(name) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL CHECK (seq >= 0),"
    "  state TEXT NOT NULL,"
    "  state_sha256 TEXT NOT NULL,"
    "  PRIMARY KEY (room, seq)) WITHOUT ROWID;";

/* ---- errors -------------------------------------------------------------------- */

/* "what: SQLite's message"; the two file-level failures are about the
 * file, whatever step met them, so they name the file instead. */
static int nx_store_db_fail(const nx_store *st, const char *what, char *err, size_t errlen)
{
    int code = sqlite3_errcode(st->db);
    if (code == SQLITE_NOTADB) return nx_clip_fail(err, errlen, "%s is not a SQLite database", st->path);
    if (code == SQLITE_CORRUPT)
        return nx_clip_fail(err, errlen, "%s is corrupt (%s)", st->path, sqlite3_errmsg(st->db));
    return nx_clip_fail(err, errlen, "%s: %s", what, sqlite3_errmsg(st->db));
}

/* ---- statements ---------------------------------------------------------------- */

static int nx_store_exec(nx_store *st, const char *sql, const char *what, char *err, size_t errlen)
{
    if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return nx_store_db_fail(st, what, err, errlen);
    return 0;
}

/* A statement is done: a cached one is reset for its next use (its
 * bindings cleared, so it keeps no pointer to the caller's texts), any
 * other finalized. */
static void nx_store_done(nx_store *st, sqlite3_stmt *q)
{
    for (size_t i = 0; i < st->ncache; i++)
        if (st->cache[i].q == q) {
            sqlite3_reset(q);
            sqlite3_clear_bindings(q);
            return;
        }
    sqlite3_finalize(q);
}

static sqlite3_stmt *nx_store_statement(nx_store *st, const char *sql, char *err, size_t errlen)
{
    for (size_t i = 0; i < st->ncache; i++)
        if (st->cache[i].sql == sql) return st->cache[i].q;
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v3(st->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &q, NULL) != SQLITE_OK) {
        nx_store_db_fail(st, "preparing a statement", err, errlen);
        return NULL;
    }
    if (st->ncache < NX_STORE_CACHE) {
        st->cache[st->ncache].sql = sql;
        st->cache[st->ncache++].q = q;
    }
    return q;
}

/* Prepare (or reuse) and bind text parameters 1..n (NULL binds SQL
 * NULL).  The texts are not copied: they must live until the statement
 * is done (nx_store_done), which every caller does before returning. */
static sqlite3_stmt *nx_store_prepare(nx_store *st, const char *sql, int n, const char *const *texts,
                                      char *err, size_t errlen)
{
    sqlite3_stmt *q = nx_store_statement(st, sql, err, errlen);
    if (!q) return NULL;
    for (int i = 0; i < n; i++)
        if (sqlite3_bind_text(q, i + 1, texts[i], -1, SQLITE_STATIC) != SQLITE_OK) {
            nx_store_db_fail(st, "binding a parameter", err, errlen);
            nx_store_done(st, q);
            return NULL;
        }
    return q;
}

/* The same, with a seq number as parameter n+1 (after the texts). */
static sqlite3_stmt *nx_store_prepare_seq(nx_store *st, const char *sql, int n, const char *const *texts,
                                          uint32_t seq, char *err, size_t errlen)
{
    sqlite3_stmt *q = nx_store_prepare(st, sql, n, texts, err, errlen);
    if (q && sqlite3_bind_int64(q, n + 1, seq) != SQLITE_OK) {
        nx_store_db_fail(st, "binding a parameter", err, errlen);
        nx_store_done(st, q);
        return NULL;
    }
    return q;
}

/* Run a statement that returns no rows (INSERT/DELETE). */
static int nx_store_run(nx_store *st, sqlite3_stmt *q, const char *what, char *err, size_t errlen)
{
    int rc = sqlite3_step(q);
    if (rc != SQLITE_DONE) nx_store_db_fail(st, what, err, errlen);
    nx_store_done(st, q);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* One integer from the first row of a query (a pragma, a count). */
static int nx_store_int_query(nx_store *st, const char *sql, int n, const char *const *texts,
                              sqlite3_int64 *out, char *err, size_t errlen)
{
    sqlite3_stmt *q = nx_store_prepare(st, sql, n, texts, err, errlen);
    if (!q) return -1;
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) *out = sqlite3_column_int64(q, 0);
    else nx_store_db_fail(st, sql, err, errlen);
    nx_store_done(st, q);
    return rc == SQLITE_ROW ? 0 : -1;
}

static int nx_store_text_query(nx_store *st, const char *sql, char *buf, size_t cap, char *err, size_t errlen)
{
    sqlite3_stmt *q = nx_store_prepare(st, sql, 0, NULL, err, errlen);
    if (!q) return -1;
    int rc = sqlite3_step(q);
    const char *text = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0) : NULL;
    if (rc == SQLITE_ROW) nx_clip(buf, cap, "%s", text ? text : "");
    else nx_store_db_fail(st, sql, err, errlen);
    nx_store_done(st, q);
    return rc == SQLITE_ROW ? 0 : -1;
}

static void nx_store_rollback(nx_store *st)
{
    /* Fails harmlessly when the error already ended the transaction. */
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

static int nx_store_commit(nx_store *st, char *err, size_t errlen)
{
    if (!nx_store_exec(st, "COMMIT", "commit", err, errlen)) return 0;
    nx_store_rollback(st);
    return -1;
}

/*
 * One write (or one consistent read) of its own: a transaction, or inside
 * a group a savepoint of the group's transaction, so a refused write
 * still changes nothing while the others of its group stand.  A group
 * whose transaction SQLite already rolled back (a full disk, an I/O
 * error) refuses every further write: it must not start a transaction of
 * its own that would commit outside the group.
 */
static int nx_store_begin(nx_store *st, const char *begin_sql, char *err, size_t errlen)
{
    if (!st->group) return nx_store_exec(st, begin_sql, "begin", err, errlen);
    if (sqlite3_get_autocommit(st->db))
        return nx_clip_fail(err, errlen, "%s: the group's transaction was rolled back", st->path);
    return nx_store_exec(st, "SAVEPOINT nx_write", "savepoint", err, errlen);
}

static void nx_store_undo(nx_store *st)
{
    if (!st->group) {
        nx_store_rollback(st);
        return;
    }
    /* Fails harmlessly when the error already ended the transaction. */
    sqlite3_exec(st->db, "ROLLBACK TO nx_write", NULL, NULL, NULL);
    sqlite3_exec(st->db, "RELEASE nx_write", NULL, NULL, NULL);
}

/* The write is done: committed (durable), or in a group, kept in the
 * group's transaction until nx_store_group_end. */
static int nx_store_finish(nx_store *st, char *err, size_t errlen)
{
    if (!st->group) return nx_store_commit(st, err, errlen);
    if (!nx_store_exec(st, "RELEASE nx_write", "release", err, errlen)) return 0;
    nx_store_undo(st);
    return -1;
}

/* ---- texts ------------------------------------------------------------------------ */

static void nx_store_sha(const char *text, size_t len, char hex[NX_SHA256_HEX_LEN + 1])
{
    nx_sha256_hex_of(text, len, hex);
}

/* Every stored text is JSON (any value); say where it is not. */
static int nx_store_check_json(const char *text, size_t len, const char *what, char *err, size_t errlen)
{
    /* The engine's texts are plain JSON: a scan vouches for them without
     * building a tree (a fifth of a grouped append's CPU went to that). */
    if (nx_json_plainly_valid(text, len)) return 0;
    json_error_t je;
    json_t *j = json_loadb(text, len, JSON_DECODE_ANY, &je);
    if (!j)
        return nx_clip_fail(err, errlen, "%s is not JSON (line %d column %d: %s)", what, je.line, je.column,
                             je.text);
    json_decref(j);
    return 0;
}

/* ---- opening ------------------------------------------------------------------------ */

/* The file is ours, of a schema we understand, or empty (then create). */
static int nx_store_schema_verdict(nx_store *st, char *err, size_t errlen)
{
    sqlite3_int64 app, version, tables;
    if (nx_store_int_query(st, "PRAGMA application_id", 0, NULL, &app, err, errlen) ||
        nx_store_int_query(st, "PRAGMA user_version", 0, NULL, &version, err, errlen) ||
        nx_store_int_query(st, "SELECT COUNT(*) FROM sqlite_master", 0, NULL, &tables, err, errlen))
        return -1;
    if (app == 0 && version == 0 && tables == 0) {
        char sql[sizeof nx_store_schema + 96];
        nx_fmt(sql, sizeof sql, "%sPRAGMA application_id=%d;PRAGMA user_version=%d;", nx_store_schema,
                 NX_STORE_APPLICATION_ID, NX_STORE_SCHEMA_VERSION);
        return nx_store_exec(st, sql, "creating the schema", err, errlen);
    }
    if (app != NX_STORE_APPLICATION_ID)
        return nx_clip_fail(err, errlen, "%s is a SQLite database of another application, not a Nexus store "
                             "(application id %lld)", st->path, (long long)app);
    if (version > NX_STORE_SCHEMA_VERSION)
        return nx_clip_fail(err, errlen, "%s has store schema version %lld, newer than this build "
                             "understands (%d): upgrade Nexus", st->path, (long long)version,
                             NX_STORE_SCHEMA_VERSION);
    if (version != NX_STORE_SCHEMA_VERSION)
        return nx_clip_fail(err, errlen, "%s has unknown store schema version %lld", st->path,
                             (long long)version);
    return 0;
}

static int nx_store_check_schema(nx_store *st, char *err, size_t errlen)
{
    /* Under the write lock: two processes opening a new file at once must
     * not both find it empty and both create the tables. */
    if (nx_store_exec(st, "BEGIN IMMEDIATE", "begin", err, errlen)) return -1;
    if (nx_store_schema_verdict(st, err, errlen)) {
        nx_store_rollback(st);
        return -1;
    }
    return nx_store_commit(st, err, errlen);
}

static int nx_store_check_integrity(nx_store *st, char *err, size_t errlen)
{
    char result[200];
    /* quick_check reads every page: O(file), done once per open so a
     * truncated or damaged file is refused before any room is served. */
    if (nx_store_text_query(st, "PRAGMA quick_check", result, sizeof result, err, errlen)) return -1;
    if (strcmp(result, "ok")) return nx_clip_fail(err, errlen, "%s is corrupt: %s", st->path, result);
    return 0;
}

static int nx_store_set_modes(nx_store *st, char *err, size_t errlen)
{
    char mode[32];
    sqlite3_int64 fk;
    if (nx_store_text_query(st, "PRAGMA journal_mode=WAL", mode, sizeof mode, err, errlen)) return -1;
    /* An in-memory database cannot be WAL; any file must be. */
    if (strcmp(mode, "wal") && strcmp(mode, "memory"))
        return nx_clip_fail(err, errlen, "%s: cannot switch to WAL journal mode (got %s)", st->path, mode);
    /* Explicitly FULL: in WAL mode every COMMIT then syncs the log before
     * it returns, which is what lets a caller acknowledge a write. */
    if (nx_store_exec(st, "PRAGMA synchronous=FULL", "synchronous", err, errlen) ||
        nx_store_exec(st, "PRAGMA foreign_keys=ON", "foreign keys", err, errlen) ||
        nx_store_int_query(st, "PRAGMA foreign_keys", 0, NULL, &fk, err, errlen))
        return -1;
    if (fk != 1) return nx_clip_fail(err, errlen, "%s: foreign keys cannot be enabled", st->path);
    return 0;
}

/*
 * One writer per file.  SQLite alone would let a second process append
 * its own history to a room the first one also holds in memory (the two
 * then diverge and the room can never be reopened), so the store takes
 * an exclusive flock(2) on "<path>-lock" for as long as it is open.
 * flock rather than fcntl locks: it belongs to this open file, so it
 * neither disturbs SQLite's own fcntl locks on the database nor is lost
 * when SQLite closes one of its descriptors, and it also refuses a second
 * handle inside the same process.  The kernel drops it when the process
 * dies (even by SIGKILL), so a crash never leaves the file locked.  Plain
 * SQLite connections (a backup, the sqlite3 shell) are not kept out.
 */
static int nx_store_lock(nx_store *st, char *err, size_t errlen)
{
    if (!strcmp(st->path, ":memory:") || !st->path[0]) return 0;   /* private to this handle */
    char *lock = nx_asprintf("%s-lock", st->path);
    st->lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    int rc = 0;
    if (st->lock_fd < 0)
        rc = nx_clip_fail(err, errlen, "%s: cannot open its lock file %s (%s)", st->path, lock, strerror(errno));
    else if (flock(st->lock_fd, LOCK_EX | LOCK_NB))
        rc = errno == EWOULDBLOCK
                 ? nx_clip_fail(err, errlen, "%s is already open for writing by another store (another nexus "
                                 "process, or another handle in this one): a store file has one writer",
                                 st->path)
                 : nx_clip_fail(err, errlen, "%s: cannot lock it (%s)", st->path, strerror(errno));
    free(lock);
    return rc;
}

nx_store *nx_store_open(const char *path, char *err, size_t errlen)
{
    nx_store *st = nx_xcalloc(1, sizeof *st);
    st->path = nx_xstrdup(path);
    st->lock_fd = -1;
    if (nx_store_pg_is_url(path)) {
        if ((st->pg = nx_store_pg_open(path, err, errlen))) return st;
        nx_store_close(st);
        return NULL;
    }
    if (nx_store_lock(st, err, errlen)) {
        nx_store_close(st);
        return NULL;
    }
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        nx_clip_fail(err, errlen, "%s: cannot open (%s)", path,
                      st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
        nx_store_close(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, NX_STORE_BUSY_MS);
    if (nx_store_check_integrity(st, err, errlen) || nx_store_check_schema(st, err, errlen) ||
        nx_store_set_modes(st, err, errlen)) {
        nx_store_close(st);
        return NULL;
    }
    return st;
}

void nx_store_set_busy_timeout(nx_store *st, int ms)
{
    if (st->pg) nx_store_pg_set_busy_timeout(st->pg, ms);
    else sqlite3_busy_timeout(st->db, ms);
}

/* ---- leases (the PostgreSQL store's; one writer per SQLite file owns every room) --- */

int nx_store_claim(nx_store *st, const char *room, char *err, size_t errlen)
{
    return st->pg ? nx_store_pg_claim(st->pg, room, err, errlen) : 0;
}

int nx_store_owns(const nx_store *st, const char *room) { return st->pg ? nx_store_pg_owns(st->pg, room) : 1; }

int nx_store_renew(nx_store *st, char *err, size_t errlen)
{
    return st->pg ? nx_store_pg_renew(st->pg, err, errlen) : 0;
}

int nx_store_release(nx_store *st, const char *room, char *err, size_t errlen)
{
    return st->pg ? nx_store_pg_release(st->pg, room, err, errlen) : 0;
}

void nx_store_set_lease_ms(nx_store *st, int ms)
{
    if (st->pg) nx_store_pg_set_lease_ms(st->pg, ms);
}

const char *nx_store_backend(const nx_store *st) { return st->pg ? "postgresql" : "sqlite"; }

void nx_store_close(nx_store *st)
{
    if (!st) return;
    nx_store_pg_close(st->pg);
    if (st->group) nx_store_rollback(st);   /* a group never ended is not durable: gone */
    for (size_t i = 0; i < st->ncache; i++) sqlite3_finalize(st->cache[i].q);
    sqlite3_close(st->db);
    /* After the database is closed, so the next writer finds it complete. */
    if (st->lock_fd >= 0) close(st->lock_fd);
    free(st->path);
    free(st);
}

/* ---- writing ------------------------------------------------------------------------ */

int nx_store_group_begin(nx_store *st, char *err, size_t errlen)
{
    if (st->pg) return 0;   /* each PostgreSQL write commits on its own */
    if (st->group) return nx_clip_fail(err, errlen, "%s: a group is already open", st->path);
    if (nx_store_exec(st, "BEGIN IMMEDIATE", "begin", err, errlen)) return -1;
    st->group = 1;
    return 0;
}

int nx_store_group_end(nx_store *st, char *err, size_t errlen)
{
    if (st->pg || !st->group) return 0;
    st->group = 0;
    if (sqlite3_get_autocommit(st->db))
        return nx_clip_fail(err, errlen, "%s: the group's transaction was rolled back", st->path);
    if (st->fail_group_commit) {
        st->fail_group_commit = 0;
        nx_store_rollback(st);
        return nx_clip_fail(err, errlen, "%s: the group commit failed (a failure the test asked for)", st->path);
    }
    /* One COMMIT, one flush of the WAL (synchronous=FULL) for the group. */
    return nx_store_commit(st, err, errlen);
}

int nx_store_in_group(const nx_store *st) { return st->group; }

void nx_store_fail_next_group_commit(nx_store *st) { st->fail_group_commit = 1; }

static int nx_store_insert_snapshot(nx_store *st, const char *room, uint32_t seq, const char *state,
                                    char *err, size_t errlen)
{
    char sum[NX_SHA256_HEX_LEN + 1];
    nx_store_sha(state, strlen(state), sum);
    const char *p[] = { room, state, sum };
    sqlite3_stmt *q = nx_store_prepare_seq(
        st, "INSERT INTO snapshots(room, state, state_sha256, seq) VALUES (?1, ?2, ?3, ?4)", 3, p, seq, err,
        errlen);
    return q ? nx_store_run(st, q, "inserting the snapshot", err, errlen) : -1;
}

static int nx_store_insert_room(nx_store *st, const char *room, const char *meta, char *err, size_t errlen)
{
    char sum[NX_SHA256_HEX_LEN + 1];
    nx_store_sha(meta, strlen(meta), sum);
    const char *p[] = { room, meta, sum };
    sqlite3_stmt *q = nx_store_prepare(st, "INSERT INTO rooms(name, meta, meta_sha256) VALUES (?1, ?2, ?3)",
                                       3, p, err, errlen);
    if (!q) return -1;
    int rc = sqlite3_step(q);
    if (rc == SQLITE_CONSTRAINT) nx_clip_fail(err, errlen, "room '%s' already exists", room);
    else if (rc != SQLITE_DONE) nx_store_db_fail(st, "inserting the room", err, errlen);
    nx_store_done(st, q);
    return rc == SQLITE_DONE ? 0 : -1;
}

int nx_store_create_room(nx_store *st, const char *room, const char *meta_json, const char *snapshot_json,
                         char *err, size_t errlen)
{
    if (st->pg) return nx_store_pg_create_room(st->pg, room, meta_json, snapshot_json, err, errlen);
    if (!*room) return nx_clip_fail(err, errlen, "a room needs a name");
    if (nx_store_check_json(meta_json, strlen(meta_json), "meta", err, errlen) ||
        nx_store_check_json(snapshot_json, strlen(snapshot_json), "snapshot", err, errlen) ||
        nx_store_begin(st, "BEGIN IMMEDIATE", err, errlen))
        return -1;
    if (nx_store_insert_room(st, room, meta_json, err, errlen) ||
        nx_store_insert_snapshot(st, room, 0, snapshot_json, err, errlen)) {
        nx_store_undo(st);
        return -1;
    }
    return nx_store_finish(st, err, errlen);
}

static int nx_store_room_exists(nx_store *st, const char *room, char *err, size_t errlen)
{
    sqlite3_int64 n;
    const char *p[] = { room };
    if (nx_store_int_query(st, "SELECT COUNT(*) FROM rooms WHERE name = ?1", 1, p, &n, err, errlen))
        return -1;
    return n ? 0 : nx_clip_fail(err, errlen, "no room '%s'", room);
}

static int nx_store_last_seq(nx_store *st, const char *room, sqlite3_int64 *last, char *err, size_t errlen)
{
    const char *p[] = { room };
    return nx_store_int_query(st, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE room = ?1", 1, p, last,
                              err, errlen);
}

static int nx_store_insert_action(nx_store *st, const char *room, uint32_t seq, const char *action,
                                  const char *result, char *err, size_t errlen)
{
    char asum[NX_SHA256_HEX_LEN + 1], rsum[NX_SHA256_HEX_LEN + 1];
    nx_store_sha(action, strlen(action), asum);
    nx_store_sha(result, strlen(result), rsum);
    const char *p[] = { room, action, asum, result, rsum };
    sqlite3_stmt *q =
        nx_store_prepare_seq(st,
                             "INSERT INTO actions(room, action, action_sha256, result, result_sha256, seq)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                             5, p, seq, err, errlen);
    return q ? nx_store_run(st, q, "inserting the action", err, errlen) : -1;
}

/* Inside the transaction: the room exists and seq follows its last action. */
static int nx_store_append_rows(nx_store *st, const char *room, uint32_t seq, const char *action,
                                const char *result, const char *snapshot, char *err, size_t errlen)
{
    sqlite3_int64 last;
    if (nx_store_room_exists(st, room, err, errlen) || nx_store_last_seq(st, room, &last, err, errlen))
        return -1;
    if ((sqlite3_int64)seq != last + 1)
        return nx_clip_fail(err, errlen, "room '%s': expected action %lld, got %u", room,
                             (long long)last + 1, seq);
    if (nx_store_insert_action(st, room, seq, action, result, err, errlen)) return -1;
    return snapshot ? nx_store_insert_snapshot(st, room, seq, snapshot, err, errlen) : 0;
}

int nx_store_append(nx_store *st, const char *room, uint32_t seq, const char *action_json,
                    const char *result_json, const char *snapshot_json, char *err, size_t errlen)
{
    if (st->pg) return nx_store_pg_append(st->pg, room, seq, action_json, result_json, snapshot_json, err, errlen);
    if (nx_store_check_json(action_json, strlen(action_json), "action", err, errlen) ||
        nx_store_check_json(result_json, strlen(result_json), "result", err, errlen) ||
        (snapshot_json && nx_store_check_json(snapshot_json, strlen(snapshot_json), "snapshot", err, errlen)))
        return -1;
    /* IMMEDIATE takes the write lock now, so the "last seq" read below is
     * still true when the insert happens (no other writer in between). */
    if (nx_store_begin(st, "BEGIN IMMEDIATE", err, errlen)) return -1;
    if (nx_store_append_rows(st, room, seq, action_json, result_json, snapshot_json, err, errlen)) {
        nx_store_undo(st);
        return -1;
    }
    return nx_store_finish(st, err, errlen);
}

int nx_store_delete_room(nx_store *st, const char *room, char *err, size_t errlen)
{
    if (st->pg) return nx_store_pg_delete_room(st->pg, room, err, errlen);
    const char *p[] = { room };
    if (nx_store_begin(st, "BEGIN IMMEDIATE", err, errlen)) return -1;
    sqlite3_stmt *q = nx_store_prepare(st, "DELETE FROM rooms WHERE name = ?1", 1, p, err, errlen);
    /* Actions and snapshots go with the room: ON DELETE CASCADE. */
    if (!q || nx_store_run(st, q, "deleting the room", err, errlen)) {
        nx_store_undo(st);
        return -1;
    }
    if (!sqlite3_changes(st->db)) {
        nx_store_undo(st);
        return nx_clip_fail(err, errlen, "no room '%s'", room);
    }
    return nx_store_finish(st, err, errlen);
}

/* ---- reading ------------------------------------------------------------------------ */

/* Column `col` as a verified copy: its SHA-256 is column `col + 1` and it
 * parses as JSON.  `what` names the row in messages. */
static char *nx_store_verified(sqlite3_stmt *q, int col, const char *what, char *err, size_t errlen)
{
    const char *text = (const char *)sqlite3_column_text(q, col);
    size_t len = (size_t)sqlite3_column_bytes(q, col);
    const char *stored = (const char *)sqlite3_column_text(q, col + 1);
    char sum[NX_SHA256_HEX_LEN + 1];
    if (!text || !stored) {
        nx_clip_fail(err, errlen, "%s: missing text or checksum", what);
        return NULL;
    }
    nx_store_sha(text, len, sum);
    if (strcmp(sum, stored)) {
        nx_clip_fail(err, errlen, "%s: checksum mismatch", what);
        return NULL;
    }
    if (nx_store_check_json(text, len, what, err, errlen)) return NULL;
    return nx_xstrndup(text, len);
}

static int nx_store_load_meta(nx_store *st, const char *room, nx_store_room *r, char *err, size_t errlen)
{
    const char *p[] = { room };
    char what[300];
    sqlite3_stmt *q =
        nx_store_prepare(st, "SELECT meta, meta_sha256 FROM rooms WHERE name = ?1", 1, p, err, errlen);
    if (!q) return -1;
    int rc = sqlite3_step(q);
    nx_clip(what, sizeof what, "room '%s' meta", room);
    if (rc == SQLITE_ROW) r->meta = nx_store_verified(q, 0, what, err, errlen);
    else if (rc == SQLITE_DONE) nx_clip_fail(err, errlen, "no room '%s'", room);
    else nx_store_db_fail(st, what, err, errlen);
    nx_store_done(st, q);
    return r->meta ? 0 : -1;
}

static int nx_store_load_snapshot(nx_store *st, const char *room, nx_store_room *r, char *err, size_t errlen)
{
    const char *p[] = { room };
    char what[300];
    sqlite3_stmt *q = nx_store_prepare(
        st, "SELECT seq, state, state_sha256 FROM snapshots WHERE room = ?1 ORDER BY seq DESC LIMIT 1", 1, p,
        err, errlen);
    if (!q) return -1;
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        sqlite3_int64 seq = sqlite3_column_int64(q, 0);
        r->snapshot_seq = (uint32_t)seq;
        nx_clip(what, sizeof what, "room '%s' snapshot %lld", room, (long long)seq);
        if (seq < 0 || seq > UINT32_MAX) nx_clip_fail(err, errlen, "%s: seq out of range", what);
        else r->snapshot = nx_store_verified(q, 1, what, err, errlen);
    } else if (rc == SQLITE_DONE) {
        nx_clip_fail(err, errlen, "room '%s' has no snapshot", room);
    } else {
        nx_store_db_fail(st, "reading the snapshot", err, errlen);
    }
    nx_store_done(st, q);
    return r->snapshot ? 0 : -1;
}

/* Actions are 1..last with no hole (seq is the primary key, so COUNT ==
 * MAX means gap-free); the snapshot is not past the last action. */
static int nx_store_check_sequence(nx_store *st, const char *room, const nx_store_room *r,
                                   sqlite3_int64 *last, char *err, size_t errlen)
{
    sqlite3_int64 count, min;
    const char *p[] = { room };
    if (nx_store_last_seq(st, room, last, err, errlen) ||
        nx_store_int_query(st, "SELECT COUNT(*) FROM actions WHERE room = ?1", 1, p, &count, err, errlen) ||
        nx_store_int_query(st, "SELECT COALESCE(MIN(seq), 1) FROM actions WHERE room = ?1", 1, p, &min, err,
                           errlen))
        return -1;
    if (count != *last || min != 1)
        return nx_clip_fail(err, errlen, "room '%s': the actions have a gap (%lld rows, seq %lld..%lld)",
                             room, (long long)count, (long long)min, (long long)*last);
    if (r->snapshot_seq > *last)
        return nx_clip_fail(err, errlen, "room '%s': snapshot %u is past the last action %lld", room,
                             r->snapshot_seq, (long long)*last);
    return 0;
}

static int nx_store_load_action(sqlite3_stmt *q, const char *room, uint32_t expect, nx_store_action *a,
                                char *err, size_t errlen)
{
    char what[300];
    sqlite3_int64 seq = sqlite3_column_int64(q, 0);
    nx_clip(what, sizeof what, "room '%s' action %lld", room, (long long)seq);
    if (seq != expect) return nx_clip_fail(err, errlen, "room '%s': action %u is missing", room, expect);
    a->seq = expect;
    a->action = nx_store_verified(q, 1, what, err, errlen);
    if (!a->action) return -1;
    nx_clip(what, sizeof what, "room '%s' action %lld result", room, (long long)seq);
    a->result = nx_store_verified(q, 3, what, err, errlen);
    return a->result ? 0 : -1;
}

static int nx_store_load_actions(nx_store *st, const char *room, nx_store_room *r, sqlite3_int64 last,
                                 char *err, size_t errlen)
{
    const char *p[] = { room };
    sqlite3_stmt *q =
        nx_store_prepare_seq(st,
                             "SELECT seq, action, action_sha256, result, result_sha256 FROM actions"
                             " WHERE room = ?1 AND seq > ?2 ORDER BY seq",
                             1, p, r->snapshot_seq, err, errlen);
    if (!q) return -1;
    size_t want = (size_t)(last - r->snapshot_seq);
    r->actions = nx_xcalloc(want, sizeof *r->actions);
    int rc = SQLITE_DONE, failed = 0;
    while (!failed && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        /* nx_store_check_sequence made the count exact and the read
         * transaction keeps other writers out, so more rows mean damage. */
        if (r->nactions == want) {
            failed = nx_clip_fail(err, errlen, "room '%s': more actions than seq numbers", room);
            break;
        }
        /* Counted before filling, so a half-filled entry is freed too. */
        nx_store_action *a = &r->actions[r->nactions++];
        failed = nx_store_load_action(q, room, r->snapshot_seq + (uint32_t)r->nactions, a, err, errlen);
    }
    if (!failed && rc != SQLITE_DONE) failed = nx_store_db_fail(st, "reading the actions", err, errlen);
    nx_store_done(st, q);
    if (!failed && r->nactions != want)
        failed = nx_clip_fail(err, errlen, "room '%s': expected %zu actions after the snapshot, found %zu",
                               room, want, r->nactions);
    return failed ? -1 : 0;
}

static int nx_store_load_all(nx_store *st, const char *room, nx_store_room *r, char *err, size_t errlen)
{
    sqlite3_int64 last;
    if (nx_store_load_meta(st, room, r, err, errlen) || nx_store_load_snapshot(st, room, r, err, errlen) ||
        nx_store_check_sequence(st, room, r, &last, err, errlen) ||
        nx_store_load_actions(st, room, r, last, err, errlen))
        return -1;
    return 0;
}

int nx_store_load(nx_store *st, const char *room, nx_store_room *out, char *err, size_t errlen)
{
    if (st->pg) return nx_store_pg_load(st->pg, room, out, err, errlen);
    nx_store_room r = { 0 };
    memset(out, 0, sizeof *out);
    /* One read transaction: meta, snapshot and actions from one moment. */
    if (nx_store_begin(st, "BEGIN", err, errlen)) return -1;
    int rc = nx_store_load_all(st, room, &r, err, errlen);
    nx_store_undo(st);
    if (rc) {
        nx_store_room_free(&r);
        return -1;
    }
    *out = r;
    return 0;
}

void nx_store_room_free(nx_store_room *r)
{
    for (size_t i = 0; i < r->nactions; i++) {
        free(r->actions[i].action);
        free(r->actions[i].result);
    }
    free(r->actions);
    free(r->meta);
    free(r->snapshot);
    memset(r, 0, sizeof *r);
}

int nx_store_list_rooms(nx_store *st, char ***rooms, size_t *n, char *err, size_t errlen)
{
    if (st->pg) return nx_store_pg_list_rooms(st->pg, rooms, n, err, errlen);
    *rooms = NULL;
    *n = 0;
    sqlite3_stmt *q = nx_store_prepare(st, "SELECT name FROM rooms ORDER BY name", 0, NULL, err, errlen);
    if (!q) return -1;
    char **v = NULL;
    size_t len = 0;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        v = nx_xrealloc(v, (len + 1) * sizeof *v);
        v[len++] = nx_xstrdup((const char *)sqlite3_column_text(q, 0));
    }
    if (rc != SQLITE_DONE) nx_store_db_fail(st, "listing rooms", err, errlen);
    nx_store_done(st, q);
    if (rc != SQLITE_DONE) {
        nx_store_rooms_free(v, len);
        return -1;
    }
    *rooms = v;
    *n = len;
    return 0;
}

void nx_store_rooms_free(char **rooms, size_t n)
{
    for (size_t i = 0; i < n; i++) free(rooms[i]);
    free(rooms);
}

int nx_store_remove_files(const char *path)
{
    static const char *const companions[] = { "", "-wal", "-shm", "-journal", "-lock" };
    int rc = 0, saved = 0;
    for (size_t i = 0; i < sizeof companions / sizeof companions[0]; i++) {
        char *f = nx_asprintf("%s%s", path, companions[i]);
        if (unlink(f) && errno != ENOENT) rc = -1, saved = errno;
        free(f);
    }
    if (rc) errno = saved;
    return rc;
}
