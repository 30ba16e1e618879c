/* A batch's description (the report's "config"), its seeds, and the
 * Wilson interval the report's rates carry. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nx_avail.h"
#include "nx_sim.h"
#include "nx_util.h"

size_t nx_sim_shard_seeds(const nx_sim_config *c, uint64_t **out)
{
    unsigned shards = c->nshards ? c->nshards : 1, shard = c->shard ? c->shard : 1;
    *out = nx_xcalloc(c->n ? c->n : 1, sizeof **out);
    size_t n = 0;
    for (unsigned k = shard - 1; k < c->n; k += shards) (*out)[n++] = c->seed_start + k;
    return n;
}

void nx_sim_wilson(double k, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = k / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n);
    /* At k = 0 the lower end is zero up to rounding: say zero. */
    *lo = centre - half < 1e-12 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

static json_t *reasons_json(const nx_reason *r, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(a, json_string(r[i].text));
    return a;
}

static json_t *panels_json(const nx_runtime *rt, const nx_settings *st)
{
    nx_avail av;
    nx_avail_compute(&rt->pack, st, &av);
    json_t *o = json_object();
    for (size_t i = 0; i < NX_FACTION_COUNT * NX_MODE_COUNT; i++) {
        const nx_panel_avail *pa = &av.panels[i];
        json_t *paths = json_object();
        for (size_t k = 0; k < pa->npaths; k++)
            json_object_set_new(paths, pa->paths[k].path->id, json_boolean(pa->paths[k].available));
        json_object_set_new(o, pa->panel->id,
                            json_pack("{s:b, s:b, s:o, s:o}", "available", pa->available, "implemented",
                                      pa->panel->implemented,
                                      "reasons", reasons_json(pa->reasons, pa->nreasons), "paths", paths));
    }
    nx_avail_free(&av);
    return o;
}

/* Every ruling that gates a panel, a path or a lifecycle part, with the
 * setting this batch plays it under. */
static json_t *rulings_json(const nx_rulings *r, const nx_settings *st)
{
    json_t *a = json_array();
    for (size_t i = 0; i < r->n; i++) {
        const nx_ruling *ru = &r->v[i];
        if (!nx_ruling_kind_gates(ru->kind) || !ru->ngates) continue;
        json_t *gates = json_array();
        for (size_t k = 0; k < ru->ngates; k++) {
            const nx_ruling_gate *g = &ru->gates[k];
            json_t *gj = json_object();
            if (g->panel) json_object_set_new(gj, "panel", json_string(g->panel));
            if (g->path) json_object_set_new(gj, "path", json_string(g->path));
            if (g->lifecycle) json_object_set_new(gj, "lifecycle", json_string(g->lifecycle));
            json_array_append_new(gates, gj);
        }
        const char *setting = nx_settings_get(st, ru);
        json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:b, s:o}", "id", ru->id,
                                           "kind", nx_ruling_kind_id(ru->kind), "question", ru->question,
                                           "setting", setting, "open", strcmp(setting, NX_UNRESOLVED) != 0,
                                           "gates", gates));
    }
    return a;
}

json_t *nx_sim_meta(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c)
{
    json_t *m = json_object();
    json_object_set_new(m, "format", json_integer(NX_SIM_FORMAT));
    json_object_set_new(m, "pack", json_pack("{s:s, s:s}", "name", rt->pack.name ? rt->pack.name : "",
                                             "digest", rt->pack.digest));
    json_object_set_new(m, "seed_start", json_integer((json_int_t)c->seed_start));
    json_object_set_new(m, "n", json_integer(c->n));
    if (c->nfactions) {
        json_t *f = json_array();
        for (int i = 0; i < c->nfactions; i++) json_array_append_new(f, json_string(nx_faction_id(c->factions[i])));
        json_object_set_new(m, "factions", f);
    } else {
        json_object_set_new(m, "seats", json_integer(c->seats ? c->seats : 6));
    }
    json_object_set_new(m, "advanced", json_boolean(c->advanced));
    json_object_set_new(m, "nexus_cards", json_boolean(c->nexus_cards));
    json_object_set_new(m, "secrecy", json_boolean(c->secrecy));
    json_object_set_new(m, "bots", json_string(nx_bot_kind_name(c->bot)));
    json_t *sb = json_object();
    for (int i = 0; i < NX_MAX_SEATS && c->nseat_bots; i++)
        if (c->seat_bot[i] >= 0) {
            char k[4];
            snprintf(k, sizeof k, "%d", i);
            json_object_set_new(sb, k, json_string(nx_bot_kind_name((nx_bot_kind)c->seat_bot[i])));
        }
    json_object_set_new(m, "seat_bots", sb);
    json_t *sets = json_array();
    for (size_t i = 0; i < c->nsets; i++) json_array_append_new(sets, json_string(c->sets[i]));
    json_object_set_new(m, "rulings_file", c->rulings_file ? json_string(c->rulings_file) : json_null());
    json_object_set_new(m, "sets", sets);
    json_object_set_new(m, "rulings", rulings_json(&rt->pack.rulings, st));
    json_object_set_new(m, "panels", panels_json(rt, st));
    return m;
}
