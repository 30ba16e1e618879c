/*
 * nx_nexus: the Nexus card lifecycle and panel play, as the rest of the
 * rules layer calls them (interpreter/nexus/; internal).
 */
#ifndef NX_NEXUS_H
#define NX_NEXUS_H

#include "nx_module.h"

/* The Nexus card lifecycle (interpreter/nexus/nx_lifecycle.c). */
/* Phase hooks (nx_mod_lifecycle's): entering Spice Blow resets the
 * phase-level fact; leaving it opens the draw opportunity.  Returns 1 when
 * the phase must wait for decisions before it ends. */
void nx_lifecycle_phase_begin(nx_state *s, int phase);
int nx_lifecycle_phase_end(nx_act *a, int phase);
/* An alliance formed between two seats: both discard their held card. */
void nx_lifecycle_alliance_formed(nx_act *a, uint8_t x, uint8_t y);
/* Answer to an NX_PEND_NEXUS_DRAW decision. */
int nx_lifecycle_answer_draw(nx_act *a, const nx_pending *p, nx_word word);
/* The mode a seat would play a Nexus card in. */
int nx_lifecycle_mode(const nx_state *s, uint8_t seat, nx_comp card);

/* Panels (interpreter/nexus/nx_panel_play.c). */
int nx_panel_play(nx_act *a, const char *requested_path);
int nx_panel_resume(nx_act *a, const nx_pending *p, const nx_comp *chosen, int n);
/* Play the seat's held card now, for the response window it answered
 * (nx_battle_close_window): 0; 1 when the play is a Karama target held
 * for its own window (nx_panel_karama.c), made once it is answered; or
 * -1 with a->failed_late set. */
int nx_panel_settle(nx_act *a, uint8_t seat);
/* A held Nexus play whose Karama window has every answer: make it or, when
 * a Karama stopped it, spend its card (nx_panel_karama.c).  The ruleset's
 * settle calls it after every action, before any procedure runs; 0, or -1
 * with the action failed. */
int nx_panel_karama_settle(nx_act *a);
/* While a held play's Karama window is open, only its answers (and a
 * seat's private draw policy) are taken: -1 with the action failed for
 * anything else, 0 otherwise.  Part of the ruleset's holds. */
int nx_panel_karama_holds(nx_act *a);
/* Answer a panel's ask of another kind than cards (nexus/nx_ask.h): the
 * "choose" array is validated against the saved ask, then resumed. */
int nx_panel_answer(nx_act *a, const nx_pending *p, const json_t *choose);
/* A panel's bot hint (its Lua `bot` function, read-only): for a pending
 * panel decision of the seat, the "choose" list it suggests; otherwise
 * whether to play the held card now (true/false).  NULL: no hint (no bot
 * function, nil, or a script error), the bots' default applies. */
json_t *nx_panel_bot_hint(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat);
/* Panel panel_id's bot advice for `seat` as its holder (docs/dsl.md, "Bot
 * advice"): 0 with *out (all unsaid when the panel gives none), or -1 with
 * *out unsaid and err naming the script file and the field. */
int nx_panel_advice(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat,
                    const char *panel_id, nx_advice *out, char *err, size_t len);

/* The modules of the Nexus card layer (in the Dune ruleset's list): the
 * lifecycle's phase and alliance hooks and its draw decision
 * (nx_lifecycle.c); play_nexus and the panels' questions (nx_panel_acts.c). */
extern const nx_module nx_mod_lifecycle;
extern const nx_module nx_mod_panels;

#endif
