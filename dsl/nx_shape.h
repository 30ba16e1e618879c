/*
 * nx_shape: the shape of a Nexus YAML file, written once, read twice.
 *
 * Each loader (pack.yaml, card files, rulings files, settings files,
 * scenario files) declares the mappings it reads as nx_shape tables: the
 * keys, which are required, and what each holds.  The loader checks keys
 * with those very tables (nx_ycheck_fields), and `nexus schema` turns them
 * into JSON Schemas for editors (nx_shape_schema).  One table, so the
 * schema an editor validates against cannot drift from what `nexus check`
 * accepts; what a schema cannot say (a script file exists, a ruling gates
 * the panel that lists it) stays the loader's job.
 */
#ifndef NX_SHAPE_H
#define NX_SHAPE_H

#include <jansson.h>
#include <stddef.h>

#include "nx_diag.h"
#include "nx_yaml.h"

typedef enum nx_shape_kind {
    NX_SH_ANY,       /* anything (free-form notes, a staged position) */
    NX_SH_STRING,    /* a non-empty string; optional pattern or word list */
    NX_SH_INTEGER,
    NX_SH_BOOLEAN,
    NX_SH_OBJECT,    /* a mapping with the keys in `fields` */
    NX_SH_LIST,      /* a sequence of `items` */
    NX_SH_MAP,       /* a mapping from keys (key_pattern / key_words) to `items` */
    NX_SH_EITHER     /* one of `either` */
} nx_shape_kind;

typedef struct nx_shape nx_shape;

typedef struct nx_field {
    const char *name;          /* NULL ends a field list */
    int required;
    const nx_shape *shape;     /* NULL: anything */
} nx_field;

/* A vocabulary computed from the engine's tables (events, factions, the
 * registry's rulings): fills out[0..cap), returns the count. */
typedef size_t (*nx_shape_words_fn)(const void *ctx, const char **out, size_t cap);

struct nx_shape {
    nx_shape_kind kind;
    const char *doc;                   /* the schema's description */
    const char *pattern;               /* STRING: a regular expression */
    const char *const *words;          /* STRING: one of these (NULL-terminated) */
    nx_shape_words_fn words_fn;        /* STRING, MAP keys: one of these */
    const nx_field *fields;            /* OBJECT */
    const nx_shape *items;             /* LIST items, MAP values */
    const char *key_pattern;           /* MAP: keys match */
    const nx_shape *const *either;     /* EITHER: NULL-terminated */
    int min_items;                     /* LIST */
    int nullable;                      /* an empty value (`key:`) is accepted too */
};

/* The factions as a file may name them: each name, then each id (what
 * nx_faction_parse takes). */
size_t nx_shape_faction_words(const void *ctx, const char **out, size_t cap);

/* Checks map's keys against fields like nx_ycheck_keys (unknown keys with
 * "did you mean", missing required ones); returns the number of problems. */
int nx_ycheck_fields(const nx_ynode *map, const char *what, const nx_field *fields,
                     nx_diags *d);

/* The shape of field `name` in fields, or NULL. */
const nx_shape *nx_shape_field(const nx_field *fields, const char *name);

/* A JSON Schema (draft 2020-12) for root, titled, with a $id of id;
 * words_fn vocabularies are called with ctx.  Caller owns the result. */
json_t *nx_shape_schema(const nx_shape *root, const char *id, const char *title,
                        const void *ctx);

#endif
