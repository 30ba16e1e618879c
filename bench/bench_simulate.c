/*
 * bench_simulate: games per second of a `nexus simulate` batch (six
 * seats, Advanced rules, Nexus cards, simple bots) at 1 and at 2 jobs,
 * the worker processes of nx_sim_batch.c included; and whether the two
 * batches gave the same records (they must: determinism by seed).  Not a
 * test: figures only.
 *
 *   build/bench/bench_simulate [GAMES] [PACK]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nx_bench.h"
#include "nx_sim.h"

static json_t *timed_batch(const nx_runtime *rt, const nx_sim_config *c, int jobs)
{
    nx_settings st;
    nx_settings_init(&st);
    uint64_t *seeds;
    size_t n = nx_sim_shard_seeds(c, &seeds);
    double t0 = nx_bench_wall();
    json_t *games = nx_sim_run_batch(rt, &st, c, seeds, n, jobs, NULL, NULL);
    double secs = nx_bench_wall() - t0;
    size_t actions = 0, i;
    json_t *g;
    json_array_foreach(games, i, g) actions += (size_t)json_integer_value(json_object_get(g, "actions"));
    printf("%d job%s: %zu games in %.2f s: %.2f games/s, %.0f actions/s\n", jobs, jobs > 1 ? "s" : "", n, secs,
           (double)n / secs, (double)actions / secs);
    free(seeds);
    nx_settings_free(&st);
    return games;
}

int main(int argc, char **argv)
{
    unsigned games = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20;
    nx_runtime rt;
    if (nx_bench_open(&rt, argc > 2 ? argv[2] : NX_SOURCE_PACK)) return 1;
    nx_sim_config c = { .seats = 6, .advanced = 1, .nexus_cards = 1, .bot = NX_BOT_SIMPLE, .seed_start = 1,
                        .n = games ? games : 1, .shard = 1, .nshards = 1 };
    for (int s = 0; s < NX_MAX_SEATS; s++) c.seat_bot[s] = -1;
    json_t *one = timed_batch(&rt, &c, 1), *two = timed_batch(&rt, &c, 2);
    printf("same records at 1 and 2 jobs: %s\n", json_equal(one, two) ? "yes" : "NO");
    json_decref(one);
    json_decref(two);
    nx_runtime_close(&rt);
    return 0;
}
