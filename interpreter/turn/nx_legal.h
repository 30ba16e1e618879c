/*
 * nx_legal: the phases' own legality checks, exported for the legal-move
 * space (turn/nx_space_turn.c, docs/protocol.md "space").  Each is the very
 * check the phase's action runs before it changes anything, so a space
 * computed from them agrees with the engine by construction.
 */
#ifndef NX_LEGAL_H
#define NX_LEGAL_H

#include <stddef.h>

#include "nx_state.h"

/* Shipment and Movement (nx_phase_shipment.c). */
#define NX_SHIP_RESERVES (-1)   /* a shipment's end that is the seat's reserves */
/* Why the seat may not ship / move now in its turn (the turn's order:
 * one shipment, then one move, a Hajr's extra move), or NULL. */
const char *nx_ship_order_refusal(const nx_state *s, uint8_t seat);
const char *nx_move_order_refusal(const nx_state *s, uint8_t seat, int hajr);
/* Why the seat may not "delay" (the Guild's timing), 0 when it may. */
int nx_ship_delay_refusal(const nx_state *s, uint8_t seat, char *why, size_t len);
/* Why the Guild may not answer an offer "own_turn" (its place is past), 0 when it may. */
int nx_ship_own_turn_refusal(const nx_state *s, char *why, size_t len);
/* The shipment check of "ship" (from/to: a section or NX_SHIP_RESERVES):
 * 0 with *cost (may be NULL) the spice it costs, or -1 and why. */
int nx_ship_check(const nx_state *s, uint8_t seat, int from, int to, int normal, int elite, int karama, int *cost,
                  char *why, size_t len);

/* Forces of the shipment held for a Karama window (play.advh), 0 none. */
int nx_ship_held_forces(const nx_state *s);

/* Bidding (nx_phase_bidding.c): the highest amount "bid" reads, and the
 * check of a bid (0 when legal). */
#define NX_BID_CAP 250
int nx_bid_check(const nx_state *s, uint8_t seat, int amount, int karama, char *why, size_t len);

#endif
