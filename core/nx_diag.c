#include "nx_diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

void nx_diags_init(nx_diags *d) { memset(d, 0, sizeof *d); }

void nx_diags_free(nx_diags *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->v[i].file);
        free(d->v[i].msg);
    }
    free(d->v);
    memset(d, 0, sizeof *d);
}

void nx_diags_add(nx_diags *d, const char *file, int line, int col,
                  const char *fmt, ...)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 8;
        d->v = nx_xrealloc(d->v, d->cap * sizeof *d->v);
    }
    va_list ap;
    va_start(ap, fmt);
    char *msg = nx_vasprintf(fmt, ap);
    va_end(ap);
    nx_diag *e = &d->v[d->n++];
    e->file = nx_xstrdup(file ? file : "<input>");
    e->line = line;
    e->col = col;
    e->msg = msg;
}

void nx_diags_print(const nx_diags *d, FILE *out)
{
    for (size_t i = 0; i < d->n; i++)
        fprintf(out, "%s:%d:%d: %s\n", d->v[i].file, d->v[i].line,
                d->v[i].col, d->v[i].msg);
}

int nx_diags_contains(const nx_diags *d, const char *needle)
{
    for (size_t i = 0; i < d->n; i++)
        if (strstr(d->v[i].msg, needle))
            return 1;
    return 0;
}
