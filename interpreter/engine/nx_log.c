#include "nx_log.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <zstd.h>

#include "nx_util.h"

/* A block is compressed as it is sealed, in the apply path, and every
 * block of a loaded save is, in the load: level 3 packs within 7% of
 * level 19 at a hundredth of its time (docs/ARCHITECTURE.md, "Rooms are
 * cheap", has the figures). */
#define NX_LOG_ZSTD_LEVEL 3

/* One compression and one decompression context per thread, made on first
 * use and kept: a context per call allocated and cleared about 100 KB and
 * was two thirds of the time.  Games on different threads each use their
 * thread's (nexus.h: a game belongs to one thread at a time). */
static _Thread_local ZSTD_CCtx *tl_cctx;
static _Thread_local ZSTD_DCtx *tl_dctx;

static void no_context(void)
{
    fputs("nexus: out of memory (a zstd context for the action log)\n", stderr);
    abort();
}

static ZSTD_CCtx *cctx(void)
{
    if (!tl_cctx && !(tl_cctx = ZSTD_createCCtx())) no_context();
    return tl_cctx;
}

static ZSTD_DCtx *dctx(void)
{
    if (!tl_dctx && !(tl_dctx = ZSTD_createDCtx())) no_context();
    return tl_dctx;
}

void nx_log_init(nx_log *l)
{
    memset(l, 0, sizeof *l);
    l->cached = -1;
}

void nx_log_free(nx_log *l)
{
    for (size_t k = 0; k < l->nsealed; k++) free(l->sealed[k].z);
    free(l->sealed);
    free(l->open);
    nx_idindex_free(&l->ids);
    for (size_t k = 0; k < l->nrec; k++) free(l->rec[k].text);
    free(l->rec);
    free(l->cache);
    nx_log_init(l);
}

static void drop_cache(nx_log *l)
{
    free(l->cache);
    l->cache = NULL;
    l->cached = -1;
}

/* The open block is full: compress it into a sealed block of its own. */
static void seal(nx_log *l)
{
    assert(l->n == (l->nsealed + 1) * NX_LOG_BLOCK && l->openlen < UINT32_MAX);
    size_t bound = ZSTD_compressBound(l->openlen);
    void *z = nx_xmalloc(bound);
    size_t zlen = ZSTD_compressCCtx(cctx(), z, bound, l->open, l->openlen, NX_LOG_ZSTD_LEVEL);
    if (ZSTD_isError(zlen)) {
        /* Only a bad parameter or no memory fails it: neither can be undone here. */
        fprintf(stderr, "nexus: compressing the action log failed: %s\n", ZSTD_getErrorName(zlen));
        abort();
    }
    if (l->nsealed == l->capsealed) {
        l->capsealed = l->capsealed ? 2 * l->capsealed : 16;
        l->sealed = nx_xrealloc(l->sealed, l->capsealed * sizeof *l->sealed);
    }
    l->sealed[l->nsealed++] = (nx_log_sealed){ nx_xrealloc(z, zlen), (uint32_t)zlen, (uint32_t)l->openlen };
    /* The next block starts small: a room at rest keeps no slack of a full one. */
    free(l->open);
    l->open = NULL;
    l->openlen = l->opencap = 0;
}

void nx_log_append(nx_log *l, const char *id, const char *action, const char *result)
{
    if (l->n == (l->nsealed + 1) * NX_LOG_BLOCK) seal(l);
    size_t a = strlen(action) + 1, r = strlen(result) + 1, need = l->openlen + a + r;
    if (need > l->opencap) {
        /* A quarter more each time: few copies, little slack. */
        l->opencap = (need + need / 4 + 255) & ~(size_t)255;
        l->open = nx_xrealloc(l->open, l->opencap);
    }
    l->open_at[l->n - l->nsealed * NX_LOG_BLOCK] = (uint32_t)l->openlen;
    memcpy(l->open + l->openlen, action, a);
    memcpy(l->open + l->openlen + a, result, r);
    l->openlen = need;
    nx_idindex_add(&l->ids, id, l->n);
    l->n++;
    drop_cache(l);
}

void nx_log_set_record(nx_log *l, char *record)
{
    assert(l->n && (!l->nrec || l->rec[l->nrec - 1].pos < l->n - 1));
    if (l->nrec == l->caprec) {
        l->caprec = l->caprec ? 2 * l->caprec : 8;
        l->rec = nx_xrealloc(l->rec, l->caprec * sizeof *l->rec);
    }
    l->rec[l->nrec++] = (nx_log_rec){ (uint32_t)(l->n - 1), record };
}

void nx_log_drop_last(nx_log *l)
{
    /* A block is sealed only when an entry follows it, so the newest entry
     * is always open. */
    assert(l->n > l->nsealed * NX_LOG_BLOCK);
    l->n--;
    l->openlen = l->open_at[l->n - l->nsealed * NX_LOG_BLOCK];
    if (l->nrec && l->rec[l->nrec - 1].pos == l->n) free(l->rec[--l->nrec].text);
    drop_cache(l);
}

/* Where each of a block's COUNT entries starts in its texts. */
static void index_block(const char *text, size_t count, uint32_t *at)
{
    size_t o = 0;
    for (size_t j = 0; j < count; j++) {
        at[j] = (uint32_t)o;
        o += strlen(text + o) + 1;
        o += strlen(text + o) + 1;
    }
}

/* Sealed block k's texts into BUF (rawlen bytes). */
static void unseal(const nx_log_sealed *s, char *buf)
{
    size_t got = ZSTD_decompressDCtx(dctx(), buf, s->rawlen, s->z, s->zlen);
    if (ZSTD_isError(got) || got != s->rawlen) {
        /* The log's own allocation no longer holds what it wrote. */
        fprintf(stderr, "nexus: the action log's memory is damaged: %s\n",
                ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short block");
        abort();
    }
}

const char *nx_log_action(const nx_log *l, size_t i)
{
    assert(i < l->n);
    size_t k = i / NX_LOG_BLOCK, j = i % NX_LOG_BLOCK;
    if (k == l->nsealed) return l->open + l->open_at[j];
    if (l->cached != (long)k) {
        nx_log *m = (nx_log *)l;
        free(m->cache);
        m->cache = nx_xmalloc(l->sealed[k].rawlen);
        unseal(&l->sealed[k], m->cache);
        index_block(m->cache, NX_LOG_BLOCK, m->cache_at);
        m->cached = (long)k;
    }
    return l->cache + l->cache_at[j];
}

const char *nx_log_result(const nx_log *l, size_t i)
{
    const char *a = nx_log_action(l, i);
    return a + strlen(a) + 1;
}

const char *nx_log_record(const nx_log *l, size_t i)
{
    size_t lo = 0, hi = l->nrec;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (l->rec[mid].pos < i) lo = mid + 1;
        else hi = mid;
    }
    return lo < l->nrec && l->rec[lo].pos == i ? l->rec[lo].text : NULL;
}

typedef struct id_probe {
    const nx_log *l;
    const char *id;
} id_probe;

static int logged_at(const void *ctx, size_t pos)
{
    const id_probe *p = ctx;
    char id[65];
    return pos < p->l->n && !nx_log_action_id(nx_log_action(p->l, pos), id) && !strcmp(id, p->id);
}

long nx_log_find(const nx_log *l, const char *id)
{
    id_probe p = { l, id };
    return nx_idindex_find(&l->ids, id, logged_at, &p);
}

size_t nx_log_text_bytes(const nx_log *l)
{
    size_t n = l->openlen;
    for (size_t k = 0; k < l->nsealed; k++) n += l->sealed[k].rawlen;
    return n - 2 * l->n;
}

size_t nx_log_heap_bytes(const nx_log *l)
{
    size_t n = l->capsealed * sizeof *l->sealed + l->opencap + l->caprec * sizeof *l->rec;
    for (size_t k = 0; k < l->nsealed; k++) n += l->sealed[k].zlen;
    for (size_t k = 0; k < l->nrec; k++) n += strlen(l->rec[k].text) + 1;
    n += l->ids.caphash * sizeof *l->ids.hash + l->ids.cap * sizeof *l->ids.slot;
    if (l->cached >= 0) n += l->sealed[l->cached].rawlen;
    return n;
}

static void each_in(const char *text, size_t count, void (*fn)(void *, const char *, const char *), void *ctx)
{
    for (size_t j = 0, o = 0; j < count; j++) {
        const char *a = text + o;
        o += strlen(a) + 1;
        fn(ctx, a, text + o);
        o += strlen(text + o) + 1;
    }
}

void nx_log_each(const nx_log *l, void (*fn)(void *ctx, const char *action, const char *result), void *ctx)
{
    size_t most = 0;
    for (size_t k = 0; k < l->nsealed; k++)
        if (l->sealed[k].rawlen > most) most = l->sealed[k].rawlen;
    char *buf = most ? nx_xmalloc(most) : NULL;
    for (size_t k = 0; k < l->nsealed; k++) {
        unseal(&l->sealed[k], buf);
        each_in(buf, NX_LOG_BLOCK, fn, ctx);
    }
    free(buf);
    each_in(l->open, l->n - l->nsealed * NX_LOG_BLOCK, fn, ctx);
}

/* Where the top-level "id" string of a canonical action text starts
 * (after its quote), with its length; NULL if it has none or it holds
 * escapes (the caller then asks jansson). */
static const char *plain_action_id(const char *c, size_t *len)
{
    int depth = 0;
    for (const char *p = c; *p; p++) {
        if (*p == '"') {
            const char *q = p + 1;
            while (*q != '"') {
                if (!*q) return NULL;
                q += q[0] == '\\' && q[1] ? 2 : 1;
            }
            if (depth == 1 && (p[-1] == '{' || p[-1] == ',') && q - p == 3 && !strncmp(p, "\"id\":\"", 6)) {
                const char *v = p + 6, *e = strchr(v, '"');
                if (!e || memchr(v, '\\', (size_t)(e - v))) return NULL;
                *len = (size_t)(e - v);
                return v;
            }
            p = q;
        } else if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') depth--;
    }
    return NULL;
}

int nx_log_action_id(const char *action, char out[65])
{
    size_t n;
    const char *v = plain_action_id(action, &n);
    json_t *j = NULL;
    if (!v) {
        j = json_loads(action, 0, NULL);
        v = json_string_value(json_object_get(j, "id"));
        n = v ? strlen(v) : 0;
    }
    int rc = v && n <= 64 ? 0 : -1;
    if (!rc) {
        memcpy(out, v, n);
        out[n] = '\0';
    }
    json_decref(j);
    return rc;
}
