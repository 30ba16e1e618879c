/*
 * bench_game: what a game costs.  Prints the state size and the cost of
 * copying it; complete bot games (six seats, Advanced rules, Nexus cards,
 * simple bots) per second, actions per game, the cost of applying one
 * action (bot thinking excluded) and of the bots' thinking; the cost of a
 * view, of saving and of loading of one fixed game (seed 1; thread CPU
 * time, against jansson parsing and writing the same bytes); and the heap a
 * room takes, fresh, at the ends of turns 1, 5 and 10 and after a complete
 * game, with its action log's own share.  Not a test: figures only.
 *
 *   build/bench/bench_game [--quick] [PACK]
 *
 * --quick runs each measurement once on a small scale: it proves the
 * benchmark still runs (CI does this), its figures mean little.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nx_bench.h"
#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_view.h"

/* Full scale, and --quick scale (one of everything, a few rooms). */
static int min_games = 3, max_games = 200, views = 20000, saves = 20, loads = 5, rooms_n = 200, played_rooms = 20;
static double game_seconds = 3.0;

static void quick_scale(void)
{
    min_games = max_games = 1;
    game_seconds = 0;
    views = 100;
    saves = loads = 1;
    rooms_n = 4;
    played_rooms = 1;
}

static nx_game *new_game(const nx_runtime *rt, uint64_t seed)
{
    nx_game_config cfg = { .seed = seed, .nexus_cards = 1, .advanced = 1 };
    nx_game_classic_factions(&cfg, 6);
    return nx_bench_new_game(rt, &cfg, "bench_game");
}

/* The bots' apply hook: time nx_game_apply alone. */
static char *timed_apply(void *ctx, nx_game *g, const char *action)
{
    double *seconds = ctx, t0 = nx_bench_wall();
    char *r = nx_game_apply(g, action);
    *seconds += nx_bench_wall() - t0;
    return r;
}

/* Play one game to its end; returns the actions committed. */
static unsigned play_game(const nx_runtime *rt, nx_game *g, uint64_t seed, double *apply_seconds)
{
    nx_bot bot;
    nx_bot_init(&bot, rt, NX_BOT_SIMPLE, seed);
    bot.apply = timed_apply;
    bot.ctx = apply_seconds;
    return (unsigned)nx_bench_play(&bot, g, "bench_game", seed);
}

static void bench_copy(const nx_game *g)
{
    static nx_state copy;
    int n = 1000000;
    double t0 = nx_bench_wall();
    for (int i = 0; i < n; i++) {
        memcpy(&copy, nx_game_state(g), sizeof copy);
        __asm__ volatile("" : : "r"(&copy) : "memory");
    }
    printf("state size: %zu bytes; copy: %.1f ns\n", sizeof(nx_state), (nx_bench_wall() - t0) / n * 1e9);
}

/* Complete games until GAME_SECONDS have passed; returns the last game. */
static nx_game *bench_games(const nx_runtime *rt)
{
    nx_game *g = NULL;
    unsigned games = 0, actions = 0;
    double apply = 0, t0 = nx_bench_wall();
    while (games < (unsigned)max_games && (games < (unsigned)min_games || nx_bench_wall() - t0 < game_seconds)) {
        nx_game_free(g);
        g = new_game(rt, (uint64_t)games + 1);
        actions += play_game(rt, g, (uint64_t)games + 1, &apply);
        games++;
    }
    double all = nx_bench_wall() - t0;
    printf("complete games (6 seats, Advanced, Nexus cards, simple bots): %u in %.2f s\n", games, all);
    printf("games per second: %.1f\n", games / all);
    printf("actions per game: %.1f\n", (double)actions / games);
    printf("apply per action: %.2f us (bots' thinking excluded)\n", apply / actions * 1e6);
    printf("bots' thinking per action: %.2f us\n", (all - apply) / actions * 1e6);
    return g;
}

/* Thread CPU time: the machine is shared, wall time measures the others. */
/* The baseline of a save plus a load: jansson parsing the saved bytes
 * and writing them back (no engine work at all). */
static double json_floor(const char *saved)
{
    double best = 1e9;
    for (int i = 0; i < saves; i++) {
        double t0 = nx_bench_thread_cpu();
        json_t *j = json_loads(saved, 0, NULL);
        char *back = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        double t = nx_bench_thread_cpu() - t0;
        free(back);
        json_decref(j);
        if (t < best) best = t;
    }
    return best;
}

static void bench_view_save_load(const nx_runtime *rt, const nx_game *g)
{
    double t0 = nx_bench_wall();
    for (int i = 0; i < views; i++) json_decref(nx_game_view_json(g, i % 7 - 1));
    printf("view per seat: %.2f us\n", (nx_bench_wall() - t0) / views * 1e6);
    /* Save and load: the minimum thread CPU time of the runs. */
    char *saved = NULL;
    double save_best = 1e9, load_best = 1e9;
    for (int i = 0; i < saves; i++) {
        free(saved);
        t0 = nx_bench_thread_cpu();
        saved = nx_game_save(g);
        double t = nx_bench_thread_cpu() - t0;
        if (t < save_best) save_best = t;
    }
    printf("save (%zu bytes, %zu actions): %.1f us CPU\n", strlen(saved), nx_game_log_length(g), save_best * 1e6);
    char err[256];
    for (int i = 0; i < loads; i++) {
        t0 = nx_bench_thread_cpu();
        nx_game *back = nx_game_load(rt, saved, err, sizeof err);
        double t = nx_bench_thread_cpu() - t0;
        if (!back) {
            fprintf(stderr, "bench_game: the saved game does not load: %s\n", err);
            exit(1);
        }
        nx_game_free(back);
        if (t < load_best) load_best = t;
    }
    printf("load: %.2f ms CPU\n", load_best * 1e3);
    double floor = json_floor(saved);
    printf("save plus load: %.2f ms CPU, %.1fx jansson parsing and writing the same bytes (%.2f ms)\n",
           (save_best + load_best) * 1e3, (save_best + load_best) / floor, floor * 1e3);
    free(saved);
}

/* What a room's heap has grown by when its game reaches the end of turns
 * 1, 5 and 10 (index 3: the end of the game): the heap's growth while it
 * alone is played (the Lua sandbox's garbage included), its log's own
 * bytes and its actions, summed into the sums. */
typedef struct room_sums {
    double heap[4], log[4], actions[4];
    int n[4];
} room_sums;

static unsigned play_measured(const nx_runtime *rt, nx_game *g, uint64_t seed, room_sums *sum)
{
    static const int at_turn[3] = { 1, 5, 10 };
    nx_bot bot;
    nx_bot_init(&bot, rt, NX_BOT_SIMPLE, seed);
    size_t heap0 = mallinfo2().uordblks;
    char id[24];
    nx_bot_move m;
    int next = 0;
    for (unsigned n = 1; n < 200000; n++) {
        snprintf(id, sizeof id, "b%u", n);
        int rc = nx_bot_step(&bot, g, id, &m);
        if (rc <= 0) {
            if (rc < 0) fprintf(stderr, "bench_game: game %llu stalled\n", (unsigned long long)seed);
            break;
        }
        nx_bot_move_free(&m);
        /* The first action of turn T + 1 ends turn T. */
        while (next < 3 && nx_game_state(g)->turn > at_turn[next]) {
            sum->heap[next] += (double)mallinfo2().uordblks - (double)heap0;
            sum->log[next] += (double)nx_game_log_heap_bytes(g);
            sum->actions[next] += (double)nx_game_log_length(g);
            sum->n[next++]++;
        }
    }
    sum->heap[3] += (double)mallinfo2().uordblks - (double)heap0;
    sum->log[3] += (double)nx_game_log_heap_bytes(g);
    sum->actions[3] += (double)nx_game_log_length(g);
    sum->n[3]++;
    return bot.committed;
}

/* Rooms a host keeps alive: fresh six-seat games, and complete ones (the
 * action log grows with the game). */
static void bench_rooms(const nx_runtime *rt)
{
    nx_game **rooms = malloc((size_t)rooms_n * sizeof *rooms);
    size_t heap0 = mallinfo2().uordblks;
    for (int i = 0; i < rooms_n; i++) rooms[i] = new_game(rt, (uint64_t)i + 7);
    size_t heap1 = mallinfo2().uordblks;
    double fresh = (double)(heap1 - heap0) / rooms_n;
    printf("heap per fresh room: %.1f KB\n", fresh / 1024);
    room_sums sum = { { 0 }, { 0 }, { 0 }, { 0 } };
    unsigned actions = 0;
    for (int i = 0; i < played_rooms; i++) actions += play_measured(rt, rooms[i], (uint64_t)i + 7, &sum);
    size_t heap2 = mallinfo2().uordblks;
    static const char *const when[4] = { "turn 1", "turn 5", "turn 10", "the game" };
    for (int k = 0; k < 4; k++)
        if (sum.n[k])
            printf("heap per room at the end of %s (%.0f actions, %d rooms): %.1f KB, its log %.1f KB (%.0f bytes an action)\n",
                   when[k], sum.actions[k] / sum.n[k], sum.n[k], (fresh + sum.heap[k] / sum.n[k]) / 1024,
                   sum.log[k] / sum.n[k] / 1024, sum.log[k] / sum.actions[k]);
    printf("heap per room after a complete game (%.0f actions): %.1f KB\n", (double)actions / played_rooms,
           ((double)(heap2 - heap1) / played_rooms + fresh) / 1024);
    for (int i = 0; i < rooms_n; i++) nx_game_free(rooms[i]);
    free(rooms);
}

int main(int argc, char **argv)
{
    int a;
    if (nx_bench_quick(argc, argv, &a)) quick_scale();
    nx_runtime rt;
    if (nx_bench_open(&rt, a < argc ? argv[a] : NX_SOURCE_PACK)) return 1;
    nx_game *fresh = new_game(&rt, 1);
    bench_copy(fresh);
    nx_game_free(fresh);
    nx_game_free(bench_games(&rt));
    /* Views, saves and loads of one fixed game (seed 1), so runs compare. */
    nx_game *g = new_game(&rt, 1);
    double ignored = 0;
    play_game(&rt, g, 1, &ignored);
    bench_view_save_load(&rt, g);
    nx_game_free(g);
    printf("heap of the shared Lua sandbox: %zu bytes\n", nx_sandbox_heap_bytes(rt.sandbox));
    bench_rooms(&rt);
    nx_runtime_close(&rt);
    return 0;
}
