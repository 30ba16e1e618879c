/*
 * nx_patterns: a set of constant PCRE2 patterns compiled together, for the
 * loaders' id and name checks.  Each load compiles its own set, so loads in
 * different threads share nothing.
 */
#ifndef NX_PATTERNS_H
#define NX_PATTERNS_H

typedef struct nx_patterns nx_patterns;

/* Compile n constant patterns (anchored by the caller, `$` matches only at
 * the very end).  A pattern that does not compile is a programming error:
 * it aborts. */
nx_patterns *nx_patterns_compile(const char *const *texts, int n);
/* Does pattern `which` match all of `s`? */
int nx_patterns_match(const nx_patterns *p, int which, const char *s);
void nx_patterns_free(nx_patterns *p);

#endif
