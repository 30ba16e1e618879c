#include "nx_runtime.h"

#include <string.h>

#include "nx_panel_ctx.h"
#include "nx_turn.h"

int nx_runtime_open(nx_runtime *rt, const char *pack_yaml, nx_diags *d)
{
    memset(rt, 0, sizeof *rt);
    size_t problems_before = d->n;
    if (nx_pack_load(pack_yaml, &rt->pack, d)) return -1;
    rt->rules = &nx_dune_ruleset;
    rt->sandbox = nx_sandbox_new(NULL);
    nx_panel_ctx_register(nx_sandbox_lua(rt->sandbox));
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *p = &rt->pack.cards[f].panels[m];
            if (!p->implemented) continue;
            nx_script_error e;
            /* Players see script errors: name the file within the pack. */
            size_t dl = strlen(rt->pack.dir);
            const char *shown = p->script_path;
            if (!strncmp(shown, rt->pack.dir, dl) && shown[dl] == '/') shown += dl + 1;
            if (nx_sandbox_load_panel_as(rt->sandbox, p->id, p->script_path, shown, &e))
                nx_diags_add(d, p->script_path, e.line, 0, "%s: %s", p->id, e.message);
            else if (!nx_sandbox_has_function(rt->sandbox, p->id, "play"))
                nx_diags_add(d, p->script_path, 0, 0, "%s: the panel has no play function", p->id);
        }
    if (d->n > problems_before) {
        nx_runtime_close(rt);
        return -1;
    }
    return 0;
}

void nx_runtime_close(nx_runtime *rt)
{
    if (rt->sandbox) nx_sandbox_free(rt->sandbox);
    nx_pack_free(&rt->pack);
    memset(rt, 0, sizeof *rt);
}
