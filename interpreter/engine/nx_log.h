/*
 * nx_log: the texts of a game's action log (each committed action's
 * canonical text and its result's text), its index of ids, and the host's
 * records; the one owner of them (nx_game keeps one).
 *
 * A live room holds its whole log for retries and saves, so the log is
 * most of a room's memory: a complete six-seat game is about 1,000
 * actions and 140 KB of text, against a room of about 12 KB without it.
 * The texts are kept in blocks of NX_LOG_BLOCK entries, each entry its
 * action and result, NUL-terminated, one after the other.  The newest
 * block is open: plain text in one buffer, read in place.  A full block
 * is sealed: compressed (zstd) into one allocation of its own and never
 * changed again.  A sealed entry is read by decompressing its block into
 * the log's one-block cache (a retry of an old id, `nexus replay`); a
 * save reads every block in turn without the cache.  The id index holds
 * hashes only; a candidate's id is read back from its action's text.
 */
#ifndef NX_LOG_H
#define NX_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "nx_idindex.h"

#define NX_LOG_BLOCK 64

typedef struct nx_log_sealed {
    void *z;              /* the block's texts, compressed */
    uint32_t zlen, rawlen;
} nx_log_sealed;

typedef struct nx_log_rec {
    uint32_t pos;
    char *text;
} nx_log_rec;

typedef struct nx_log {
    size_t n;                          /* entries */
    nx_log_sealed *sealed;             /* entries [k * NX_LOG_BLOCK, (k + 1) * NX_LOG_BLOCK) */
    size_t nsealed, capsealed;
    char *open;                        /* the open block's texts */
    size_t openlen, opencap;
    uint32_t open_at[NX_LOG_BLOCK];    /* where each open entry's action starts */
    nx_idindex ids;
    nx_log_rec *rec;                /* the host's records, by position */
    size_t nrec, caprec;
    /* The sealed block last read at random (a cache: reading changes no
     * entry, hence writable through a const log; dropped on append). */
    long cached;                       /* its number, or -1 */
    char *cache;
    uint32_t cache_at[NX_LOG_BLOCK];
} nx_log;

void nx_log_init(nx_log *l);
void nx_log_free(nx_log *l);

/* Append an entry (the texts are copied); its id is the action's "id". */
void nx_log_append(nx_log *l, const char *id, const char *action, const char *result);
/* Keep the host's record of the newest entry's log lines (taken). */
void nx_log_set_record(nx_log *l, char *record);
/* Take back the newest entry (a refused commit): the log is as before it. */
void nx_log_drop_last(nx_log *l);

/* Entry i's texts.  Valid until the log next changes or an entry of
 * another block is read; an entry's action and result stay valid together. */
const char *nx_log_action(const nx_log *l, size_t i);
const char *nx_log_result(const nx_log *l, size_t i);
/* Entry i's record, or NULL. */
const char *nx_log_record(const nx_log *l, size_t i);
/* The position of the entry whose action has this id, or -1. */
long nx_log_find(const nx_log *l, const char *id);

/* The bytes of every action and result text (without NULs). */
size_t nx_log_text_bytes(const nx_log *l);
/* The heap the log holds (its blocks, buffers, index and records; no
 * malloc overhead), for the benchmarks. */
size_t nx_log_heap_bytes(const nx_log *l);
/* Every entry in order (a save); the texts are valid during the call. */
void nx_log_each(const nx_log *l, void (*fn)(void *ctx, const char *action, const char *result), void *ctx);

/* The id of a canonical action text, at most 64 bytes, into out: 0, or -1
 * when it has no string "id" that short. */
int nx_log_action_id(const char *action, char out[65]);

#endif
