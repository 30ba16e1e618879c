/*
 * nx_bench: what every benchmark of bench/ needs, so each file holds only
 * its own measurement: clocks, the "--quick" flag, opening the runtime and
 * making a game (a failure ends the benchmark with the reason).
 */
#ifndef NX_BENCH_H
#define NX_BENCH_H

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_runtime.h"

double nx_bench_wall(void);         /* seconds, CLOCK_MONOTONIC */
double nx_bench_thread_cpu(void);   /* this thread's CPU seconds */
double nx_bench_process_cpu(void);  /* this process's CPU seconds */

/* Is argv[1] "--quick"?  *next is set to the first argument after the flags. */
int nx_bench_quick(int argc, char **argv, int *next);

/* Open the runtime on the pack, printing its diagnostics; 0 on success. */
int nx_bench_open(nx_runtime *rt, const char *pack);

/* Let the bot play every seat of g to the game's end (a stalled game is
 * reported as `who`'s, with the seed); returns the actions it committed. */
unsigned long nx_bench_play(nx_bot *bot, nx_game *g, const char *who, uint64_t seed);

/* A new game, or the benchmark ends naming `who` and the reason. */
nx_game *nx_bench_new_game(const nx_runtime *rt, const nx_game_config *cfg, const char *who);

#endif
