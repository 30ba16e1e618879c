#include "nx_room.h"
#include "nx_text.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_version.h"

int nx_room_create(nx_store *st, const char *room, const nx_game *g, char *err, size_t errlen)
{
    return nx_room_create_meta(st, room, g, NULL, err, errlen);
}

int nx_room_create_meta(nx_store *st, const char *room, const nx_game *g, const json_t *extra,
                        char *err, size_t errlen)
{
    json_t *m = json_pack("{s:s}", "engine", NX_VERSION);
    if (extra) json_object_update(m, (json_t *)extra);
    char *meta = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(m);
    if (!meta) {
        nx_clip(err, errlen, "room %s: its meta cannot be encoded", room);
        return -1;
    }
    char *snap = nx_game_save(g);
    if (!snap) {
        nx_clip(err, errlen, "room %s: the game cannot be saved for its first snapshot", room);
        free(meta);
        return -1;
    }
    int rc = nx_store_create_room(st, room, meta, snap, err, errlen);
    free(snap);
    free(meta);
    return rc;
}

json_t *nx_room_meta(nx_store *st, const char *room, char *err, size_t errlen)
{
    nx_store_room r;
    if (nx_store_load(st, room, &r, err, errlen)) return NULL;
    /* nx_store_load checked the meta's checksum and that it is JSON. */
    json_t *m = json_loads(r.meta, 0, NULL);
    nx_store_room_free(&r);
    if (!json_is_object(m)) {
        json_decref(m);
        nx_clip(err, errlen, "room %s: its meta is not a JSON object", room);
        return NULL;
    }
    return m;
}

typedef struct room_ref {
    nx_store *st;
    const char *room;
} room_ref;

/* The game's newest action (with a snapshot every NX_ROOM_SNAPSHOT_EVERY)
 * as one store transaction. */
static int record(void *ctx, const nx_game *g, char *err, size_t errlen)
{
    const room_ref *ref = ctx;
    size_t n = nx_game_log_length(g);
    assert(n > 0); /* called by nx_game_apply_durable with the action kept */
    int want_snap = n % NX_ROOM_SNAPSHOT_EVERY == 0;
    char *snap = want_snap ? nx_game_save(g) : NULL;
    if (want_snap && !snap) {
        /* Not stored half: the action is refused with its snapshot. */
        nx_fmt(err, errlen, "room %s action %zu: the game cannot be saved for its snapshot", ref->room, n);
        return -1;
    }
    int rc = nx_store_append(ref->st, ref->room, (uint32_t)n, nx_game_log_action(g, n - 1),
                             nx_game_log_result(g, n - 1), snap, err, errlen);
    free(snap);
    return rc;
}

char *nx_room_apply(nx_store *st, const char *room, nx_game *g, const char *action_json)
{
    room_ref ref = { st, room };
    return nx_game_apply_durable(g, action_json, record, &ref);
}

nx_game *nx_room_open(nx_store *st, const char *room, const nx_runtime *rt, char *err, size_t errlen)
{
    nx_store_room r;
    /* Owned first, read after: a takeover reads what the last owner wrote. */
    if (nx_store_claim(st, room, err, errlen) || nx_store_load(st, room, &r, err, errlen)) return NULL;
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
