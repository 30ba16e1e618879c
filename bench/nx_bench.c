#include "nx_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nx_diag.h"
#include "nx_text.h"

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double nx_bench_wall(void) { return clock_seconds(CLOCK_MONOTONIC); }
double nx_bench_thread_cpu(void) { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }
double nx_bench_process_cpu(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }

int nx_bench_quick(int argc, char **argv, int *next)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    if (next) *next = quick ? 2 : 1;
    return quick;
}

int nx_bench_open(nx_runtime *rt, const char *pack)
{
    nx_diags d;
    nx_diags_init(&d);
    int bad = nx_runtime_open(rt, pack, &d);
    nx_diags_print(&d, stderr);
    nx_diags_free(&d);
    return bad ? -1 : 0;
}

nx_game *nx_bench_new_game(const nx_runtime *rt, const nx_game_config *cfg, const char *who)
{
    char err[256];
    nx_game *g = nx_game_new(rt, NULL, cfg, err, sizeof err);
    if (!g) {
        fprintf(stderr, "%s: %s\n", who, err);
        exit(1);
    }
    return g;
}

unsigned long nx_bench_play(nx_bot *bot, nx_game *g, const char *who, uint64_t seed)
{
    char id[24];
    nx_bot_move m;
    for (unsigned n = 1; n < 200000; n++) {
        nx_fmt(id, sizeof id, "b%u", n);
        int rc = nx_bot_step(bot, g, id, &m);
        if (rc <= 0) {
            if (rc < 0) fprintf(stderr, "%s: game %llu stalled\n", who, (unsigned long long)seed);
            break;
        }
        nx_bot_move_free(&m);
    }
    return bot->committed;
}
