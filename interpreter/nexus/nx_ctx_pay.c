#include "nx_ctx_pay.h"

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "nx_effects.h"
#include "nx_invoice.h"
#include "nx_luaval.h"
#include "nx_module.h"
#include "nx_revival.h"
#include "nx_spice.h"
#include "nx_text.h"
#include "nx_words.h"

/* ---- reading the invoice ------------------------------------------------------ */

/* The newest invoice of any kind: slots fill from the lowest and a phase
 * quotes one payment at a time, so the last slot in use is the one the
 * current moment concerns. */
static int newest_invoice(const nx_state *s)
{
    int found = -1;
    for (int i = 0; i < NX_MAX_INVOICES; i++)
        if (s->play.inv_kind[i] != NX_INV_NONE) found = i;
    return found;
}

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

/* ctx:invoice(): what the holder may see of the newest invoice, as the
 * view shows it (nx_invoices_view): the card to its buyer, the split to
 * its payers. */
int nx_ctx_invoice(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, NULL);
    const nx_state *s = c.a->s;
    int i = newest_invoice(s);
    if (i < 0) {
        lua_pushnil(L);
        return 1;
    }
    json_t *all = nx_invoices_view(s, c.holder);
    json_t *mine = NULL;
    /* The view lists the slots in use in order: the newest is the last. */
    mine = json_array_get(all, json_array_size(all) - 1);
    lua_newtable(L);
    const char *key;
    json_t *v;
    json_object_foreach(mine, key, v) {
        if (json_is_string(v)) lua_pushstring(L, json_string_value(v));
        else if (json_is_integer(v)) lua_pushinteger(L, (lua_Integer)json_integer_value(v));
        else if (json_is_boolean(v)) lua_pushboolean(L, json_is_true(v));
        else if (json_is_array(v)) {
            lua_createtable(L, (int)json_array_size(v), 0);
            for (size_t k = 0; k < json_array_size(v); k++) {
                json_t *e = json_array_get(v, k);
                if (json_is_string(e)) {    /* terms: a list of words */
                    lua_pushstring(L, json_string_value(e));
                    lua_rawseti(L, -2, (lua_Integer)k + 1);
                    continue;
                }
                lua_createtable(L, 0, 2);
                set_int(L, "seat", json_integer_value(json_object_get(e, "seat")));
                set_int(L, "share", json_integer_value(json_object_get(e, "share")));
                lua_rawseti(L, -2, (lua_Integer)k + 1);
            }
        } else continue;
        lua_setfield(L, -2, key);
    }
    json_decref(all);
    return 1;
}

/* ---- covering a price ------------------------------------------------------------ */

static int due_invoice(lua_State *L, const nx_state *s)
{
    int i = newest_invoice(s);
    if (i < 0 || s->play.inv_status[i] != NX_INV_DUE) luaL_error(L, "no payment is due now");
    return i;
}

static int share_of(const nx_state *s, int i, uint8_t seat)
{
    int n = 0;
    for (int k = 0; k < NX_INVOICE_PAYERS; k++)
        if (s->play.inv_payer[i * NX_INVOICE_PAYERS + k] == seat) n += s->play.inv_share[i * NX_INVOICE_PAYERS + k];
    return n;
}

/* How much `seat` would still have to pay to cover `amount` of invoice i:
 * its share counts first (aid it already committed). */
static int missing_for(const nx_state *s, int i, uint8_t seat, int amount)
{
    int m = amount - share_of(s, i, seat);
    return m > 0 ? m : 0;
}

/* Can `seat` pay `amount` in all toward invoice i?  Its committed share is
 * part of the amount but has not moved yet (nothing moves before the
 * settlement), so its spice must hold the whole amount, not only the
 * missing part. */
static int can_pay(const nx_state *s, uint8_t seat, int amount) { return nx_spice_of(s, seat) >= amount; }

/* ctx:invoice_cover(seat, amount) -> ok, why: a yes/no fact the holder
 * learns (002: a fully funded or underfunded opportunity keeps the card).
 * It says nothing of the seat's spice beyond that.  An amount above the
 * price asks whether the seat could pay that much in all, its share of
 * the price included (a larger forced payment whose excess the panel
 * sends elsewhere: Emperor Betrayal under holder_names_amount). */
int nx_ctx_invoice_cover(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, NULL);
    const nx_state *s = c.a->s;
    uint8_t seat = (uint8_t)nx_luaval_integer(L, 2, "invoice_cover: seat", 0, s->nseats - 1);
    int i = due_invoice(L, s);
    int amount = (int)nx_luaval_integer(L, 3, "invoice_cover: amount", 0, INT16_MAX);
    if (s->play.inv_means[i] != NX_INV_SPICE || amount == 0) {
        lua_pushboolean(L, 0);
        lua_pushstring(L, "covered");
        return 2;
    }
    int missing = missing_for(s, i, seat, amount);
    if (!missing) {
        lua_pushboolean(L, 0);
        lua_pushstring(L, "covered");
        return 2;
    }
    if (!can_pay(s, seat, amount)) {
        lua_pushboolean(L, 0);
        lua_pushstring(L, "short");
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_pushnil(L);
    return 2;
}

/* The shares after `seat` covers `amount`: other helpers keep their aid,
 * the buyer pays what is left (nothing, when the price is covered). */
static void cover_shares(const nx_state *s, int i, uint8_t seat, int amount, uint8_t *payer, uint8_t *share)
{
    const uint8_t *op = &s->play.inv_payer[i * NX_INVOICE_PAYERS], *os = &s->play.inv_share[i * NX_INVOICE_PAYERS];
    uint8_t buyer = s->play.inv_buyer[i];
    int rest = s->play.inv_price[i] - amount, k = 0;
    memset(payer, NX_NO_SEAT, NX_INVOICE_PAYERS);
    memset(share, 0, NX_INVOICE_PAYERS);
    payer[k] = seat, share[k++] = (uint8_t)amount;
    for (int j = 0; j < NX_INVOICE_PAYERS && rest > 0; j++) {
        if (op[j] == NX_NO_SEAT || op[j] == seat || op[j] == buyer || !os[j]) continue;
        int take = os[j] < rest ? os[j] : rest;
        payer[k] = op[j], share[k++] = (uint8_t)take;
        rest -= take;
    }
    if (rest > 0 && buyer != seat) payer[k] = buyer, share[k] = (uint8_t)rest;
}

static int redirect_cover(lua_State *L, nx_ctx_call *c, int i, char *msg, size_t len)
{
    nx_state *s = c->a->s;
    lua_getfield(L, 2, "cover");
    luaL_checktype(L, -1, LUA_TTABLE);
    int t = lua_gettop(L);
    lua_getfield(L, t, "seat");
    uint8_t seat = (uint8_t)nx_luaval_integer(L, -1, "redirect_invoice: cover.seat", 0, s->nseats - 1);
    lua_getfield(L, t, "amount");
    int amount = (int)nx_luaval_integer(L, -1, "redirect_invoice: cover.amount", 1, s->play.inv_price[i]);
    lua_getfield(L, t, "partial");
    int partial = lua_toboolean(L, -1);
    lua_pop(L, 4);
    if (s->play.inv_means[i] != NX_INV_SPICE) luaL_error(L, "redirect_invoice: this payment is not made in spice");
    int missing = missing_for(s, i, seat, amount);
    if (!missing) luaL_error(L, "redirect_invoice: seat %d already covers %d of the price", seat, amount);
    if (!can_pay(s, seat, amount)) {
        if (!partial) luaL_error(L, "redirect_invoice: seat %d cannot pay the %d still missing", seat, missing);
        amount = nx_spice_of(s, seat);   /* all it has, its committed share included */
        if (!missing_for(s, i, seat, amount)) luaL_error(L, "redirect_invoice: seat %d has nothing to add to its share", seat);
    }
    uint8_t payer[NX_INVOICE_PAYERS], share[NX_INVOICE_PAYERS];
    cover_shares(s, i, seat, amount, payer, share);
    return nx_invoice_redirect(s, i, payer, share, NX_INV_SPICE, c->source, msg, len);
}

/* ctx:redirect_invoice{keep = true} | {cover = {seat=, amount=, partial=}} */
int nx_ctx_redirect_invoice(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, "redirecting a payment while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    nx_state *s = c.a->s;
    int i = due_invoice(L, s);
    char msg[160];
    lua_getfield(L, 2, "keep");
    int keep = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 2, "cover");
    int cover = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (keep == cover) return luaL_error(L, "redirect_invoice: give exactly one of keep and cover");
    int rc;
    if (keep) {
        uint8_t none[NX_INVOICE_PAYERS] = { NX_NO_SEAT, NX_NO_SEAT, NX_NO_SEAT }, zero[NX_INVOICE_PAYERS] = { 0 };
        if (s->play.inv_means[i] != NX_INV_SPICE) return luaL_error(L, "redirect_invoice: this payment is not made in spice");
        rc = nx_invoice_redirect(s, i, none, zero, NX_INV_KEPT, c.source, msg, sizeof msg);
    } else {
        rc = redirect_cover(L, &c, i, msg, sizeof msg);
    }
    if (rc) return luaL_error(L, "redirect_invoice: %s", msg);
    return 0;
}

/* ctx:take_invoice(): the holder takes the whole payment of the due
 * invoice, once (Spacing Guild Betrayal): its payers pay the holder
 * instead of the payee when the engine settles it.  Public: the table
 * sees who takes what from whom. */
int nx_ctx_take_invoice(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, "taking a payment while checking");
    nx_state *s = c.a->s;
    int i = due_invoice(L, s);
    uint8_t payee = s->play.inv_payee[i];
    char msg[160];
    if (nx_invoice_take(s, i, c.holder, c.source, msg, sizeof msg)) return luaL_error(L, "take_invoice: %s", msg);
    char who[64], buyer[64], from[64];
    nx_act_who(s, c.holder, who, sizeof who);
    nx_act_who(s, s->play.inv_buyer[i], buyer, sizeof buyer);
    if (payee == NX_INV_BANK) nx_fmt(from, sizeof from, "the Spice Bank");
    else nx_act_who(s, payee, from, sizeof from);
    nx_act_log(c.a, "%s takes the whole payment of %s's %s, %d spice owed to %s", who, buyer,
               nx_invoice_kind_id((nx_invoice_kind)s->play.inv_kind[i]), s->play.inv_price[i], from);
    return 0;
}

/* ---- discarding a Treachery Card -------------------------------------------------- */

/* ctx:discard(cards): the holder's Treachery Cards go face up to the
 * discard pile; the table sees which (a discard is public). */
int nx_ctx_discard(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, "discarding while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    nx_state *s = c.a->s;
    int n = (int)lua_rawlen(L, 2);
    if (n < 1 || n > NX_RECEIPT_CARDS) return luaL_error(L, "discard: 1 to %d cards", NX_RECEIPT_CARDS);
    nx_comp cards[NX_RECEIPT_CARDS];
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 2, i + 1);
        const char *id = nx_luaval_name(L, -1, "discard: card id");
        nx_comp comp = nx_comp_parse(id);
        if (comp == NX_COMP_NONE || s->custody.zone[comp] != NX_Z_SEAT(c.holder, NX_ZS_TREACHERY))
            return luaL_error(L, "discard: %s is not a Treachery Card in the holder's hand", id);
        for (int k = 0; k < i; k++)
            if (cards[k] == comp) return luaL_error(L, "discard: %s is listed twice", id);
        cards[i] = comp;
        lua_pop(L, 1);
    }
    char who[64];
    nx_act_who(s, c.holder, who, sizeof who);
    for (int i = 0; i < n; i++) {
        nx_custody_move(&s->custody, cards[i], NX_Z_TREACHERY_DISCARD);
        nx_act_log(c.a, "%s discards the %s", who, nx_comp_name(cards[i]));
    }
    return 0;
}

/* ---- a revival grant ---------------------------------------------------------------- */

static const char *const ledgers[NX_GRANT_LEDGER_COUNT] = { "separate", "within_limit", "free_rate" };

/* ctx:grant_revival{forces=, cost=, ledger=, exact=} | {leader=}: an
 * allowance of the holder's own revival decision, which stays open (E3);
 * the revive action spends it (interpreter/turn/nx_phase_revival.c). */
int nx_ctx_grant_revival(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, "granting while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    nx_state *s = c.a->s;
    if (s->phase != NX_P_REVIVAL || !nx_pending_find(s, c.holder, NX_PEND_REVIVAL))
        return luaL_error(L, "grant_revival: only inside the holder's own revival decision");
    nx_effect e = { .seat = c.holder, .source = c.source, .end = NX_END_PHASE };
    char text[96];
    lua_getfield(L, 2, "leader");
    if (!lua_isnil(L, -1)) {
        const char *slot = nx_luaval_name(L, -1, "grant_revival: leader");
        int extra = !strcmp(slot, "extra");
        if (!extra && strcmp(slot, "ordinary_slot")) return luaL_error(L, "grant_revival: leader is ordinary_slot or extra");
        if (nx_effect_find(s, NX_EFF_LEADER_GRANT, c.holder, -1) >= 0) return luaL_error(L, "grant_revival: a leader is already granted");
        lua_getfield(L, 2, "with_forces");
        int together = lua_toboolean(L, -1);
        lua_pop(L, 1);
        e.kind = NX_EFF_LEADER_GRANT;
        e.arg = (uint8_t)((extra ? NX_GRANT_LEADER_EXTRA : NX_GRANT_LEADER_ORDINARY_SLOT) | (together ? NX_GRANT_LEADER_WITH_FORCES : 0));
        nx_fmt(text, sizeof text, "one leader free%s", extra ? ", beyond the turn's leader revival" : "");
    } else {
        lua_getfield(L, 2, "forces");
        int forces = (int)nx_luaval_integer(L, -1, "grant_revival: forces", 1, 7);
        lua_getfield(L, 2, "cost");
        int cost = lua_isnil(L, -1) ? 0 : (int)nx_luaval_integer(L, -1, "grant_revival: cost", 0, 1);
        lua_getfield(L, 2, "ledger");
        const char *ledger = lua_isnil(L, -1) ? "separate" : nx_luaval_name(L, -1, "grant_revival: ledger");
        lua_getfield(L, 2, "exact");
        int exact = lua_toboolean(L, -1);
        int lg = 0;
        while (lg < NX_GRANT_LEDGER_COUNT && strcmp(ledgers[lg], ledger)) lg++;
        if (lg == NX_GRANT_LEDGER_COUNT) return luaL_error(L, "grant_revival: ledger is separate, within_limit or free_rate");
        if (nx_effect_find(s, NX_EFF_REVIVAL_GRANT, c.holder, -1) >= 0) return luaL_error(L, "grant_revival: forces are already granted");
        e.kind = NX_EFF_REVIVAL_GRANT;
        e.arg = NX_GRANT_ARG(forces, cost, lg, exact);
        nx_fmt(text, sizeof text, "%s%d force%s %s%s", exact ? "exactly " : "up to ", forces, nx_plural(forces, "", "s"),
               cost ? "at 1 spice each" : "free", lg == NX_GRANT_SEPARATE ? ", beyond the revival limits" : "");
    }
    lua_pop(L, 1);
    if (nx_effect_add(s, &e) < 0) return luaL_error(L, "the effect store is full (%d effects)", NX_MAX_EFFECTS);
    char who[64];
    nx_act_log(c.a, "%s may revive %s this Revival", nx_act_who(s, c.holder, who, sizeof who), text);
    return 0;
}

/* ctx:tanks(): the holder's forces in the Tanks (public) and how many
 * elite of them it may still revive this turn. */
int nx_ctx_tanks(lua_State *L)
{
    nx_ctx_call c = nx_ctx_call_of(L, NULL);
    const nx_state *s = c.a->s;
    lua_createtable(L, 0, 3);
    set_int(L, "normal", s->seats[c.holder].forces[NX_PLACE_TANKS][NX_FORCE_NORMAL]);
    set_int(L, "elite", s->seats[c.holder].forces[NX_PLACE_TANKS][NX_FORCE_ELITE]);
    set_int(L, "elite_room", nx_revival_elite_room(s, c.holder));
    int leaders = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        leaders += nx_leader_get(l)->faction == s->seats[c.holder].faction && s->custody.zone[nx_comp_leader_disc(l)] == NX_Z_TANKS;
    set_int(L, "leaders", leaders);
    return 1;
}
