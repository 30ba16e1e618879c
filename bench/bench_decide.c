/*
 * bench_decide: decisions per CPU-second (issue #17: at least 200,000).
 * A decision is one action the game applied, the bots' choice of it
 * included: six-seat Advanced games with Nexus cards, simple bots, seeds
 * 1..N, played to their end.  Measured in one process, then in two at
 * once (fork: each plays the same games), each by its own CPU time
 * (getrusage of the child), with the two processes' wall time beside it:
 * on two free cores the pair should do twice the decisions per second.
 * Not a test: figures only.
 *
 *   build/bench/bench_decide [--quick] [PACK]
 */
#define _DEFAULT_SOURCE   /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nx_bench.h"
#include "nx_bot.h"
#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_text.h"

#define TARGET 200000.0

static int games_n = 12;

/* Play games 1..games_n to their end; returns the decisions applied. */
static unsigned long play_games(const nx_runtime *rt)
{
    unsigned long decisions = 0;
    for (int i = 1; i <= games_n; i++) {
        nx_game_config cfg = { .seed = (uint64_t)i, .nexus_cards = 1, .advanced = 1 };
        nx_game_classic_factions(&cfg, 6);
        nx_game *g = nx_bench_new_game(rt, &cfg, "bench_decide");
        nx_bot bot;
        nx_bot_init(&bot, rt, NX_BOT_SIMPLE, (uint64_t)i);
        decisions += nx_bench_play(&bot, g, "bench_decide", (uint64_t)i);
        nx_game_free(g);
    }
    return decisions;
}

/* One process: decisions and CPU seconds of this one. */
static void one_process(const nx_runtime *rt)
{
    double c0 = nx_bench_process_cpu(), w0 = nx_bench_wall();
    unsigned long d = play_games(rt);
    double cpu = nx_bench_process_cpu() - c0, wall = nx_bench_wall() - w0;
    printf("decisions, one process: %lu in %d games, %.2f s CPU (%.2f s wall): %.0f per CPU-second, %.2fx the target"
           " of %.0f (%.2f us per decision)\n",
           d, games_n, cpu, wall, d / cpu, d / cpu / TARGET, TARGET, cpu / d * 1e6);
}

/* Two processes at once, each playing the same games; each child reports
 * its decisions through a pipe, its CPU time through wait4. */
static void two_processes(const nx_runtime *rt)
{
    int fds[2][2];
    pid_t pid[2];
    double w0 = nx_bench_wall();
    for (int k = 0; k < 2; k++) {
        if (pipe(fds[k])) {
            perror("bench_decide: pipe");
            exit(1);
        }
        pid[k] = fork();
        if (pid[k] < 0) {
            perror("bench_decide: fork");
            exit(1);
        }
        if (pid[k] == 0) {
            close(fds[k][0]);
            unsigned long d = play_games(rt);
            if (write(fds[k][1], &d, sizeof d) != (ssize_t)sizeof d) _exit(1);
            _exit(0);
        }
        close(fds[k][1]);
    }
    unsigned long total = 0;
    double cpu_total = 0;
    for (int k = 0; k < 2; k++) {
        unsigned long d = 0;
        if (read(fds[k][0], &d, sizeof d) != (ssize_t)sizeof d) d = 0;
        close(fds[k][0]);
        int status;
        struct rusage ru;
        if (wait4(pid[k], &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) || !d) {
            fprintf(stderr, "bench_decide: process %d failed\n", k);
            exit(1);
        }
        double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                     (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
        printf("decisions, two processes: process %d: %lu, %.2f s CPU: %.0f per CPU-second, %.2fx the target\n", k, d,
               cpu, d / cpu, d / cpu / TARGET);
        total += d;
        cpu_total += cpu;
    }
    double wall = nx_bench_wall() - w0;
    printf("decisions, two processes together: %.0f per CPU-second, %.2fx the target; %.0f per wall second\n",
           total / cpu_total, total / cpu_total / TARGET, total / wall);
}

int main(int argc, char **argv)
{
    int a;
    if (nx_bench_quick(argc, argv, &a)) games_n = 1;
    nx_runtime rt;
    if (nx_bench_open(&rt, a < argc ? argv[a] : NX_SOURCE_PACK)) return 1;
    fflush(stdout);
    one_process(&rt);
    fflush(stdout);
    two_processes(&rt);
    nx_runtime_close(&rt);
    return 0;
}
