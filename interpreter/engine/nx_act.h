/*
 * nx_act: what an action handler works with (internal to interpreter/).
 *
 * Handlers mutate a scratch copy of the state; nx_game keeps the copy only
 * when the handler and the invariant check both succeed.  Log lines are
 * public: never put a hidden identity in one (private facts go into
 * receipts via nx_state_add_receipt).
 */
#ifndef NX_ACT_H
#define NX_ACT_H

#include <jansson.h>

#include "nx_avail.h"
#include "nx_runtime.h"
#include "nx_state.h"

#define NX_LEDGER_MAX 64

typedef struct nx_act {
    nx_state *s;                 /* scratch state */
    const nx_runtime *rt;
    const nx_settings *settings;
    nx_avail avail;              /* computed on first use: see nx_act_avail */
    int avail_ready;
    nx_avail **game_avail;       /* the game's copy, kept once computed (or NULL) */
    const json_t *action;
    int seat;                    /* acting seat, -1 for the host */
    json_t *log;                 /* public log lines */
    const char *code;            /* error class when failing */
    int failed_late;             /* a procedure failed the action after its handler (nx_game checks) */
    char err[512];
    /* Every spice transfer of the action, in order (engine/nx_spice.h):
     * the engine's record, not saved and shown to no seat. */
    struct nx_spice_entry {
        int8_t payer, payee;     /* seat, or NX_SPICE_BANK */
        int16_t amount;
        char reason[24];
    } ledger[NX_LEDGER_MAX];
    int nledger;                 /* entries kept (at most NX_LEDGER_MAX) */
    int ledger_dropped;          /* entries past NX_LEDGER_MAX, counted only */
} nx_act;

/* Panel availability under the game's settings.  The settings are pinned
 * for the game, so it is computed the first time an action of the game
 * needs it (most actions never do; a game without Nexus cards never) and
 * kept in *game_avail for the rest of the game.  Without game_avail it is
 * computed for the action and freed with it. */
const nx_avail *nx_act_avail(nx_act *a);

/* Record a failure; returns -1 so handlers can `return nx_act_fail(...)`. */
int nx_act_fail(nx_act *a, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nx_act_log(nx_act *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "seat 2 (Harkonnen)" */
const char *nx_act_who(const nx_state *s, int seat, char *buf, size_t len);

/* Action handlers, dispatched by nx_game on "type" (the modules' tables,
 * interpreter/engine/nx_module.h). */
typedef int (*nx_act_fn)(nx_act *a);
nx_act_fn nx_act_lookup(const char *type, int *host_only);

/* Setup (interpreter/turn/nx_setup.c): seats, Traitor deal, Nexus deck, and
 * the setup decisions.  a->s is a fresh nx_state_init'ed state. */
void nx_setup_run(nx_act *a, const nx_faction *factions, int nseats, uint8_t options);
/* Called when the last setup decision is answered. */
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

/* The Nexus card lifecycle (interpreter/nexus/nx_lifecycle.c). */
void nx_lifecycle_init_deck(nx_state *s);
/* Phase hooks: entering Spice Blow resets the phase-level fact; leaving it
 * opens the draw opportunity.  Returns 1 when the phase must wait for
 * decisions before it ends. */
void nx_lifecycle_phase_begin(nx_state *s, int phase);
int nx_lifecycle_phase_end(nx_act *a, int phase);
/* An alliance formed between two seats: both discard their held card. */
void nx_lifecycle_alliance_formed(nx_act *a, uint8_t x, uint8_t y);
/* Answer to an NX_PEND_NEXUS_DRAW decision. */
int nx_lifecycle_answer_draw(nx_act *a, const nx_pending *p, nx_word word);
/* The mode a seat would play a Nexus card in. */
int nx_lifecycle_mode(const nx_state *s, uint8_t seat, nx_comp card);

/* Panels (interpreter/nexus/nx_panel_ctx.c). */
int nx_panel_play(nx_act *a, const char *requested_path);
int nx_panel_resume(nx_act *a, const nx_pending *p, const nx_comp *chosen, int n);
/* Play the seat's held card now, for the response window it answered
 * (nx_battle_close_window): 0, or -1 with a->failed_late set. */
int nx_panel_settle(nx_act *a, uint8_t seat);

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
/* Candidate actions for the seat's first decision (bots), appended to out
 * as {"action": {...}, "score": N}. */
void nx_phases_moves(const nx_state *s, uint8_t seat, json_t *out);

#endif
