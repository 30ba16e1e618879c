#include "nx_yaml.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "nx_suggest.h"
#include "nx_util.h"

/* Nesting deeper than this is refused: no pack needs it and it bounds the
 * recursion in nx_ynode_free. */
#define NX_YAML_MAX_DEPTH 64

static const char *kind_name(nx_ykind k)
{
    switch (k) {
    case NX_Y_SCALAR: return "scalar";
    case NX_Y_SEQ: return "sequence";
    case NX_Y_MAP: return "mapping";
    }
    return "?";
}

void nx_yerr(nx_diags *d, const nx_ynode *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = nx_vasprintf(fmt, ap);
    va_end(ap);
    nx_diags_add(d, n ? n->file : NULL, n ? n->line : 0, n ? n->col : 0,
                 "%s", msg);
    free(msg);
}

static void node_free(nx_ynode *n)
{
    if (!n) return;
    free(n->scalar);
    for (size_t i = 0; i < n->n; i++) {
        node_free(n->items[i]);
        if (n->keys) node_free(n->keys[i]);
    }
    free(n->items);
    free(n->keys);
    free(n);
}

void nx_ydoc_free(nx_ydoc *doc)
{
    node_free(doc->root);
    free(doc->file);
    memset(doc, 0, sizeof *doc);
}

typedef struct {
    yaml_parser_t parser;
    const char *file;
    nx_diags *d;
    int failed;
} ybuild;

static nx_ynode *new_node(ybuild *b, nx_ykind kind, const yaml_mark_t *m)
{
    nx_ynode *n = nx_xcalloc(1, sizeof *n);
    n->kind = kind;
    n->line = (int)m->line + 1;
    n->col = (int)m->column + 1;
    n->file = b->file;
    return n;
}

static void push_item(nx_ynode *parent, nx_ynode *key, nx_ynode *val)
{
    parent->items = nx_xrealloc(parent->items,
                                (parent->n + 1) * sizeof *parent->items);
    if (parent->kind == NX_Y_MAP)
        parent->keys = nx_xrealloc(parent->keys,
                                   (parent->n + 1) * sizeof *parent->keys);
    parent->items[parent->n] = val;
    if (parent->kind == NX_Y_MAP) parent->keys[parent->n] = key;
    parent->n++;
}

static int next_event(ybuild *b, yaml_event_t *ev)
{
    if (!yaml_parser_parse(&b->parser, ev)) {
        nx_diags_add(b->d, b->file, (int)b->parser.problem_mark.line + 1,
                     (int)b->parser.problem_mark.column + 1, "YAML syntax: %s%s%s",
                     b->parser.problem ? b->parser.problem : "error",
                     b->parser.context ? " " : "",
                     b->parser.context ? b->parser.context : "");
        b->failed = 1;
        return 0;
    }
    return 1;
}

static nx_ynode *parse_node(ybuild *b, yaml_event_t *ev, int depth);

/* Parse the children of a collection until its end event. */
static int parse_children(ybuild *b, nx_ynode *coll, int depth)
{
    for (;;) {
        yaml_event_t ev;
        if (!next_event(b, &ev)) return 0;
        if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            return 1;
        }
        nx_ynode *first = parse_node(b, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!first) return 0;
        if (coll->kind == NX_Y_SEQ) {
            push_item(coll, NULL, first);
            continue;
        }
        if (first->kind != NX_Y_SCALAR) {
            nx_yerr(b->d, first, "mapping keys must be plain scalars");
            node_free(first);
            b->failed = 1;
            return 0;
        }
        yaml_event_t vev;
        if (!next_event(b, &vev)) { node_free(first); return 0; }
        nx_ynode *val = parse_node(b, &vev, depth + 1);
        yaml_event_delete(&vev);
        if (!val) { node_free(first); return 0; }
        const nx_ynode *dup = nx_ymap_key(coll, first->scalar);
        if (dup) {
            nx_yerr(b->d, first, "duplicate key '%s' (first at line %d)",
                    first->scalar, dup->line);
            b->failed = 1;
        }
        push_item(coll, first, val);
    }
}

static nx_ynode *parse_node(ybuild *b, yaml_event_t *ev, int depth)
{
    if (depth > NX_YAML_MAX_DEPTH) {
        nx_diags_add(b->d, b->file, (int)ev->start_mark.line + 1,
                     (int)ev->start_mark.column + 1,
                     "nesting deeper than %d levels", NX_YAML_MAX_DEPTH);
        b->failed = 1;
        return NULL;
    }
    switch (ev->type) {
    case YAML_ALIAS_EVENT:
        nx_diags_add(b->d, b->file, (int)ev->start_mark.line + 1,
                     (int)ev->start_mark.column + 1,
                     "YAML aliases are not allowed in Nexus files");
        b->failed = 1;
        return NULL;
    case YAML_SCALAR_EVENT: {
        if (ev->data.scalar.anchor) {
            nx_diags_add(b->d, b->file, (int)ev->start_mark.line + 1,
                         (int)ev->start_mark.column + 1,
                         "YAML anchors are not allowed in Nexus files");
            b->failed = 1;
        }
        nx_ynode *n = new_node(b, NX_Y_SCALAR, &ev->start_mark);
        n->scalar = nx_xstrndup((const char *)ev->data.scalar.value,
                                ev->data.scalar.length);
        n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
        return n;
    }
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        int is_seq = ev->type == YAML_SEQUENCE_START_EVENT;
        const yaml_char_t *anchor = is_seq ? ev->data.sequence_start.anchor
                                           : ev->data.mapping_start.anchor;
        if (anchor) {
            nx_diags_add(b->d, b->file, (int)ev->start_mark.line + 1,
                         (int)ev->start_mark.column + 1,
                         "YAML anchors are not allowed in Nexus files");
            b->failed = 1;
        }
        nx_ynode *n = new_node(b, is_seq ? NX_Y_SEQ : NX_Y_MAP, &ev->start_mark);
        if (!parse_children(b, n, depth)) {
            node_free(n);
            return NULL;
        }
        return n;
    }
    default:
        nx_diags_add(b->d, b->file, (int)ev->start_mark.line + 1,
                     (int)ev->start_mark.column + 1, "unexpected YAML event");
        b->failed = 1;
        return NULL;
    }
}

static int load(ybuild *b, nx_ydoc *doc)
{
    yaml_event_t ev;
    int docs = 0;
    for (;;) {
        if (!next_event(b, &ev)) return -1;
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) { yaml_event_delete(&ev); break; }
        if (t == YAML_DOCUMENT_START_EVENT) {
            if (++docs > 1) {
                nx_diags_add(b->d, b->file, (int)ev.start_mark.line + 1,
                             (int)ev.start_mark.column + 1,
                             "only one YAML document per file");
                yaml_event_delete(&ev);
                return -1;
            }
        } else if (t != YAML_STREAM_START_EVENT && t != YAML_DOCUMENT_END_EVENT) {
            nx_ynode *n = parse_node(b, &ev, 0);
            yaml_event_delete(&ev);
            if (!n) return -1;
            doc->root = n;
            continue;
        }
        yaml_event_delete(&ev);
    }
    return b->failed ? -1 : 0;
}

int nx_ydoc_load_string(const char *name, const char *text, size_t len,
                        nx_ydoc *doc, nx_diags *d)
{
    memset(doc, 0, sizeof *doc);
    doc->file = nx_xstrdup(name ? name : "<input>");
    ybuild b = { .file = doc->file, .d = d };
    if (!yaml_parser_initialize(&b.parser)) {
        nx_diags_add(d, doc->file, 0, 0, "cannot initialise the YAML parser");
        nx_ydoc_free(doc);
        return -1;
    }
    yaml_parser_set_input_string(&b.parser, (const unsigned char *)text, len);
    int rc = load(&b, doc);
    yaml_parser_delete(&b.parser);
    if (rc != 0) nx_ydoc_free(doc);
    return rc;
}

int nx_ydoc_load_file(const char *path, nx_ydoc *doc, nx_diags *d)
{
    const char *err = NULL;
    size_t len = 0;
    char *text = nx_read_file(path, &len, &err);
    if (!text) {
        memset(doc, 0, sizeof *doc);
        nx_diags_add(d, path, 0, 0, "cannot read: %s", err);
        return -1;
    }
    int rc = nx_ydoc_load_string(path, text, len, doc, d);
    free(text);
    return rc;
}

const nx_ynode *nx_ymap_key(const nx_ynode *map, const char *key)
{
    if (!map || map->kind != NX_Y_MAP) return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (strcmp(map->keys[i]->scalar, key) == 0) return map->keys[i];
    return NULL;
}

const nx_ynode *nx_ymap_get(const nx_ynode *map, const char *key)
{
    if (!map || map->kind != NX_Y_MAP) return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (strcmp(map->keys[i]->scalar, key) == 0) return map->items[i];
    return NULL;
}

int nx_yexpect(const nx_ynode *n, nx_ykind kind, const char *what, nx_diags *d)
{
    if (n && n->kind == kind) return 1;
    nx_yerr(d, n, "%s must be a %s, not a %s", what, kind_name(kind),
            n ? kind_name(n->kind) : "missing value");
    return 0;
}

int nx_yis_null(const nx_ynode *n)
{
    if (!n || n->kind != NX_Y_SCALAR || n->quoted) return 0;
    return !n->scalar[0] || !strcmp(n->scalar, "~") || !strcmp(n->scalar, "null");
}

int nx_yint(const nx_ynode *n, const char *what, long long *out, nx_diags *d)
{
    if (!nx_yexpect(n, NX_Y_SCALAR, what, d)) return 0;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(n->scalar, &end, 10);
    if (n->quoted || !n->scalar[0] || *end || errno) {
        nx_yerr(d, n, "%s must be an integer, not '%s'", what, n->scalar);
        return 0;
    }
    *out = v;
    return 1;
}

int nx_ybool(const nx_ynode *n, const char *what, int *out, nx_diags *d)
{
    if (!nx_yexpect(n, NX_Y_SCALAR, what, d)) return 0;
    if (!n->quoted && !strcmp(n->scalar, "true")) { *out = 1; return 1; }
    if (!n->quoted && !strcmp(n->scalar, "false")) { *out = 0; return 1; }
    nx_yerr(d, n, "%s must be true or false, not '%s'", what, n->scalar);
    return 0;
}

static int in_list(const char *const *list, const char *s)
{
    for (; list && *list; list++)
        if (!strcmp(*list, s)) return 1;
    return 0;
}

/* " (did you mean 'x'?)" or " (valid: ...)" over both key lists. */
static const char *key_hint(char *buf, size_t cap, const char *k,
                            const char *const *required, const char *const *optional)
{
    const char *all[64];
    size_t n = 0;
    for (const char *const *l = required; l && *l && n < 64; l++) all[n++] = *l;
    for (const char *const *l = optional; l && *l && n < 64; l++) all[n++] = *l;
    return nx_suggest_hint(buf, cap, k, all, n);
}

int nx_ycheck_keys(const nx_ynode *map, const char *what,
                   const char *const *required, const char *const *optional,
                   nx_diags *d)
{
    if (!nx_yexpect(map, NX_Y_MAP, what, d)) return 1;
    int problems = 0;
    for (size_t i = 0; i < map->n; i++) {
        const char *k = map->keys[i]->scalar;
        if (!in_list(required, k) && !in_list(optional, k)) {
            char hint[512];
            nx_yerr(d, map->keys[i], "unknown key '%s' in %s%s", k, what,
                    key_hint(hint, sizeof hint, k, required, optional));
            problems++;
        }
    }
    for (; required && *required; required++)
        if (!nx_ymap_key(map, *required)) {
            nx_yerr(d, map, "missing key '%s' in %s", *required, what);
            problems++;
        }
    return problems;
}

char *nx_ytext(nx_diags *d, const nx_ynode *map, const char *key, const char *what)
{
    const nx_ynode *n = nx_ymap_get(map, key);
    if (!n) return NULL;
    if (n->kind != NX_Y_SCALAR || nx_yis_null(n) || !n->scalar[0]) {
        nx_yerr(d, n, "%s of %s must be a non-empty string", key, what);
        return NULL;
    }
    return nx_xstrdup(n->scalar);
}

const nx_ynode *nx_ymember(nx_diags *d, const nx_ynode *map, const char *key, nx_ykind kind,
                           const char *what)
{
    const nx_ynode *n = nx_ymap_get(map, key);
    if (!n) return NULL;
    char *label = nx_asprintf("%s of %s", key, what);
    int ok = nx_yexpect(n, kind, label, d);
    free(label);
    return ok ? n : NULL;
}
