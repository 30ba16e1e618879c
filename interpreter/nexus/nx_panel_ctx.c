#include "nx_panel_ctx.h"
#include "nx_text.h"

#include <assert.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_nexus.h"
#include "nx_turn.h"
#include "nx_ask.h"
#include "nx_battle.h"
#include "nx_board.h"
#include "nx_ctx_pay.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_luaval.h"
#include "nx_map.h"
#include "nx_movement.h"
#include "nx_names.h"
#include "nx_suggest.h"
#include "nx_movement.h"
#include "nx_ship_nexus.h"
#include "nx_timing.h"
#include "nx_spice.h"
#include "nx_util.h"
#include "nx_worm.h"

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
    nx_ask q;                  /* a choice other than cards (q.kind != NX_ASK_CARDS) */
    char save[sizeof ((nx_pending *)0)->saved]; /* JSON: path, the panel's saved values, the ask */
} ctx_ask_req;

/* What a panel may save across one decision, as JSON. */
#define CTX_SAVE_MAX 200

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
    nx_comp released[2];       /* another seat's cards this step bound (a cancelled
                                  call's Traitor Card): the step may move them */
    int nreleased;
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
        int bound = 0;
        for (int k = 0; k < c->nreleased; k++) bound |= c->released[k] == comp;
        if (nx_zone_seat(c->a->s->custody.zone[comp]) != c->holder && !bound)
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
    if (from == NX_Z_TREACHERY_DECK && nx_custody_count(cu, from) < n) {
        /* An empty Treachery Deck is refilled from its shuffled discard
         * pile, as every draw of the game does (phase-bidding.md). */
        nx_comp v[NX_COMP_COUNT];
        int k = nx_custody_list(cu, NX_Z_TREACHERY_DISCARD, v, NX_COMP_COUNT);
        for (int i = 0; i < k; i++) nx_custody_move(cu, v[i], NX_Z_TREACHERY_DECK);
        nx_custody_shuffle(cu, NX_Z_TREACHERY_DECK, &c->a->s->rng);
        if (k) nx_act_log(c->a, "the Treachery discard pile (%d card%s) is shuffled into a new deck", k, k == 1 ? "" : "s");
    }
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
        case NX_EVK_TERRITORY: {
            /* The worm's territory at a worm occurrence, else the battle's. */
            uint8_t t = s->play.event_now == NX_EV_WORM ? p->worm_at : p->battle_t;
            if (t != 0xff) lua_pushstring(L, nx_map_territory_id(t)), lua_setfield(L, -2, name);
            break;
        }
        case NX_EVK_EMPTY: lua_pushboolean(L, p->worm_empty), lua_setfield(L, -2, name); break;
        case NX_EVK_OCCURRENCE: lua_pushinteger(L, p->worm_seq), lua_setfield(L, -2, name); break;
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

/* The Treachery cards the holder's side played, once the plans are
 * revealed: {card=, name=, must_discard=, in_hand=} (its own cards: ids
 * are the holder's to see). */
static void push_played(lua_State *L, const nx_state *s, int side)
{
    nx_comp cards[3];
    int n = nx_battle_played(s, side, cards);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        nx_treachery_card t = nx_battle_card(cards[i]);
        lua_createtable(L, 0, 4);
        lua_pushstring(L, nx_comp_id(cards[i]));
        lua_setfield(L, -2, "card");
        lua_pushstring(L, nx_treachery_name(t));
        lua_setfield(L, -2, "name");
        lua_pushboolean(L, nx_treachery_discard_after_use(t));
        lua_setfield(L, -2, "must_discard");
        lua_pushboolean(L, s->custody.zone[cards[i]] == NX_Z_SEAT(s->play.battle_seats[side], NX_ZS_TREACHERY));
        lua_setfield(L, -2, "in_hand");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "played");
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
        if (p->battle_shown) push_played(L, s, side);
    }
    if (p->battle_winner != NX_NO_SEAT) set_seat_field(L, "winner", p->battle_winner);
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
        /* Cards in hand that were not played in this battle: the hand's
         * count less the revealed plan's cards still in it (both public). */
        nx_comp used[3];
        int nused = nx_battle_played(s, i, used), unused = nx_custody_count(&s->custody, NX_Z_SEAT(p->battle_seats[i], NX_ZS_TREACHERY));
        for (int k = 0; k < nused; k++) unused -= s->custody.zone[used[k]] == NX_Z_SEAT(p->battle_seats[i], NX_ZS_TREACHERY);
        lua_pushinteger(L, p->battle_shown ? unused : nx_custody_count(&s->custody, NX_Z_SEAT(p->battle_seats[i], NX_ZS_TREACHERY)));
        lua_setfield(L, -2, "unplayed_held");
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
    /* Public: the table sees who has moved in this Shipment and Movement. */
    lua_pushboolean(L, s->phase == NX_P_SHIPMENT_MOVEMENT && (s->play.moved & (1u << seat)));
    lua_setfield(L, -2, "moved");
    if (seat == c->holder) {
        lua_pushinteger(L, s->seats[seat].spice);
        lua_setfield(L, -2, "spice");
    }
    return 1;
}

static int json_box_gc(lua_State *L)
{
    json_t **box = lua_touserdata(L, 1);
    json_decref(*box);
    *box = NULL;
    return 0;
}

/* A userdata holding a json_t that the collector frees. */
static json_t **new_json_box(lua_State *L)
{
    json_t **box = lua_newuserdatauv(L, sizeof *box, 0);
    *box = NULL;
    if (luaL_newmetatable(L, "nexus.json_box")) {
        lua_pushcfunction(L, json_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return box;
}

/* ctx:forces_in(territory): the forces on the board there, by seat (public). */
static int ctx_forces_in(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const nx_state *s = c->a->s;
    const char *id = nx_luaval_name(L, 2, "forces_in: territory");
    int t = nx_map_territory_parse(id);
    if (t < 0) return luaL_error(L, "forces_in: unknown territory '%s'", id);
    lua_newtable(L);
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        int k[NX_FORCE_KINDS] = { 0, 0 };
        for (int i = 0; i < n; i++)
            for (int kind = 0; kind < NX_FORCE_KINDS; kind++) k[kind] += s->seats[seat].forces[NX_PLACE_BOARD(secs[i])][kind];
        if (!k[0] && !k[1]) continue;
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, k[NX_FORCE_NORMAL]);
        lua_setfield(L, -2, "normal");
        lua_pushinteger(L, k[NX_FORCE_ELITE]);
        lua_setfield(L, -2, "elite");
        lua_rawseti(L, -2, seat);
    }
    return 1;
}

/* ctx:effects(): the effects in force, as every view shows them. */
static int ctx_effects(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    /* The array lives in a box the collector frees should a memory error
     * interrupt the conversion (as the saved values do, push_ctx). */
    json_t **box = new_json_box(L);
    *box = nx_effects_view(c->a->s);
    nx_luaval_push_json(L, *box);
    json_decref(*box);
    *box = NULL;
    lua_remove(L, -2);
    return 1;
}

static int ctx_seats(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    lua_pushinteger(L, c->a->s->nseats);
    return 1;
}

static const char *const allow_ids[NX_ALLOW_BITS] = { "guild_rates", "cross_ship", "ship_back",
                                                      "five_as_one", "second_shipment", "advisor_flip" };

static void set_bool(lua_State *L, const char *key, int v)
{
    lua_pushboolean(L, v != 0);
    lua_setfield(L, -2, key);
}

/* ctx:shipping(): nil outside Shipment and Movement; else the holder's
 * turn as the table sees it (all public). */
static int ctx_shipping(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const nx_state *s = c->a->s;
    uint8_t h = c->holder;
    if (s->phase != NX_P_SHIPMENT_MOVEMENT) {
        lua_pushnil(L);
        return 1;
    }
    lua_newtable(L);
    set_bool(L, "own_turn", s->play.mover == h);
    set_bool(L, "advanced", s->options & NX_OPT_ADVANCED);
    set_bool(L, "shipped", s->play.shipped & (1u << h));
    set_bool(L, "moving", s->play.move_begun & (1u << h));
    set_bool(L, "second", nx_ship_second_under_way(s, h));
    lua_pushinteger(L, nx_board_reserves(s, h, NX_FORCE_NORMAL) + nx_board_reserves(s, h, NX_FORCE_ELITE));
    lua_setfield(L, -2, "reserves");
    int on_board = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) on_board += nx_board_forces_in(s, h, t);
    lua_pushinteger(L, on_board);
    lua_setfield(L, -2, "on_board");
    lua_newtable(L);
    unsigned allowed = nx_effect_allowed(s, h);
    for (int k = 0; k < NX_ALLOW_BITS; k++)
        if (allowed & (1u << k)) set_bool(L, allow_ids[k], 1);
    lua_setfield(L, -2, "allowed");
    /* The holder's advisor territories (Advanced Bene Gesserit). */
    lua_newtable(L);
    int n = 0;
    char why[160];
    for (int t = 0; s->seats[h].faction == NX_BENE_GESSERIT && t < NX_MAP_TERRITORIES; t++) {
        if (!nx_move_territory_advisors(s, t)) continue;
        lua_createtable(L, 0, 4);
        lua_pushstring(L, nx_map_territory_id(t));
        lua_setfield(L, -2, "territory");
        if (nx_ship_flip_blocked(s, t, why, sizeof why)) lua_pushstring(L, why), lua_setfield(L, -2, "blocked");
        set_bool(L, "accompanied", nx_ship_flip_accompanied(s, t));
        set_bool(L, "storm_locked", nx_ship_flip_storm_locked(s, t));
        lua_rawseti(L, -2, ++n);
    }
    lua_setfield(L, -2, "advisors");
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

/* Worm riding, the Fremen movement, a remote ride, a worm's protection:
 * not battle advantages; the worm module checks and records them. */
static int worm_request(lua_State *L, nx_ctx *c, int grant)
{
    const char *what = arg_word(L, 2, grant ? "grant: what" : "stop: what");
    const char *scope = lua_isnoneornil(L, 3) ? NULL : arg_word(L, 3, grant ? "grant: scope" : "stop: scope");
    uint8_t src = panel_source(c);
    const char *why = grant ? nx_worm_grant(c->a, c->holder, src, what, scope) : nx_worm_stop(c->a, c->holder, src, what, scope);
    if (why) luaL_error(L, "%s: %s: %s", grant ? "grant" : "stop", what, why);
    return 0;
}

/* ctx:stop(advantage [, scope]): stop the advantage whose attempt the
 * response window answers: for this battle ("battle", the default), or
 * only this attempt ("attempt": Prescience may be tried again). */
static int ctx_stop(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "stopping while checking");
    if (lua_type(L, 2) == LUA_TSTRING && nx_worm_word(lua_tostring(L, 2))) return worm_request(L, c, 0);
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
    if (lua_type(L, 2) == LUA_TSTRING && nx_worm_word(lua_tostring(L, 2))) return worm_request(L, c, 1);
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

/* ---- traitor calls, owed effects, after the battle ------------------------------- */

/* ctx:cancel_call(): cancel the traitor call revealed now (the event's
 * user), bound to the identity it revealed; its Traitor Card stays in the
 * caller's hand, and this step may move it (shuffle_into).  Returns
 * {seat=, card=, leader=}. */
static int ctx_cancel_call(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "cancelling while checking");
    nx_state *s = c->a->s;
    if (s->play.event_now != NX_EV_TRAITOR_REVEALED || s->play.event_user == NX_NO_SEAT)
        return luaL_error(L, "cancel_call: no traitor is being revealed now");
    if (nx_effect_find(s, NX_EFF_CANCELLED, NX_NO_SEAT, -1) >= 0) return luaL_error(L, "cancel_call: a call is already cancelled");
    uint8_t caller = s->play.event_user;
    nx_comp card;
    if (nx_battle_cancel_call(c->a, caller, &card)) return luaL_error(L, "cancel_call: seat %d made no call to cancel", caller);
    if (c->nreleased == (int)(sizeof c->released / sizeof c->released[0])) return luaL_error(L, "cancel_call: too many cards bound");
    c->released[c->nreleased++] = card;
    add_effect(L, c, NX_EFF_CANCELLED, NX_END_BATTLE, card);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, caller);
    lua_setfield(L, -2, "seat");
    lua_pushstring(L, nx_comp_id(card));
    lua_setfield(L, -2, "card");
    lua_pushstring(L, nx_comp_id(nx_comp_leader_disc(nx_comp_leader(card))));
    lua_setfield(L, -2, "leader");
    return 1;
}

/* ctx:owe{kind = "traitor_draw", seat = n, count = k}: seat is owed k
 * Traitor Cards at the next Mentat Pause (interpreter/turn/nx_owed.c);
 * it outlives the battle, the turn and the card. */
static int ctx_owe(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "owing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "kind", "seat", "count", NULL };
    only_keys(L, 2, keys, "owe");
    opt_field(L, 2, "kind");
    const char *kind = arg_word(L, -1, "owe: kind");
    if (strcmp(kind, "traitor_draw")) luaL_error(L, "owe: unknown kind '%s' (traitor_draw)", kind);
    opt_field(L, 2, "seat");
    uint8_t seat = (uint8_t)arg_int(L, -1, 0, c->a->s->nseats - 1, "owe: seat");
    opt_field(L, 2, "count");
    int count = (int)arg_int(L, -1, 1, NX_RECEIPT_CARDS, "owe: count");
    nx_effect e = { .kind = NX_EFF_OWED_DRAW, .seat = seat, .source = panel_source(c), .end = NX_END_MENTAT,
                    .arg = (uint8_t)count };
    if (nx_effect_add(c->a->s, &e) < 0) luaL_error(L, "the effect store is full (%d effects)", NX_MAX_EFFECTS);
    char who[64];
    nx_act_log(c->a, "%s is owed %d replacement Traitor Card%s at the next Mentat Pause",
               nx_act_who(c->a->s, seat, who, sizeof who), count, count == 1 ? "" : "s");
    return 0;
}

/* ctx:retain(card): the holder keeps a card it played in this battle
 * instead of discarding it: one a winner could keep, never a mandatory
 * discard; only while its discard is held back (nx_battle_after.c). */
static int ctx_retain(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "retaining while checking");
    nx_state *s = c->a->s;
    nx_comp card = nx_comp_parse(nx_luaval_name(L, 2, "retain: card"));
    int side = nx_battle_side(s, c->holder);
    nx_comp used[3];
    int n = side >= 0 && s->play.battle_shown ? nx_battle_played(s, side, used) : 0, found = 0;
    for (int i = 0; i < n; i++) found |= used[i] == card;
    if (!found) return luaL_error(L, "retain: %s is not a card the holder played in this battle", lua_tostring(L, 2));
    if (s->custody.zone[card] != NX_Z_SEAT(c->holder, NX_ZS_TREACHERY))
        return luaL_error(L, "retain: %s has already left the holder's hand", lua_tostring(L, 2));
    if (nx_treachery_discard_after_use(nx_battle_card(card)))
        return luaL_error(L, "retain: %s must be discarded after use", nx_treachery_name(nx_battle_card(card)));
    if (nx_effect_find(s, NX_EFF_RETAINED, c->holder, -1) >= 0) return luaL_error(L, "retain: one card is already retained");
    add_effect(L, c, NX_EFF_RETAINED, NX_END_BATTLE, card);
    return 0;
}

/* ctx:card(id): what the holder may know of a card it can see (its own,
 * or one in a public zone): {id=, name=, worthless=}. */
static int ctx_card(lua_State *L)
{
    nx_ctx *c = check_ctx(L);
    const char *id = nx_luaval_name(L, 2, "card: id");
    nx_comp comp = nx_comp_parse(id);
    if (comp == NX_COMP_NONE) return luaL_error(L, "card: unknown component '%s'", id);
    if (!holder_sees(c, c->a->s->custody.zone[comp])) return nx_sandbox_forbid(L, "reading a card the holder cannot see");
    lua_createtable(L, 0, 3);
    lua_pushstring(L, nx_comp_id(comp));
    lua_setfield(L, -2, "id");
    lua_pushstring(L, nx_comp_name(comp));
    lua_setfield(L, -2, "name");
    lua_pushboolean(L, nx_comp_kind_of(comp) == NX_COMP_TREACHERY && nx_treachery_is_worthless(nx_battle_card(comp)));
    lua_setfield(L, -2, "worthless");
    return 1;
}

/* ctx:discard(cards): the holder discards Treachery Cards from its hand,
 * face up (the log names them). */
static int ctx_discard(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "discarding while checking");
    nx_comp cards[NX_MAX_OPTIONS];
    int n = read_own_cards(L, c, 2, cards, NX_MAX_OPTIONS);
    nx_state *s = c->a->s;
    char who[64];
    nx_act_who(s, c->holder, who, sizeof who);
    for (int i = 0; i < n; i++)
        if (s->custody.zone[cards[i]] != NX_Z_SEAT(c->holder, NX_ZS_TREACHERY))
            return luaL_error(L, "discard: %s is not a Treachery Card in the holder's hand", nx_comp_id(cards[i]));
    for (int i = 0; i < n; i++) {
        nx_custody_move(&s->custody, cards[i], NX_Z_TREACHERY_DISCARD);
        nx_act_log(c->a, "%s discards %s", who, nx_comp_name(cards[i]));
    }
    return 0;
}

/* ctx:gain_spice(n): the holder takes n spice from the bank. */
static int ctx_gain_spice(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "gaining spice while checking");
    int n = (int)arg_int(L, 2, 1, 99, "gain_spice: amount");
    if (nx_spice_transfer(c->a, NX_SPICE_BANK, c->holder, n, c->panel->id))
        return luaL_error(L, "gain_spice: %s", c->a->err);
    char who[64];
    nx_act_log(c->a, "%s takes %d spice from the bank", nx_act_who(c->a->s, c->holder, who, sizeof who), n);
    return 0;
}

/* ---- disclosure and hidden zones ---------------------------------------------------- */

/* ctx:traitor_question{seat=, leaders="native_printed"|"controlled_now", public=bool}:
 * the engine answers, for `seat`, whether any of the holder's leaders is
 * among that seat's Traitor Cards, without saying which: a yes/no "told"
 * receipt of the holder (and a public line with the answer when public).
 * The script never learns the answer. */
static int ctx_traitor_question(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "asking while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "seat", "leaders", "public", NULL };
    only_keys(L, 2, keys, "traitor_question");
    nx_state *s = c->a->s;
    opt_field(L, 2, "seat");
    uint8_t seat = (uint8_t)arg_int(L, -1, 0, s->nseats - 1, "traitor_question: seat");
    opt_field(L, 2, "leaders");
    const char *scope = arg_word(L, -1, "traitor_question: leaders");
    int native = !strcmp(scope, "native_printed");
    if (!native && strcmp(scope, "controlled_now"))
        luaL_error(L, "traitor_question: leaders must be \"native_printed\" or \"controlled_now\", not \"%s\"", scope);
    int pub = 0;
    if (opt_field(L, 2, "public")) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "traitor_question: public must be a boolean");
        pub = lua_toboolean(L, -1);
    }
    int yes = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        if (s->custody.zone[nx_comp_traitor(l)] != NX_Z_SEAT(seat, NX_ZS_TRAITORS)) continue;
        /* One's leaders: the faction's printed ones wherever they are, or
         * those in one's pool now (captives included). */
        yes |= native ? (int)nx_leader_get(l)->faction == s->seats[c->holder].faction
                      : s->custody.zone[nx_comp_leader_disc(l)] == NX_Z_SEAT(c->holder, NX_ZS_LEADERS);
    }
    char note[32];
    nx_fmt(note, sizeof note, "seat%d.holds_my_traitor", (int)seat);
    nx_state_add_told(s, c->holder, c->event ? c->event : nx_state_new_event(s), note, yes, NX_COMP_NONE);
    char who[64], whom[64];
    nx_act_who(s, seat, who, sizeof who);
    nx_act_who(s, c->holder, whom, sizeof whom);
    if (pub) nx_act_log(c->a, "%s says %s: it %s Traitor Card of a leader of %s", who, yes ? "yes" : "no",
                        yes ? "holds a" : "holds no", whom);
    else nx_act_log(c->a, "%s tells %s alone whether it holds a Traitor Card of one of its leaders", who, whom);
    return 0;
}

/* ctx:look_random(zone [, "not_in_battle"]): the engine picks one card of
 * another seat's hidden zone at random (the game's generator) and shows it
 * to the holder alone (a "saw" receipt); with "not_in_battle", the cards
 * that seat played in the battle in hand are left out.  The card stays
 * where it is; the script gets its id, never the rest of the zone. */
static int ctx_look_random(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "looking while checking");
    nx_zone from = resolve_zone(L, c, 2);
    int except_battle = 0;
    if (!lua_isnoneornil(L, 3)) {
        const char *w = arg_word(L, 3, "look_random: filter");
        if (strcmp(w, "not_in_battle")) luaL_error(L, "look_random: unknown filter '%s' (not_in_battle)", w);
        except_battle = 1;
    }
    int owner = nx_zone_seat(from);
    if (owner < 0 || owner == c->holder) luaL_error(L, "look_random: looks into another seat's zone");
    nx_state *s = c->a->s;
    nx_comp v[NX_COMP_COUNT], used[3];
    int n = nx_custody_list(&s->custody, from, v, NX_COMP_COUNT), side = nx_battle_side(s, (uint8_t)owner);
    int nused = except_battle && side >= 0 ? nx_battle_played(s, side, used) : 0;
    if (except_battle && side < 0) luaL_error(L, "look_random: seat %d is not in the battle in hand", owner);
    int k = 0;
    for (int i = 0; i < n; i++) {
        int out = 0;
        for (int j = 0; j < nused; j++) out |= v[i] == used[j];
        if (!out) v[k++] = v[i];
    }
    if (k == 0) luaL_error(L, "look_random: %s holds no card to look at", nx_zone_title(from));
    nx_comp seen = v[nx_rng_below(&s->rng, (uint32_t)k)];
    nx_state_add_receipt(s, c->holder, NX_RCPT_SAW, c->event ? c->event : nx_state_new_event(s), &seen, 1);
    char who[64], whom[64];
    static const char *const kinds[NX_ZS_COUNT] = { "Nexus card", "Traitor Cards", "Traitor offer", "revealed cards",
                                                    "leaders", "Treachery Cards", "storm card" };
    nx_act_log(c->a, "%s looks at one of the %s of %s, chosen at random", nx_act_who(s, c->holder, who, sizeof who),
               kinds[nx_zone_kind(from)], nx_act_who(s, (uint8_t)owner, whom, sizeof whom));
    lua_pushstring(L, nx_comp_id(seen));
    return 1;
}

static const char *const plan_elements[] = { "leader", "weapon", "defense", "dial" };

/* One plan element of a combatant whose plan is in: its card, or the dial
 * (in half points).  Raises when there is no such plan now. */
static void plan_element(lua_State *L, const nx_state *s, uint8_t of, int elem, nx_comp *card, int *value)
{
    int side = nx_battle_side(s, of);
    if (side < 0) luaL_error(L, "disclose: seat %d is not fighting a battle now", (int)of);
    if (!(s->play.battle_planned & (1u << side))) luaL_error(L, "disclose: seat %d has not made its battle plan yet", (int)of);
    const nx_play *p = &s->play;
    *card = NX_COMP_NONE;
    *value = NX_RECEIPT_NO_VALUE;
    if (elem == 0) *card = p->battle_leader[side];
    else if (elem == 1) *card = p->battle_weapon[side];
    else if (elem == 2) *card = p->battle_defence[side];
    else *value = p->battle_dial[side];
}

static int read_element(lua_State *L, int idx)
{
    const char *e = arg_word(L, idx, "disclose: element");
    for (int i = 0; i < 4; i++)
        if (!strcmp(plan_elements[i], e)) return i;
    return luaL_error(L, "disclose: unknown element '%s' (leader, weapon, defense, dial)", e);
}

/* ctx:disclose{to=seat, card=id | zone=name | element=, of=seat | fact=, value=bool, public=bool}:
 * show one seat a card, a zone, a plan element or a yes/no fact, kept as
 * that seat's private receipt.  The script learns nothing it could not see:
 * a zone or an element is read by the engine. */
static int ctx_disclose(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "disclosing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "to", "card", "zone", "element", "of", "fact", "value", "public", NULL };
    only_keys(L, 2, keys, "disclose");
    nx_state *s = c->a->s;
    opt_field(L, 2, "to");
    uint8_t to = (uint8_t)arg_int(L, -1, 0, s->nseats - 1, "disclose: to");
    int pub = 1;
    if (opt_field(L, 2, "public")) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "disclose: public must be a boolean");
        pub = lua_toboolean(L, -1);
    }
    int has_card = opt_field(L, 2, "card"), has_zone = opt_field(L, 2, "zone"), has_elem = opt_field(L, 2, "element"),
        has_fact = opt_field(L, 2, "fact");
    int top = lua_gettop(L);
    if (has_card + has_zone + has_elem + has_fact != 1)
        luaL_error(L, "disclose: give exactly one of card, zone, element, fact");
    char who[64], what[96], note[32];
    nx_act_who(s, to, who, sizeof who);
    uint32_t ev = c->event ? c->event : nx_state_new_event(s);
    if (has_card) {
        const char *id = nx_luaval_name(L, top - 3, "disclose: card");
        nx_comp comp = nx_comp_parse(id);
        if (comp == NX_COMP_NONE) luaL_error(L, "disclose: unknown card '%s'", id);
        if (!holder_sees(c, s->custody.zone[comp])) luaL_error(L, "disclose: the holder cannot see %s", id);
        nx_state_add_receipt(s, to, NX_RCPT_SAW, ev, &comp, 1);
        nx_fmt(what, sizeof what, "a card");
    } else if (has_zone) {
        nx_zone z = resolve_zone(L, c, top - 2);
        nx_comp v[NX_RECEIPT_CARDS];
        if (nx_custody_count(&s->custody, z) > NX_RECEIPT_CARDS)
            luaL_error(L, "disclose: a zone of more than %d cards", NX_RECEIPT_CARDS);
        int n = nx_custody_list(&s->custody, z, v, NX_RECEIPT_CARDS);
        nx_state_add_receipt(s, to, NX_RCPT_SAW, ev, v, n);
        nx_fmt(what, sizeof what, "the cards of %s", nx_zone_title(z));
    } else if (has_elem) {
        int elem = read_element(L, top - 1);
        if (!opt_field(L, 2, "of")) luaL_error(L, "disclose: an element names whose plan (of = seat)");
        uint8_t of = (uint8_t)arg_int(L, -1, 0, s->nseats - 1, "disclose: of");
        nx_comp card;
        int value;
        plan_element(L, s, of, elem, &card, &value);
        nx_fmt(note, sizeof note, "seat%d.%s", (int)of, plan_elements[elem]);
        nx_state_add_told(s, to, ev, note, value, card);
        char whose[64];
        nx_fmt(what, sizeof what, "the %s of %s's battle plan", plan_elements[elem], nx_act_who(s, of, whose, sizeof whose));
    } else {
        const char *fact = nx_luaval_name(L, top, "disclose: fact");
        if (strlen(fact) >= sizeof note) luaL_error(L, "disclose: a fact's name is at most %d bytes", (int)sizeof note - 1);
        nx_fmt(note, sizeof note, "%s", fact);
        if (!opt_field(L, 2, "value") || !lua_isboolean(L, -1)) luaL_error(L, "disclose: a fact's value is a boolean");
        nx_state_add_told(s, to, ev, note, lua_toboolean(L, -1), NX_COMP_NONE);
        nx_fmt(what, sizeof what, "whether %s", note);
    }
    if (pub) nx_act_log(c->a, "%s: %s is shown %s", c->panel->id, who, what);
    return 0;
}

/* ctx:take_random(from, to): the engine takes one card at random (the
 * game's generator) from another seat's zone into the holder's zone of
 * the same kind; the script gets its id (the holder now sees it), never
 * the rest of the zone. */
static int ctx_take_random(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "taking while checking");
    nx_zone from = resolve_zone(L, c, 2), to = resolve_zone(L, c, 3);
    if (nx_zone_seat(from) < 0 || nx_zone_seat(from) == c->holder)
        luaL_error(L, "take_random: takes from another seat's zone");
    if (nx_zone_seat(to) != c->holder || nx_zone_kind(to) != nx_zone_kind(from))
        luaL_error(L, "take_random: takes into the holder's zone of the same kind");
    nx_state *s = c->a->s;
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, from, v, NX_COMP_COUNT);
    if (n == 0) luaL_error(L, "take_random: %s is empty", nx_zone_title(from));
    nx_comp taken = v[nx_rng_below(&s->rng, (uint32_t)n)];
    nx_custody_move(&s->custody, taken, to);
    nx_state_add_receipt(s, c->holder, NX_RCPT_DREW, c->event ? c->event : nx_state_new_event(s), &taken, 1);
    char who[64], whom[64];
    nx_act_log(c->a, "%s takes a card at random from %s of %s", nx_act_who(s, c->holder, who, sizeof who),
               nx_zone_title(from), nx_act_who(s, (uint8_t)nx_zone_seat(from), whom, sizeof whom));
    lua_pushstring(L, nx_comp_id(taken));
    return 1;
}

/* ---- spice and forces: through the engine's own checks -------------------------------- */

/* A seat number or "bank" (NX_SPICE_BANK). */
static int read_party(lua_State *L, int idx, const nx_state *s, const char *what)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *w = arg_word(L, idx, what);
        if (strcmp(w, "bank")) luaL_error(L, "%s: a seat number or \"bank\", not \"%s\"", what, w);
        return NX_SPICE_BANK;
    }
    return (int)arg_int(L, idx, 0, s->nseats - 1, what);
}

static const char *party_name(const nx_state *s, int party, char *buf, size_t len)
{
    if (party == NX_SPICE_BANK) return nx_fmt(buf, len, "the Spice Bank"), buf;
    return nx_act_who(s, party, buf, len);
}

/* ctx:spice{from=, to=, amount=, up_to=bool}: one transfer through
 * nx_spice_transfer (it refuses what the payer cannot pay, and the play
 * with it).  up_to pays what the payer has, at most amount; returns the
 * amount paid. */
static int ctx_spice(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "moving spice while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "from", "to", "amount", "up_to", NULL };
    only_keys(L, 2, keys, "spice");
    nx_state *s = c->a->s;
    if (!opt_field(L, 2, "from") || !opt_field(L, 2, "to") || !opt_field(L, 2, "amount"))
        luaL_error(L, "spice: give from, to and amount");
    int from = read_party(L, -3, s, "spice: from"), to = read_party(L, -2, s, "spice: to");
    int amount = (int)arg_int(L, -1, 0, INT16_MAX, "spice: amount");
    int up_to = 0;
    if (opt_field(L, 2, "up_to")) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "spice: up_to must be a boolean");
        up_to = lua_toboolean(L, -1);
    }
    if (from == to) luaL_error(L, "spice: from and to are the same");
    if (up_to && from != NX_SPICE_BANK && nx_spice_of(s, from) < amount) amount = nx_spice_of(s, from);
    char reason[48];
    nx_clip(reason, sizeof reason, "%s", c->panel->id);
    if (nx_spice_transfer(c->a, from, to, amount, reason)) {
        c->a->failed_late = 0;   /* the script's error below fails the play */
        luaL_error(L, "spice: %s", c->a->err);
    }
    char w1[64], w2[64];
    nx_act_log(c->a, "%s: %s pays %d spice to %s", c->panel->id, party_name(s, from, w1, sizeof w1), amount,
               party_name(s, to, w2, sizeof w2));
    lua_pushinteger(L, amount);
    return 1;
}

/* A force place: "reserves", "tanks" or a section id. */
static int read_place(lua_State *L, int idx, const char *what)
{
    const char *w = arg_word(L, idx, what);
    if (!strcmp(w, "reserves")) return NX_PLACE_RESERVES;
    if (!strcmp(w, "tanks")) return NX_PLACE_TANKS;
    int sec = nx_map_section_parse(w);
    if (sec < 0) luaL_error(L, "%s: \"%s\" is not reserves, tanks or a section id", what, w);
    return NX_PLACE_BOARD(sec);
}

static const char *place_name(int place, char *buf, size_t len)
{
    if (place == NX_PLACE_RESERVES) return "reserves";
    if (place == NX_PLACE_TANKS) return "the Tleilaxu Tanks";
    return nx_move_section_label(place - NX_PLACE_BOARD(0), buf, len);
}

/* May forces of `seat` arrive on `place` (the board's rules of entry)? */
static void check_arrival(lua_State *L, const nx_state *s, uint8_t seat, int place)
{
    if (place < NX_PLACE_BOARD(0)) return;
    int sec = place - NX_PLACE_BOARD(0), t = nx_map_section_territory(sec);
    if (nx_board_section_in_storm(s, sec)) luaL_error(L, "forces: %s is in the storm", nx_map_section_id(sec));
    if (nx_move_stronghold_full(s, seat, t))
        luaL_error(L, "forces: two other factions already hold %s", nx_map_territory_id(t));
}

/* ctx:forces{seat=, from=, to=, count=, elite=}: move counters of a seat
 * between its reserves, the Tanks and the board; the board's entry rules
 * (storm, stronghold occupancy) hold, and nothing moves that is not there. */
static int ctx_forces(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "moving forces while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "seat", "from", "to", "count", "elite", NULL };
    only_keys(L, 2, keys, "forces");
    nx_state *s = c->a->s;
    uint8_t seat = c->holder;
    if (opt_field(L, 2, "seat")) seat = (uint8_t)arg_int(L, -1, 0, s->nseats - 1, "forces: seat");
    if (!opt_field(L, 2, "from") || !opt_field(L, 2, "to")) luaL_error(L, "forces: give from and to");
    int from = read_place(L, -2, "forces: from"), to = read_place(L, -1, "forces: to");
    int n[NX_FORCE_KINDS] = { 0, 0 };
    if (opt_field(L, 2, "count")) n[NX_FORCE_NORMAL] = (int)arg_int(L, -1, 0, 40, "forces: count");
    if (opt_field(L, 2, "elite")) n[NX_FORCE_ELITE] = (int)arg_int(L, -1, 0, 40, "forces: elite");
    if (from == to) luaL_error(L, "forces: from and to are the same place");
    if (n[0] + n[1] < 1) luaL_error(L, "forces: move at least one counter");
    char w1[64], w2[64], who[64];
    for (int k = 0; k < NX_FORCE_KINDS; k++)
        if (s->seats[seat].forces[from][k] < n[k])
            luaL_error(L, "forces: %s has %d %s counters in %s, not %d", nx_act_who(s, seat, who, sizeof who),
                       s->seats[seat].forces[from][k], k ? "elite" : "ordinary", place_name(from, w1, sizeof w1), n[k]);
    check_arrival(L, s, seat, to);
    if (from >= NX_PLACE_BOARD(0) && to == NX_PLACE_TANKS) {
        nx_board_kill(s, seat, from - NX_PLACE_BOARD(0), n[NX_FORCE_NORMAL], n[NX_FORCE_ELITE]);
    } else {
        for (int k = 0; k < NX_FORCE_KINDS; k++) nx_state_move_forces(s, seat, k, from, to, n[k]);
        nx_move_tidy_advisors(s);
    }
    nx_act_log(c->a, "%s: %d of %s forces go from %s to %s", c->panel->id, n[0] + n[1], nx_act_who(s, seat, who, sizeof who),
               place_name(from, w1, sizeof w1), place_name(to, w2, sizeof w2));
    return 0;
}

/* The call seen by the methods of other files (nx_ctx_pay.c). */
nx_ctx_call nx_ctx_call_of(lua_State *L, const char *what)
{
    nx_ctx *c = what ? check_mutable(L, what) : check_ctx(L);
    return (nx_ctx_call){ .a = c->a, .holder = c->holder, .source = panel_source(c), .event = c->event,
                          .panel_id = c->panel->id };
}

/* ctx:allow{"guild_rates", ...}: terms the holder may use in its own
 * Shipment and Movement turn, as an effect that ends with the phase; the
 * shipment that uses the shipping terms uses them up, and so does the act
 * each other term permits (turn/nx_phase_shipment.c, turn/nx_ship_nexus.c). */

static int ctx_allow(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "allowing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    if (lua_getmetatable(L, 2)) luaL_error(L, "allow: a plain list of words");
    int n = (int)lua_rawlen(L, 2);
    if (n < 1 || n > NX_ALLOW_BITS) luaL_error(L, "allow: name 1 to %d terms", NX_ALLOW_BITS);
    unsigned bits = 0;
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        const char *w = arg_word(L, -1, "allow: term");
        int k = 0;
        while (k < NX_ALLOW_BITS && strcmp(w, allow_ids[k])) k++;
        if (k == NX_ALLOW_BITS)
            luaL_error(L, "allow: unknown term '%s' (guild_rates, cross_ship, ship_back, five_as_one, second_shipment, advisor_flip)", w);
        bits |= 1u << k;
        lua_pop(L, 1);
    }
    const nx_state *s = c->a->s;
    if (s->phase != NX_P_SHIPMENT_MOVEMENT || s->play.mover != c->holder)
        luaL_error(L, "allow: the holder is not making its own Shipment and Movement turn now");
    if (nx_effect_allowed(s, c->holder) & bits) luaL_error(L, "allow: already allowed this turn");
    add_effect(L, c, NX_EFF_ALLOW, NX_END_PHASE, (int)bits);
    char who[64], list[128] = "";
    size_t used = 0;
    for (int k = 0; k < NX_ALLOW_BITS; k++)
        if (bits & (1u << k)) used += (size_t)nx_fmt(list + used, sizeof list - used, "%s%s", used ? ", " : "", allow_ids[k]);
    nx_act_log(c->a, "%s: %s may use %s this turn", c->panel->id, nx_act_who(s, c->holder, who, sizeof who), list);
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
    if (lua_getfield(L, 2, "among") != LUA_TNIL) {
        /* Only these cards of the zone (the panel's own narrowing). */
        luaL_checktype(L, -1, LUA_TTABLE);
        nx_comp among[NX_MAX_OPTIONS];
        int n = read_own_cards(L, c, lua_gettop(L), among, NX_MAX_OPTIONS);
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
static int ctx_ask(lua_State *L)
{
    nx_ctx *c = check_mutable(L, "asking while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    ctx_ask_req *ask = &c->ask;
    if (ask->asked) return luaL_error(L, "ask: a panel step asks at most once");
    static const char *const keys[] = { "prompt", "resume", "save", "kind", "choose_from", "among", "count", "of", "min", "max", NULL };
    only_keys(L, 2, keys, "ask");
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
    if (opt_field(L, 2, "kind")) {
        const char *k = arg_word(L, -1, "ask: kind");
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
        if (opt_field(L, 2, "choose_from")) return luaL_error(L, "ask: choose_from is for cards only");
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
      "What the table knows of a seat: {faction=, ally=, nexus_held=, treachery_held=, moved=} (and spice for the holder)." },
    { "seats", ctx_seats, NULL, "integer", "How many seats the game has." },
    { "forces_in", ctx_forces_in, "territory: string", "table",
      "The forces on the board in a territory, by seat: {[seat] = {normal=, elite=}} (seats with none are absent)." },
    { "effects", ctx_effects, NULL, "table[]",
      "The effects in force, as every view shows them: {{kind=, seat=, scope=, arg=, turn=, battle=, source=, panel=}, ...}." },
    { "shipping", ctx_shipping, NULL, "table|nil",
      "Shipment and Movement as the table sees it: {own_turn=, advanced=, shipped=, moving=, second=, reserves=, on_board=, allowed={term=true}, advisors={{territory=, blocked=reason|nil, accompanied=, storm_locked=}, ...}}, or nil in other phases." },
    { "draw", ctx_draw, "from: string, to: string, n: integer", "string[]", "Draw n cards from a deck into one of the holder's zones." },
    { "shuffle_into", ctx_shuffle_into, "deck: string, cards: string[]", NULL, "Shuffle cards of the holder into a deck." },
    { "ask", ctx_ask, "request: table", NULL,
      "Ask the holder for a choice and return its result: cards {prompt=, choose_from=, among=?, count=, resume=, save=}, or kind = element | territories | seat | number | word with of=, min=, max= (docs/dsl.md)." },
    { "stop", ctx_stop, "advantage: string, scope: string?", NULL,
      "Stop the battle advantage (voice, prescience, sardaukar) whose attempt is being made now: for this battle (\"battle\"), or only this attempt (\"attempt\", prescience). Or stop Fremen worm riding (\"worm_riding\", scope \"turn\") or the Fremen two-territory movement (\"fremen_movement\", scope \"turn\" or \"move\": their next move only)." },
    { "grant", ctx_grant, "advantage: string, scope: string?", NULL,
      "Let the holder use a battle advantage (voice, prescience) once in this battle, at its native step. At a worm occurrence: \"worm_protection\" (the holder's forces are spared by this worm, scope \"worm\", or every worm of the phase, \"phase\"), or \"remote_ride\" (the Fremen ride a group from one desert territory after the native rides)." },
    { "modify", ctx_modify, "modifier: table", NULL,
      "Add a battle modifier: {kind = \"virtual_elite\", count = n, scope = \"battle\"}." },
    { "disclose", ctx_disclose, "disclosure: table", NULL,
      "Show one seat a card, a zone, a plan element or a yes/no fact, kept as its private receipt: {to=seat, card=id | zone=name | element=, of=seat | fact=name, value=bool, public=bool}." },
    { "take_random", ctx_take_random, "from: string, to: string", "string",
      "Take one card at random from another seat's zone into the holder's zone of the same kind; returns its id." },
    { "spice", ctx_spice, "transfer: table", "integer",
      "Move spice through the engine's one transfer: {from=seat|\"bank\", to=seat|\"bank\", amount=n, up_to=bool}; refused if the payer cannot pay (up_to pays what it has); returns the amount paid." },
    { "forces", ctx_forces, "move: table", NULL,
      "Move a seat's counters between reserves, tanks and board sections: {seat=, from=, to=, count=, elite=}, under the board's entry rules (storm, stronghold occupancy)." },
    { "allow", ctx_allow, "terms: string[]", NULL,
      "Let the holder use terms in its own Shipment and Movement turn, until used or the phase ends: guild_rates, cross_ship, ship_back, five_as_one, second_shipment, advisor_flip." },
    { "log", ctx_log, "text: string", NULL, "A public log line, prefixed with the panel id." },
    { "invoice", nx_ctx_invoice, NULL, "table|nil",
      "The newest invoice (a payment quoted, core/nx_invoice.h): {kind=, state=, means=, buyer=, payee=(seat or \"bank\"), price=, lot=, redirected=, item= (the buyer's card, to the buyer), payers={{seat=, share=}} (to its payers)}, or nil." },
    { "invoice_cover", nx_ctx_invoice_cover, "seat: integer, amount: integer", "boolean, string?",
      "Could seat take over `amount` of the due invoice's price, its own share counting first? A yes/no fact; false with \"covered\" (nothing is missing) or \"short\" (it cannot pay what is missing)." },
    { "redirect_invoice", nx_ctx_redirect_invoice, "change: table", NULL,
      "Redirect the due invoice once: {keep = true} (the buyer keeps its spice, nothing is paid) or {cover = {seat=, amount=, partial=}} (seat pays `amount` of the price: its share first, then its own spice; the buyer's share shrinks first)." },
    { "take_invoice", nx_ctx_take_invoice, NULL, NULL,
      "Take the whole payment of the due invoice for the holder, once: its payers pay the holder instead of its payee when it is settled (Spacing Guild Betrayal)." },
    { "discard", ctx_discard, "cards: string[]", NULL, "The holder discards Treachery Cards from its hand, face up." },
    { "grant_revival", nx_ctx_grant_revival, "grant: table", NULL,
      "Inside the holder's revival decision: {forces = n, cost = 0|1, ledger = \"separate\"|\"within_limit\"|\"free_rate\", exact = bool} or {leader = \"ordinary_slot\"|\"extra\", with_forces = bool}; the revive action then names grant_forces/grant_elite/grant_leader." },
    { "tanks", nx_ctx_tanks, NULL, "table",
      "The holder's forces in the Tanks: {normal=, elite=, elite_room= (elite it may still revive this turn), leaders= (its leaders there)}." },
    { "card", ctx_card, "id: string", "table",
      "What the holder may know of a card it can see (its own, or a public one): {id=, name=, worthless=}." },
    { "gain_spice", ctx_gain_spice, "amount: integer", NULL, "The holder takes spice from the bank." },
    { "look_random", ctx_look_random, "zone: string, filter: string?", "string",
      "Show the holder alone one card picked at random from another seat's hidden zone (\"not_in_battle\": not one it played in the battle in hand); the card stays." },
    { "traitor_question", ctx_traitor_question, "question: table", NULL,
      "The engine answers for a seat whether any of the holder's leaders (leaders = \"native_printed\" | \"controlled_now\") is among its Traitor Cards, without saying which: a yes/no receipt of the holder (public = true: also a public line)." },
    { "cancel_call", ctx_cancel_call, NULL, "table",
      "Cancel the traitor call being revealed now: {seat=, card=, leader=}; this step may then move that card (shuffle_into)." },
    { "owe", ctx_owe, "owed: table", NULL,
      "Owe a seat an effect at the next Mentat Pause: {kind = \"traitor_draw\", seat = n, count = k}; it outlives the battle, the turn and the card." },
    { "retain", ctx_retain, "card: string", NULL,
      "Keep a card the holder played in this battle instead of discarding it (never a mandatory discard)." },
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

const char *nx_panel_ctx_suggest(const char *name)
{
    const char *names[128];
    size_t n = 0;
    for (const ctx_method *m = ctx_methods; m->name && n < 128; m++) names[n++] = m->name;
    for (int i = 0; ctx_fields[i].name && n < 128; i++) names[n++] = ctx_fields[i].name;
    return nx_suggest(name, names, n);
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
    const nx_comp *chosen;     /* resume: the answer (cards) */
    int nchosen;
    const nx_ask *ask;         /* resume: the answer to another kind of ask */
    const json_t *values;
    int bot;                   /* a bot hint: push the question (or nothing) after ctx */
    const json_t *question;
    json_t *hint;              /* the hint's answer, plain data */
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
    if (io->bot) {
        if (!io->question) return 1;
        nx_luaval_push_json(L, io->question);
        return 2;
    }
    if (!io->saved) return 1;
    lua_newtable(L); /* answer = { cards = {...} or choice = {...}, <kind> = ..., save = ... } */
    if (io->ask) {
        nx_ask_push_answer(L, io->ask, io->values);
    } else {
        push_ids(L, io->chosen, io->nchosen);
        lua_setfield(L, -2, "cards");
    }
    /* The parsed JSON lives in a box that the collector frees should a
     * Lua error (memory) interrupt the conversion. */
    json_t **box = new_json_box(L);
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

/* bot returns plain data (a boolean, a list of values) or nil. */
static int take_hint(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)e;
    call_io *io = ud;
    int idx = lua_gettop(L) - n + 1;
    if (n < 1 || lua_isnil(L, idx)) return 0;
    nx_luaval_check_data(L, idx, "bot: the answer");
    io->hint = nx_luaval_data_json(L, idx);
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

/* May the panel (or one of its paths, E2) be played inside `own` (E3)? */
static int bound_inside(const nx_panel *p, const nx_pending *own)
{
    if (p->when.event && nx_when_inside_own_act(own, nx_event_parse(p->when.event))) return 1;
    for (size_t i = 0; i < p->npaths; i++)
        if (p->paths[i].has_when && p->paths[i].when.event &&
            nx_when_inside_own_act(own, nx_event_parse(p->paths[i].when.event)))
            return 1;
    return 0;
}

/* `answered`: the holder's window at the event was answered by this play
 * (nx_panel_settle), so the event itself is the moment. */
static int check_timing(nx_act *a, const nx_panel *p, const char *path, const nx_pending *own, int answered)
{
    const nx_when *w = when_of(p, path);
    switch (nx_when_check(w, a->s, own, answered)) {
    case NX_WHEN_FITS: return 0;
    case NX_WHEN_WRONG_PHASE:
        return nx_act_fail(a, "illegal", "%s is played during %s, not %s", p->id,
                           nx_phase_name((int)w->phase), nx_phase_name(a->s->phase));
    case NX_WHEN_NOT_NOW:
        return nx_act_fail(a, "illegal", "%s is played on %s, which is not happening now", p->id, w->event);
    case NX_WHEN_NO_WINDOW: break;
    }
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
    if (c->ask.q.kind != NX_ASK_CARDS) {
        p->min = (int16_t)c->ask.q.min;
        p->max = (int16_t)c->ask.q.max;
    }
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
        if (!bound_inside(p, own))
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

static int resume_with(nx_act *a, const nx_pending *pend, const nx_comp *chosen, int n, const nx_ask *q,
                       const json_t *values)
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
    call_io io = { .ctx = &c, .chosen = chosen, .nchosen = n, .ask = q, .values = values, .saved = saved };
    return run_step(a, &c, resume, &io);
}

/* The question a bot hint gets for a pending panel decision: {resume=,
 * kind=, options = {...}, save=}. */
static json_t *ask_question(const nx_state *s, const nx_pending *p)
{
    nx_ask q;
    int has = nx_ask_of_pending(p, &q);
    json_t *options;
    if (has == 1) {
        options = nx_ask_candidates(&q, s, p->seat);
    } else {
        options = json_array();
        for (int k = 0; k < p->noptions; k++) json_array_append_new(options, json_string(nx_comp_id(p->options[k])));
    }
    json_t *saved = json_loads(p->saved, 0, NULL);
    json_t *save = json_object_get(saved, "save");
    json_t *o = json_pack("{s:s, s:s, s:o, s:O}", "resume", p->resume, "kind",
                          nx_ask_kind_name(has == 1 ? q.kind : NX_ASK_CARDS), "options", options, "save",
                          save ? save : json_null());
    json_decref(saved);
    return o;
}

json_t *nx_panel_bot_hint(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat)
{
    const nx_pending *own = nx_state_pending_of(s, seat);
    const nx_panel *p = NULL;
    if (own && own->kind == NX_PEND_PANEL) {
        p = nx_pack_panel(&rt->pack, own->panel);
    } else {
        nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        if (card != NX_COMP_NONE)
            p = &rt->pack.cards[nx_comp_nexus_faction(card)].panels[nx_lifecycle_mode(s, seat, card)];
    }
    if (!p || !p->implemented || !nx_sandbox_has_function(rt->sandbox, p->id, "bot")) return NULL;
    /* A copy: a hint reads, and its math.random draws from the copy's
     * generator, never the game's. */
    nx_state *copy = nx_xmalloc(sizeof *copy);
    *copy = *s;
    nx_act a = { .s = copy, .rt = rt, .settings = settings, .seat = seat };
    nx_ctx c = { .a = &a, .panel = p, .holder = seat, .readonly = 1 };
    json_t *question = own && own->kind == NX_PEND_PANEL ? ask_question(s, own) : NULL;
    call_io io = { .ctx = &c, .bot = 1, .question = question };
    if (call_panel(&a, &io, "bot", take_hint)) {
        json_decref(io.hint);
        io.hint = NULL;
    }
    json_decref(question);
    free(copy);
    return io.hint;
}

int nx_panel_resume(nx_act *a, const nx_pending *pend, const nx_comp *chosen, int n)
{
    return resume_with(a, pend, chosen, n, NULL, NULL);
}

int nx_panel_answer(nx_act *a, const nx_pending *pend, const json_t *choose)
{
    nx_ask q;
    int has = nx_ask_of_pending(pend, &q);
    if (has < 0) return nx_act_fail(a, "invariant", "the pending decision of %s has an unreadable ask", pend->panel);
    if (!has) return nx_act_fail(a, "invariant", "the pending decision of %s asks for cards", pend->panel);
    char msg[160];
    if (nx_ask_check(&q, a->s, pend->seat, choose, msg, sizeof msg))
        return nx_act_fail(a, json_is_array(choose) ? "illegal" : "malformed", "%s", msg);
    return resume_with(a, pend, NULL, 0, &q, choose);
}
