/*
 * The holder's cards: drawing from a deck, shuffling cards into one, what
 * the holder may know of a card it sees, discarding from its hand.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include "nx_ctx.h"
#include "nx_battle.h"
#include "nx_luaval.h"

/* ---- custody moves ------------------------------------------------------------- */

int ctx_draw(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "drawing while checking");
    nx_zone from = nx_ctx_zone(L, c, 2), to = nx_ctx_zone(L, c, 3);
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
    nx_ctx_push_ids(L, drawn, (int)n);
    return 1;
}

int ctx_shuffle_into(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "returning cards while checking");
    nx_zone deck = nx_ctx_zone(L, c, 2);
    if (!nx_zone_ordered(deck) || nx_zone_seat(deck) >= 0) return luaL_error(L, "can only shuffle into a deck");
    nx_comp cards[NX_RECEIPT_CARDS];
    int n = nx_ctx_own_cards(L, c, 3, cards, NX_RECEIPT_CARDS);
    nx_state *s = c->a->s;
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, cards[i], deck);
    nx_custody_shuffle(&s->custody, deck, &s->rng);
    nx_state_add_receipt(s, c->holder, NX_RCPT_RETURNED, c->event, cards, n);
    char who[64];
    nx_act_log(c->a, "%s shuffles %d card%s into %s", nx_act_who(s, c->holder, who, sizeof who), n,
               n == 1 ? "" : "s", nx_zone_title(deck));
    return 0;
}

/* ctx:card(id): what the holder may know of a card it can see (its own,
 * or one in a public zone): {id=, name=, worthless=}. */
int ctx_card(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    const char *id = nx_luaval_name(L, 2, "card: id");
    nx_comp comp = nx_comp_parse(id);
    if (comp == NX_COMP_NONE) return luaL_error(L, "card: unknown component '%s'", id);
    if (!nx_ctx_holder_sees(c, c->a->s->custody.zone[comp])) return nx_sandbox_forbid(L, "reading a card the holder cannot see");
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
int ctx_discard(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "discarding while checking");
    nx_comp cards[NX_MAX_OPTIONS];
    int n = nx_ctx_own_cards(L, c, 2, cards, NX_MAX_OPTIONS);
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
