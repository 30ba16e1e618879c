/*
 * nx_bot: seeded players.  A bot reads only what its seat's view shows
 * (never the full state), so it cannot cheat with hidden information, and
 * proposes one action.  The game decides whether it is legal, like for a
 * person.
 */
#ifndef NX_BOT_H
#define NX_BOT_H

#include <jansson.h>

#include "nx_game.h"
#include "nx_rng.h"

typedef enum {
    NX_BOT_RANDOM,   /* a random plausible action: also the fuzzer of the property tests */
    NX_BOT_SIMPLE    /* answers what it is asked, plays its card when it can, allies readily */
} nx_bot_kind;

/*
 * Propose an action for `seat` (-1: the host) with the given id, or NULL
 * when the bot has nothing to do.  The action names the current version.
 */
json_t *nx_bot_propose(const nx_game *g, int seat, nx_bot_kind kind, nx_rng *rng, const char *id);

#endif
