/*
 * nx_turn: what the files of the turn (interpreter/turn/) offer each other
 * and the rules layers above (battle/, nexus/, staging/, ruleset/): setup,
 * the phase sequencer, the Nexus, event windows, and the modules of the
 * turn the Dune ruleset lists (ruleset/nx_ruleset.c).  Internal; the
 * engine sees none of it (it runs the ruleset through engine/nx_module.h),
 * and the turn sees nothing above it: what it needs of a higher layer goes
 * through the ruleset's tables (a Nexus card played: play_panel).
 */
#ifndef NX_TURN_H
#define NX_TURN_H

#include "nx_module.h"

/* Setup (interpreter/turn/nx_setup.c): seats, Traitor deal, Nexus deck, and
 * the setup decisions.  a->s is a fresh nx_state_init'ed state. */
void nx_setup_run(nx_act *a, const nx_faction *factions, int nseats, uint8_t options);
/* Called when the last setup decision is answered (the setup module's
 * finish; nx_stage.c calls it directly). */
void nx_setup_finish(nx_act *a);
/* Deal the Traitor and Treachery Cards unless already dealt (rules games
 * deal them after the prediction and the placements; staging a phase
 * during setup deals them first). */
void nx_setup_deal(nx_act *a);
/* The same deal on a bare state, unlogged: for tests that poke a fresh
 * game's state straight into a phase. */
void nx_setup_deal_state(nx_state *s);

/* A Nexus (interpreter/turn/nx_phase_spice_blow.c): `from` offered an alliance
 * to `to`; a seat that had finished talking gets its decision back. */
void nx_nexus_offer_made(nx_act *a, uint8_t from, uint8_t to);

/* Phase progression (interpreter/turn/nx_phases.c). */
int nx_phases_is_rules_game(const nx_state *s);   /* not a designer's table */
void nx_phases_enter(nx_act *a, int phase);
int nx_phases_advance(nx_act *a);                 /* the host's "advance" (designer's tables) */
/* Run procedures while nothing is pending (rules games; no-op otherwise). */
void nx_phases_settle(nx_act *a);
/* The last Nexus card draw of a phase was answered. */
void nx_phases_draws_done(nx_act *a);
/* The "pass" action: answers the seat's first decision by its kind. */
int nx_phases_pass(nx_act *a);
/* Setup is over: the setup module finishes it and the first turn begins
 * with the storm (the sequencer, and designer's tables when setup's last
 * decision is answered or there was none). */
void nx_phases_end_setup(nx_act *a);

/* Events and their Nexus windows (nx_phases.c; core/nx_events.h): raise
 * the event now being made (user and target may be NX_NO_SEAT), clear it,
 * and open a Nexus card window at it for every seat of the mask holding a
 * card; 1 when any window opened. */
void nx_event_raise(nx_state *s, int kind, uint8_t user, uint8_t target);
void nx_event_clear(nx_state *s);
int nx_windows_open_event(nx_act *a, int kind, uint8_t seats);
uint32_t nx_windows_open_for(nx_act *a, int kind, uint8_t user, uint8_t seats, uint32_t event, const char *prompt);

/* Bidding's post-purchase step comes before any play allowed at any time
 * (Tleilaxu Ghola, Truthtrance) under ixians.secret_ally.anytime_interleave
 * "immediate": fails the action (-1) when it must wait, else 0. */
int nx_bidding_holds(nx_act *a);

/* Carry out the effects owed to `seat` (NX_NO_SEAT: all) at the Mentat
 * Pause: at its start (at_window 0) or at the seat's turn in its storm-order
 * pass (at_window 1), as harkonnen.betrayal.mentat_order orders
 * (interpreter/turn/nx_owed.c). */
void nx_owed_mentat(nx_act *a, uint8_t seat, int at_window);

/* Ask every allied seat how much it offers its ally toward this phase's
 * `what` (Bidding, Shipment and Movement; nx_ally_aid.c); 1 when asked. */
int nx_ally_aid_open(nx_act *a, const char *what);

/* The modules of the Dune turn, in nx_dune_ruleset's list (ruleset/nx_ruleset.c). */
extern const nx_module nx_mod_windows;     /* nx_phases.c: end-of-phase Nexus card windows */
extern const nx_module nx_mod_core;        /* nx_actions.c: host, alliances, answer, pass */
extern const nx_module nx_mod_setup;       /* nx_setup.c */
extern const nx_module nx_mod_storm;       /* nx_phase_storm.c */
extern const nx_module nx_mod_spice_blow;  /* nx_phase_spice_blow.c (and the Nexus) */
extern const nx_module nx_mod_charity;     /* nx_phase_charity.c */
extern const nx_module nx_mod_bidding;     /* nx_phase_bidding.c */
extern const nx_module nx_mod_revival;     /* nx_phase_revival.c */
extern const nx_module nx_mod_shipment;    /* nx_phase_shipment.c */
extern const nx_module nx_mod_collection;  /* nx_phase_collection.c */
extern const nx_module nx_mod_mentat;      /* nx_phase_mentat.c */
extern const nx_module nx_mod_aid;         /* nx_ally_aid.c: offers of aid to an ally */
extern const nx_module nx_mod_ally;        /* nx_ally.c: alliance powers outside decisions */
extern const nx_module nx_mod_cards;       /* nx_truthtrance.c: Treachery cards played at any time (Truthtrance) */

#endif
