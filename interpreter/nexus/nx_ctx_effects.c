/*
 * Effects a panel puts in force (core/nx_effects.h): stopping an
 * advantage, granting one, a battle modifier, the terms the holder may use
 * in its own Shipment and Movement turn.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_text.h"
#include "nx_battle.h"
#include "nx_worm.h"

/* ---- effects: stop, grant, modify ------------------------------------------------- */

void nx_ctx_add_effect(lua_State *L, nx_ctx *c, nx_effect_kind kind, nx_effect_end end, int arg)
{
    nx_effect e = { .kind = kind, .seat = c->holder, .source = nx_ctx_source(c), .end = end, .arg = (uint8_t)arg };
    if (nx_effect_add(c->a->s, &e) < 0) luaL_error(L, "the effect store is full (%d effects)", NX_MAX_EFFECTS);
}

static int read_adv(lua_State *L, int arg)
{
    const char *id = nx_ctx_arg_word(L, arg, "advantage");
    int adv = nx_battle_adv_parse(id);
    if (adv == NX_ADV_NONE)
        luaL_error(L, "unknown advantage '%s' (kwisatz_haderach, voice, prescience, sardaukar, fremen, capture)", id);
    return adv;
}

/* Worm riding, the Fremen movement, a remote ride, a worm's protection:
 * not battle advantages; the worm module checks and records them. */

/* The terms as the log says them, in nx_ctx_allow_ids' order (the ids are
 * the scripts' words). */
static const char *const allow_words[NX_ALLOW_BITS] = {
    "Guild rates", "cross-shipping", "shipping back", "up to five forces shipped at the price of one",
    "a second shipment", "flipping advisors to fighters",
};

static int worm_request(lua_State *L, nx_ctx *c, int grant)
{
    const char *what = nx_ctx_arg_word(L, 2, grant ? "grant: what" : "stop: what");
    const char *scope = lua_isnoneornil(L, 3) ? NULL : nx_ctx_arg_word(L, 3, grant ? "grant: scope" : "stop: scope");
    uint8_t src = nx_ctx_source(c);
    const char *why = grant ? nx_worm_grant(c->a, c->holder, src, what, scope) : nx_worm_stop(c->a, c->holder, src, what, scope);
    if (why) luaL_error(L, "%s: %s: %s", grant ? "grant" : "stop", what, why);
    return 0;
}

/* ctx:stop(advantage [, scope]): stop the advantage whose attempt the
 * response window answers: for this battle ("battle", the default), or
 * only this attempt ("attempt": Prescience may be tried again). */
int ctx_stop(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "stopping while checking");
    if (lua_type(L, 2) == LUA_TSTRING && nx_worm_word(lua_tostring(L, 2))) return worm_request(L, c, 0);
    int adv = read_adv(L, 2);
    int attempt = 0;
    if (!lua_isnoneornil(L, 3)) {
        const char *scope = nx_ctx_arg_word(L, 3, "stop: scope");
        if (!strcmp(scope, "attempt")) attempt = 1;
        else if (strcmp(scope, "battle")) luaL_error(L, "stop: scope must be \"battle\" or \"attempt\", not \"%s\"", scope);
    }
    int ev = nx_battle_adv_event(adv);
    if (!ev || c->a->s->play.event_now != ev) luaL_error(L, "stop: no attempt of %s is being made now", lua_tostring(L, 2));
    if (nx_battle_stop(c->a, adv, c->holder, attempt))
        luaL_error(L, "stop: %s cannot be stopped%s", lua_tostring(L, 2), attempt ? " attempt by attempt" : " again");
    nx_ctx_add_effect(L, c, NX_EFF_STOP, attempt ? NX_END_ATTEMPT : NX_END_BATTLE, adv);
    return 0;
}

/* ctx:grant(advantage): the holder may use a battle advantage once, in
 * this battle, at its native step (a Secret Ally's borrowed Voice or
 * Prescience; Atreides Cunning's second look). */
int ctx_grant(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "granting while checking");
    if (lua_type(L, 2) == LUA_TSTRING && nx_worm_word(lua_tostring(L, 2))) return worm_request(L, c, 1);
    int adv = read_adv(L, 2);
    if (adv != NX_ADV_VOICE && adv != NX_ADV_PRESCIENCE) luaL_error(L, "grant: only voice or prescience can be granted");
    if (nx_battle_side(c->a->s, c->holder) < 0) luaL_error(L, "grant: the holder is not fighting a battle now");
    if (nx_effect_find(c->a->s, NX_EFF_GRANT, NX_NO_SEAT, adv) >= 0) luaL_error(L, "grant: %s is already granted", lua_tostring(L, 2));
    nx_ctx_add_effect(L, c, NX_EFF_GRANT, NX_END_BATTLE, adv);
    char who[64];
    nx_act_log(c->a, "%s may use %s once in this battle", nx_act_who(c->a->s, c->holder, who, sizeof who), lua_tostring(L, 2));
    return 0;
}

/* ctx:modify{kind = "virtual_elite", count = n, scope = "battle"}: n of
 * the holder's ordinary forces in the battle count as elite (Emperor
 * Cunning).  No counter changes: a battle modifier (DESIGN principle 1). */
int ctx_modify(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "modifying while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "kind", "count", "scope", NULL };
    nx_ctx_only_keys(L, 2, keys, "modify");
    nx_ctx_opt_field(L, 2, "kind");
    const char *kind = nx_ctx_arg_word(L, -1, "modify: kind");
    if (strcmp(kind, "virtual_elite")) luaL_error(L, "modify: unknown kind '%s' (virtual_elite)", kind);
    nx_ctx_opt_field(L, 2, "count");
    int count = (int)nx_ctx_arg_int(L, -1, 1, 20, "modify: count");
    int end = NX_END_BATTLE;
    if (nx_ctx_opt_field(L, 2, "scope")) {
        end = nx_effect_end_parse(nx_ctx_arg_word(L, -1, "modify: scope"));
        if (end != NX_END_BATTLE) luaL_error(L, "modify: virtual_elite lasts for the battle (scope \"battle\")");
    }
    const nx_state *s = c->a->s;
    if (nx_battle_side(s, c->holder) < 0) luaL_error(L, "modify: the holder is not fighting a battle now");
    int have[NX_FORCE_KINDS];
    nx_battle_fighters(s, c->holder, have);
    if (count > have[NX_FORCE_NORMAL])
        luaL_error(L, "modify: the holder has %d ordinary forces in the battle, not %d", have[NX_FORCE_NORMAL], count);
    if (nx_effect_find(s, NX_EFF_VIRTUAL_ELITE, c->holder, -1) >= 0) luaL_error(L, "modify: already modified in this battle");
    nx_ctx_add_effect(L, c, NX_EFF_VIRTUAL_ELITE, (nx_effect_end)end, count);
    char who[64];
    char title[64];
    nx_act_log(c->a, "%s: %d of %s forces in %s count as Sardaukar for this battle", nx_panel_title(c->panel, title, sizeof title), count,
               nx_act_who(s, c->holder, who, sizeof who), nx_map_territory_name(s->play.battle_t));
    return 0;
}


/* ctx:allow{"guild_rates", ...}: terms the holder may use in its own
 * Shipment and Movement turn, as an effect that ends with the phase; the
 * shipment that uses the shipping terms uses them up, and so does the act
 * each other term permits (turn/nx_phase_shipment.c, turn/nx_ship_nexus.c). */

int ctx_allow(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "allowing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    if (lua_getmetatable(L, 2)) luaL_error(L, "allow: a plain list of words");
    int n = (int)lua_rawlen(L, 2);
    if (n < 1 || n > NX_ALLOW_BITS) luaL_error(L, "allow: name 1 to %d terms", NX_ALLOW_BITS);
    unsigned bits = 0;
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        const char *w = nx_ctx_arg_word(L, -1, "allow: term");
        int k = 0;
        while (k < NX_ALLOW_BITS && strcmp(w, nx_ctx_allow_ids[k])) k++;
        if (k == NX_ALLOW_BITS)
            luaL_error(L, "allow: unknown term '%s' (guild_rates, cross_ship, ship_back, five_as_one, second_shipment, advisor_flip)", w);
        bits |= 1u << k;
        lua_pop(L, 1);
    }
    const nx_state *s = c->a->s;
    if (s->phase != NX_P_SHIPMENT_MOVEMENT || s->play.mover != c->holder)
        luaL_error(L, "allow: the holder is not making its own Shipment and Movement turn now");
    if (nx_effect_allowed(s, c->holder) & bits) luaL_error(L, "allow: already allowed this turn");
    nx_ctx_add_effect(L, c, NX_EFF_ALLOW, NX_END_PHASE, (int)bits);
    char who[64], list[128] = "";
    size_t used = 0;
    for (int k = 0; k < NX_ALLOW_BITS; k++)
        if (bits & (1u << k)) used += (size_t)nx_fmt(list + used, sizeof list - used, "%s%s", used ? ", " : "", allow_words[k]);
    char title[64];
    nx_act_log(c->a, "%s: %s may use %s this turn", nx_panel_title(c->panel, title, sizeof title), nx_act_who(s, c->holder, who, sizeof who), list);
    return 0;
}
