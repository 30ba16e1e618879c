/*
 * nx_game: one game: its flat state, the pinned pack and ruling settings,
 * and the action log.
 *
 * Actions are JSON objects:
 *   {"id": "a7", "version": 6, "seat": 2, "type": "play_nexus", ...}
 * `id` is chosen by the client and makes retries safe: applying an id
 * that was already committed returns the original result and changes
 * nothing.  `version` is the state version the client saw; any other
 * version is refused as stale.  Applying is atomic: the state is saved
 * (nx_state_save), the action runs, every invariant is checked, and any
 * refusal puts the saved state back byte for byte.  Any failure (malformed, illegal, script error, budget, broken
 * invariant) leaves the game byte-identical.  The action types are listed
 * in docs/protocol.md.
 */
#ifndef NX_GAME_H
#define NX_GAME_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "nx_rulings.h"
#include "nx_engine.h"
#include "nx_state.h"
#include "nx_advice.h"

typedef struct nx_game nx_game;

typedef struct nx_game_config {
    uint64_t seed;
    int nseats;                          /* 2..6 */
    nx_faction factions[NX_MAX_SEATS];   /* native faction per seat */
    int nexus_cards;                     /* the Nexus card module */
    int advanced;                        /* Advanced rules */
    int designer;                        /* designer's table: allows the host's
                                            "place" action (scenario set-ups) */
    int staging;                         /* staging table: a rules game that allows
                                            the host's "stage" action (nx_stage.c) */
} nx_game_config;

/* Choose `k` (2..6) of the six classic factions from a seed, into
 * cfg->factions and cfg->nseats (for --seats K and the demo). */
void nx_game_classic_factions(nx_game_config *cfg, int k);

/* Create a game and run setup.  NULL with a message on bad config. */
nx_game *nx_game_new(const nx_runtime *rt, const nx_settings *settings,
                     const nx_game_config *cfg, char *err, size_t errlen);
void nx_game_free(nx_game *g);

/*
 * Apply one action.  Always returns a JSON result text (caller frees):
 *   {"ok": true, "version": N, "log": [...]} or
 *   {"ok": false, "code": "stale|malformed|illegal|script|invariant",
 *    "error": "..."}
 */
char *nx_game_apply(nx_game *g, const char *action_json);

/*
 * The same for an action already held as a JSON value (a bot's move, a C
 * host's): no text round trip, the same result and the same canonical
 * text in the log as nx_game_apply of json_dumps(action).  The value is
 * only read; the caller keeps it.
 */
char *nx_game_apply_value(nx_game *g, json_t *action);

/*
 * The same for a host that keeps the game durably: once the action is
 * verified, it is kept (state and log) and `commit` is called with the
 * game holding it as its newest log entry.  When commit fails (nonzero,
 * with a message in err) the game is put back exactly as before (state
 * and log), the result is {"ok":false,"code":"store","error":...}, and a
 * retry of the same id is applied afresh.  So the game holds an action
 * only if its host committed it.
 */
typedef int (*nx_game_commit_fn)(void *ctx, const nx_game *g, char *err, size_t errlen);
char *nx_game_apply_durable(nx_game *g, const char *action_json, nx_game_commit_fn commit, void *ctx);

/* A seat's view (seat -1: spectator), JSON text; caller frees. */
char *nx_game_view(const nx_game *g, int seat);
/* The same as a JSON value; caller decrefs. */
json_t *nx_game_view_json(const nx_game *g, int seat);

/* Save as JSON text (caller frees), ending with a checksum of its bytes.
 * Load a saved game; NULL and a message when the file is refused.  A file
 * whose checksum matches, saved by this engine version with this pack, is
 * loaded from its saved state without replaying its log; any other is
 * verified by replaying its log (every result and the final state must be
 * the saved ones), as nx_game_load_verified always does (`nexus verify`). */
char *nx_game_save(const nx_game *g);
nx_game *nx_game_load(const nx_runtime *rt, const char *json, char *err, size_t errlen);
nx_game *nx_game_load_verified(const nx_runtime *rt, const char *json, char *err, size_t errlen);

/* nx_game_load without the pack digest check, for `nexus repin`: the log
 * is replayed under the loaded pack and every result, and the final state,
 * must still be the saved ones; a mismatch's message names the action
 * (log index, id, saved and replayed result).  Saving the game then pins
 * the loaded pack's digest. */
nx_game *nx_game_load_unpinned(const nx_runtime *rt, const char *json, char *err, size_t errlen);
/* A fresh game with g's runtime, pinned settings and config, just after
 * setup (to step through g's log one action at a time: `nexus replay`). */
nx_game *nx_game_restart(const nx_game *g, char *err, size_t errlen);

const nx_state *nx_game_state(const nx_game *g);
/* Tests only: the live state, to stage a situation (forces, spice, storm,
 * phase) before applying actions.  A staged game no longer matches its
 * log, so saving and reloading it is refused by replay verification.
 * (A staging table stages with the logged "stage" action instead, which
 * keeps replay exact: docs/scenarios.md.) */
nx_state *nx_game_state_mut(nx_game *g);
/* Is a panel available under this game's pinned rulings?  (Public: the
 * pack and the settings are known to every seat.) */
int nx_game_panel_available(const nx_game *g, const char *panel_id);
size_t nx_game_log_length(const nx_game *g);
/* The public log lines of setup (before the first action), JSON array text. */
const char *nx_game_setup_log(const nx_game *g);
/* Candidate actions for a seat's first pending decision, for bots: an
 * array of {"action": {...}, "score": N} (caller decrefs).  Empty when the
 * seat has nothing to decide.  docs/protocol.md lists the action types. */
json_t *nx_game_moves(const nx_game *g, int seat);
/* The i-th committed action and its result, as JSON texts, owned by the
 * game: valid until the game changes or another entry of its log is read
 * (an old entry's block is decompressed into one buffer per game); an
 * entry's action and result may be held together. */
const char *nx_game_log_action(const nx_game *g, size_t i);
/* A panel's bot hint for the seat (docs/dsl.md, "Bot hints"): the "choose"
 * list for its pending panel decision, or whether to play its held card
 * now (a JSON boolean); NULL without one.  Read-only.  Caller decrefs. */
json_t *nx_game_bot_hint(const nx_game *g, int seat);
/* Panel panel_id's bot advice for `seat` as its holder (nx_advice.h): 0
 * (all unsaid without advice), or -1 with err naming the file and field. */
int nx_game_bot_advice(const nx_game *g, int seat, const char *panel_id, nx_advice *out, char *err, size_t len);
const char *nx_game_log_result(const nx_game *g, size_t i);
/* The heap the action log holds (nx_log_heap_bytes), for the benchmarks. */
size_t nx_game_log_heap_bytes(const nx_game *g);
/* The host's record of the i-th action's log lines (JSON array text), when
 * it says more than the result's public log (the spice behind every shield
 * at a Mentat Pause's standings); NULL when it says the same, and for an
 * entry loaded from a save.  For the host only: never in a result, a view
 * or a save. */
const char *nx_game_log_record(const nx_game *g, size_t i);

#endif
