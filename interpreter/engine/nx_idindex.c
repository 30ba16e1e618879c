#include "nx_idindex.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

static uint64_t id_hash(const char *id)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a: ids are short strings */
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 1099511628211ull;
    return h;
}

static void put(nx_idslot *slot, size_t cap, nx_idslot e)
{
    size_t i = (size_t)e.hash & (cap - 1);
    while (slot[i].pos1) i = (i + 1) & (cap - 1);
    slot[i] = e;
}

void nx_idindex_free(nx_idindex *x)
{
    free(x->slot);
    memset(x, 0, sizeof *x);
}

void nx_idindex_add(nx_idindex *x, const char *id, size_t pos)
{
    assert(pos < UINT32_MAX - 1);   /* a log is far shorter */
    /* At most half full, so a probe ends soon (stale slots count). */
    if (2 * (x->used + 1) > x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 64;
        nx_idslot *slot = nx_xcalloc(cap, sizeof *slot);
        for (size_t i = 0; i < x->cap; i++)
            if (x->slot[i].pos1) put(slot, cap, x->slot[i]);
        free(x->slot);
        x->slot = slot;
        x->cap = cap;
    }
    put(x->slot, x->cap, (nx_idslot){ id_hash(id), (uint32_t)(pos + 1) });
    x->used++;
}

long nx_idindex_find(const nx_idindex *x, const char *id, int (*is_at)(const void *ctx, size_t pos),
                     const void *ctx)
{
    if (!x->cap) return -1;
    uint64_t h = id_hash(id);
    for (size_t i = (size_t)h & (x->cap - 1); x->slot[i].pos1; i = (i + 1) & (x->cap - 1))
        if (x->slot[i].hash == h && is_at(ctx, x->slot[i].pos1 - 1)) return (long)(x->slot[i].pos1 - 1);
    return -1;
}
