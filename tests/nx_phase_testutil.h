/*
 * Shared helpers for the game-turn suites (test_phase_*.c, test_battle_*.c,
 * test_ally.c, test_special_cards.c): a runtime on the built-in pack,
 * rules games with chosen factions and rulings, staged positions
 * (rewritten with nx_game_state_mut), actions applied by seat with their
 * outcome checked, counts of forces, cards and spice, pending decisions,
 * battle shorthands, and the check that every candidate the bots list
 * (nx_game_moves) is accepted.
 *
 * Compiled into every test executable beside nx_testutil.c; every name
 * carries the nxt_ (NXT_ for macros and constants) prefix.
 */
#ifndef NX_PHASE_TESTUTIL_H
#define NX_PHASE_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "nx_board.h"
#include "nx_game.h"
#include "nx_module.h"
#include "nx_nexus.h"
#include "nx_turn.h"
#include "nx_testutil.h"
#include "nx_util.h"

/* ---- the runtime -------------------------------------------------------------- */

/* The runtime on cards/pack.yaml that every game here is made on. */
extern nx_runtime nxt_rt;

/* Open nxt_rt (asserting the pack loads; its diagnostics go to stderr). */
void nxt_open(void);
/* Close nxt_rt. */
void nxt_close(void);

/* ---- games -------------------------------------------------------------------- */

/* What nxt_new_game makes. */
typedef struct nxt_spec {
    int advanced, designer, nseats;
    nx_faction factions[NX_MAX_SEATS];
    const char *ruling, *setting;     /* one ruling to set, or NULL */
    uint64_t seed;                    /* 0: seed 5 */
} nxt_spec;

/* The six classic factions in a fixed seat order, and their seats. */
extern const nx_faction nxt_classic6[6];
enum { NXT_ATR, NXT_BG, NXT_EMP, NXT_FRE, NXT_HAR, NXT_GLD };

/* A new rules game of this spec (asserting it is made); the spec is
 * remembered so nxt_copy_game can copy the game's position. */
nx_game *nxt_new_game(const nxt_spec *gs);

/* A copy of a game made by nxt_new_game (or a staging helper built on it),
 * staged or not: a game of the same spec whose state is overwritten with
 * the original's. */
nx_game *nxt_copy_game(const nx_game *g);

/* A six-seat game of the classic factions (nxt_classic6). */
nx_game *nxt_classic_game(int advanced);

/* ---- actions (body form: the action's own keys, JSON without braces) ----------- */

/* Apply `body` for a seat (id and version filled in); returns the result
 * object (caller decrefs). */
json_t *nxt_act(nx_game *g, int seat, const char *body);

/* The "error" text of a result, or NULL. */
const char *nxt_result_error(json_t *r);

/* The action is accepted. */
void nxt_ok(nx_game *g, int seat, const char *body);

/* As nxt_ok, returning the result (caller decrefs) so the test can read its log. */
json_t *nxt_done(nx_game *g, int seat, const char *body);

/* As nxt_ok, and the public log of the action has a line containing `needle`. */
void nxt_ok_logs(nx_game *g, int seat, const char *body, const char *needle);

/* Refused with `code` and a reason containing `why`; nothing changed. */
void nxt_refused(nx_game *g, int seat, const char *body, const char *code, const char *why);

/* Does the public log of a result have a line containing needle? */
int nxt_log_has(json_t *r, const char *needle);

/* An always-legal action (seat 0's private "set_policy"): the game settles
 * (runs the staged phase's procedures) after it.  Returns the result. */
json_t *nxt_poke(nx_game *g);
/* Pass every open Karama window against a faction advantage (outside the
 * battle); returns how many answers it gave. */
int nxt_pass_karama_windows(nx_game *g);

/* nxt_poke, asserting it is accepted; returns the result with the phase's log. */
json_t *nxt_stage_go(nx_game *g);

/* nxt_stage_go, dropping the result. */
void nxt_settle(nx_game *g);

/* Answer every pending ally_aid decision (docs/rules/alliances.md): each
 * allied seat offers `amount` of its spice (at most what it holds; -1: all
 * of it).  Returns how many were answered. */
int nxt_offer_aid(nx_game *g, int amount);

/* ---- actions (printf form: a whole JSON object) --------------------------------- */

/*
 * Apply an action (JSON object text with printf arguments; id, version and
 * seat are filled in) from a seat.  Returns the result text (caller frees).
 * A refused action must leave the state byte-identical.
 */
char *nxt_apply(nx_game *g, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Is a result text an acceptance? */
int nxt_accepted(const char *result);

/* nxt_apply, asserting the action is accepted. */
#define NXT_OK(g, seat, ...)                                                    \
    do {                                                                        \
        char *r_ = nxt_apply((g), (seat), __VA_ARGS__);                         \
        ck_assert_msg(nxt_accepted(r_), "refused: %s", r_);                     \
        free(r_);                                                               \
    } while (0)

/* nxt_apply, asserting the action is refused with this code (a string
 * literal) and a message containing `why`. */
#define NXT_REFUSED(g, seat, code, why, ...)                                    \
    do {                                                                        \
        char *r_ = nxt_apply((g), (seat), __VA_ARGS__);                         \
        ck_assert_msg(!nxt_accepted(r_) && strstr(r_, "\"" code "\"") && strstr(r_, why), "expected %s (%s): %s", code, why, r_); \
        free(r_);                                                               \
    } while (0)

/* ---- bots ----------------------------------------------------------------------- */

/* The seat's best-scored candidate, applied. */
void nxt_play_best(nx_game *g, int seat);

/* Answer every setup decision with the best candidate. */
void nxt_finish_setup(nx_game *g);

/* Every candidate the seat's decision lists is accepted (each tried on a
 * nxt_copy_game copy of the position); returns how many there were. */
int nxt_all_moves_accepted(const nx_game *g, int seat);

/* Every candidate the bots list for `seat` is accepted (there is at least
 * one), each tried on a fresh copy of the staged position built by `make`. */
void nxt_stage_check_moves(nx_game *(*make)(void), int seat);

/* The action of the seat's best-scored candidate move (the first of the
 * top score, as the simple bot breaks no tie here); a new reference, or
 * NULL when the seat has no candidate.  `listed` (may be NULL) receives
 * the whole list as text for a failure message (caller frees). */
json_t *nxt_best_action(nx_game *g, int seat, char **listed);

/* ---- staging -------------------------------------------------------------------- */

/* The game's state, to rewrite. */
nx_state *nxt_mut(nx_game *g);

/* Remove every pending decision. */
void nxt_clear_pending(nx_state *s);

/* Stage the start of a phase on a turn; nxt_poke then runs its procedure. */
void nxt_stage_phase(nx_game *g, int phase, int turn);

/*
 * A rules game (nxt_new_game, seed 7) staged at the start of `phase` on
 * the last turn (the game ends after it rather than running into another
 * turn), every force in reserves, no spice held, no alliance, no advisor,
 * the First Player at seat 0.  The test shapes the state further, then
 * pokes the game to run the phase's procedure.
 */
nx_game *nxt_stage_new(const nx_faction *factions, int n, int advanced, int phase);

/*
 * A rules game (seed 11, default settings) for these factions with a clean
 * board: every force in reserve, no spice on the board, no decision
 * pending, no alliance or offer, storm in `storm_sector`, storm order from
 * seat 0, turn 2, at the start of `phase`.  Each seat gets `spice`.
 */
nx_game *nxt_stage_turn2(const nx_faction *factions, int nseats, int advanced, int phase, int storm_sector, int spice);

/* A Battle phase staged by nxt_stage_new on a clean table: no Treachery
 * card or Traitor Card held, no spice on the board, storm in sector 0,
 * 10 spice each. */
nx_game *nxt_battle_new(const nx_faction *f, int n, int advanced);

/* Exactly these cards (NX_COMP_NONE-terminated) in a seat's hand; its
 * previous cards go to the bottom of the Treachery Deck. */
void nxt_stage_hand(nx_game *g, uint8_t seat, const nx_comp *cards);

/* A seat holds exactly these Treachery cards (ids; NULL for none). */
void nxt_hand(nx_game *g, uint8_t seat, const char *a, const char *b, const char *c);

/* A seat holds the Traitor Card of a leader. */
void nxt_traitor(nx_game *g, uint8_t seat, const char *leader);

/* Seats a and b are allies. */
void nxt_ally(nx_game *g, int a, int b);

/* The section of an id (asserting it exists). */
int nxt_section(const char *id);

/* The component of an id (asserting it exists). */
nx_comp nxt_comp(const char *id);

/* Put n ordinary (and e elite) counters of a seat from reserve on a section. */
void nxt_put(nx_game *g, int seat, const char *sec, int n, int e);

/* Everything a seat has on the board back in reserve; no advisors. */
void nxt_clear_board(nx_game *g, int seat);

/* Put Spice cards on top of the Spice Deck: ids[0] on top (NULL ends). */
void nxt_stack_deck(nx_game *g, const char *const *ids);
#define NXT_STACK(g, ...) nxt_stack_deck(g, (const char *const[]){ __VA_ARGS__, NULL })

/* Send a leader's disc to the Tanks. */
void nxt_leader_to_tanks(nx_game *g, const char *leader);

/* ---- looking -------------------------------------------------------------------- */

/* A seat's counters of one kind on a section. */
int nxt_at(const nx_game *g, int seat, const char *sec, int kind);

/* A seat's counters (both kinds) on a section. */
int nxt_here(const nx_game *g, int seat, const char *sec);

/* A seat's counters (both kinds) in the Tanks. */
int nxt_tanks(const nx_game *g, int seat);

/* A seat's spice. */
int nxt_spice(const nx_game *g, int seat);

/* The zone of a leader's disc; is the leader in the Tanks? */
nx_zone nxt_leader_zone(const nx_game *g, const char *leader);
int nxt_leader_dead(const nx_game *g, const char *leader);

/* The zone of a card (by id). */
int nxt_card_zone(const nx_game *g, const char *id);

/* A seat's first pending decision, or NULL. */
const nx_pending *nxt_pending(const nx_game *g, int seat);

/* A seat's pending decision of a kind, or NULL. */
const nx_pending *nxt_decision(const nx_game *g, int seat, nx_pending_kind kind);

/* Is the game in this phase? */
int nxt_in_phase(const nx_game *g, int phase);

/* A seat's view (-1: spectator), as JSON text (caller frees). */
char *nxt_view_text(const nx_game *g, int seat);

/* Does a seat's view mention `text` anywhere? */
int nxt_view_has(const nx_game *g, int seat, const char *text);

/* ---- modules run directly ------------------------------------------------------- */

/* Run one module's procedure on the game's state directly (no action, no
 * settle), asserting it succeeds and leaves a consistent state: for phases
 * tested alone.  Returns the log lines (caller decrefs). */
json_t *nxt_run(nx_game *g, const nx_module *m);

/* Does a log line (of an nxt_run log) contain the text? */
int nxt_logged(const json_t *log, const char *text);

/* ---- storms --------------------------------------------------------------------- */

/* The body of a storm dial of v (a static buffer: use before the next call). */
const char *nxt_dial(int v);

/* A six-seat classic game whose setup is answered: the first storm's dials are open. */
nx_game *nxt_at_first_storm(int advanced);

/* From the first storm's dials (Harkonnen and Guild), the storm ends in
 * sector `to` (1..18). */
void nxt_first_storm_to(nx_game *g, int to);
/* Pass every open Karama window against a faction advantage (advantage_karama). */
void nxt_pass_adv_windows(nx_game *g);

/* ---- battles -------------------------------------------------------------------- */

/* Is a decision one of those before the plans (Voice, Prescience, Karama)? */
int nxt_before_plans(uint8_t kind);

/* Pass the Voice, Prescience and every Karama window, as they open. */
void nxt_no_advantages(nx_game *g);

/* Run the staged phase up to the plans, passing what comes before them. */
void nxt_go(nx_game *g);

/* Pass every open traitor call. */
void nxt_no_calls(nx_game *g);

/* A battle plan by a seat: the action's keys after "type". */
void nxt_plan(nx_game *g, int seat, const char *keys);

#endif
