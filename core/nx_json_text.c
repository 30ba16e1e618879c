#include "nx_json_text.h"

#include <stdint.h>
#include <string.h>

#include "nx_util.h"

void nx_strbuf_reserve(nx_strbuf *b, size_t n)
{
    if (b->n + n + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (b->n + n + 1 > cap) cap *= 2;
    b->s = nx_xrealloc(b->s, cap);
    b->cap = cap;
}

void nx_strbuf_put(nx_strbuf *b, const char *s, size_t n)
{
    nx_strbuf_reserve(b, n);
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void nx_strbuf_puts(nx_strbuf *b, const char *s) { nx_strbuf_put(b, s, strlen(s)); }

char *nx_strbuf_take(nx_strbuf *b)
{
    if (!b->s) nx_strbuf_put(b, "", 0);
    char *s = b->s;
    *b = (nx_strbuf){ 0 };
    return s;
}

void nx_checksum64_hex(const char *s, size_t n, char out[17])
{
    /* Eight bytes a step, each mixed by a multiply and a shift: about
     * twenty times the speed of SHA-256, which a damage check does not
     * need (the store's rows keep their SHA-256). */
    const uint64_t k = 0x9e3779b97f4a7c15ull;
    uint64_t h = 0x6e65787573617665ull ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * k;
        h ^= h >> 29;
    }
    uint64_t w = 0;
    memcpy(&w, s + i, n - i);
    h = (h ^ w) * k;
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    static const char hex[] = "0123456789abcdef";
    for (int d = 0; d < 16; d++) out[d] = hex[(h >> (60 - 4 * d)) & 15];
    out[16] = '\0';
}
