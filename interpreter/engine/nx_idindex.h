/*
 * nx_idindex: the action log's index of ids, so that a retried action is
 * found in constant time instead of by scanning the whole log (which made
 * replaying a log of n actions cost n^2/2 comparisons).
 *
 * Per log position, the 32-bit hash of its id; and an open-addressing
 * table of positions + 1 (0 is an empty slot), probed linearly, at most
 * three quarters full.  8 to 12 bytes an entry, no id strings: the index
 * does not own the ids.  A lookup hands each candidate position whose
 * hash matches to the caller, who compares the id stored there (a hash
 * collision costs one such comparison, never a wrong answer).  A position
 * that no longer holds its id (the log dropped its last entry after a
 * refused commit, and another action took the place) fails the hash or
 * the caller's check and is skipped, never an end of the probe, so
 * nothing needs deleting.
 */
#ifndef NX_IDINDEX_H
#define NX_IDINDEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct nx_idindex {
    uint32_t *hash;   /* hash[pos] for pos < n */
    size_t n, caphash;
    uint32_t *slot;   /* position + 1, or 0 when empty */
    size_t cap;       /* slots, or 0 */
    size_t used;      /* slots taken, stale ones included */
} nx_idindex;

void nx_idindex_free(nx_idindex *x);
/* Record that log position pos holds id: pos is at most the positions
 * recorded so far (equal to it after a dropped entry: a retake). */
void nx_idindex_add(nx_idindex *x, const char *id, size_t pos);

/* The position whose entry `is_at(ctx, pos)` confirms holds id, or -1. */
long nx_idindex_find(const nx_idindex *x, const char *id, int (*is_at)(const void *ctx, size_t pos),
                     const void *ctx);

#endif
