/*
 * The report as one self-contained HTML page: inline CSS and SVG plots,
 * no script and no network, so it opens anywhere (and in the tests'
 * headless browser).  Every figure is also in the JSON report; the page
 * only draws it.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nx_sim.h"
#include "nx_util.h"

typedef struct sb {
    char *s;
    size_t len, cap;
} sb;

static void put(sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *piece = nx_vasprintf(fmt, ap);
    va_end(ap);
    size_t n = strlen(piece);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = nx_xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, piece, n + 1);
    b->len += n;
    free(piece);
}

static void esc(sb *b, const char *t)
{
    for (; t && *t; t++) {
        switch (*t) {
        case '<': put(b, "&lt;"); break;
        case '>': put(b, "&gt;"); break;
        case '&': put(b, "&amp;"); break;
        case '"': put(b, "&quot;"); break;
        default: put(b, "%c", *t);
        }
    }
}

#define S(o, k) json_string_value(json_object_get((o), (k)))
#define I(o, k) ((long long)json_integer_value(json_object_get((o), (k))))
#define R(o, k) json_number_value(json_object_get((o), (k)))

/* ---- plots ------------------------------------------------------------------------------- */

typedef struct bar {
    const char *label;
    double v, lo, hi;   /* lo < 0: no interval */
    const char *color;
} bar;

enum { PLOT_W = 900, ROW_H = 24 };

/* The axis end: the least of 1, 2, 2.5 or 5 times a power of ten whose
 * quarter ticks cover vmax, so tick labels are round. */
static double nice_max(double vmax)
{
    if (vmax <= 0) return 1;
    double step = pow(10, floor(log10(vmax / 4)));
    static const double mult[] = { 1, 2, 2.5, 5, 10 };
    for (size_t i = 0; i < sizeof mult / sizeof mult[0]; i++)
        if (4 * mult[i] * step >= vmax * (1 - 1e-9)) return 4 * mult[i] * step;
    return 40 * step;
}

/* Horizontal bars with optional 95% whiskers and a dashed reference;
 * label_w is the width of the label column. */
static void hbars_w(sb *b, const char *title, const bar *bars, size_t n, double vmax, int percent, double ref, int label_w)
{
    const int LABEL_W = label_w;
    vmax = nice_max(vmax);
    int h = (int)n * ROW_H + 44, span = PLOT_W - LABEL_W - 70;
    put(b, "<figure><figcaption>");
    esc(b, title);
    put(b, "</figcaption><svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' role='img'>", PLOT_W, h);
    for (int t = 0; t <= 4; t++) {
        double x = LABEL_W + span * t / 4.0, v = vmax * t / 4;
        put(b, "<line x1='%.1f' y1='8' x2='%.1f' y2='%d' stroke='#ddd'/>", x, x, h - 24);
        if (percent) put(b, "<text x='%.1f' y='%d' class='ax'>%.4g%%</text>", x, h - 8, 100 * v);
        else put(b, "<text x='%.1f' y='%d' class='ax'>%.3g</text>", x, h - 8, v);
    }
    for (size_t i = 0; i < n; i++) {
        int y = 10 + (int)i * ROW_H;
        double w = span * (bars[i].v > vmax ? 1 : bars[i].v / vmax);
        put(b, "<text x='%d' y='%d' class='lb'>", LABEL_W - 8, y + 15);
        esc(b, bars[i].label);
        put(b, "</text><rect x='%d' y='%d' width='%.1f' height='%d' fill='%s'/>", LABEL_W, y + 3, w, ROW_H - 8,
            bars[i].color ? bars[i].color : "#4a78b5");
        if (bars[i].lo >= 0) {
            double x0 = LABEL_W + span * bars[i].lo / vmax, x1 = LABEL_W + span * (bars[i].hi > vmax ? 1 : bars[i].hi / vmax);
            put(b, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#222' stroke-width='1.5'/>", x0, y + 11, x1, y + 11);
            put(b, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#222'/>", x0, y + 6, x0, y + 16);
            put(b, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#222'/>", x1, y + 6, x1, y + 16);
        }
        double tx = LABEL_W + (bars[i].lo >= 0 ? span * (bars[i].hi > vmax ? 1 : bars[i].hi / vmax) : w) + 6;
        if (percent) put(b, "<text x='%.1f' y='%d' class='vl'>%.1f%%</text>", tx, y + 15, 100 * bars[i].v);
        else put(b, "<text x='%.1f' y='%d' class='vl'>%.4g</text>", tx, y + 15, bars[i].v);
    }
    if (ref > 0 && ref <= vmax) {
        double x = LABEL_W + span * ref / vmax;
        put(b, "<line x1='%.1f' y1='6' x2='%.1f' y2='%d' stroke='#c33' stroke-dasharray='4 3'/>", x, x, h - 24);
    }
    put(b, "</svg></figure>\n");
}

static void hbars(sb *b, const char *title, const bar *bars, size_t n, double vmax, int percent, double ref)
{
    hbars_w(b, title, bars, n, vmax, percent, ref, 190);
}

static double max_of(const bar *bars, size_t n, int use_hi)
{
    double m = 0;
    for (size_t i = 0; i < n; i++) {
        double v = use_hi && bars[i].lo >= 0 ? bars[i].hi : bars[i].v;
        if (v > m) m = v;
    }
    return m;
}

/* Rates (factions, seats) with their intervals, against an even share. */
static void rate_plot(sb *b, const char *title, json_t *arr, const char *key, double even)
{
    size_t n = json_array_size(arr);
    if (!n) return;
    bar *bars = nx_xcalloc(n, sizeof *bars);
    char **labels = nx_xcalloc(n, sizeof *labels);
    for (size_t i = 0; i < n; i++) {
        json_t *o = json_array_get(arr, i);
        labels[i] = json_is_string(json_object_get(o, key)) ? nx_xstrdup(S(o, key)) : nx_asprintf("seat %lld", I(o, key));
        bars[i] = (bar){ labels[i], R(o, "rate"), R(o, "ci_low"), R(o, "ci_high"), NULL };
    }
    double vmax = max_of(bars, n, 1);
    if (even > vmax) vmax = even;
    hbars(b, title, bars, n, vmax, 1, even);
    for (size_t i = 0; i < n; i++) free(labels[i]);
    free(labels);
    free(bars);
}

static void victory_plot(sb *b, json_t *r)
{
    json_t *v = json_object_get(r, "victory");
    size_t n = json_object_size(v), i = 0;
    if (!n) return;
    bar *bars = nx_xcalloc(n, sizeof *bars);
    double total = (double)I(json_object_get(r, "summary"), "completed");
    const char *k;
    json_t *c;
    json_object_foreach(v, k, c) bars[i++] = (bar){ k, total > 0 ? (double)json_integer_value(c) / total : 0, -1, -1, "#6a9a4a" };
    hbars(b, "Victory kinds (share of completed games)", bars, n, max_of(bars, n, 0), 1, 0);
    free(bars);
}

static void length_plot(sb *b, json_t *r)
{
    json_t *h = json_object_get(json_object_get(json_object_get(r, "length"), "turns"), "histogram");
    size_t n = json_array_size(h);
    if (!n) return;
    bar *bars = nx_xcalloc(n, sizeof *bars);
    char **labels = nx_xcalloc(n, sizeof *labels);
    for (size_t i = 0; i < n; i++) {
        labels[i] = nx_asprintf("ended in turn %zu", i + 1);
        bars[i] = (bar){ labels[i], (double)json_integer_value(json_array_get(h, i)), -1, -1, "#8a6ab5" };
    }
    hbars(b, "Game length: games ending in each turn", bars, n, max_of(bars, n, 0), 0, 0);
    for (size_t i = 0; i < n; i++) free(labels[i]);
    free(labels);
    free(bars);
}

/* ---- tables ------------------------------------------------------------------------------------ */

static void config_table(sb *b, json_t *r)
{
    json_t *c = json_object_get(r, "config"), *sum = json_object_get(r, "summary");
    put(b, "<table class='kv'><tr><th>pack</th><td>");
    esc(b, S(json_object_get(c, "pack"), "name"));
    put(b, " <code>%.12s</code></td></tr><tr><th>games</th><td>%lld from seed %lld: %lld completed, %lld failed</td></tr>",
        S(json_object_get(c, "pack"), "digest"), I(sum, "games"), I(c, "seed_start"), I(sum, "completed"), I(sum, "failed"));
    put(b, "<tr><th>table</th><td>");
    if (json_object_get(c, "factions")) {
        size_t i;
        json_t *f;
        json_array_foreach(json_object_get(c, "factions"), i, f) put(b, "%s%s", i ? ", " : "", json_string_value(f));
    } else {
        put(b, "%lld classic factions chosen by seed", I(c, "seats"));
    }
    put(b, "; %s rules; Nexus cards %s; %s bots</td></tr>", json_is_true(json_object_get(c, "advanced")) ? "Advanced" : "Basic",
        json_is_true(json_object_get(c, "nexus_cards")) ? "on" : "off", S(c, "bots"));
    put(b, "<tr><th>settings</th><td>");
    esc(b, json_is_string(json_object_get(c, "rulings_file")) ? S(c, "rulings_file") : "the rulings' defaults");
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(c, "sets"), i, s) {
        put(b, "; --set ");
        esc(b, json_string_value(s));
    }
    put(b, "</td></tr></table>\n");
}

static void stats_table(sb *b, json_t *r)
{
    json_t *len = json_object_get(r, "length"), *pg = json_object_get(r, "per_game");
    static const char *const rows[][3] = {
        { "turns", "length", "turns" }, { "actions", "length", "actions" }, { "optional moves", "length", "optional_moves" },
        { "battles", "per_game", "battles" }, { "spice held at the end (all seats)", "per_game", "spice_held_at_end" },
    };
    put(b, "<table><tr><th>per game</th><th>mean</th><th>min</th><th>max</th></tr>");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        json_t *o = json_object_get(!strcmp(rows[i][1], "length") ? len : pg, rows[i][2]);
        put(b, "<tr><td>%s</td><td>%.2f</td><td>%.0f</td><td>%.0f</td></tr>", rows[i][0], R(o, "mean"), R(o, "min"), R(o, "max"));
    }
    put(b, "</table>\n");
}

static void panel_table(sb *b, json_t *r)
{
    put(b, "<table><tr><th>panel</th><th>available</th><th>games held</th><th>held</th><th>timely</th><th>playable</th>"
           "<th>tried</th><th>played</th><th>declined</th><th>refused</th><th>share played</th><th>paths played</th>"
           "<th>paths shut (tries)</th>"
           "<th>per measured play: spice (holder / others), cards drawn / returned, to the Tanks</th></tr>");
    size_t i, shown = 0;
    json_t *p;
    json_array_foreach(json_object_get(r, "panels"), i, p) {
        if (!I(p, "held") && !json_is_true(json_object_get(p, "available"))) continue;
        shown++;
        put(b, "<tr><td>%s</td><td>%s</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td>"
               "<td>%lld</td>",
            S(p, "panel"), json_is_true(json_object_get(p, "available")) ? "yes" : "no", I(p, "games_held"), I(p, "held"),
            I(p, "timely"), I(p, "playable"), I(p, "attempts"), I(p, "played"), I(p, "declined"), I(p, "refused"));
        if (json_is_number(json_object_get(p, "play_share"))) put(b, "<td>%.1f%%</td><td>", 100 * R(p, "play_share"));
        else put(b, "<td>-</td><td>");
        const char *path;
        json_t *v;
        json_object_foreach(json_object_get(p, "paths"), path, v) put(b, "%s&nbsp;%lld ", path, (long long)json_integer_value(v));
        put(b, "</td><td>");
        json_object_foreach(json_object_get(p, "paths_shut"), path, v) put(b, "%s&nbsp;%lld ", path, (long long)json_integer_value(v));
        double m = (double)I(p, "measured");
        if (m > 0)
            put(b, "</td><td>%lld measured: %+.2f / %+.2f, %.2f / %.2f, %+.2f</td></tr>", I(p, "measured"),
                (double)I(p, "spice_holder") / m, (double)I(p, "spice_others") / m, (double)I(p, "cards_drawn") / m,
                (double)I(p, "cards_returned") / m, (double)I(p, "tanks") / m);
        else put(b, "</td><td>-</td></tr>");
    }
    if (!shown) put(b, "<tr><td colspan='14'>no panel was held or available</td></tr>");
    put(b, "</table>\n");
}

static void gates_text(sb *b, json_t *gates)
{
    size_t i;
    json_t *g;
    json_array_foreach(gates, i, g) {
        put(b, "%s", i ? "<br>" : "");
        if (json_object_get(g, "lifecycle")) put(b, "lifecycle: %s", S(g, "lifecycle"));
        else put(b, "%s%s%s", S(g, "panel"), json_object_get(g, "path") ? " path " : "",
                 json_object_get(g, "path") ? S(g, "path") : "");
    }
}

static void ruling_section(sb *b, json_t *r)
{
    json_t *rulings = json_object_get(r, "rulings");
    size_t n = json_array_size(rulings), nb = 0, i;
    bar *bars = nx_xcalloc(n ? n : 1, sizeof *bars);
    double completed = (double)I(json_object_get(r, "summary"), "completed");
    json_t *o;
    json_array_foreach(rulings, i, o)
        if (I(o, "games_arose"))
            bars[nb++] = (bar){ S(o, "id"), completed > 0 ? (double)I(o, "games_arose") / completed : 0, R(o, "arose_ci_low"),
                                R(o, "arose_ci_high"), json_is_true(json_object_get(o, "open")) ? "#4a9a8a" : "#c0703a" };
    if (nb) hbars_w(b, "Games in which each ruling's gated situation arose (teal: gate open, orange: shut)", bars, nb, 1, 1, 0, 330);
    else put(b, "<p>No gated situation arose in these games.</p>\n");
    free(bars);
    put(b, "<table><tr><th>ruling</th><th>gates</th><th>setting</th><th>games arisen</th><th>moments</th>"
           "<th>per game (all / arisen)</th><th>alone</th><th>plays</th><th>under this setting</th></tr>");
    /* The rulings whose situation arose first, highlighted. */
    for (int pass = 0; pass < 2; pass++) {
        json_array_foreach(rulings, i, o) {
            if ((I(o, "games_arose") == 0) != pass) continue;
            put(b, "<tr%s><td>%s</td><td>", pass ? "" : " class='hot'", S(o, "id"));
            gates_text(b, json_object_get(o, "gates"));
            put(b, "</td><td>%s</td><td>%lld</td><td>%lld</td><td>", S(o, "setting"), I(o, "games_arose"), I(o, "moments"));
            if (json_is_number(json_object_get(o, "moments_per_game"))) put(b, "%.2f", R(o, "moments_per_game"));
            put(b, " / ");
            if (json_is_number(json_object_get(o, "moments_per_game_arisen"))) put(b, "%.2f", R(o, "moments_per_game_arisen"));
            put(b, "</td><td>%lld</td><td>%lld</td><td>", I(o, "moments_alone"), I(o, "plays"));
            esc(b, S(o, "outcome"));
            put(b, "</td></tr>");
        }
    }
    put(b, "</table>\n");
}

static void failure_table(sb *b, json_t *r)
{
    json_t *f = json_object_get(r, "failures");
    if (!json_array_size(f)) {
        put(b, "<p>Every game ended properly.</p>\n");
        return;
    }
    put(b, "<table><tr><th>seed</th><th>kind</th><th>what</th><th>replay</th></tr>");
    size_t i;
    json_t *o;
    json_array_foreach(f, i, o) {
        put(b, "<tr><td>%lld</td><td>%s</td><td>", I(o, "seed"), S(o, "kind"));
        esc(b, S(o, "message"));
        put(b, "</td><td><code>");
        esc(b, S(o, "replay"));
        put(b, "</code></td></tr>");
    }
    put(b, "</table>\n");
}

/* ---- pages ------------------------------------------------------------------------------------------ */

static const char *style =
    "body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:1300px}"
    "h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}"
    "th{background:#f2f2f2}tr.hot td{background:#fff8e8}table.kv th{width:90px}"
    "figure{margin:10px 0}figcaption{font-weight:bold;margin-bottom:4px}"
    "svg text{font:12px sans-serif}svg .lb{text-anchor:end}svg .ax{text-anchor:middle;fill:#666}"
    "code{font-size:12px;background:#f6f6f6}.note{color:#555;font-size:13px}";

static int seats_of(json_t *r)
{
    json_t *c = json_object_get(r, "config");
    json_t *f = json_object_get(c, "factions");
    return f ? (int)json_array_size(f) : (int)I(c, "seats");
}

static void report_body(sb *b, json_t *r)
{
    config_table(b, r);
    double even = seats_of(r) > 0 ? 1.0 / seats_of(r) : 0;
    put(b, "<h2>Win rates</h2><p class='note'>Bars: share of completed games won (an alliance's victory counts for each "
           "member); whiskers: 95%% Wilson interval; dashed line: an even share (1 / seats).</p>\n");
    rate_plot(b, "Win rate per faction", json_object_get(r, "factions"), "faction", even);
    rate_plot(b, "Win rate per seat position", json_object_get(r, "seats"), "seat", even);
    put(b, "<h2>Victories and length</h2>\n");
    victory_plot(b, r);
    length_plot(b, r);
    stats_table(b, r);
    put(b, "<h2>Nexus card panels</h2><p class='note'>held: phases in which a seat held the panel; timely: of those, "
           "moments its printed timing fit and its holder owed no other decision; playable: timely and available under "
           "these rulings; tried / played / declined / refused: play_nexus actions, accepted, refused by the panel's own can_play, "
           "refused otherwise (paths shut: refused because the path the situation called for is shut by a ruling). "
           "Effects are measured over the play and the holder's answers to the panel, leaving out actions that also "
           "ended a phase.</p>\n");
    panel_table(b, r);
    put(b, "<h2>Ruling impact</h2><p class='note'>For each ruling that gates a panel or path: the games in which a "
           "holder of the gated panel reached a moment where it could have been tried (its timing fit), and what the "
           "chosen setting made of it; alone: the moments where nothing else stood in the way (the panel implemented, every "
           "other gate on it open). A lifecycle gate matters in every game with Nexus cards.</p>\n");
    ruling_section(b, r);
    put(b, "<h2>Failed games</h2>\n");
    failure_table(b, r);
}

/* Each faction's rate under A and under B, one bar above the other. */
static void compare_plot(sb *b, json_t *c)
{
    json_t *fa = json_object_get(json_object_get(c, "a"), "factions"), *fb = json_object_get(json_object_get(c, "b"), "factions");
    size_t n = json_array_size(fa), nb = 0;
    if (!n || json_array_size(fb) != n) return;
    bar *bars = nx_xcalloc(2 * n, sizeof *bars);
    char **labels = nx_xcalloc(2 * n, sizeof *labels);
    for (size_t i = 0; i < n; i++)
        for (int side = 0; side < 2; side++) {
            json_t *o = json_array_get(side ? fb : fa, i);
            labels[nb] = nx_asprintf("%s (%s)", S(o, "faction"), side ? "B" : "A");
            bars[nb] = (bar){ labels[nb], R(o, "rate"), R(o, "ci_low"), R(o, "ci_high"), side ? "#c0703a" : "#4a78b5" };
            nb++;
        }
    hbars(b, "Win rate per faction under A (blue) and B (orange), 95% Wilson intervals", bars, nb, max_of(bars, nb, 1), 1, 0);
    for (size_t i = 0; i < nb; i++) free(labels[i]);
    free(labels);
    free(bars);
}

static void compare_body(sb *b, json_t *c)
{
    put(b, "<h2>Settings that differ</h2><table><tr><th>ruling</th><th>A</th><th>B</th></tr>");
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(c, "settings_differ"), i, o)
        put(b, "<tr><td>%s</td><td>%s</td><td>%s</td></tr>", S(o, "id"), S(o, "a"), S(o, "b"));
    put(b, "</table><h2>Win rate difference (B - A)</h2>");
    compare_plot(b, c);
    put(b, "<p class='note'>Intervals: Newcombe's hybrid score method from the two Wilson intervals, as if the batches were "
           "independent (they share seeds, so this is conservative).</p><table><tr><th>faction</th><th>A</th><th>B</th>"
           "<th>B - A</th><th>95%% interval</th></tr>");
    json_array_foreach(json_object_get(c, "factions"), i, o)
        put(b, "<tr><td>%s</td><td>%.1f%%</td><td>%.1f%%</td><td>%+.1f%%</td><td>[%+.1f%%, %+.1f%%]</td></tr>", S(o, "faction"),
            100 * R(o, "rate_a"), 100 * R(o, "rate_b"), 100 * R(o, "diff"), 100 * R(o, "ci_low"), 100 * R(o, "ci_high"));
    put(b, "</table><h2>Panel use difference (plays per game, B - A)</h2><table><tr><th>panel</th><th>A</th><th>B</th>"
           "<th>B - A</th><th>95%% interval</th></tr>");
    json_array_foreach(json_object_get(c, "panels"), i, o)
        put(b, "<tr><td>%s</td><td>%.3f</td><td>%.3f</td><td>%+.3f</td><td>[%+.3f, %+.3f]</td></tr>", S(o, "panel"),
            R(o, "plays_per_game_a"), R(o, "plays_per_game_b"), R(o, "diff"), R(o, "ci_low"), R(o, "ci_high"));
    put(b, "</table>\n<h1>A: ");
    esc(b, S(c, "name_a"));
    put(b, "</h1>\n");
    report_body(b, json_object_get(c, "a"));
    put(b, "<h1>B: ");
    esc(b, S(c, "name_b"));
    put(b, "</h1>\n");
    report_body(b, json_object_get(c, "b"));
}

char *nx_sim_html(const json_t *report)
{
    json_t *r = (json_t *)report;
    sb b = { 0 };
    int cmp = json_object_get(r, "a") != NULL;
    put(&b, "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>Nexus simulation%s</title>"
            "<style>%s</style></head><body>\n<h1>Nexus simulation%s</h1>\n",
        cmp ? ": comparison" : "", style, cmp ? ": comparison of two settings" : "");
    if (cmp) compare_body(&b, r);
    else report_body(&b, r);
    put(&b, "</body></html>");
    return b.s;
}
