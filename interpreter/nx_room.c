#include "nx_room.h"
#include "nx_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_version.h"

int nx_room_create(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen)
{
    char meta[160];
    nx_fmt(meta, sizeof meta, "{\"engine\":\"%s\"}", NX_VERSION);
    char *snap = nx_game_save(g);
    int rc = nx_store_create_room(st, room, meta, snap, err, errlen);
    free(snap);
    return rc;
}

int nx_room_record(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen)
{
    size_t n = nx_game_log_length(g);
    if (n == 0) {
        nx_fmt(err, errlen, "no action to record");
        return -1;
    }
    char *snap = n % NX_ROOM_SNAPSHOT_EVERY == 0 ? nx_game_save(g) : NULL;
    int rc = nx_store_append(st, room, (uint32_t)n, nx_game_log_action(g, n - 1),
                             nx_game_log_result(g, n - 1), snap, err, errlen);
    free(snap);
    return rc;
}

nx_game *nx_room_open(nx_store *st, const char *room, const nx_runtime *rt, char *err, size_t errlen)
{
    nx_store_room r;
    if (nx_store_load(st, room, &r, err, errlen)) return NULL;
    nx_game *g = nx_game_load(rt, r.snapshot, err, errlen);
    for (size_t i = 0; g && i < r.nactions; i++) {
        char *res = nx_game_apply(g, r.actions[i].action);
        if (strcmp(res, r.actions[i].result)) {
            nx_clip(err, errlen, "room %s action %u: re-applying it gives a different result", room,
                     r.actions[i].seq);
            nx_game_free(g);
            g = NULL;
        }
        free(res);
    }
    nx_store_room_free(&r);
    return g;
}
