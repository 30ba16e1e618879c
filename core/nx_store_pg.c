#include "nx_store_pg.h"
#include "nx_text.h"

#include <string.h>

int nx_store_pg_is_url(const char *path)
{
    return !strncmp(path, "postgresql://", 13) || !strncmp(path, "postgres://", 11) || !strncmp(path, "pg:", 3);
}

#ifndef NX_HAVE_LIBPQ

/* A build without libpq: every entry point but open is unreachable. */
nx_store_pg *nx_store_pg_open(const char *url, char *err, size_t errlen)
{
    (void)url;
    nx_clip_fail(err, errlen, "this nexus was built without PostgreSQL support (libpq was not found when it was "
               "built: install libpq-dev, or pkg-config's libpq, and rebuild)");
    return NULL;
}
void nx_store_pg_close(nx_store_pg *pg) { (void)pg; }
void nx_store_pg_set_busy_timeout(nx_store_pg *pg, int ms) { (void)pg, (void)ms; }
void nx_store_pg_set_lease_ms(nx_store_pg *pg, int ms) { (void)pg, (void)ms; }
const char *nx_store_pg_owner(const nx_store_pg *pg) { (void)pg; return ""; }
int nx_store_pg_create_room(nx_store_pg *pg, const char *room, const char *meta_json, const char *snapshot_json,
                            char *err, size_t errlen)
{
    (void)pg, (void)room, (void)meta_json, (void)snapshot_json;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_append(nx_store_pg *pg, const char *room, uint32_t seq, const char *action_json,
                       const char *result_json, const char *snapshot_json, char *err, size_t errlen)
{
    (void)pg, (void)room, (void)seq, (void)action_json, (void)result_json, (void)snapshot_json;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_load(nx_store_pg *pg, const char *room, nx_store_room *out, char *err, size_t errlen)
{
    (void)pg, (void)room;
    memset(out, 0, sizeof *out);
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_list_rooms(nx_store_pg *pg, char ***rooms, size_t *n, char *err, size_t errlen)
{
    (void)pg;
    *rooms = NULL;
    *n = 0;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_delete_room(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    (void)pg, (void)room;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_claim(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    (void)pg, (void)room;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_owns(const nx_store_pg *pg, const char *room) { (void)pg, (void)room; return 0; }
int nx_store_pg_renew(nx_store_pg *pg, char *err, size_t errlen)
{
    (void)pg;
    return nx_clip_fail(err, errlen, "no PostgreSQL support");
}
int nx_store_pg_release(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    (void)pg, (void)room, (void)err, (void)errlen;
    return 0;
}

#else

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <unistd.h>

#include <jansson.h>
#include <libpq-fe.h>

#include "nx_sha256.h"
#include "nx_util.h"

/* A room's lease lasts this long after its last claim or write, unless set. */
#define NX_PG_LEASE_MS 15000
#define NX_PG_SCHEMA_VERSION "1"
/* Serialises schema creation among processes opening a new database at once. */
#define NX_PG_SCHEMA_LOCK 0x4e787331

typedef struct nx_pg_lease {
    char *room;
    long long fence;
} nx_pg_lease;

struct nx_store_pg {
    PGconn *db;
    char owner[96];   /* host:pid:random, unique per handle */
    int lease_ms;
    nx_pg_lease *leases;   /* the rooms this handle owns, with their fences */
    size_t nleases;
};

static const char nx_pg_schema[] =
    "CREATE TABLE IF NOT EXISTS nx_info ("
    "  key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS nx_rooms ("
    "  name TEXT PRIMARY KEY, meta TEXT NOT NULL, meta_sha256 TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS nx_actions ("
    "  room TEXT NOT NULL REFERENCES nx_rooms(name) ON DELETE CASCADE,"
    "  seq BIGINT NOT NULL CHECK (seq >= 1),"
    "  action TEXT NOT NULL, action_sha256 TEXT NOT NULL,"
    "  result TEXT NOT NULL, result_sha256 TEXT NOT NULL,"
    "  PRIMARY KEY (room, seq));"
    "CREATE TABLE IF NOT EXISTS nx_snapshots ("
    "  room TEXT NOT NULL REFERENCES nx_rooms(name) ON DELETE CASCADE,"
    "  seq BIGINT NOT NULL CHECK (seq >= 0),"
    "  state TEXT NOT NULL, state_sha256 TEXT NOT NULL,"
    "  PRIMARY KEY (room, seq));"
    "CREATE TABLE IF NOT EXISTS nx_leases ("
    "  room TEXT PRIMARY KEY REFERENCES nx_rooms(name) ON DELETE CASCADE,"
    "  owner TEXT NOT NULL, fence BIGINT NOT NULL, expires TIMESTAMPTZ NOT NULL);"
    "INSERT INTO nx_info VALUES ('application', 'nexus-store') ON CONFLICT DO NOTHING;"
    "INSERT INTO nx_info VALUES ('schema_version', '" NX_PG_SCHEMA_VERSION "') ON CONFLICT DO NOTHING;";

/* ---- statements ---------------------------------------------------------------- */

/* "what: the server's message" (one line: libpq's trailing newline cut). */
static int nx_pg_db_fail(const nx_store_pg *pg, const PGresult *res, const char *what, char *err, size_t errlen)
{
    const char *msg = res ? PQresultErrorMessage(res) : "";
    if (!msg || !*msg) msg = PQerrorMessage(pg->db);
    size_t n = strcspn(msg, "\n");
    return nx_clip_fail(err, errlen, "PostgreSQL store: %s: %.*s", what, (int)n, msg);
}

/* Run sql with text parameters; NULL with err unless the status is the
 * expected one (PGRES_COMMAND_OK or PGRES_TUPLES_OK). */
static PGresult *nx_pg_query(nx_store_pg *pg, const char *sql, int n, const char *const *params,
                             ExecStatusType want, const char *what, char *err, size_t errlen)
{
    PGresult *res = PQexecParams(pg->db, sql, n, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(res) == want) return res;
    nx_pg_db_fail(pg, res, what, err, errlen);
    PQclear(res);
    return NULL;
}

static int nx_pg_exec(nx_store_pg *pg, const char *sql, int n, const char *const *params, const char *what,
                      char *err, size_t errlen)
{
    PGresult *res = nx_pg_query(pg, sql, n, params, PGRES_COMMAND_OK, what, err, errlen);
    PQclear(res);
    return res ? 0 : -1;
}

/* Rows an UPDATE/DELETE touched, or -1 with err. */
static long nx_pg_changed(nx_store_pg *pg, const char *sql, int n, const char *const *params, const char *what,
                          char *err, size_t errlen)
{
    PGresult *res = nx_pg_query(pg, sql, n, params, PGRES_COMMAND_OK, what, err, errlen);
    if (!res) return -1;
    long rows = strtol(PQcmdTuples(res), NULL, 10);
    PQclear(res);
    return rows;
}

static void nx_pg_rollback(nx_store_pg *pg)
{
    PQclear(PQexec(pg->db, "ROLLBACK"));
}

/* A dropped connection (the server restarted, a network blip) is
 * reopened before the next statement; its open transaction is lost, so
 * nothing is half-written. */
static int nx_pg_ready(nx_store_pg *pg, char *err, size_t errlen)
{
    if (PQstatus(pg->db) == CONNECTION_OK) return 0;
    PQreset(pg->db);
    if (PQstatus(pg->db) == CONNECTION_OK) return 0;
    return nx_pg_db_fail(pg, NULL, "the connection is lost and cannot be reopened", err, errlen);
}

static int nx_pg_begin(nx_store_pg *pg, const char *sql, char *err, size_t errlen)
{
    if (nx_pg_ready(pg, err, errlen)) return -1;
    return nx_pg_exec(pg, sql, 0, NULL, "begin", err, errlen);
}

static int nx_pg_commit(nx_store_pg *pg, char *err, size_t errlen)
{
    if (!nx_pg_exec(pg, "COMMIT", 0, NULL, "commit", err, errlen)) return 0;
    nx_pg_rollback(pg);
    return -1;
}

/* ---- texts ------------------------------------------------------------------------ */

static int nx_pg_check_json(const char *text, const char *what, char *err, size_t errlen)
{
    json_error_t je;
    json_t *j = json_loads(text, JSON_DECODE_ANY, &je);
    if (!j)
        return nx_clip_fail(err, errlen, "%s is not JSON (line %d column %d: %s)", what, je.line, je.column, je.text);
    json_decref(j);
    return 0;
}

/* ---- leases ------------------------------------------------------------------------- */

static nx_pg_lease *nx_pg_lease_of(const nx_store_pg *pg, const char *room)
{
    for (size_t i = 0; i < pg->nleases; i++)
        if (!strcmp(pg->leases[i].room, room)) return &pg->leases[i];
    return NULL;
}

static void nx_pg_keep_lease(nx_store_pg *pg, const char *room, long long fence)
{
    nx_pg_lease *l = nx_pg_lease_of(pg, room);
    if (!l) {
        pg->leases = nx_xrealloc(pg->leases, (pg->nleases + 1) * sizeof *pg->leases);
        l = &pg->leases[pg->nleases++];
        l->room = nx_xstrdup(room);
    }
    l->fence = fence;
}

static void nx_pg_forget_lease(nx_store_pg *pg, const char *room)
{
    nx_pg_lease *l = nx_pg_lease_of(pg, room);
    if (!l) return;
    free(l->room);
    *l = pg->leases[--pg->nleases];
}

int nx_store_pg_owns(const nx_store_pg *pg, const char *room) { return nx_pg_lease_of(pg, room) != NULL; }

/* Why a claim found the lease taken: who holds it and for how long. */
static int nx_pg_held_elsewhere(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    const char *p[] = { room };
    PGresult *res = nx_pg_query(pg,
                                "SELECT owner, GREATEST(0, CEIL(EXTRACT(EPOCH FROM expires - now()) * 1000))::bigint"
                                " FROM nx_leases WHERE room = $1",
                                1, p, PGRES_TUPLES_OK, "reading the lease", err, errlen);
    if (!res) return -1;
    int held = PQntuples(res) == 1;
    if (held)
        nx_clip_fail(err, errlen, "room '%s' is owned by another server (%s) whose lease runs %s ms more: open it "
                   "there, or here once that server stops renewing it", room, PQgetvalue(res, 0, 0),
                   PQgetvalue(res, 0, 1));
    else
        nx_clip_fail(err, errlen, "no room '%s'", room);
    PQclear(res);
    return held ? -2 : -1;
}

/* Inside a transaction: take the room's lease (new, ours already, or
 * expired), raising the fence when it changes hands. */
static int nx_pg_claim_row(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    char ms[24];
    nx_fmt(ms, sizeof ms, "%d", pg->lease_ms);
    const char *p[] = { room, pg->owner, ms };
    PGresult *res = nx_pg_query(
        pg,
        "INSERT INTO nx_leases(room, owner, fence, expires)"
        " SELECT $1, $2, 1, now() + $3::bigint * interval '1 millisecond'"
        " WHERE EXISTS (SELECT 1 FROM nx_rooms WHERE name = $1)"
        " ON CONFLICT (room) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires,"
        "  fence = CASE WHEN nx_leases.owner = EXCLUDED.owner THEN nx_leases.fence ELSE nx_leases.fence + 1 END"
        " WHERE nx_leases.owner = EXCLUDED.owner OR nx_leases.expires < now()"
        " RETURNING fence",
        3, p, PGRES_TUPLES_OK, "claiming the room's lease", err, errlen);
    if (!res) return -1;
    int got = PQntuples(res) == 1;
    if (got) nx_pg_keep_lease(pg, room, strtoll(PQgetvalue(res, 0, 0), NULL, 10));
    PQclear(res);
    return got ? 0 : nx_pg_held_elsewhere(pg, room, err, errlen);
}

int nx_store_pg_claim(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    if (nx_pg_begin(pg, "BEGIN", err, errlen)) return -1;
    int rc = nx_pg_claim_row(pg, room, err, errlen);
    if (rc) {
        nx_pg_rollback(pg);
        return rc;
    }
    if (nx_pg_commit(pg, err, errlen)) {
        nx_pg_forget_lease(pg, room);
        return -1;
    }
    return 0;
}

/*
 * The fence check of every write, first in its transaction: renew the
 * lease only if it is still ours with our fence.  The UPDATE locks the
 * row to the commit, so a takeover waits for this write or this write
 * finds the lease gone; either way no write of a stale owner lands.
 */
static int nx_pg_fence(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    const nx_pg_lease *l = nx_pg_lease_of(pg, room);
    if (!l)
        return nx_clip_fail(err, errlen, "room '%s' is not owned by this server (open it first)", room);
    char fence[24], ms[24];
    nx_fmt(fence, sizeof fence, "%lld", l->fence);
    nx_fmt(ms, sizeof ms, "%d", pg->lease_ms);
    const char *p[] = { room, pg->owner, fence, ms };
    long n = nx_pg_changed(pg,
                           "UPDATE nx_leases SET expires = now() + $4::bigint * interval '1 millisecond'"
                           " WHERE room = $1 AND owner = $2 AND fence = $3::bigint",
                           4, p, "checking the room's lease", err, errlen);
    if (n < 0) return -1;
    if (n == 0) {
        nx_pg_forget_lease(pg, room);
        return nx_clip_fail(err, errlen, "room '%s': this server lost its lease (fence %s; another server took the "
                          "room over): nothing was written, reopen the room where it is owned now", room, fence);
    }
    return 0;
}

/* The held rooms as a PostgreSQL text[] literal: {"a","b\"c"}. */
static char *nx_pg_room_array(const nx_store_pg *pg)
{
    size_t cap = 3;
    for (size_t i = 0; i < pg->nleases; i++) cap += 2 * strlen(pg->leases[i].room) + 3;
    char *out = nx_xmalloc(cap), *o = out;
    *o++ = '{';
    for (size_t i = 0; i < pg->nleases; i++) {
        if (i) *o++ = ',';
        *o++ = '"';
        for (const char *c = pg->leases[i].room; *c; c++) {
            if (*c == '"' || *c == '\\') *o++ = '\\';
            *o++ = *c;
        }
        *o++ = '"';
    }
    *o++ = '}';
    *o = 0;
    return out;
}

/* Every held lease in one statement; a room whose row is no longer ours
 * with our fence was taken over and is forgotten. */
int nx_store_pg_renew(nx_store_pg *pg, char *err, size_t errlen)
{
    if (!pg->nleases) return 0;
    if (nx_pg_ready(pg, err, errlen)) return -1;
    char ms[24];
    nx_fmt(ms, sizeof ms, "%d", pg->lease_ms);
    char *rooms = nx_pg_room_array(pg);
    const char *p[] = { pg->owner, ms, rooms };
    PGresult *res = nx_pg_query(pg,
                                "UPDATE nx_leases SET expires = now() + $2::bigint * interval '1 millisecond'"
                                " WHERE owner = $1 AND room = ANY($3::text[]) RETURNING room, fence",
                                3, p, PGRES_TUPLES_OK, "renewing the leases", err, errlen);
    free(rooms);
    if (!res) return -1;
    unsigned char *kept = nx_xcalloc(pg->nleases, 1);
    for (int r = 0; r < PQntuples(res); r++) {
        const nx_pg_lease *l = nx_pg_lease_of(pg, PQgetvalue(res, r, 0));
        if (l && l->fence == strtoll(PQgetvalue(res, r, 1), NULL, 10)) kept[l - pg->leases] = 1;
    }
    PQclear(res);
    size_t lost = 0;
    /* Backwards: forgetting one moves the last into its place. */
    for (size_t i = pg->nleases; i-- > 0;)
        if (!kept[i]) {
            nx_clip_fail(err, errlen, "room '%s': this server lost its lease", pg->leases[i].room);
            nx_pg_forget_lease(pg, pg->leases[i].room);
            lost++;
        }
    free(kept);
    return lost ? -1 : 0;
}

/* Give a room up (a server closing it): its lease expires now, so another
 * server may open it at once. */
int nx_store_pg_release(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    const nx_pg_lease *l = nx_pg_lease_of(pg, room);
    if (!l) return 0;
    char fence[24];
    nx_fmt(fence, sizeof fence, "%lld", l->fence);
    const char *p[] = { room, pg->owner, fence };
    nx_pg_forget_lease(pg, room);
    if (nx_pg_ready(pg, err, errlen)) return -1;
    return nx_pg_changed(pg,
                         "UPDATE nx_leases SET expires = now() - interval '1 millisecond'"
                         " WHERE room = $1 AND owner = $2 AND fence = $3::bigint",
                         3, p, "releasing the lease", err, errlen) < 0 ? -1 : 0;
}

/* ---- opening ------------------------------------------------------------------------ */

static int nx_pg_check_schema(nx_store_pg *pg, char *err, size_t errlen)
{
    PGresult *res = nx_pg_query(pg, "SELECT value FROM nx_info WHERE key = 'schema_version'", 0, NULL,
                                PGRES_TUPLES_OK, "reading the schema version", err, errlen);
    if (!res) return -1;
    int rc = 0;
    if (PQntuples(res) != 1)
        rc = nx_clip_fail(err, errlen, "PostgreSQL store: the database has no schema version row");
    else if (strcmp(PQgetvalue(res, 0, 0), NX_PG_SCHEMA_VERSION))
        rc = nx_clip_fail(err, errlen, "PostgreSQL store: schema version %s, this build understands %s",
                        PQgetvalue(res, 0, 0), NX_PG_SCHEMA_VERSION);
    PQclear(res);
    return rc;
}

static int nx_pg_make_schema(nx_store_pg *pg, char *err, size_t errlen)
{
    char lock[64];
    nx_fmt(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d)", NX_PG_SCHEMA_LOCK);
    if (nx_pg_begin(pg, "BEGIN", err, errlen)) return -1;
    PGresult *res = nx_pg_query(pg, lock, 0, NULL, PGRES_TUPLES_OK, "locking the schema", err, errlen);
    int rc = res ? 0 : -1;
    PQclear(res);
    /* Several statements: PQexec (no parameters) runs them in order. */
    if (!rc) {
        res = PQexec(pg->db, nx_pg_schema);
        if (PQresultStatus(res) != PGRES_COMMAND_OK) rc = nx_pg_db_fail(pg, res, "creating the schema", err, errlen);
        PQclear(res);
    }
    if (!rc) rc = nx_pg_check_schema(pg, err, errlen);
    if (rc) {
        nx_pg_rollback(pg);
        return -1;
    }
    return nx_pg_commit(pg, err, errlen);
}

static void nx_pg_make_owner(nx_store_pg *pg)
{
    char host[48] = "";
    unsigned char r[6] = { 0 };
    gethostname(host, sizeof host - 1);
    /* Uniqueness, not secrecy: with the pid and the address of this
     * handle as fallback should getentropy fail. */
    if (getentropy(r, sizeof r)) memcpy(r, &pg, sizeof r < sizeof pg ? sizeof r : sizeof pg);
    nx_clip(pg->owner, sizeof pg->owner, "%s:%ld:%02x%02x%02x%02x%02x%02x", host, (long)getpid(), r[0], r[1], r[2],
            r[3], r[4], r[5]);
}

/* Notices (a CREATE TABLE IF NOT EXISTS that found the table) are not errors. */
static void nx_pg_quiet(void *arg, const char *msg) { (void)arg, (void)msg; }

nx_store_pg *nx_store_pg_open(const char *url, char *err, size_t errlen)
{
    const char *conninfo = strncmp(url, "pg:", 3) ? url : url + 3;
    nx_store_pg *pg = nx_xcalloc(1, sizeof *pg);
    pg->lease_ms = NX_PG_LEASE_MS;
    pg->db = PQconnectdb(conninfo);
    if (PQstatus(pg->db) != CONNECTION_OK) {
        nx_pg_db_fail(pg, NULL, "cannot connect", err, errlen);
        nx_store_pg_close(pg);
        return NULL;
    }
    PQsetNoticeProcessor(pg->db, nx_pg_quiet, NULL);
    nx_pg_make_owner(pg);
    if (nx_pg_make_schema(pg, err, errlen)) {
        nx_store_pg_close(pg);
        return NULL;
    }
    return pg;
}

void nx_store_pg_close(nx_store_pg *pg)
{
    if (!pg) return;
    /* A server that stops cleanly hands its rooms over at once. */
    while (pg->nleases) {
        char *room = nx_xstrdup(pg->leases[0].room);
        nx_store_pg_release(pg, room, NULL, 0);
        free(room);
    }
    PQfinish(pg->db);
    for (size_t i = 0; i < pg->nleases; i++) free(pg->leases[i].room);
    free(pg->leases);
    free(pg);
}

void nx_store_pg_set_busy_timeout(nx_store_pg *pg, int ms)
{
    char sql[64];
    nx_fmt(sql, sizeof sql, "SET lock_timeout = %d", ms);
    PQclear(PQexec(pg->db, sql));
}

void nx_store_pg_set_lease_ms(nx_store_pg *pg, int ms) { pg->lease_ms = ms > 0 ? ms : NX_PG_LEASE_MS; }

const char *nx_store_pg_owner(const nx_store_pg *pg) { return pg->owner; }

/* ---- writing ------------------------------------------------------------------------ */

static int nx_pg_insert_snapshot(nx_store_pg *pg, const char *room, uint32_t seq, const char *state, char *err,
                                 size_t errlen)
{
    char sum[NX_SHA256_HEX_LEN + 1], s[16];
    nx_sha256_hex_of(state, strlen(state), sum);
    nx_fmt(s, sizeof s, "%" PRIu32, seq);
    const char *p[] = { room, s, state, sum };
    return nx_pg_exec(pg, "INSERT INTO nx_snapshots(room, seq, state, state_sha256) VALUES ($1, $2::bigint, $3, $4)",
                      4, p, "inserting the snapshot", err, errlen);
}

static int nx_pg_create_rows(nx_store_pg *pg, const char *room, const char *meta, const char *snap, char *err,
                             size_t errlen)
{
    char sum[NX_SHA256_HEX_LEN + 1];
    nx_sha256_hex_of(meta, strlen(meta), sum);
    const char *p[] = { room, meta, sum };
    PGresult *res = nx_pg_query(pg,
                                "INSERT INTO nx_rooms(name, meta, meta_sha256) VALUES ($1, $2, $3)"
                                " ON CONFLICT (name) DO NOTHING RETURNING name",
                                3, p, PGRES_TUPLES_OK, "inserting the room", err, errlen);
    if (!res) return -1;
    int fresh = PQntuples(res) == 1;
    PQclear(res);
    if (!fresh) return nx_clip_fail(err, errlen, "room '%s' already exists", room);
    if (nx_pg_insert_snapshot(pg, room, 0, snap, err, errlen)) return -1;
    return nx_pg_claim_row(pg, room, err, errlen);
}

int nx_store_pg_create_room(nx_store_pg *pg, const char *room, const char *meta_json, const char *snapshot_json,
                            char *err, size_t errlen)
{
    if (!*room) return nx_clip_fail(err, errlen, "a room needs a name");
    if (nx_pg_check_json(meta_json, "meta", err, errlen) || nx_pg_check_json(snapshot_json, "snapshot", err, errlen) ||
        nx_pg_begin(pg, "BEGIN", err, errlen))
        return -1;
    /* A refused create (the name is taken) leaves a lease already held alone. */
    int held = nx_store_pg_owns(pg, room);
    if (nx_pg_create_rows(pg, room, meta_json, snapshot_json, err, errlen)) {
        nx_pg_rollback(pg);
        if (!held) nx_pg_forget_lease(pg, room);
        return -1;
    }
    if (nx_pg_commit(pg, err, errlen)) {
        nx_pg_forget_lease(pg, room);
        return -1;
    }
    return 0;
}

/* Inside the fenced transaction: seq follows the room's last action. */
static int nx_pg_append_rows(nx_store_pg *pg, const char *room, uint32_t seq, const char *action,
                             const char *result, const char *snapshot, char *err, size_t errlen)
{
    const char *p1[] = { room };
    PGresult *res = nx_pg_query(pg, "SELECT COALESCE(MAX(seq), 0) FROM nx_actions WHERE room = $1", 1, p1,
                                PGRES_TUPLES_OK, "reading the last action", err, errlen);
    if (!res) return -1;
    long long last = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    if ((long long)seq != last + 1)
        return nx_clip_fail(err, errlen, "room '%s': expected action %lld, got %" PRIu32, room, last + 1, seq);
    char asum[NX_SHA256_HEX_LEN + 1], rsum[NX_SHA256_HEX_LEN + 1], s[16];
    nx_sha256_hex_of(action, strlen(action), asum);
    nx_sha256_hex_of(result, strlen(result), rsum);
    nx_fmt(s, sizeof s, "%" PRIu32, seq);
    const char *p[] = { room, s, action, asum, result, rsum };
    if (nx_pg_exec(pg,
                   "INSERT INTO nx_actions(room, seq, action, action_sha256, result, result_sha256)"
                   " VALUES ($1, $2::bigint, $3, $4, $5, $6)",
                   6, p, "inserting the action", err, errlen))
        return -1;
    return snapshot ? nx_pg_insert_snapshot(pg, room, seq, snapshot, err, errlen) : 0;
}

int nx_store_pg_append(nx_store_pg *pg, const char *room, uint32_t seq, const char *action_json,
                       const char *result_json, const char *snapshot_json, char *err, size_t errlen)
{
    if (nx_pg_check_json(action_json, "action", err, errlen) || nx_pg_check_json(result_json, "result", err, errlen) ||
        (snapshot_json && nx_pg_check_json(snapshot_json, "snapshot", err, errlen)) ||
        nx_pg_begin(pg, "BEGIN", err, errlen))
        return -1;
    if (nx_pg_fence(pg, room, err, errlen) ||
        nx_pg_append_rows(pg, room, seq, action_json, result_json, snapshot_json, err, errlen)) {
        nx_pg_rollback(pg);
        return -1;
    }
    /* Acknowledged only once COMMIT returned: synchronous_commit as the
     * server has it (on by default: flushed to its WAL). */
    return nx_pg_commit(pg, err, errlen);
}

int nx_store_pg_delete_room(nx_store_pg *pg, const char *room, char *err, size_t errlen)
{
    /* The room's owner deletes it: a room another live server holds is
     * refused (claim), so no server keeps playing a deleted room. */
    if (nx_pg_begin(pg, "BEGIN", err, errlen)) return -1;
    const char *p[] = { room };
    const nx_pg_lease *held = nx_pg_lease_of(pg, room);
    long long before = held ? held->fence : -1;
    int rc = nx_pg_claim_row(pg, room, err, errlen);
    if (!rc && nx_pg_changed(pg, "DELETE FROM nx_rooms WHERE name = $1", 1, p, "deleting the room", err, errlen) != 1)
        rc = -1;
    if (rc) {
        nx_pg_rollback(pg);
        /* The claim rolled back with the rest: keep the lease as it was. */
        if (before < 0) nx_pg_forget_lease(pg, room);
        else nx_pg_keep_lease(pg, room, before);
        return rc;
    }
    nx_pg_forget_lease(pg, room);
    return nx_pg_commit(pg, err, errlen);
}

/* ---- reading ------------------------------------------------------------------------ */

/* Row `row` column `col` as a verified copy (checksum in col + 1, JSON). */
static char *nx_pg_verified(const PGresult *res, int row, int col, const char *what, char *err, size_t errlen)
{
    const char *text = PQgetvalue(res, row, col), *stored = PQgetvalue(res, row, col + 1);
    char sum[NX_SHA256_HEX_LEN + 1];
    nx_sha256_hex_of(text, strlen(text), sum);
    if (strcmp(sum, stored)) {
        nx_clip_fail(err, errlen, "%s: checksum mismatch", what);
        return NULL;
    }
    if (nx_pg_check_json(text, what, err, errlen)) return NULL;
    return nx_xstrdup(text);
}

static int nx_pg_load_head(nx_store_pg *pg, const char *room, nx_store_room *r, char *err, size_t errlen)
{
    const char *p[] = { room };
    char what[300];
    PGresult *res = nx_pg_query(pg, "SELECT meta, meta_sha256 FROM nx_rooms WHERE name = $1", 1, p,
                                PGRES_TUPLES_OK, "reading the room", err, errlen);
    if (!res) return -1;
    nx_clip(what, sizeof what, "room '%s' meta", room);
    if (PQntuples(res) == 1) r->meta = nx_pg_verified(res, 0, 0, what, err, errlen);
    else nx_clip_fail(err, errlen, "no room '%s'", room);
    PQclear(res);
    if (!r->meta) return -1;
    res = nx_pg_query(pg,
                      "SELECT seq, state, state_sha256 FROM nx_snapshots WHERE room = $1 ORDER BY seq DESC LIMIT 1",
                      1, p, PGRES_TUPLES_OK, "reading the snapshot", err, errlen);
    if (!res) return -1;
    if (PQntuples(res) == 1) {
        long long seq = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
        nx_clip(what, sizeof what, "room '%s' snapshot %lld", room, seq);
        if (seq < 0 || seq > UINT32_MAX) nx_clip_fail(err, errlen, "%s: seq out of range", what);
        else r->snapshot = nx_pg_verified(res, 0, 1, what, err, errlen);
        r->snapshot_seq = (uint32_t)seq;
    } else {
        nx_clip_fail(err, errlen, "room '%s' has no snapshot", room);
    }
    PQclear(res);
    return r->snapshot ? 0 : -1;
}

static int nx_pg_load_actions(nx_store_pg *pg, const char *room, nx_store_room *r, char *err, size_t errlen)
{
    char s[16], what[300];
    nx_fmt(s, sizeof s, "%" PRIu32, r->snapshot_seq);
    const char *p[] = { room, s };
    PGresult *res = nx_pg_query(pg,
                                "SELECT seq, action, action_sha256, result, result_sha256 FROM nx_actions"
                                " WHERE room = $1 AND seq > $2::bigint ORDER BY seq",
                                2, p, PGRES_TUPLES_OK, "reading the actions", err, errlen);
    if (!res) return -1;
    int rows = PQntuples(res), failed = 0;
    r->actions = nx_xcalloc((size_t)rows + 1, sizeof *r->actions);
    for (int i = 0; i < rows && !failed; i++) {
        uint32_t expect = r->snapshot_seq + (uint32_t)i + 1;
        long long seq = strtoll(PQgetvalue(res, i, 0), NULL, 10);
        /* Counted before filling, so a half-filled entry is freed too. */
        nx_store_action *a = &r->actions[r->nactions++];
        a->seq = expect;
        nx_clip(what, sizeof what, "room '%s' action %lld", room, seq);
        if (seq != expect) failed = nx_clip_fail(err, errlen, "room '%s': action %" PRIu32 " is missing", room, expect);
        else if (!(a->action = nx_pg_verified(res, i, 1, what, err, errlen))) failed = -1;
        else if (!(a->result = nx_pg_verified(res, i, 3, what, err, errlen))) failed = -1;
    }
    PQclear(res);
    return failed ? -1 : 0;
}

int nx_store_pg_load(nx_store_pg *pg, const char *room, nx_store_room *out, char *err, size_t errlen)
{
    nx_store_room r = { 0 };
    memset(out, 0, sizeof *out);
    /* One snapshot of the database: meta, snapshot and actions agree. */
    if (nx_pg_begin(pg, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", err, errlen)) return -1;
    int rc = nx_pg_load_head(pg, room, &r, err, errlen) || nx_pg_load_actions(pg, room, &r, err, errlen);
    nx_pg_rollback(pg);
    if (rc) {
        nx_store_room_free(&r);
        return -1;
    }
    *out = r;
    return 0;
}

int nx_store_pg_list_rooms(nx_store_pg *pg, char ***rooms, size_t *n, char *err, size_t errlen)
{
    *rooms = NULL;
    *n = 0;
    if (nx_pg_ready(pg, err, errlen)) return -1;
    PGresult *res = nx_pg_query(pg, "SELECT name FROM nx_rooms ORDER BY name COLLATE \"C\"", 0, NULL,
                                PGRES_TUPLES_OK, "listing rooms", err, errlen);
    if (!res) return -1;
    int rows = PQntuples(res);
    char **v = nx_xcalloc((size_t)rows + 1, sizeof *v);
    for (int i = 0; i < rows; i++) v[i] = nx_xstrdup(PQgetvalue(res, i, 0));
    PQclear(res);
    *rooms = v;
    *n = (size_t)rows;
    return 0;
}

#endif
