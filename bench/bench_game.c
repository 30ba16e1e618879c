/*
 * bench_game: what a game costs.  Prints the state size, the cost of
 * copying it, of one applied action (bot-proposed, Lua panels included),
 * of building a view, of saving and of loading (which replays the log),
 * and complete lifecycle games per second.  Not a test: figures only.
 *
 *   build/bench/bench_game [PACK]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <time.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_view.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static nx_game *new_game(const nx_runtime *rt, uint64_t seed)
{
    nx_game_config cfg = { .seed = seed, .nseats = 6, .nexus_cards = 1 };
    const nx_faction six[6] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR, NX_FREMEN, NX_TLEILAXU, NX_SPACING_GUILD };
    memcpy(cfg.factions, six, sizeof six);
    char err[256];
    nx_game *g = nx_game_new(rt, NULL, &cfg, err, sizeof err);
    if (!g) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    return g;
}

/* Play a ten-turn lifecycle game; returns actions committed. */
static int play_game(nx_game *g, uint64_t seed, double *apply_seconds)
{
    nx_rng r;
    nx_rng_seed(&r, seed);
    int committed = 0, proposals = 0;
    char id[32];
    while (nx_game_state(g)->turn <= 10 && proposals < 20000) {
        int seat = (int)nx_rng_below(&r, (uint32_t)nx_game_state(g)->nseats + 1) - 1;
        snprintf(id, sizeof id, "b%d", proposals++);
        json_t *a = nx_bot_propose(g, seat, NX_BOT_SIMPLE, &r, id);
        if (!a) continue;
        char *text = json_dumps(a, JSON_COMPACT);
        double t0 = now();
        char *res = nx_game_apply(g, text);
        *apply_seconds += now() - t0;
        committed += strstr(res, "\"ok\":true") != NULL;
        free(res);
        free(text);
        json_decref(a);
    }
    return committed;
}

int main(int argc, char **argv)
{
    const char *pack = argc > 1 ? argv[1] : NX_SOURCE_PACK;
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    if (nx_runtime_open(&rt, pack, &d)) {
        nx_diags_print(&d, stderr);
        return 1;
    }
    nx_diags_free(&d);
    printf("state size: %zu bytes\n", sizeof(nx_state));

    nx_game *g = new_game(&rt, 1);
    nx_state copy;
    int n = 1000000;
    double t0 = now();
    for (int i = 0; i < n; i++) {
        memcpy(&copy, nx_game_state(g), sizeof copy);
        __asm__ volatile("" : : "r"(&copy) : "memory");
    }
    printf("state copy: %.1f ns\n", (now() - t0) / n * 1e9);

    int games = 50, actions = 0;
    double apply = 0, t1 = now();
    for (int i = 0; i < games; i++) {
        nx_game_free(g);
        g = new_game(&rt, (uint64_t)i + 1);
        actions += play_game(g, (uint64_t)i + 1, &apply);
    }
    double all = now() - t1;
    printf("games: %d ten-turn lifecycle games, 6 seats, %d actions\n", games, actions);
    printf("games per second: %.1f (bots included)\n", games / all);
    printf("apply per action: %.2f us\n", apply / actions * 1e6);

    int views = 20000;
    t0 = now();
    for (int i = 0; i < views; i++) json_decref(nx_game_view_json(g, i % 6));
    printf("view per seat: %.2f us\n", (now() - t0) / views * 1e6);

    char *saved = NULL;
    t0 = now();
    for (int i = 0; i < 100; i++) {
        free(saved);
        saved = nx_game_save(g);
    }
    printf("save (%zu bytes, %zu actions): %.1f us\n", strlen(saved), nx_game_log_length(g), (now() - t0) / 100 * 1e6);
    char err[256];
    t0 = now();
    for (int i = 0; i < 20; i++) nx_game_free(nx_game_load(&rt, saved, err, sizeof err));
    printf("load with replay: %.2f ms\n", (now() - t0) / 20 * 1e3);
    printf("heap of the shared Lua sandbox: %zu bytes\n", nx_sandbox_heap_bytes(rt.sandbox));

    /* Rooms a host keeps alive: fresh six-seat games, then each after
     * twenty committed actions (the log grows with the game). */
    enum { ROOMS = 1000 };
    nx_game **rooms = malloc(ROOMS * sizeof *rooms);
    size_t heap0 = mallinfo2().uordblks;
    for (int i = 0; i < ROOMS; i++) rooms[i] = new_game(&rt, (uint64_t)i + 7);
    size_t heap1 = mallinfo2().uordblks;
    printf("memory per fresh room: %.1f KB\n", (double)(heap1 - heap0) / ROOMS / 1024);
    nx_rng r;
    nx_rng_seed(&r, 3);
    for (int i = 0; i < ROOMS; i++) {
        char id[32];
        for (int k = 0, done = 0; done < 20 && k < 400; k++) {
            int seat = (int)nx_rng_below(&r, 7) - 1;
            snprintf(id, sizeof id, "m%d", k);
            json_t *a = nx_bot_propose(rooms[i], seat, NX_BOT_SIMPLE, &r, id);
            if (!a) continue;
            char *text = json_dumps(a, JSON_COMPACT);
            char *res = nx_game_apply(rooms[i], text);
            done += strstr(res, "\"ok\":true") != NULL;
            free(res);
            free(text);
            json_decref(a);
        }
    }
    size_t heap2 = mallinfo2().uordblks;
    printf("memory per room after 20 actions: %.1f KB\n", (double)(heap2 - heap0) / ROOMS / 1024);
    for (int i = 0; i < ROOMS; i++) nx_game_free(rooms[i]);
    free(rooms);
    free(saved);
    nx_game_free(g);
    nx_runtime_close(&rt);
    return 0;
}
