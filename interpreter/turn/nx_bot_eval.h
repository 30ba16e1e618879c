/*
 * nx_bot_eval: how the phases' candidate moves judge the board for the
 * simple bots (internal to the rules layer).  Everything here reads the
 * public board only: forces, strongholds, spice, alliances, the storm.
 *
 * The one aim it encodes is the game's: hold three strongholds alone
 * (four with an ally) at a Mentat Pause.  A stronghold is worth more the
 * closer it brings the seat's side to that count, an attack is worth it
 * only with more fighters than the defender, and an ally's stronghold is
 * never entered (allies may not share a territory).
 */
#ifndef NX_BOT_EVAL_H
#define NX_BOT_EVAL_H

#include <stdint.h>

#include "nx_state.h"

/* The seat and its ally, as a seat mask. */
unsigned nx_eval_side(const nx_state *s, uint8_t seat);
/* Strongholds the seat's side holds (fighters of the side only). */
int nx_eval_side_strongholds(const nx_state *s, uint8_t seat);
/* Strongholds the side needs to win: 3 alone, 4 allied. */
int nx_eval_needed(const nx_state *s, uint8_t seat);
/* The most fighters one faction outside the seat's side has in t, and
 * how many such factions are there. */
int nx_eval_enemy_fighters(const nx_state *s, uint8_t seat, int t, int *factions);
/* What `n` more fighters of `seat` arriving at section `sec` are worth,
 * from the public board: a stronghold taken, held or won in battle, or
 * spice; negative for a battle the seat would likely lose or an ally's
 * territory.  `leaving` is the territory they come from (-1: reserves). */
int nx_eval_arrival(const nx_state *s, uint8_t seat, int sec, int n, int leaving);
/* What the seat loses by taking `n` of its fighters out of territory t. */
int nx_eval_departure(const nx_state *s, uint8_t seat, int t, int n);

#endif
