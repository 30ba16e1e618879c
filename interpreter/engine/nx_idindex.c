#include "nx_idindex.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

static uint32_t id_hash(const char *id)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a: ids are short strings */
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 1099511628211ull;
    return (uint32_t)(h ^ (h >> 32));
}

/* The first slot to probe: the hash's top bits after a multiply (which
 * spreads ids that differ in their last character, "b1", "b2"), scaled to
 * the capacity, which need not be a power of two. */
static size_t home(uint32_t h, size_t cap)
{
    return (size_t)(((uint64_t)(uint32_t)(h * 2654435769u) * cap) >> 32);
}

static void put(uint32_t *slot, size_t cap, uint32_t h, uint32_t pos1)
{
    size_t i = home(h, cap);
    while (slot[i]) i = i + 1 == cap ? 0 : i + 1;
    slot[i] = pos1;
}

void nx_idindex_free(nx_idindex *x)
{
    free(x->hash);
    free(x->slot);
    memset(x, 0, sizeof *x);
}

void nx_idindex_add(nx_idindex *x, const char *id, size_t pos)
{
    assert(pos < UINT32_MAX - 1 && pos <= x->n);   /* a log is far shorter */
    /* Both arrays grow by half: doubling left a complete game's index
     * (1,652 entries) a table of 4,096 slots. */
    if (pos == x->caphash) {
        x->caphash = x->caphash ? x->caphash + x->caphash / 2 : 64;
        x->hash = nx_xrealloc(x->hash, x->caphash * sizeof *x->hash);
    }
    uint32_t h = id_hash(id);
    x->hash[pos] = h;
    x->n = pos + 1;
    /* At most three quarters full, so a probe ends soon (stale slots count). */
    if (4 * (x->used + 1) > 3 * x->cap) {
        size_t cap = x->cap ? x->cap + x->cap / 2 : 64;
        uint32_t *slot = nx_xcalloc(cap, sizeof *slot);
        x->used = 0;
        /* Rehash from the positions' hashes: a stale slot's position holds
         * another hash now, or lies past the end; either is dropped or
         * re-filed under its position's current hash, which a lookup
         * checks anyway. */
        for (size_t i = 0; i < x->cap; i++)
            if (x->slot[i] && x->slot[i] - 1 < x->n) {
                put(slot, cap, x->hash[x->slot[i] - 1], x->slot[i]);
                x->used++;
            }
        free(x->slot);
        x->slot = slot;
        x->cap = cap;
    }
    put(x->slot, x->cap, h, (uint32_t)(pos + 1));
    x->used++;
}

long nx_idindex_find(const nx_idindex *x, const char *id, int (*is_at)(const void *ctx, size_t pos),
                     const void *ctx)
{
    if (!x->cap) return -1;
    uint32_t h = id_hash(id);
    for (size_t i = home(h, x->cap); x->slot[i]; i = i + 1 == x->cap ? 0 : i + 1) {
        size_t pos = x->slot[i] - 1;
        if (pos < x->n && x->hash[pos] == h && is_at(ctx, pos)) return (long)pos;
    }
    return -1;
}
