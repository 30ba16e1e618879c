/*
 * The battle's traitor calls and after: cancelling the call being
 * revealed, an effect owed at the next Mentat Pause, keeping a played
 * card.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_battle.h"
#include "nx_events.h"
#include "nx_luaval.h"

/* ---- traitor calls, owed effects, after the battle ------------------------------- */

/* ctx:cancel_call(): cancel the traitor call revealed now (the event's
 * user), bound to the identity it revealed; its Traitor Card stays in the
 * caller's hand, and this step may move it (shuffle_into).  Returns
 * {seat=, card=, leader=}. */
int ctx_cancel_call(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "cancelling while checking");
    nx_state *s = c->a->s;
    if (s->play.event_now != NX_EV_TRAITOR_REVEALED || s->play.event_user == NX_NO_SEAT)
        return luaL_error(L, "cancel_call: no traitor is being revealed now");
    if (nx_effect_find(s, NX_EFF_CANCELLED, NX_NO_SEAT, -1) >= 0) return luaL_error(L, "cancel_call: a call is already cancelled");
    uint8_t caller = s->play.event_user;
    nx_comp card;
    if (nx_battle_cancel_call(c->a, caller, &card)) return luaL_error(L, "cancel_call: seat %d made no call to cancel", caller);
    if (c->nreleased == (int)(sizeof c->released / sizeof c->released[0])) return luaL_error(L, "cancel_call: too many cards bound");
    c->released[c->nreleased++] = card;
    nx_ctx_add_effect(L, c, NX_EFF_CANCELLED, NX_END_BATTLE, card);
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
int ctx_owe(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "owing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "kind", "seat", "count", NULL };
    nx_ctx_only_keys(L, 2, keys, "owe");
    nx_ctx_opt_field(L, 2, "kind");
    const char *kind = nx_ctx_arg_word(L, -1, "owe: kind");
    if (strcmp(kind, "traitor_draw")) luaL_error(L, "owe: unknown kind '%s' (traitor_draw)", kind);
    nx_ctx_opt_field(L, 2, "seat");
    uint8_t seat = (uint8_t)nx_ctx_arg_int(L, -1, 0, c->a->s->nseats - 1, "owe: seat");
    nx_ctx_opt_field(L, 2, "count");
    int count = (int)nx_ctx_arg_int(L, -1, 1, NX_RECEIPT_CARDS, "owe: count");
    nx_effect e = { .kind = NX_EFF_OWED_DRAW, .seat = seat, .source = nx_ctx_source(c), .end = NX_END_MENTAT,
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
int ctx_retain(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "retaining while checking");
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
    nx_ctx_add_effect(L, c, NX_EFF_RETAINED, NX_END_BATTLE, card);
    return 0;
}
