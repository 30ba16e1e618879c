/*
 * bench_store: what the SQLite store adds to an action.  ROOMS complete
 * two-seat bot games (seeds 1..ROOMS) are played in memory first to get
 * their actions; then the same actions, round robin over the rooms (one
 * action per room per round, as a host serves them), are applied three
 * ways and timed in thread CPU time (the machine is shared):
 *
 *   memory        nx_game_apply, no store (the baseline);
 *   each commits  nx_room_apply on a SQLite file, one transaction and one
 *                 flush per action (the first EACH actions only: slow);
 *   group commit  nx_room_apply with one nx_store_group_begin/end per
 *                 round, ROOMS actions per flush.
 *
 * Printed: CPU per action and its ratio to memory's, and the durable
 * actions per second of wall time.  Not a test: figures only.
 *
 *   build/bench/bench_store [--quick | --group-only]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nx_bench.h"
#include "nx_bot.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_runtime.h"
#include "nx_store.h"
#include "nx_text.h"
#include "nx_util.h"

static int rooms_n = 100, each_n = 300;

typedef struct script {
    char **actions;
    size_t n;
} script;

static nx_game *new_game(const nx_runtime *rt, int i)
{
    nx_game_config cfg = { .seed = (uint64_t)i + 1, .nseats = 2 };
    cfg.factions[0] = nx_faction_parse("harkonnen");
    cfg.factions[1] = nx_faction_parse("atreides");
    return nx_bench_new_game(rt, &cfg, "bench_store");
}

/* A complete bot game's actions, as logged. */
static script record_game(const nx_runtime *rt, int i)
{
    nx_game *g = new_game(rt, i);
    nx_bot bot;
    nx_bot_init(&bot, rt, NX_BOT_SIMPLE, (uint64_t)i + 1);
    char id[24];
    nx_bot_move m;
    for (unsigned n = 1; n < 100000; n++) {
        nx_fmt(id, sizeof id, "b%u", n);
        if (nx_bot_step(&bot, g, id, &m) <= 0) break;
        nx_bot_move_free(&m);
    }
    script s = { nx_xcalloc(nx_game_log_length(g), sizeof(char *)), nx_game_log_length(g) };
    for (size_t k = 0; k < s.n; k++) s.actions[k] = nx_xstrdup(nx_game_log_action(g, k));
    nx_game_free(g);
    return s;
}

typedef enum { MEMORY, EACH, GROUP } way;

typedef struct run {
    double cpu, wall;
    size_t actions;
} run;

static int check_ok(char *res, const char *what)
{
    int ok = strstr(res, "\"ok\":true") != NULL;
    if (!ok) fprintf(stderr, "bench_store: %s refused: %.300s\n", what, res);
    free(res);
    return ok;
}

/* The scripts round robin, each room its next action per round, up to
 * limit actions in all. */
static run play(const nx_runtime *rt, const script *sc, way w, size_t limit, const char *db)
{
    char err[512];
    nx_store *st = NULL;
    nx_game **g = nx_xcalloc((size_t)rooms_n, sizeof *g);
    char (*names)[16] = nx_xcalloc((size_t)rooms_n, sizeof *names);
    if (w != MEMORY && !(st = nx_store_open(db, err, sizeof err))) {
        fprintf(stderr, "bench_store: %s\n", err);
        exit(1);
    }
    for (int i = 0; i < rooms_n; i++) {
        g[i] = new_game(rt, i);
        nx_fmt(names[i], sizeof names[i], "r%d", i);
        if (st && nx_room_create(st, names[i], g[i], err, sizeof err)) {
            fprintf(stderr, "bench_store: %s\n", err);
            exit(1);
        }
    }
    run r = { 0, 0, 0 };
    double c0 = nx_bench_thread_cpu(), w0 = nx_bench_wall();
    for (size_t k = 0; r.actions < limit; k++) {
        int any = 0;
        if (w == GROUP && nx_store_group_begin(st, err, sizeof err)) exit(1);
        for (int i = 0; i < rooms_n && r.actions < limit; i++) {
            if (k >= sc[i].n) continue;
            any = 1;
            char *res = w == MEMORY ? nx_game_apply(g[i], sc[i].actions[k])
                                    : nx_room_apply(st, names[i], g[i], sc[i].actions[k]);
            if (!check_ok(res, names[i])) exit(1);
            r.actions++;
        }
        if (w == GROUP && nx_store_group_end(st, err, sizeof err)) {
            fprintf(stderr, "bench_store: %s\n", err);
            exit(1);
        }
        if (!any) break;
    }
    r.cpu = nx_bench_thread_cpu() - c0;
    r.wall = nx_bench_wall() - w0;
    for (int i = 0; i < rooms_n; i++) nx_game_free(g[i]);
    free(g);
    free(names);
    nx_store_close(st);
    return r;
}

int main(int argc, char **argv)
{
    /* --group-only: the group commit run alone (to profile it). */
    int group_only = argc > 1 && !strcmp(argv[1], "--group-only");
    if (nx_bench_quick(argc, argv, NULL)) rooms_n = 4, each_n = 20;
    if (group_only) each_n = 0;
    nx_runtime rt;
    if (nx_bench_open(&rt, NX_SOURCE_PACK)) return 1;
    char dir[] = "/tmp/nx-bench-store-XXXXXX", db[96];
    if (!mkdtemp(dir)) return 1;
    nx_fmt(db, sizeof db, "%s/rooms.db", dir);
    script *sc = nx_xcalloc((size_t)rooms_n, sizeof *sc);
    size_t total = 0;
    for (int i = 0; i < rooms_n; i++) total += (sc[i] = record_game(&rt, i)).n;
    printf("bench_store: %d rooms (two seats), %zu actions, round robin; thread CPU time\n", rooms_n, total);
    run mem = play(&rt, sc, MEMORY, total, db);
    double base = mem.cpu / (double)mem.actions;
    printf("  memory        %7.1f us CPU per action\n", base * 1e6);
    run each = play(&rt, sc, EACH, (size_t)each_n, db);
    nx_store_remove_files(db);
    double e = each.cpu / (double)(each.actions ? each.actions : 1);
    if (each_n) printf("  each commits  %7.1f us CPU per action (%.1fx memory), %6.0f durable actions/s (%zu actions)\n",
           e * 1e6, e / base, (double)each.actions / each.wall, each.actions);
    run grp = play(&rt, sc, GROUP, total, db);
    nx_store_remove_files(db);
    double gc = grp.cpu / (double)grp.actions;
    printf("  group commit  %7.1f us CPU per action (%.1fx memory), %6.0f durable actions/s (%d per flush)\n",
           gc * 1e6, gc / base, (double)grp.actions / grp.wall, rooms_n);
    for (int i = 0; i < rooms_n; i++) {
        for (size_t k = 0; k < sc[i].n; k++) free(sc[i].actions[k]);
        free(sc[i].actions);
    }
    free(sc);
    rmdir(dir);
    nx_runtime_close(&rt);
    return 0;
}
