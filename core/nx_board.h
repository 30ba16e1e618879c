/*
 * nx_board: facts about the board that depend on the state: the storm,
 * who is where, spice lying on the sand, the storm order.  Read-only
 * queries plus the two moves every phase shares (forces to the Tanks,
 * spice to the bank).  Rules live in the phase modules; this is geometry
 * and bookkeeping.
 */
#ifndef NX_BOARD_H
#define NX_BOARD_H

#include "nx_state.h"

/* Is this section in the storm?  (Never the Polar Sink; nothing is in
 * storm before the first storm is placed.) */
int nx_board_section_in_storm(const nx_state *s, int section);
/* Does the storm protect forces in this territory (rock, strongholds,
 * Imperial Basin while the Shield Wall stands)? */
int nx_board_protected(const nx_state *s, int t);

/* Forces of a seat on one section / in a whole territory (both kinds). */
int nx_board_forces_at(const nx_state *s, uint8_t seat, int section);
int nx_board_forces_in(const nx_state *s, uint8_t seat, int t);
/* Seats with forces in territory t (mask).  With fighters_only, Advanced
 * Bene Gesserit advisors do not count (they do not occupy). */
uint8_t nx_board_occupants(const nx_state *s, int t, int fighters_only);
/* Is this section's BG force an advisor stack (Advanced)? */
int nx_board_is_advisor(const nx_state *s, int section);
void nx_board_set_advisor(nx_state *s, int section, int on);

/* Strongholds a seat occupies alone (at least one fighter, no other
 * faction's fighter there). */
int nx_board_strongholds_held(const nx_state *s, uint8_t seat);

/* Send every counter of a seat on a section to the Tanks; returns how many. */
int nx_board_kill_section(nx_state *s, uint8_t seat, int section);
/* Send n counters (ordinary first) of a seat on a section to the Tanks. */
void nx_board_kill(nx_state *s, uint8_t seat, int section, int normal, int elite);

/* Spice on the board. */
int nx_board_spice_in(const nx_state *s, int t);
/* The one writer of play.spice[] (spice lying on the sand; it comes from
 * and goes back to the Spice Bank, which has no balance): add n to a
 * section (a blow; capped at what a section can hold), take up to n from
 * it (returns what was taken), or clear it (returns what lay there). */
void nx_board_spice_add(nx_state *s, int section, int n);
int nx_board_spice_take(nx_state *s, int section, int n);
int nx_board_spice_clear(nx_state *s, int section);

/* The storm order from the player circles: the first seat is the one
 * whose circle the storm reaches next (a circle in the storm's own sector
 * counts as reached next; docs/rules/turn.md 1.4); then counterclockwise. */
void nx_board_update_first_seat(nx_state *s);

/* Free forces of the seat's faction on the planet and in reserve. */
int nx_board_reserves(const nx_state *s, uint8_t seat, int kind);

/* The sector the storm starts from on turn 1 (docs/rules/turn.md 1.4). */
#define NX_STORM_START_SECTOR 18

/* The board section a Spice Deck territory card blows onto: its
 * territory's section in the card's sector; -1 for a Shai-Hulud. */
int nx_board_spice_card_section(int card);

/*
 * Leaders in the Tanks (docs/rules/phase-revival.md).  A killed leader's
 * disc goes to the Tanks and the revival bookkeeping records the death
 * (play.leader_died / leader_again); the battle module calls this for
 * every leader that dies.  nx_board_leader_revivable says whether the
 * disc, lying in the Tanks, may be revived now under the leader revival
 * condition (LV 1.05: no active leader, or every leader has died once).
 */
void nx_board_leader_killed(nx_state *s, int leader);
/* A leader the Harkonnen kill (capture's "kill") lies face down, as one
 * killed a second time: not revivable before the others die again. */
void nx_board_leader_killed_face_down(nx_state *s, int leader);
int nx_board_leader_revivable(const nx_state *s, int leader);

/*
 * The object of a Bene Gesserit Voice command as the protocol names it
 * (interpreter/battle/nx_battle_voice.c, the view): "projectile_weapon",
 * "poison_weapon", "projectile_defense", "poison_defense", "worthless",
 * "cheap_hero", or a special card's id ("lasgun").  play.voice_what holds
 * an nx_voice_kind, or NX_VOICE_NAMED + the named card.  The parser also
 * takes the core's spellings ("projectile_defence"); -1 when unknown.
 */
const char *nx_board_voice_what_id(uint8_t voice_what);
int nx_board_voice_what_parse(const char *id);

#endif
