/*
 * nx_sim: batches of seeded bot games and their report (`nexus simulate`,
 * docs/simulate.md).
 *
 * The pipeline has three stages, each a pure function of its input so a
 * batch is deterministic by seed whatever the parallelism or sharding:
 *   1. nx_sim_play: one seed -> one game record (a JSON object): the
 *      result, the game's length, and per panel what was observed.
 *   2. nx_sim_run_batch: many seeds over worker processes; the records
 *      come back in seed order.
 *   3. nx_sim_report: the batch description ("config", nx_sim_meta) and
 *      the records -> the report (aggregates plus the records, so shard
 *      reports merge by concatenating records: nx_sim_merge).
 * nx_sim_html renders a report (or a comparison) as one self-contained page.
 */
#ifndef NX_SIM_H
#define NX_SIM_H

#include <stdint.h>

#include <jansson.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_rulings.h"
#include "nx_runtime.h"

#define NX_SIM_FORMAT 1

typedef struct nx_sim_config {
    const char *pack_path;      /* for the replay command; NULL: the default pack */
    int seats;                  /* 2..6 classic factions chosen by seed, or 0 */
    int nfactions;              /* fixed factions (--factions), or 0 */
    nx_faction factions[NX_MAX_SEATS];
    int advanced, nexus_cards;
    int secrecy;                /* --secrecy: every action, one viewer's view is scanned for secrets */
    nx_bot_kind bot;            /* every seat's bot ... */
    int nseat_bots;             /* ... unless --bot SEAT=KIND named some */
    int seat_bot[NX_MAX_SEATS]; /* -1: the default kind */
    const char *rulings_file;   /* as given, for the replay command */
    const char *const *sets;    /* --set ID=SETTING, as given */
    size_t nsets;
    uint64_t seed_start;
    unsigned n;                 /* games in the whole batch */
    unsigned shard, nshards;    /* 1-based shard of nshards (1/1: everything) */
} nx_sim_config;

/* The seeds of a shard: positions k in [0, n) with k % nshards == shard-1,
 * seed = seed_start + k.  Returns how many; *out is malloc'd. */
size_t nx_sim_shard_seeds(const nx_sim_config *c, uint64_t **out);

/* The batch description every report carries: the options, the effective
 * setting of each gating ruling, and each panel's availability.  Two
 * reports merge only when their configs agree (the shard aside). */
json_t *nx_sim_meta(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c);

/* Play one seeded game; always returns a record ("ok": false with a
 * "failure" when it did not end properly).  Test-only environment
 * variables force failures (docs/simulate.md). */
json_t *nx_sim_play(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c, uint64_t seed);

/* The record of a game that failed outside nx_sim_play (its worker died). */
json_t *nx_sim_failure_record(const nx_sim_config *c, uint64_t seed, const char *kind, const char *message);

/* "nexus play --seed S ..." (or "nexus simulate -n 1 ..." with mixed
 * bots): the command that replays one seed.  Caller frees. */
char *nx_sim_replay_command(const nx_sim_config *c, uint64_t seed, const json_t *factions);

/* Progress of a batch, called after each game (done of total). */
typedef void (*nx_sim_progress_fn)(void *ctx, size_t done, size_t total);

/* Play every seed over `jobs` worker processes (fork).  A worker that
 * dies mid-game is reported as that seed's failure ("crash") and a new
 * worker takes the rest of its seeds.  Returns the records in seed order. */
json_t *nx_sim_run_batch(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c,
                         const uint64_t *seeds, size_t nseeds, int jobs,
                         nx_sim_progress_fn progress, void *ctx);

/* The report of a config and its records (sorted by seed here). */
json_t *nx_sim_report(json_t *meta, json_t *games);

/* Combine shard reports (each a report of nx_sim_report) into the report
 * one run over all their seeds gives.  NULL with a message when their
 * configs differ or a seed repeats. */
json_t *nx_sim_merge(json_t *const *reports, size_t n, char *err, size_t errlen);

/* Two reports of the same seeds under two settings: differences in win
 * rates and panel use with 95% intervals. */
json_t *nx_sim_compare(json_t *a, json_t *b, const char *name_a, const char *name_b);

/* Does the viewer's view (-1: the spectator) name a component it may not
 * see (nx_sim_secrecy.c)?  1 with a message, or 0. */
int nx_sim_view_leaks(const nx_state *s, int viewer, char *msg, size_t len);
/* The same scan of a given view (what the test feeds it). */
int nx_sim_json_leaks(const nx_state *s, int viewer, const json_t *view, char *msg, size_t len);

/* The Wilson score interval (95%) of k successes in n trials. */
void nx_sim_wilson(double k, double n, double *lo, double *hi);

/* A self-contained HTML page (inline SVG, no network) of a report or of a
 * comparison (nx_sim_compare).  Caller frees. */
char *nx_sim_html(const json_t *report);

#endif
