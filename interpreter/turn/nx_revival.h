/*
 * nx_revival: what the Revival phase tells the rest of the interpreter
 * (a panel's ctx) about a seat's revival, from the rules it owns.
 */
#ifndef NX_REVIVAL_H
#define NX_REVIVAL_H

#include "nx_state.h"

/* Elite forces (Sardaukar, Fedaykin) the seat may still get back this
 * turn by any route: one a turn in the Advanced game (FAQ-N p.2). */
int nx_revival_elite_room(const nx_state *s, uint8_t seat);

#endif
