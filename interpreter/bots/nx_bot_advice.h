/*
 * nx_bot_advice: what a bot does with a panel's bot advice (docs/dsl.md,
 * "Bot advice"; docs/bots.md).  The advice of the panel a seat would play
 * a card as (nx_lifecycle_mode), read for that seat as its holder:
 *
 *  - keep: the seat keeps the card when it holds it (it answers "keep" at
 *    a draw-or-replace opportunity and joins no alliance, which would
 *    discard it), and seeks its own faction's card when
 *    that card's panel says keep: it sets no draw policy that redraws it,
 *    draws at an opportunity, and replaces another card not worth keeping.
 *  - avoid: while it holds the card, the seat avoids what would make the
 *    panel unplayable; "elite_forces": its best-scored ship or move goes
 *    with ordinary forces in place of the elite ones.
 *  - prefer: whether to play the card now (nx_bot.c's card_play).
 *  - seek_battle n: while it holds the card, the seat's ship-and-movement
 *    turn first tries the best-scored ship or move that lands at least n
 *    of its forces (ordinary ones, under avoid elite_forces) in a battle,
 *    when it scores no more than a held stronghold's worth below the best.
 *
 * Only a panel open in the game is asked.  Bad advice (a wrong type, a
 * script error) is reported like a refused bot move, naming the file and
 * field, and the bot goes on with its default.  Nothing here knows a
 * faction or a card: the scripts say it.
 */
#ifndef NX_BOT_ADVICE_H
#define NX_BOT_ADVICE_H

#include <jansson.h>

#include "nx_bot.h"

/* The advice of the panel `seat` would play `card` as (unsaid when none,
 * when the panel is shut, or when the advice is bad: reported). */
void nx_bot_advice_for(nx_bot *b, const nx_game *g, int seat, nx_comp card, nx_advice *out);

/* Does the seat seek its own faction's card (its panel says keep)? */
int nx_bot_seeks_own(nx_bot *b, const nx_game *g, int seat);

/* keep: a seat holding a card worth keeping joins no alliance (an
 * alliance discards both partners' cards): its offers and acceptances
 * leave the candidates, unless nothing else is listed. */
void nx_bot_advice_filter(nx_bot *b, const nx_game *g, int seat, json_t *cands);

/* The advised move for the seat that must act next, or NULL. */
json_t *nx_bot_advised_move(nx_bot *b, const nx_game *g, int *seat_out);

#endif
