#include "nx_panel_ctx.h"
#include "nx_text.h"

#include <assert.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "nx_act.h"
#include "nx_names.h"

#define CTX_META "nexus.ctx"

/* The registry key of the one ctx userdata of a sandbox.  It lives as long
 * as the sandbox (the registry keeps it from the collector), so the engine
 * can detach it after every call without touching freed memory. */
static const char ctx_key = 'c';

/* A panel's request for a decision, recorded by ctx:ask. */
typedef struct ctx_ask_req {
    int asked;
    char prompt[96];
    char resume[24];
    int count;
    int noptions;
    nx_comp options[NX_MAX_OPTIONS];
    char save[200];            /* JSON of the panel's saved values */
} ctx_ask_req;

/* What one call of a panel function sees.  Lives on the C stack for the
 * duration of nx_sandbox_call; the sandbox's ctx userdata points at it and
 * is detached afterwards, so a kept ctx cannot reach a finished action. */
typedef struct nx_ctx {
    nx_act *a;
    const nx_panel *panel;
    uint8_t holder;
    int readonly;              /* can_play: checking never changes the game */
    const char *path;
    uint32_t event;
    ctx_ask_req ask;
} nx_ctx;

/* ---- helpers ------------------------------------------------------------------ */

static nx_ctx *check_ctx(lua_State *L)
{
    nx_ctx **ud = luaL_checkudata(L, 1, CTX_META);
    if (!*ud) luaL_error(L, "this ctx belongs to a finished call");
    return *ud;
}

static nx_ctx *check_mutable(lua_State *L, const char *what)
{
    nx_ctx *c = check_ctx(L);
    if (c->readonly) nx_sandbox_forbid(L, what);
    return c;
}

/* Zone names are relative to the holder: "traitors" is the holder's hand,
 * "traitor_deck" the shared deck, "seat2.traitors" another seat's. */
static nx_zone resolve_zone(lua_State *L, nx_ctx *c, int arg)
{
    const char *name = luaL_checkstring(L, arg);
    static const char *const own[NX_ZS_COUNT] = { "nexus_held", "traitors", "traitor_offer", "revealed",
                                                   "leaders", "treachery", "storm_card" };
    for (int k = 0; k < NX_ZS_COUNT; k++)
        if (!strcmp(name, own[k])) return NX_Z_SEAT(c->holder, k);
    int z = nx_zone_parse(name);
    if (z < 0 || z == NX_Z_OUT || (nx_zone_seat((nx_zone)z) >= c->a->s->nseats))
        luaL_error(L, "unknown zone '%s'", name);
    return (nx_zone)z;
}

static int holder_sees(const nx_ctx *c, nx_zone z)
{
    nx_visibility v = nx_zone_visibility(z);
    return v == NX_VIS_PUBLIC || (v == NX_VIS_OWNER && nx_zone_seat(z) == c->holder);
}

static void push_ids(lua_State *L, const nx_comp *v, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, nx_comp_id(v[i]));
        lua_rawseti(L, -2, i + 1);
    }
}

/* Read a list of component ids held in the holder's own zones. */
static int read_own_cards(lua_State *L, nx_ctx *c, int arg, nx_comp *out, int cap)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    int n = (int)luaL_len(L, arg);
    if (n > cap) luaL_error(L, "too many cards (at most %d)", cap);
    for (int i = 0; i < n; i++) {
        lua_geti(L, arg, i + 1);
        const char *id = lua_tostring(L, -1);
        nx_comp comp = id ? nx_comp_parse(id) : NX_COMP_NONE;
        if (comp == NX_COMP_NONE) luaL_error(L, "card %d: unknown component '%s'", i + 1, id ? id : "?");
        if (nx_zone_seat(c->a->s->custody.zone[comp]) != c->holder)
            luaL_error(L, "card %d: %s is not in the holder's custody", i + 1, id);
        for (int k = 0; k < i; k++)
            if (out[k] == comp) luaL_error(L, "card %d: %s is listed twice", i + 1, id);
        out[i] = comp;
        lua_pop(L, 1);
    }
    return n;
}

/* ---- queries (read-only) ------------------------------------------------------- */

static int ctx_count(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    lua_pushinteger(L, nx_custody_count(&c->a->s->custody, resolve_zone(L, c, 2)));
    return 1;
}

static int ctx_cards(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    nx_zone z = resolve_zone(L, c, 2);
    if (!holder_sees(c, z)) return nx_sandbox_forbid(L, "reading a zone the holder cannot see");
    nx_comp v[NX_COMP_COUNT];
    push_ids(L, v, nx_custody_list(&c->a->s->custody, z, v, NX_COMP_COUNT));
    return 1;
}

static int ctx_others_deciding(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    int others = 0;
    for (int i = 0; i < c->a->s->npending; i++) others |= c->a->s->pending[i].seat != c->holder;
    lua_pushboolean(L, others);
    return 1;
}

static int ctx_setting(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const char *id = luaL_checkstring(L, 2);
    const nx_ruling *r = nx_rulings_find(&c->a->rt->pack.rulings, id);
    if (!r) return luaL_error(L, "no ruling '%s'", id);
    lua_pushstring(L, nx_settings_get(c->a->settings, r));
    return 1;
}

/* ---- custody moves ------------------------------------------------------------- */

static int ctx_draw(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "drawing while checking");
    nx_zone from = resolve_zone(L, c, 2), to = resolve_zone(L, c, 3);
    lua_Integer n = luaL_checkinteger(L, 4);
    if (!nx_zone_ordered(from) || nx_zone_seat(from) >= 0)
        return luaL_error(L, "can only draw from a deck");
    if (nx_zone_seat(to) != c->holder) return luaL_error(L, "can only draw into the holder's zones");
    if (n < 1 || n > NX_RECEIPT_CARDS) return luaL_error(L, "draw count must be 1 to %d", NX_RECEIPT_CARDS);
    nx_custody *cu = &c->a->s->custody;
    if (nx_custody_count(cu, from) < n) return luaL_error(L, "the deck has fewer than %d cards", (int)n);
    nx_comp drawn[NX_RECEIPT_CARDS];
    for (int i = 0; i < n; i++) {
        drawn[i] = nx_custody_top(cu, from);
        nx_custody_move(cu, drawn[i], to);
    }
    nx_state_add_receipt(c->a->s, c->holder, NX_RCPT_DREW, c->event, drawn, (int)n);
    char who[64];
    nx_act_log(c->a, "%s draws %d card%s", nx_act_who(c->a->s, c->holder, who, sizeof who), (int)n,
               n == 1 ? "" : "s");
    push_ids(L, drawn, (int)n);
    return 1;
}

static int ctx_shuffle_into(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "returning cards while checking");
    nx_zone deck = resolve_zone(L, c, 2);
    if (!nx_zone_ordered(deck) || nx_zone_seat(deck) >= 0) return luaL_error(L, "can only shuffle into a deck");
    nx_comp cards[NX_RECEIPT_CARDS];
    int n = read_own_cards(L, c, 3, cards, NX_RECEIPT_CARDS);
    nx_state *s = c->a->s;
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, cards[i], deck);
    nx_custody_shuffle(&s->custody, deck, &s->rng);
    nx_state_add_receipt(s, c->holder, NX_RCPT_RETURNED, c->event, cards, n);
    char who[64];
    nx_act_log(c->a, "%s shuffles %d card%s into %s", nx_act_who(s, c->holder, who, sizeof who), n,
               n == 1 ? "" : "s", nx_zone_title(deck));
    return 0;
}

static int ctx_log(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "logging while checking");
    nx_act_log(c->a, "%s: %s", c->panel->id, luaL_checkstring(L, 2));
    return 0;
}

/* ---- saved values: plain data only ---------------------------------------------- */

#define SAVE_MAX_DEPTH 6

/* Lua value -> JSON.  Only nil, booleans, numbers, strings and tables of
 * those (arrays, or string-keyed maps) may be saved: they must survive a
 * save file and a reload in another process. */
static json_t *lua_to_json(lua_State *L, int idx, int depth)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER:
        return lua_isinteger(L, idx) ? json_integer((json_int_t)lua_tointeger(L, idx))
                                     : json_real(lua_tonumber(L, idx));
    case LUA_TSTRING: return json_string(lua_tostring(L, idx));
    case LUA_TTABLE: break;
    default: luaL_error(L, "ask: save holds a %s; only plain data can be saved", luaL_typename(L, idx));
    }
    if (depth >= SAVE_MAX_DEPTH) luaL_error(L, "ask: save is nested too deeply");
    lua_Integer len = luaL_len(L, idx);
    json_t *out = len > 0 ? json_array() : json_object();
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        json_t *v = lua_to_json(L, -1, depth + 1);
        if (len > 0) {
            if (!lua_isinteger(L, -2)) luaL_error(L, "ask: save mixes list and map keys");
            json_array_append_new(out, v); /* order fixed below */
        } else {
            if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "ask: save map keys must be strings");
            json_object_set_new(out, lua_tostring(L, -2), v);
        }
        lua_pop(L, 1);
    }
    if (len > 0) { /* rebuild in index order: lua_next order is not stable */
        json_decref(out);
        out = json_array();
        for (lua_Integer i = 1; i <= len; i++) {
            lua_geti(L, idx, i);
            json_array_append_new(out, lua_to_json(L, -1, depth + 1));
            lua_pop(L, 1);
        }
    }
    return out;
}

static void json_to_lua(lua_State *L, const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_NULL: lua_pushnil(L); return;
    case JSON_TRUE: lua_pushboolean(L, 1); return;
    case JSON_FALSE: lua_pushboolean(L, 0); return;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(j)); return;
    case JSON_REAL: lua_pushnumber(L, json_real_value(j)); return;
    case JSON_STRING: lua_pushstring(L, json_string_value(j)); return;
    case JSON_ARRAY: {
        lua_createtable(L, (int)json_array_size(j), 0);
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) {
            json_to_lua(L, v);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        return;
    }
    case JSON_OBJECT: {
        lua_newtable(L);
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)j, k, v) {
            json_to_lua(L, v);
            lua_setfield(L, -2, k);
        }
        return;
    }
    }
}

/* ---- asks ------------------------------------------------------------------------ */

static void ask_options(lua_State *L, nx_ctx *c, ctx_ask_req *ask)
{
    lua_getfield(L, 2, "choose_from");
    nx_zone z = resolve_zone(L, c, lua_gettop(L));
    lua_pop(L, 1);
    if (nx_zone_seat(z) != c->holder) luaL_error(L, "ask: choose_from must be one of the holder's zones");
    ask->noptions = nx_custody_list(&c->a->s->custody, z, ask->options, NX_MAX_OPTIONS);
    if (nx_custody_count(&c->a->s->custody, z) > NX_MAX_OPTIONS)
        luaL_error(L, "ask: more than %d options", NX_MAX_OPTIONS);
}

/* ctx:ask{prompt=, choose_from=, count=, resume=, save=} */
static int ctx_ask(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "asking while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    ctx_ask_req *ask = &c->ask;
    if (ask->asked) return luaL_error(L, "ask: a panel step asks at most once");
    lua_getfield(L, 2, "prompt");
    lua_getfield(L, 2, "resume");
    lua_getfield(L, 2, "count");
    const char *prompt = luaL_checkstring(L, -3), *resume = luaL_checkstring(L, -2);
    lua_Integer count = luaL_checkinteger(L, -1);
    if (strlen(prompt) >= sizeof ask->prompt) return luaL_error(L, "ask: prompt is too long");
    if (strlen(resume) >= sizeof ask->resume) return luaL_error(L, "ask: resume name is too long");
    if (!nx_sandbox_has_function(c->a->rt->sandbox, c->panel->id, resume))
        return luaL_error(L, "ask: the panel has no handler '%s'", resume);
    nx_fmt(ask->prompt, sizeof ask->prompt, "%s", prompt);
    nx_fmt(ask->resume, sizeof ask->resume, "%s", resume);
    lua_pop(L, 3);
    ask_options(L, c, ask);
    if (count < 1 || count > ask->noptions)
        return luaL_error(L, "ask: count %d but only %d options", (int)count, ask->noptions);
    ask->count = (int)count;
    lua_getfield(L, 2, "save");
    json_t *saved = json_pack("{s:o, s:o}", "path", c->path ? json_string(c->path) : json_null(),
                              "save", lua_to_json(L, -1, 0));
    char *text = json_dumps(saved, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(saved);
    size_t len = strlen(text);
    if (len < sizeof ask->save) memcpy(ask->save, text, len + 1);
    free(text);
    if (len >= sizeof ask->save) return luaL_error(L, "ask: saved values exceed %d bytes", (int)sizeof ask->save - 1);
    ask->asked = 1;
    return 0;
}

/* ---- the ctx object ---------------------------------------------------------------- */

static const luaL_Reg ctx_methods[] = {
    { "count", ctx_count },
    { "cards", ctx_cards },
    { "others_deciding", ctx_others_deciding },
    { "setting", ctx_setting },
    { "draw", ctx_draw },
    { "shuffle_into", ctx_shuffle_into },
    { "ask", ctx_ask },
    { "log", ctx_log },
    { NULL, NULL },
};

static int ctx_index(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const char *key = luaL_checkstring(L, 2);
    if (!strcmp(key, "holder")) lua_pushinteger(L, c->holder);
    else if (!strcmp(key, "mode")) lua_pushstring(L, nx_mode_id(c->panel->mode));
    else if (!strcmp(key, "panel")) lua_pushstring(L, c->panel->id);
    else if (!strcmp(key, "path")) c->path ? (void)lua_pushstring(L, c->path) : lua_pushnil(L);
    else if (!strcmp(key, "phase")) lua_pushstring(L, nx_phase_name(c->a->s->phase));
    else if (!strcmp(key, "turn")) lua_pushinteger(L, c->a->s->turn);
    else if (!strcmp(key, "faction"))
        lua_pushstring(L, nx_faction_id((nx_faction)c->a->s->seats[c->holder].faction));
    else {
        for (const luaL_Reg *m = ctx_methods; m->name; m++)
            if (!strcmp(key, m->name)) {
                lua_pushcfunction(L, m->func);
                return 1;
            }
        return luaL_error(L, "ctx has no field '%s'", key);
    }
    return 1;
}

static int ctx_newindex(lua_State *L) { return luaL_error(L, "ctx is read-only"); }

void nx_panel_ctx_register(lua_State *L)
{
    luaL_newmetatable(L, CTX_META);
    lua_pushcfunction(L, ctx_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ctx_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    nx_ctx **ud = lua_newuserdatauv(L, sizeof *ud, 0);
    *ud = NULL;
    luaL_setmetatable(L, CTX_META);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ctx_key);
}

/* ---- calling panel functions ----------------------------------------------------- */

typedef struct call_io {
    nx_ctx *ctx;
    nx_ctx **slot;             /* the userdata's pointer, detached after the call */
    const nx_comp *chosen;     /* resume: the answer */
    int nchosen;
    const char *saved;         /* resume: {"path":..., "save":...} */
    int ok;                    /* can_play results */
    char reason[200];
    int npaths;                /* the paths the situation falls under */
    char paths[4][32];
} call_io;

static int push_ctx(lua_State *L, void *ud)
{
    call_io *io = ud;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ctx_key);
    io->slot = lua_touserdata(L, -1);
    /* Calls never nest: the slot is free. */
    assert(io->slot && *io->slot == NULL);
    *io->slot = io->ctx;
    if (!io->saved) return 1;
    lua_newtable(L); /* answer = { cards = {...}, save = ... } */
    push_ids(L, io->chosen, io->nchosen);
    lua_setfield(L, -2, "cards");
    json_t *saved = json_loads(io->saved, 0, NULL);
    json_to_lua(L, json_object_get(saved, "save"));
    json_decref(saved);
    lua_setfield(L, -2, "save");
    return 2;
}

static int take_nothing(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)L, (void)n, (void)ud, (void)e;
    return 0;
}

/* Copy one path name returned by can_play. */
static int take_path(lua_State *L, int idx, call_io *io, nx_script_error *e)
{
    const char *path = lua_tostring(L, idx);
    if (!path || strlen(path) >= sizeof io->paths[0] || io->npaths == 4) {
        nx_fmt(e->message, sizeof e->message, "can_play: a path must be a short string (at most 4)");
        return -1;
    }
    memcpy(io->paths[io->npaths++], path, strlen(path) + 1);
    return 0;
}

/* can_play returns ok [, reason [, path or {paths...}]]. */
static int take_eligibility(lua_State *L, int n, void *ud, nx_script_error *e)
{
    call_io *io = ud;
    int base = lua_gettop(L) - n + 1;
    io->ok = n >= 1 && lua_toboolean(L, base);
    const char *reason = n >= 2 ? lua_tostring(L, base + 1) : NULL;
    nx_clip(io->reason, sizeof io->reason, "%s", reason ? reason : "the panel's conditions are not met");
    if (n < 3 || lua_isnil(L, base + 2)) return 0;
    if (!lua_istable(L, base + 2)) return take_path(L, base + 2, io, e);
    lua_Integer len = luaL_len(L, base + 2);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, base + 2, i);
        int rc = take_path(L, -1, io, e);
        lua_pop(L, 1);
        if (rc) return -1;
    }
    return 0;
}

static uint32_t state_rng(void *ud, uint32_t bound) { return nx_rng_below(ud, bound); }

static int call_panel(nx_act *a, call_io *io, const char *fn, nx_sandbox_take_fn take)
{
    nx_sandbox *sb = a->rt->sandbox;
    nx_sandbox_set_rng(sb, state_rng, &a->s->rng);
    nx_script_error e;
    int rc = nx_sandbox_call(sb, io->ctx->panel->id, fn, push_ctx, take, io, &e);
    if (io->slot) *io->slot = NULL; /* detach: a kept ctx must not outlive its call */
    nx_sandbox_set_rng(sb, NULL, NULL);
    if (rc) {
        char msg[sizeof a->err];
        nx_script_error_format(&e, msg, sizeof msg);
        return nx_act_fail(a, "script", "%s", msg);
    }
    return 0;
}

/* ---- play and resume ------------------------------------------------------------------ */

static const nx_panel *panel_for(const nx_act *a, uint8_t seat, nx_comp card)
{
    nx_faction f = nx_comp_nexus_faction(card);
    return &a->rt->pack.cards[f].panels[nx_lifecycle_mode(a->s, seat, card)];
}

static int check_panel_open(nx_act *a, const nx_panel *p)
{
    const nx_panel_avail *pa = nx_avail_panel(nx_act_avail(a), p->id);
    if (pa->available) return 0;
    return nx_act_fail(a, "illegal", "%s is unavailable: %s", p->id,
                       pa->nreasons ? pa->reasons[0].text : "no reason recorded");
}

static int check_path_open(nx_act *a, const nx_panel *p, const char *path)
{
    if (!p->npaths) return 0;
    if (!path) return nx_act_fail(a, "illegal", "%s has alternatives: name one with \"path\"", p->id);
    const nx_panel_avail *pa = nx_avail_panel(nx_act_avail(a), p->id);
    for (size_t i = 0; i < pa->npaths; i++) {
        if (strcmp(pa->paths[i].path->id, path)) continue;
        if (pa->paths[i].available) return 0;
        return nx_act_fail(a, "illegal", "%s path %s is unavailable: %s", p->id, path,
                           pa->paths[i].nreasons ? pa->paths[i].reasons[0].text : "shut");
    }
    return nx_act_fail(a, "illegal", "%s has no path '%s'", p->id, path);
}

static int check_timing(nx_act *a, const nx_panel *p)
{
    const nx_when *w = &p->when;
    if (w->anytime) return 0;
    if (w->phase != NX_PHASE_ANY && (int)w->phase != a->s->phase)
        return nx_act_fail(a, "illegal", "%s is played during %s, not %s", p->id,
                           nx_phase_name((int)w->phase), nx_phase_name(a->s->phase));
    if (w->event)
        return nx_act_fail(a, "illegal", "%s is played on %s, which is not happening now", p->id, w->event);
    return 0;
}

/* Settle the paths: those can_play reports for the situation (every one
 * must be open), or the one the player named when the panel offers a
 * choice.  Returns the primary path, NULL when the panel has none, or ""
 * after failing. */
static const char *settle_paths(nx_act *a, const nx_panel *p, const char *requested, const call_io *io)
{
    if (!p->npaths) return NULL;
    if (io->npaths == 0) return check_path_open(a, p, requested) ? "" : requested;
    int named = !requested;
    for (int i = 0; i < io->npaths; i++) {
        if (check_path_open(a, p, io->paths[i])) return "";
        named |= requested && !strcmp(requested, io->paths[i]);
    }
    if (!named) {
        nx_act_fail(a, "illegal", "%s: this situation calls for path %s, not %s", p->id, io->paths[0], requested);
        return "";
    }
    return requested ? requested : io->paths[0];
}

static int open_pending(nx_act *a, const nx_ctx *c)
{
    nx_pending *p = nx_state_add_pending(a->s, NX_PEND_PANEL, c->holder);
    p->count = (uint8_t)c->ask.count;
    p->noptions = (uint8_t)c->ask.noptions;
    memcpy(p->options, c->ask.options, sizeof p->options);
    p->private_options = 1;
    p->event = c->event;
    nx_fmt(p->prompt, sizeof p->prompt, "%s", c->ask.prompt);
    nx_fmt(p->panel, sizeof p->panel, "%s", c->panel->id);
    nx_fmt(p->resume, sizeof p->resume, "%s", c->ask.resume);
    nx_fmt(p->saved, sizeof p->saved, "%s", c->ask.save);
    return 0;
}

/* Run one step (play or a resume handler) with a mutable ctx. */
static int run_step(nx_act *a, nx_ctx *c, const char *fn, call_io *io)
{
    c->readonly = 0;
    if (call_panel(a, io, fn, take_nothing)) return -1;
    return c->ask.asked ? open_pending(a, c) : 0;
}

int nx_panel_play(nx_act *a, const char *requested_path)
{
    nx_state *s = a->s;
    uint8_t seat = (uint8_t)a->seat;
    nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
    if (card == NX_COMP_NONE) return nx_act_fail(a, "illegal", "seat %d holds no Nexus card", seat);
    /* A Nexus card window (nx_phases.c) is the holder's moment to play: the
     * play answers it.  Any other decision must be answered first. */
    const nx_pending *own = nx_state_pending_of(s, seat);
    if (own && own->kind == NX_PEND_NEXUS_WINDOW) {
        nx_state_remove_pending(s, own);
        own = nx_state_pending_of(s, seat);
    }
    if (own) return nx_act_fail(a, "illegal", "seat %d must first answer its pending decision", seat);
    const nx_panel *p = panel_for(a, seat, card);
    if (check_panel_open(a, p) || check_timing(a, p)) return -1;
    /* Eligibility runs read-only, before the card is spent: a refusal
     * here leaves the card in hand (003: refuse before spending). */
    nx_ctx c = { .a = a, .panel = p, .holder = seat, .readonly = 1, .path = requested_path };
    call_io io = { .ctx = &c, .ok = 1 };
    if (nx_sandbox_has_function(a->rt->sandbox, p->id, "can_play") &&
        call_panel(a, &io, "can_play", take_eligibility))
        return -1;
    if (!io.ok) return nx_act_fail(a, "illegal", "%s cannot be played now: %s", p->id, io.reason);
    c.path = settle_paths(a, p, requested_path, &io);
    if (c.path && !c.path[0]) return -1;
    nx_custody_move(&s->custody, card, NX_Z_NEXUS_DISCARD);
    c.event = nx_state_new_event(s);
    char who[64];
    nx_act_log(a, "%s plays the %s as %s%s%s", nx_act_who(s, seat, who, sizeof who), nx_comp_name(card),
               nx_mode_name(p->mode), c.path ? ", path " : "", c.path ? c.path : "");
    call_io step = { .ctx = &c };
    return run_step(a, &c, "play", &step);
}

int nx_panel_resume(nx_act *a, const nx_pending *pend, const nx_comp *chosen, int n)
{
    const nx_panel *p = nx_pack_panel(&a->rt->pack, pend->panel);
    if (!p) return nx_act_fail(a, "invariant", "the pending decision names an unknown panel %s", pend->panel);
    char resume[sizeof pend->resume], saved[sizeof pend->saved], path[32] = "";
    memcpy(resume, pend->resume, sizeof resume);
    memcpy(saved, pend->saved, sizeof saved);
    json_t *js = json_loads(saved, 0, NULL);
    const char *jp = json_string_value(json_object_get(js, "path"));
    if (jp) nx_clip(path, sizeof path, "%s", jp);
    json_decref(js);
    nx_ctx c = { .a = a, .panel = p, .holder = pend->seat, .event = pend->event,
                 .path = path[0] ? path : NULL };
    nx_state_remove_pending(a->s, pend);
    call_io io = { .ctx = &c, .chosen = chosen, .nchosen = n, .saved = saved };
    return run_step(a, &c, resume, &io);
}
