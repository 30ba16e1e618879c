/*
 * ctx:ask: a panel asks the holder for a choice (cards, or another kind of
 * value: nx_ask.h); the request is recorded on the call and becomes a
 * pending decision when the step ends (nx_panel_play.c).
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_ctx.h"
#include "nx_text.h"
#include "nx_luaval.h"

/* ---- saved values: plain data only ---------------------------------------------- */

/* What a panel saves and gets back is checked and converted by nx_luaval
 * (plain data, exactly as saved). */

/* ---- asks ------------------------------------------------------------------------ */

static void ask_options(lua_State *L, nx_ctx *c, ctx_ask_req *ask)
{
    lua_getfield(L, 2, "choose_from");
    nx_luaval_name(L, -1, "ask: choose_from");
    nx_zone z = nx_ctx_zone(L, c, lua_gettop(L));
    lua_pop(L, 1);
    if (nx_zone_seat(z) != c->holder) luaL_error(L, "ask: choose_from must be one of the holder's zones");
    if (lua_getfield(L, 2, "among") != LUA_TNIL) {
        /* Only these cards of the zone (the panel's own narrowing). */
        luaL_checktype(L, -1, LUA_TTABLE);
        nx_comp among[NX_MAX_OPTIONS];
        int n = nx_ctx_own_cards(L, c, lua_gettop(L), among, NX_MAX_OPTIONS);
        for (int i = 0; i < n; i++)
            if (c->a->s->custody.zone[among[i]] != z) luaL_error(L, "ask: among: %s is not in %s", nx_comp_id(among[i]), nx_zone_title(z));
        memcpy(ask->options, among, sizeof among[0] * (size_t)n);
        ask->noptions = n;
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    ask->noptions = nx_custody_list(&c->a->s->custody, z, ask->options, NX_MAX_OPTIONS);
    if (nx_custody_count(&c->a->s->custody, z) > NX_MAX_OPTIONS)
        luaL_error(L, "ask: more than %d options", NX_MAX_OPTIONS);
}

/* Encode {path, save, ask} into ask->save; never raises (nothing the host
 * allocates may be stranded by a Lua error).  0, or a message. */
static const char *encode_saved(lua_State *L, nx_ctx *c, ctx_ask_req *ask, int save_idx)
{
    json_t *data = nx_luaval_data_json(L, save_idx);
    char *alone = data ? json_dumps(data, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY) : NULL;
    size_t alone_len = alone ? strlen(alone) : 0;
    free(alone);
    json_t *saved = json_pack("{s:o, s:o}", "path", c->path ? json_string(c->path) : json_null(), "save",
                              data ? data : json_null());
    if (saved && ask->q.kind != NX_ASK_CARDS) json_object_set_new(saved, "ask", nx_ask_to_json(&ask->q));
    char *text = saved ? json_dumps(saved, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(saved);
    size_t len = text ? strlen(text) : 0;
    if (text && len < sizeof ask->save) memcpy(ask->save, text, len + 1);
    free(text);
    if (!text || !data) return "ask: the saved values cannot be encoded";
    if (alone_len >= CTX_SAVE_MAX) return "ask: saved values exceed 199 bytes";
    if (len >= sizeof ask->save) return "ask: the options and saved values are too long for one decision";
    return NULL;
}

/* ctx:ask{prompt=, resume=, save=, kind=, ...}: cards (choose_from=, count=)
 * or any other kind of choice (nx_ask.h: of=, min=, max=, count=). */
int ctx_ask(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "asking while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    ctx_ask_req *ask = &c->ask;
    if (ask->asked) return luaL_error(L, "ask: a panel step asks at most once");
    static const char *const keys[] = { "prompt", "resume", "save", "kind", "choose_from", "among", "count", "of", "min", "max", NULL };
    nx_ctx_only_keys(L, 2, keys, "ask");
    lua_getfield(L, 2, "prompt");
    lua_getfield(L, 2, "resume");
    const char *prompt = nx_luaval_text(L, -2, "ask: prompt", sizeof ask->prompt - 1);
    const char *resume = nx_luaval_name(L, -1, "ask: resume");
    if (strlen(resume) >= sizeof ask->resume) return luaL_error(L, "ask: resume name is too long");
    if (!nx_sandbox_has_function(c->a->rt->sandbox, c->panel->id, resume))
        return luaL_error(L, "ask: the panel has no handler '%s'", resume);
    /* Copied now: a metamethod of the table could drop the strings. */
    nx_fmt(ask->prompt, sizeof ask->prompt, "%s", prompt);
    nx_fmt(ask->resume, sizeof ask->resume, "%s", resume);
    lua_pop(L, 2);
    int kind = NX_ASK_CARDS;
    if (nx_ctx_opt_field(L, 2, "kind")) {
        const char *k = nx_ctx_arg_word(L, -1, "ask: kind");
        kind = nx_ask_kind_parse(k);
        if (kind < 0) return luaL_error(L, "ask: unknown kind '%s' (cards, element, territories, seat, number, word)", k);
    }
    lua_pop(L, 1);
    if (kind == NX_ASK_CARDS) {
        lua_getfield(L, 2, "count");
        lua_Integer count = nx_luaval_integer(L, -1, "ask: count", 1, NX_MAX_OPTIONS);
        lua_pop(L, 1);
        ask_options(L, c, ask);
        if (count > ask->noptions)
            return luaL_error(L, "ask: count %d but only %d options", (int)count, ask->noptions);
        ask->count = (int)count;
        ask->q.kind = NX_ASK_CARDS;
    } else {
        if (nx_ctx_opt_field(L, 2, "choose_from")) return luaL_error(L, "ask: choose_from is for cards only");
        lua_pop(L, 1);
        nx_ask_read(L, 2, kind, c->a->s, c->holder, &ask->q);
        ask->count = 0; /* the ask's min and max say how many (nx_state_check: count <= options) */
    }
    lua_getfield(L, 2, "save");
    nx_luaval_check_data(L, -1, "ask: save");
    /* Every check that may raise is above. */
    const char *err = encode_saved(L, c, ask, lua_gettop(L));
    if (err) return luaL_error(L, "%s", err);
    lua_pop(L, 1);
    ask->asked = 1;
    return 0;
}
