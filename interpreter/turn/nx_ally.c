/*
 * Alliance powers that answer no decision (docs/rules/alliances.md).
 *
 * The Emperor may give its ally spice at any time, for any reason; the
 * spice goes behind the ally's shield and is the ally's (LV 2.03
 * Alliance; turn.md 2.2, 2.4).  "At any time" is read literally: in every
 * phase, whoever's decision is pending, until the game is over (nx_game
 * refuses every action then).  No procedure runs for it, so this module
 * has none; the settle loop after the action finds the same decisions
 * pending as before.
 *
 * The gift is logged with its amount: handing spice across the table is
 * a visible act, the ability carries no "secretly", and every other
 * movement of spice between players (payments for cards and shipments,
 * bribes in front of a shield) is public too.
 *
 * One limit: spice the Emperor has committed as support in its own sealed
 * battle plan is no longer its to give until the battle is resolved
 * (docs/rules/battle.md 13.13, docs/rules/alliances.md); a gift of more
 * than the rest is refused.
 *
 * The other alliance powers live with the decision they change: ally
 * payments in Bidding and Shipment, the Emperor's extra revivals in
 * Revival, the ally rule at the end of a Shipment and Movement turn.
 */
#include <stdint.h>

#include "nx_invoice.h"
#include "nx_play.h"
#include "nx_spice.h"
#include "nx_turn.h"

/* Support spice `seat` has committed in a sealed battle plan and not yet
 * paid: its plan is in and the battle in hand has no winner yet (the
 * resolution pays support and names the winner in the same step; a
 * battle that ends with no winner is cleared before anyone acts again). */
static int committed_support(const nx_state *s, uint8_t seat)
{
    int side = nx_play_battle_side(s, seat);
    if (side < 0 || !(s->play.battle_planned & (1u << side)) || s->play.battle_winner != NX_NO_SEAT) return 0;
    return s->play.battle_support[side];
}

/* Spice that is no longer the seat's to give: support in its sealed plan,
 * and its shares of a shipment whose payment is due after the
 * post-shipment window (core/nx_invoice.h). */
static int committed(const nx_state *s, uint8_t seat)
{
    return committed_support(s, seat) + nx_invoice_committed(s, seat, NX_INV_SHIPMENT);
}

static int act_give_spice(nx_act *a)
{
    int amount;
    if (nx_arg_keys(a, NX_KEYS("amount")) || nx_arg_int(a, "amount", 1, INT16_MAX, &amount)) return -1;
    nx_state *s = a->s;
    const nx_seat *me = &s->seats[a->seat];
    if (me->faction != NX_EMPEROR)
        return nx_act_fail(a, "illegal", "only the Emperor may give spice to its ally (allies may not otherwise give each other spice)");
    if (me->ally == NX_NO_SEAT) return nx_act_fail(a, "illegal", "the Emperor has no ally to give spice to");
    if (amount > me->spice) return nx_act_fail(a, "illegal", "the Emperor has only %d spice", me->spice);
    int held = committed(s, (uint8_t)a->seat);
    if (held && amount > me->spice - held)
        return nx_act_fail(a, "illegal", "the Emperor has committed %d of its %d spice (support in its battle plan, a shipment's due payment); it may give at most %d",
                           held, me->spice, me->spice - held > 0 ? me->spice - held : 0);
    if (s->seats[me->ally].spice > INT16_MAX - amount) return nx_act_fail(a, "illegal", "the ally cannot hold %d more spice", amount);
    if (nx_spice_transfer(a, a->seat, me->ally, amount, "the Emperor's gift to its ally")) return -1;
    char who[64], to[64];
    nx_act_log(a, "%s gives %d spice to its ally %s", nx_act_who(s, a->seat, who, sizeof who), amount,
               nx_act_who(s, me->ally, to, sizeof to));
    return 0;
}

/*
 * A bribe (FAQ "How is a bribe paid?"; LV glossary): spice a player hands
 * another, placed in front of the recipient's shield, where everyone sees
 * it; the recipient adds it to its spice only at the start of the Mentat
 * Pause (nx_phase_mentat.c).  No bribe is made during the Mentat Pause.
 * What the bribe buys is a spoken deal, which the engine does not hold.
 */
static int act_bribe(nx_act *a)
{
    int amount, to;
    if (nx_arg_keys(a, NX_KEYS("to", "amount")) || nx_arg_int(a, "amount", 1, INT16_MAX, &amount) ||
        nx_arg_int(a, "to", 0, a->s->nseats - 1, &to))
        return -1;
    nx_state *s = a->s;
    if (to == a->seat) return nx_act_fail(a, "illegal", "a player cannot bribe itself");
    if (s->phase == NX_P_SETUP || s->phase == NX_P_MENTAT_PAUSE)
        return nx_act_fail(a, "illegal", "no bribe is made during setup or the Mentat Pause");
    const nx_seat *me = &s->seats[a->seat];
    int free_spice = me->spice - committed(s, (uint8_t)a->seat);
    if (amount > free_spice)
        return nx_act_fail(a, "illegal", "you have only %d spice to give (support committed in a battle plan, a shipment's due payment excluded)",
                           free_spice > 0 ? free_spice : 0);
    if (s->seats[to].bribes > INT16_MAX - amount) return nx_act_fail(a, "illegal", "no room for %d more spice", amount);
    if (nx_spice_bribe(a, a->seat, to, amount)) return -1;
    char who[64], whom[64];
    nx_act_log(a, "%s places %d spice in front of the shield of %s as a bribe", nx_act_who(s, a->seat, who, sizeof who),
               amount, nx_act_who(s, (uint8_t)to, whom, sizeof whom));
    return 0;
}

static const nx_act_entry ally_actions[] = {
    { "give_spice", act_give_spice, 0 },
    { "bribe", act_bribe, 0 },
    { NULL, NULL, 0 },
};

const nx_module nx_mod_ally = { "ally", -1, NULL, ally_actions, NULL };
