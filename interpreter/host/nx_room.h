/*
 * nx_room: games kept in the embedded SQLite store (core/nx_store.h).
 *
 * A room is a game's saved JSON as its first snapshot, then one row per
 * committed action (one transaction each), with a fresh snapshot every
 * NX_ROOM_SNAPSHOT_EVERY actions.  Opening a room loads the newest
 * snapshot and re-applies the actions after it; every re-applied result
 * must equal the stored one, or the room is refused.  Opening claims the
 * room's lease first (a PostgreSQL store: nx_store_claim).  An action is in
 * memory only once the store committed it (nx_room_apply).
 */
#ifndef NX_ROOM_H
#define NX_ROOM_H

#include <jansson.h>
#include <stddef.h>

#include "nx_game.h"
#include "nx_store.h"

#define NX_ROOM_SNAPSHOT_EVERY 50

int nx_room_create(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen);
/* The same, with extra members in the room's meta (the serve protocol
 * keeps its hashed tokens there; "engine" is always the creating engine). */
int nx_room_create_meta(nx_store *st, const char *room, const nx_game *g, const json_t *extra,
                        char *err, size_t errlen);
/* The room's meta object (caller decrefs), or NULL with err. */
json_t *nx_room_meta(nx_store *st, const char *room, char *err, size_t errlen);
/* Apply an action and commit it to the room's store (nx_game_apply_durable):
 * when the store refuses, the game is exactly as before and the result is
 * a "store" error; a retry is applied afresh. */
char *nx_room_apply(nx_store *st, const char *room, nx_game *g, const char *action_json);
nx_game *nx_room_open(nx_store *st, const char *room, const nx_runtime *rt, char *err, size_t errlen);

#endif
