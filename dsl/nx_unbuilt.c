/*
 * nx_unbuilt: a panel's or a path's `unbuilt_under` list (nx_unbuilt.h).
 */
#include "nx_unbuilt.h"

#include <stdlib.h>
#include <string.h>

#include "nx_shape.h"
#include "nx_util.h"

static const nx_field while_fields[] = {
    { "ruling", 1, &(nx_shape){ .kind = NX_SH_STRING, .pattern = NX_RULING_ID_PATTERN } },
    { "settings", 1, &(nx_shape){ .kind = NX_SH_LIST, .min_items = 1,
                                   .items = &(nx_shape){ .kind = NX_SH_STRING, .pattern = "^[a-z][a-z_]*$" } } },
    { NULL, 0, NULL }
};

static const nx_field entry_fields[] = {
    { "ruling", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the ruling whose settings ask for what is missing", .pattern = NX_RULING_ID_PATTERN } },
    { "settings", 1, &(nx_shape){ .kind = NX_SH_LIST, .min_items = 1,
                                   .items = &(nx_shape){ .kind = NX_SH_STRING, .pattern = "^[a-z][a-z_]*$" } } },
    { "reason", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "what the engine lacks under those settings (the panel or path is shut with it)" } },
    { "while", 0, &(nx_shape){ .kind = NX_SH_OBJECT, .fields = while_fields,
                               .doc = "it holds only while this other ruling has one of these settings" } },
    { NULL, 0, NULL }
};

const nx_shape nx_unbuilt_under_shape = {
    .kind = NX_SH_LIST,
    .doc = "settings of its rulings under which the engine cannot play it yet: it is shut there, with the reason",
    .items = &(nx_shape){ .kind = NX_SH_OBJECT, .fields = entry_fields } };

static int has(char *const *v, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i], s)) return 1;
    return 0;
}

void nx_ruling_settings_parse(nx_diags *d, const nx_ynode *list, const char *what, char ***v, size_t *n)
{
    *v = nx_xcalloc(list->n ? list->n : 1, sizeof **v);
    for (size_t i = 0; i < list->n; i++) {
        const nx_ynode *it = list->items[i];
        if (it->kind != NX_Y_SCALAR || nx_yis_null(it) || !it->scalar[0])
            nx_yerr(d, it, "setting %zu of %s must be a setting name", i + 1, what);
        else if (has(*v, *n, it->scalar))
            nx_yerr(d, it, "setting '%s' is listed twice in %s", it->scalar, what);
        else
            (*v)[(*n)++] = nx_xstrdup(it->scalar);
    }
    if (!list->n) nx_yerr(d, list, "%s names no setting", what);
}

/* `while`: 0 when absent or complete, -1 after reporting a problem. */
static int parse_while(nx_diags *d, const nx_ynode *entry, const char *what, nx_unbuilt *u)
{
    const nx_ynode *w = nx_ymember(d, entry, "while", NX_Y_MAP, what);
    if (!w) return nx_ymap_get(entry, "while") ? -1 : 0;
    char *wwhat = nx_asprintf("the while of %s", what);
    nx_ycheck_fields(w, wwhat, while_fields, d);
    u->while_ruling = nx_ytext(d, w, "ruling", wwhat);
    const nx_ynode *sl = nx_ymember(d, w, "settings", NX_Y_SEQ, wwhat);
    if (sl) nx_ruling_settings_parse(d, sl, wwhat, &u->while_settings, &u->nwhile_settings);
    free(wwhat);
    return u->while_ruling && u->nwhile_settings ? 0 : -1;
}

static void parse_entry(nx_diags *d, const nx_ynode *n, const char *what, nx_unbuilt_list *out)
{
    char *ewhat = nx_asprintf("an unbuilt_under entry of %s", what);
    if (!nx_yexpect(n, NX_Y_MAP, ewhat, d)) {
        free(ewhat);
        return;
    }
    nx_ycheck_fields(n, ewhat, entry_fields, d);
    nx_unbuilt u = { .file = nx_xstrdup(n->file), .line = n->line, .col = n->col };
    u.ruling = nx_ytext(d, n, "ruling", ewhat);
    u.reason = nx_ytext(d, n, "reason", ewhat);
    const nx_ynode *sl = nx_ymember(d, n, "settings", NX_Y_SEQ, ewhat);
    if (sl) nx_ruling_settings_parse(d, sl, ewhat, &u.settings, &u.nsettings);
    int bad_while = parse_while(d, n, ewhat, &u);
    free(ewhat);
    if (!u.ruling || !u.reason || !u.nsettings || bad_while) {   /* reported above: keep nothing of it */
        nx_unbuilt_list one = { nx_xcalloc(1, sizeof u), 1 };
        one.v[0] = u;
        nx_unbuilt_free(&one);
        return;
    }
    out->v = nx_xrealloc(out->v, (out->n + 1) * sizeof *out->v);
    out->v[out->n++] = u;
}

void nx_unbuilt_parse(nx_diags *d, const nx_ynode *owner, const char *what, nx_unbuilt_list *out)
{
    memset(out, 0, sizeof *out);
    const nx_ynode *l = nx_ymember(d, owner, "unbuilt_under", NX_Y_SEQ, what);
    for (size_t i = 0; l && i < l->n; i++) parse_entry(d, l->items[i], what, out);
}

void nx_ruling_pair_check(nx_diags *d, const nx_rulings *rs, const char *file, int line, int col, const char *what,
                          const char *role, const char *unresolved_note, const char *ruling, char *const *settings,
                          size_t nsettings, char *const *listed, size_t nlisted)
{
    const nx_ruling *r = nx_rulings_find(rs, ruling);
    if (!r) {
        nx_diags_add(d, file, line, col, "%s %s ruling '%s', which does not exist", what, role, ruling);
        return;
    }
    if (!has(listed, nlisted, ruling))
        nx_diags_add(d, file, line, col, "%s %s ruling '%s' but does not list it under rulings", what, role, ruling);
    for (size_t k = 0; k < nsettings; k++) {
        if (!nx_ruling_has_setting(r, settings[k]))
            nx_diags_add(d, file, line, col, "ruling '%s' offers no setting '%s' (%s)", r->id, settings[k], what);
        else if (!strcmp(settings[k], NX_UNRESOLVED))
            nx_diags_add(d, file, line, col, "%s: '%s' %s", what, NX_UNRESOLVED, unresolved_note);
    }
}

/* One (ruling, settings) pair of an entry: the ruling exists and the
 * panel lists it; each setting is offered, and opens its gates. */
static void check_pair(nx_diags *d, const nx_rulings *rs, const nx_unbuilt *u, const char *ruling,
                       char *const *settings, size_t nsettings, const char *what, char *const *listed,
                       size_t nlisted)
{
    nx_ruling_pair_check(d, rs, u->file, u->line, u->col, what, "is unbuilt under",
                         "shuts its gates already; unbuilt_under names only settings that open them", ruling, settings,
                         nsettings, listed, nlisted);
}

static void check_entry(nx_diags *d, const nx_rulings *rs, const nx_unbuilt *u, const char *what,
                        char *const *listed, size_t nlisted)
{
    check_pair(d, rs, u, u->ruling, u->settings, u->nsettings, what, listed, nlisted);
    if (u->while_ruling)
        check_pair(d, rs, u, u->while_ruling, u->while_settings, u->nwhile_settings, what, listed, nlisted);
}

void nx_unbuilt_check(nx_diags *d, const nx_rulings *rs, const nx_unbuilt_list *l, const char *what,
                      char *const *listed, size_t nlisted)
{
    for (size_t i = 0; i < l->n; i++) {
        check_entry(d, rs, &l->v[i], what, listed, nlisted);
        for (size_t j = 0; j < i; j++)
            if (!strcmp(l->v[j].ruling, l->v[i].ruling))
                nx_diags_add(d, l->v[i].file, l->v[i].line, l->v[i].col,
                             "%s names ruling '%s' twice under unbuilt_under", what, l->v[i].ruling);
    }
}

static int set_to_one_of(const nx_rulings *rs, const nx_settings *s, const char *ruling, char *const *v, size_t n)
{
    const nx_ruling *r = nx_rulings_find(rs, ruling);
    return r && has(v, n, nx_settings_get(s, r));
}

const nx_unbuilt *nx_unbuilt_match(const nx_unbuilt_list *l, const nx_rulings *rs, const nx_settings *s)
{
    for (size_t i = 0; i < l->n; i++) {
        const nx_unbuilt *u = &l->v[i];
        if (!set_to_one_of(rs, s, u->ruling, u->settings, u->nsettings)) continue;
        if (u->while_ruling && !set_to_one_of(rs, s, u->while_ruling, u->while_settings, u->nwhile_settings))
            continue;
        return u;
    }
    return NULL;
}

void nx_unbuilt_free(nx_unbuilt_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].ruling);
        free(l->v[i].reason);
        nx_strings_free(l->v[i].settings, l->v[i].nsettings);
        free(l->v[i].while_ruling);
        nx_strings_free(l->v[i].while_settings, l->v[i].nwhile_settings);
        free(l->v[i].file);
    }
    free(l->v);
    memset(l, 0, sizeof *l);
}
