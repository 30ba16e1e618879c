/*
 * nx_room: games kept in the embedded SQLite store (core/nx_store.h).
 *
 * A room is a game's saved JSON as its first snapshot, then one row per
 * committed action (one transaction each), with a fresh snapshot every
 * NX_ROOM_SNAPSHOT_EVERY actions.  Opening a room loads the newest
 * snapshot and re-applies the actions after it; every re-applied result
 * must equal the stored one, or the room is refused.
 */
#ifndef NX_ROOM_H
#define NX_ROOM_H

#include <stddef.h>

#include "nx_game.h"
#include "nx_store.h"

#define NX_ROOM_SNAPSHOT_EVERY 50

int nx_room_create(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen);
/* Record the game's newest committed action (call after each success). */
int nx_room_record(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen);
nx_game *nx_room_open(nx_store *st, const char *room, const nx_runtime *rt, char *err, size_t errlen);

#endif
