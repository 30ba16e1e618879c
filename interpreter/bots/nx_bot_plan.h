/*
 * nx_bot_plan: the simple bot's own reading of the candidates a phase
 * lists, on top of their scores (docs/bots.md, "Policy per decision").
 * The phases score each candidate alone; the plan looks at the game's
 * clock: in the last three turns a seat whose side is at most two
 * strongholds short of the winning count goes for one it does not hold
 * with its whole strength (the ship or move that brings the most forces
 * into such a stronghold, more of them than any defender there, goes
 * first; giving up a stronghold held for it does not count).
 *
 * Reads only the public board; knows no faction.  Scores are only
 * rewritten, never candidates added.
 */
#ifndef NX_BOT_PLAN_H
#define NX_BOT_PLAN_H

#include <jansson.h>

#include "nx_game.h"

void nx_bot_plan_adjust(const nx_game *g, int seat, json_t *cands);

#endif
