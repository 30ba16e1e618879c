#include "nx_suggest.h"

#include <assert.h>
#include <string.h>

#include "nx_text.h"

/* Names longer than this are compared on their first NX_SUGGEST_MAX bytes:
 * every name in the pack is far shorter, and a fixed table keeps the
 * distance allocation-free. */
#define NX_SUGGEST_MAX 64

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

int nx_suggest_distance(const char *a, const char *b)
{
    size_t la = strnlen(a, NX_SUGGEST_MAX), lb = strnlen(b, NX_SUGGEST_MAX);
    /* d[i][j]: distance between a's first i bytes and b's first j. */
    unsigned char d[NX_SUGGEST_MAX + 1][NX_SUGGEST_MAX + 1];
    for (size_t i = 0; i <= la; i++) d[i][0] = (unsigned char)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (unsigned char)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = (unsigned char)(v > 255 ? 255 : v);
        }
    return d[la][lb];
}

static size_t count_names(const char *const *names, size_t n)
{
    if (n != NX_SUGGEST_NULL_TERMINATED) return n;
    size_t k = 0;
    while (names && names[k]) k++;
    return k;
}

const char *nx_suggest(const char *word, const char *const *names, size_t n)
{
    assert(word);
    n = count_names(names, n);
    int len = (int)strnlen(word, NX_SUGGEST_MAX);
    int limit = len / 3 > 1 ? len / 3 : 1;
    const char *best = NULL;
    int best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        if (!names[i]) continue;
        int dist = nx_suggest_distance(word, names[i]);
        if (dist < best_d && dist < len) {
            best = names[i];
            best_d = dist;
        }
    }
    return best;
}

char *nx_suggest_hint(char *buf, size_t cap, const char *word, const char *const *names,
                      size_t n)
{
    assert(cap > 0);
    n = count_names(names, n);
    const char *close = nx_suggest(word, names, n);
    if (close) {
        nx_clip(buf, cap, " (did you mean '%s'?)", close);
        return buf;
    }
    size_t used = 0;
    buf[0] = '\0';
    nx_clip_append(buf, cap, &used, " (valid: ");
    for (size_t i = 0, shown = 0; i < n; i++)
        if (names[i]) nx_clip_append(buf, cap, &used, "%s%s", shown++ ? ", " : "", names[i]);
    nx_clip_append(buf, cap, &used, ")");
    return buf;
}
