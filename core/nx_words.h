/*
 * nx_words: the small words of log lines, so that every count reads as
 * English ("1 force", "2 forces", "no spice") from one place.
 */
#ifndef NX_WORDS_H
#define NX_WORDS_H

#include <stddef.h>

/* `one` when n is 1, else `many`: nx_plural(n, "force", "forces"). */
const char *nx_plural(int n, const char *one, const char *many);

/* "1 force", "3 forces"; "no forces" for 0 when `none` is set.  Written
 * with nx_fmt (the words are the engine's own); returns buf. */
const char *nx_count(char *buf, size_t len, int n, const char *one, const char *many, int none);

#endif
