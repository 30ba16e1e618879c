/*
 * Reading action arguments and ruling settings for handlers: each reader
 * fails the action with a message that names the key and what it wants.
 */
#include <string.h>

#include "nx_module.h"
#include "nx_rulings.h"

int nx_arg_keys(nx_act *a, const char *const *allowed)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)a->action, k, v) {
        int ok = !strcmp(k, "id") || !strcmp(k, "version") || !strcmp(k, "seat") || !strcmp(k, "type");
        for (const char *const *p = allowed; !ok && *p; p++) ok = !strcmp(k, *p);
        if (!ok) return nx_act_fail(a, "malformed", "unknown key \"%s\" for this action", k);
    }
    return 0;
}

int nx_arg_choose(nx_act *a, const nx_pending *p, nx_comp *out, int *n)
{
    json_t *arr = json_object_get(a->action, "choose");
    if (!json_is_array(arr) || json_array_size(arr) != p->count)
        return nx_act_fail(a, "malformed", "\"choose\" must list exactly %d of the offered options", p->count);
    *n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        const char *id = json_string_value(v);
        nx_comp c = id ? nx_comp_parse(id) : NX_COMP_NONE;
        int offered = 0;
        for (int k = 0; k < p->noptions; k++) offered |= p->options[k] == c;
        if (!offered) return nx_act_fail(a, "illegal", "choose[%zu] is not one of the offered options", i);
        for (int k = 0; k < *n; k++)
            if (out[k] == c) return nx_act_fail(a, "illegal", "choose[%zu] repeats a card", i);
        out[(*n)++] = c;
    }
    return 0;
}

int nx_arg_territories(nx_act *a, int out[NX_MAP_TERRITORIES], int *n)
{
    json_t *arr = json_object_get(a->action, "territories");
    if (!json_is_array(arr) || !json_array_size(arr) || json_array_size(arr) > NX_MAP_TERRITORIES)
        return nx_act_fail(a, "malformed", "\"territories\" must list one or more territory ids (\"arrakeen\"); pass flips none");
    *n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        const char *id = json_string_value(v);
        int t = id ? nx_map_territory_parse(id) : -1;
        if (t < 0) return nx_act_fail(a, "malformed", "territories[%zu] must name a territory (\"arrakeen\")", i);
        for (int k = 0; k < *n; k++)
            if (out[k] == t) return nx_act_fail(a, "malformed", "territories[%zu] repeats %s", i, id);
        out[(*n)++] = t;
    }
    return 0;
}

int nx_arg_int(nx_act *a, const char *key, int lo, int hi, int *out)
{
    json_t *j = json_object_get(a->action, key);
    if (!json_is_integer(j)) return nx_act_fail(a, "malformed", "\"%s\" must be an integer", key);
    json_int_t v = json_integer_value(j);
    if (v < lo || v > hi) return nx_act_fail(a, "illegal", "\"%s\" must be from %d to %d, not %lld", key, lo, hi, (long long)v);
    *out = (int)v;
    return 0;
}

int nx_arg_int_opt(nx_act *a, const char *key, int lo, int hi, int dflt, int *out)
{
    if (!json_object_get(a->action, key)) {
        *out = dflt;
        return 0;
    }
    return nx_arg_int(a, key, lo, hi, out);
}

int nx_arg_section(nx_act *a, const char *key, int *out)
{
    const char *id = json_string_value(json_object_get(a->action, key));
    int sec = id ? nx_map_section_parse(id) : -1;
    if (sec < 0)
        return nx_act_fail(a, "malformed", "\"%s\" must name a board section (\"arrakeen\", \"the_great_flat\", \"false_wall_east.far_north\")", key);
    *out = sec;
    return 0;
}

int nx_arg_territory(nx_act *a, const char *key, int *out)
{
    const char *id = json_string_value(json_object_get(a->action, key));
    int t = id ? nx_map_territory_parse(id) : -1;
    if (t < 0) return nx_act_fail(a, "malformed", "\"%s\" must name a territory (\"arrakeen\")", key);
    *out = t;
    return 0;
}

int nx_arg_faction(nx_act *a, const char *key, nx_faction *out)
{
    const char *id = json_string_value(json_object_get(a->action, key));
    nx_faction f = id ? nx_faction_parse(id) : NX_NO_FACTION;
    if (f == NX_NO_FACTION) return nx_act_fail(a, "malformed", "\"%s\" must name a faction (\"fremen\")", key);
    *out = f;
    return 0;
}

const char *nx_act_setting(nx_act *a, const char *ruling_id, const char *fallback)
{
    const nx_rulings *r = &a->rt->pack.rulings;
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->v[i].id, ruling_id)) return nx_settings_get(a->settings, &r->v[i]);
    return fallback;
}

int nx_act_setting_is(nx_act *a, const char *ruling_id, const char *setting)
{
    const char *chosen = nx_act_setting(a, ruling_id, NULL);
    return chosen && !strcmp(chosen, setting);
}
