/*
 * nx_idindex: the action log's index of ids, so that a retried action is
 * found in constant time instead of by scanning the whole log (which made
 * replaying a log of n actions cost n^2/2 comparisons).
 *
 * An open-addressing table of (hash, log position + 1) pairs (position 0
 * is an empty slot), probed linearly; the hashes let it grow without the
 * ids.  The index does not own the ids: a lookup hands each
 * candidate position to the caller, who compares the id stored there.  A
 * position that no longer holds the id (the log dropped its last entry
 * after a refused commit, and another action took the place) is skipped,
 * never an end of the probe, so nothing needs deleting.
 */
#ifndef NX_IDINDEX_H
#define NX_IDINDEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct nx_idslot {
    uint64_t hash;
    uint32_t pos1;    /* position + 1, or 0 when empty */
} nx_idslot;

typedef struct nx_idindex {
    nx_idslot *slot;
    size_t cap;       /* a power of two, or 0 */
    size_t used;      /* slots taken, stale ones included */
} nx_idindex;

void nx_idindex_free(nx_idindex *x);
/* Record that log position pos holds id. */
void nx_idindex_add(nx_idindex *x, const char *id, size_t pos);

/* The position whose entry `is_at(ctx, pos)` confirms holds id, or -1. */
long nx_idindex_find(const nx_idindex *x, const char *id, int (*is_at)(const void *ctx, size_t pos),
                     const void *ctx);

#endif
