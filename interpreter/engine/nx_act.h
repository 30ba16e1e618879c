/*
 * nx_act: what an action handler works with (internal; engine/nx_act.c).
 *
 * Handlers mutate the game's state; nx_game saved it before (nx_state_save)
 * and puts it back unless the handler and the invariant check both succeed.  Log lines are
 * public: never put a hidden identity in one (private facts go into
 * receipts via nx_state_add_receipt).
 */
#ifndef NX_ACT_H
#define NX_ACT_H

#include <jansson.h>

#include "nx_avail.h"
#include "nx_engine.h"
#include "nx_state.h"

#define NX_LEDGER_MAX 64

typedef struct nx_act {
    nx_state *s;                 /* the game's state (put back if the action is refused) */
    const nx_runtime *rt;
    const nx_settings *settings;
    nx_avail avail;              /* computed on first use: see nx_act_avail */
    int avail_ready;
    const nx_avail **game_avail; /* the game's reference to the shared one, once taken (or NULL) */
    const json_t *action;
    int seat;                    /* acting seat, -1 for the host */
    json_t *log;                 /* public log lines */
    /* The host's record of the lines (nx_game_log_record), made only when
     * a line says more to the host than to the table (nx_act_log_record)
     * and only for an action nx_game keeps (keep_record): NULL otherwise. */
    json_t *record;
    int keep_record;
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
 * for the game, so the first time an action of the game needs it (most
 * actions never do; a game without Nexus cards never) the game takes a
 * reference to the one shared by every game of the same pack and settings
 * (nx_avail_acquire), kept in *game_avail until the game is freed.
 * Without game_avail it is computed for the action and freed with it. */
const nx_avail *nx_act_avail(nx_act *a);

/* Record a failure; returns -1 so handlers can `return nx_act_fail(...)`. */
int nx_act_fail(nx_act *a, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nx_act_log(nx_act *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line the table reads as `public_line` and the host's record as
 * `record_line` (what the shields hide: every faction's spice). */
void nx_act_log_record(nx_act *a, const char *public_line, const char *record_line);

/* "Harkonnen": the seat's faction (engine/nx_act.c says why) */
const char *nx_act_who(const nx_state *s, int seat, char *buf, size_t len);

/* Action handlers, dispatched by nx_game on "type" through the
 * runtime's ruleset (the modules' tables, engine/nx_module.h). */
typedef int (*nx_act_fn)(nx_act *a);

#endif
