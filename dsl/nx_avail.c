/*
 * nx_avail: which panels can be played under a pack and ruling settings.
 *
 * For each of the 36 panels, card-major in faction order then cunning,
 * betrayal, secret_ally:
 *   - not implemented: a reason with the panel's own `reason` text;
 *   - each ruling gating the whole panel whose effective setting is
 *     "unresolved": a reason naming the ruling and its question; or a
 *     setting the ruling marks `unbuilt`: a reason naming the ruling, the
 *     setting and what the engine lacks for it;
 *   - each path is shut by each unresolved ruling gating that path, and
 *     by its own `unbuilt` text (what the engine lacks for it);
 *   - the panel, or a path, is shut under a setting its `unbuilt_under`
 *     names (nx_unbuilt.h): a reason naming the ruling, the setting and
 *     what the engine lacks there, so its script is never asked;
 *   - with paths, all of them shut: a reason "every path is shut".
 * The panel is available when it is implemented, no whole-panel gate is
 * shut, and it has no paths or at least one open path.  A path's own
 * `available` reflects only its own gates; nx_avail_path_open combines
 * it with its panel's.
 */
#include "nx_avail.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "nx_util.h"

static void add_reason(nx_reason **v, size_t *n, const char *ruling, char *text)
{
    *v = nx_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[*n].ruling = ruling ? nx_xstrdup(ruling) : NULL;
    (*v)[*n].text = text;
    (*n)++;
}

/* A ruling shuts its gates when unresolved, or set to a setting the
 * engine has not built (the ruling's `unbuilt` map). */
static int shuts(const nx_ruling *r, const nx_settings *s)
{
    const char *set = nx_settings_get(s, r);
    return !strcmp(set, NX_UNRESOLVED) || nx_ruling_setting_unbuilt(r, set);
}

static char *shut_text(const nx_ruling *r, const nx_settings *s)
{
    const char *set = nx_settings_get(s, r), *lacks = nx_ruling_setting_unbuilt(r, set);
    if (lacks) return nx_asprintf("not built under %s: %s: %s", r->id, set, lacks);
    return nx_asprintf("ruling %s is unresolved: %s", r->id, r->question);
}

/* Reasons from every shut ruling gating (panel_id, path); path NULL means
 * the whole panel. */
static void add_gate_reasons(const nx_rulings *rs, const nx_settings *s,
                             const char *panel_id, const char *path,
                             nx_reason **v, size_t *n)
{
    for (size_t i = 0; i < rs->n; i++) {
        const nx_ruling *r = &rs->v[i];
        /* The gate first: few rulings gate this panel, and whether a ruling
         * shuts looks its setting up by name (nx_settings_get), which
         * for every ruling and panel was 3% of a bot game. */
        for (size_t g = 0; g < r->ngates; g++) {
            const nx_ruling_gate *gt = &r->gates[g];
            int same_path = path ? gt->path && !strcmp(gt->path, path) : !gt->path;
            if (gt->panel && same_path && !strcmp(gt->panel, panel_id)) {
                if (shuts(r, s)) add_reason(v, n, r->id, shut_text(r, s));
                break;   /* the loader refuses duplicate gates; one is enough */
            }
        }
    }
}

/* The reason of the first `unbuilt_under` entry the settings meet. */
static void add_unbuilt_reason(const nx_rulings *rs, const nx_settings *s, const nx_unbuilt_list *l,
                               nx_reason **v, size_t *n)
{
    const nx_unbuilt *u = nx_unbuilt_match(l, rs, s);
    if (!u) return;
    const nx_ruling *r = nx_rulings_find(rs, u->ruling);
    assert(r);   /* nx_unbuilt_match found it */
    add_reason(v, n, r->id, nx_asprintf("not built under %s: %s: %s", r->id, nx_settings_get(s, r), u->reason));
}

/* Fill the paths; returns how many are open. */
static size_t compute_paths(const nx_pack *pack, const nx_settings *s,
                            const nx_panel *p, nx_panel_avail *pa)
{
    size_t open = 0;
    pa->npaths = p->npaths;
    pa->paths = p->npaths ? nx_xcalloc(p->npaths, sizeof *pa->paths) : NULL;
    for (size_t i = 0; i < p->npaths; i++) {
        nx_path_avail *q = &pa->paths[i];
        q->path = &p->paths[i];
        if (p->paths[i].unbuilt) add_reason(&q->reasons, &q->nreasons, NULL, nx_xstrdup(p->paths[i].unbuilt));
        add_gate_reasons(&pack->rulings, s, p->id, p->paths[i].id, &q->reasons,
                         &q->nreasons);
        add_unbuilt_reason(&pack->rulings, s, &p->paths[i].unbuilt_under, &q->reasons, &q->nreasons);
        q->available = q->nreasons == 0;
        open += (size_t)q->available;
    }
    return open;
}

static void compute_panel(const nx_pack *pack, const nx_settings *s,
                          const nx_panel *p, nx_panel_avail *pa)
{
    memset(pa, 0, sizeof *pa);
    pa->panel = p;
    if (!p->implemented)
        add_reason(&pa->reasons, &pa->nreasons, NULL, nx_xstrdup(p->reason));
    add_gate_reasons(&pack->rulings, s, p->id, NULL, &pa->reasons, &pa->nreasons);
    add_unbuilt_reason(&pack->rulings, s, &p->unbuilt_under, &pa->reasons, &pa->nreasons);
    size_t whole_panel_reasons = pa->nreasons;
    size_t open = compute_paths(pack, s, p, pa);
    if (p->npaths && !open)
        add_reason(&pa->reasons, &pa->nreasons, NULL, nx_xstrdup("every path is shut"));
    pa->available = whole_panel_reasons == 0 && (p->npaths == 0 || open > 0);
    /* Available exactly when nothing was found against it. */
    assert(pa->available == (pa->nreasons == 0));
}

void nx_avail_compute(const nx_pack *pack, const nx_settings *s, nx_avail *out)
{
    memset(out, 0, sizeof *out);
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        const nx_card *c = &pack->cards[f];
        /* nx_pack_load only returns packs with all twelve cards and all
         * three panels of each. */
        assert(c->id);
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            assert(c->panels[m].id && (c->panels[m].implemented || c->panels[m].reason));
            nx_panel_avail *pa = &out->panels[f * NX_MODE_COUNT + m];
            compute_panel(pack, s, &c->panels[m], pa);
            out->available += (size_t)pa->available;
        }
    }
}

static void free_reasons(nx_reason *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(v[i].ruling);
        free(v[i].text);
    }
    free(v);
}

void nx_avail_free(nx_avail *a)
{
    for (size_t i = 0; i < NX_FACTION_COUNT * NX_MODE_COUNT; i++) {
        nx_panel_avail *pa = &a->panels[i];
        free_reasons(pa->reasons, pa->nreasons);
        for (size_t k = 0; k < pa->npaths; k++)
            free_reasons(pa->paths[k].reasons, pa->paths[k].nreasons);
        free(pa->paths);
    }
    memset(a, 0, sizeof *a);
}

const nx_panel_avail *nx_avail_panel(const nx_avail *a, const char *panel_id)
{
    for (size_t i = 0; i < NX_FACTION_COUNT * NX_MODE_COUNT; i++)
        if (a->panels[i].panel && !strcmp(a->panels[i].panel->id, panel_id))
            return &a->panels[i];
    return NULL;
}

int nx_avail_path_open(const nx_avail *a, const char *panel_id, const char *path)
{
    const nx_panel_avail *pa = nx_avail_panel(a, panel_id);
    if (!pa || !pa->available) return 0;
    if (!path) return 1;
    for (size_t i = 0; i < pa->npaths; i++)
        if (!strcmp(pa->paths[i].path->id, path)) return pa->paths[i].available;
    return 0;
}
