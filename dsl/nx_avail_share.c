/*
 * nx_avail_share: the shared, reference-counted panel availabilities
 * (nx_avail_share.h says who owns what and why the key is sound).
 *
 * A list: a host holds one entry per distinct (pack, settings) in use,
 * most often one, so a search is a few comparisons, once per game.  The
 * computation runs under the lock: it takes microseconds, happens once
 * per distinct key, and a second thread asking for the same key must
 * wait for it anyway.
 */
#include "nx_avail_share.h"

#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

typedef struct entry {
    const nx_pack *pack;
    char *key;            /* each ruling's effective setting, in registry order, each ending in '\0' */
    size_t keylen;
    size_t refs;          /* holders; the entry is freed when it falls to 0 */
    struct entry *next;
    nx_avail avail;       /* what holders see; immutable while the entry lives */
} entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static entry *entries;    /* guarded by lock */

static char *make_key(const nx_pack *pack, const nx_settings *s, size_t *len)
{
    const nx_rulings *rs = &pack->rulings;
    size_t n = 0;
    for (size_t i = 0; i < rs->n; i++) n += strlen(nx_settings_get(s, &rs->v[i])) + 1;
    char *key = nx_xmalloc(n ? n : 1);
    size_t at = 0;
    for (size_t i = 0; i < rs->n; i++) {
        const char *v = nx_settings_get(s, &rs->v[i]);
        size_t k = strlen(v) + 1;
        memcpy(key + at, v, k);
        at += k;
    }
    assert(at == n);
    *len = n;
    return key;
}

const nx_avail *nx_avail_acquire(const nx_pack *pack, const nx_settings *s)
{
    size_t len;
    char *key = make_key(pack, s, &len);
    pthread_mutex_lock(&lock);
    entry *e = entries;
    while (e && !(e->pack == pack && e->keylen == len && !memcmp(e->key, key, len))) e = e->next;
    if (e) {
        free(key);
    } else {
        e = nx_xcalloc(1, sizeof *e);
        e->pack = pack;
        e->key = key;
        e->keylen = len;
        nx_avail_compute(pack, s, &e->avail);
        e->next = entries;
        entries = e;
    }
    e->refs++;
    pthread_mutex_unlock(&lock);
    return &e->avail;
}

void nx_avail_release(const nx_avail *a)
{
    if (!a) return;
    pthread_mutex_lock(&lock);
    entry **at = &entries;
    while (*at && &(*at)->avail != a) at = &(*at)->next;
    entry *e = *at;
    assert(e && e->refs > 0);   /* only what nx_avail_acquire gave, and only as often */
    if (e && --e->refs == 0) *at = e->next;
    else e = NULL;
    pthread_mutex_unlock(&lock);
    if (!e) return;
    nx_avail_free(&e->avail);
    free(e->key);
    free(e);
}

size_t nx_avail_shared_count(void)
{
    size_t n = 0;
    pthread_mutex_lock(&lock);
    for (const entry *e = entries; e; e = e->next) n++;
    pthread_mutex_unlock(&lock);
    return n;
}
