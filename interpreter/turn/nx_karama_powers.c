/*
 * The Advanced once-a-game faction Karama powers (LV 1.13 "One time
 * ultimate", LV 1.14; docs/rules/karama.md).  A seat spends a Karama card
 * (never a worthless card: the Bene Gesserit's power is to use those as
 * Karama, nx_adv_windows.c) to use its faction's power once in the game:
 *
 *  - Emperor, in the Revival phase: revive up to three of its forces, or
 *    one of its leaders, free ("karama_power" with "forces"/"elite" or
 *    "leader"); on top of the turn's revival, as a Tleilaxu Ghola; one
 *    elite a turn still (FAQ-N p.2); which leader: turn.karama_emperor_leader.
 *  - Harkonnen, in the Bidding phase: take another player's entire hand
 *    ("karama_power" with "target"), then give that player as many cards
 *    back, chosen from its whole hand (the NX_PEND_KARAMA_GIVE decision,
 *    "give_back" with "cards").
 *
 *  - Atreides, in the Battle phase: look at one combatant's entire battle
 *    plan ("karama_power" with "target"), once that plan is in and before
 *    the plans are revealed; private receipts for the Atreides only.
 *
 *  - Fremen, in the Spice Blow and Nexus phase after turn 1: place the
 *    worm that has just appeared in any sand territory ("karama_power"
 *    with "territory"), answering the offer the Spice Blow opens at a
 *    blow's first worm (nx_phase_spice_blow.c; it causes the Nexus a
 *    Shai-Hulud causes).
 *
 *  - Spacing Guild, in the Shipment and Movement phase: cancel one
 *    off-planet shipment of another player, held before it lands while
 *    the Guild alone answers its window (NX_ADVO_GUILD_POWER,
 *    nx_phase_shipment.c); "karama_power" with no argument answers it.  A power is played as any Karama, at a moment its holder
 * chooses (not as an answer to a decision), and never while a Karama
 * window is open.  play.karama_power_used records the spent powers.
 */
#include <string.h>

#include "nx_adv_windows.h"
#include "nx_board.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_text.h"
#include "nx_words.h"
#include "nx_worm.h"

#define EMPEROR_FORCES 3

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

/* The Karama card the seat would spend (a real one), or NX_COMP_NONE. */
static nx_comp real_karama(const nx_state *s, uint8_t seat) { return nx_move_card_in_hand(s, seat, NX_TR_KARAMA); }

/* Why the seat may not use its power now, or NULL. */
/* when NULL: the caller asks only whether (a bot's candidate), and the
 * phase's reason is not formatted. */
static const char *power_refusal(const nx_state *s, uint8_t seat, nx_faction f, int phase, const char *when)
{
    static char why[96];
    if (!(s->options & NX_OPT_ADVANCED)) return "the faction Karama powers belong to the Advanced game";
    if (s->seats[seat].faction != f) return "this is not your faction's Karama power";
    if (s->play.karama_power_used & bit(seat)) return "your faction's Karama power is used once a game, and you used it";
    if (s->phase != phase) {
        if (!when) return "this power is used in another phase";
        nx_fmt(why, sizeof why, "this power is used during the %s", when);
        return why;
    }
    if (s->play.advw || s->play.karama_window || s->play.karama_give) return "a Karama is being answered: wait until it is settled";
    if (real_karama(s, seat) == NX_COMP_NONE) return "you hold no Karama card";
    return NULL;
}

static void spend(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    nx_custody_move(&s->custody, real_karama(s, seat), NX_Z_TREACHERY_DISCARD);
    s->play.karama_power_used |= bit(seat);
}

/* ---- Emperor ------------------------------------------------------------------------------ */

static int emperor_leader_ok(const nx_state *s, int l)
{
    if (nx_leader_get(l)->faction != NX_EMPEROR || s->custody.zone[nx_comp_leader_disc(l)] != NX_Z_TANKS) return 0;
    return s->play.rule[NX_RULE_KARAMA_EMPEROR_LEADER] == NX_RS_TURN_KARAMA_EMPEROR_LEADER_ANY_IN_TANKS || nx_board_leader_revivable(s, l);
}

static int emperor_problem(const nx_state *s, uint8_t seat, int leader, int forces, int elite, char *why, size_t len)
{
    const char *r = power_refusal(s, seat, NX_EMPEROR, NX_P_REVIVAL, why ? "Revival phase" : NULL);
    if (r) return nx_move_refuse(why, len, "%s", r);
    if ((leader >= 0) == (forces + elite > 0))
        return nx_move_refuse(why, len, "the Emperor's Karama revives one leader or 1 to %d forces, not both", EMPEROR_FORCES);
    if (leader >= 0 && !emperor_leader_ok(s, leader))
        return nx_move_refuse(why, len, "%s is not a leader of yours the power may revive (turn.karama_emperor_leader)",
                              nx_leader_get(leader)->name);
    if (forces + elite > EMPEROR_FORCES) return nx_move_refuse(why, len, "the Emperor's Karama revives at most %d forces", EMPEROR_FORCES);
    const nx_seat *st = &s->seats[seat];
    if (forces > st->forces[NX_PLACE_TANKS][NX_FORCE_NORMAL] || elite > st->forces[NX_PLACE_TANKS][NX_FORCE_ELITE])
        return nx_move_refuse(why, len, "the Tanks do not hold that many of your forces");
    if (elite && (elite > 1 || (s->play.revived_elite & bit(seat))))
        return nx_move_refuse(why, len, "only one Sardaukar may be revived a turn");
    return 0;
}

static int act_emperor(nx_act *a, uint8_t seat)
{
    int leader = -1, forces, elite;
    json_t *l = json_object_get(a->action, "leader");
    if (nx_arg_keys(a, NX_KEYS("leader", "forces", "elite")) || nx_arg_int_opt(a, "forces", 0, EMPEROR_FORCES, 0, &forces) ||
        nx_arg_int_opt(a, "elite", 0, EMPEROR_FORCES, 0, &elite))
        return -1;
    if (l) {
        nx_comp c = json_is_string(l) ? nx_comp_parse(json_string_value(l)) : NX_COMP_NONE;
        if (c == NX_COMP_NONE || nx_comp_kind_of(c) != NX_COMP_LEADER)
            return nx_act_fail(a, "malformed", "\"leader\" must name a leader (\"leader:bashar\")");
        leader = nx_comp_leader(c);
    }
    char why[200], who[64];
    nx_state *s = a->s;
    if (emperor_problem(s, seat, leader, forces, elite, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    spend(a, seat);
    nx_act_who(s, seat, who, sizeof who);
    if (leader >= 0) {
        nx_custody_move(&s->custody, nx_comp_leader_disc(leader), NX_Z_SEAT(seat, NX_ZS_LEADERS));
        nx_act_log(a, "%s plays Karama for its faction's power: %s is revived free", who, nx_leader_get(leader)->name);
        return 0;
    }
    nx_state_move_forces(s, seat, NX_FORCE_NORMAL, NX_PLACE_TANKS, NX_PLACE_RESERVES, forces);
    nx_state_move_forces(s, seat, NX_FORCE_ELITE, NX_PLACE_TANKS, NX_PLACE_RESERVES, elite);
    if (elite) s->play.revived_elite |= bit(seat);
    char n[48];
    nx_act_log(a, "%s plays Karama for its faction's power: %s revived free", who, nx_move_forces_label(forces, elite, n, sizeof n));
    return 0;
}

/* ---- Harkonnen ------------------------------------------------------------------------------ */

static int act_harkonnen(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    int target;
    if (nx_arg_keys(a, NX_KEYS("target")) || nx_arg_int(a, "target", 0, s->nseats - 1, &target)) return -1;
    const char *r = power_refusal(s, seat, NX_HARKONNEN, NX_P_BIDDING, "Bidding phase");
    if (r) return nx_act_fail(a, "illegal", "%s", r);
    if (target == seat) return nx_act_fail(a, "illegal", "the power takes another player's hand");
    nx_comp taken[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of((uint8_t)target), taken, NX_COMP_COUNT);
    if (!n) return nx_act_fail(a, "illegal", "seat %d holds no Treachery Card", target);
    spend(a, seat);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, taken[i], hand_of(seat));
    uint32_t event = nx_state_new_event(s);
    nx_state_add_receipt(s, seat, NX_RCPT_DREW, event, taken, n);
    nx_state_add_receipt(s, (uint8_t)target, NX_RCPT_RETURNED, event, taken, n);
    s->play.karama_give = (uint8_t)n;
    s->play.karama_give_to = (uint8_t)target;
    nx_comp hand[NX_COMP_COUNT];
    int h = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    nx_pending *p = nx_state_add_pending(s, NX_PEND_KARAMA_GIVE, seat);
    p->event = event;
    p->count = (uint8_t)n;
    p->noptions = (uint8_t)h;
    memcpy(p->options, hand, (size_t)h * sizeof hand[0]);
    p->private_options = 1;
    char who[64], tw[64];
    nx_fmt(p->prompt, sizeof p->prompt, "Give %d card%s back to %s", n, nx_plural(n, "", "s"), nx_act_who(s, (uint8_t)target, tw, sizeof tw));
    nx_act_log(a, "%s plays Karama for its faction's power: it takes the %d card%s of %s", nx_act_who(s, seat, who, sizeof who), n,
               nx_plural(n, "", "s"), tw);
    return 0;
}

static int act_give_back(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_KARAMA_GIVE);
    if (!p || nx_arg_keys(a, NX_KEYS("cards"))) return -1;
    json_t *cards = json_object_get(a->action, "cards");
    if (!json_is_array(cards) || json_array_size(cards) != p->count)
        return nx_act_fail(a, "malformed", "\"cards\" must list exactly %d of your cards", p->count);
    nx_comp give[NX_MAX_OPTIONS];
    for (size_t i = 0; i < p->count; i++) {
        const char *id = json_string_value(json_array_get(cards, i));
        nx_comp c = id ? nx_comp_parse(id) : NX_COMP_NONE;
        int offered = 0;
        for (int k = 0; k < p->noptions; k++) offered |= p->options[k] == c;
        for (size_t k = 0; k < i; k++) offered &= give[k] != c;
        if (c == NX_COMP_NONE || !offered) return nx_act_fail(a, "illegal", "cards[%zu] is not a card of your hand not yet named", i);
        give[i] = c;
    }
    nx_state *s = a->s;
    uint8_t seat = p->seat, target = s->play.karama_give_to;
    int n = p->count;
    nx_state_remove_pending(s, p);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, give[i], hand_of(target));
    uint32_t event = nx_state_new_event(s);
    nx_state_add_receipt(s, target, NX_RCPT_DREW, event, give, n);
    nx_state_add_receipt(s, seat, NX_RCPT_RETURNED, event, give, n);
    s->play.karama_give = 0;
    s->play.karama_give_to = NX_NO_SEAT;
    char who[64], tw[64];
    nx_act_log(a, "%s gives %d card%s back to %s", nx_act_who(s, seat, who, sizeof who), n, nx_plural(n, "", "s"),
               nx_act_who(s, target, tw, sizeof tw));
    return 0;
}

/* Bots give back their least useful cards: worthless first, then by a
 * card's slot in a battle plan (specials kept longest). */
static int keep_value(nx_comp c)
{
    nx_treachery_card t = nx_treachery_copy_card(c - nx_comp_treachery(0));
    if (nx_treachery_is_worthless(t)) return 0;
    if (t == NX_TR_KARAMA) return 3;
    return nx_treachery_default_slot(t) == NX_TR_SLOT_NONE ? 2 : 1;
}

static void give_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    nx_comp order[NX_MAX_OPTIONS];
    int n = p->noptions;
    memcpy(order, p->options, (size_t)n * sizeof order[0]);
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && keep_value(order[k]) < keep_value(order[k - 1]); k--) {
            nx_comp t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    json_t *cards = json_array();
    for (int i = 0; i < p->count; i++) json_array_append_new(cards, json_string(nx_comp_id(order[i])));
    nx_moves_add(out, 10, json_pack("{s:s, s:o}", "type", "give_back", "cards", cards));
}

/* ---- Atreides ------------------------------------------------------------------------------ */

static const char *const plan_notes[] = { "leader", "weapon", "defense" };

/* Why the Atreides may not look at the target's plan now (0 when it may).
 * The plan is whole once its owner made it (battle_planned) and stays
 * secret until both are revealed (battle_shown): the look fits between,
 * so a combatant Atreides may look before it makes its own plan. */
static int atreides_problem(const nx_state *s, uint8_t seat, int target, char *why, size_t len)
{
    const char *r = power_refusal(s, seat, NX_ATREIDES, NX_P_BATTLE, why ? "Battle phase" : NULL);
    if (r) return nx_move_refuse(why, len, "%s", r);
    if (target == seat) return nx_move_refuse(why, len, "the power looks at another player's battle plan");
    int side = nx_play_battle_side(s, (uint8_t)target);
    if (side < 0) return nx_move_refuse(why, len, "seat %d is not fighting the battle in hand", target);
    if (s->play.battle_shown) return nx_move_refuse(why, len, "the battle plans are already revealed");
    if (!(s->play.battle_planned & (1u << side))) return nx_move_refuse(why, len, "seat %d has not made its battle plan yet", target);
    return 0;
}

/* The whole plan as the Atreides' receipts (one event): the leader or
 * Cheap Hero, weapon and defense cards, the dial (half points), the spice
 * support and the Kwisatz Haderach, each a "told" receipt named
 * "seatN.<element>" as a disclosed plan element is (nx_ctx_disclose.c). */
static void tell_plan(nx_state *s, uint8_t seat, uint8_t target, int side)
{
    const nx_play *p = &s->play;
    uint32_t event = nx_state_new_event(s);
    const uint8_t *slots[] = { p->battle_leader, p->battle_weapon, p->battle_defence };
    char note[32];
    for (int e = 0; e < 3; e++) {
        nx_fmt(note, sizeof note, "seat%d.%s", target, plan_notes[e]);
        nx_state_add_told(s, seat, event, note, NX_RECEIPT_NO_VALUE, slots[e][side]);
    }
    nx_fmt(note, sizeof note, "seat%d.dial", target);
    nx_state_add_told(s, seat, event, note, p->battle_dial[side], NX_COMP_NONE);
    nx_fmt(note, sizeof note, "seat%d.spice", target);
    nx_state_add_told(s, seat, event, note, p->battle_support[side], NX_COMP_NONE);
    nx_fmt(note, sizeof note, "seat%d.kwisatz_haderach", target);
    nx_state_add_told(s, seat, event, note, (p->battle_kh >> side) & 1, NX_COMP_NONE);
}

static int act_atreides(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    int target;
    char why[200], who[64], tw[64];
    if (nx_arg_keys(a, NX_KEYS("target")) || nx_arg_int(a, "target", 0, s->nseats - 1, &target)) return -1;
    if (atreides_problem(s, seat, target, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    spend(a, seat);
    tell_plan(s, seat, (uint8_t)target, nx_play_battle_side(s, (uint8_t)target));
    nx_act_log(a, "%s plays Karama for its faction's power: it looks at the entire battle plan of %s", nx_act_who(s, seat, who, sizeof who),
               nx_act_who(s, (uint8_t)target, tw, sizeof tw));
    return 0;
}

/* ---- Fremen ------------------------------------------------------------------------------ */

static int act_fremen(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    int t;
    if (nx_arg_keys(a, NX_KEYS("territory")) || nx_arg_territory(a, "territory", &t)) return -1;
    const char *r = power_refusal(s, seat, NX_FREMEN, NX_P_SPICE_BLOW, "Spice Blow and Nexus phase");
    if (r) return nx_act_fail(a, "illegal", "%s", r);
    const nx_pending *p = nx_pending_find(s, seat, NX_PEND_WORM_PLACE);
    if (!p || p->min != NX_WORM_PLACE_KARAMA)
        return nx_act_fail(a, "illegal", "the power places a Shai-Hulud as it appears, after turn 1: wait for one");
    if (nx_map_terrain(t) != NX_TERRAIN_SAND)
        return nx_act_fail(a, "illegal", "Shai-Hulud appears only in sand territories, not %s", nx_map_territory_name(t));
    spend(a, seat);
    s->play.worm_at = (uint8_t)t;
    nx_state_remove_pending(s, p);
    char who[64];
    nx_act_log(a, "%s plays Karama for its faction's power: it places Shai-Hulud in %s", nx_act_who(s, seat, who, sizeof who),
               nx_map_territory_name(t));
    return 0;
}

/* ---- Spacing Guild ------------------------------------------------------------------------------ */

/* The answer to the Guild-only window at a held off-planet shipment; the
 * window's settling spends the card and the shipment code cancels it. */
static int act_guild(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    if (!(s->options & NX_OPT_ADVANCED)) return nx_act_fail(a, "illegal", "the faction Karama powers belong to the Advanced game");
    if (s->play.karama_power_used & bit(seat))
        return nx_act_fail(a, "illegal", "your faction's Karama power is used once a game, and you used it");
    if (s->phase != NX_P_SHIPMENT_MOVEMENT) return nx_act_fail(a, "illegal", "this power is used during the Shipment and Movement phase");
    if (s->play.advw != NX_ADVO_GUILD_POWER || !nx_pending_find(s, seat, NX_PEND_ADV_KARAMA))
        return nx_act_fail(a, "illegal", "the power cancels an off-planet shipment as it is made: wait for one");
    if (real_karama(s, seat) == NX_COMP_NONE) return nx_act_fail(a, "illegal", "you hold no Karama card");
    nx_adv_power_answer(a, seat);
    return 0;
}

/* ---- the action ------------------------------------------------------------------------------ */

static int act_karama_power(nx_act *a)
{
    if (a->seat < 0) return nx_act_fail(a, "illegal", "a faction Karama power is played by a seat");
    uint8_t seat = (uint8_t)a->seat;
    switch (a->s->seats[seat].faction) {
    case NX_ATREIDES: return act_atreides(a, seat);
    case NX_EMPEROR: return act_emperor(a, seat);
    case NX_FREMEN: return act_fremen(a, seat);
    case NX_SPACING_GUILD: return act_guild(a, seat);
    case NX_HARKONNEN: return act_harkonnen(a, seat);
    case NX_BENE_GESSERIT:
        return nx_act_fail(a, "illegal", "the Bene Gesserit's Karama power is to use worthless cards as Karama (LV 1.14)");
    default:
        return nx_act_fail(a, "unavailable", "this faction's Karama power is not implemented yet (docs/rules/karama.md)");
    }
}

static const nx_act_entry power_actions[] = {
    { "karama_power", act_karama_power, 0 },
    { "give_back", act_give_back, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops power_decisions[] = {
    { NX_PEND_KARAMA_GIVE, NULL, give_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_karama = { "karama_powers", -1, NULL, power_actions, power_decisions };

/* ---- bots ------------------------------------------------------------------------------ */

json_t *nx_karama_power_candidate(const nx_state *s, uint8_t seat);

/* A move a bot may try now: the Emperor with three forces (or a leader)
 * in the Tanks; Harkonnen against the fullest other hand of three or more;
 * the Atreides fighting, its own plan still to make, at its opponent's plan. */
json_t *nx_karama_power_candidate(const nx_state *s, uint8_t seat)
{
    /* The checks' reasons are not read here: NULL, nothing formatted. */
    const nx_seat *st = &s->seats[seat];
    if (st->faction == NX_EMPEROR) {
        /* Refused for every count and leader alike: asked once, not per leader. */
        if (power_refusal(s, seat, NX_EMPEROR, NX_P_REVIVAL, NULL)) return NULL;
        int normal = st->forces[NX_PLACE_TANKS][NX_FORCE_NORMAL];
        int forces = normal < EMPEROR_FORCES ? normal : EMPEROR_FORCES;
        if (forces >= 2 && !emperor_problem(s, seat, -1, forces, 0, NULL, 0))
            return json_pack("{s:s, s:i}", "type", "karama_power", "forces", forces);
        for (int l = 0; l < NX_LEADER_COUNT; l++)
            if (!emperor_problem(s, seat, l, 0, 0, NULL, 0))
                return json_pack("{s:s, s:s}", "type", "karama_power", "leader", nx_comp_id(nx_comp_leader_disc(l)));
        return NULL;
    }
    if (st->faction == NX_ATREIDES) {
        int side = nx_play_battle_side(s, seat);
        if (side < 0 || (s->play.battle_planned & (1u << side))) return NULL;
        uint8_t other = s->play.battle_seats[1 - side];
        return atreides_problem(s, seat, other, NULL, 0) ? NULL : json_pack("{s:s, s:i}", "type", "karama_power", "target", other);
    }
    if (st->faction != NX_HARKONNEN || power_refusal(s, seat, NX_HARKONNEN, NX_P_BIDDING, NULL)) return NULL;
    int best = -1, most = 2;
    for (uint8_t t = 0; t < s->nseats; t++) {
        int n = nx_custody_count(&s->custody, hand_of(t));
        if (t != seat && n > most) best = t, most = n;
    }
    return best < 0 ? NULL : json_pack("{s:s, s:i}", "type", "karama_power", "target", best);
}
