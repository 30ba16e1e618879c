/*
 * `nexus demo`: the main job until the full game exists.  A seeded game of
 * the Nexus card lifecycle on the built-in pack: four classic factions
 * chosen from the seed, bots deciding every pending decision, the host
 * advancing phases and declaring a Nexus on some turns, Harkonnen playing
 * its implemented panels.  Every action is kept in the embedded store,
 * and the game is reopened from the store at the end and compared.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_cli.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_util.h"

#define DEMO_TURNS 10

typedef struct demo {
    nx_cli *cli;
    nx_game *g;
    nx_store *store;
    char room[64];
    nx_rng rng;
    int actions, refused, plays;
} demo;

static void print_log(demo *d, const char *result)
{
    json_t *r = json_loads(result, 0, NULL);
    size_t i;
    json_t *line;
    json_array_foreach(json_object_get(r, "log"), i, line) {
        const char *text = json_string_value(line);
        fprintf(d->cli->out, "%s%s\n", strncmp(text, "turn ", 5) ? "    " : "", text);
        if (strstr(text, " plays the ")) d->plays++;
    }
    json_decref(r);
}

/* Let one seat (or the host) propose; returns 1 if an action was taken. */
static int turn_of(demo *d, int seat, char *err, size_t errlen)
{
    char id[32];
    snprintf(id, sizeof id, "d%d", d->actions + d->refused + 1);
    json_t *a = nx_bot_propose(d->g, seat, NX_BOT_SIMPLE, &d->rng, id);
    if (!a) return 0;
    char *text = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    char *res = nx_game_apply(d->g, text);
    free(text);
    int ok = strstr(res, "\"ok\":true") != NULL;
    if (ok) {
        d->actions++;
        print_log(d, res);
        if (nx_room_record(d->store, d->room, d->g, err, errlen)) ok = -1;
    } else {
        d->refused++;
    }
    free(res);
    return ok;
}

static int play(demo *d, char *err, size_t errlen)
{
    const nx_state *s = nx_game_state(d->g);
    while (s->turn <= DEMO_TURNS && d->actions < 5000) {
        int acted = 0;
        for (int seat = 0; seat < s->nseats; seat++) {
            int rc = turn_of(d, seat, err, errlen);
            if (rc < 0) return -1;
            acted |= rc;
        }
        if (!acted) {
            int rc = turn_of(d, -1, err, errlen);
            if (rc < 0) return -1;
        }
    }
    return 0;
}

static int verify_store(demo *d, const nx_runtime *rt, char *err, size_t errlen)
{
    nx_game *again = nx_room_open(d->store, d->room, rt, err, errlen);
    if (!again) return -1;
    char *a = nx_game_save(d->g), *b = nx_game_save(again);
    int same = !strcmp(a, b);
    if (!same) snprintf(err, errlen, "the game reopened from the store differs");
    free(a);
    free(b);
    nx_game_free(again);
    return same ? 0 : -1;
}

int nx_cmd_demo(nx_cli *cli)
{
    uint64_t seed = 7;
    const char *store_path = ":memory:";
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--seed") && i + 1 < cli->argc) seed = strtoull(cli->argv[++i], NULL, 10);
        else if (!strcmp(cli->argv[i], "--store") && i + 1 < cli->argc) store_path = cli->argv[++i];
        else return nx_cli_usage_error(cli, "demo", "usage: nexus demo [--seed N] [--store DB]");
    }
    nx_runtime rt;
    nx_diags dg;
    nx_diags_init(&dg);
    if (nx_runtime_open(&rt, cli->pack_path, &dg)) {
        nx_diags_print(&dg, cli->err);
        nx_diags_free(&dg);
        return NX_EXIT_INVALID;
    }
    nx_diags_free(&dg);
    /* Four of the six classic factions, from the seed. */
    nx_game_config cfg = { .seed = seed, .nexus_cards = 1 };
    nx_game_classic_factions(&cfg, 4);
    char err[512] = "";
    demo d = { .cli = cli };
    nx_rng_seed(&d.rng, seed);
    snprintf(d.room, sizeof d.room, "demo-%llu", (unsigned long long)seed);
    int rc = NX_EXIT_INVALID;
    d.g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    d.store = d.g ? nx_store_open(store_path, err, sizeof err) : NULL;
    if (d.store) nx_store_delete_room(d.store, d.room, err, sizeof err); /* a rerun replaces its room */
    if (d.store && !nx_room_create(d.store, d.room, d.g, err, sizeof err) && !play(&d, err, sizeof err) &&
        !verify_store(&d, &rt, err, sizeof err)) {
        fprintf(cli->out, "\n%d actions (%d proposals refused), %d Nexus cards played; "
                          "room %s reopened from the store identical.\n",
                d.actions, d.refused, d.plays, d.room);
        rc = NX_EXIT_OK;
    } else {
        fprintf(cli->err, "nexus demo: %s\n", err);
    }
    if (d.store) nx_store_close(d.store);
    nx_game_free(d.g);
    nx_runtime_close(&rt);
    return rc;
}
