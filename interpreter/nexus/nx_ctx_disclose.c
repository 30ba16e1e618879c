/*
 * Disclosure and hidden zones: the engine answers a question about
 * Traitor Cards, shows one seat a card, zone, plan element or fact as its
 * private receipt, looks at or takes a card at random from a hidden zone.
 * They are listed in nx_panel_ctx.c's one method table.
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_text.h"
#include "nx_battle.h"
#include "nx_luaval.h"

/* ---- disclosure and hidden zones ---------------------------------------------------- */

/* ctx:traitor_question{seat=, leaders="native_printed"|"controlled_now", public=bool}:
 * the engine answers, for `seat`, whether any of the holder's leaders is
 * among that seat's Traitor Cards, without saying which: a yes/no "told"
 * receipt of the holder (and a public line with the answer when public).
 * The script never learns the answer. */
int ctx_traitor_question(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "asking while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "seat", "leaders", "public", NULL };
    nx_ctx_only_keys(L, 2, keys, "traitor_question");
    nx_state *s = c->a->s;
    nx_ctx_opt_field(L, 2, "seat");
    uint8_t seat = (uint8_t)nx_ctx_arg_int(L, -1, 0, s->nseats - 1, "traitor_question: seat");
    nx_ctx_opt_field(L, 2, "leaders");
    const char *scope = nx_ctx_arg_word(L, -1, "traitor_question: leaders");
    int native = !strcmp(scope, "native_printed");
    if (!native && strcmp(scope, "controlled_now"))
        luaL_error(L, "traitor_question: leaders must be \"native_printed\" or \"controlled_now\", not \"%s\"", scope);
    int pub = 0;
    if (nx_ctx_opt_field(L, 2, "public")) {
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
int ctx_look_random(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "looking while checking");
    nx_zone from = nx_ctx_zone(L, c, 2);
    int except_battle = 0;
    if (!lua_isnoneornil(L, 3)) {
        const char *w = nx_ctx_arg_word(L, 3, "look_random: filter");
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
    const char *e = nx_ctx_arg_word(L, idx, "disclose: element");
    for (int i = 0; i < 4; i++)
        if (!strcmp(plan_elements[i], e)) return i;
    return luaL_error(L, "disclose: unknown element '%s' (leader, weapon, defense, dial)", e);
}

/* ctx:disclose{to=seat, card=id | zone=name | element=, of=seat | fact=, value=bool, public=bool}:
 * show one seat a card, a zone, a plan element or a yes/no fact, kept as
 * that seat's private receipt.  The script learns nothing it could not see:
 * a zone or an element is read by the engine. */
int ctx_disclose(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "disclosing while checking");
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = { "to", "card", "zone", "element", "of", "fact", "value", "public", NULL };
    nx_ctx_only_keys(L, 2, keys, "disclose");
    nx_state *s = c->a->s;
    nx_ctx_opt_field(L, 2, "to");
    uint8_t to = (uint8_t)nx_ctx_arg_int(L, -1, 0, s->nseats - 1, "disclose: to");
    int pub = 1;
    if (nx_ctx_opt_field(L, 2, "public")) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "disclose: public must be a boolean");
        pub = lua_toboolean(L, -1);
    }
    int has_card = nx_ctx_opt_field(L, 2, "card"), has_zone = nx_ctx_opt_field(L, 2, "zone"), has_elem = nx_ctx_opt_field(L, 2, "element"),
        has_fact = nx_ctx_opt_field(L, 2, "fact");
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
        if (!nx_ctx_holder_sees(c, s->custody.zone[comp])) luaL_error(L, "disclose: the holder cannot see %s", id);
        nx_state_add_receipt(s, to, NX_RCPT_SAW, ev, &comp, 1);
        nx_fmt(what, sizeof what, "a card");
    } else if (has_zone) {
        nx_zone z = nx_ctx_zone(L, c, top - 2);
        nx_comp v[NX_RECEIPT_CARDS];
        if (nx_custody_count(&s->custody, z) > NX_RECEIPT_CARDS)
            luaL_error(L, "disclose: a zone of more than %d cards", NX_RECEIPT_CARDS);
        int n = nx_custody_list(&s->custody, z, v, NX_RECEIPT_CARDS);
        nx_state_add_receipt(s, to, NX_RCPT_SAW, ev, v, n);
        nx_fmt(what, sizeof what, "the cards of %s", nx_zone_title(z));
    } else if (has_elem) {
        int elem = read_element(L, top - 1);
        if (!nx_ctx_opt_field(L, 2, "of")) luaL_error(L, "disclose: an element names whose plan (of = seat)");
        uint8_t of = (uint8_t)nx_ctx_arg_int(L, -1, 0, s->nseats - 1, "disclose: of");
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
        if (!nx_ctx_opt_field(L, 2, "value") || !lua_isboolean(L, -1)) luaL_error(L, "disclose: a fact's value is a boolean");
        nx_state_add_told(s, to, ev, note, lua_toboolean(L, -1), NX_COMP_NONE);
        nx_fmt(what, sizeof what, "whether %s", note);
    }
    char title[64];
    if (pub) nx_act_log(c->a, "%s: %s is shown %s", nx_panel_title(c->panel, title, sizeof title), who, what);
    return 0;
}

/* ctx:take_random(from, to): the engine takes one card at random (the
 * game's generator) from another seat's zone into the holder's zone of
 * the same kind; the script gets its id (the holder now sees it), never
 * the rest of the zone. */
int ctx_take_random(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "taking while checking");
    nx_zone from = nx_ctx_zone(L, c, 2), to = nx_ctx_zone(L, c, 3);
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
