#ifndef NX_JSON_TEXT_H
#define NX_JSON_TEXT_H
/*
 * JSON text handled as text, where a parse and a write would only
 * reproduce it: the saved game splices the log's canonical texts into its
 * indented layout instead of parsing each back into a tree.
 */
#include <stddef.h>

/* A growing text buffer (nx_xrealloc: out of memory aborts). */
typedef struct nx_strbuf {
    char *s;
    size_t n, cap;
} nx_strbuf;

void nx_strbuf_put(nx_strbuf *b, const char *s, size_t n);
void nx_strbuf_puts(nx_strbuf *b, const char *s);
/* The text, NUL-terminated; the buffer is handed over (and emptied). */
char *nx_strbuf_take(nx_strbuf *b);

/* Append COMPACT, the text jansson writes with JSON_COMPACT, laid out as
 * jansson writes the same value with JSON_INDENT(1) nested DEPTH levels
 * deep (so the bytes equal json_dumps(json_loads(COMPACT), JSON_INDENT(1)
 * | JSON_PRESERVE_ORDER) at that depth). */
void nx_json_indent1(nx_strbuf *b, const char *compact, int depth);

#endif
