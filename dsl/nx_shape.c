#include "nx_shape.h"

#include <assert.h>
#include <string.h>

#include "nx_faction.h"

/* No mapping of ours has more keys than this; asserted where the lists are
 * built, so a longer table fails its first test instead of losing keys. */
#define NX_SHAPE_MAX_FIELDS 32
/* No vocabulary is longer (the registry has well under 200 rulings). */
#define NX_SHAPE_MAX_WORDS 512

size_t nx_shape_faction_words(const void *ctx, const char **out, size_t cap)
{
    (void)ctx;
    size_t n = 0;
    /* nx_faction_parse takes a faction's name or its id. */
    for (int f = 0; f < NX_FACTION_COUNT && n < cap; f++) out[n++] = nx_faction_name((nx_faction)f);
    for (int f = 0; f < NX_FACTION_COUNT && n < cap; f++) out[n++] = nx_faction_id((nx_faction)f);
    return n;
}

int nx_ycheck_fields(const nx_ynode *map, const char *what, const nx_field *fields,
                     nx_diags *d)
{
    const char *required[NX_SHAPE_MAX_FIELDS + 1], *optional[NX_SHAPE_MAX_FIELDS + 1];
    size_t nr = 0, no = 0;
    for (const nx_field *f = fields; f && f->name; f++) {
        assert(nr + no < NX_SHAPE_MAX_FIELDS);
        if (f->required) required[nr++] = f->name;
        else optional[no++] = f->name;
    }
    required[nr] = optional[no] = NULL;
    return nx_ycheck_keys(map, what, required, optional, d);
}

const nx_shape *nx_shape_field(const nx_field *fields, const char *name)
{
    for (const nx_field *f = fields; f && f->name; f++)
        if (!strcmp(f->name, name)) return f->shape;
    return NULL;
}

static json_t *shape_json(const nx_shape *s, const void *ctx);

static json_t *word_enum(const nx_shape *s, const void *ctx)
{
    json_t *e = json_array();
    for (const char *const *w = s->words; w && *w; w++) json_array_append_new(e, json_string(*w));
    if (s->words_fn) {
        const char *words[NX_SHAPE_MAX_WORDS];
        size_t n = s->words_fn(ctx, words, NX_SHAPE_MAX_WORDS);
        assert(n <= NX_SHAPE_MAX_WORDS);
        for (size_t i = 0; i < n; i++) json_array_append_new(e, json_string(words[i]));
    }
    return e;
}

static int has_words(const nx_shape *s)
{
    return (s->words && s->words[0]) || s->words_fn;
}

static json_t *object_json(const nx_shape *s, const void *ctx)
{
    json_t *o = json_pack("{s:s}", "type", "object");
    json_t *props = json_object(), *req = json_array();
    for (const nx_field *f = s->fields; f && f->name; f++) {
        json_object_set_new(props, f->name, f->shape ? shape_json(f->shape, ctx) : json_object());
        if (f->required) json_array_append_new(req, json_string(f->name));
    }
    json_object_set_new(o, "properties", props);
    if (json_array_size(req)) json_object_set_new(o, "required", req);
    else json_decref(req);
    /* The loaders refuse unknown keys, so the schema does too. */
    json_object_set_new(o, "additionalProperties", json_false());
    return o;
}

static json_t *map_json(const nx_shape *s, const void *ctx)
{
    json_t *o = json_pack("{s:s}", "type", "object");
    json_t *names = json_object();
    if (s->key_pattern) json_object_set_new(names, "pattern", json_string(s->key_pattern));
    if (s->words_fn) json_object_set_new(names, "enum", word_enum(s, ctx));
    if (json_object_size(names)) json_object_set_new(o, "propertyNames", names);
    else json_decref(names);
    json_object_set_new(o, "additionalProperties", s->items ? shape_json(s->items, ctx) : json_object());
    return o;
}

static json_t *either_json(const nx_shape *s, const void *ctx)
{
    json_t *alts = json_array();
    for (const nx_shape *const *a = s->either; a && *a; a++) json_array_append_new(alts, shape_json(*a, ctx));
    return json_pack("{s:o}", "oneOf", alts);
}

static json_t *shape_json(const nx_shape *s, const void *ctx)
{
    json_t *o = NULL;
    switch (s->kind) {
    case NX_SH_ANY: o = json_object(); break;
    case NX_SH_STRING:
        o = json_pack("{s:s, s:i}", "type", "string", "minLength", 1);
        if (s->pattern) json_object_set_new(o, "pattern", json_string(s->pattern));
        if (has_words(s)) json_object_set_new(o, "enum", word_enum(s, ctx));
        break;
    case NX_SH_INTEGER: o = json_pack("{s:s}", "type", "integer"); break;
    case NX_SH_BOOLEAN: o = json_pack("{s:s}", "type", "boolean"); break;
    case NX_SH_OBJECT: o = object_json(s, ctx); break;
    case NX_SH_LIST:
        o = json_pack("{s:s, s:o}", "type", "array", "items",
                      s->items ? shape_json(s->items, ctx) : json_object());
        if (s->min_items) json_object_set_new(o, "minItems", json_integer(s->min_items));
        break;
    case NX_SH_MAP: o = map_json(s, ctx); break;
    case NX_SH_EITHER: o = either_json(s, ctx); break;
    }
    assert(o);   /* every kind is handled above */
    if (s->nullable) o = json_pack("{s:[{s:s}, o]}", "oneOf", "type", "null", o);
    if (s->doc) json_object_set_new(o, "description", json_string(s->doc));
    return o;
}

json_t *nx_shape_schema(const nx_shape *root, const char *id, const char *title,
                        const void *ctx)
{
    json_t *s = json_pack("{s:s, s:s, s:s}", "$schema", "https://json-schema.org/draft/2020-12/schema",
                          "$id", id, "title", title);
    json_t *body = shape_json(root, ctx);
    json_object_update(s, body);
    json_decref(body);
    return s;
}
