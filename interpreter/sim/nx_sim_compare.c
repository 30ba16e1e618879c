/*
 * Two reports of the same seeds under two ruling settings, side by side.
 *
 * Win rates: the difference B - A with Newcombe's hybrid score interval
 * (from the two Wilson intervals), which treats the two batches as
 * independent samples: the seeds are shared, so the true interval is if
 * anything narrower (the figure is conservative).  Panel use: plays per
 * completed game, the difference with a normal interval from the two
 * batches' per-game variances.
 */
#include <math.h>
#include <string.h>

#include "nx_sim.h"

#define Z95 1.959963984540054

static json_t *find_by(json_t *arr, const char *key, const char *value)
{
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o)
        if (!strcmp(json_string_value(json_object_get(o, key)), value)) return o;
    return NULL;
}

static double num(const json_t *o, const char *k) { return json_number_value(json_object_get(o, k)); }

static json_t *faction_diff(json_t *fa, json_t *fb)
{
    double pa = num(fa, "rate"), pb = num(fb, "rate");
    double la = num(fa, "ci_low"), ha = num(fa, "ci_high"), lb = num(fb, "ci_low"), hb = num(fb, "ci_high");
    double d = pb - pa;
    double lo = d - sqrt((pb - lb) * (pb - lb) + (ha - pa) * (ha - pa));
    double hi = d + sqrt((hb - pb) * (hb - pb) + (pa - la) * (pa - la));
    return json_pack("{s:O, s:f, s:f, s:f, s:f, s:f}", "faction", json_object_get(fa, "faction"), "rate_a", pa,
                     "rate_b", pb, "diff", d, "ci_low", lo, "ci_high", hi);
}

/* Plays of a panel per completed game: mean and variance over the games. */
static void plays_per_game(json_t *report, const char *panel, double *mean, double *var, double *n)
{
    double s = 0, s2 = 0;
    *n = 0;
    size_t i;
    json_t *rec;
    json_array_foreach(json_object_get(report, "games"), i, rec) {
        if (!json_is_true(json_object_get(rec, "ok"))) continue;
        double v = (double)json_integer_value(
            json_object_get(json_object_get(json_object_get(rec, "panels"), panel), "played"));
        s += v;
        s2 += v * v;
        (*n)++;
    }
    *mean = *n ? s / *n : 0;
    *var = *n > 1 ? (s2 - s * s / *n) / (*n - 1) : 0;
}

static json_t *panel_diff(json_t *a, json_t *b, const char *panel)
{
    double ma, va, na, mb, vb, nb;
    plays_per_game(a, panel, &ma, &va, &na);
    plays_per_game(b, panel, &mb, &vb, &nb);
    double se = sqrt((na ? va / na : 0) + (nb ? vb / nb : 0)), d = mb - ma;
    return json_pack("{s:s, s:f, s:f, s:f, s:f, s:f}", "panel", panel, "plays_per_game_a", ma, "plays_per_game_b",
                     mb, "diff", d, "ci_low", d - Z95 * se, "ci_high", d + Z95 * se);
}

static json_t *setting_diffs(json_t *a, json_t *b)
{
    json_t *out = json_array();
    size_t i;
    json_t *ra;
    json_array_foreach(json_object_get(json_object_get(a, "config"), "rulings"), i, ra) {
        const char *id = json_string_value(json_object_get(ra, "id"));
        json_t *rb = find_by(json_object_get(json_object_get(b, "config"), "rulings"), "id", id);
        if (!rb || json_equal(json_object_get(ra, "setting"), json_object_get(rb, "setting"))) continue;
        json_array_append_new(out, json_pack("{s:s, s:O, s:O}", "id", id, "a", json_object_get(ra, "setting"), "b",
                                             json_object_get(rb, "setting")));
    }
    return out;
}

json_t *nx_sim_compare(json_t *a, json_t *b, const char *name_a, const char *name_b)
{
    json_t *factions = json_array(), *panels = json_array();
    size_t i;
    json_t *fa;
    json_array_foreach(json_object_get(a, "factions"), i, fa) {
        json_t *fb = find_by(json_object_get(b, "factions"), "faction", json_string_value(json_object_get(fa, "faction")));
        if (fb) json_array_append_new(factions, faction_diff(fa, fb));
    }
    json_t *pa;
    json_array_foreach(json_object_get(a, "panels"), i, pa) {
        const char *id = json_string_value(json_object_get(pa, "panel"));
        json_t *pb = find_by(json_object_get(b, "panels"), "panel", id);
        /* Only panels that either side saw held: the rest are zeros. */
        if (pb && (json_integer_value(json_object_get(pa, "held")) || json_integer_value(json_object_get(pb, "held"))))
            json_array_append_new(panels, panel_diff(a, b, id));
    }
    return json_pack("{s:i, s:s, s:s, s:o, s:o, s:o, s:O, s:O}", "format", NX_SIM_FORMAT, "name_a", name_a, "name_b",
                     name_b, "settings_differ", setting_diffs(a, b), "factions", factions, "panels", panels, "a", a,
                     "b", b);
}
