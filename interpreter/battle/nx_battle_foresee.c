/*
 * The Prescience answer (docs/rules/battle.md 6; step 6 of the order in
 * nx_battle_voice.c): the combatant Prescience asked commits the element
 * it named, shown to the Atreides (and its ally when asked for it) or to
 * the table (turn.battle_prescience_seen).  An answer no legal plan could
 * keep (the Voice included) is refused: it is checked against a complete
 * plan (nx_battle_find_plan), which is why this sits above the plans
 * while what the answer binds a plan to (nx_battle_fixed_problem) stays
 * below them, in nx_battle_voice.c.
 */
#include <string.h>

#include "nx_battle.h"
#include "nx_text.h"

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

/* ---- the answer -------------------------------------------------------------- */

int nx_battle_open_foresee(nx_act *a)
{
    nx_state *s = a->s;
    int e = s->play.prescience_elem, t = nx_battle_target_side(s, NX_ADV_PRESCIENCE);
    if (!e || t < 0 || nx_battle_stopped(s, NX_ADV_PRESCIENCE)) return 0;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_FORESEE, s->play.battle_seats[t]);
    p->event = nx_state_new_event(s);
    p->private_options = 1;
    char w[64];
    nx_fmt(p->prompt, sizeof p->prompt, "Prescience: show %s the %s you will play; your plan must keep it",
             nx_act_who(s, nx_battle_user(s, NX_ADV_PRESCIENCE), w, sizeof w), nx_elem_ids[e]);
    return 1;
}


static const nx_treachery_slot elem_slot[NX_ELEM_COUNT] = { NX_TR_SLOT_NONE, NX_TR_SLOT_LEADER, NX_TR_SLOT_WEAPON,
                                                         NX_TR_SLOT_DEFENCE, NX_TR_SLOT_NONE };

/* A component answer: "none" or an id of the expected kind. */
static int read_answer_comp(nx_act *a, const char *key, nx_comp_kind kind, nx_comp *out)
{
    const char *id = json_string_value(json_object_get(a->action, key));
    *out = NX_COMP_NONE;
    if (id && !strcmp(id, "none")) return 0;
    nx_comp c = id ? nx_comp_parse(id) : NX_COMP_NONE;
    if (c == NX_COMP_NONE || nx_comp_kind_of(c) != kind)
        return nx_act_fail(a, "malformed", "\"%s\" must be \"none\" or name a %s", key,
                           kind == NX_COMP_LEADER ? "leader disc (\"leader:duncan_idaho\")" : "Treachery card (\"treachery:shield#1\")");
    *out = c;
    return 0;
}

/* Read the answer for element e into pl; fails the action when malformed. */
static int read_answer(nx_act *a, int e, nx_battle_plan *pl)
{
    static const char *const leader_keys[] = { "leader", "cheap_hero", NULL }, *const weapon_keys[] = { "weapon", NULL },
                             *const defence_keys[] = { "defense", NULL }, *const dial_keys[] = { "dial", "spice", NULL };
    static const char *const *const keys[NX_ELEM_COUNT] = { NULL, leader_keys, weapon_keys, defence_keys, dial_keys };
    if (nx_arg_keys(a, keys[e])) return -1;
    int hero = e == NX_ELEM_LEADER && json_object_get(a->action, "cheap_hero");
    const char *key = hero ? "cheap_hero" : keys[e][0];
    if (hero && json_object_get(a->action, "leader"))
        return nx_act_fail(a, "malformed", "answer with \"leader\" or \"cheap_hero\", not both");
    if (e != NX_ELEM_DIAL && !json_object_get(a->action, key))
        return nx_act_fail(a, "malformed", "Prescience asked for the %s: answer with \"%s\"", nx_elem_ids[e], key);
    switch (e) {
    case NX_ELEM_LEADER: return read_answer_comp(a, key, hero ? NX_COMP_TREACHERY : NX_COMP_LEADER, &pl->leader);
    case NX_ELEM_WEAPON: return read_answer_comp(a, key, NX_COMP_TREACHERY, &pl->weapon);
    case NX_ELEM_DEFENCE: return read_answer_comp(a, key, NX_COMP_TREACHERY, &pl->defence);
    default:
        if (json_object_get(a->action, "spice") && a->s->play.rule[NX_RULE_PRESCIENCE_DIAL] == NX_RS_TURN_BATTLE_PRESCIENCE_DIAL_DIAL_ONLY)
            return nx_act_fail(a, "illegal", "Prescience shows the number dialed only (turn.battle_prescience_dial)");
        return nx_battle_read_dial(a, &pl->dial2) || nx_arg_int_opt(a, "spice", 0, 100, 0, &pl->spice);
    }
}

/* The element's component (leader or card); NX_COMP_NONE for the dial. */
static nx_comp answer_comp(const nx_battle_plan *pl, int e)
{
    return e == NX_ELEM_LEADER ? pl->leader : e == NX_ELEM_WEAPON ? pl->weapon : e == NX_ELEM_DEFENCE ? pl->defence : NX_COMP_NONE;
}


/* Can a legal plan keep the answer together with what the side already
 * showed?  A second element (Atreides Cunning) comes after a first one
 * the plan must keep too: the search starts from both. */
static int keepable(const nx_state *s, int t, int e, nx_battle_plan whole)
{
    unsigned given = nx_battle_elem_fix(s, e) | nx_battle_fixed_elements(s, t, &whole);
    return nx_battle_find_plan(s, t, &whole, given) == 0;
}

/* Is the answer one a legal plan can keep (the Voice included)? */
static int answer_problem(nx_act *a, int t, int e, const nx_battle_plan *pl)
{
    nx_state *s = a->s;
    char why[256];
    if (e != NX_ELEM_DIAL && nx_battle_slot_problem(s, s->play.battle_seats[t], elem_slot[e], answer_comp(pl, e), why, sizeof why))
        return nx_act_fail(a, "illegal", "%s", why);
    if (keepable(s, t, e, *pl)) return 0;
    if (e == NX_ELEM_DIAL)
        return nx_act_fail(a, "illegal", "no set of your forces here makes a dial of %g%s", pl->dial2 / 2.0,
                           nx_battle_elem_fix(s, e) & NX_FIX_SUPPORT ? " with that support" : " with any support you can pay");
    return nx_act_fail(a, "illegal", "no legal battle plan of yours has %s %s%s", nx_elem_ids[e], nx_battle_comp_name(answer_comp(pl, e)),
                       nx_battle_voiced(s, t) ? ": the Voice binds you" : "");
}

/* Commit the element to the side's plan slots. */
static void commit(nx_state *s, int t, int e, const nx_battle_plan *pl)
{
    nx_play *p = &s->play;
    if (e == NX_ELEM_LEADER) p->battle_leader[t] = pl->leader;
    if (e == NX_ELEM_WEAPON) p->battle_weapon[t] = pl->weapon;
    if (e == NX_ELEM_DEFENCE) p->battle_defence[t] = pl->defence;
    if (e == NX_ELEM_DIAL) {
        p->battle_dial[t] = (uint8_t)pl->dial2;
        p->battle_support[t] = (uint8_t)pl->spice;
    }
    p->battle_fixed[t] |= (uint8_t)nx_battle_elem_fix(s, e);
}

/* Who is shown the answer: the Atreides, and its ally when it asked for
 * it (battle.md 13.6); a card or leader shown goes in their receipts. */
static void show(nx_act *a, int t, int e, const nx_battle_plan *pl, uint32_t event)
{
    nx_state *s = a->s;
    uint8_t asker = nx_battle_user(s, NX_ADV_PRESCIENCE), served = s->play.battle_seats[1 - t];
    nx_comp c = answer_comp(pl, e);
    if (c != NX_COMP_NONE) {
        nx_state_add_receipt(s, asker, NX_RCPT_SAW, event, &c, 1);
        if (served != asker) nx_state_add_receipt(s, served, NX_RCPT_SAW, event, &c, 1);
    }
    char w[64], u[64], value[64];
    nx_act_who(s, s->play.battle_seats[t], w, sizeof w);
    if (s->play.rule[NX_RULE_PRESCIENCE_SEEN] == NX_RS_TURN_BATTLE_PRESCIENCE_SEEN_ASKER) {
        nx_act_log(a, "%s shows its %s to %s", w, nx_elem_ids[e], nx_act_who(s, asker, u, sizeof u));
        return;
    }
    if (e != NX_ELEM_DIAL) nx_fmt(value, sizeof value, "%s", nx_battle_comp_name(c));
    else if (nx_battle_elem_fix(s, e) & NX_FIX_SUPPORT) nx_fmt(value, sizeof value, "%g with %d spice support", pl->dial2 / 2.0, pl->spice);
    else nx_fmt(value, sizeof value, "%g", pl->dial2 / 2.0);
    nx_act_log(a, "%s will play %s %s", w, nx_elem_ids[e], value);
}


int nx_battle_act_foresee(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_FORESEE);
    if (!p) return -1;
    nx_state *s = a->s;
    int e = s->play.prescience_elem, t = nx_battle_side(s, p->seat);
    nx_battle_plan pl = { .leader = NX_COMP_NONE, .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE, .elite = -1 };
    if (read_answer(a, e, &pl) || answer_problem(a, t, e, &pl)) return -1;
    uint32_t event = p->event;
    nx_state_remove_pending(s, p);
    commit(s, t, e, &pl);
    show(a, t, e, &pl, event);
    return 0;
}

static json_t *answer_action(const nx_state *s, int e, const nx_battle_plan *pl)
{
    json_t *o = json_pack("{s:s}", "type", "foresee_answer");
    nx_comp c = answer_comp(pl, e);
    if (e == NX_ELEM_DIAL) {
        json_object_set_new(o, "dial", nx_battle_dial_json(pl->dial2));
        if (nx_battle_elem_fix(s, e) & NX_FIX_SUPPORT) json_object_set_new(o, "spice", json_integer(pl->spice));
    } else {
        int hero = e == NX_ELEM_LEADER && c != NX_COMP_NONE && nx_comp_kind_of(c) == NX_COMP_TREACHERY;
        json_object_set_new(o, hero ? "cheap_hero" : nx_elem_ids[e], json_string(c == NX_COMP_NONE ? "none" : nx_comp_id(c)));
    }
    return o;
}

/* Add an answer if a legal plan can keep it and it is not listed yet. */
static void add_answer(const nx_state *s, int t, int e, nx_battle_plan pl, int score, json_t *out)
{
    if (!keepable(s, t, e, pl)) return;
    json_t *action = answer_action(s, e, &pl);
    size_t i;
    json_t *m;
    json_array_foreach(out, i, m)
        if (json_equal(json_object_get(m, "action"), action)) {
            json_decref(action);
            return;
        }
    nx_moves_add(out, score, action);
}

/* Candidate answers: for a slot, every leader or card the seat could put
 * there and none; for the dial, all, half or none of its counters.  A
 * stronger leader and a real card score higher. */
void nx_battle_foresee_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int e = s->play.prescience_elem, t = nx_battle_side(s, p->seat);
    if (!e || t < 0) return;
    nx_battle_plan pl = { .leader = NX_COMP_NONE, .weapon = NX_COMP_NONE, .defence = NX_COMP_NONE, .elite = -1 };
    if (e == NX_ELEM_DIAL) {
        int have[NX_FORCE_KINDS];
        nx_battle_fighters(s, p->seat, have);
        int total = have[NX_FORCE_NORMAL] + have[NX_FORCE_ELITE];
        const int counts[3] = { total, (total + 1) / 2, 0 };
        for (int d = 0; d < 3; d++) {
            nx_battle_dial_with(s, t, counts[d], &pl);
            add_answer(s, t, e, pl, 3 - d, out);
        }
        return;
    }
    nx_comp cands[NX_LEADER_COUNT + NX_COMP_COUNT + 1];
    int n = 0;
    if (e == NX_ELEM_LEADER) {
        int ls[NX_LEADER_COUNT], nl = nx_battle_free_leaders(s, p->seat, ls);
        for (int i = 0; i < nl; i++) cands[n++] = nx_comp_leader_disc(ls[i]);
    }
    n += nx_custody_list(&s->custody, hand_of(p->seat), cands + n, NX_COMP_COUNT);
    cands[n++] = NX_COMP_NONE;
    for (int i = 0; i < n; i++) {
        nx_comp c = cands[i];
        int score = c == NX_COMP_NONE ? 1 : nx_comp_kind_of(c) == NX_COMP_LEADER ? 2 + nx_battle_strength(nx_comp_leader(c)) : 3;
        if (e == NX_ELEM_LEADER) pl.leader = c;
        else if (e == NX_ELEM_WEAPON) pl.weapon = c;
        else pl.defence = c;
        char why[256];
        if (!nx_battle_slot_problem(s, p->seat, elem_slot[e], c, why, sizeof why)) add_answer(s, t, e, pl, score, out);
    }
}
