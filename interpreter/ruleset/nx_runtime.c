#include "nx_runtime.h"

#include "nx_advice.h"

#include <stdlib.h>
#include <string.h>

#include "nx_panel_ctx.h"
#include "nx_text.h"
#include "nx_util.h"

/* The shared helpers of the pack's lib/ (cards/lib: every <name>.lua but the LuaLS stubs,
 * *.d.lua), for the scripts' require(name). */
static void load_libs(nx_runtime *rt, nx_diags *d)
{
    char *dir = nx_path_join(rt->pack.dir, "lib");
    char **paths = NULL;
    size_t n = 0;
    if (nx_list_files(dir, ".lua", &paths, &n) != 0) n = 0;   /* no lib directory: no libraries */
    size_t dl = strlen(rt->pack.dir);
    for (size_t i = 0; i < n; i++) {
        const char *base = strrchr(paths[i], '/');
        base = base ? base + 1 : paths[i];
        size_t bl = strlen(base);
        if (bl > 6 && !strcmp(base + bl - 6, ".d.lua")) continue;
        char name[64];
        nx_clip(name, sizeof name, "%.*s", (int)(bl - 4), base);
        const char *shown = paths[i];
        if (!strncmp(shown, rt->pack.dir, dl) && shown[dl] == '/') shown += dl + 1;
        nx_script_error e;
        if (nx_sandbox_load_lib(rt->sandbox, name, paths[i], shown, &e))
            nx_diags_add(d, paths[i], e.line, 0, "library %s: %s", name, e.message);
    }
    nx_strings_free(paths, n);
    free(dir);
}

static int read_advice(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)e;
    nx_advice_read(L, lua_gettop(L) - n + 1, ud);
    return 0;
}

/* A panel's advice given as a value (not a function) is read once at
 * load, so that bad advice fails the pack there (docs/dsl.md, "Bot
 * advice"), and kept on the panel for every bot's question; a
 * function's answer is read when a bot asks. */
static int advice_is_bad(nx_sandbox *sb, nx_panel *p, nx_script_error *e)
{
    if (!nx_sandbox_has_field(sb, p->id, "advice") || nx_sandbox_has_function(sb, p->id, "advice")) return 0;
    nx_advice_init(&p->advice);
    if (nx_sandbox_call_value(sb, p->id, "advice", NULL, read_advice, &p->advice, e)) return 1;
    p->advice_fixed = 1;
    return 0;
}

int nx_runtime_open(nx_runtime *rt, const char *pack_yaml, nx_diags *d)
{
    memset(rt, 0, sizeof *rt);
    size_t problems_before = d->n;
    if (nx_pack_load(pack_yaml, &rt->pack, d)) return -1;
    rt->rules = &nx_dune_ruleset;
    rt->sandbox = nx_sandbox_new(NULL);
    nx_panel_ctx_register(nx_sandbox_lua(rt->sandbox));
    load_libs(rt, d);
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            nx_panel *p = &rt->pack.cards[f].panels[m];
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
            else if (advice_is_bad(rt->sandbox, p, &e))
                nx_diags_add(d, p->script_path, 0, 0, "%s: %s", p->id, e.message);
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
