/*
 * nx_suggest: "did you mean" for names a person typed.
 *
 * Loaders and commands that refuse an unknown name (a YAML key, a zone, a
 * phase, an event, a ruling, a ctx method) name the closest valid one when
 * it is close enough to be a typo, and list the valid names otherwise, so
 * the fix never needs a trip to the documentation.
 *
 * Closeness is the optimal-string-alignment distance (insertions,
 * deletions, substitutions and swaps of neighbours each cost one).  A name
 * is suggested when it is within a third of the typed word's length (at
 * least one edit), and never when the distance is the whole word.
 */
#ifndef NX_SUGGEST_H
#define NX_SUGGEST_H

#include <stddef.h>

/* The optimal-string-alignment distance between a and b (capped at 255). */
int nx_suggest_distance(const char *a, const char *b);

/* The closest of names[0..n) to word if it is a plausible typo, else
 * NULL.  Ties keep the first.  Pass n = NX_SUGGEST_NULL_TERMINATED for a
 * NULL-terminated list. */
#define NX_SUGGEST_NULL_TERMINATED ((size_t)-1)
const char *nx_suggest(const char *word, const char *const *names, size_t n);

/* Writes a hint for an unknown `word` into buf: " (did you mean 'x'?)"
 * when a name is close, else " (valid: a, b, c)" listing them all;
 * clipped visibly when the list is longer than the buffer.  Returns buf. */
char *nx_suggest_hint(char *buf, size_t cap, const char *word, const char *const *names,
                      size_t n);

#endif
