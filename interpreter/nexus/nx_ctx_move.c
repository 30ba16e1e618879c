/*
 * Spice and forces, moved through the engine's own checks: taking spice
 * from the bank, the one spice transfer, counters between reserves, Tanks
 * and the board.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_text.h"
#include "nx_board.h"
#include "nx_movement.h"
#include "nx_spice.h"

/* ctx:gain_spice(n): the holder takes n spice from the bank. */
int ctx_gain_spice(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "gaining spice while checking");
    int n = (int)nx_ctx_arg_int(L, 2, 1, 99, "gain_spice: amount");
    if (nx_spice_transfer(c->a, NX_SPICE_BANK, c->holder, n, c->panel->id))
        return luaL_error(L, "gain_spice: %s", c->a->err);
    char who[64];
    nx_act_log(c->a, "%s takes %d spice from the bank", nx_act_who(c->a->s, c->holder, who, sizeof who), n);
    return 0;
}

/* ---- spice and forces: through the engine's own checks -------------------------------- */

/* A seat number or "bank" (NX_SPICE_BANK). */
static int read_party(lua_State *L, int idx, const nx_state *s, const char *what)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *w = nx_ctx_arg_word(L, idx, what);
        if (strcmp(w, "bank")) luaL_error(L, "%s: a seat number or \"bank\", not \"%s\"", what, w);
        return NX_SPICE_BANK;
    }
    return (int)nx_ctx_arg_int(L, idx, 0, s->nseats - 1, what);
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
int ctx_spice(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "moving spice while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "from", "to", "amount", "up_to", NULL };
    nx_ctx_only_keys(L, 2, keys, "spice");
    nx_state *s = c->a->s;
    if (!nx_ctx_opt_field(L, 2, "from") || !nx_ctx_opt_field(L, 2, "to") || !nx_ctx_opt_field(L, 2, "amount"))
        luaL_error(L, "spice: give from, to and amount");
    int from = read_party(L, -3, s, "spice: from"), to = read_party(L, -2, s, "spice: to");
    int amount = (int)nx_ctx_arg_int(L, -1, 0, INT16_MAX, "spice: amount");
    int up_to = 0;
    if (nx_ctx_opt_field(L, 2, "up_to")) {
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
    char title[64];
    nx_act_log(c->a, "%s: %s pays %d spice to %s", nx_panel_title(c->panel, title, sizeof title), party_name(s, from, w1, sizeof w1), amount,
               party_name(s, to, w2, sizeof w2));
    lua_pushinteger(L, amount);
    return 1;
}

/* A force place: "reserves", "tanks" or a section id. */
static int read_place(lua_State *L, int idx, const char *what)
{
    const char *w = nx_ctx_arg_word(L, idx, what);
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
int ctx_forces(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "moving forces while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "seat", "from", "to", "count", "elite", NULL };
    nx_ctx_only_keys(L, 2, keys, "forces");
    nx_state *s = c->a->s;
    uint8_t seat = c->holder;
    if (nx_ctx_opt_field(L, 2, "seat")) seat = (uint8_t)nx_ctx_arg_int(L, -1, 0, s->nseats - 1, "forces: seat");
    if (!nx_ctx_opt_field(L, 2, "from") || !nx_ctx_opt_field(L, 2, "to")) luaL_error(L, "forces: give from and to");
    int from = read_place(L, -2, "forces: from"), to = read_place(L, -1, "forces: to");
    int n[NX_FORCE_KINDS] = { 0, 0 };
    if (nx_ctx_opt_field(L, 2, "count")) n[NX_FORCE_NORMAL] = (int)nx_ctx_arg_int(L, -1, 0, 40, "forces: count");
    if (nx_ctx_opt_field(L, 2, "elite")) n[NX_FORCE_ELITE] = (int)nx_ctx_arg_int(L, -1, 0, 40, "forces: elite");
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
    char title[64];
    nx_act_log(c->a, "%s: %d of %s forces go from %s to %s", nx_panel_title(c->panel, title, sizeof title), n[0] + n[1], nx_act_who(s, seat, who, sizeof who),
               place_name(from, w1, sizeof w1), place_name(to, w2, sizeof w2));
    return 0;
}
