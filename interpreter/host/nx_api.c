/*
 * nx_api: the public C API (nexus.h) over the engine's internal modules.
 *
 * A thin layer on purpose: every rule lives in the modules it wraps; this
 * file only translates JSON text at the boundary into their structs and
 * keeps the internal types (jansson's among them) out of the public header.
 */
/* dladdr: where the library (or the program it is linked into) lives, to
 * find the pack installed beside it. */
#define _GNU_SOURCE
#include "nexus.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_version.h"

struct nexus_runtime {
    nx_runtime rt;
};

/* The public handle is the internal game itself: nothing to add. */
static nx_game *game_of(nexus_game *g) { return (nx_game *)g; }
static const nx_game *cgame_of(const nexus_game *g) { return (const nx_game *)g; }

struct nexus_bot {
    nx_bot bot;
};

static void fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

const char *nexus_version(void) { return NX_VERSION; }
int nexus_api_version(void) { return NEXUS_API_VERSION; }
/* Relocatable: LIBDIR/../share or BINDIR/../share beside the file that
 * holds this code, when a pack is installed there; else the configured
 * install prefix.  Found once (pthread_once: hosts may call from threads). */
static char installed_pack[PATH_MAX];
static pthread_once_t installed_pack_once = PTHREAD_ONCE_INIT;

static void find_installed_pack(void)
{
    Dl_info info;
    const char *slash;
    if (!dladdr((void *)find_installed_pack, &info) || !info.dli_fname ||
        !(slash = strrchr(info.dli_fname, '/')))
        return;
    int n = snprintf(installed_pack, sizeof installed_pack, "%.*s/../share/nexus/cards/pack.yaml",
                     (int)(slash - info.dli_fname), info.dli_fname);
    FILE *f = n > 0 && (size_t)n < sizeof installed_pack ? fopen(installed_pack, "r") : NULL;
    if (f) fclose(f);
    else installed_pack[0] = '\0';
}

const char *nexus_default_pack(void)
{
    pthread_once(&installed_pack_once, find_installed_pack);
    return installed_pack[0] ? installed_pack : NX_DEFAULT_PACK;
}
void nexus_free(void *text) { free(text); }

/* ---- runtime ------------------------------------------------------------ */

static void first_diag(const nx_diags *d, char *err, size_t errlen)
{
    if (!d->n) {
        fail(err, errlen, "the pack could not be loaded");
        return;
    }
    const nx_diag *x = &d->v[0];
    fail(err, errlen, "%s:%d:%d: %s%s", x->file ? x->file : "<input>", x->line, x->col, x->msg,
         d->n > 1 ? " (and more: run `nexus check`)" : "");
}

nexus_runtime *nexus_runtime_open(const char *pack_yaml, char *err, size_t errlen)
{
    nexus_runtime *r = calloc(1, sizeof *r);
    if (!r) {
        fail(err, errlen, "out of memory");
        return NULL;
    }
    nx_diags d;
    nx_diags_init(&d);
    if (nx_runtime_open(&r->rt, pack_yaml ? pack_yaml : nexus_default_pack(), &d) != 0) {
        first_diag(&d, err, errlen);
        nx_diags_free(&d);
        free(r);
        return NULL;
    }
    nx_diags_free(&d);
    return r;
}

void nexus_runtime_close(nexus_runtime *rt)
{
    if (!rt) return;
    nx_runtime_close(&rt->rt);
    free(rt);
}

/* ---- game configuration from JSON ---------------------------------------- */

static int config_bool(json_t *v, const char *key, int *out, char *err, size_t errlen)
{
    if (!json_is_boolean(v)) {
        fail(err, errlen, "config: \"%s\" must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}

static int config_seats(json_t *v, nx_game_config *cfg, int *have_seats, char *err, size_t errlen)
{
    if (!json_is_integer(v) || json_integer_value(v) < 2 || json_integer_value(v) > 6) {
        fail(err, errlen, "config: \"seats\" must be a whole number from 2 to 6");
        return -1;
    }
    *have_seats = (int)json_integer_value(v);
    (void)cfg;
    return 0;
}

static int config_factions(json_t *v, nx_game_config *cfg, char *err, size_t errlen)
{
    size_t n = json_array_size(v);
    if (!json_is_array(v) || n < 2 || n > NX_MAX_SEATS) {
        fail(err, errlen, "config: \"factions\" must be an array of 2 to %d faction ids", NX_MAX_SEATS);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const char *id = json_string_value(json_array_get(v, i));
        nx_faction f = id ? nx_faction_parse(id) : NX_NO_FACTION;
        if (f == NX_NO_FACTION) {
            fail(err, errlen, "config: factions[%zu] is not a faction id", i);
            return -1;
        }
        for (size_t k = 0; k < i; k++)
            if (cfg->factions[k] == f) {
                fail(err, errlen, "config: factions[%zu] repeats %s", i, id);
                return -1;
            }
        cfg->factions[i] = f;
    }
    cfg->nseats = (int)n;
    return 0;
}

static int config_rulings(const nx_runtime *rt, json_t *v, nx_settings *s, char *err, size_t errlen)
{
    if (!json_is_object(v)) {
        fail(err, errlen, "config: \"rulings\" must be an object of ruling id to setting");
        return -1;
    }
    const char *id;
    json_t *val;
    json_object_foreach(v, id, val) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = json_is_string(val) ? nx_settings_set(s, &rt->pack.rulings, id, json_string_value(val), &d) : -1;
        if (rc != 0) {
            if (d.n) fail(err, errlen, "config: rulings.%s: %s", id, d.v[0].msg);
            else fail(err, errlen, "config: rulings.%s must be a setting name", id);
        }
        nx_diags_free(&d);
        if (rc != 0) return -1;
    }
    return 0;
}

/* Parse the whole config; 0 or -1 with `err` set and nothing kept. */
static int parse_config(const nx_runtime *rt, const char *text, nx_game_config *cfg, nx_settings *s,
                        char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_loads(text ? text : "", JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(root)) {
        fail(err, errlen, "config: not a JSON object (%s)", root ? "another JSON value" : je.text);
        json_decref(root);
        return -1;
    }
    memset(cfg, 0, sizeof *cfg);
    int seats = 0, rc = 0;
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        if (rc) break;
        if (!strcmp(key, "seed")) {
            if (!json_is_integer(v) || json_integer_value(v) < 0) {
                fail(err, errlen, "config: \"seed\" must be a whole number, 0 or more");
                rc = -1;
            } else {
                cfg->seed = (uint64_t)json_integer_value(v);
            }
        } else if (!strcmp(key, "seats")) rc = config_seats(v, cfg, &seats, err, errlen);
        else if (!strcmp(key, "factions")) rc = config_factions(v, cfg, err, errlen);
        else if (!strcmp(key, "advanced")) rc = config_bool(v, key, &cfg->advanced, err, errlen);
        else if (!strcmp(key, "nexus_cards")) rc = config_bool(v, key, &cfg->nexus_cards, err, errlen);
        else if (!strcmp(key, "rulings")) rc = config_rulings(rt, v, s, err, errlen);
        else {
            fail(err, errlen, "config: unknown key \"%s\" (seed, seats, factions, advanced, nexus_cards, rulings)",
                 key);
            rc = -1;
        }
    }
    if (!rc && seats && cfg->nseats) {
        fail(err, errlen, "config: give \"seats\" or \"factions\", not both");
        rc = -1;
    }
    if (!rc && !seats && !cfg->nseats) {
        fail(err, errlen, "config: give \"seats\" (2 to 6) or \"factions\"");
        rc = -1;
    }
    if (!rc && seats) nx_game_classic_factions(cfg, seats);
    json_decref(root);
    return rc;
}

/* ---- games ----------------------------------------------------------------- */

nexus_game *nexus_game_new(nexus_runtime *rt, const char *config_json, char *err, size_t errlen)
{
    if (!rt) {
        fail(err, errlen, "no runtime");
        return NULL;
    }
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    nx_game *g = NULL;
    char msg[512] = "";
    if (parse_config(&rt->rt, config_json, &cfg, &s, err, errlen) == 0) {
        g = nx_game_new(&rt->rt, &s, &cfg, msg, sizeof msg);
        if (!g) fail(err, errlen, "%s", msg);
    }
    nx_settings_free(&s);
    return (nexus_game *)g;
}

nexus_game *nexus_game_load(nexus_runtime *rt, const char *saved_json, char *err, size_t errlen)
{
    if (!rt || !saved_json) {
        fail(err, errlen, "no runtime or no saved game");
        return NULL;
    }
    char msg[512] = "";
    nx_game *g = nx_game_load(&rt->rt, saved_json, msg, sizeof msg);
    if (!g) fail(err, errlen, "%s", msg);
    return (nexus_game *)g;
}

void nexus_game_free(nexus_game *g) { nx_game_free(game_of(g)); }

char *nexus_game_apply(nexus_game *g, const char *action_json)
{
    return nx_game_apply(game_of(g), action_json ? action_json : "");
}

static int seat_ok(const nexus_game *g, int seat)
{
    return seat >= -1 && seat < (int)nx_game_state(cgame_of(g))->nseats;
}

char *nexus_game_view(const nexus_game *g, int seat)
{
    return seat_ok(g, seat) ? nx_game_view(cgame_of(g), seat) : NULL;
}

char *nexus_game_moves(const nexus_game *g, int seat)
{
    if (!seat_ok(g, seat) || seat < 0) return NULL;
    json_t *moves = nx_game_moves(cgame_of(g), seat);
    char *text = json_dumps(moves, JSON_COMPACT);
    json_decref(moves);
    return text;
}

char *nexus_game_save(const nexus_game *g) { return nx_game_save(cgame_of(g)); }
int nexus_game_next(const nexus_game *g) { return nx_bot_next_seat(cgame_of(g)); }
long nexus_game_version(const nexus_game *g) { return (long)nx_game_state(cgame_of(g))->version; }

/* ---- bots --------------------------------------------------------------------- */

nexus_bot *nexus_bot_new(nexus_runtime *rt, const char *kind, unsigned long long seed, char *err,
                         size_t errlen)
{
    int k = kind ? nx_bot_kind_parse(kind) : -1;
    if (!rt || k < 0) {
        fail(err, errlen, "unknown bot kind \"%s\" (random, simple)", kind ? kind : "");
        return NULL;
    }
    nexus_bot *b = calloc(1, sizeof *b);
    if (!b) {
        fail(err, errlen, "out of memory");
        return NULL;
    }
    nx_bot_init(&b->bot, &rt->rt, (nx_bot_kind)k, seed);
    return b;
}

/* Keep the refusal the bot reports, so the host sees it in `err`. */
typedef struct refusal {
    char *err;
    size_t errlen;
} refusal;

static void on_refusal(void *ctx, int seat, const char *action, const char *result)
{
    refusal *r = ctx;
    fail(r->err, r->errlen, "seat %d's listed move %s was refused: %s", seat, action, result);
}

char *nexus_bot_step(nexus_bot *b, nexus_game *g, const char *id, char *err, size_t errlen)
{
    if (!b || !g || !id) {
        fail(err, errlen, "no bot, game or action id");
        return NULL;
    }
    refusal r = { err, errlen };
    b->bot.on_refusal = on_refusal;
    b->bot.ctx = &r;
    nx_bot_move m;
    int rc = nx_bot_step(&b->bot, game_of(g), id, &m);
    b->bot.on_refusal = NULL;
    b->bot.ctx = NULL;
    if (rc == 0) fail(err, errlen, "the game is over");
    if (rc != 1) return NULL;
    char *result = m.result;
    m.result = NULL;
    nx_bot_move_free(&m);
    return result;
}

void nexus_bot_free(nexus_bot *b) { free(b); }
