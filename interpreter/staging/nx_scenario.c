#include "nx_scenario.h"
#include "nx_text.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "nx_game.h"
#include "nx_scenario_trace.h"
#include "nx_shape.h"
#include "nx_util.h"
#include "nx_yaml.h"
#include "nx_words.h"

typedef struct scen {
    const nx_runtime *rt;
    nx_diags *d;
    nx_game *g;
    json_t *last;          /* the last action's result */
    json_t *sent;          /* the action the current step sent, for the trace */
    int next_id;
    size_t failures_before;
    FILE *trace;           /* nexus test --trace: each step's story, or NULL */
} scen;

/* ---- YAML -> JSON ------------------------------------------------------------ */

static json_t *scalar_json(const nx_ynode *n)
{
    if (n->quoted) return json_string(n->scalar);
    if (nx_yis_null(n)) return json_null();
    if (!strcmp(n->scalar, "true")) return json_true();
    if (!strcmp(n->scalar, "false")) return json_false();
    char *end;
    long long v = strtoll(n->scalar, &end, 10);
    if (n->scalar[0] && !*end) return json_integer(v);
    return json_string(n->scalar);
}

static json_t *yaml_json(const nx_ynode *n)
{
    if (n->kind == NX_Y_SCALAR) return scalar_json(n);
    json_t *out = n->kind == NX_Y_SEQ ? json_array() : json_object();
    for (size_t i = 0; i < n->n; i++) {
        if (n->kind == NX_Y_SEQ) json_array_append_new(out, yaml_json(n->items[i]));
        else json_object_set_new(out, n->keys[i]->scalar, yaml_json(n->items[i]));
    }
    return out;
}

/* ---- shapes: the keys the runner checks, and `nexus schema` --------------------- */

static const nx_shape sh_any = { .kind = NX_SH_ANY };
static const nx_shape sh_text = { .kind = NX_SH_STRING };
static const nx_shape sh_bool = { .kind = NX_SH_BOOLEAN };
static const nx_shape sh_int = { .kind = NX_SH_INTEGER };

static const nx_field setup_fields[] = {
    { "factions", 1, &(nx_shape){ .kind = NX_SH_LIST, .doc = "2 to 6 factions, in seat order", .min_items = 2,
                                  .items = &(nx_shape){ .kind = NX_SH_STRING, .words_fn = nx_shape_faction_words } } },
    { "seed", 0, &sh_int },
    { "nexus_cards", 0, &sh_bool },
    { "advanced", 0, &sh_bool },
    { "designer", 0, &sh_bool },
    { "staging", 0, &sh_bool },
    { "rulings", 0, &(nx_shape){ .kind = NX_SH_MAP, .doc = "ruling id: setting", .key_pattern = NX_RULING_ID_PATTERN, .items = &sh_text } },
    { NULL, 0, NULL }
};

static const nx_field expect_fields[] = {
    { "error", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the refusal's code (malformed, illegal, ...)" } },
    { "message", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "a regular expression the refusal's message matches" } },
    { NULL, 0, NULL }
};

static const nx_field view_fields[] = {
    { "seat", 1, &(nx_shape){ .kind = NX_SH_EITHER, .doc = "a seat number, or spectator", .either = (const nx_shape *const[]){
        &sh_int, &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[]){ "spectator", NULL } }, NULL } } },
    { "has", 0, &(nx_shape){ .kind = NX_SH_MAP, .doc = "a path in the view (a.b.0.c; -1 is the last item): the value there", .items = &sh_any } },
    { "lacks", 0, &(nx_shape){ .kind = NX_SH_LIST, .doc = "texts the view must not contain", .items = &sh_text } },
    { NULL, 0, NULL }
};

static const nx_shape sh_view = { .kind = NX_SH_OBJECT, .fields = view_fields };

static const nx_field hidden_fields[] = {
    { "zone", 1, &sh_text },
    { "from", 1, &(nx_shape){ .kind = NX_SH_LIST, .items = &sh_any } },
    { NULL, 0, NULL }
};

static const nx_shape sh_hidden = { .kind = NX_SH_OBJECT, .fields = hidden_fields };

static const nx_field check_fields[] = {
    { "phase", 0, &sh_text },
    { "turn", 0, &sh_int },
    { "version", 0, &sh_int },
    { "pending", 0, &sh_int },
    { "nexus_occurred", 0, &sh_bool },
    { "custody", 0, &(nx_shape){ .kind = NX_SH_MAP, .doc = "zone: a count, or the cards in it", .items = &sh_any } },
    { "view", 0, &sh_view },
    { "views", 0, &(nx_shape){ .kind = NX_SH_LIST, .items = &sh_view } },
    { "hidden", 0, &(nx_shape){ .kind = NX_SH_EITHER, .either = (const nx_shape *const[]){
        &sh_hidden, &(nx_shape){ .kind = NX_SH_LIST, .items = &sh_hidden }, NULL } } },
    { "log_has", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "a regular expression one line of the last action's log matches" } },
    { "log_lines", 0, &(nx_shape){ .kind = NX_SH_INTEGER, .doc = "how many lines the last action logged (0: a silent answer)" } },
    { NULL, 0, NULL }
};

static const nx_field step_fields[] = {
    { "do", 0, &(nx_shape){ .kind = NX_SH_ANY, .doc = "an action (docs/protocol.md)" } },
    { "expect", 0, &(nx_shape){ .kind = NX_SH_EITHER, .either = (const nx_shape *const[]){
        &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[]){ "ok", NULL } },
        &(nx_shape){ .kind = NX_SH_OBJECT, .fields = expect_fields }, NULL } } },
    { "retry", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the id of an earlier action, sent again" } },
    { "reload", 0, &(nx_shape){ .kind = NX_SH_ANY, .doc = "save, and load the game again" } },
    { "answer_setup", 0, &(nx_shape){ .kind = NX_SH_ANY, .doc = "answer setup's Traitor selections" } },
    { "check", 0, &(nx_shape){ .kind = NX_SH_OBJECT, .fields = check_fields } },
    { "note", 0, &sh_text },
    { NULL, 0, NULL }
};

static const nx_field scenario_fields[] = {
    { "name", 1, &sh_text },
    { "setup", 1, &(nx_shape){ .kind = NX_SH_OBJECT, .fields = setup_fields } },
    { "steps", 1, &(nx_shape){ .kind = NX_SH_LIST, .items = &(nx_shape){ .kind = NX_SH_OBJECT, .fields = step_fields } } },
    { "notes", 0, &sh_text },
    { NULL, 0, NULL }
};

const nx_shape *nx_scenario_file_shape(void)
{
    static const nx_shape s = { .kind = NX_SH_OBJECT, .doc = "a Nexus scenario: a set-up and steps, each checked",
                                .fields = scenario_fields };
    return &s;
}

/* ---- set-up ---------------------------------------------------------------------- */

static int setup_config(scen *sc, const nx_ynode *setup, nx_game_config *cfg, nx_settings *s)
{
    if (nx_ycheck_fields(setup, "setup", setup_fields, sc->d)) return -1;
    memset(cfg, 0, sizeof *cfg);
    long long seed = 1;
    const nx_ynode *n;
    if ((n = nx_ymap_get(setup, "seed")) && !nx_yint(n, "setup.seed", &seed, sc->d)) return -1;
    cfg->seed = (uint64_t)seed;
    const nx_ynode *f = nx_ymap_get(setup, "factions");
    if (!nx_yexpect(f, NX_Y_SEQ, "setup.factions", sc->d)) return -1;
    if (f->n < 2 || f->n > NX_MAX_SEATS) {
        nx_yerr(sc->d, f, "setup.factions: 2 to %d factions", NX_MAX_SEATS);
        return -1;
    }
    cfg->nseats = (int)f->n;
    for (size_t i = 0; i < f->n; i++) {
        cfg->factions[i] = f->items[i]->kind == NX_Y_SCALAR ? nx_faction_parse(f->items[i]->scalar) : NX_NO_FACTION;
        if (cfg->factions[i] == NX_NO_FACTION) {
            nx_yerr(sc->d, f->items[i], "unknown faction");
            return -1;
        }
    }
    int *flags[] = { &cfg->nexus_cards, &cfg->advanced, &cfg->designer, &cfg->staging };
    static const char *const flag_keys[] = { "nexus_cards", "advanced", "designer", "staging" };
    for (int i = 0; i < 4; i++)
        if ((n = nx_ymap_get(setup, flag_keys[i])) && !nx_ybool(n, flag_keys[i], flags[i], sc->d)) return -1;
    const nx_ynode *r = nx_ymap_get(setup, "rulings");
    if (!r) return 0;
    if (!nx_yexpect(r, NX_Y_MAP, "setup.rulings", sc->d)) return -1;
    for (size_t i = 0; i < r->n; i++) {
        size_t before = sc->d->n;
        if (r->items[i]->kind != NX_Y_SCALAR ||
            nx_settings_set(s, &sc->rt->pack.rulings, r->keys[i]->scalar, r->items[i]->scalar, sc->d)) {
            /* Re-anchor the message at the scenario's line. */
            if (sc->d->n == before) nx_diags_add(sc->d, NULL, 0, 0, "bad setting");
            nx_diag *e = &sc->d->v[sc->d->n - 1];
            free(e->file);
            e->file = nx_xstrdup(r->keys[i]->file);
            e->line = r->keys[i]->line;
            e->col = r->keys[i]->col;
            return -1;
        }
    }
    return 0;
}

/* ---- actions ------------------------------------------------------------------------ */

static json_t *current_view(const scen *sc, int seat) { return nx_game_view_json(sc->g, seat); }

/* "pick: [0, 2]" -> "choose": the acting seat's offered options by index. */
static int expand_pick(scen *sc, const nx_ynode *at, json_t *action)
{
    json_t *pick = json_object_get(action, "pick");
    if (!pick) return 0;
    json_t *seat = json_object_get(action, "seat");
    json_t *view = current_view(sc, json_is_integer(seat) ? (int)json_integer_value(seat) : -1);
    json_t *mine = NULL, *p;
    size_t i;
    json_array_foreach(json_object_get(view, "pending"), i, p)
        if (json_equal(json_object_get(p, "seat"), seat)) mine = json_object_get(p, "options");
    json_t *choose = json_array();
    json_t *idx;
    int bad = !json_is_array(pick) || !json_is_array(mine);
    json_array_foreach(pick, i, idx) {
        json_t *opt = json_is_integer(idx) && mine ? json_array_get(mine, (size_t)json_integer_value(idx)) : NULL;
        if (!opt) bad = 1;
        else json_array_append(choose, opt);
    }
    json_decref(view);
    if (bad) {
        json_decref(choose);
        nx_yerr(sc->d, at, "pick: the seat has no such offered option");
        return -1;
    }
    json_object_del(action, "pick");
    json_object_set_new(action, "choose", choose);
    return 0;
}

static int regex_match(const char *pattern, const char *text)
{
    int ec;
    PCRE2_SIZE off;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &ec, &off, NULL);
    if (!re) return -1;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    int hit = pcre2_match(re, (PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) >= 0;
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    return hit;
}

static void check_outcome(scen *sc, const nx_ynode *expect, const nx_ynode *at, json_t *res)
{
    int ok = json_is_true(json_object_get(res, "ok"));
    const char *err = json_string_value(json_object_get(res, "error"));
    if (!expect || (expect->kind == NX_Y_SCALAR && !strcmp(expect->scalar, "ok"))) {
        if (!ok) nx_yerr(sc->d, at, "expected the action to succeed, got %s: %s",
                         json_string_value(json_object_get(res, "code")), err);
        return;
    }
    if (nx_ycheck_fields(expect, "expect", expect_fields, sc->d)) return;
    if (ok) {
        nx_yerr(sc->d, expect, "expected the action to be refused, but it succeeded");
        return;
    }
    const nx_ynode *code = nx_ymap_get(expect, "error"), *msg = nx_ymap_get(expect, "message");
    const char *got = json_string_value(json_object_get(res, "code"));
    if (code && code->kind == NX_Y_SCALAR && strcmp(code->scalar, got))
        nx_yerr(sc->d, code, "expected error %s, got %s: %s", code->scalar, got, err);
    if (msg && msg->kind == NX_Y_SCALAR && regex_match(msg->scalar, err) != 1)
        nx_yerr(sc->d, msg, "error message does not match /%s/: %s", msg->scalar, err);
}

static char *save_text(const scen *sc) { return nx_game_save(sc->g); }

static void step_do(scen *sc, const nx_ynode *step)
{
    const nx_ynode *dn = nx_ymap_get(step, "do");
    if (!nx_yexpect(dn, NX_Y_MAP, "do", sc->d)) return;
    json_t *action = yaml_json(dn);
    if (!json_object_get(action, "id")) {
        char id[32];
        nx_fmt(id, sizeof id, "s%d", ++sc->next_id);
        json_object_set_new(action, "id", json_string(id));
    }
    if (!json_object_get(action, "version"))
        json_object_set_new(action, "version", json_integer(nx_game_state(sc->g)->version));
    /* seat: deciding -> the owner of the first pending decision. */
    json_t *seat = json_object_get(action, "seat");
    if (json_is_string(seat) && !strcmp(json_string_value(seat), "deciding")) {
        const nx_state *st = nx_game_state(sc->g);
        if (!st->npending) {
            nx_yerr(sc->d, dn, "seat: deciding, but no decision is pending");
            json_decref(action);
            return;
        }
        json_object_set_new(action, "seat", json_integer(st->pending[0].seat));
    }
    if (expand_pick(sc, dn, action)) {
        json_decref(action);
        return;
    }
    json_decref(sc->sent);
    sc->sent = json_incref(action);
    char *text = json_dumps(action, JSON_COMPACT);
    char *before = save_text(sc);
    char *r = nx_game_apply(sc->g, text);
    json_decref(sc->last);
    sc->last = json_loads(r, 0, NULL);
    check_outcome(sc, nx_ymap_get(step, "expect"), dn, sc->last);
    if (!json_is_true(json_object_get(sc->last, "ok"))) {
        /* A refused action must leave the game exactly as it was. */
        char *after = save_text(sc);
        if (strcmp(before, after)) nx_yerr(sc->d, dn, "a refused action changed the game");
        free(after);
    }
    free(before);
    free(r);
    free(text);
    json_decref(action);
}

/* Retry a committed action id: same result, nothing changes. */
static void step_retry(scen *sc, const nx_ynode *n)
{
    if (!nx_yexpect(n, NX_Y_SCALAR, "retry", sc->d)) return;
    const nx_game *g = sc->g;
    for (size_t i = 0; i < nx_game_log_length(g); i++) {
        json_t *a = json_loads(nx_game_log_action(g, i), 0, NULL);
        int same = !strcmp(json_string_value(json_object_get(a, "id")), n->scalar);
        json_decref(a);
        if (!same) continue;
        char *before = save_text(sc);
        char *r = nx_game_apply(sc->g, nx_game_log_action(g, i));
        if (strcmp(r, nx_game_log_result(g, i))) nx_yerr(sc->d, n, "retry gave a different result: %s", r);
        char *after = save_text(sc);
        if (strcmp(before, after)) nx_yerr(sc->d, n, "retry changed the game");
        free(before);
        free(after);
        free(r);
        return;
    }
    nx_yerr(sc->d, n, "no committed action has id '%s'", n->scalar);
}

/* Save, load into a fresh game (as a new process would), and go on with it. */
static void step_reload(scen *sc, const nx_ynode *n)
{
    char *text = save_text(sc);
    char err[512] = "";
    nx_game *g2 = nx_game_load(sc->rt, text, err, sizeof err);
    if (!g2) {
        nx_yerr(sc->d, n, "reload refused: %s", err);
        free(text);
        return;
    }
    char *again = nx_game_save(g2);
    if (strcmp(text, again)) nx_yerr(sc->d, n, "the reloaded game saves differently");
    free(again);
    free(text);
    nx_game_free(sc->g);
    sc->g = g2;
}

static void step_answer_setup(scen *sc, const nx_ynode *n)
{
    const nx_state *s = nx_game_state(sc->g);
    while (s->npending && s->pending[0].kind == NX_PEND_TRAITOR_SELECT) {
        json_t *a = json_pack("{s:s+, s:I, s:i, s:s, s:[s]}", "id", "setup", nx_comp_id(s->pending[0].options[0]),
                              "version", (json_int_t)s->version, "seat", s->pending[0].seat, "type", "answer",
                              "choose", nx_comp_id(s->pending[0].options[0]));
        char *text = json_dumps(a, JSON_COMPACT);
        char *r = nx_game_apply(sc->g, text);
        json_t *res = json_loads(r, 0, NULL);
        int ok = json_is_true(json_object_get(res, "ok"));
        if (!ok) nx_yerr(sc->d, n, "answering setup failed: %s", r);
        json_decref(res);
        json_decref(a);
        free(text);
        free(r);
        if (!ok) return;
    }
}

/* ---- checks ------------------------------------------------------------------------- */

/* The element an array index names; a negative index counts from the end
 * ("receipts.-1": the newest). */
static json_t *array_step(json_t *arr, const char *t)
{
    char *end;
    long idx = strtol(t, &end, 10);
    if (*end || !*t) return NULL;
    if (idx < 0) idx += (long)json_array_size(arr);
    return idx < 0 ? NULL : json_array_get(arr, (size_t)idx);
}

/* Follow a dotted path ("seats.0.nexus_card") into a JSON value.  Keys
 * may contain dots themselves (section ids: "board.false_wall_east.far_north"):
 * in an object, the shortest run of segments that is a key is taken. */
static json_t *json_path(json_t *root, const char *path)
{
    char *copy = nx_xstrdup(path);
    json_t *cur = root;
    for (char *t = copy; cur && t;) {
        char *dot = strchr(t, '.');
        if (json_is_array(cur)) {
            if (dot) *dot = '\0';
            cur = array_step(cur, t);
        } else {
            json_t *next = NULL;
            for (;; dot = strchr(dot + 1, '.')) {
                if (dot) *dot = '\0';
                next = json_object_get(cur, t);
                if (next || !dot) break;
                *dot = '.';
            }
            cur = next;
        }
        t = dot ? dot + 1 : NULL;
    }
    free(copy);
    return cur;
}

static void expect_equal(scen *sc, const nx_ynode *want, json_t *got, const char *what)
{
    json_t *w = yaml_json(want);
    if (!got || !json_equal(w, got)) {
        char *gs = got ? json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY) : nx_xstrdup("(absent)");
        char *ws = json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY);
        nx_yerr(sc->d, want, "%s: expected %s, found %s", what, ws, gs);
        free(gs);
        free(ws);
    }
    json_decref(w);
}

static void check_view(scen *sc, const nx_ynode *v)
{
    if (nx_ycheck_fields(v, "view", view_fields, sc->d)) return;
    const nx_ynode *seat = nx_ymap_get(v, "seat");
    long long s = -1;
    if (!(seat->kind == NX_Y_SCALAR && !strcmp(seat->scalar, "spectator")) && !nx_yint(seat, "seat", &s, sc->d)) return;
    if (s < -1 || s >= nx_game_state(sc->g)->nseats) {
        nx_yerr(sc->d, seat, "no seat %lld", s);
        return;
    }
    json_t *view = current_view(sc, (int)s);
    const nx_ynode *has = nx_ymap_get(v, "has"), *lacks = nx_ymap_get(v, "lacks");
    if (has && nx_yexpect(has, NX_Y_MAP, "has", sc->d))
        for (size_t i = 0; i < has->n; i++) expect_equal(sc, has->items[i], json_path(view, has->keys[i]->scalar), has->keys[i]->scalar);
    if (lacks && nx_yexpect(lacks, NX_Y_SEQ, "lacks", sc->d)) {
        char *text = json_dumps(view, JSON_COMPACT);
        for (size_t i = 0; i < lacks->n; i++)
            if (lacks->items[i]->kind == NX_Y_SCALAR && strstr(text, lacks->items[i]->scalar))
                nx_yerr(sc->d, lacks->items[i], "the view of seat %lld shows '%s'", s, lacks->items[i]->scalar);
        free(text);
    }
    json_decref(view);
}

static void check_custody(scen *sc, const nx_ynode *c)
{
    if (!nx_yexpect(c, NX_Y_MAP, "custody", sc->d)) return;
    const nx_state *s = nx_game_state(sc->g);
    for (size_t i = 0; i < c->n; i++) {
        int z = nx_zone_parse(c->keys[i]->scalar);
        if (z < 0) {
            char hint[1024];
            nx_yerr(sc->d, c->keys[i], "unknown zone '%s'%s", c->keys[i]->scalar,
                    nx_zone_hint(c->keys[i]->scalar, hint, sizeof hint));
            continue;
        }
        nx_comp v[NX_COMP_COUNT];
        int n = nx_custody_list(&s->custody, (nx_zone)z, v, NX_COMP_COUNT);
        json_t *got;
        if (c->items[i]->kind == NX_Y_SCALAR) {
            got = json_integer(n);
        } else {
            /* Listed cards: compare as a set (order is a deck secret). */
            got = json_array();
            for (int k = 0; k < n; k++) json_array_append_new(got, json_string(nx_comp_id(v[k])));
            json_t *want = yaml_json(c->items[i]);
            int same = json_is_array(want) && json_array_size(want) == json_array_size(got);
            size_t a;
            json_t *w;
            json_array_foreach(want, a, w) {
                int found = 0;
                for (size_t b = 0; b < json_array_size(got); b++) found |= json_equal(w, json_array_get(got, b));
                same &= found;
            }
            json_decref(want);
            if (same) {
                json_decref(got);
                continue;
            }
        }
        expect_equal(sc, c->items[i], got, c->keys[i]->scalar);
        json_decref(got);
    }
}

static void check_log(scen *sc, const nx_ynode *n)
{
    if (!nx_yexpect(n, NX_Y_SCALAR, "log_has", sc->d)) return;
    size_t i;
    json_t *line;
    json_array_foreach(json_object_get(sc->last, "log"), i, line)
        if (regex_match(n->scalar, json_string_value(line)) == 1) return;
    nx_yerr(sc->d, n, "no line of the last action's log matches /%s/", n->scalar);
}

/* log_lines: N, the count of the last action's public log lines (an
 * answer in a window logs none, whatever it answered). */
static void check_log_lines(scen *sc, const nx_ynode *n)
{
    json_t *count = json_integer((json_int_t)json_array_size(json_object_get(sc->last, "log")));
    expect_equal(sc, n, count, "log_lines");
    json_decref(count);
}

/* hidden: {zone: Z, from: [seats or spectator]}: no card now in Z may
 * appear anywhere in those views, receipts aside. */
static void check_hidden(scen *sc, const nx_ynode *h)
{
    if (nx_ycheck_fields(h, "hidden", hidden_fields, sc->d)) return;
    const nx_ynode *zn = nx_ymap_get(h, "zone"), *from = nx_ymap_get(h, "from");
    int z = zn->kind == NX_Y_SCALAR ? nx_zone_parse(zn->scalar) : -1;
    if (z < 0) {
        char hint[1024];
        nx_yerr(sc->d, zn, "unknown zone '%s'%s", zn->kind == NX_Y_SCALAR ? zn->scalar : "",
                nx_zone_hint(zn->kind == NX_Y_SCALAR ? zn->scalar : "", hint, sizeof hint));
        return;
    }
    if (!nx_yexpect(from, NX_Y_SEQ, "from", sc->d)) return;
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&nx_game_state(sc->g)->custody, (nx_zone)z, v, NX_COMP_COUNT);
    for (size_t i = 0; i < from->n; i++) {
        const nx_ynode *who = from->items[i];
        long long seat = -1;
        if (!(who->kind == NX_Y_SCALAR && !strcmp(who->scalar, "spectator")) && !nx_yint(who, "from", &seat, sc->d))
            continue;
        if (seat < -1 || seat >= nx_game_state(sc->g)->nseats) {
            nx_yerr(sc->d, who, "no seat %lld", seat);
            continue;
        }
        json_t *view = current_view(sc, (int)seat);
        /* Receipts are what the seat saw earlier, not live access: a card it
         * once drew and returned may now be someone else's. */
        json_object_del(view, "receipts");
        char *text = json_dumps(view, JSON_COMPACT);
        for (int k = 0; k < n; k++) {
            char quoted[64];
            nx_fmt(quoted, sizeof quoted, "\"%s\"", nx_comp_id(v[k]));
            if (strstr(text, quoted)) nx_yerr(sc->d, who, "the view of %s shows %s from %s", who->scalar, nx_comp_id(v[k]), zn->scalar);
        }
        free(text);
        json_decref(view);
    }
}

static void step_check(scen *sc, const nx_ynode *c)
{
    if (nx_ycheck_fields(c, "check", check_fields, sc->d)) return;
    json_t *spect = current_view(sc, -1);
    const char *simple[] = { "phase", "turn", "version", "nexus_occurred" };
    for (int i = 0; i < 4; i++) {
        const nx_ynode *n = nx_ymap_get(c, simple[i]);
        if (n) expect_equal(sc, n, json_object_get(spect, simple[i]), simple[i]);
    }
    const nx_ynode *n;
    if ((n = nx_ymap_get(c, "pending"))) {
        json_t *count = json_integer((json_int_t)json_array_size(json_object_get(spect, "pending")));
        expect_equal(sc, n, count, "pending");
        json_decref(count);
    }
    json_decref(spect);
    if ((n = nx_ymap_get(c, "custody"))) check_custody(sc, n);
    if ((n = nx_ymap_get(c, "view"))) check_view(sc, n);
    if ((n = nx_ymap_get(c, "views")) && nx_yexpect(n, NX_Y_SEQ, "views", sc->d))
        for (size_t i = 0; i < n->n; i++) check_view(sc, n->items[i]);
    if ((n = nx_ymap_get(c, "hidden"))) {
        if (n->kind == NX_Y_SEQ)
            for (size_t i = 0; i < n->n; i++) check_hidden(sc, n->items[i]);
        else check_hidden(sc, n);
    }
    if ((n = nx_ymap_get(c, "log_has"))) check_log(sc, n);
    if ((n = nx_ymap_get(c, "log_lines"))) check_log_lines(sc, n);
}

/* ---- the runner ------------------------------------------------------------------------ */

static void run_step_body(scen *sc, const nx_ynode *step)
{
    if (nx_ycheck_fields(step, "step", step_fields, sc->d)) return;
    if (nx_ymap_get(step, "expect") && !nx_ymap_get(step, "do"))
        nx_yerr(sc->d, nx_ymap_key(step, "expect"), "expect belongs to a do step");
    const nx_ynode *n;
    if ((n = nx_ymap_get(step, "answer_setup"))) step_answer_setup(sc, n);
    if (nx_ymap_get(step, "do")) step_do(sc, step);
    if ((n = nx_ymap_get(step, "retry"))) step_retry(sc, n);
    if ((n = nx_ymap_get(step, "reload"))) step_reload(sc, n);
    if ((n = nx_ymap_get(step, "check"))) step_check(sc, n);
}

/* The failures a step added, printed in the trace where they happened. */
static void trace_failures(const scen *sc, size_t from)
{
    for (size_t k = from; k < sc->d->n; k++)
        fprintf(sc->trace, "  FAILED: %s:%d:%d: %s\n", sc->d->v[k].file ? sc->d->v[k].file : "?", sc->d->v[k].line,
                sc->d->v[k].col, sc->d->v[k].msg);
}

static void run_step(scen *sc, const nx_ynode *step, int n)
{
    if (!sc->trace) {
        run_step_body(sc, step);
        return;
    }
    size_t failures = sc->d->n;
    json_t *before = nx_trace_views(sc->g);
    json_decref(sc->sent);
    sc->sent = NULL;
    run_step_body(sc, step);
    json_t *after = nx_trace_views(sc->g);
    char *where = nx_asprintf("%s:%d", step->file, step->line);
    /* A step without an action is named by its keys ("check", "reload"). */
    char what[128] = "";
    for (size_t i = 0; step->kind == NX_Y_MAP && i < step->n; i++)
        if (strcmp(step->keys[i]->scalar, "note"))
            snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", *what ? ", " : "", step->keys[i]->scalar);
    nx_trace_step(sc->trace, n, where, what, sc->sent, sc->sent ? sc->last : NULL, before, after);
    trace_failures(sc, failures);
    free(where);
    json_decref(before);
    json_decref(after);
}

/* Run the steps in order; the first step that fails stops the scenario,
 * since the steps after it would run on a game that is not the one they
 * were written for and only report follow-on failures. */
static void run_steps(scen *sc, const nx_ynode *steps)
{
    for (size_t i = 0; i < steps->n; i++) {
        size_t before = sc->d->n;
        run_step(sc, steps->items[i], (int)i + 1);
        size_t left = steps->n - i - 1;
        if (sc->d->n == before || !left) continue;
        nx_yerr(sc->d, steps->items[i], "scenario stopped at step %zu, its first failure: %zu later step%s not run", i + 1,
                left, nx_plural(left, "", "s"));
        if (sc->trace) fprintf(sc->trace, "stopped: %zu later step%s not run\n", left, nx_plural(left, "", "s"));
        return;
    }
}

static void run_doc(scen *sc, const nx_ynode *root)
{
    if (nx_ycheck_fields(root, "scenario", scenario_fields, sc->d)) return;
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    if (setup_config(sc, nx_ymap_get(root, "setup"), &cfg, &s)) {
        nx_settings_free(&s);
        return;
    }
    char err[256];
    sc->g = nx_game_new(sc->rt, &s, &cfg, err, sizeof err);
    nx_settings_free(&s);
    if (!sc->g) {
        nx_yerr(sc->d, nx_ymap_get(root, "setup"), "setup refused: %s", err);
        return;
    }
    if (sc->trace) {
        json_t *setup = json_loads(nx_game_setup_log(sc->g), 0, NULL), *line;
        size_t i;
        fprintf(sc->trace, "setup (%s:%d)\n", root->file, nx_ymap_get(root, "setup")->line);
        json_array_foreach(setup, i, line) fprintf(sc->trace, "  log: %s\n", json_string_value(line));
        json_decref(setup);
    }
    const nx_ynode *steps = nx_ymap_get(root, "steps");
    if (nx_yexpect(steps, NX_Y_SEQ, "steps", sc->d)) run_steps(sc, steps);
}

int nx_scenario_run(const nx_runtime *rt, const char *path, nx_diags *d)
{
    return nx_scenario_run_traced(rt, path, d, NULL);
}

int nx_scenario_run_traced(const nx_runtime *rt, const char *path, nx_diags *d, FILE *trace)
{
    size_t before = d->n;
    nx_ydoc doc;
    if (nx_ydoc_load_file(path, &doc, d)) return (int)(d->n - before);
    scen sc = { .rt = rt, .d = d, .trace = trace };
    run_doc(&sc, doc.root);
    nx_game_free(sc.g);
    json_decref(sc.last);
    json_decref(sc.sent);
    nx_ydoc_free(&doc);
    return (int)(d->n - before);
}
