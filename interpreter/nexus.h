/*
 * nexus.h: the one public header of the Nexus engine, for hosts.
 *
 * A host opens a runtime (a validated card pack with its panels compiled),
 * creates or loads games from it, applies actions, asks for a seat's
 * candidate moves and views, lets an engine bot answer a decision, and
 * saves.  Everything crosses this boundary as UTF-8 JSON text, so the API
 * exposes no type of a library the engine uses; docs/protocol.md lists
 * the actions, the views and the results, and docs/api.md the rules below
 * with an example.
 *
 * Ownership: every `char *` returned is the caller's, freed with
 * nexus_free(); every handle is freed by its own *_free/_close call.  A
 * game keeps a pointer to its runtime: close the runtime after its games.
 *
 * Errors: a function that can fail returns NULL (or -1) and, when `err`
 * is not NULL, writes a one-line message naming where and why into
 * err[0..errlen).  nexus_game_apply never fails that way: its result is
 * a JSON object with "ok" true or false and, when false, a stable "code"
 * ("malformed", "stale", "illegal", "script", "invariant") and an
 * "error" text; a refused action leaves the game byte-identical.
 *
 * Threading: a runtime and the games made from it belong to one thread at
 * a time (they share one Lua state); different runtimes are independent
 * and may run on different threads at once.  No function keeps global
 * mutable state except constant tables built once on first use.
 */
#ifndef NEXUS_H
#define NEXUS_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define NEXUS_API __attribute__((visibility("default")))
#else
#define NEXUS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The API's own version: bumped when a declaration below changes. */
#define NEXUS_API_VERSION 1

/* The engine's version, "MAJOR.MINOR.PATCH", as the saved games pin it. */
NEXUS_API const char *nexus_version(void);
/* NEXUS_API_VERSION as compiled into the library (a host compares it with
 * the header it was built against). */
NEXUS_API int nexus_api_version(void);

typedef struct nexus_runtime nexus_runtime;
typedef struct nexus_game nexus_game;
typedef struct nexus_bot nexus_bot;

/* The installed built-in pack (PREFIX/share/nexus/cards/pack.yaml). */
NEXUS_API const char *nexus_default_pack(void);

/* Load and check a card pack (NULL: the installed built-in pack) and
 * compile its implemented panels.  NULL on failure; `err` then holds the
 * first problem as file:line:col. */
NEXUS_API nexus_runtime *nexus_runtime_open(const char *pack_yaml, char *err, size_t errlen);
NEXUS_API void nexus_runtime_close(nexus_runtime *rt);

/*
 * A new game.  `config_json` is an object:
 *   {"seed": 7, "seats": 4}                         four classic factions chosen from the seed
 *   {"factions": ["atreides", "harkonnen"], ...}    or exactly these, seat by seat
 *   "advanced": true, "nexus_cards": true           optional, both false by default
 *   "rulings": {"<ruling id>": "<setting>", ...}    optional: the settings the game pins
 * Unknown keys and wrong types are refused.
 */
NEXUS_API nexus_game *nexus_game_new(nexus_runtime *rt, const char *config_json,
                                     char *err, size_t errlen);
/* Load a saved game (nexus_game_save's text); its log is replayed and
 * must rebuild the saved state, and its pack digest must match. */
NEXUS_API nexus_game *nexus_game_load(nexus_runtime *rt, const char *saved_json,
                                      char *err, size_t errlen);
NEXUS_API void nexus_game_free(nexus_game *g);

/* Apply one action (docs/protocol.md): {"id", "version", "seat", "type", ...}.
 * Returns the result object as text (never NULL unless out of memory). */
NEXUS_API char *nexus_game_apply(nexus_game *g, const char *action_json);
/* What a seat sees (seat -1: a spectator).  NULL for a seat out of range. */
NEXUS_API char *nexus_game_view(const nexus_game *g, int seat);
/* The candidate moves of a seat's first pending decision: a JSON array of
 * {"action": {...}, "score": N}; empty when the seat has nothing to decide.
 * NULL for a seat out of range. */
NEXUS_API char *nexus_game_moves(const nexus_game *g, int seat);
/* The whole record (every hidden card included): for the host only. */
NEXUS_API char *nexus_game_save(const nexus_game *g);
/* Who acts next: a seat, -1 the host (a designer's table), -2 nobody
 * (the game is over). */
NEXUS_API int nexus_game_next(const nexus_game *g);
/* The state version an action must name. */
NEXUS_API long nexus_game_version(const nexus_game *g);

/* An engine bot: "simple" or "random", seeded.  nexus_bot_step applies
 * the next action of whoever must act (as nexus_game_next says) with the
 * action id `id`, and returns that action's result text; NULL when the
 * game is over or nothing could be applied (then `err` says which). */
NEXUS_API nexus_bot *nexus_bot_new(nexus_runtime *rt, const char *kind, unsigned long long seed,
                                   char *err, size_t errlen);
NEXUS_API char *nexus_bot_step(nexus_bot *b, nexus_game *g, const char *id,
                               char *err, size_t errlen);
NEXUS_API void nexus_bot_free(nexus_bot *b);

/* Free any text this API returned. */
NEXUS_API void nexus_free(void *text);

#ifdef __cplusplus
}
#endif

#endif
