/*
 * Battle plans (docs/rules/battle.md 3-4; docs/rules/phase-battle.md).
 *
 *   {"type":"battle_plan", "leader":"leader:duncan_idaho" | "cheap_hero":"treachery:cheap_hero#1",
 *    "weapon":"treachery:crysknife", "defense":"treachery:shield#2",
 *    "dial":3, "spice":2, "elite":1, "kwisatz_haderach":true}
 *
 * Leader slot: a leader disc of the seat's pool that has not fought in
 * another territory this phase, or a Cheap Hero from its hand; one of the
 * two is mandatory when the seat has either, and without one no card may
 * be played.  Weapon and defence: cards from hand that fit the slot
 * (nx_treachery: worthless cards fit either; a card fills one slot).
 *
 * Dial: Basic, 0 to the fighters present.  Advanced (battle.md 4): each
 * counter counts full when supported by 1 spice, half when not; elite
 * counters (Sardaukar, Fedaykin) count 2, Sardaukar 1 against Fremen;
 * Fremen count full without spice.  The dial (halves allowed: 2.5) and the
 * support must be made up by some counters present; those counters are
 * what a winner loses.  When several sets fit, the plan's "elite" names
 * how many elite counters are in it, else the fewest elite, then the
 * fewest counters, are taken (the composition is fixed in the plan, as
 * treachery.online does: battle.md 4).
 *
 * Before the plans (nx_battle_voice.c) a Voice may bind the opponent's
 * cards and Prescience may have fixed one element; a plan must keep both.
 * A Voice forbidding the Cheap Hero frees a seat with no leader from the
 * duty to lead (battle.md 5).  Advanced Atreides may add the Kwisatz
 * Haderach to a leader or Cheap Hero.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nx_battle.h"
#include "nx_text.h"

#define DIAL_MAX 100          /* a dial can never be this high: 20 counters x 2 */
#define COUNTERS 20           /* every faction has twenty counters */

static int advanced(const nx_state *s) { return (s->options & NX_OPT_ADVANCED) != 0; }

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

static int in_hand(const nx_state *s, uint8_t seat, nx_comp c)
{
    return nx_comp_kind_of(c) == NX_COMP_TREACHERY && s->custody.zone[c] == hand_of(seat);
}

/* Must this side fill its leader slot?  As nx_battle_can_lead, except
 * that a Voice forbidding the Cheap Hero leaves a seat whose only way to
 * lead is one with none (battle.md 5). */
static int must_lead(const nx_state *s, int side)
{
    uint8_t seat = s->play.battle_seats[side];
    int ls[NX_LEADER_COUNT];
    if (nx_battle_free_leaders(s, seat, ls) > 0) return 1;
    return nx_battle_cheap_hero(s, seat) != NX_COMP_NONE && !nx_battle_hero_forbidden(s, side);
}

/* ---- strength ------------------------------------------------------------------ */

/* What one counter of each kind is worth, in half points, unsupported [0]
 * and supported [1]; *free_support when the side needs no spice (the Basic
 * game, where the starred counters are ordinary forces; Advanced Fremen).
 * A Karama that stopped the bonuses (NX_ADV_SARDAUKAR, NX_ADV_FREMEN)
 * makes elite counters count 1 and Fremen forces need support. */
static void worths(const nx_state *s, int side, int w[NX_FORCE_KINDS][2], int *free_support)
{
    nx_faction me = (nx_faction)s->seats[s->play.battle_seats[side]].faction;
    nx_faction foe = (nx_faction)s->seats[s->play.battle_seats[1 - side]].faction;
    int fremen = me == NX_FREMEN && !nx_battle_stopped(s, NX_ADV_FREMEN);
    int sardaukar = me == NX_EMPEROR && foe != NX_FREMEN && !nx_battle_stopped(s, NX_ADV_SARDAUKAR);
    int elite = advanced(s) && (fremen || sardaukar) ? 2 : 1;
    *free_support = !advanced(s) || fremen;
    w[NX_FORCE_NORMAL][1] = 2;
    w[NX_FORCE_ELITE][1] = 2 * elite;
    w[NX_FORCE_NORMAL][0] = *free_support ? 2 : 1;
    w[NX_FORCE_ELITE][0] = *free_support ? 2 * elite : elite;
}

/*
 * The counters that make up dial2 with `spice` of them supported: 0 and
 * lose[] filled, or -1.  Among the sets that fit (with exactly pl->elite
 * elite counters when given) the fewest elite, then the fewest counters.
 */
static int compose(const int have[NX_FORCE_KINDS], int w[NX_FORCE_KINDS][2], nx_battle_plan *pl)
{
    int best_key = -1;
    for (int es = 0; es <= have[NX_FORCE_ELITE]; es++)
        for (int eu = 0; es + eu <= have[NX_FORCE_ELITE]; eu++) {
            int ns = pl->spice - es;
            int rest = pl->dial2 - ns * w[NX_FORCE_NORMAL][1] - es * w[NX_FORCE_ELITE][1] - eu * w[NX_FORCE_ELITE][0];
            if (ns < 0 || ns > have[NX_FORCE_NORMAL] || rest < 0 || rest % w[NX_FORCE_NORMAL][0]) continue;
            int nu = rest / w[NX_FORCE_NORMAL][0];
            if (ns + nu > have[NX_FORCE_NORMAL] || (pl->elite >= 0 && es + eu != pl->elite)) continue;
            int key = (es + eu) * 100 + ns + nu + es + eu;   /* fewest elite, then fewest counters */
            if (best_key < 0 || key < best_key) {
                best_key = key;
                pl->lose[NX_FORCE_NORMAL] = ns + nu;
                pl->lose[NX_FORCE_ELITE] = es + eu;
            }
        }
    return best_key < 0 ? -1 : 0;
}

static int refuse(char *why, size_t len, const char *text)
{
    nx_fmt(why, len, "%s", text);
    return -1;
}

static int dial_problem(const nx_state *s, int side, nx_battle_plan *pl, char *why, size_t len)
{
    uint8_t seat = s->play.battle_seats[side];
    int have[NX_FORCE_KINDS], w[NX_FORCE_KINDS][2], free_support;
    nx_battle_fighters_effective(s, seat, have);
    worths(s, side, w, &free_support);
    if (!advanced(s) && (pl->spice || pl->dial2 % 2))
        return refuse(why, len, "spice support and half dials are Advanced rules");
    if (advanced(s) && free_support && pl->spice)
        return refuse(why, len, "the Fremen need no spice: their forces count at full strength");
    if (pl->spice > (s->seats[seat].spice > 0 ? s->seats[seat].spice : 0)) {
        nx_fmt(why, len, "you have %d spice, less than the %d you would support with", s->seats[seat].spice, pl->spice);
        return -1;
    }
    if (!advanced(s) && pl->elite >= 0) return refuse(why, len, "\"elite\" is for Advanced dials");
    if (compose(have, w, pl)) {
        nx_fmt(why, len, "no %sset of your %d forces (%d elite) here makes a dial of %g with %d supported",
                 pl->elite >= 0 ? "such " : "", have[NX_FORCE_NORMAL] + have[NX_FORCE_ELITE], have[NX_FORCE_ELITE],
                 pl->dial2 / 2.0, pl->spice);
        return -1;
    }
    return 0;
}

/* May card c fill `slot`, the other slot being filled (`partner`) or not? */
static int fits(nx_treachery_card c, nx_treachery_slot slot, int partner)
{
    nx_treachery_slot d = nx_treachery_default_slot(c);
    if (d == slot || d == NX_TR_SLOT_EITHER) return 1;
    unsigned other = slot == NX_TR_SLOT_WEAPON ? NX_TRK_WEAPON : NX_TRK_DEFENCE;
    return (nx_treachery_kind(c) & other) && nx_treachery_get(c)->alt_needs_partner && partner;
}

static int card_problem(const nx_state *s, uint8_t seat, nx_comp c, nx_treachery_slot slot, int partner,
                        const char *what, char *why, size_t len)
{
    if (c == NX_COMP_NONE) return 0;
    if (!in_hand(s, seat, c)) {
        nx_fmt(why, len, "%s: %s is not in your hand", what, nx_comp_id(c));
        return -1;
    }
    if (!fits(nx_battle_card(c), slot, partner)) {
        nx_fmt(why, len, "%s: %s cannot be played as a %s", what, nx_treachery_name(nx_battle_card(c)), what);
        return -1;
    }
    return 0;
}

static int leader_problem(const nx_state *s, uint8_t seat, nx_comp c, char *why, size_t len)
{
    if (c == NX_COMP_NONE) return 0;
    if (nx_comp_kind_of(c) == NX_COMP_LEADER) {
        int l = nx_comp_leader(c);
        if (nx_battle_leader_free(s, seat, l)) return 0;
        nx_fmt(why, len, "%s is not available: it is not in your leader pool, or it fought in another territory this turn",
                 nx_leader_get(l)->name);
        return -1;
    }
    if (!in_hand(s, seat, c)) {
        nx_fmt(why, len, "cheap_hero: %s is not in your hand", nx_comp_id(c));
        return -1;
    }
    if (!nx_treachery_is_cheap_hero(nx_battle_card(c))) {
        nx_fmt(why, len, "cheap_hero: %s is not a Cheap Hero", nx_treachery_name(nx_battle_card(c)));
        return -1;
    }
    return 0;
}

int nx_battle_slot_problem(const nx_state *s, uint8_t seat, nx_treachery_slot slot, nx_comp c, char *why, size_t len)
{
    /* The other slot may be filled: a two-way card's partner rule is the
     * whole plan's business. */
    if (slot == NX_TR_SLOT_LEADER) return leader_problem(s, seat, c, why, len);
    return card_problem(s, seat, c, slot, 1, slot == NX_TR_SLOT_WEAPON ? "weapon" : "defense", why, len);
}

/* Everything but the dial: leader, cards, the Kwisatz Haderach, and what
 * the Voice and Prescience bind. */
static int slots_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len)
{
    uint8_t seat = s->play.battle_seats[side];
    if (pl->leader == NX_COMP_NONE && must_lead(s, side))
        return refuse(why, len, "you must play a leader or a Cheap Hero when you can");
    if (leader_problem(s, seat, pl->leader, why, len)) return -1;
    if (pl->leader == NX_COMP_NONE && (pl->weapon != NX_COMP_NONE || pl->defence != NX_COMP_NONE))
        return refuse(why, len, "without a leader or a Cheap Hero no Treachery Card may be played");
    if (pl->weapon != NX_COMP_NONE && pl->weapon == pl->defence)
        return refuse(why, len, "one card cannot fill both the weapon and the defense slot");
    if (card_problem(s, seat, pl->weapon, NX_TR_SLOT_WEAPON, pl->defence != NX_COMP_NONE, "weapon", why, len) ||
        card_problem(s, seat, pl->defence, NX_TR_SLOT_DEFENCE, pl->weapon != NX_COMP_NONE, "defense", why, len))
        return -1;
    if (nx_battle_kh_problem(s, side, pl, why, len) || nx_battle_voice_problem(s, side, pl, why, len) ||
        nx_battle_fixed_problem(s, side, pl, why, len))
        return -1;
    return 0;
}

int nx_battle_plan_check(const nx_state *s, int side, nx_battle_plan *pl, char *why, size_t len)
{
    if (slots_problem(s, side, pl, why, len)) return -1;
    return dial_problem(s, side, pl, why, len);
}

/* ---- a legal plan around given elements -------------------------------------------- */

/* The candidates for the leader slot: free leaders, Cheap Heroes in hand,
 * and none; returns how many. */
static int leader_candidates(const nx_state *s, uint8_t seat, nx_comp out[NX_LEADER_COUNT + NX_COMP_COUNT])
{
    int ls[NX_LEADER_COUNT], n = 0, nl = nx_battle_free_leaders(s, seat, ls);
    for (int i = 0; i < nl; i++) out[n++] = nx_comp_leader_disc(ls[i]);
    nx_comp hand[NX_COMP_COUNT];
    int nh = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    for (int i = 0; i < nh; i++)
        if (nx_treachery_is_cheap_hero(nx_battle_card(hand[i]))) out[n++] = hand[i];
    out[n++] = NX_COMP_NONE;
    return n;
}

/* The candidates for a card slot: every card in hand, and none. */
static int card_candidates(const nx_state *s, uint8_t seat, nx_comp out[NX_COMP_COUNT + 1])
{
    int n = nx_custody_list(&s->custody, hand_of(seat), out, NX_COMP_COUNT);
    out[n++] = NX_COMP_NONE;
    return n;
}

/* A support that makes the plan's dial legal (the dial was given, the
 * support was not): 0 and pl->spice set, or -1. */
static int fit_support(const nx_state *s, int side, nx_battle_plan *pl)
{
    uint8_t seat = s->play.battle_seats[side];
    int purse = s->seats[seat].spice > 0 ? s->seats[seat].spice : 0;
    char why[256];
    for (pl->spice = 0; pl->spice <= purse && pl->spice <= DIAL_MAX; pl->spice++)
        if (!dial_problem(s, side, pl, why, sizeof why)) return 0;
    return -1;
}

int nx_battle_find_plan(const nx_state *s, int side, nx_battle_plan *pl, unsigned given)
{
    uint8_t seat = s->play.battle_seats[side];
    char why[256];
    pl->elite = -1;
    pl->kh = 0;
    if (!(given & NX_FIX_DIAL)) pl->dial2 = pl->spice = 0;
    else if (!(given & NX_FIX_SUPPORT) && fit_support(s, side, pl)) return -1;
    if ((given & NX_FIX_DIAL) && dial_problem(s, side, pl, why, sizeof why)) return -1;
    nx_comp leaders[NX_LEADER_COUNT + NX_COMP_COUNT], weapons[NX_COMP_COUNT + 1], defences[NX_COMP_COUNT + 1];
    int nl = 1, nw = 1, nd = 1;
    if (given & NX_FIX_LEADER) leaders[0] = pl->leader;
    else nl = leader_candidates(s, seat, leaders);
    if (given & NX_FIX_WEAPON) weapons[0] = pl->weapon;
    else nw = card_candidates(s, seat, weapons);
    if (given & NX_FIX_DEFENCE) defences[0] = pl->defence;
    else nd = card_candidates(s, seat, defences);
    for (int l = 0; l < nl; l++)
        for (int w = 0; w < nw; w++)
            for (int d = 0; d < nd; d++) {
                pl->leader = leaders[l];
                pl->weapon = weapons[w];
                pl->defence = defences[d];
                if (!slots_problem(s, side, pl, why, sizeof why)) return 0;
            }
    return -1;
}

/* ---- the action --------------------------------------------------------------------- */

static int read_comp(nx_act *a, const char *key, nx_comp_kind kind, nx_comp *out)
{
    json_t *j = json_object_get(a->action, key);
    *out = NX_COMP_NONE;
    if (!j) return 0;
    nx_comp c = json_is_string(j) ? nx_comp_parse(json_string_value(j)) : NX_COMP_NONE;
    if (c == NX_COMP_NONE || nx_comp_kind_of(c) != kind)
        return nx_act_fail(a, "malformed", "\"%s\" must name a %s", key,
                           kind == NX_COMP_LEADER ? "leader disc (\"leader:duncan_idaho\")" : "Treachery card (\"treachery:shield#1\")");
    *out = c;
    return 0;
}

int nx_battle_read_dial(nx_act *a, int *dial2)
{
    json_t *j = json_object_get(a->action, "dial");
    if (!json_is_number(j)) return nx_act_fail(a, "malformed", "\"dial\" must be a number (3, or 2.5 in the Advanced game)");
    double twice = json_number_value(j) * 2;
    if (twice != floor(twice) || twice < 0 || twice > 2 * DIAL_MAX)
        return nx_act_fail(a, "illegal", "\"dial\" must be 0 to %d in whole or half steps", DIAL_MAX);
    *dial2 = (int)twice;
    return 0;
}

int nx_battle_act_plan(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_BATTLE_PLAN);
    if (!p || nx_arg_keys(a, NX_KEYS("leader", "cheap_hero", "weapon", "defense", "dial", "spice", "elite", "kwisatz_haderach")))
        return -1;
    nx_battle_plan pl;
    nx_comp hero;
    json_t *kh = json_object_get(a->action, "kwisatz_haderach");
    if (kh && !json_is_boolean(kh)) return nx_act_fail(a, "malformed", "\"kwisatz_haderach\" must be true or false");
    pl.kh = json_is_true(kh);
    if (read_comp(a, "leader", NX_COMP_LEADER, &pl.leader) || read_comp(a, "cheap_hero", NX_COMP_TREACHERY, &hero) ||
        read_comp(a, "weapon", NX_COMP_TREACHERY, &pl.weapon) || read_comp(a, "defense", NX_COMP_TREACHERY, &pl.defence) ||
        nx_battle_read_dial(a, &pl.dial2) || nx_arg_int_opt(a, "spice", 0, DIAL_MAX, 0, &pl.spice) ||
        nx_arg_int_opt(a, "elite", 0, COUNTERS, -1, &pl.elite))
        return -1;
    if (hero != NX_COMP_NONE) {
        if (pl.leader != NX_COMP_NONE) return nx_act_fail(a, "illegal", "play a leader or a Cheap Hero, not both");
        pl.leader = hero;
    }
    nx_state *s = a->s;
    int side = nx_battle_side(s, p->seat);
    char why[256];
    if (nx_battle_plan_check(s, side, &pl, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_play *play = &s->play;
    play->battle_leader[side] = pl.leader;
    play->battle_weapon[side] = pl.weapon;
    play->battle_defence[side] = pl.defence;
    play->battle_dial[side] = (uint8_t)pl.dial2;
    play->battle_support[side] = (uint8_t)pl.spice;
    if (pl.kh) play->battle_kh |= (uint8_t)(1u << side);
    nx_battle_physical_losses(s, p->seat, pl.lose);
    for (int k = 0; k < NX_FORCE_KINDS; k++) play->battle_lose[side][k] = (uint8_t)pl.lose[k];
    play->battle_planned |= (uint8_t)(1u << side);
    uint8_t seat = p->seat;
    nx_state_remove_pending(s, p);
    char who[64];
    nx_act_log(a, "%s has made its battle plan", nx_act_who(s, seat, who, sizeof who));
    return 0;
}

/* ---- bots ----------------------------------------------------------------------------- */

/* The first card in hand (catalog order) that fits the slot and is no
 * worthless card, skipping `other`, a card the Voice forbids, and a
 * Shield beside a Lasgun (the bot would blow itself up); NX_COMP_NONE
 * when none. */
static nx_comp pick_card(const nx_state *s, int side, nx_treachery_slot slot, nx_comp other)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(s->play.battle_seats[side]), hand, NX_COMP_COUNT);
    int lasgun = other != NX_COMP_NONE && nx_battle_card(other) == NX_TR_LASGUN;
    for (int i = 0; i < n; i++) {
        nx_treachery_card c = nx_battle_card(hand[i]);
        if (hand[i] == other || nx_treachery_is_worthless(c) || nx_treachery_default_slot(c) != slot) continue;
        if (lasgun && (nx_treachery_effect(c, slot) & NX_TRE_SHIELD)) continue;
        if (nx_battle_voice_hits(s, side, hand[i])) continue;
        return hand[i];
    }
    return NX_COMP_NONE;
}

void nx_battle_dial_with(const nx_state *s, int side, int count, nx_battle_plan *pl)
{
    uint8_t seat = s->play.battle_seats[side];
    int have[NX_FORCE_KINDS], w[NX_FORCE_KINDS][2], free_support;
    nx_battle_fighters_effective(s, seat, have);
    worths(s, side, w, &free_support);
    int purse = free_support ? 0 : (s->seats[seat].spice > 0 ? s->seats[seat].spice : 0);
    int take[NX_FORCE_KINDS];
    take[NX_FORCE_ELITE] = count < have[NX_FORCE_ELITE] ? count : have[NX_FORCE_ELITE];
    take[NX_FORCE_NORMAL] = count - take[NX_FORCE_ELITE];
    pl->dial2 = pl->spice = 0;
    for (int k = NX_FORCE_ELITE; k >= 0; k--) {
        int paid = take[k] < purse - pl->spice ? take[k] : purse - pl->spice;
        pl->spice += paid;
        pl->dial2 += paid * w[k][1] + (take[k] - paid) * w[k][0];
    }
    pl->elite = advanced(s) ? take[NX_FORCE_ELITE] : -1;
}

json_t *nx_battle_dial_json(int dial2) { return dial2 % 2 ? json_real(dial2 / 2.0) : json_integer(dial2 / 2); }

static json_t *plan_action(const nx_state *s, const nx_battle_plan *pl)
{
    json_t *o = json_pack("{s:s}", "type", "battle_plan");
    if (pl->leader != NX_COMP_NONE)
        json_object_set_new(o, nx_comp_kind_of(pl->leader) == NX_COMP_LEADER ? "leader" : "cheap_hero",
                            json_string(nx_comp_id(pl->leader)));
    if (pl->weapon != NX_COMP_NONE) json_object_set_new(o, "weapon", json_string(nx_comp_id(pl->weapon)));
    if (pl->defence != NX_COMP_NONE) json_object_set_new(o, "defense", json_string(nx_comp_id(pl->defence)));
    json_object_set_new(o, "dial", nx_battle_dial_json(pl->dial2));
    if (pl->spice) json_object_set_new(o, "spice", json_integer(pl->spice));
    if (pl->elite >= 0 && advanced(s)) json_object_set_new(o, "elite", json_integer(pl->elite));
    if (pl->kh) json_object_set_new(o, "kwisatz_haderach", json_true());
    return o;
}

/* Strength minus what it costs: counters lost if it wins, spice paid,
 * cards risked; from the seat's own plan only. */
static int plan_score(const nx_battle_plan *pl)
{
    int leader = pl->leader != NX_COMP_NONE && nx_comp_kind_of(pl->leader) == NX_COMP_LEADER ? nx_battle_strength(nx_comp_leader(pl->leader)) : 0;
    int cards = (pl->weapon != NX_COMP_NONE) * 3 + (pl->defence != NX_COMP_NONE) * 3;
    return 3 * (pl->dial2 / 2 + leader + 2 * pl->kh) + cards - pl->lose[NX_FORCE_NORMAL] - 2 * pl->lose[NX_FORCE_ELITE] - pl->spice;
}

static int add_plan(const nx_state *s, int side, nx_battle_plan pl, json_t *out)
{
    char why[256];
    if (nx_battle_plan_check(s, side, &pl, why, sizeof why)) return 0;
    nx_moves_add(out, plan_score(&pl), plan_action(s, &pl));
    return 1;
}

/* The elements Prescience fixed, as a partial plan; returns their bits. */
static unsigned fixed_elements(const nx_state *s, int side, nx_battle_plan *pl);
unsigned nx_battle_fixed_elements(const nx_state *s, int side, nx_battle_plan *pl) { return fixed_elements(s, side, pl); }

static unsigned fixed_elements(const nx_state *s, int side, nx_battle_plan *pl)
{
    const nx_play *p = &s->play;
    unsigned fixed = p->battle_fixed[side];
    if (fixed & NX_FIX_LEADER) pl->leader = p->battle_leader[side];
    if (fixed & NX_FIX_WEAPON) pl->weapon = p->battle_weapon[side];
    if (fixed & NX_FIX_DEFENCE) pl->defence = p->battle_defence[side];
    if (fixed & NX_FIX_DIAL) pl->dial2 = p->battle_dial[side];
    if (fixed & NX_FIX_SUPPORT) pl->spice = p->battle_support[side];
    return fixed;
}

/* Put a card the Voice demands in a slot it fits and Prescience left free. */
static void obey_voice(const nx_state *s, int side, unsigned fixed, nx_battle_plan *pl)
{
    nx_comp c = nx_battle_voice_demand(s, side);
    if (c == NX_COMP_NONE || c == pl->leader || c == pl->weapon || c == pl->defence) return;
    nx_treachery_slot d = nx_treachery_default_slot(nx_battle_card(c));
    if (d == NX_TR_SLOT_LEADER) {
        if (!(fixed & NX_FIX_LEADER)) pl->leader = c;
    } else if (pl->leader == NX_COMP_NONE) {
        return;
    } else if ((d == NX_TR_SLOT_WEAPON || d == NX_TR_SLOT_EITHER) && !(fixed & NX_FIX_WEAPON)) {
        pl->weapon = c;
    } else if (!(fixed & NX_FIX_DEFENCE)) {
        pl->defence = c;
    }
}

/* Bend a candidate to what binds it: Prescience's elements, the Voice,
 * and the Kwisatz Haderach along whenever it may go. */
static void keep_commitments(const nx_state *s, int side, nx_battle_plan *pl)
{
    unsigned fixed = fixed_elements(s, side, pl);
    obey_voice(s, side, fixed, pl);
    if (fixed & NX_FIX_DIAL) pl->elite = -1;
    if ((fixed & NX_FIX_DIAL) && !(fixed & NX_FIX_SUPPORT)) fit_support(s, side, pl);
    pl->kh = pl->leader != NX_COMP_NONE && nx_battle_kh_usable(s, side);
}

/*
 * A handful of plans: the strongest free leader, the weakest one (to
 * spare the strong), or the Cheap Hero; with no cards, or a weapon and a
 * defence; dialing every counter, half of them, or none; each bent to
 * the Voice and Prescience.  Should none of them be legal, the first
 * legal plan there is (one always is: battle.md 5).
 */
void nx_battle_plan_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int side = nx_battle_side(s, p->seat);
    if (side < 0) return;
    int ls[NX_LEADER_COUNT], nl = nx_battle_free_leaders(s, p->seat, ls), nslot = 0;
    nx_comp slot[3], hero = nx_battle_cheap_hero(s, p->seat);
    if (nl) slot[nslot++] = nx_comp_leader_disc(ls[0]);
    if (nl > 1) slot[nslot++] = nx_comp_leader_disc(ls[nl - 1]);
    if (hero != NX_COMP_NONE && !nx_battle_hero_forbidden(s, side)) slot[nslot++] = hero;
    if (!nslot) slot[nslot++] = NX_COMP_NONE;
    int have[NX_FORCE_KINDS];
    nx_battle_fighters(s, p->seat, have);
    int total = have[NX_FORCE_NORMAL] + have[NX_FORCE_ELITE], added = 0;
    const int counts[3] = { total, (total + 1) / 2, 0 };
    int ndials = (s->play.battle_fixed[side] & NX_FIX_DIAL) ? 1 : 3;
    for (int i = 0; i < nslot; i++)
        for (int armed = 0; armed < 2; armed++)
            for (int d = 0; d < ndials; d++) {
                nx_battle_plan pl = { .leader = slot[i], .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE };
                if (armed && slot[i] != NX_COMP_NONE) {
                    pl.weapon = pick_card(s, side, NX_TR_SLOT_WEAPON, NX_COMP_NONE);
                    pl.defence = pick_card(s, side, NX_TR_SLOT_DEFENCE, pl.weapon);
                    if (pl.weapon == NX_COMP_NONE && pl.defence == NX_COMP_NONE) continue;
                } else if (armed) {
                    continue;
                }
                nx_battle_dial_with(s, side, counts[d], &pl);
                keep_commitments(s, side, &pl);
                added += add_plan(s, side, pl, out);
            }
    if (added) return;
    nx_battle_plan pl = { .leader = NX_COMP_NONE, .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE };
    if (nx_battle_find_plan(s, side, &pl, fixed_elements(s, side, &pl)) == 0) add_plan(s, side, pl, out);
}
