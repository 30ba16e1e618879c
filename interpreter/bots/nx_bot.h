/*
 * nx_bot: seeded players for whole games.
 *
 * Rules games: whoever owns the first pending decision (s->pending[]
 * order) acts next; the bot answers with one of the candidates the
 * deciding phase lists (nx_game_moves): NX_BOT_RANDOM uniformly,
 * NX_BOT_SIMPLE the highest score (ties broken by its own generator).
 * Both also make the optional moves a person could: now and then a seat
 * sets its private draw policy, and a seat holding a Nexus card plays it
 * when its panel is available and the moment fits.
 *
 * Designer's tables keep the host-driven lifecycle: when nothing is
 * pending the host advances (declaring a Nexus on some later Spice
 * Blows), and during a Nexus seats offer, accept and leave alliances.
 *
 * A bot decides from the candidates and what its seat may see: the public
 * board and decisions, its own held card and draw policy; never a hidden
 * zone.  The game decides whether a move is legal, like for a person.
 *
 * Never stalling: a listed candidate that the game refuses is a bug in
 * the phase that listed it.  It is reported (on_refusal, by default to
 * stderr) and the bot falls back to "pass", then to the other candidates.
 * A refused optional move is normal (a panel may decline the moment) and
 * is only counted.
 */
#ifndef NX_BOT_H
#define NX_BOT_H

#include <jansson.h>

#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_pack.h"
#include "nx_rng.h"

typedef enum {
    NX_BOT_RANDOM,   /* a uniformly random candidate: also the fuzzer of the property tests */
    NX_BOT_SIMPLE    /* the best-scored candidate; plays its Nexus card when it can */
} nx_bot_kind;

const char *nx_bot_kind_name(nx_bot_kind k);   /* "random", "simple" */
int nx_bot_kind_parse(const char *name);       /* -1 when unknown */

/* A bot plays one game (it caches the game's panel availability). */
typedef struct nx_bot {
    nx_bot_kind kind;
    nx_rng rng;
    const nx_runtime *rt;                       /* the pack: panel timing (public) */
    uint16_t tried[NX_MAX_SEATS];               /* turn/phase of each seat's last card play */
    int8_t panel_open[NX_FACTION_COUNT][NX_MODE_COUNT]; /* -1: not asked yet */
    unsigned committed;                         /* actions the game accepted */
    unsigned refused;                           /* listed candidates refused: bugs */
    unsigned declined;                          /* optional moves refused: normal */
    /* Called for every refused candidate; NULL: a line on stderr. */
    void (*on_refusal)(void *ctx, int seat, const char *action, const char *result);
    /* Applies an action; NULL: nx_game_apply (a benchmark times it). */
    char *(*apply)(void *ctx, nx_game *g, const char *action);
    void *ctx;
} nx_bot;

void nx_bot_init(nx_bot *b, const nx_runtime *rt, nx_bot_kind kind, uint64_t seed);

/* One committed action. */
typedef struct nx_bot_move {
    int seat;           /* the acting seat, -1 for the host */
    int optional;       /* an optional move (policy, card play, designer talks) */
    char *action;       /* the action as applied, JSON text */
    char *result;       /* its result, JSON text */
} nx_bot_move;

void nx_bot_move_free(nx_bot_move *m);

/* Who must act next: the owner of the first pending decision, -1 for the
 * host (a designer's table with nothing pending), -2 when nobody (the game
 * is over). */
int nx_bot_next_seat(const nx_game *g);

/*
 * Play one action with id `id` (the version and seat are filled in).
 * Returns 1 with *out filled (caller frees with nx_bot_move_free), 0 when
 * the game is over, -1 when no move is accepted (a stall: every candidate
 * and "pass" refused, each reported).
 */
int nx_bot_step(nx_bot *b, nx_game *g, const char *id, nx_bot_move *out);

/* Answer `seat`'s decision when it is the seat that must act next, and
 * nothing else (no optional move, no other seat): a host seats an engine
 * bot in one seat of a room played by people (nx_serve).  1 with *out, 0
 * when it is not that seat's turn, -1 on a stall. */
int nx_bot_answer(nx_bot *b, nx_game *g, int seat, const char *id, nx_bot_move *out);

#endif
