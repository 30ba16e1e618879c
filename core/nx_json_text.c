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

/* ---- a quick validity check ----------------------------------------------------- */

/*
 * The subset a quick scan can vouch for: any JSON value of objects,
 * arrays, literals, strings of valid UTF-8 without control bytes and
 * with only the one-letter escapes, integers and decimals of at most 15
 * digits, nested at most 64 deep.  Every such text is valid for jansson
 * too; anything outside the subset (a \u escape, an exponent, a long
 * number, odd bytes) is left to the real parser.
 */
typedef struct jscan {
    const unsigned char *p, *end;
    int depth;
} jscan;

static void js_ws(jscan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static int js_utf8(jscan *s)
{
    unsigned c = *s->p;
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
    if (!len || c > 0xf4 || (size_t)(s->end - s->p) < len) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s->p[i] & 0xc0) != 0x80) return 0;
    if ((c == 0xe0 && s->p[1] < 0xa0) || (c == 0xed && s->p[1] >= 0xa0) || (c == 0xf0 && s->p[1] < 0x90) ||
        (c == 0xf4 && s->p[1] >= 0x90))
        return 0;
    s->p += len;
    return 1;
}

static int js_string(jscan *s)
{
    s->p++;   /* the opening quote */
    while (s->p < s->end) {
        unsigned c = *s->p;
        if (c == '"') {
            s->p++;
            return 1;
        }
        if (c < 0x20) return 0;
        if (c == '\\') {
            if (s->p + 1 >= s->end || !strchr("\"\\/bfnrt", s->p[1]) || !s->p[1]) return 0;
            s->p += 2;
        } else if (c < 0x80) {
            s->p++;
        } else if (!js_utf8(s)) {
            return 0;
        }
    }
    return 0;
}

static int js_number(jscan *s)
{
    int digits = 0;
    if (*s->p == '-') s->p++;
    if (s->p >= s->end || *s->p < '0' || *s->p > '9') return 0;
    if (*s->p == '0' && s->p + 1 < s->end && s->p[1] >= '0' && s->p[1] <= '9') return 0;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9') s->p++, digits++;
    if (s->p < s->end && *s->p == '.') {
        s->p++;
        if (s->p >= s->end || *s->p < '0' || *s->p > '9') return 0;
        while (s->p < s->end && *s->p >= '0' && *s->p <= '9') s->p++, digits++;
    }
    return digits <= 15 && !(s->p < s->end && (*s->p == 'e' || *s->p == 'E'));
}

static int js_word(jscan *s, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, w, n)) return 0;
    s->p += n;
    return 1;
}

static int js_value(jscan *s);

/* An object or an array: open, members separated by commas, close. */
static int js_container(jscan *s, int object)
{
    if (++s->depth > 64) return 0;
    s->p++;
    js_ws(s);
    if (s->p < s->end && *s->p == (object ? '}' : ']')) {
        s->p++;
        s->depth--;
        return 1;
    }
    for (;;) {
        if (object) {
            if (s->p >= s->end || *s->p != '"' || !js_string(s)) return 0;
            js_ws(s);
            if (s->p >= s->end || *s->p != ':') return 0;
            s->p++;
            js_ws(s);
        }
        if (!js_value(s)) return 0;
        js_ws(s);
        if (s->p >= s->end) return 0;
        if (*s->p == ',') {
            s->p++;
            js_ws(s);
            continue;
        }
        if (*s->p != (object ? '}' : ']')) return 0;
        s->p++;
        s->depth--;
        return 1;
    }
}

static int js_value(jscan *s)
{
    if (s->p >= s->end) return 0;
    switch (*s->p) {
    case '{': return js_container(s, 1);
    case '[': return js_container(s, 0);
    case '"': return js_string(s);
    case 't': return js_word(s, "true");
    case 'f': return js_word(s, "false");
    case 'n': return js_word(s, "null");
    default: return js_number(s);
    }
}

int nx_json_plainly_valid(const char *text, size_t n)
{
    jscan s = { (const unsigned char *)text, (const unsigned char *)text + n, 0 };
    js_ws(&s);
    if (!js_value(&s)) return 0;
    js_ws(&s);
    return s.p == s.end;
}
