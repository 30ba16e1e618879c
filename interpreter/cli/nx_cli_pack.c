/* The pack-reading commands: check, cards, rulings, availability. */
#include <jansson.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "nx_avail.h"
#include "nx_cli.h"
#include "nx_panel_ctx.h"
#include "nx_runtime.h"
#include "nx_util.h"
#include "nx_words.h"

/* ---- shared argument handling ------------------------------------------ */

typedef struct pack_args {
    int json;
    const char *match;       /* --match REGEX */
    const char *rulings;     /* --rulings FILE */
    const char **sets;       /* --set ID=VALUE, repeated */
    size_t nsets;
    const char *positional[2];
    size_t npositional;
} pack_args;

/* Parse the options a command allows (`allowed` is a string of flags such
 * as "json match"); returns 0 or a usage exit code. */
static int parse_args(nx_cli *cli, const char *allowed, size_t max_positional,
                      pack_args *a)
{
    memset(a, 0, sizeof *a);
    a->sets = nx_xcalloc((size_t)cli->argc, sizeof *a->sets);
    const char *cmd = cli->argv[0];
    for (int i = 1; i < cli->argc; i++) {
        const char *s = cli->argv[i];
        int takes_value = !strcmp(s, "--match") || !strcmp(s, "--rulings") ||
                          !strcmp(s, "--set");
        if (s[0] == '-' && !strstr(allowed, s + 2))
            return nx_cli_usage_error(cli, cmd, "unknown option '%s'", s);
        if (takes_value && i + 1 >= cli->argc)
            return nx_cli_usage_error(cli, cmd, "%s needs a value", s);
        if (!strcmp(s, "--json")) a->json = 1;
        else if (!strcmp(s, "--match")) a->match = cli->argv[++i];
        else if (!strcmp(s, "--rulings")) a->rulings = cli->argv[++i];
        else if (!strcmp(s, "--set")) a->sets[a->nsets++] = cli->argv[++i];
        else if (s[0] == '-') return nx_cli_usage_error(cli, cmd, "unknown option '%s'", s);
        else if (a->npositional < max_positional) a->positional[a->npositional++] = s;
        else return nx_cli_usage_error(cli, cmd, "unexpected argument '%s'", s);
    }
    return 0;
}

static void free_args(pack_args *a) { free(a->sets); }

static void print_json(nx_cli *cli, json_t *j)
{
    json_dumpf(j, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', cli->out);
    json_decref(j);
}

static json_t *json_strings(char *const *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(a, json_string(v[i]));
    return a;
}

/* ---- check --------------------------------------------------------------- */

int nx_cmd_check(nx_cli *cli)
{
    pack_args a;
    int rc = parse_args(cli, "", 1, &a);
    if (rc) { free_args(&a); return rc; }
    if (a.npositional) cli->pack_path = a.positional[0];
    /* The very loader every game command uses (the pack, then each
     * implemented panel compiled and run in the sandbox), so a pack check
     * passes is one that every game command loads. */
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    rc = nx_runtime_open(&rt, cli->pack_path, &d);
    free_args(&a);
    if (rc) {
        nx_diags_print(&d, cli->err);
        fprintf(cli->err, "nexus: %zu problem%s in pack %s\n", d.n, nx_plural(d.n, "", "s"), cli->pack_path);
    }
    nx_diags_free(&d);
    if (rc) return NX_EXIT_INVALID;
    const nx_pack *pack = &rt.pack;
    nx_diags_init(&d);
    if (nx_ctx_lint_pack(pack, &d)) {
        nx_diags_print(&d, cli->err);
        fprintf(cli->err, "nexus: %zu problem%s in pack %s\n", d.n, nx_plural(d.n, "", "s"), cli->pack_path);
        nx_diags_free(&d);
        nx_runtime_close(&rt);
        return NX_EXIT_INVALID;
    }
    nx_diags_free(&d);
    size_t implemented = 0;
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++)
            implemented += (size_t)pack->cards[f].panels[m].implemented;
    fprintf(cli->out,
            "%s: pack %s %s is valid: 12 cards, 36 panels (%zu implemented), "
            "%zu rulings\ndigest %s\n",
            pack->file, pack->name, pack->version, implemented, pack->rulings.n,
            pack->digest);
    nx_runtime_close(&rt);
    return NX_EXIT_OK;
}

/* ---- stubs --------------------------------------------------------------- */

/* The LuaLS annotations of the ctx API, from the method table itself. */
int nx_cmd_stubs(nx_cli *cli)
{
    if (cli->argc > 1) {
        fprintf(cli->err, "nexus stubs: unexpected argument '%s'\n(see nexus --help)\n", cli->argv[1]);
        return NX_EXIT_USAGE;
    }
    nx_panel_ctx_stubs(cli->out);
    return NX_EXIT_OK;
}

/* ---- cards --------------------------------------------------------------- */

static char *when_text(const nx_when *w)
{
    if (w->anytime) return nx_xstrdup("at any time");
    if (w->phase != NX_PHASE_ANY && w->event)
        return nx_asprintf("%s, on %s", nx_phase_id(w->phase), w->event);
    if (w->phase != NX_PHASE_ANY) return nx_asprintf("during %s", nx_phase_id(w->phase));
    return nx_asprintf("on %s", w->event ? w->event : "?");
}

static json_t *panel_json(const nx_panel *p)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(p->id));
    json_object_set_new(o, "mode", json_string(nx_mode_id(p->mode)));
    char *when = when_text(&p->when);
    json_object_set_new(o, "when", json_string(when));
    free(when);
    json_object_set_new(o, "text", json_string(p->text));
    json_object_set_new(o, "sources", json_strings(p->sources, p->nsources));
    json_object_set_new(o, "status", json_string(p->implemented ? "available" : "unavailable"));
    if (p->reason) json_object_set_new(o, "reason", json_string(p->reason));
    if (p->script) json_object_set_new(o, "script", json_string(p->script));
    json_object_set_new(o, "rulings", json_strings(p->rulings, p->nrulings));
    json_t *paths = json_array();
    for (size_t i = 0; i < p->npaths; i++) {
        json_t *po = json_object();
        json_object_set_new(po, "id", json_string(p->paths[i].id));
        json_object_set_new(po, "text", json_string(p->paths[i].text));
        json_array_append_new(paths, po);
    }
    json_object_set_new(o, "paths", paths);
    return o;
}

/* Print `text` wrapped at 78 columns with `indent` spaces. */
static void print_wrapped(FILE *out, const char *text, int indent)
{
    int col = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\n') p++;
        size_t w = strcspn(p, " \n");
        if (!w) break;
        if (col && col + 1 + (int)w > 78) { fputc('\n', out); col = 0; }
        if (!col) col = fprintf(out, "%*s", indent, "");
        else col += fprintf(out, " ");
        col += fprintf(out, "%.*s", (int)w, p);
        p += w;
    }
    if (col) fputc('\n', out);
}

static void print_panel(FILE *out, const nx_panel *p)
{
    char *when = when_text(&p->when);
    fprintf(out, "  %s (%s) [%s]\n", nx_mode_name(p->mode), when,
            p->implemented ? "implemented" : "unavailable");
    free(when);
    print_wrapped(out, p->text, 4);
    for (size_t i = 0; i < p->npaths; i++) {
        fprintf(out, "    path %s:\n", p->paths[i].id);
        print_wrapped(out, p->paths[i].text, 6);
    }
    if (p->nrulings) {
        fprintf(out, "    rulings:");
        for (size_t i = 0; i < p->nrulings; i++) fprintf(out, " %s", p->rulings[i]);
        fputc('\n', out);
    }
    if (!p->implemented) {
        fprintf(out, "    why unavailable:\n");
        print_wrapped(out, p->reason, 6);
    }
}

int nx_cmd_cards(nx_cli *cli)
{
    pack_args a;
    int rc = parse_args(cli, "json", 0, &a);
    int json = a.json;
    free_args(&a);
    if (rc) return rc;
    nx_pack pack;
    if (nx_cli_load_pack(cli, &pack)) return NX_EXIT_INVALID;
    json_t *cards = json ? json_array() : NULL;
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        const nx_card *c = &pack.cards[f];
        if (json) {
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(c->id));
            json_object_set_new(o, "faction", json_string(nx_faction_name(c->faction)));
            json_t *panels = json_array();
            for (int m = 0; m < NX_MODE_COUNT; m++)
                json_array_append_new(panels, panel_json(&c->panels[m]));
            json_object_set_new(o, "panels", panels);
            json_array_append_new(cards, o);
            continue;
        }
        fprintf(cli->out, "%s%s\n", f ? "\n" : "", nx_faction_name(c->faction));
        for (int m = 0; m < NX_MODE_COUNT; m++) print_panel(cli->out, &c->panels[m]);
    }
    if (json) {
        json_t *root = json_object();
        json_object_set_new(root, "pack", json_string(pack.name));
        json_object_set_new(root, "version", json_string(pack.version));
        json_object_set_new(root, "digest", json_string(pack.digest));
        json_object_set_new(root, "cards", cards);
        print_json(cli, root);
    }
    nx_pack_free(&pack);
    return NX_EXIT_OK;
}

/* ---- rulings ------------------------------------------------------------- */

static json_t *ruling_json(const nx_ruling *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(r->id));
    json_object_set_new(o, "kind", json_string(nx_ruling_kind_id(r->kind)));
    json_object_set_new(o, "question", json_string(r->question));
    json_t *src = json_object();
    json_object_set_new(src, "file", json_string(r->source_file));
    json_object_set_new(src, "section", json_string(r->source_section));
    if (r->nsource_tags)
        json_object_set_new(src, "tags", json_strings(r->source_tags, r->nsource_tags));
    json_object_set_new(o, "source", src);
    json_t *settings = json_object(), *unbuilt = json_object();
    for (size_t i = 0; i < r->nsettings; i++) {
        json_object_set_new(settings, r->settings[i].name, json_string(r->settings[i].meaning));
        if (r->settings[i].unbuilt)
            json_object_set_new(unbuilt, r->settings[i].name, json_string(r->settings[i].unbuilt));
    }
    json_object_set_new(o, "settings", settings);
    /* Offered but not carried out yet: every gate is shut under it. */
    if (json_object_size(unbuilt)) json_object_set_new(o, "unbuilt", unbuilt);
    else json_decref(unbuilt);
    json_object_set_new(o, "default", json_string(r->default_setting));
    json_t *gates = json_array();
    for (size_t i = 0; i < r->ngates; i++) {
        json_t *g = json_object();
        if (r->gates[i].lifecycle) json_object_set_new(g, "lifecycle", json_string(r->gates[i].lifecycle));
        else json_object_set_new(g, "panel", json_string(r->gates[i].panel));
        if (r->gates[i].path) json_object_set_new(g, "path", json_string(r->gates[i].path));
        json_array_append_new(gates, g);
    }
    json_object_set_new(o, "gates", gates);
    /* A rules reading gates nothing: the game turn follows it. */
    if (!nx_ruling_kind_gates(r->kind))
        json_object_set_new(o, "applies_to", json_string("game_turn"));
    if (r->notes) json_object_set_new(o, "notes", json_string(r->notes));
    return o;
}

/* "  source: docs/rules/turn.md, 5.4 (LV 0.16; TO)" */
static void print_ruling_source(FILE *out, const nx_ruling *r)
{
    fprintf(out, "  source: %s, %s", r->source_file, r->source_section);
    for (size_t i = 0; i < r->nsource_tags; i++)
        fprintf(out, "%s%s", i ? "; " : " (", r->source_tags[i]);
    fprintf(out, "%s\n", r->nsource_tags ? ")" : "");
}

static void print_ruling_gates(FILE *out, const nx_ruling *r)
{
    if (!nx_ruling_kind_gates(r->kind)) {
        fprintf(out, "  applies to the game turn (gates no panel)\n");
        return;
    }
    fprintf(out, "  gates:");
    for (size_t i = 0; i < r->ngates; i++)
        fprintf(out, " %s%s%s%s", r->gates[i].lifecycle ? "lifecycle:" : "",
                r->gates[i].lifecycle ? r->gates[i].lifecycle : r->gates[i].panel,
                r->gates[i].path ? "/" : "", r->gates[i].path ? r->gates[i].path : "");
    fputc('\n', out);
}

static void print_ruling_long(FILE *out, const nx_ruling *r)
{
    fprintf(out, "%s (%s)\n", r->id, nx_ruling_kind_name(r->kind));
    print_wrapped(out, r->question, 2);
    print_ruling_source(out, r);
    fprintf(out, "  settings:\n");
    for (size_t i = 0; i < r->nsettings; i++) {
        fprintf(out, "    %s%s:\n", r->settings[i].name,
                strcmp(r->settings[i].name, r->default_setting) ? "" : " (default)");
        print_wrapped(out, r->settings[i].meaning, 6);
        if (r->settings[i].unbuilt) {
            char *lacks = nx_asprintf("not built (every gate is shut under it): %s", r->settings[i].unbuilt);
            print_wrapped(out, lacks, 6);
            free(lacks);
        }
    }
    print_ruling_gates(out, r);
    if (r->notes) {
        fprintf(out, "  notes:\n");
        print_wrapped(out, r->notes, 4);
    }
}

/* Compile --match; NULL pattern means "match everything". */
static int compile_match(nx_cli *cli, const char *pattern, pcre2_code **re)
{
    *re = NULL;
    if (!pattern) return 0;
    int errcode;
    PCRE2_SIZE off;
    *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_CASELESS,
                        &errcode, &off, NULL);
    if (*re) return 0;
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(errcode, msg, sizeof msg);
    return nx_cli_usage_error(cli, "rulings", "bad --match pattern at offset %zu: %s",
                              (size_t)off, (const char *)msg);
}

static int ruling_matches(pcre2_code *re, const nx_ruling *r)
{
    if (!re) return 1;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    const char *fields[] = { r->id, r->question, r->notes };
    int hit = 0;
    for (size_t i = 0; i < 3 && !hit; i++)
        if (fields[i])
            hit = pcre2_match(re, (PCRE2_SPTR)fields[i], PCRE2_ZERO_TERMINATED, 0, 0,
                              md, NULL) >= 0;
    for (size_t g = 0; g < r->ngates && !hit; g++)
        hit = r->gates[g].panel && pcre2_match(re, (PCRE2_SPTR)r->gates[g].panel, PCRE2_ZERO_TERMINATED,
                          0, 0, md, NULL) >= 0;
    pcre2_match_data_free(md);
    return hit;
}

static int rulings_show(nx_cli *cli, const nx_pack *pack, const char *id, int json)
{
    const nx_ruling *r = nx_rulings_find(&pack->rulings, id);
    if (!r) {
        fprintf(cli->err, "nexus rulings: no ruling '%s' (try: nexus rulings list)\n", id);
        return NX_EXIT_INVALID;
    }
    if (json) print_json(cli, ruling_json(r));
    else print_ruling_long(cli->out, r);
    return NX_EXIT_OK;
}

static void rulings_list(nx_cli *cli, const nx_pack *pack, pcre2_code *re, int json)
{
    json_t *arr = json ? json_array() : NULL;
    for (size_t i = 0; i < pack->rulings.n; i++) {
        const nx_ruling *r = &pack->rulings.v[i];
        if (!ruling_matches(re, r)) continue;
        if (json) json_array_append_new(arr, ruling_json(r));
        else fprintf(cli->out, "%-52s %-18s default: %s\n", r->id,
                     nx_ruling_kind_name(r->kind), r->default_setting);
    }
    if (json) print_json(cli, arr);
}

int nx_cmd_rulings(nx_cli *cli)
{
    pack_args a;
    int rc = parse_args(cli, "json match", 2, &a);
    if (rc) { free_args(&a); return rc; }
    const char *verb = a.npositional ? a.positional[0] : "list";
    if (strcmp(verb, "list") && strcmp(verb, "show")) {
        rc = nx_cli_usage_error(cli, "rulings", "unknown verb '%s' (list or show)", verb);
    } else if (!strcmp(verb, "show") && a.npositional != 2) {
        rc = nx_cli_usage_error(cli, "rulings", "show needs a ruling id");
    } else if (!strcmp(verb, "list") && a.npositional > 1) {
        rc = nx_cli_usage_error(cli, "rulings", "list takes no argument");
    }
    pcre2_code *re = NULL;
    if (!rc) rc = compile_match(cli, a.match, &re);
    nx_pack pack;
    if (!rc && nx_cli_load_pack(cli, &pack)) rc = NX_EXIT_INVALID;
    else if (!rc) {
        if (!strcmp(verb, "show")) rc = rulings_show(cli, &pack, a.positional[1], a.json);
        else rulings_list(cli, &pack, re, a.json);
        nx_pack_free(&pack);
    }
    pcre2_code_free(re);
    free_args(&a);
    return rc;
}

/* ---- availability -------------------------------------------------------- */

static json_t *reasons_json(const nx_reason *v, size_t n)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "ruling", v[i].ruling ? json_string(v[i].ruling) : json_null());
        json_object_set_new(o, "text", json_string(v[i].text));
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *avail_json(const nx_avail *av)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < NX_FACTION_COUNT * NX_MODE_COUNT; i++) {
        const nx_panel_avail *pa = &av->panels[i];
        json_t *o = json_object();
        json_object_set_new(o, "panel", json_string(pa->panel->id));
        json_object_set_new(o, "available", json_boolean(pa->available));
        json_object_set_new(o, "reasons", reasons_json(pa->reasons, pa->nreasons));
        json_t *paths = json_array();
        for (size_t k = 0; k < pa->npaths; k++) {
            json_t *po = json_object();
            json_object_set_new(po, "path", json_string(pa->paths[k].path->id));
            json_object_set_new(po, "available", json_boolean(pa->paths[k].available));
            json_object_set_new(po, "reasons",
                                reasons_json(pa->paths[k].reasons, pa->paths[k].nreasons));
            json_array_append_new(paths, po);
        }
        json_object_set_new(o, "paths", paths);
        json_array_append_new(arr, o);
    }
    json_t *root = json_object();
    json_object_set_new(root, "available", json_integer((json_int_t)av->available));
    json_object_set_new(root, "panels", arr);
    return root;
}

static void print_avail(FILE *out, const nx_avail *av)
{
    fprintf(out, "%-14s %-12s %-12s %-12s\n", "card", "cunning", "betrayal", "secret_ally");
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        fprintf(out, "%-14s", nx_faction_name((nx_faction)f));
        for (int m = 0; m < NX_MODE_COUNT; m++)
            fprintf(out, " %-12s", av->panels[f * NX_MODE_COUNT + m].available ? "available" : "-");
        fputc('\n', out);
    }
    fprintf(out, "\n%zu of 36 panels available.\n", av->available);
    for (size_t i = 0; i < NX_FACTION_COUNT * NX_MODE_COUNT; i++) {
        const nx_panel_avail *pa = &av->panels[i];
        int shut_paths = 0;
        for (size_t k = 0; k < pa->npaths; k++) shut_paths += !pa->paths[k].available;
        if (pa->available && !shut_paths) continue;
        fprintf(out, "\n%s: %s\n", pa->panel->id, pa->available ? "available" : "unavailable");
        for (size_t r = 0; r < pa->nreasons; r++) print_wrapped(out, pa->reasons[r].text, 2);
        for (size_t k = 0; k < pa->npaths; k++) {
            if (pa->paths[k].available) continue;
            fprintf(out, "  path %s is shut:\n", pa->paths[k].path->id);
            for (size_t r = 0; r < pa->paths[k].nreasons; r++)
                print_wrapped(out, pa->paths[k].reasons[r].text, 4);
        }
    }
}

int nx_cmd_availability(nx_cli *cli)
{
    pack_args a;
    int rc = parse_args(cli, "json rulings set", 0, &a);
    if (rc) { free_args(&a); return rc; }
    nx_pack pack;
    if (nx_cli_load_pack(cli, &pack)) { free_args(&a); return NX_EXIT_INVALID; }
    nx_settings s;
    if (nx_cli_settings(cli, &pack.rulings, a.rulings, a.sets, a.nsets, &s)) {
        rc = NX_EXIT_INVALID;
    } else {
        nx_avail av;
        nx_avail_compute(&pack, &s, &av);
        if (a.json) print_json(cli, avail_json(&av));
        else print_avail(cli->out, &av);
        nx_avail_free(&av);
    }
    nx_settings_free(&s);
    nx_pack_free(&pack);
    free_args(&a);
    return rc;
}
