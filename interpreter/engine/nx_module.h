/*
 * nx_module: how the game turn is put together (internal; the engine's
 * half of the registration, engine/nx_module.c).
 *
 * Each phase of the turn is one module (interpreter/turn/nx_phase_<name>.c)
 * that owns its procedure, the action types it accepts and the decision
 * kinds it opens.  A ruleset lists the modules (interpreter/ruleset/nx_ruleset.c)
 * and the runtime carries it: the engine dispatches actions, "pass" and
 * bots' moves through the list, and calls the ruleset's setup and settle,
 * without knowing which module owns what.
 *
 * The procedure contract (rules games; designer's tables skip procedures
 * and let the host "advance"):
 *
 *   run(a) is called on entering the phase (s->play.step == 0,
 *   s->play.cursor == 0) and again whenever no decision is pending.  It
 *   moves the phase forward from s->play.step, resolving everything that
 *   needs no decision, and either opens decisions (nx_state_add_pending)
 *   and returns 1, or returns 0 when the phase's procedure is over.  It
 *   must not return 1 without opening a decision (the game would stall;
 *   asserted).  Actions that answer decisions only record the answer and
 *   close the decision; the next run() does what follows, so the
 *   sequence lives in one place.
 *
 * Decision kinds: each module that opens a kind of decision says how a
 * "pass" answers it (NULL: passing is not allowed) and lists candidate
 * actions for bots (moves).  The modules' decision lists together are the
 * table of decision kinds: one owner per kind (nx_ruleset_decision_owner;
 * test_decisions checks every kind has exactly one, and a name in
 * core/nx_names.c).  Who answers is the pending decision's seat; the view
 * is core/nx_view.c's, the same for every kind.  The answer's parser and
 * validator stay in each module's action handlers: they check the answer
 * against the phase's own state (a bid against both purses, a shipment
 * against the board), which a generic table entry could not do without
 * rewriting the phases.
 */
#ifndef NX_MODULE_H
#define NX_MODULE_H

#include "nx_act.h"
#include "nx_ruling_names.h"
#include "nx_advice.h"

typedef struct nx_act_entry {
    const char *type;
    nx_act_fn fn;
    int host_only;
} nx_act_entry;

/*
 * Candidate actions for a decision, for bots.  Append objects
 *   {"action": {"type": ..., ...}, "score": N}
 * to `out` with nx_moves_add.  The action carries no id, version or seat.
 * Every listed action must be legal; the list should cover each kind of
 * choice (it may coarsen counts: all, half, one).  The score is a cheap
 * heuristic, higher is better, computed only from what the deciding seat
 * may see.
 */
typedef void (*nx_moves_fn)(const nx_state *s, const nx_pending *p, json_t *out);

typedef struct nx_decision_ops {
    uint8_t kind;                                   /* nx_pending_kind; 0 ends a list */
    int (*pass)(nx_act *a, const nx_pending *p);    /* NULL: "pass" is refused */
    nx_moves_fn moves;
    /* How the "answer" action answers it (the seat's first decision is the
     * one answered; nx_ruleset_answer); NULL: "answer" does not. */
    int (*answer)(nx_act *a, const nx_pending *p);
} nx_decision_ops;


typedef struct nx_module {
    const char *name;
    int phase;                          /* NX_P_* whose procedure this is, NX_P_SETUP, or -1 */
    int (*run)(nx_act *a);              /* the procedure; NULL for modules without one */
    const nx_act_entry *actions;        /* ends with {NULL}; may be NULL */
    const nx_decision_ops *decisions;   /* ends with {0}; may be NULL */
    /* Hooks the sequencer calls for every module that has them (NULL: none):
     * a phase begins; a phase's procedure is over (1: its end opened
     * decisions, the phase waits for them); the module's own phase is over,
     * windows included, just before the next phase begins. */
    void (*phase_begin)(nx_state *s, int phase);
    int (*phase_end)(nx_act *a, int phase);
    void (*finish)(nx_act *a);
    /* Two seats formed an alliance (nx_ruleset_allied calls every module
     * that has the hook, in list order). */
    void (*allied)(nx_act *a, uint8_t x, uint8_t y);
} nx_module;

/* The rules a runtime runs games by (nx_runtime.rules). */
typedef struct nx_ruleset {
    const nx_module *const *modules;    /* in dispatch order */
    size_t nmodules;
    /* Seats, decks and setup decisions on a fresh nx_state_init'ed a->s. */
    void (*setup)(nx_act *a, const nx_faction *factions, int nseats, uint8_t options);
    /* Run procedures while nothing is pending (after setup and every action). */
    void (*settle)(nx_act *a);
    /* Fails the action (-1) when a step of the rules must come first
     * (bidding's post-purchase step), else 0. */
    int (*holds)(nx_act *a);
    /* A panel's bot hint for the seat, or NULL (no hint). */
    json_t *(*bot_hint)(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat);
    /* A panel's bot advice for a seat as its holder: 0, or -1 with err. */
    int (*bot_advice)(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat,
                      const char *panel_id, nx_advice *out, char *err, size_t len);
    /* The Nexus card layer's entry points for the modules below it (the
     * phases and the battle play a card through these, never by name):
     * play the acting seat's held card inside another action (path NULL:
     * the panel's own), and play a seat's card for the response window
     * it answered; each 0, or -1 with the action failed (settle_panel:
     * 1 when the play waits for its own Karama window). */
    int (*play_panel)(nx_act *a, const char *path);
    int (*settle_panel)(nx_act *a, uint8_t seat);
} nx_ruleset;

/* The handler of an action type, or NULL (host_only: the host's action). */
nx_act_fn nx_ruleset_action(const nx_ruleset *r, const char *type, int *host_only);
/* How a decision kind is passed and listed for bots, or NULL. */
const nx_decision_ops *nx_ruleset_decision(const nx_ruleset *r, int kind);
/* The handler of an action type in the modules after `m` in the list, or
 * NULL: a module's handler that finds no decision of its own to answer
 * passes the action on (two windows answered by one word, "karama"). */
nx_act_fn nx_ruleset_action_after(const nx_ruleset *r, const nx_module *m, const char *type);
/* The module whose procedure runs a phase, or NULL. */
const nx_module *nx_ruleset_procedure(const nx_ruleset *r, int phase);
/* The module that owns a decision kind (its decisions list names it), or
 * NULL when none does or more than one does: the table of decision kinds
 * has one owner per kind (test_decisions). */
const char *nx_ruleset_decision_owner(const nx_ruleset *r, int kind);
/* The "answer" action: answers the seat's first decision by its kind's
 * answer (refused when the kind has none). */
int nx_ruleset_answer(nx_act *a);
/* Every module's alliance hook, in list order. */
void nx_ruleset_allied(nx_act *a, uint8_t x, uint8_t y);
/* Candidate actions for the seat's first decision (bots), appended to out
 * as {"action": {...}, "score": N}. */
void nx_ruleset_moves(const nx_ruleset *r, const nx_state *s, uint8_t seat, json_t *out);

/* Append one candidate (steals the reference to action). */
void nx_moves_add(json_t *out, int score, json_t *action);

/* The decision of `seat` of a kind, or NULL. */
const nx_pending *nx_pending_find(const nx_state *s, uint8_t seat, nx_pending_kind kind);
/* As nx_pending_find, failing the action with a reason when there is none. */
const nx_pending *nx_act_need(nx_act *a, nx_pending_kind kind);
/* Is the action being applied of this type (its "type" field)? */
int nx_act_is(const nx_act *a, const char *type);

/* A ruling's effective setting in this game, or `fallback` when the pack
 * does not declare the ruling. */
const char *nx_act_setting(nx_act *a, const char *ruling_id, const char *fallback);
/* Is this the setting the game chose for the ruling?  Spelled by name,
 * NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, EVERY_PLAY): both names come
 * from the registry (nx_ruling_names.h), so a misspelt one fails the build.
 * False when the pack lacks the ruling. */
int nx_act_setting_is(nx_act *a, const char *ruling_id, const char *setting);
#define NX_SETTING_IS(a, ruling, setting) nx_act_setting_is((a), NX_RULING_##ruling, NX_RSS_##ruling##_##setting)

/* Action arguments (each fails the action with a reason naming the key). */
int nx_arg_int(nx_act *a, const char *key, int lo, int hi, int *out);
int nx_arg_int_opt(nx_act *a, const char *key, int lo, int hi, int dflt, int *out);
int nx_arg_section(nx_act *a, const char *key, int *out);      /* a board section id */
int nx_arg_territory(nx_act *a, const char *key, int *out);    /* a territory id */
/* "territories": one or more distinct territory ids (the advisor flips:
 * Wartime, Bene Gesserit Cunning); *n is how many. */
int nx_arg_territories(nx_act *a, int out[NX_MAP_TERRITORIES], int *n);
int nx_arg_faction(nx_act *a, const char *key, nx_faction *out);
/* "choose": exactly p->count distinct options of the pending decision p,
 * into out (room for NX_MAX_OPTIONS); *n is how many. */
int nx_arg_choose(nx_act *a, const nx_pending *p, nx_comp *out, int *n);
/* Only the keys a type documents may appear (plus id, version, seat, type). */
int nx_arg_keys(nx_act *a, const char *const *allowed);
#define NX_KEYS(...) (const char *const[]){ __VA_ARGS__, NULL }
#define NX_NO_KEYS (const char *const[]){ NULL }

#endif
