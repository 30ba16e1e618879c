/*
 * nx_worm: worm occurrences and what Nexus cards may do to them.
 *
 * A worm that appears in a territory after turn 1 is an occurrence: it is
 * numbered within its Spice Blow and Nexus phase (play.worm_seq), and
 * whether its territory held no forces is recorded at the appearance,
 * before it devours anything (play.worm_empty): Fremen Cunning asks about
 * the territory as the worm found it, not as it left it.  The engine then
 * raises the `worm` event and, under common.reactions.private_policy
 * "uniform_window", opens the same window to every seat holding a Nexus
 * card (whatever card it is: held counts are public), before the devour.
 *
 * What cards leave behind are effects (core/nx_effects.h):
 *   - no_worm_riding (Fremen Betrayal): no Fremen ride, native or remote,
 *     for the rest of the turn;
 *   - no_two_territory_move (Fremen Betrayal): the Fremen's movement range
 *     without ornithopters is one, for their next move or the turn;
 *   - worm_protection (Fremen Secret Ally): the seat's forces are spared by
 *     one occurrence, or by every worm of the phase;
 *   - remote_ride (Fremen Cunning): after the native rides, the Fremen may
 *     ride one group from any desert territory, bound to its occurrence.
 */
#ifndef NX_WORM_H
#define NX_WORM_H

#include "nx_module.h"

/* A worm_place decision's min when it is the offer of the Fremen's Karama
 * power (LV 1.14: the worm that has just appeared, placed in any sand
 * territory, answered by "karama_power" or "pass"); 0 for the Advanced
 * placement of a blow's later worms, which must be answered. */
#define NX_WORM_PLACE_KARAMA 1

/* ride_territory's value while the remote ride (Fremen Cunning) is asked. */
#define NX_RIDE_REMOTE 0xfe

/* A new Spice Blow and Nexus phase: occurrences are numbered from 1 again. */
void nx_worm_phase_begin(nx_state *s);

/* The worm at play.worm_at has appeared: record the occurrence (once) and
 * open its window.  1 when the window waits for answers. */
int nx_worm_appear(nx_act *a);
/* The occurrence has devoured: its event and window are over. */
void nx_worm_struck(nx_state *s);

/* Does the worm now striking devour seat's forces (Fremen Secret Ally
 * protection aside, the caller's own rules first)? */
int nx_worm_shielded(const nx_state *s, uint8_t seat);
/* Fremen Betrayal stopped worm riding for this turn. */
int nx_worm_riding_stopped(const nx_state *s);
/* Fremen Betrayal stopped the Fremen's two-territory movement. */
int nx_worm_double_move_stopped(const nx_state *s, uint8_t seat);
/* The Fremen moved: a stop "for their next move" is spent. */
void nx_worm_moved(nx_state *s, uint8_t seat);

/* Fremen Cunning's remote ride is owed: open it (1), or 0. */
int nx_worm_open_remote_ride(nx_act *a);
/* The remote ride was made or passed: the effect is spent. */
void nx_worm_remote_ride_done(nx_state *s);
/* Desert territories with Fremen forces out of the storm (the remote
 * ride's sources), as a bitset over territories; 0 when none. */
int nx_worm_remote_sources(const nx_state *s, uint8_t fremen, uint8_t out[NX_TERRITORY_BYTES]);

/* Panels' requests (ctx:stop, ctx:grant), checked here so that the ctx
 * table stays generic.  NULL when done, or why not (the state unchanged). */
const char *nx_worm_stop(nx_act *a, uint8_t holder, uint8_t source, const char *what, const char *scope);
const char *nx_worm_grant(nx_act *a, uint8_t holder, uint8_t source, const char *what, const char *scope);
/* Is `what` one of the worm words above (so the ctx methods send it here)? */
int nx_worm_word(const char *what);

#endif
