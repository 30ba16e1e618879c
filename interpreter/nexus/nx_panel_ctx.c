#include "nx_panel_ctx.h"
#include "nx_text.h"

#include <assert.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "nx_nexus.h"
#include "nx_turn.h"
#include "nx_battle.h"
#include "nx_board.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_luaval.h"
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
    const char *path;          /* the path played: the action's, the resumed
                                  decision's, or path_buf */
    char path_buf[32];         /* a path can_play named (its call's buffers end
                                  with the call) */
    uint32_t event;
    ctx_ask_req ask;
    int nlogs;                 /* ctx:log lines written by this call */
} nx_ctx;

/* What one call may make the host keep: log lines are bounded in length
 * and number (a panel logs a line or two; the cap keeps a script from
 * making the host store megabytes for it). */
#define CTX_LOG_MAX_BYTES 200
#define CTX_LOG_MAX_LINES 8

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
    const char *name = nx_luaval_name(L, arg, "zone name");
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
    if (lua_getmetatable(L, arg)) luaL_error(L, "a card list must be a plain table");
    int n = (int)lua_rawlen(L, arg);
    if (n > cap) luaL_error(L, "too many cards (at most %d)", cap);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, arg, i + 1);
        const char *id = nx_luaval_name(L, -1, "card id");
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
    const char *id = nx_luaval_name(L, 2, "ctx:setting ruling id");
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
    lua_Integer n = nx_luaval_integer(L, 4, "draw count", 1, NX_RECEIPT_CARDS);
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
    const char *text = nx_luaval_text(L, 2, "ctx:log text", CTX_LOG_MAX_BYTES);
    if (c->nlogs >= CTX_LOG_MAX_LINES) return luaL_error(L, "ctx:log: at most %d lines per call", CTX_LOG_MAX_LINES);
    c->nlogs++;
    nx_act_log(c->a, "%s: %s", c->panel->id, text);
    return 0;
}


/* ---- argument checks ------------------------------------------------------------
 * Every value a method takes from Lua goes through the one gate,
 * dsl/nx_luaval.h: words (advantages, scopes, kinds) are names, counts and
 * seats exact integers in range, so a bad call is a clear script error
 * naming the panel and line and never reaches the state. */

static const char *arg_word(lua_State *L, int arg, const char *what) { return nx_luaval_name(L, arg, what); }

static lua_Integer arg_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi, const char *what)
{
    return nx_luaval_integer(L, arg, what, lo, hi);
}

/* A field of an options table: the value is left on the stack top. */
static int opt_field(lua_State *L, int t, const char *key) { return lua_getfield(L, t, key) != LUA_TNIL; }

static void only_keys(lua_State *L, int t, const char *const *keys, const char *what)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int ok = 0;
        for (int i = 0; k && keys[i]; i++) ok |= !strcmp(k, keys[i]);
        if (!ok) luaL_error(L, "%s: unknown key %s", what, k ? k : "(not a string)");
    }
}

/* ---- the event, the battle, the seats (read-only) -------------------------------- */

static void set_seat_field(lua_State *L, const char *key, uint8_t seat)
{
    if (seat == NX_NO_SEAT) return;
    lua_pushinteger(L, seat);
    lua_setfield(L, -2, key);
}

/* ctx:event(): nil, or the event being raised with exactly its payload
 * keys (core/nx_events.c). */
static int ctx_event(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const nx_state *s = c->a->s;
    const nx_event_def *ev = nx_event_get(s->play.event_now);
    if (!ev) {
        lua_pushnil(L);
        return 1;
    }
    lua_newtable(L);
    lua_pushstring(L, ev->id);
    lua_setfield(L, -2, "name");
    const nx_play *p = &s->play;
    for (int k = 0; k < NX_EVK_COUNT_BITS; k++) {
        unsigned key = 1u << k;
        if (!(ev->payload & key)) continue;
        const char *name = nx_event_key_name(key);
        switch (key) {
        case NX_EVK_TERRITORY:
            if (p->battle_t != 0xff) lua_pushstring(L, nx_map_territory_id(p->battle_t)), lua_setfield(L, -2, name);
            break;
        case NX_EVK_AGGRESSOR: set_seat_field(L, name, p->battle_seats[0]); break;
        case NX_EVK_OPPONENT: set_seat_field(L, name, p->battle_seats[1]); break;
        case NX_EVK_USER: set_seat_field(L, name, p->event_user); break;
        case NX_EVK_TARGET: set_seat_field(L, name, p->event_target); break;
        case NX_EVK_COMMAND:
            if (p->voice_mode) lua_pushstring(L, p->voice_mode == NX_VOICE_PLAY ? "play" : "not_play"), lua_setfield(L, -2, name);
            break;
        case NX_EVK_WHAT:
            if (p->voice_mode) lua_pushstring(L, nx_board_voice_what_id(p->voice_what)), lua_setfield(L, -2, name);
            break;
        case NX_EVK_ELEMENT: {
            if (p->prescience_elem && p->prescience_elem < NX_ELEM_COUNT) lua_pushstring(L, nx_elem_ids[p->prescience_elem]), lua_setfield(L, -2, name);
            break;
        }
        default: break;
        }
    }
    return 1;
}

/* ctx:battle(): nil, or the battle in hand as the table sees it. */
static int ctx_battle(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const nx_state *s = c->a->s;
    const nx_play *p = &s->play;
    if (p->battle_t == 0xff) {
        lua_pushnil(L);
        return 1;
    }
    lua_newtable(L);
    lua_pushstring(L, nx_map_territory_id(p->battle_t));
    lua_setfield(L, -2, "territory");
    set_seat_field(L, "aggressor", p->battle_seats[0]);
    set_seat_field(L, "opponent", p->battle_seats[1]);
    lua_pushboolean(L, (s->options & NX_OPT_ADVANCED) != 0);
    lua_setfield(L, -2, "advanced");
    int side = nx_battle_side(s, c->holder);
    if (side >= 0) {
        lua_pushinteger(L, side);
        lua_setfield(L, -2, "holder_side");
        set_seat_field(L, "holder_opponent", p->battle_seats[1 - side]);
    }
    /* Forces in the battle are on the board: public. */
    lua_createtable(L, 2, 0);
    for (int i = 0; i < 2; i++) {
        int have[NX_FORCE_KINDS];
        nx_battle_fighters(s, p->battle_seats[i], have);
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, p->battle_seats[i]);
        lua_setfield(L, -2, "seat");
        lua_pushstring(L, nx_faction_id((nx_faction)s->seats[p->battle_seats[i]].faction));
        lua_setfield(L, -2, "faction");
        lua_pushinteger(L, have[NX_FORCE_NORMAL]);
        lua_setfield(L, -2, "normal");
        lua_pushinteger(L, have[NX_FORCE_ELITE]);
        lua_setfield(L, -2, "elite");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "sides");
    lua_newtable(L);
    for (int adv = NX_ADV_NONE + 1; adv < NX_ADV_COUNT; adv++) {
        if (!nx_battle_stopped(s, adv)) continue;
        static const char *const ids[NX_ADV_COUNT] = { NULL, "kwisatz_haderach", "voice", "prescience", "sardaukar", "fremen", "capture" };
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, ids[adv]);
    }
    lua_setfield(L, -2, "stopped");
    return 1;
}

/* ctx:seat(n): what the table knows of a seat (the holder also sees its
 * own spice). */
static int ctx_seat(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const nx_state *s = c->a->s;
    uint8_t seat = (uint8_t)arg_int(L, 2, 0, s->nseats - 1, "seat");
    lua_newtable(L);
    lua_pushstring(L, nx_faction_id((nx_faction)s->seats[seat].faction));
    lua_setfield(L, -2, "faction");
    set_seat_field(L, "ally", s->seats[seat].ally);
    lua_pushinteger(L, nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)));
    lua_setfield(L, -2, "nexus_held");
    lua_pushinteger(L, nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY)));
    lua_setfield(L, -2, "treachery_held");
    if (seat == c->holder) {
        lua_pushinteger(L, s->seats[seat].spice);
        lua_setfield(L, -2, "spice");
    }
    return 1;
}

static int ctx_seats(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    lua_pushinteger(L, c->a->s->nseats);
    return 1;
}

/* ---- effects: stop, grant, modify ------------------------------------------------- */

/* 1 + faction * 3 + mode: which panel made an effect. */
static uint8_t panel_source(const nx_ctx *c)
{
    char card[32];
    const char *dot = strchr(c->panel->id, '.');
    size_t n = dot ? (size_t)(dot - c->panel->id) : strlen(c->panel->id);
    if (n >= sizeof card) n = sizeof card - 1;
    memcpy(card, c->panel->id, n);
    card[n] = 0;
    nx_faction f = nx_faction_parse(card);
    if ((int)f < 0 || f >= NX_FACTION_COUNT) return 0;
    return (uint8_t)(1 + (int)f * 3 + (int)c->panel->mode);
}

static void add_effect(lua_State *L, nx_ctx *c, nx_effect_kind kind, nx_effect_end end, int arg)
{
    nx_effect e = { .kind = kind, .seat = c->holder, .source = panel_source(c), .end = end, .arg = (uint8_t)arg };
    if (nx_effect_add(c->a->s, &e) < 0) luaL_error(L, "the effect store is full (%d effects)", NX_MAX_EFFECTS);
}

static int read_adv(lua_State *L, int arg)
{
    const char *id = arg_word(L, arg, "advantage");
    int adv = nx_battle_adv_parse(id);
    if (adv == NX_ADV_NONE)
        luaL_error(L, "unknown advantage '%s' (kwisatz_haderach, voice, prescience, sardaukar, fremen, capture)", id);
    return adv;
}

/* ctx:stop(advantage [, scope]): stop the advantage whose attempt the
 * response window answers: for this battle ("battle", the default), or
 * only this attempt ("attempt": Prescience may be tried again). */
static int ctx_stop(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "stopping while checking");
    int adv = read_adv(L, 2);
    int attempt = 0;
    if (!lua_isnoneornil(L, 3)) {
        const char *scope = arg_word(L, 3, "stop: scope");
        if (!strcmp(scope, "attempt")) attempt = 1;
        else if (strcmp(scope, "battle")) luaL_error(L, "stop: scope must be \"battle\" or \"attempt\", not \"%s\"", scope);
    }
    int ev = nx_battle_adv_event(adv);
    if (!ev || c->a->s->play.event_now != ev) luaL_error(L, "stop: no attempt of %s is being made now", lua_tostring(L, 2));
    if (nx_battle_stop(c->a, adv, c->holder, attempt))
        luaL_error(L, "stop: %s cannot be stopped%s", lua_tostring(L, 2), attempt ? " attempt by attempt" : " again");
    add_effect(L, c, NX_EFF_STOP, attempt ? NX_END_ATTEMPT : NX_END_BATTLE, adv);
    return 0;
}

/* ctx:grant(advantage): the holder may use a battle advantage once, in
 * this battle, at its native step (a Secret Ally's borrowed Voice or
 * Prescience; Atreides Cunning's second look). */
static int ctx_grant(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "granting while checking");
    int adv = read_adv(L, 2);
    if (adv != NX_ADV_VOICE && adv != NX_ADV_PRESCIENCE) luaL_error(L, "grant: only voice or prescience can be granted");
    if (nx_battle_side(c->a->s, c->holder) < 0) luaL_error(L, "grant: the holder is not fighting a battle now");
    if (nx_effect_find(c->a->s, NX_EFF_GRANT, NX_NO_SEAT, adv) >= 0) luaL_error(L, "grant: %s is already granted", lua_tostring(L, 2));
    add_effect(L, c, NX_EFF_GRANT, NX_END_BATTLE, adv);
    char who[64];
    nx_act_log(c->a, "%s may use %s once in this battle", nx_act_who(c->a->s, c->holder, who, sizeof who), lua_tostring(L, 2));
    return 0;
}

/* ctx:modify{kind = "virtual_elite", count = n, scope = "battle"}: n of
 * the holder's ordinary forces in the battle count as elite (Emperor
 * Cunning).  No counter changes: a battle modifier (DESIGN principle 1). */
static int ctx_modify(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "modifying while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "kind", "count", "scope", NULL };
    only_keys(L, 2, keys, "modify");
    opt_field(L, 2, "kind");
    const char *kind = arg_word(L, -1, "modify: kind");
    if (strcmp(kind, "virtual_elite")) luaL_error(L, "modify: unknown kind '%s' (virtual_elite)", kind);
    opt_field(L, 2, "count");
    int count = (int)arg_int(L, -1, 1, 20, "modify: count");
    int end = NX_END_BATTLE;
    if (opt_field(L, 2, "scope")) {
        end = nx_effect_end_parse(arg_word(L, -1, "modify: scope"));
        if (end != NX_END_BATTLE) luaL_error(L, "modify: virtual_elite lasts for the battle (scope \"battle\")");
    }
    const nx_state *s = c->a->s;
    if (nx_battle_side(s, c->holder) < 0) luaL_error(L, "modify: the holder is not fighting a battle now");
    int have[NX_FORCE_KINDS];
    nx_battle_fighters(s, c->holder, have);
    if (count > have[NX_FORCE_NORMAL])
        luaL_error(L, "modify: the holder has %d ordinary forces in the battle, not %d", have[NX_FORCE_NORMAL], count);
    if (nx_effect_find(s, NX_EFF_VIRTUAL_ELITE, c->holder, -1) >= 0) luaL_error(L, "modify: already modified in this battle");
    add_effect(L, c, NX_EFF_VIRTUAL_ELITE, (nx_effect_end)end, count);
    char who[64];
    nx_act_log(c->a, "%s: %d of %s forces in %s count as Sardaukar for this battle", c->panel->id, count,
               nx_act_who(s, c->holder, who, sizeof who), nx_map_territory_name(s->play.battle_t));
    return 0;
}

/* ---- saved values: plain data only ---------------------------------------------- */

/* What a panel saves and gets back is checked and converted by nx_luaval
 * (plain data, exactly as saved). */

/* ---- asks ------------------------------------------------------------------------ */

static void ask_options(lua_State *L, nx_ctx *c, ctx_ask_req *ask)
{
    lua_getfield(L, 2, "choose_from");
    nx_luaval_name(L, -1, "ask: choose_from");
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
    const char *prompt = nx_luaval_text(L, -3, "ask: prompt", sizeof ask->prompt - 1);
    const char *resume = nx_luaval_name(L, -2, "ask: resume");
    lua_Integer count = nx_luaval_integer(L, -1, "ask: count", 1, NX_MAX_OPTIONS);
    if (strlen(resume) >= sizeof ask->resume) return luaL_error(L, "ask: resume name is too long");
    if (!nx_sandbox_has_function(c->a->rt->sandbox, c->panel->id, resume))
        return luaL_error(L, "ask: the panel has no handler '%s'", resume);
    /* Copied now: a metamethod of the table (choose_from below) could
     * drop the strings. */
    nx_fmt(ask->prompt, sizeof ask->prompt, "%s", prompt);
    nx_fmt(ask->resume, sizeof ask->resume, "%s", resume);
    lua_getfield(L, 2, "save");
    nx_luaval_check_data(L, -1, "ask: save");
    /* Every check that may raise is above: nothing the host allocates
     * below can be stranded by a Lua error. */
    json_t *saved = json_pack("{s:o, s:o}", "path", c->path ? json_string(c->path) : json_null(), "save",
                              nx_luaval_data_json(L, -1));
    char *text = saved ? json_dumps(saved, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(saved);
    int encoded = text != NULL;
    size_t len = encoded ? strlen(text) : 0;
    if (encoded && len < sizeof ask->save) memcpy(ask->save, text, len + 1);
    free(text);
    if (!encoded) return luaL_error(L, "ask: the saved values cannot be encoded");
    if (len >= sizeof ask->save) return luaL_error(L, "ask: saved values exceed %d bytes", (int)sizeof ask->save - 1);
    lua_pop(L, 4);
    ask_options(L, c, ask);
    if (count > ask->noptions)
        return luaL_error(L, "ask: count %d but only %d options", (int)count, ask->noptions);
    ask->count = (int)count;
    ask->asked = 1;
    return 0;
}

/* ---- the ctx object ---------------------------------------------------------------- */

/*
 * The ctx methods: ONE table registers them with Lua, lets `nexus check`
 * refuse a call of an unknown method (nx_panel_ctx_known) and generates
 * the LuaLS annotation stubs (nx_panel_ctx_stubs, `nexus stubs`; the
 * committed cards/lib/ctx.d.lua is compared with it by a test).
 * params: "name: type" separated by ", "; ret: a LuaLS type or NULL.
 */
typedef struct ctx_method {
    const char *name;
    lua_CFunction fn;
    const char *params;
    const char *ret;
    const char *doc;
} ctx_method;

static const ctx_method ctx_methods[] = {
    { "count", ctx_count, "zone: string", "integer", "How many components a zone holds (any zone: counts are public)." },
    { "cards", ctx_cards, "zone: string", "string[]", "The component ids of a zone the holder may see." },
    { "others_deciding", ctx_others_deciding, NULL, "boolean", "Is another seat's decision pending?" },
    { "setting", ctx_setting, "ruling: string", "string", "The game's setting of a ruling." },
    { "event", ctx_event, NULL, "table|nil",
      "The event being raised now: {name=, ...its payload keys (core/nx_events.c)}, or nil." },
    { "battle", ctx_battle, NULL, "table|nil",
      "The battle in hand: {territory=, aggressor=, opponent=, advanced=, holder_side=, holder_opponent=, sides={{seat=, faction=, normal=, elite=}, ...}, stopped={voice=true, ...}}, or nil." },
    { "seat", ctx_seat, "seat: integer", "table",
      "What the table knows of a seat: {faction=, ally=, nexus_held=, treachery_held=} (and spice for the holder)." },
    { "seats", ctx_seats, NULL, "integer", "How many seats the game has." },
    { "draw", ctx_draw, "from: string, to: string, n: integer", "string[]", "Draw n cards from a deck into one of the holder's zones." },
    { "shuffle_into", ctx_shuffle_into, "deck: string, cards: string[]", NULL, "Shuffle cards of the holder into a deck." },
    { "ask", ctx_ask, "request: table", NULL,
      "Ask the holder to choose cards of one of its zones: {prompt=, choose_from=, count=, resume=, save=}; return its result." },
    { "stop", ctx_stop, "advantage: string, scope: string?", NULL,
      "Stop the battle advantage (voice, prescience, sardaukar) whose attempt is being made now: for this battle (\"battle\"), or only this attempt (\"attempt\", prescience)." },
    { "grant", ctx_grant, "advantage: string", NULL,
      "Let the holder use a battle advantage (voice, prescience) once in this battle, at its native step." },
    { "modify", ctx_modify, "modifier: table", NULL,
      "Add a battle modifier: {kind = \"virtual_elite\", count = n, scope = \"battle\"}." },
    { "log", ctx_log, "text: string", NULL, "A public log line, prefixed with the panel id." },
    { NULL, NULL, NULL, NULL, NULL },
};

/* The read-only fields ctx_index serves besides the methods. */
static const struct { const char *name, *type, *doc; } ctx_fields[] = {
    { "holder", "integer", "The seat playing the card." },
    { "mode", "string", "cunning | betrayal | secret_ally" },
    { "panel", "string", "The panel id (\"emperor.cunning\")." },
    { "path", "string|nil", "The path being played, if the panel has paths." },
    { "phase", "string", "The current phase." },
    { "turn", "integer", "The current turn." },
    { "faction", "string", "The holder's faction id." },
    { NULL, NULL, NULL },
};

int nx_panel_ctx_known(const char *name)
{
    for (const ctx_method *m = ctx_methods; m->name; m++)
        if (!strcmp(m->name, name)) return 1;
    for (int i = 0; ctx_fields[i].name; i++)
        if (!strcmp(ctx_fields[i].name, name)) return 1;
    return 0;
}

void nx_panel_ctx_stubs(FILE *out)
{
    fprintf(out, "---@meta\n-- Generated by `nexus stubs` from the ctx method table (interpreter/nexus/nx_panel_ctx.c).\n"
                 "-- Do not edit: a test compares this file with the table.\n\n---@class NexusCtx\n");
    for (int i = 0; ctx_fields[i].name; i++)
        fprintf(out, "---@field %s %s %s\n", ctx_fields[i].name, ctx_fields[i].type, ctx_fields[i].doc);
    fprintf(out, "local ctx = {}\n");
    for (const ctx_method *m = ctx_methods; m->name; m++) {
        fprintf(out, "\n--- %s\n", m->doc);
        char names[160] = "";
        if (m->params) {
            char buf[160];
            snprintf(buf, sizeof buf, "%s", m->params);
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                while (*tok == ' ') tok++;
                char *colon = strchr(tok, ':');
                if (!colon) continue;
                *colon = 0;
                fprintf(out, "---@param %s %s\n", tok, colon + 2);
                size_t used = strlen(names);
                snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", tok);
            }
        }
        if (m->ret) fprintf(out, "---@return %s\n", m->ret);
        fprintf(out, "function ctx:%s(%s) end\n", m->name, names);
    }
    fprintf(out, "\nreturn ctx\n");
}

static int ctx_index(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const char *key = nx_luaval_name(L, 2, "ctx field");
    if (!strcmp(key, "holder")) lua_pushinteger(L, c->holder);
    else if (!strcmp(key, "mode")) lua_pushstring(L, nx_mode_id(c->panel->mode));
    else if (!strcmp(key, "panel")) lua_pushstring(L, c->panel->id);
    else if (!strcmp(key, "path")) c->path ? (void)lua_pushstring(L, c->path) : lua_pushnil(L);
    else if (!strcmp(key, "phase")) lua_pushstring(L, nx_phase_name(c->a->s->phase));
    else if (!strcmp(key, "turn")) lua_pushinteger(L, c->a->s->turn);
    else if (!strcmp(key, "faction"))
        lua_pushstring(L, nx_faction_id((nx_faction)c->a->s->seats[c->holder].faction));
    else {
        for (const ctx_method *m = ctx_methods; m->name; m++)
            if (!strcmp(key, m->name)) {
                lua_pushcfunction(L, m->fn);
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

static int json_box_gc(lua_State *L)
{
    json_t **box = lua_touserdata(L, 1);
    json_decref(*box);
    *box = NULL;
    return 0;
}

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
    /* The parsed JSON lives in a box that the collector frees should a
     * Lua error (memory) interrupt the conversion. */
    json_t **box = lua_newuserdatauv(L, sizeof *box, 0);
    *box = NULL;
    if (luaL_newmetatable(L, "nexus.json_box")) {
        lua_pushcfunction(L, json_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    *box = json_loads(io->saved, 0, NULL);
    json_t *data = json_object_get(*box, "save");
    if (!data) return luaL_error(L, "the saved values of this decision cannot be read");
    nx_luaval_push_json(L, data);
    json_decref(*box);
    *box = NULL;
    lua_remove(L, -2);
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
    const char *path = nx_luaval_name(L, idx, "can_play: a path");
    if (strlen(path) >= sizeof io->paths[0] || io->npaths == 4) {
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
    const char *reason = n >= 2 ? nx_luaval_opt_text(L, base + 1, "can_play: the reason", sizeof io->reason - 1) : NULL;
    nx_clip(io->reason, sizeof io->reason, "%s", reason ? reason : "the panel's conditions are not met");
    if (n < 3 || lua_isnil(L, base + 2)) return 0;
    if (!lua_istable(L, base + 2)) return take_path(L, base + 2, io, e);
    if (lua_getmetatable(L, base + 2)) return luaL_error(L, "can_play: the paths must be a plain table");
    lua_Integer len = (lua_Integer)lua_rawlen(L, base + 2);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_rawgeti(L, base + 2, i);
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

/* The moment a play is bound to: its path's own `when` (E2), else the
 * panel's. */
static const nx_when *when_of(const nx_panel *p, const char *path)
{
    for (size_t i = 0; path && i < p->npaths; i++)
        if (!strcmp(p->paths[i].id, path) && p->paths[i].has_when) return &p->paths[i].when;
    return &p->when;
}

/* The holder's own decisions a panel may be played inside (E3): the
 * decision stays open and continues after the play. */
static const struct { nx_pending_kind kind; int event; } own_acts[] = {
    { NX_PEND_SHIP_MOVE, NX_EV_OWN_ACTION },
    { NX_PEND_REVIVAL, NX_EV_OWN_ACTION },
};

static int inside_own_act(const nx_pending *own, int event)
{
    for (size_t i = 0; own && i < sizeof own_acts / sizeof own_acts[0]; i++)
        if (own_acts[i].kind == own->kind && own_acts[i].event == event) return 1;
    return 0;
}

/* Is a window of the holder open at the event (a Nexus window, or the
 * response window against an attempt)? */
static int window_at(const nx_state *s, const nx_pending *own, int event)
{
    return own && s->play.event_now == event && (own->kind == NX_PEND_NEXUS_WINDOW || own->kind == NX_PEND_KARAMA);
}

/* `answered`: the holder's window at the event was answered by this play
 * (nx_panel_settle), so the event itself is the moment. */
static int check_timing(nx_act *a, const nx_panel *p, const char *path, const nx_pending *own, int answered)
{
    const nx_when *w = when_of(p, path);
    if (w->anytime) return 0;
    if (w->phase != NX_PHASE_ANY && (int)w->phase != a->s->phase)
        return nx_act_fail(a, "illegal", "%s is played during %s, not %s", p->id,
                           nx_phase_name((int)w->phase), nx_phase_name(a->s->phase));
    if (!w->event) return 0;
    int ev = nx_event_parse(w->event);
    if (inside_own_act(own, ev) || window_at(a->s, own, ev) || (answered && a->s->play.event_now == ev)) return 0;
    if (a->s->play.event_now != ev)
        return nx_act_fail(a, "illegal", "%s is played on %s, which is not happening now", p->id, w->event);
    return nx_act_fail(a, "illegal", "%s is played on %s in the window the engine opens then; seat %d has none open",
                       p->id, w->event, a->seat);
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

/* Everything a play is checked for before its card is spent: the panel
 * is open, can_play (read-only) accepts it, its paths are open, and its
 * moment is now.  Fills c (its path included); 0 or -1 after failing. */
static int prepare_play(nx_act *a, uint8_t seat, const char *requested_path, const nx_pending *own, int answered,
                        nx_ctx *c)
{
    nx_comp card = nx_custody_top(&a->s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
    if (card == NX_COMP_NONE) return nx_act_fail(a, "illegal", "seat %d holds no Nexus card", seat);
    const nx_panel *p = panel_for(a, seat, card);
    if (check_panel_open(a, p)) return -1;
    /* Eligibility runs read-only, before the card is spent: a refusal
     * here leaves the card in hand (003: refuse before spending). */
    *c = (nx_ctx){ .a = a, .panel = p, .holder = seat, .readonly = 1, .path = requested_path };
    call_io io = { .ctx = c, .ok = 1 };
    if (nx_sandbox_has_function(a->rt->sandbox, p->id, "can_play") &&
        call_panel(a, &io, "can_play", take_eligibility))
        return -1;
    if (!io.ok) return nx_act_fail(a, "illegal", "%s cannot be played now: %s", p->id, io.reason);
    const char *path = settle_paths(a, p, requested_path, &io);
    if (path && !path[0]) return -1;
    /* io (and the paths can_play named in it) ends with this function. */
    if (path) {
        assert(strlen(path) < sizeof c->path_buf);   /* take_path and nx_luaval_name bound it */
        memcpy(c->path_buf, path, strlen(path) + 1);
        c->path = c->path_buf;
    } else {
        c->path = NULL;
    }
    return check_timing(a, p, c->path, own, answered);
}

/* Spend the card and run the panel's play. */
static int spend_and_play(nx_act *a, nx_ctx *c)
{
    nx_state *s = a->s;
    nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(c->holder, NX_ZS_NEXUS_HELD));
    assert(card != NX_COMP_NONE);   /* prepare_play found it */
    nx_custody_move(&s->custody, card, NX_Z_NEXUS_DISCARD);
    c->event = nx_state_new_event(s);
    c->readonly = 0;
    char who[64];
    nx_act_log(a, "%s plays the %s as %s%s%s", nx_act_who(s, c->holder, who, sizeof who), nx_comp_name(card),
               nx_mode_name(c->panel->mode), c->path ? ", path " : "", c->path ? c->path : "");
    call_io step = { .ctx = c };
    return run_step(a, c, "play", &step);
}

int nx_panel_play(nx_act *a, const char *requested_path)
{
    nx_state *s = a->s;
    uint8_t seat = (uint8_t)a->seat;
    if (nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)) == NX_COMP_NONE)
        return nx_act_fail(a, "illegal", "seat %d holds no Nexus card", seat);
    const nx_pending *own = nx_state_pending_of(s, seat);
    /* A Nexus window (nx_phases.c) or a response window open to every
     * seat (nx_battle_voice.c) is the holder's moment to play; a panel
     * bound to the holder's own act is played inside it (E3).  Any other
     * decision must be answered first. */
    int response = own && own->kind == NX_PEND_KARAMA;
    if (own && own->kind != NX_PEND_NEXUS_WINDOW && !response) {
        const nx_panel *p = panel_for(a, seat, nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)));
        if (!p->when.event || !inside_own_act(own, nx_event_parse(p->when.event)))
            return nx_act_fail(a, "illegal", "seat %d must first answer its pending decision", seat);
    }
    nx_ctx c;
    if (prepare_play(a, seat, requested_path, own, 0, &c)) return -1;
    if (response) {
        /* Only a panel bound to the attempt answers its response window;
         * it is played when the window closes, so that every answer looks
         * alike until all are in (the first in storm order acts). */
        const nx_when *w = when_of(c.panel, c.path);
        if (!w->event || nx_event_parse(w->event) != s->play.event_now)
            return nx_act_fail(a, "illegal", "seat %d must first answer its pending decision", seat);
        return nx_battle_answer_nexus(a, own);
    }
    if (own && own->kind == NX_PEND_NEXUS_WINDOW) nx_state_remove_pending(s, own);
    return spend_and_play(a, &c);
}

int nx_panel_settle(nx_act *a, uint8_t seat)
{
    nx_ctx c;
    int rc = prepare_play(a, seat, NULL, NULL, 1, &c);
    if (!rc) rc = spend_and_play(a, &c);
    if (rc) a->failed_late = 1;
    return rc;
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
