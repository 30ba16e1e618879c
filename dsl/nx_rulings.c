/*
 * nx_rulings: loading the rulings registry (rulings/ *.yaml) and the
 * settings files hosts and auditors write.  See docs/dsl.md, "Rulings".
 *
 * Every problem is reported, not just the first: a malformed ruling is
 * still checked key by key, and a file that does not parse leaves the
 * other files to be checked.
 */
#include "nx_rulings.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>


#include "nx_patterns.h"
#include "nx_shape.h"
#include "nx_suggest.h"
#include "nx_util.h"
#include "nx_yaml.h"

/* ---- patterns ---------------------------------------------------------- */

enum {
    RE_RULING_ID,
    RE_SOURCE_FILE,
    RE_NAME,          /* setting names and path ids */
    RE_GATE_PANEL,
    RE_COUNT
};

/* A source text of the Nexus contracts, or one of our rules digests
 * (which carry the original sources as tags). */
#define PAT_SOURCE_FILE "^(\\d{3}_[0-9a-f]{16}\\.txt|docs/rules/[a-z][a-z0-9-]*\\.md)$"
#define PAT_NAME "^[a-z][a-z_]*$"
#define PAT_GATE_PANEL "^[a-z][a-z_]*[a-z]\\.(cunning|betrayal|secret_ally)$"

static const char *const pattern_text[RE_COUNT] = {
    [RE_RULING_ID] = NX_RULING_ID_PATTERN,
    [RE_SOURCE_FILE] = PAT_SOURCE_FILE,
    [RE_NAME] = PAT_NAME,
    [RE_GATE_PANEL] = PAT_GATE_PANEL,
};

/* One load: the diagnostics, the compiled patterns (compiled once per load,
 * so loads in different threads share nothing) and the rulings so far. */
typedef struct loader {
    nx_diags *d;
    nx_patterns *re;
    nx_ruling *v;
    size_t n;
} loader;

static void loader_init(loader *L, nx_diags *d)
{
    memset(L, 0, sizeof *L);
    L->d = d;
    L->re = nx_patterns_compile(pattern_text, RE_COUNT);
}

static void loader_release(loader *L)
{
    nx_patterns_free(L->re);
}

/* ---- small field helpers ---------------------------------------------- */

static void ruling_free(nx_ruling *r)
{
    free(r->id);
    free(r->question);
    free(r->source_file);
    free(r->source_section);
    nx_strings_free(r->source_tags, r->nsource_tags);
    for (size_t i = 0; i < r->nsettings; i++) {
        free(r->settings[i].name);
        free(r->settings[i].meaning);
        free(r->settings[i].unbuilt);
    }
    free(r->settings);
    free(r->default_setting);
    for (size_t i = 0; i < r->ngates; i++) {
        free(r->gates[i].panel);
        free(r->gates[i].path);
        free(r->gates[i].lifecycle);
    }
    free(r->gates);
    free(r->notes);
    free(r->file);
    memset(r, 0, sizeof *r);
}

int nx_ruling_has_setting(const nx_ruling *r, const char *setting)
{
    for (size_t i = 0; i < r->nsettings; i++)
        if (!strcmp(r->settings[i].name, setting)) return 1;
    return 0;
}

const char *nx_ruling_setting_unbuilt(const nx_ruling *r, const char *setting)
{
    for (size_t i = 0; i < r->nsettings; i++)
        if (!strcmp(r->settings[i].name, setting)) return r->settings[i].unbuilt;
    return NULL;
}

static const nx_ruling *find_linear(const loader *L, const char *id)
{
    for (size_t i = 0; i < L->n; i++)
        if (!strcmp(L->v[i].id, id)) return &L->v[i];
    return NULL;
}

/* ---- kinds ------------------------------------------------------------ */

static const struct {
    const char *id, *name;
    int gates;         /* gates panels or lifecycle parts (and needs `gates`) */
} kinds[NX_RULING_KIND_COUNT] = {
    [NX_RULING_OPEN_QUESTION] = { "open_question", "open question", 1 },
    [NX_RULING_PROVISIONAL] = { "provisional_choice", "provisional choice", 1 },
    [NX_RULING_RULES_READING] = { "rules_reading", "rules reading", 0 },
};

const char *nx_ruling_kind_id(nx_ruling_kind k)
{
    assert(k < NX_RULING_KIND_COUNT);
    return kinds[k].id;
}

const char *nx_ruling_kind_name(nx_ruling_kind k)
{
    assert(k < NX_RULING_KIND_COUNT);
    return kinds[k].name;
}

int nx_ruling_kind_gates(nx_ruling_kind k)
{
    assert(k < NX_RULING_KIND_COUNT);
    return kinds[k].gates;
}

/* ---- one ruling ------------------------------------------------------- */

/* ---- shapes: the keys the loader checks, and `nexus schema` ---------- */

static const nx_shape sh_text = { .kind = NX_SH_STRING };

static const nx_field source_fields[] = {
    { "file", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "a contract source text or a docs/rules digest", .pattern = PAT_SOURCE_FILE } },
    { "section", 1, &sh_text },
    { "tags", 0, &(nx_shape){ .kind = NX_SH_LIST, .doc = "the original sources, as the cited file tags them", .items = &sh_text, .min_items = 1 } },
    { NULL, 0, NULL }
};

static const nx_field gate_fields[] = {
    { "panel", 1, &(nx_shape){ .kind = NX_SH_STRING, .pattern = PAT_GATE_PANEL } },
    { "path", 0, &(nx_shape){ .kind = NX_SH_STRING, .pattern = PAT_NAME } },
    { NULL, 0, NULL }
};

static const nx_field lifecycle_gate_fields[] = {
    { "lifecycle", 1, &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[])NX_LIFECYCLE_PARTS } },
    { NULL, 0, NULL }
};

/* `gates` is required or refused by kind (parse_gates), so it is listed as
 * optional here. */
static const nx_field ruling_fields[] = {
    { "id", 1, &(nx_shape){ .kind = NX_SH_STRING, .pattern = NX_RULING_ID_PATTERN } },
    { "kind", 1, &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[]){ "open_question", "provisional_choice", "rules_reading", NULL } } },
    { "question", 1, &sh_text },
    { "source", 1, &(nx_shape){ .kind = NX_SH_OBJECT, .fields = source_fields } },
    { "settings", 1, &(nx_shape){ .kind = NX_SH_MAP, .doc = "setting name: what it means", .key_pattern = PAT_NAME, .items = &sh_text } },
    { "default", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "one of the settings" } },
    { "unbuilt", 0, &(nx_shape){ .kind = NX_SH_MAP, .key_pattern = PAT_NAME, .items = &sh_text,
                                 .doc = "setting name: what the engine still lacks to carry it out (every gate is shut under it)" } },
    { "gates", 0, &(nx_shape){ .kind = NX_SH_LIST, .doc = "the panels, paths or lifecycle parts it gates", .items = &(nx_shape){
        .kind = NX_SH_EITHER, .either = (const nx_shape *const[]){
            &(nx_shape){ .kind = NX_SH_OBJECT, .fields = gate_fields },
            &(nx_shape){ .kind = NX_SH_OBJECT, .fields = lifecycle_gate_fields }, NULL } } } },
    { "notes", 0, &sh_text },
    { NULL, 0, NULL }
};

static const nx_shape sh_ruling = { .kind = NX_SH_OBJECT, .fields = ruling_fields };

const nx_shape *nx_rulings_file_shape(void)
{
    static const nx_shape s = { .kind = NX_SH_LIST, .doc = "a rulings file: a sequence of rulings",
                                .items = &sh_ruling };
    for (int k = 0; k < NX_RULING_KIND_COUNT; k++)   /* the kind words are the kinds table */
        assert(!strcmp(nx_shape_field(ruling_fields, "kind")->words[k], kinds[k].id));
    return &s;
}

/* The id, when valid and not already declared; NULL (reported) otherwise. */
static char *parse_id(loader *L, const nx_ynode *map)
{
    char *id = nx_ytext(L->d, map, "id", "ruling");
    if (!id) return NULL;
    const nx_ynode *n = nx_ymap_get(map, "id");
    const nx_ruling *first = NULL;
    if (!nx_patterns_match(L->re, RE_RULING_ID, id)) {
        nx_yerr(L->d, n, "ruling id '%s' must be 2 to 4 dot-separated words "
                "matching ^[a-z][a-z_]*(\\.[a-z][a-z_]*){1,3}$", id);
    } else if ((first = find_linear(L, id)) != NULL) {
        nx_yerr(L->d, n, "duplicate ruling id '%s' (first declared at %s:%d:%d)",
                id, first->file, first->line, first->col);
    } else {
        return id;
    }
    free(id);
    return NULL;
}

/* Returns 1 when the kind is valid. */
static int parse_kind(loader *L, const nx_ynode *map, const char *what,
                      nx_ruling *r)
{
    char *kind = nx_ytext(L->d, map, "kind", what);
    if (!kind) return 0;
    int k = 0;
    while (k < NX_RULING_KIND_COUNT && strcmp(kinds[k].id, kind)) k++;
    if (k < NX_RULING_KIND_COUNT)
        r->kind = (nx_ruling_kind)k;
    else
        nx_yerr(L->d, nx_ymap_get(map, "kind"), "kind of %s must be open_question "
                "or provisional_choice (rulings that gate panels) or rules_reading "
                "(a reading of a base-game rule), not '%s'", what, kind);
    free(kind);
    return k < NX_RULING_KIND_COUNT;
}

/* tags: [LV 1.01.03, TO]: the original sources, as the cited file tags
 * them.  Only non-empty strings are kept. */
static void parse_source_tags(loader *L, const nx_ynode *src, const char *swhat,
                              nx_ruling *r)
{
    const nx_ynode *tags = nx_ymember(L->d, src, "tags", NX_Y_SEQ, swhat);
    if (!tags) return;
    if (tags->n == 0) {
        nx_yerr(L->d, tags, "tags of %s must name at least one source (or be left "
                "out)", swhat);
        return;
    }
    r->source_tags = nx_xcalloc(tags->n, sizeof *r->source_tags);
    for (size_t i = 0; i < tags->n; i++) {
        const nx_ynode *t = tags->items[i];
        if (t->kind != NX_Y_SCALAR || nx_yis_null(t) || !t->scalar[0])
            nx_yerr(L->d, t, "tag %zu of %s must be a non-empty string", i + 1, swhat);
        else
            r->source_tags[r->nsource_tags++] = nx_xstrdup(t->scalar);
    }
}

static void parse_source(loader *L, const nx_ynode *map, const char *what,
                         nx_ruling *r)
{
    const nx_ynode *src = nx_ymap_get(map, "source");
    if (!src) return;
    char *swhat = nx_asprintf("source of %s", what);
    nx_ycheck_fields(src, swhat, source_fields, L->d);
    /* The lookups yield NULL when `source` is not a mapping. */
    r->source_file = nx_ytext(L->d, src, "file", swhat);
    r->source_section = nx_ytext(L->d, src, "section", swhat);
    if (r->source_file && !nx_patterns_match(L->re, RE_SOURCE_FILE, r->source_file))
        nx_yerr(L->d, nx_ymap_get(src, "file"), "source file '%s' of %s must look "
                "like 000_0123456789abcdef.txt (a source text) or "
                "docs/rules/<name>.md (a rules digest)", r->source_file, what);
    parse_source_tags(L, src, swhat, r);
    free(swhat);
}

static void parse_one_setting(loader *L, const nx_ynode *map, size_t i,
                              const char *what, nx_ruling *r)
{
    const char *name = map->keys[i]->scalar;
    const nx_ynode *val = map->items[i];
    if (!nx_patterns_match(L->re, RE_NAME, name)) {
        nx_yerr(L->d, map->keys[i], "setting name '%s' in %s must match "
                "^[a-z][a-z_]*$", name, what);
        return;
    }
    if (val->kind != NX_Y_SCALAR || nx_yis_null(val) || !val->scalar[0]) {
        nx_yerr(L->d, val, "meaning of setting '%s' in %s must be a non-empty "
                "string", name, what);
        return;
    }
    nx_ruling_setting *s = &r->settings[r->nsettings++];
    s->name = nx_xstrdup(name);
    s->meaning = nx_xstrdup(val->scalar);
}

static void parse_settings(loader *L, const nx_ynode *map, const char *what,
                           nx_ruling *r)
{
    const nx_ynode *set = nx_ymember(L->d, map, "settings", NX_Y_MAP, what);
    if (!set) return;
    if (set->n < 2)
        nx_yerr(L->d, nx_ymap_key(map, "settings"), "%s must offer at least two "
                "settings", what);
    r->settings = nx_xcalloc(set->n, sizeof *r->settings);
    for (size_t i = 0; i < set->n; i++) parse_one_setting(L, set, i, what, r);
}

/* The default and the rules tying it to the kind.  `kind_ok`: the kind
 * parsed, so its rules apply. */
static void parse_default(loader *L, const nx_ynode *map, const char *what,
                          int kind_ok, nx_ruling *r)
{
    const nx_ynode *set = nx_ymap_key(map, "settings");
    r->default_setting = nx_ytext(L->d, map, "default", what);
    if (kind_ok && r->kind == NX_RULING_OPEN_QUESTION && r->nsettings > 0 &&
        !nx_ruling_has_setting(r, NX_UNRESOLVED))
        nx_yerr(L->d, set, "%s is an open question, so it must offer the "
                "setting '" NX_UNRESOLVED "'", what);
    if (!r->default_setting) return;
    const nx_ynode *dn = nx_ymap_get(map, "default");
    if (r->nsettings > 0 && !nx_ruling_has_setting(r, r->default_setting))
        nx_yerr(L->d, dn, "default '%s' of %s is not one of its settings",
                r->default_setting, what);
    if (kind_ok && r->kind == NX_RULING_PROVISIONAL &&
        !strcmp(r->default_setting, NX_UNRESOLVED))
        nx_yerr(L->d, dn, "%s is a provisional choice, so its default must "
                "not be '" NX_UNRESOLVED "'", what);
    if (kind_ok && r->kind == NX_RULING_RULES_READING &&
        !strcmp(r->default_setting, NX_UNRESOLVED))
        nx_yerr(L->d, dn, "%s is a rules reading, so its default must be one of "
                "its readings, not '" NX_UNRESOLVED "'", what);
}

/* `unbuilt`: settings offered but not carried out yet.  Each names one of
 * the settings other than "unresolved" (which shuts anyway) and the
 * default; a rules reading offers only readings the engine carries out. */
static void parse_unbuilt(loader *L, const nx_ynode *map, const char *what, int kind_ok, nx_ruling *r)
{
    const nx_ynode *u = nx_ymember(L->d, map, "unbuilt", NX_Y_MAP, what);
    if (!u) return;
    if (kind_ok && r->kind == NX_RULING_RULES_READING) {
        nx_yerr(L->d, nx_ymap_key(map, "unbuilt"), "%s is a rules reading: every reading it offers is "
                "carried out, so it has no unbuilt settings", what);
        return;
    }
    for (size_t i = 0; i < u->n; i++) {
        const char *name = u->keys[i]->scalar;
        const nx_ynode *val = u->items[i];
        nx_ruling_setting *st = NULL;
        for (size_t k = 0; k < r->nsettings; k++)
            if (!strcmp(r->settings[k].name, name)) st = &r->settings[k];
        if (!st)
            nx_yerr(L->d, u->keys[i], "unbuilt setting '%s' of %s is not one of its settings", name, what);
        else if (!strcmp(name, NX_UNRESOLVED) || (r->default_setting && !strcmp(name, r->default_setting)))
            nx_yerr(L->d, u->keys[i], "setting '%s' of %s cannot be unbuilt: it is '" NX_UNRESOLVED
                    "' or the default", name, what);
        else if (val->kind != NX_Y_SCALAR || nx_yis_null(val) || !val->scalar[0])
            nx_yerr(L->d, val, "what setting '%s' of %s lacks must be a non-empty string", name, what);
        else if (!st->unbuilt)
            st->unbuilt = nx_xstrdup(val->scalar);
    }
}

/* The game turn always follows one reading: a rules reading that offered
 * "unresolved" would promise a setting the engine cannot carry out. */
static void refuse_unresolved_reading(loader *L, const nx_ynode *map,
                                      const char *what, const nx_ruling *r)
{
    const nx_ynode *set = nx_ymap_get(map, "settings");
    if (r->kind != NX_RULING_RULES_READING || !nx_ruling_has_setting(r, NX_UNRESOLVED))
        return;
    nx_yerr(L->d, nx_ymap_key(set, NX_UNRESOLVED), "%s is a rules reading: the game "
            "turn always follows one of its readings, so it cannot offer '"
            NX_UNRESOLVED "'", what);
}

static int same_gate(const nx_ruling_gate *g, const char *panel, const char *path)
{
    if (!g->panel || strcmp(g->panel, panel)) return 0;
    if (!g->path || !path) return !g->path && !path;
    return !strcmp(g->path, path);
}

static int is_lifecycle_part(const char *name)
{
    static const char *const parts[] = NX_LIFECYCLE_PARTS;
    for (const char *const *p = parts; *p; p++)
        if (!strcmp(*p, name)) return 1;
    return 0;
}

/* { lifecycle: nexus_draw }: a gate on the common lifecycle, not a panel. */
static void parse_lifecycle_gate(loader *L, const nx_ynode *g, const char *what,
                                 nx_ruling *r)
{
    if (nx_ymap_get(g, "panel") || nx_ymap_get(g, "path")) {
        nx_yerr(L->d, g, "a gate of %s names a panel or a lifecycle part, not both", what);
        return;
    }
    char *part = nx_ytext(L->d, g, "lifecycle", what);
    if (!part) return;
    if (!is_lifecycle_part(part)) {
        nx_yerr(L->d, nx_ymap_get(g, "lifecycle"), "unknown lifecycle part '%s' in %s "
                "(nexus_deal or nexus_draw)", part, what);
        free(part);
        return;
    }
    for (size_t i = 0; i < r->ngates; i++)
        if (r->gates[i].lifecycle && !strcmp(r->gates[i].lifecycle, part)) {
            nx_yerr(L->d, g, "%s gates lifecycle part %s twice", what, part);
            free(part);
            return;
        }
    r->gates[r->ngates++] = (nx_ruling_gate){ NULL, NULL, part, g->line, g->col };
}

static void parse_one_gate(loader *L, const nx_ynode *g, const char *what,
                           nx_ruling *r)
{
    /* Read with the panel gate's keys too, so that mixing the two is
     * reported as such (parse_lifecycle_gate) rather than as unknown keys. */
    static const char *const lifecycle_keys[] = { "lifecycle", "panel", "path", NULL };
    if (nx_ymap_get(g, "lifecycle")) {
        char *lwhat = nx_asprintf("gate of %s", what);
        nx_ycheck_keys(g, lwhat, NULL, lifecycle_keys, L->d);
        free(lwhat);
        parse_lifecycle_gate(L, g, what, r);
        return;
    }
    char *gwhat = nx_asprintf("gate of %s", what);
    nx_ycheck_fields(g, gwhat, gate_fields, L->d);
    char *panel = nx_ytext(L->d, g, "panel", gwhat);
    char *path = nx_ytext(L->d, g, "path", gwhat);
    int bad = !panel || (nx_ymap_get(g, "path") && !path);
    free(gwhat);
    if (panel && !nx_patterns_match(L->re, RE_GATE_PANEL, panel)) {
        nx_yerr(L->d, nx_ymap_get(g, "panel"), "gate panel '%s' of %s must be "
                "<card>.cunning, <card>.betrayal or <card>.secret_ally", panel, what);
        bad = 1;
    }
    if (path && !nx_patterns_match(L->re, RE_NAME, path)) {
        nx_yerr(L->d, nx_ymap_get(g, "path"), "gate path '%s' of %s must match "
                "^[a-z][a-z_]*$", path, what);
        bad = 1;
    }
    for (size_t i = 0; !bad && i < r->ngates; i++)
        if (same_gate(&r->gates[i], panel, path)) {
            nx_yerr(L->d, g, "%s gates panel %s%s%s twice (also at line %d)", what,
                    panel, path ? " path " : "", path ? path : "", r->gates[i].line);
            bad = 1;
        }
    if (bad) {
        free(panel);
        free(path);
        return;
    }
    r->gates[r->ngates++] = (nx_ruling_gate){ panel, path, NULL, g->line, g->col };
}

/* `gates` is required of the kinds that gate and refused on a rules reading;
 * with an unknown kind (already reported) it is checked if present. */
static void parse_gates(loader *L, const nx_ynode *map, const char *what,
                        int kind_ok, nx_ruling *r)
{
    const nx_ynode *key = nx_ymap_key(map, "gates");
    if (kind_ok && !nx_ruling_kind_gates(r->kind)) {
        if (key)
            nx_yerr(L->d, key, "%s is a rules reading: it applies to the game turn "
                    "and gates nothing, so it must not have 'gates'", what);
        return;
    }
    if (kind_ok && !key)
        nx_yerr(L->d, map, "missing key 'gates' in %s", what);
    const nx_ynode *gates = nx_ymember(L->d, map, "gates", NX_Y_SEQ, what);
    if (!gates) return;
    if (gates->n == 0)
        nx_yerr(L->d, gates, "%s must gate at least one panel or lifecycle part", what);
    r->gates = nx_xcalloc(gates->n, sizeof *r->gates);
    for (size_t i = 0; i < gates->n; i++) parse_one_gate(L, gates->items[i], what, r);
}

static void keep_ruling(loader *L, nx_ruling *r)
{
    /* Lookups and the duplicate check key on the id: a kept ruling has one,
     * and it is not yet in the list (parse_id refused duplicates). */
    assert(r->id && !find_linear(L, r->id));
    L->v = nx_xrealloc(L->v, (L->n + 1) * sizeof *L->v);
    L->v[L->n++] = *r;
}

static void parse_ruling(loader *L, const nx_ynode *item)
{
    if (!nx_yexpect(item, NX_Y_MAP, "a ruling", L->d)) return;
    nx_ruling r = { 0 };
    r.file = nx_xstrdup(item->file);
    r.line = item->line;
    r.col = item->col;
    r.id = parse_id(L, item);
    char *what = r.id ? nx_asprintf("ruling '%s'", r.id) : nx_xstrdup("ruling");
    nx_ycheck_fields(item, what, ruling_fields, L->d);
    int kind_ok = parse_kind(L, item, what, &r);
    r.question = nx_ytext(L->d, item, "question", what);
    parse_source(L, item, what, &r);
    parse_settings(L, item, what, &r);
    parse_default(L, item, what, kind_ok, &r);
    if (kind_ok) refuse_unresolved_reading(L, item, what, &r);
    parse_unbuilt(L, item, what, kind_ok, &r);
    parse_gates(L, item, what, kind_ok, &r);
    r.notes = nx_ytext(L->d, item, "notes", what);
    free(what);
    /* Without a valid, unique id nothing can refer to the ruling. */
    if (r.id) keep_ruling(L, &r);
    else ruling_free(&r);
}

/* ---- files ------------------------------------------------------------ */

static void load_file(loader *L, const char *path)
{
    nx_ydoc doc;
    if (nx_ydoc_load_file(path, &doc, L->d) != 0) return;
    if (!doc.root)
        nx_diags_add(L->d, path, 1, 1, "empty rulings file: expected a sequence "
                     "of rulings");
    else if (nx_yexpect(doc.root, NX_Y_SEQ, "a rulings file", L->d))
        for (size_t i = 0; i < doc.root->n; i++) parse_ruling(L, doc.root->items[i]);
    nx_ydoc_free(&doc);
}

static int cmp_ruling(const void *a, const void *b)
{
    return strcmp(((const nx_ruling *)a)->id, ((const nx_ruling *)b)->id);
}

int nx_rulings_load_dir_partial(const char *dir, nx_rulings *out, nx_diags *d)
{
    memset(out, 0, sizeof *out);
    size_t before = d->n;
    char **files;
    size_t nfiles;
    if (nx_list_files(dir, ".yaml", &files, &nfiles) != 0) {
        nx_diags_add(d, dir, 0, 0, "cannot open rulings directory: %s", strerror(errno));
        return -1;
    }
    loader L;
    loader_init(&L, d);
    for (size_t i = 0; i < nfiles; i++) load_file(&L, files[i]);
    nx_strings_free(files, nfiles);
    loader_release(&L);
    if (L.n) qsort(L.v, L.n, sizeof *L.v, cmp_ruling);
    out->v = L.v;
    out->n = L.n;
    return d->n == before ? 0 : -1;
}

int nx_rulings_load_dir(const char *dir, nx_rulings *out, nx_diags *d)
{
    int rc = nx_rulings_load_dir_partial(dir, out, d);
    if (rc != 0) nx_rulings_free(out);
    return rc;
}

void nx_rulings_free(nx_rulings *r)
{
    for (size_t i = 0; i < r->n; i++) ruling_free(&r->v[i]);
    free(r->v);
    memset(r, 0, sizeof *r);
}

const nx_ruling *nx_rulings_find(const nx_rulings *r, const char *id)
{
    if (!r || !r->n) return NULL;
    /* bsearch needs the order nx_rulings_load_dir_partial sorted into. */
    assert(r->n < 2 || strcmp(r->v[0].id, r->v[r->n - 1].id) < 0);
    nx_ruling key = { .id = (char *)id };
    return bsearch(&key, r->v, r->n, sizeof *r->v, cmp_ruling);
}

/* ---- settings --------------------------------------------------------- */

void nx_settings_init(nx_settings *s) { memset(s, 0, sizeof *s); }

void nx_settings_free(nx_settings *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->ids[i]);
        free(s->values[i]);
    }
    free(s->ids);
    free(s->values);
    memset(s, 0, sizeof *s);
}

/* Set or replace one choice (already validated). */
static void settings_put(nx_settings *s, const char *id, const char *value)
{
    /* ids[i] and values[i] are one entry: both set, never NULL. */
    assert(id && value);
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->ids[i], id)) {
            free(s->values[i]);
            s->values[i] = nx_xstrdup(value);
            return;
        }
    s->ids = nx_xrealloc(s->ids, (s->n + 1) * sizeof *s->ids);
    s->values = nx_xrealloc(s->values, (s->n + 1) * sizeof *s->values);
    s->ids[s->n] = nx_xstrdup(id);
    s->values[s->n] = nx_xstrdup(value);
    s->n++;
}

/* The settings a ruling offers, "a, b, c", for messages.  Caller frees. */
static char *settings_list(const nx_ruling *r)
{
    char *list = nx_xstrdup("");
    for (size_t i = 0; i < r->nsettings; i++) {
        char *next = nx_asprintf("%s%s%s", list, i ? ", " : "", r->settings[i].name);
        free(list);
        list = next;
    }
    return list;
}

const char *nx_rulings_suggest(const nx_rulings *r, const char *id)
{
    const char **ids = nx_xcalloc(r->n ? r->n : 1, sizeof *ids);
    for (size_t i = 0; i < r->n; i++) ids[i] = r->v[i].id;
    const char *close = nx_suggest(id, ids, r->n);
    free(ids);
    return close;
}

/* Is `id` = `value` a valid choice?  Reports at (file, line, col). */
static int check_choice(const nx_rulings *r, const char *id, const char *value,
                        const char *file, int line, int col, int vline, int vcol,
                        nx_diags *d)
{
    const nx_ruling *ru = nx_rulings_find(r, id);
    if (!ru) {
        const char *close = nx_rulings_suggest(r, id);
        if (close)
            nx_diags_add(d, file, line, col, "unknown ruling '%s' (did you mean '%s'?)", id,
                         close);
        else
            nx_diags_add(d, file, line, col, "unknown ruling '%s' (`nexus rulings` lists "
                         "them)", id);
        return 0;
    }
    if (nx_ruling_has_setting(ru, value)) return 1;
    char *list = settings_list(ru);
    const char **names = nx_xcalloc(ru->nsettings ? ru->nsettings : 1, sizeof *names);
    for (size_t i = 0; i < ru->nsettings; i++) names[i] = ru->settings[i].name;
    const char *close = nx_suggest(value, names, ru->nsettings);
    free(names);
    nx_diags_add(d, file, vline, vcol, "ruling '%s' has no setting '%s' (%s%s%sits "
                 "settings: %s)", id, value, close ? "did you mean '" : "", close ? close : "",
                 close ? "'? " : "", list);
    free(list);
    return 0;
}

static const nx_field choice_fields[] = {
    { "setting", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "one of the ruling's settings" } },
    { "reason", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "why, in one line" } },
    { "source", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "on what authority" } },
    { NULL, 0, NULL }
};

static const nx_shape sh_choice = {
    .kind = NX_SH_EITHER, .doc = "a setting name, or { setting, reason, source } (a profile must use the long form)",
    .either = (const nx_shape *const[]){ &(nx_shape){ .kind = NX_SH_STRING, .pattern = PAT_NAME },
                                         &(nx_shape){ .kind = NX_SH_OBJECT, .fields = choice_fields }, NULL }
};

static const nx_field settings_file_fields[] = {
    { "rulings", 1, &(nx_shape){ .kind = NX_SH_MAP, .doc = "ruling id: the setting chosen", .key_pattern = NX_RULING_ID_PATTERN, .items = &sh_choice, .nullable = 1 } },
    { "profile", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "a named profile: every choice gives its reason and source" } },
    { "description", 0, &sh_text },
    { NULL, 0, NULL }
};

const nx_shape *nx_settings_file_shape(void)
{
    static const nx_shape s = { .kind = NX_SH_OBJECT, .doc = "ruling settings for a game, or a named profile",
                                .fields = settings_file_fields };
    return &s;
}

/* One ruling's choices: a setting name of its own, or the long form with
 * that name. */
static json_t *ruling_choice_schema(const nx_ruling *r)
{
    json_t *names = json_array();
    for (size_t i = 0; i < r->nsettings; i++) json_array_append_new(names, json_string(r->settings[i].name));
    json_t *obj = json_pack("{s:s, s:{s:{s:O}, s:{s:s, s:i}, s:{s:s, s:i}}, s:[sss], s:b}",
                            "type", "object", "properties", "setting", "enum", names,
                            "reason", "type", "string", "minLength", 1,
                            "source", "type", "string", "minLength", 1,
                            "required", "setting", "reason", "source", "additionalProperties", 0);
    json_t *choice = json_pack("{s:[{s:o}, o], s:s}", "oneOf", "enum", names, obj,
                               "description", r->question ? r->question : "");
    return choice;
}

json_t *nx_settings_schema(const nx_rulings *r, const char *id)
{
    json_t *schema = nx_shape_schema(nx_settings_file_shape(), id, "Nexus ruling settings", NULL);
    /* The registry is known: each ruling id with its own settings, so an
     * editor completes both and refuses a setting the ruling lacks. */
    json_t *props = json_object();
    for (size_t i = 0; i < r->n; i++) json_object_set_new(props, r->v[i].id, ruling_choice_schema(&r->v[i]));
    json_t *rulings = json_object_get(json_object_get(schema, "properties"), "rulings");
    /* nullable: { oneOf: [ {type: null}, the mapping ] } */
    rulings = json_array_get(json_object_get(rulings, "oneOf"), 1);
    assert(json_is_object(rulings));
    json_object_set_new(rulings, "properties", props);
    json_object_set_new(rulings, "additionalProperties", json_false());
    json_object_del(rulings, "propertyNames");
    return schema;
}

/* The setting node of one entry: the scalar itself, or the `setting` of
 * the long form { setting, reason, source }, which a profile must use for
 * every entry (an auditor's choice says why, and on what authority).
 * NULL after reporting. */
static const nx_ynode *entry_setting(const nx_ynode *k, const nx_ynode *v, int profile,
                                     nx_diags *d)
{
    if (v->kind == NX_Y_MAP) {
        char *what = nx_asprintf("the choice for ruling '%s'", k->scalar);
        int bad = nx_ycheck_fields(v, what, choice_fields, d);
        for (const nx_field *key = choice_fields; !bad && key->name; key++) {
            char *text = nx_ytext(d, v, key->name, what);
            bad |= !text;
            free(text);
        }
        free(what);
        return bad ? NULL : nx_ymap_get(v, "setting");
    }
    if (v->kind != NX_Y_SCALAR || nx_yis_null(v)) {
        nx_yerr(d, v, "the setting for ruling '%s' must be a setting name", k->scalar);
        return NULL;
    }
    if (profile) {
        nx_yerr(d, v, "a profile gives each choice as { setting, reason, source }: "
                "ruling '%s' has no reason", k->scalar);
        return NULL;
    }
    return v;
}

/* Check every entry of the `rulings:` mapping; apply them only when all
 * are valid, so a bad file changes nothing. */
static int apply_settings_map(const nx_ynode *map, int profile, const nx_rulings *r,
                              nx_settings *out, nx_diags *d)
{
    int ok = 1;
    const nx_ynode **chosen = nx_xcalloc(map->n ? map->n : 1, sizeof *chosen);
    for (size_t i = 0; i < map->n; i++) {
        const nx_ynode *k = map->keys[i];
        const nx_ynode *v = chosen[i] = entry_setting(k, map->items[i], profile, d);
        if (!v) {
            ok = 0;
            continue;
        }
        ok &= check_choice(r, k->scalar, v->scalar, k->file, k->line, k->col,
                           v->line, v->col, d);
    }
    for (size_t i = 0; ok && i < map->n; i++)
        settings_put(out, map->keys[i]->scalar, chosen[i]->scalar);
    free(chosen);
    return ok;
}

int nx_settings_load_file(const char *path, const nx_rulings *r,
                          nx_settings *out, nx_diags *d)
{
    nx_ydoc doc;
    if (nx_ydoc_load_file(path, &doc, d) != 0) return -1;
    int ok = 0;
    if (!doc.root) {
        nx_diags_add(d, path, 1, 1, "empty settings file: expected 'rulings:'");
    } else if (nx_ycheck_fields(doc.root, "settings file", settings_file_fields, d) == 0) {
        const nx_ynode *map = nx_ymap_get(doc.root, "rulings");
        const nx_ynode *name = nx_ymap_get(doc.root, "profile");
        int profile = name != NULL;
        if (name && (name->kind != NX_Y_SCALAR || nx_yis_null(name)))
            nx_yerr(d, name, "profile must be the profile's name");
        else if (nx_yis_null(map)) ok = 1;   /* `rulings:` with nothing chosen */
        else if (nx_yexpect(map, NX_Y_MAP, "rulings in a settings file", d))
            ok = apply_settings_map(map, profile, r, out, d);
    }
    nx_ydoc_free(&doc);
    return ok ? 0 : -1;
}

int nx_settings_set(nx_settings *s, const nx_rulings *r, const char *id,
                    const char *value, nx_diags *d)
{
    if (!check_choice(r, id, value, "--set", 0, 0, 0, 0, d)) return -1;
    settings_put(s, id, value);
    return 0;
}

const char *nx_settings_get(const nx_settings *s, const nx_ruling *r)
{
    for (size_t i = 0; s && i < s->n; i++)
        if (!strcmp(s->ids[i], r->id)) return s->values[i];
    return r->default_setting;
}

const nx_ruling *nx_rulings_lifecycle_blocker(const nx_rulings *r, const nx_settings *s)
{
    for (size_t i = 0; i < r->n; i++)
        for (size_t g = 0; g < r->v[i].ngates; g++)
            if (r->v[i].gates[g].lifecycle && (!strcmp(nx_settings_get(s, &r->v[i]), NX_UNRESOLVED) ||
                                               nx_ruling_setting_unbuilt(&r->v[i], nx_settings_get(s, &r->v[i]))))
                return &r->v[i];
    return NULL;
}
