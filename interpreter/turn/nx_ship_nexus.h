/*
 * nx_ship_nexus: Nexus cards inside a seat's own Shipment and Movement turn
 * (internal to interpreter/turn/; docs/rules/phase-shipment-movement.md,
 * "Nexus cards in Shipment and Movement").
 *
 * A panel bound to `own_action` is played inside the holder's own turn
 * (E3) and leaves an "allow" effect (core/nx_effects.h) that the engine's
 * own acts read:
 *   - shipping terms (Guild rates, cross-ship, ship back, five priced as
 *     one): the next shipment uses them up.  `"nexus": true` on a "ship"
 *     plays the held card in the same action, so a refused shipment keeps
 *     the card (Spacing Guild and Richese Secret Ally);
 *   - a second shipment right after the turn (Spacing Guild Cunning): the
 *     turn's end opens it instead of ending the turn; those forces may
 *     move only by a Hajr card's extra move;
 *   - a flip of chosen advisor territories (Bene Gesserit Cunning, the
 *     "flip" action), one announced set.
 * A Cunning use is one use that a Karama may stop (nx_use_window.c).
 */
#ifndef NX_SHIP_NEXUS_H
#define NX_SHIP_NEXUS_H

#include <jansson.h>

#include "nx_act.h"

/* At the phase's start: no stage, window or record from an earlier turn. */
void nx_ship_nexus_reset(nx_state *s);

/* ---- shipping terms ---- */

/* Why the seat's shipping terms refuse this shipment (0: they allow it,
 * or it has none). */
int nx_ship_terms_refusal(const nx_state *s, uint8_t seat, int from_reserves, int to_reserves, int n, int karama,
                          char *why, size_t len);
/* The shipment is made: its terms are used up (logged). */
void nx_ship_terms_used(nx_act *a, uint8_t seat);
/* "ship" with "nexus": play the held card (it must give shipping terms). */
int nx_ship_play_terms(nx_act *a);

/* ---- Spacing Guild Cunning: the second shipment ---- */

int nx_ship_second_under_way(const nx_state *s, uint8_t seat);
/* At the end of seat's turn: begin its second shipment if a card allows
 * one (1: the turn goes on), else 0. */
int nx_ship_second_begins(nx_act *a, uint8_t seat);
/* The second shipment is made and no Hajr card is left to move with. */
int nx_ship_second_over(const nx_state *s);
const char *nx_ship_second_prompt(const nx_state *s);

/* ---- Bene Gesserit Cunning: the flip ---- */

int nx_ship_act_flip(nx_act *a);
/* "territories": distinct territory ids, at least one (shared with Wartime). */
/* Territories whose advisors the card may flip with no open question
 * (the `ordinary` path): for bots and the panel's check. */
int nx_ship_flip_choices(const nx_state *s, int out[NX_MAP_TERRITORIES]);
/* Why territory t cannot be flipped under the base rules (no advisors,
 * Stormed In outside a stronghold, beside the ally, a full stronghold),
 * or 0. */
int nx_ship_flip_blocked(const nx_state *s, int t, char *why, size_t len);
/* Advisors that arrived this turn accompanying a shipment; a stronghold
 * under the storm. */
int nx_ship_flip_accompanied(const nx_state *s, int t);
int nx_ship_flip_storm_locked(const nx_state *s, int t);
/* Candidates ("flip") when the seat may flip now. */
void nx_ship_flip_moves(const nx_state *s, uint8_t seat, json_t *out);

/* ---- the Karama window against a Nexus use (nx_use_window.c) ---- */

enum { NX_USE_NONE, NX_USE_SECOND_SHIPMENT, NX_USE_ADVISOR_FLIP };

enum { NX_USE_GOES_ON, NX_USE_TURN_ENDS, NX_USE_WAITING };

/* Open the window against `use` by `user` if Karama may stop it
 * (common.karama.nexus_effects) and some seat may hold a Karama: the
 * uniform advantage_karama window (nx_adv_windows.h) of NX_ADVO_SECOND_SHIPMENT
 * or NX_ADVO_CUNNING_FLIP; 1 when opened, 0 when the use goes ahead at
 * once (the caller settles). */
int nx_use_open(nx_act *a, int use, uint8_t user);
/* Once all answers are in, the earliest Karama in storm order is spent
 * and the window closes: 0, with the use it was against and whether a
 * Karama stopped it; 1 while answers are due. */
int nx_use_settle(nx_act *a, int *use, int *stopped);
/* Settle the window against a Nexus use (nx_ship_nexus.c), then what the
 * use does: NX_USE_TURN_ENDS when a stopped second shipment ends the
 * user's turn, NX_USE_GOES_ON otherwise; NX_USE_WAITING while answers are
 * due. */
int nx_ship_use_settle(nx_act *a);
/* Carry out the announced flip (after its window, or with none). */
void nx_ship_flip_settle(nx_act *a);

#endif
