/*
 * nx_diag: a list of diagnostics, each "file:line:col: message".
 *
 * Loaders report every problem they find instead of stopping at the first,
 * so a designer sees the whole list in one run.  Line and column are
 * 1-based; 0 means "unknown" and is printed as-is.
 */
#ifndef NX_DIAG_H
#define NX_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef struct nx_diag {
    char *file;
    int line;
    int col;
    char *msg;
} nx_diag;

typedef struct nx_diags {
    nx_diag *v;
    size_t n;
    size_t cap;
} nx_diags;

void nx_diags_init(nx_diags *d);
void nx_diags_free(nx_diags *d);

/* Append one diagnostic; file may be NULL ("<input>"). */
void nx_diags_add(nx_diags *d, const char *file, int line, int col,
                  const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Print every diagnostic as "file:line:col: msg\n". */
void nx_diags_print(const nx_diags *d, FILE *out);

/* Nonzero when some diagnostic's message contains `needle` (tests use it). */
int nx_diags_contains(const nx_diags *d, const char *needle);

#endif
