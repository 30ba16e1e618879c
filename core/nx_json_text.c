#include "nx_json_text.h"

#include <assert.h>
#include <string.h>

#include "nx_util.h"

void nx_strbuf_put(nx_strbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->n + n + 1 > cap) cap *= 2;
        b->s = nx_xrealloc(b->s, cap);
        b->cap = cap;
    }
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

static void newline(nx_strbuf *b, int depth)
{
    /* A line break and one space per level (JSON_INDENT(1)). */
    static const char spaces[] = "                                ";
    assert(depth >= 0);
    nx_strbuf_put(b, "\n", 1);
    for (size_t left = (size_t)depth; left;) {
        size_t n = left < sizeof spaces - 1 ? left : sizeof spaces - 1;
        nx_strbuf_put(b, spaces, n);
        left -= n;
    }
}

/* The length of the string literal starting at P (its quotes included). */
static size_t string_length(const char *p)
{
    const char *q = p + 1;
    while (*q != '"') {
        assert(*q); /* the compact text is jansson's, so well formed */
        q += *q == '\\' ? 2 : 1;
    }
    return (size_t)(q + 1 - p);
}

void nx_json_indent1(nx_strbuf *b, const char *c, int depth)
{
    while (*c) {
        const char *run = c;
        /* Numbers, literals and strings go through unchanged. */
        while (*c && !strchr("{}[],:\"", *c)) c++;
        if (c > run) nx_strbuf_put(b, run, (size_t)(c - run));
        switch (*c) {
        case '\0':
            return;
        case '"': {
            size_t n = string_length(c);
            nx_strbuf_put(b, c, n);
            c += n;
            continue;
        }
        case '{':
        case '[':
            /* jansson writes an empty container closed on the same line. */
            if (c[1] == (*c == '{' ? '}' : ']')) {
                nx_strbuf_put(b, c, 2);
                c += 2;
                continue;
            }
            nx_strbuf_put(b, c, 1);
            newline(b, ++depth);
            break;
        case '}':
        case ']':
            newline(b, --depth);
            nx_strbuf_put(b, c, 1);
            break;
        case ',':
            nx_strbuf_put(b, ",", 1);
            newline(b, depth);
            break;
        case ':':
            nx_strbuf_put(b, ": ", 2);
            break;
        }
        c++;
    }
}
