/*
 * nx_bot_native: how a bot holding its own faction's Nexus card (its
 * Cunning) keeps it usable.  Two classic Cunnings are reached only by a
 * holder who prepares for them:
 *
 *  - Emperor Cunning needs a battle with no Sardaukar in it, and the
 *    phases' shipment and movement candidates carry Sardaukar along
 *    (moves take them first).  While the Emperor holds its own card in an
 *    Advanced game, its shipment-and-movement turn first tries the best
 *    listed ship or move with ordinary forces in place of the Sardaukar.
 *  - Atreides and Emperor Cunning are played by their native holder only:
 *    such a seat never sets a policy that redraws its own faction, and at a
 *    draw-or-replace opportunity it replaces another faction's card.
 *
 * Both are optional moves (nx_bot_step): the game may refuse one (then the
 * bot answers from the listed candidates as usual).  They read only what
 * the seat may see: its own held card, the public board, its decisions.
 */
#ifndef NX_BOT_NATIVE_H
#define NX_BOT_NATIVE_H

#include <jansson.h>

#include "nx_game.h"

/* Does this seat keep (and seek) its own faction's Nexus card? */
int nx_bot_native_keeper(const nx_game *g, int seat);

/* The optional move for the seat that must act next, or NULL. */
json_t *nx_bot_native_move(const nx_game *g, int *seat_out);

#endif
