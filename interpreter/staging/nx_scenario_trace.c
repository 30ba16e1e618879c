#include "nx_scenario_trace.h"

#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

/* Changes printed per viewer before "... and N more". */
#define MAX_CHANGES 12
/* A value longer than this is cut, with "..." */
#define MAX_VALUE 100

json_t *nx_trace_views(const nx_game *g)
{
    json_t *a = json_array();
    for (int s = -1; s < nx_game_state(g)->nseats; s++) json_array_append_new(a, nx_game_view_json(g, s));
    return a;
}

static void value(FILE *f, const json_t *v)
{
    if (!v) {
        fputs("(absent)", f);
        return;
    }
    char *t = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    if (strlen(t) > MAX_VALUE) fprintf(f, "%.*s...", MAX_VALUE, t);
    else fputs(t, f);
    free(t);
}

static void change(json_t *lines, const char *path, const json_t *a, const json_t *b)
{
    char *text;
    size_t n;
    FILE *f = open_memstream(&text, &n);
    fprintf(f, "%s: ", path);
    if (a) {
        value(f, a);
        fputs(" -> ", f);
    } else {
        fputs("+ ", f);
    }
    value(f, b);
    fclose(f);
    json_array_append_new(lines, json_string(text));
    free(text);
}

/* Walk two views side by side and list each path whose value differs
 * ("path: old -> new"); arrays of one length are compared element by
 * element. */
static void diff(json_t *lines, const char *path, const json_t *a, const json_t *b)
{
    if (a && b && json_equal(a, b)) return;
    if (json_is_object(a) && json_is_object(b)) {
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)a, k, v) {
            char *p = *path ? nx_asprintf("%s.%s", path, k) : nx_xstrdup(k);
            diff(lines, p, v, json_object_get(b, k));
            free(p);
        }
        json_object_foreach((json_t *)b, k, v) {
            if (json_object_get(a, k)) continue;
            char *p = *path ? nx_asprintf("%s.%s", path, k) : nx_xstrdup(k);
            change(lines, p, NULL, v);
            free(p);
        }
        return;
    }
    if (json_is_array(a) && json_is_array(b) && json_array_size(a) == json_array_size(b) && json_array_size(a)) {
        for (size_t i = 0; i < json_array_size(a); i++) {
            char *p = nx_asprintf("%s.%zu", path, i);
            diff(lines, p, json_array_get(a, i), json_array_get(b, i));
            free(p);
        }
        return;
    }
    if (json_is_array(a) && json_is_array(b) && json_array_size(b) > json_array_size(a)) {
        /* A list that grew at its end (receipts, discards): the new items. */
        size_t n = json_array_size(a), i;
        for (i = 0; i < n && json_equal(json_array_get(a, i), json_array_get(b, i)); i++) continue;
        if (i == n) {
            json_t *added = json_array();
            for (; i < json_array_size(b); i++) json_array_append(added, json_array_get(b, i));
            char *p = nx_asprintf("%s (added)", path);
            change(lines, p, NULL, added);
            free(p);
            json_decref(added);
            return;
        }
    }
    change(lines, path, a, b);
}

static json_t *view_changes(const json_t *before, const json_t *after)
{
    json_t *a = json_deep_copy(before), *b = json_deep_copy(after), *lines = json_array();
    /* The version moves with every action: not news. */
    json_object_del(a, "version");
    json_object_del(b, "version");
    diff(lines, "", a, b);
    json_decref(a);
    json_decref(b);
    return lines;
}

static int listed(const json_t *lines, const json_t *line)
{
    size_t i;
    json_t *l;
    json_array_foreach(lines, i, l) if (json_equal(l, line)) return 1;
    return 0;
}

/* Print a viewer's changes, leaving out those already printed as public. */
static int print_changes(FILE *f, const char *who, const json_t *lines, const json_t *public_lines)
{
    int shown = 0, more = 0;
    size_t i;
    json_t *l;
    json_array_foreach(lines, i, l) {
        if (public_lines && listed(public_lines, l)) continue;
        if (shown == MAX_CHANGES) {
            more++;
            continue;
        }
        fprintf(f, "  %s: %s\n", who, json_string_value(l));
        shown++;
    }
    if (more) fprintf(f, "  %s: ... and %d more changes\n", who, more);
    return shown;
}

static void pending(FILE *f, const json_t *spectator)
{
    json_t *pend = json_object_get(spectator, "pending"), *p;
    size_t i;
    if (!json_array_size(pend)) {
        fputs("  pending: none\n", f);
        return;
    }
    json_array_foreach(pend, i, p) {
        fprintf(f, "  pending: seat %lld %s \"%s\"", (long long)json_integer_value(json_object_get(p, "seat")),
                json_string_value(json_object_get(p, "kind")), json_string_value(json_object_get(p, "prompt")));
        json_t *opts = json_object_get(p, "options");
        if (opts) {
            fputs(", options ", f);
            value(f, opts);
        }
        fputc('\n', f);
    }
}

void nx_trace_step(FILE *f, int n, const char *where, const char *what, const json_t *action, const json_t *result,
                   const json_t *before, const json_t *after)
{
    fprintf(f, "step %d (%s): ", n, where);
    if (action) value(f, action);
    else fputs(what, f);
    fputc('\n', f);
    if (result) {
        if (json_is_true(json_object_get(result, "ok")))
            fprintf(f, "  result: ok, version %lld\n", (long long)json_integer_value(json_object_get(result, "version")));
        else
            fprintf(f, "  result: refused (%s): %s\n", json_string_value(json_object_get(result, "code")),
                    json_string_value(json_object_get(result, "error")));
        size_t i;
        json_t *line;
        json_array_foreach(json_object_get(result, "log"), i, line) fprintf(f, "  log: %s\n", json_string_value(line));
    }
    pending(f, json_array_get(after, 0));
    /* What the spectator sees changed is public; each seat then shows
     * only what it sees beyond that (its own cards, its decisions). */
    json_t *pub = view_changes(json_array_get(before, 0), json_array_get(after, 0));
    int any = print_changes(f, "public", pub, NULL);
    for (size_t v = 1; v < json_array_size(after); v++) {
        json_t *lines = view_changes(json_array_get(before, v), json_array_get(after, v));
        char who[32];
        snprintf(who, sizeof who, "seat %zu sees", v - 1);
        any |= print_changes(f, who, lines, pub);
        json_decref(lines);
    }
    json_decref(pub);
    if (!any) fputs("  views: unchanged\n", f);
}
