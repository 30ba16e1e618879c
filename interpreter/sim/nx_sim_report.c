/*
 * The report of a batch: aggregates computed from the game records alone
 * (and the config), so a report recomputed from merged shard records is
 * the report of one run over the same seeds (nx_sim_merge).
 *
 * Win rates count a game for every seat (faction) that won it: an
 * alliance's victory is a win of each of its members, so the rates of a
 * batch may add up to more than one.  Failed games count nowhere but in
 * "failures".
 */
#include <stdlib.h>
#include <string.h>

#include "nx_faction.h"
#include "nx_sim.h"
#include "nx_util.h"

#define JINT(o, k) json_integer_value(json_object_get((o), (k)))

static int by_seed(const void *a, const void *b)
{
    json_int_t x = JINT(*(json_t *const *)a, "seed"), y = JINT(*(json_t *const *)b, "seed");
    return (x > y) - (x < y);
}

/* The records sorted by seed, in a new array (references shared). */
static json_t *sorted_games(json_t *games)
{
    size_t n = json_array_size(games);
    json_t **v = nx_xcalloc(n ? n : 1, sizeof *v);
    for (size_t i = 0; i < n; i++) v[i] = json_array_get(games, i);
    qsort(v, n, sizeof *v, by_seed);
    json_t *out = json_array();
    for (size_t i = 0; i < n; i++) json_array_append(out, v[i]);
    free(v);
    return out;
}

static json_t *rate_json(json_t *o, double k, double n)
{
    double lo, hi;
    nx_sim_wilson(k, n, &lo, &hi);
    json_object_set_new(o, "games", json_integer((json_int_t)n));
    json_object_set_new(o, "wins", json_integer((json_int_t)k));
    json_object_set_new(o, "rate", json_real(n > 0 ? k / n : 0));
    json_object_set_new(o, "ci_low", json_real(lo));
    json_object_set_new(o, "ci_high", json_real(hi));
    return o;
}

static int won(const json_t *rec, size_t seat)
{
    size_t i;
    json_t *w;
    json_array_foreach(json_object_get(rec, "winners"), i, w)
        if ((size_t)json_integer_value(w) == seat) return 1;
    return 0;
}

/* ---- results: factions, seats, victories, length ------------------------------------- */

static void add_results(json_t *report, json_t *games)
{
    double fg[NX_FACTION_COUNT] = { 0 }, fw[NX_FACTION_COUNT] = { 0 };
    double sg[NX_MAX_SEATS] = { 0 }, sw[NX_MAX_SEATS] = { 0 };
    json_t *victory = json_object();
    size_t i;
    json_t *rec;
    json_array_foreach(games, i, rec) {
        if (!json_is_true(json_object_get(rec, "ok"))) continue;
        json_t *factions = json_object_get(rec, "factions");
        for (size_t s = 0; s < json_array_size(factions) && s < NX_MAX_SEATS; s++) {
            nx_faction f = nx_faction_parse(json_string_value(json_array_get(factions, s)));
            int w = won(rec, s);
            if (f != NX_NO_FACTION) fg[f]++, fw[f] += w;
            sg[s]++, sw[s] += w;
        }
        const char *kind = json_string_value(json_object_get(rec, "victory"));
        json_object_set_new(victory, kind, json_integer(JINT(victory, kind) + 1));
    }
    json_t *fa = json_array(), *sa = json_array();
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        if (fg[f] > 0)
            json_array_append_new(fa, rate_json(json_pack("{s:s}", "faction", nx_faction_id((nx_faction)f)), fw[f], fg[f]));
    for (int s = 0; s < NX_MAX_SEATS; s++)
        if (sg[s] > 0) json_array_append_new(sa, rate_json(json_pack("{s:i}", "seat", s), sw[s], sg[s]));
    json_object_set_new(report, "factions", fa);
    json_object_set_new(report, "seats", sa);
    json_object_set_new(report, "victory", victory);
}

typedef struct stat {
    double sum, min, max;
    size_t n;
} stat;

static void stat_add(stat *s, double v)
{
    if (!s->n || v < s->min) s->min = v;
    if (!s->n || v > s->max) s->max = v;
    s->sum += v;
    s->n++;
}

static json_t *stat_json(const stat *s)
{
    return json_pack("{s:f, s:f, s:f}", "mean", s->n ? s->sum / (double)s->n : 0.0, "min", s->min, "max", s->max);
}

static double spice_of(const json_t *rec)
{
    double t = 0;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(rec, "spice_end"), i, v) t += (double)json_integer_value(v);
    return t;
}

static void add_length(json_t *report, json_t *games)
{
    stat turns = { 0 }, actions = { 0 }, battles = { 0 }, spice = { 0 }, optional = { 0 };
    json_int_t hist[NX_LAST_TURN + 1] = { 0 };
    size_t i;
    json_t *rec;
    json_array_foreach(games, i, rec) {
        if (!json_is_true(json_object_get(rec, "ok"))) continue;
        json_int_t t = JINT(rec, "turns");
        stat_add(&turns, (double)t);
        hist[t >= 1 && t <= NX_LAST_TURN ? t : 0]++;
        stat_add(&actions, (double)JINT(rec, "actions"));
        stat_add(&optional, (double)JINT(rec, "optional"));
        stat_add(&battles, (double)JINT(rec, "battles"));
        stat_add(&spice, spice_of(rec));
    }
    json_t *h = json_array();
    for (int t = 1; t <= NX_LAST_TURN; t++) json_array_append_new(h, json_integer(hist[t]));
    json_t *len = json_pack("{s:o, s:o, s:o}", "turns", stat_json(&turns), "actions", stat_json(&actions),
                            "optional_moves", stat_json(&optional));
    json_object_set_new(json_object_get(len, "turns"), "histogram", h);
    json_object_set_new(report, "length", len);
    json_object_set_new(report, "per_game", json_pack("{s:o, s:o}", "battles", stat_json(&battles),
                                                      "spice_held_at_end", stat_json(&spice)));
}

/* ---- panels ------------------------------------------------------------------------------- */

static const char *const panel_counts[] = { "held", "timely", "playable", "attempts", "played", "declined",
                                            "refused", "measured", "spice_holder", "spice_others", "cards_drawn",
                                            "cards_returned", "tanks" };
#define NCOUNTS (sizeof panel_counts / sizeof panel_counts[0])

/* One panel over the batch: sums of its per-game counts, how many games
 * saw it held / played, and its paths' plays. */
static json_t *panel_total(const char *id, const json_t *info, json_t *games)
{
    json_int_t sum[NCOUNTS] = { 0 }, games_held = 0, games_played = 0;
    json_t *paths = json_object(), *shut = json_object();
    size_t i;
    json_t *rec;
    json_array_foreach(games, i, rec) {
        json_t *p = json_object_get(json_object_get(rec, "panels"), id);
        if (!p || !json_is_true(json_object_get(rec, "ok"))) continue;
        for (size_t k = 0; k < NCOUNTS; k++) sum[k] += JINT(p, panel_counts[k]);
        games_held += JINT(p, "held") > 0;
        games_played += JINT(p, "played") > 0;
        const char *path;
        json_t *v;
        json_object_foreach(json_object_get(p, "paths"), path, v)
            json_object_set_new(paths, path, json_integer(JINT(paths, path) + json_integer_value(v)));
        json_object_foreach(json_object_get(p, "paths_shut"), path, v)
            json_object_set_new(shut, path, json_integer(JINT(shut, path) + json_integer_value(v)));
    }
    json_t *o = json_pack("{s:s, s:O, s:I, s:I}", "panel", id, "available", json_object_get(info, "available"),
                          "games_held", games_held, "games_played", games_played);
    for (size_t k = 0; k < NCOUNTS; k++) json_object_set_new(o, panel_counts[k], json_integer(sum[k]));
    /* The share of the moments a bot could play it in which it did. */
    json_int_t playable = sum[2], played = sum[4];
    json_object_set_new(o, "play_share", playable ? json_real((double)played / (double)playable) : json_null());
    json_object_set_new(o, "paths", paths);
    json_object_set_new(o, "paths_shut", shut);
    return o;
}

static int by_string(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* In panel id order: an object's own order is not kept by a reload. */
static void add_panels(json_t *report, const json_t *meta, json_t *games)
{
    json_t *panels = json_object_get(meta, "panels"), *out = json_array(), *info;
    const char **ids = nx_xcalloc(json_object_size(panels) + 1, sizeof *ids), *id;
    size_t n = 0;
    json_object_foreach(panels, id, info) ids[n++] = id;
    qsort(ids, n, sizeof *ids, by_string);
    for (size_t i = 0; i < n; i++) json_array_append_new(out, panel_total(ids[i], json_object_get(panels, ids[i]), games));
    free(ids);
    json_object_set_new(report, "panels", out);
}

/* ---- the ruling impact ------------------------------------------------------------------------ */

/* In one game, the moments ruling `r` mattered: a holder of a gated panel
 * (or of the panel of a gated path) at a moment its timing fits; for a
 * lifecycle gate, the game itself when it plays with Nexus cards. */
/* Is this gate the only thing between a holder and a try: the panel is
 * implemented and every other ruling's gate on it (on the whole panel, or
 * on the same path) is open? */
static int gate_alone(const json_t *meta, const json_t *r, const char *panel, const char *path)
{
    if (!json_is_true(json_object_get(json_object_get(json_object_get(meta, "panels"), panel), "implemented")))
        return 0;
    size_t i, k;
    json_t *other, *g;
    json_array_foreach(json_object_get(meta, "rulings"), i, other) {
        if (json_equal(json_object_get(other, "id"), json_object_get(r, "id")) || json_is_true(json_object_get(other, "open")))
            continue;
        json_array_foreach(json_object_get(other, "gates"), k, g) {
            const char *gp = json_string_value(json_object_get(g, "panel")), *gq = json_string_value(json_object_get(g, "path"));
            if (gp && !strcmp(gp, panel) && (!gq || (path && !strcmp(gq, path)))) return 0;
        }
    }
    return 1;
}

static json_int_t ruling_moments(const json_t *r, const json_t *meta, const json_t *rec, json_int_t *plays,
                                 json_int_t *alone, json_int_t *refused)
{
    json_int_t moments = 0;
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(r, "gates"), i, g) {
        const char *panel = json_string_value(json_object_get(g, "panel"));
        const char *path = json_string_value(json_object_get(g, "path"));
        if (!panel) {
            moments += json_is_true(json_object_get(meta, "nexus_cards"));
            continue;
        }
        json_t *p = json_object_get(json_object_get(rec, "panels"), panel);
        moments += JINT(p, "timely");
        if (gate_alone(meta, r, panel, path)) *alone += JINT(p, "timely");
        *plays += path ? JINT(json_object_get(p, "paths"), path) : JINT(p, "played");
        if (path) *refused += JINT(json_object_get(p, "paths_shut"), path);
    }
    return moments;
}

static json_t *ruling_impact(const json_t *r, const json_t *meta, json_t *games)
{
    json_int_t arose = 0, moments = 0, plays = 0, completed = 0, alone = 0, refused = 0;
    size_t i;
    json_t *rec;
    json_array_foreach(games, i, rec) {
        if (!json_is_true(json_object_get(rec, "ok"))) continue;
        completed++;
        json_int_t m = ruling_moments(r, meta, rec, &plays, &alone, &refused);
        arose += m > 0;
        moments += m;
    }
    int open = json_is_true(json_object_get(r, "open")), paths_only = 1;
    size_t k;
    json_t *g;
    json_array_foreach(json_object_get(r, "gates"), k, g) paths_only &= json_object_get(g, "path") != NULL;
    char *outcome = !arose ? nx_xstrdup("the situation never arose")
                    : open ? nx_asprintf("setting %s keeps the gate open: %lld plays of the gated panel or path",
                                         json_string_value(json_object_get(r, "setting")), (long long)plays)
                    : paths_only
                        ? nx_asprintf("unresolved: the path stays shut; at %lld moments with the panel (%lld with nothing "
                                      "else in the way) %lld tries needed it and were refused",
                                      (long long)moments, (long long)alone, (long long)refused)
                        : nx_asprintf("unresolved: the gate kept the panel shut at all %lld moments "
                                      "(%lld of them with nothing else in the way)",
                                      (long long)moments, (long long)alone);
    double lo, hi;
    nx_sim_wilson((double)arose, (double)completed, &lo, &hi);
    json_t *o = json_pack("{s:O, s:O, s:O, s:O, s:O, s:I, s:f, s:f, s:I, s:o, s:o, s:I, s:s}", "id",
                          json_object_get(r, "id"), "kind", json_object_get(r, "kind"), "setting",
                          json_object_get(r, "setting"), "open", json_object_get(r, "open"), "gates",
                          json_object_get(r, "gates"), "games_arose", arose, "arose_ci_low", lo, "arose_ci_high", hi,
                          "moments", moments, "moments_per_game",
                          completed ? json_real((double)moments / (double)completed) : json_null(),
                          "moments_per_game_arisen", arose ? json_real((double)moments / (double)arose) : json_null(),
                          "plays", plays, "outcome", outcome);
    /* The moments where this ruling alone decided whether the panel could
     * be tried (the panel implemented, every other gate on it open). */
    json_object_set_new(o, "moments_alone", json_integer(alone));
    /* Tries the engine refused because this ruling shut the path the
     * situation called for: the gate seen at work. */
    json_object_set_new(o, "tries_refused", json_integer(refused));
    free(outcome);
    return o;
}

static void add_rulings(json_t *report, const json_t *meta, json_t *games)
{
    json_t *out = json_array();
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(meta, "rulings"), i, r) json_array_append_new(out, ruling_impact(r, meta, games));
    json_object_set_new(report, "rulings", out);
}

/* ---- the report -------------------------------------------------------------------------------- */

static void add_failures(json_t *report, json_t *games)
{
    json_t *f = json_array();
    json_int_t ok = 0;
    size_t i;
    json_t *rec;
    json_array_foreach(games, i, rec) {
        if (json_is_true(json_object_get(rec, "ok"))) {
            ok++;
            continue;
        }
        json_t *e = json_deep_copy(json_object_get(rec, "failure"));
        json_object_set_new(e, "seed", json_integer(JINT(rec, "seed")));
        json_array_append_new(f, e);
    }
    json_object_set_new(report, "summary", json_pack("{s:I, s:I, s:I}", "games", (json_int_t)json_array_size(games),
                                                      "completed", ok, "failed", (json_int_t)json_array_size(games) - ok));
    json_object_set_new(report, "failures", f);
}

json_t *nx_sim_report(json_t *meta, json_t *games)
{
    json_t *sorted = sorted_games(games);
    json_t *report = json_object();
    json_object_set_new(report, "format", json_integer(NX_SIM_FORMAT));
    json_object_set(report, "config", meta);
    add_failures(report, sorted);
    add_results(report, sorted);
    add_length(report, sorted);
    add_panels(report, meta, sorted);
    add_rulings(report, meta, sorted);
    json_object_set_new(report, "games", sorted);
    return report;
}

json_t *nx_sim_merge(json_t *const *reports, size_t n, char *err, size_t errlen)
{
    if (!n) {
        snprintf(err, errlen, "no reports to merge");
        return NULL;
    }
    json_t *meta = json_object_get(reports[0], "config"), *games = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *m = json_object_get(reports[i], "config");
        if (!m || !json_is_array(json_object_get(reports[i], "games"))) {
            snprintf(err, errlen, "report %zu is not a nexus simulate report (no config or games)", i + 1);
            json_decref(games);
            return NULL;
        }
        if (!json_equal(m, meta)) {
            snprintf(err, errlen, "report %zu was run with another configuration than report 1", i + 1);
            json_decref(games);
            return NULL;
        }
        json_array_extend(games, json_object_get(reports[i], "games"));
    }
    json_t *sorted = sorted_games(games);
    json_decref(games);
    for (size_t i = 1; i < json_array_size(sorted); i++)
        if (JINT(json_array_get(sorted, i), "seed") == JINT(json_array_get(sorted, i - 1), "seed")) {
            snprintf(err, errlen, "seed %lld is in more than one report",
                     (long long)JINT(json_array_get(sorted, i), "seed"));
            json_decref(sorted);
            return NULL;
        }
    json_t *r = nx_sim_report(meta, sorted);
    json_decref(sorted);
    return r;
}
