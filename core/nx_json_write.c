#include "nx_json_write.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_json_text.h"

#define CANONICAL (JSON_COMPACT | JSON_SORT_KEYS)

/* A string as jansson writes it (dump_string without JSON_ENSURE_ASCII or
 * JSON_ESCAPE_SLASH); 0 when it holds anything outside the plain subset. */
static int put_string(nx_strbuf *b, const char *s, size_t n)
{
    nx_strbuf_reserve(b, n + 2);
    b->s[b->n++] = '"';
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        if (c >= 0x80) return 0;
        if (c == '"') esc = "\\\"";
        else if (c == '\\') esc = "\\\\";
        else if (c < 0x20) {
            switch (c) {
            case '\b': esc = "\\b"; break;
            case '\f': esc = "\\f"; break;
            case '\n': esc = "\\n"; break;
            case '\r': esc = "\\r"; break;
            case '\t': esc = "\\t"; break;
            default: return 0;
            }
        }
        if (!esc) continue;
        nx_strbuf_put(b, s + run, i - run);
        nx_strbuf_put(b, esc, 2);
        run = i + 1;
    }
    nx_strbuf_put(b, s + run, n - run);
    nx_strbuf_put(b, "\"", 1);
    return 1;
}

typedef struct key_at {
    const char *key;
    json_t *value;
} key_at;

static int by_key(const void *a, const void *b) { return strcmp(((const key_at *)a)->key, ((const key_at *)b)->key); }

static int put_value(nx_strbuf *b, const json_t *j, int depth);

/* An integer in decimal, as "%" JSON_INTEGER_FORMAT writes it (snprintf's
 * format parsing was a tenth of every canonical text's cost). */
static void put_integer(nx_strbuf *b, json_int_t v)
{
    char digits[24], *p = digits + sizeof digits;
    /* Negated as unsigned, so the most negative value has its digits too. */
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--p = '-';
    nx_strbuf_put(b, p, (size_t)(digits + sizeof digits - p));
}

static int put_object(nx_strbuf *b, const json_t *j, int depth)
{
    size_t n = json_object_size(j);
    key_at local[16], *keys = n <= 16 ? local : malloc(n * sizeof *keys);
    if (!keys) return 0;
    size_t k = 0;
    int ok = 1;
    for (void *it = json_object_iter((json_t *)j); it; it = json_object_iter_next((json_t *)j, it)) {
        const char *key = json_object_iter_key(it);
        if (json_object_iter_key_len(it) != strlen(key)) ok = 0; /* a NUL inside the key */
        keys[k++] = (key_at){ key, json_object_iter_value(it) };
    }
    /* Keys are distinct and hold no NUL, so strcmp orders them as jansson does. */
    if (ok) qsort(keys, k, sizeof *keys, by_key);
    nx_strbuf_put(b, "{", 1);
    for (size_t i = 0; ok && i < k; i++) {
        if (i) nx_strbuf_put(b, ",", 1);
        ok = put_string(b, keys[i].key, strlen(keys[i].key));
        if (ok) nx_strbuf_put(b, ":", 1);
        ok = ok && put_value(b, keys[i].value, depth + 1);
    }
    nx_strbuf_put(b, "}", 1);
    if (keys != local) free(keys);
    return ok;
}

static int put_value(nx_strbuf *b, const json_t *j, int depth)
{
    if (depth > 64) return 0; /* jansson's own limit decides deep values */
    switch (json_typeof(j)) {
    case JSON_OBJECT: return put_object(b, j, depth);
    case JSON_ARRAY: {
        nx_strbuf_put(b, "[", 1);
        size_t n = json_array_size(j);
        for (size_t i = 0; i < n; i++) {
            if (i) nx_strbuf_put(b, ",", 1);
            if (!put_value(b, json_array_get(j, i), depth + 1)) return 0;
        }
        nx_strbuf_put(b, "]", 1);
        return 1;
    }
    case JSON_STRING: return put_string(b, json_string_value(j), json_string_length(j));
    case JSON_INTEGER: put_integer(b, json_integer_value(j)); return 1;
    case JSON_TRUE: nx_strbuf_put(b, "true", 4); return 1;
    case JSON_FALSE: nx_strbuf_put(b, "false", 5); return 1;
    case JSON_NULL: nx_strbuf_put(b, "null", 4); return 1;
    default: return 0; /* a real: jansson's number format */
    }
}

char *nx_json_dump_canonical(const json_t *j)
{
    nx_strbuf b = { 0 };
    if (!j || !put_value(&b, j, 0)) {
        free(b.s);
        return json_dumps(j, CANONICAL);
    }
    char *text = nx_strbuf_take(&b);
#ifndef NDEBUG
    char *theirs = json_dumps(j, CANONICAL);
    assert(theirs && !strcmp(theirs, text));
    free(theirs);
#endif
    return text;
}
