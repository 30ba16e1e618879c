/*
 * The legal-move space of a battle plan (docs/protocol.md "The space").
 *
 * The plan check (nx_battle_plan_check) is two checks side by side: the
 * slots (leader or Cheap Hero, weapon, defence, the Kwisatz Haderach,
 * what the Voice and Prescience bind) and the dial (its value and spice
 * support against the counters present, and a dial Prescience showed).
 * Neither reads what the other checks, so the legal plans are every legal
 * slot filling with every legal dial: the space lists the fillings
 * ("cards") and, per support, the runs of legal dials ("dials"), each
 * found by the check itself around one legal plan of the other half.
 * "elite" (which counters make up an Advanced dial) is left out: without
 * it the engine takes the fewest elite, and every listed dial is legal so.
 *
 * The answer to Prescience's dial (NX_PEND_FORESEE, element "dial") is a
 * dial some legal plan keeps: the runs of dials (with their support when
 * the answer shows it) for which nx_battle_find_plan, the answer's own
 * check, finds a plan.  The other elements' answers are few: moves lists
 * them all.
 */
#include "nx_battle.h"

#define COUNTERS 20           /* every faction has twenty counters */
#define DIAL2_TOP (4 * COUNTERS)  /* twice the strongest dial: twenty supported elite */

static json_t *cards_entry(const nx_battle_plan *pl)
{
    json_t *o = json_object();
    if (pl->leader != NX_COMP_NONE)
        json_object_set_new(o, nx_comp_kind_of(pl->leader) == NX_COMP_LEADER ? "leader" : "cheap_hero",
                            json_string(nx_comp_id(pl->leader)));
    if (pl->weapon != NX_COMP_NONE) json_object_set_new(o, "weapon", json_string(nx_comp_id(pl->weapon)));
    if (pl->defence != NX_COMP_NONE) json_object_set_new(o, "defense", json_string(nx_comp_id(pl->defence)));
    if (pl->kh) json_object_set_new(o, "kwisatz_haderach", json_true());
    return o;
}

/* Every filling of the slots the check takes, around base's dial. */
static json_t *cards_space(const nx_state *s, int side, uint8_t seat, const nx_battle_plan *base)
{
    nx_comp hand[NX_COMP_COUNT], leads[NX_LEADER_COUNT + NX_COMP_COUNT + 1];
    int nh = nx_custody_list(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY), hand, NX_COMP_COUNT), nlead = 0;
    int ls[NX_LEADER_COUNT], nl = nx_battle_free_leaders(s, seat, ls);
    for (int i = 0; i < nl; i++) leads[nlead++] = nx_comp_leader_disc(ls[i]);
    for (int i = 0; i < nh; i++) leads[nlead++] = hand[i];   /* the check keeps the Cheap Heroes */
    leads[nlead++] = NX_COMP_NONE;
    hand[nh++] = NX_COMP_NONE;
    json_t *out = json_array();
    char why[256];
    for (int l = 0; l < nlead; l++)
        for (int w = 0; w < nh; w++)
            for (int d = 0; d < nh; d++)
                for (int kh = 0; kh <= 1; kh++) {
                    nx_battle_plan pl = *base;
                    pl.leader = leads[l];
                    pl.weapon = hand[w];
                    pl.defence = hand[d];
                    pl.kh = kh;
                    if (!nx_battle_plan_check(s, side, &pl, why, sizeof why)) json_array_append_new(out, cards_entry(&pl));
                }
    return out;
}

/* Per support, the runs of legal dials around base's slots. */
static json_t *dials_space(const nx_state *s, int side, uint8_t seat, const nx_battle_plan *base, int step2)
{
    json_t *out = json_array();
    int purse = s->seats[seat].spice > 0 ? s->seats[seat].spice : 0;
    char why[256];
    for (int spice = 0; spice <= purse && spice <= COUNTERS; spice++) {
        int lo = -1;
        for (int d2 = 0; d2 <= DIAL2_TOP + step2; d2 += step2) {
            nx_battle_plan pl = *base;
            pl.dial2 = d2;
            pl.spice = spice;
            pl.elite = -1;
            int legal = d2 <= DIAL2_TOP && !nx_battle_plan_check(s, side, &pl, why, sizeof why);
            if (legal && lo < 0) lo = d2;
            if (!legal && lo >= 0) {
                json_array_append_new(out, json_pack("{s:i, s:o, s:o}", "spice", spice, "min", nx_battle_dial_json(lo),
                                                     "max", nx_battle_dial_json(d2 - step2)));
                lo = -1;
            }
        }
    }
    return out;
}

json_t *nx_space_battle_plan(const nx_state *s, uint8_t seat)
{
    int side = nx_battle_side(s, seat);
    if (side < 0) return NULL;
    int step2 = (s->options & NX_OPT_ADVANCED) ? 1 : 2;
    json_t *o = json_pack("{s:o}", "step", nx_battle_dial_json(step2));
    nx_battle_plan base = { .leader = NX_COMP_NONE, .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE };
    if (nx_battle_find_plan(s, side, &base, nx_battle_fixed_elements(s, side, &base))) {
        /* No legal plan at all (battle.md 5 says one always is). */
        json_object_set_new(o, "cards", json_array());
        json_object_set_new(o, "dials", json_array());
        return o;
    }
    json_object_set_new(o, "cards", cards_space(s, side, seat, &base));
    json_object_set_new(o, "dials", dials_space(s, side, seat, &base, step2));
    return o;
}

/* The dials a plan can keep, for the Prescience answer: per support when
 * the answer shows it (turn.battle_prescience_dial), else one support-free
 * list. */
json_t *nx_space_foresee(const nx_state *s, uint8_t seat)
{
    int t = nx_battle_side(s, seat);
    if (t < 0 || s->play.prescience_elem != NX_ELEM_DIAL) return NULL;
    int step2 = (s->options & NX_OPT_ADVANCED) ? 1 : 2;
    unsigned fix = nx_battle_elem_fix(s, NX_ELEM_DIAL);
    int shows_support = (fix & NX_FIX_SUPPORT) != 0, purse = s->seats[seat].spice > 0 ? s->seats[seat].spice : 0;
    json_t *runs = json_array();
    for (int spice = 0; spice <= (shows_support ? purse : 0) && spice <= COUNTERS; spice++) {
        int lo = -1;
        for (int d2 = 0; d2 <= DIAL2_TOP + step2; d2 += step2) {
            nx_battle_plan pl = { .leader = NX_COMP_NONE, .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE, .elite = -1,
                                  .dial2 = d2, .spice = spice };
            int legal = d2 <= DIAL2_TOP && !nx_battle_find_plan(s, t, &pl, fix);
            if (legal && lo < 0) lo = d2;
            if (!legal && lo >= 0) {
                json_t *run = json_pack("{s:o, s:o}", "min", nx_battle_dial_json(lo), "max", nx_battle_dial_json(d2 - step2));
                if (shows_support) json_object_set_new(run, "spice", json_integer(spice));
                json_array_append_new(runs, run);
                lo = -1;
            }
        }
    }
    return json_pack("{s:s, s:o, s:o}", "element", "dial", "step", nx_battle_dial_json(step2), "dials", runs);
}
