/*
 * bench_serve: the host's throughput and latency at 1, 10, 100 and 1,000
 * concurrent rooms, on the SQLite store (a file, WAL) or the PostgreSQL
 * store, and the memory each open room takes.
 *
 * In one process, through the server's own request handler (the one
 * `nexus serve` runs for every line, socket or stdin): N rooms are created
 * (two seats each, seeds 1..N), then in every round each room gets one
 * `apply` of a legal move (chosen from `moves`, untimed), all N requests
 * handled one after the other as the single-threaded poll loop serves N
 * ready clients.  Each `apply` is committed to the store before its reply.
 * Printed per level: requests per second (applies / time handling them),
 * the service time of one request (p50, p99), the latency a client sees
 * when all N send at once (its request waits for those before it in the
 * round: p50, p99), and the memory per open room (the heap in use after
 * creating the N rooms minus before, divided by N: the game, its log,
 * the server's room record; each room's bots are made on first use).  Sockets add their own cost
 * on top; the figures are of the server's work.
 *
 * Usage: bench_serve [--quick] [--store sqlite | --store pg]
 * (pg: the address in NX_TEST_PG, as tests/host/pg_cluster.py sets it;
 * --quick: 1 and 10 rooms, a few rounds, to prove it runs.)  A benchmark,
 * not a test: it is never registered with CTest.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "nx_bench.h"
#include "nx_runtime.h"
#include "nx_serve.h"
#include "nx_store.h"
#include "nx_text.h"
#include "nx_util.h"

#define MAX_SEATS 2

typedef struct broom {
    char name[24];
    char host[64];
    char seat[MAX_SEATS][64];
} broom;

/* Bytes the heap holds in use (mallinfo2: the real allocations, freed
 * ones not counted; meaningless under AddressSanitizer). */
static size_t heap_bytes(void) { return mallinfo2().uordblks; }

/* One request through the handler; the parsed reply (caller decrefs). */
static json_t *ask(nx_server *sv, json_t *req)
{
    char *line = json_dumps(req, JSON_COMPACT);
    json_decref(req);
    char *reply = nx_server_handle(sv, line, strlen(line));
    free(line);
    json_t *out = reply ? json_loads(reply, 0, NULL) : NULL;
    free(reply);
    return out;
}

static int create_room(nx_server *sv, broom *r, const char *prefix, int i)
{
    nx_clip(r->name, sizeof r->name, "%s-%d", prefix, i);
    json_t *out = ask(sv, json_pack("{s:s, s:s, s:[s,s], s:i}", "cmd", "new", "room", r->name, "factions",
                                    "harkonnen", "atreides", "seed", i + 1));
    json_t *tok = json_object_get(out, "tokens");
    int ok = json_is_true(json_object_get(out, "ok"));
    if (ok) {
        nx_clip(r->host, sizeof r->host, "%s", json_string_value(json_object_get(tok, "host")));
        for (int s = 0; s < MAX_SEATS; s++)
            nx_clip(r->seat[s], sizeof r->seat[s], "%s",
                     json_string_value(json_array_get(json_object_get(tok, "seats"), (size_t)s)));
    } else {
        char *t = json_dumps(out, 0);
        fprintf(stderr, "bench_serve: cannot create %s: %s\n", r->name, t);
        free(t);
    }
    json_decref(out);
    return ok ? 0 : -1;
}

/* The apply line of the first legal move of the seat to move; NULL when
 * the game waits for nobody (it ended). */
static char *next_apply(nx_server *sv, const broom *r, int round)
{
    for (int s = 0; s < MAX_SEATS; s++) {
        json_t *m = ask(sv, json_pack("{s:s, s:s, s:i, s:s}", "cmd", "moves", "room", r->name, "seat", s, "token",
                                      r->seat[s]));
        json_t *first = json_array_get(json_object_get(m, "moves"), 0);
        if (json_is_true(json_object_get(m, "to_move")) && first) {
            char id[32];
            nx_clip(id, sizeof id, "b%d", round);
            json_t *act = json_deep_copy(first);
            json_object_set(act, "version", json_object_get(m, "version"));
            json_object_set_new(act, "seat", json_integer(s));
            json_object_set_new(act, "id", json_string(id));
            json_t *req = json_pack("{s:s, s:s, s:s, s:o}", "cmd", "apply", "room", r->name, "token", r->seat[s],
                                    "action", act);
            char *line = json_dumps(req, JSON_COMPACT);
            json_decref(req);
            json_decref(m);
            return line;
        }
        json_decref(m);
    }
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double *v, size_t n, double p)
{
    if (!n) return 0;
    size_t i = (size_t)(p * (double)(n - 1) + 0.5);
    return v[i];
}

typedef struct level_result {
    size_t requests, refused;
    double busy_s;
    double *service, *waited;
    long kib_per_room;
} level_result;

static void count_reply(void *ctx, void *tag, const char *reply)
{
    (void)tag;
    if (!strstr(reply, "\"ok\":true")) ((level_result *)ctx)->refused++;
}

/* The round as one group (nx_server_group_begin): every apply handled,
 * one commit, then every reply; each client waits for the whole round. */
static void run_group(nx_server *sv, char **lines, int n, level_result *lr)
{
    double t0 = nx_bench_wall();
    size_t first = lr->requests;
    nx_server_group_begin(sv);
    for (int i = 0; i < n; i++)
        if (lines[i]) {
            nx_server_handle_held(sv, lines[i], strlen(lines[i]), NULL);
            lr->requests++;
        }
    nx_server_group_end(sv, count_reply, lr);
    double dt = nx_bench_wall() - t0;
    size_t k = lr->requests - first;
    for (size_t i = first; i < lr->requests; i++) {
        lr->service[i] = k ? dt / (double)k : 0;
        lr->waited[i] = dt;
    }
    lr->busy_s += dt;
    for (int i = 0; i < n; i++) free(lines[i]);
}

/* One round: each room's next apply, handled in turn as one poll round
 * serves N ready clients (grouped: with one commit for the round). */
static void run_round(nx_server *sv, broom *rooms, int n, int round, int grouped, level_result *lr)
{
    char **lines = nx_xcalloc((size_t)n, sizeof *lines);
    for (int i = 0; i < n; i++) lines[i] = next_apply(sv, &rooms[i], round);
    if (grouped) {
        run_group(sv, lines, n, lr);
        free(lines);
        return;
    }
    double waited = 0;
    for (int i = 0; i < n; i++) {
        if (!lines[i]) continue;
        double t0 = nx_bench_wall();
        char *reply = nx_server_handle(sv, lines[i], strlen(lines[i]));
        double dt = nx_bench_wall() - t0;
        waited += dt;
        if (!strstr(reply, "\"ok\":true")) lr->refused++;
        free(reply);
        lr->service[lr->requests] = dt;
        lr->waited[lr->requests] = waited;
        lr->requests++;
        lr->busy_s += dt;
        free(lines[i]);
    }
    free(lines);
}

static int bench_level(const nx_runtime *rt, const char *store_path, int n, int rounds, const char *tag,
                       int grouped)
{
    char err[512];
    nx_store *st = nx_store_open(store_path, err, sizeof err);
    if (!st) {
        fprintf(stderr, "bench_serve: %s\n", err);
        return -1;
    }
    nx_server *sv = nx_server_new(rt, st);
    broom *rooms = nx_xcalloc((size_t)n, sizeof *rooms);
    size_t before = heap_bytes();
    char prefix[32];
    nx_clip(prefix, sizeof prefix, "%s%d", tag, n);
    double t0 = nx_bench_wall();
    for (int i = 0; i < n; i++)
        if (create_room(sv, &rooms[i], prefix, i)) return -1;
    double create_s = nx_bench_wall() - t0;
    level_result lr = { 0 };
    size_t after = heap_bytes();
    lr.kib_per_room = after > before ? (long)((after - before) / 1024 / (size_t)n) : 0;
    lr.service = nx_xcalloc((size_t)(n * rounds), sizeof *lr.service);
    lr.waited = nx_xcalloc((size_t)(n * rounds), sizeof *lr.waited);
    for (int r = 0; r < rounds; r++) run_round(sv, rooms, n, r, grouped, &lr);
    qsort(lr.service, lr.requests, sizeof *lr.service, cmp_double);
    qsort(lr.waited, lr.requests, sizeof *lr.waited, cmp_double);
    printf("  %-13s %5d rooms %6zu applies  %8.0f req/s  service p50 %7.3f p99 %7.3f ms  all-at-once latency p50 %8.2f "
           "p99 %8.2f ms  %5ld KiB/room  new %.2f ms/room%s\n",
           grouped ? "group commit" : "each commits", n, lr.requests, lr.busy_s > 0 ? (double)lr.requests / lr.busy_s : 0, pct(lr.service, lr.requests, 0.5) * 1e3,
           pct(lr.service, lr.requests, 0.99) * 1e3, pct(lr.waited, lr.requests, 0.5) * 1e3,
           pct(lr.waited, lr.requests, 0.99) * 1e3, lr.kib_per_room, create_s * 1e3 / n,
           lr.refused ? "  (some refused!)" : "");
    fflush(stdout);
    free(lr.service);
    free(lr.waited);
    free(rooms);
    nx_server_free(sv);
    nx_store_close(st);
    return lr.refused ? -1 : 0;
}

int main(int argc, char **argv)
{
    int quick = 0, pg = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--quick")) quick = 1;
        else if (!strcmp(argv[a], "--store") && a + 1 < argc && !strcmp(argv[a + 1], "pg")) pg = 1, a++;
        else if (!strcmp(argv[a], "--store") && a + 1 < argc && !strcmp(argv[a + 1], "sqlite")) a++;
        else {
            fprintf(stderr, "usage: bench_serve [--quick] [--store sqlite|pg]\n");
            return 2;
        }
    }
    char dir[] = "/tmp/nx-bench-serve-XXXXXX", path[64];
    const char *store = path;
    if (pg) {
        store = getenv("NX_TEST_PG");
        if (!store) {
            fprintf(stderr, "bench_serve: --store pg reads the address in NX_TEST_PG (tests/host/pg_cluster.py)\n");
            return 2;
        }
    } else if (!mkdtemp(dir)) {
        perror("bench_serve: mkdtemp");
        return 1;
    }
    nx_runtime rt;
    if (nx_bench_open(&rt, NX_SOURCE_PACK)) return 1;
    printf("bench_serve: the %s store, apply requests through the server's handler%s\n",
           pg ? "PostgreSQL" : "SQLite", quick ? " (quick)" : "");
    static const int levels[] = { 1, 10, 100, 1000 };
    int rc = 0;
    for (size_t i = 0; i < (quick ? 4u : 8u) && !rc; i++) {
        /* Each level twice: every apply its own commit, then one group
         * commit per round (the listening loop's way), on a fresh file. */
        int n = levels[i / 2], grouped = (int)(i % 2);
        int rounds = quick ? 3 : n >= 1000 ? 3 : n >= 100 ? 10 : 2000 / n;
        if (grouped && !quick && n >= 100) rounds *= 5;
        nx_clip(path, sizeof path, "%s/rooms-%d.db", dir, n);
        char tag[8];
        nx_clip(tag, sizeof tag, "%s%s", pg ? "pg" : "sq", grouped ? "g" : "");
        rc = bench_level(&rt, store, n, rounds, tag, grouped);
        if (!pg) nx_store_remove_files(path);
    }
    if (!pg) rmdir(dir);
    nx_runtime_close(&rt);
    return rc ? 1 : 0;
}
