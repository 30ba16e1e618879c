/*
 * What a panel may read of the game (read-only ctx methods): zone counts and
 * the cards the holder may see, the game's settings, the event being
 * raised, the battle in hand, the seats, forces on the board, the effects
 * in force, Shipment and Movement as the table sees it.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include "nx_ctx.h"
#include "nx_battle.h"
#include "nx_board.h"
#include "nx_events.h"
#include "nx_luaval.h"
#include "nx_movement.h"
#include "nx_ship_nexus.h"

/* ---- queries (read-only) ------------------------------------------------------- */

int ctx_count(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    lua_pushinteger(L, nx_custody_count(&c->a->s->custody, nx_ctx_zone(L, c, 2)));
    return 1;
}

int ctx_cards(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    nx_zone z = nx_ctx_zone(L, c, 2);
    if (!nx_ctx_holder_sees(c, z)) return nx_sandbox_forbid(L, "reading a zone the holder cannot see");
    nx_comp v[NX_COMP_COUNT];
    nx_ctx_push_ids(L, v, nx_custody_list(&c->a->s->custody, z, v, NX_COMP_COUNT));
    return 1;
}

int ctx_others_deciding(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    int others = 0;
    for (int i = 0; i < c->a->s->npending; i++) others |= c->a->s->pending[i].seat != c->holder;
    lua_pushboolean(L, others);
    return 1;
}

int ctx_setting(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    const char *id = nx_luaval_name(L, 2, "ctx:setting ruling id");
    const nx_ruling *r = nx_rulings_find(&c->a->rt->pack.rulings, id);
    if (!r) return luaL_error(L, "no ruling '%s'", id);
    lua_pushstring(L, nx_settings_get(c->a->settings, r));
    return 1;
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
int ctx_event(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
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
int ctx_battle(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
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
int ctx_seat(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    const nx_state *s = c->a->s;
    uint8_t seat = (uint8_t)nx_ctx_arg_int(L, 2, 0, s->nseats - 1, "seat");
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

/* ctx:forces_in(territory): the forces on the board there, by seat (public). */
int ctx_forces_in(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
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
int ctx_effects(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    /* The array lives in a box the collector frees should a memory error
     * interrupt the conversion (as the saved values do, push_ctx). */
    json_t **box = nx_ctx_json_box(L);
    *box = nx_effects_view(c->a->s);
    nx_luaval_push_json(L, *box);
    json_decref(*box);
    *box = NULL;
    lua_remove(L, -2);
    return 1;
}

int ctx_seats(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    lua_pushinteger(L, c->a->s->nseats);
    return 1;
}

const char *const nx_ctx_allow_ids[NX_ALLOW_BITS] = { "guild_rates", "cross_ship", "ship_back",
                                                      "five_as_one", "second_shipment", "advisor_flip" };

static void set_bool(lua_State *L, const char *key, int v)
{
    lua_pushboolean(L, v != 0);
    lua_setfield(L, -2, key);
}

/* ctx:shipping(): nil outside Shipment and Movement; else the holder's
 * turn as the table sees it (all public). */
int ctx_shipping(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
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
        if (allowed & (1u << k)) set_bool(L, nx_ctx_allow_ids[k], 1);
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
