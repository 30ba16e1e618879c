/*
 * nx_yaml: a small YAML document tree with source positions, on libyaml.
 *
 * Every loader (card pack, rulings, settings, scenarios) reads YAML through
 * this module so that every node knows its file, line and column and every
 * problem can be reported as "file:line:col: message".
 *
 * Deliberate limits: one document per file; anchors and aliases are refused
 * (they buy nothing in a card pack and open the door to alias bombs);
 * duplicate mapping keys are refused.
 */
#ifndef NX_YAML_H
#define NX_YAML_H

#include <stddef.h>

#include "nx_diag.h"

typedef enum { NX_Y_SCALAR, NX_Y_SEQ, NX_Y_MAP } nx_ykind;

typedef struct nx_ynode nx_ynode;
struct nx_ynode {
    nx_ykind kind;
    int line, col;       /* 1-based position of the node's start */
    const char *file;    /* owned by the document */
    char *scalar;        /* NX_Y_SCALAR: the text */
    int quoted;          /* NX_Y_SCALAR: written in quotes (never a null/bool) */
    size_t n;            /* NX_Y_SEQ / NX_Y_MAP: number of items */
    nx_ynode **items;    /* sequence items, or mapping values */
    nx_ynode **keys;     /* NX_Y_MAP: keys (always scalars) */
};

typedef struct nx_ydoc {
    char *file;
    nx_ynode *root;      /* NULL for an empty document */
} nx_ydoc;

/* Parse; on failure returns -1, adds diagnostics and leaves *doc empty. */
int nx_ydoc_load_file(const char *path, nx_ydoc *doc, nx_diags *d);
int nx_ydoc_load_string(const char *name, const char *text, size_t len,
                        nx_ydoc *doc, nx_diags *d);
void nx_ydoc_free(nx_ydoc *doc);

/* Mapping lookup; NULL when absent or when `map` is not a mapping. */
const nx_ynode *nx_ymap_get(const nx_ynode *map, const char *key);

/* The key node for `key` (for positions), or NULL. */
const nx_ynode *nx_ymap_key(const nx_ynode *map, const char *key);

/* Type checks that add "expected a <kind> for <what>" on mismatch. */
int nx_yexpect(const nx_ynode *n, nx_ykind kind, const char *what,
               nx_diags *d);

/* A scalar that is YAML null ("", "~", "null"; unquoted). */
int nx_yis_null(const nx_ynode *n);

/* Parse an unquoted integer scalar; returns 0 and reports on failure. */
int nx_yint(const nx_ynode *n, const char *what, long long *out, nx_diags *d);

/* Parse a boolean scalar (true/false, unquoted); reports on failure. */
int nx_ybool(const nx_ynode *n, const char *what, int *out, nx_diags *d);

/*
 * Check the keys of a mapping: every key in `required` must be present,
 * every key must be in `required` or `optional` (NULL-terminated lists).
 * Reports each unknown and each missing key; returns the number of problems.
 */
int nx_ycheck_keys(const nx_ynode *map, const char *what,
                   const char *const *required, const char *const *optional,
                   nx_diags *d);

/* The non-empty string at `key` of a mapping, copied (caller frees); NULL
 * when absent, or after reporting "<key> of <what> must be a non-empty
 * string". */
char *nx_ytext(nx_diags *d, const nx_ynode *map, const char *key, const char *what);

/* The value at `key` of a mapping if present and of `kind`.  NULL when
 * absent, or after reporting "<key> of <what> must be a <kind>...". */
const nx_ynode *nx_ymember(nx_diags *d, const nx_ynode *map, const char *key, nx_ykind kind,
                           const char *what);

/* Report a problem at a node's position. */
void nx_yerr(nx_diags *d, const nx_ynode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
