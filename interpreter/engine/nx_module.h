/*
 * nx_module: how the game turn is put together (internal to interpreter/).
 *
 * Each phase of the turn is one module (interpreter/turn/nx_phase_<name>.c)
 * that owns its procedure, the action types it accepts and the decision
 * kinds it opens.  nx_phases.c lists the modules and runs them; nothing
 * else needs to know which module owns what.
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
 * actions for bots (moves).
 */
#ifndef NX_MODULE_H
#define NX_MODULE_H

#include "nx_act.h"
#include "nx_ruling_names.h"

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
} nx_decision_ops;

typedef struct nx_module {
    const char *name;
    int phase;                          /* NX_P_* whose procedure this is, NX_P_SETUP, or -1 */
    int (*run)(nx_act *a);              /* the procedure; NULL for modules without one */
    const nx_act_entry *actions;        /* ends with {NULL}; may be NULL */
    const nx_decision_ops *decisions;   /* ends with {0}; may be NULL */
} nx_module;

/* The modules, in nx_phases.c's list. */
extern const nx_module nx_mod_core;        /* nx_actions.c: host, alliances, answer, play_nexus */
extern const nx_module nx_mod_setup;       /* nx_setup.c */
extern const nx_module nx_mod_storm;       /* nx_phase_storm.c */
extern const nx_module nx_mod_spice_blow;  /* nx_phase_spice_blow.c (and the Nexus) */
extern const nx_module nx_mod_charity;     /* nx_phase_charity.c */
extern const nx_module nx_mod_bidding;     /* nx_phase_bidding.c */
extern const nx_module nx_mod_revival;     /* nx_phase_revival.c */
extern const nx_module nx_mod_shipment;    /* nx_phase_shipment.c */
extern const nx_module nx_mod_battle;      /* nx_phase_battle.c */
extern const nx_module nx_mod_collection;  /* nx_phase_collection.c */
extern const nx_module nx_mod_mentat;      /* nx_phase_mentat.c */
extern const nx_module nx_mod_ally;        /* nx_ally.c: alliance powers outside decisions */
extern const nx_module nx_mod_cards;       /* nx_truthtrance.c: Treachery cards played at any time (Truthtrance) */
extern const nx_module nx_mod_stage;       /* nx_stage.c: the staging table's "stage" */

/* Append one candidate (steals the reference to action). */
void nx_moves_add(json_t *out, int score, json_t *action);

/* The decision of `seat` of a kind, or NULL. */
const nx_pending *nx_pending_find(const nx_state *s, uint8_t seat, nx_pending_kind kind);
/* As nx_pending_find, failing the action with a reason when there is none. */
const nx_pending *nx_act_need(nx_act *a, nx_pending_kind kind);

/* Events and their Nexus windows (nx_phases.c; core/nx_events.h): raise
 * the event now being made (user and target may be NX_NO_SEAT), clear it,
 * and open a Nexus card window at it for every seat of the mask holding a
 * card; 1 when any window opened. */
void nx_event_raise(nx_state *s, int kind, uint8_t user, uint8_t target);
void nx_event_clear(nx_state *s);
int nx_windows_open_event(nx_act *a, int kind, uint8_t seats);

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
int nx_arg_faction(nx_act *a, const char *key, nx_faction *out);
/* Only the keys a type documents may appear (plus id, version, seat, type). */
int nx_arg_keys(nx_act *a, const char *const *allowed);
#define NX_KEYS(...) (const char *const[]){ __VA_ARGS__, NULL }
#define NX_NO_KEYS (const char *const[]){ NULL }

#endif
