#ifndef NX_JSON_TEXT_H
#define NX_JSON_TEXT_H
/*
 * JSON text handled as text, where a parse and a write would only
 * reproduce it: the saved game writes the log's canonical texts as they
 * are, one line each, and checks the whole file with a fast checksum.
 */
#include <stddef.h>

/* A growing text buffer (nx_xrealloc: out of memory aborts). */
typedef struct nx_strbuf {
    char *s;
    size_t n, cap;
} nx_strbuf;

/* Room for N more bytes (and the NUL), so a known size grows once. */
void nx_strbuf_reserve(nx_strbuf *b, size_t n);
void nx_strbuf_put(nx_strbuf *b, const char *s, size_t n);
void nx_strbuf_puts(nx_strbuf *b, const char *s);
/* The text, NUL-terminated; the buffer is handed over (and emptied). */
char *nx_strbuf_take(nx_strbuf *b);

/* A fast 64-bit checksum of N bytes, as 16 hex digits plus a NUL in OUT.
 * It detects damage (a changed, cut or shifted byte), not forgery: a
 * saved game whose checksum matches is trusted to be what this engine
 * wrote, one that does not is verified by replaying its whole log.  It
 * reads the bytes as this machine's words: a file moved to a machine of
 * the other byte order is just verified by replay. */
void nx_checksum64_hex(const char *s, size_t n, char out[17]);

/* 1 when a quick scan (no tree built) finds N bytes to be a JSON value of
 * the plain subset the engine writes (no \u escape, no exponent, numbers
 * of at most 15 digits, nesting at most 64 deep): jansson accepts every
 * such text.  0 says only "not plainly": the real parser decides. */
int nx_json_plainly_valid(const char *text, size_t n);

#endif
