/*
 * Before the plans: the Voice, Prescience, the Karama windows against
 * them and against the Kwisatz Haderach, and the Kwisatz Haderach itself
 * (docs/rules/battle.md 5, 6, 10.1, 10.3 and 12 steps 4-6;
 * docs/rules/phase-battle.md).
 *
 * Order, once the battle is fixed (the procedure in nx_phase_battle.c):
 *   1. Kwisatz Haderach window: when Advanced Atreides fights and may add
 *      the Kwisatz Haderach, every other seat may prevent it with a Karama
 *      ("prevent ... before that faction uses that ability", LV 3.01.11);
 *   1b. bonus window (Advanced): when the Emperor fights with Sardaukar
 *      (not against the Fremen) or the Fremen fight, every other seat may
 *      stop their bonuses (NX_ADV_SARDAUKAR; NX_ADV_FREMEN covers both
 *      Fedaykin and free support); the plans' strengths honour it
 *      (nx_battle_plan.c);
 *   2. Voice: Bene Gesserit, fighting or allied to a combatant, commands
 *      the other side's combatant to play or not play a kind of card, or
 *      passes; the command is public (it is spoken at the table);
 *   3. its Karama window (every seat but the Bene Gesserit);
 *   4. Prescience: Atreides, fighting or allied to a combatant, names one
 *      element of the other side's plan, or passes;
 *   5. its Karama window (every seat but the Atreides);
 *   6. the Prescience answer: that combatant commits the element, shown
 *      to the Atreides (and its ally when asked for it) or to the table
 *      (turn.battle_prescience_seen); the plan must keep it.
 * After the plans, one more window uses the same machinery: against
 * Harkonnen's capture, once its leader is drawn (nx_battle_resolve.c).
 * A Prescience answer the seat could not keep in a legal plan (the Voice
 * included) is refused: it is checked against a complete plan
 * (nx_battle_find_plan).  An opponent unable to comply with the Voice is
 * free of it: it holds no matching card, or can play no card at all.
 *
 * Karama windows keep holdings secret as the traitor calls do: every seat
 * but the advantage's user that may hold a Karama by what the table sees
 * (a Treachery card in hand, and a Karama, or for Advanced Bene Gesserit
 * a worthless card, not known to lie elsewhere) answers "karama" or
 * "pass"; no answer logs a line (they look alike) and the result is
 * announced once all are in.  Several Karamas: the earliest seat in storm order
 * spends its card, the others keep theirs.  A Karama stops one use: this
 * battle's (November 2020 FAQ).  Advanced Bene Gesserit spends a
 * worthless card before a real Karama (LV 2.02), as in the bidding.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_battle.h"
#include "nx_ship_nexus.h"
#include "nx_turn.h"
#include "nx_text.h"
#include "nx_board.h"
#include "nx_effects.h"
#include "nx_events.h"

static const char *const adv_names[NX_ADV_COUNT] = {
    NULL, "the Kwisatz Haderach", "the Voice", "Prescience",
    "the Sardaukar bonus", "the Fedaykin bonus and free support", "the capture",
};

/* Whose advantage each is. */
static const nx_faction adv_faction[NX_ADV_COUNT] = {
    [NX_ADV_KH] = NX_ATREIDES, [NX_ADV_VOICE] = NX_BENE_GESSERIT, [NX_ADV_PRESCIENCE] = NX_ATREIDES,
    [NX_ADV_SARDAUKAR] = NX_EMPEROR, [NX_ADV_FREMEN] = NX_FREMEN, [NX_ADV_CAPTURE] = NX_HARKONNEN,
};

static int advanced(const nx_state *s) { return (s->options & NX_OPT_ADVANCED) != 0; }

static unsigned elem_fix(const nx_state *s, int e);

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

/* ---- who uses what, against whom -------------------------------------------------- */

int nx_battle_adv_side(const nx_state *s, uint8_t seat)
{
    int side = nx_battle_side(s, seat);
    uint8_t ally = s->seats[seat].ally;
    if (side < 0 && ally != NX_NO_SEAT) side = nx_battle_side(s, ally);
    return side;
}

/* A seat lent the advantage for this battle by a Nexus card (a Secret
 * Ally's borrowed Voice or Prescience: an NX_EFF_GRANT, NX_EFF_USED once
 * used); NX_NO_SEAT when none. */
static uint8_t borrower(const nx_state *s, int adv)
{
    int i = nx_effect_find(s, NX_EFF_GRANT, NX_NO_SEAT, adv);
    if (i < 0) i = nx_effect_find(s, NX_EFF_USED, NX_NO_SEAT, adv);
    return i < 0 ? NX_NO_SEAT : s->play.effect_seat[i];
}

/* The seat an advantage belongs to: its faction's, or with the faction
 * absent the seat that borrowed it; NX_NO_SEAT when none. */
static uint8_t user_of(const nx_state *s, int adv)
{
    uint8_t native = nx_state_seat_of(s, adv_faction[adv]);
    return native != NX_NO_SEAT ? native : borrower(s, adv);
}

uint8_t nx_battle_user(const nx_state *s, int adv) { return user_of(s, adv); }

/* A granted use is spent once its decision is answered. */
static void use_grant(nx_state *s, uint8_t seat, int adv)
{
    int i = nx_effect_find(s, NX_EFF_GRANT, seat, adv);
    if (i >= 0) s->play.effect_kind[i] = NX_EFF_USED;
}

/* The side an advantage works against: the other side than the one its
 * user serves; -1 when the user serves none. */
static int target_side(const nx_state *s, int adv)
{
    uint8_t u = user_of(s, adv);
    int side = u == NX_NO_SEAT ? -1 : nx_battle_adv_side(s, u);
    return side < 0 ? -1 : 1 - side;
}


static int stopped(const nx_state *s, int adv) { return nx_battle_stopped(s, adv); }

void nx_battle_clear_advantages(nx_state *s)
{
    nx_play *p = &s->play;
    p->battle_kh = p->voice_mode = p->voice_what = p->prescience_elem = 0;
    p->karama_window = p->karama_players = p->battle_stopped = 0;
    memset(p->battle_fixed, 0, sizeof p->battle_fixed);
}

/* ---- the Voice ------------------------------------------------------------------------ */

static nx_voice_command voice_command(const nx_state *s)
{
    uint8_t w = s->play.voice_what;
    if (w < NX_VOICE_NAMED) return (nx_voice_command){ (nx_voice_kind)w, NX_TR_NONE };
    return (nx_voice_command){ NX_VOICE_NAMED, (nx_treachery_card)(w - NX_VOICE_NAMED) };
}

/* Does a command bind this side now? */
static int voiced(const nx_state *s, int side) { return s->play.voice_mode && side == target_side(s, NX_ADV_VOICE); }

static int matches(const nx_state *s, nx_comp c)
{
    return c != NX_COMP_NONE && nx_comp_kind_of(c) == NX_COMP_TREACHERY &&
           nx_treachery_matches_voice(nx_battle_card(c), voice_command(s));
}

/* A card in the seat's hand the command concerns, or NX_COMP_NONE. */
static nx_comp matching_card(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    for (int i = 0; i < n; i++)
        if (matches(s, hand[i])) return hand[i];
    return NX_COMP_NONE;
}

/* "a projectile weapon", "the Lasgun" */
static const char *what_text(nx_voice_command cmd, char *buf, size_t len)
{
    static const char *const generic[NX_VOICE_NAMED] = { "a projectile weapon", "a poison weapon", "a projectile defense",
                                                         "a poison defense", "a worthless card", "a Cheap Hero" };
    if (cmd.kind != NX_VOICE_NAMED) return generic[cmd.kind];
    nx_fmt(buf, len, "the %s", nx_treachery_name(cmd.card));
    return buf;
}

nx_comp nx_battle_voice_demand(const nx_state *s, int side)
{
    if (!voiced(s, side) || s->play.voice_mode != NX_VOICE_PLAY) return NX_COMP_NONE;
    uint8_t seat = s->play.battle_seats[side];
    nx_comp c = matching_card(s, seat);
    /* A card needs a leader or a Cheap Hero beside it (battle.md 3): a
     * seat that can play no card is free of the command (battle.md 5). */
    if (c == NX_COMP_NONE || (!nx_treachery_is_cheap_hero(nx_battle_card(c)) && !nx_battle_can_lead(s, seat)))
        return NX_COMP_NONE;
    return c;
}

int nx_battle_voice_hits(const nx_state *s, int side, nx_comp c)
{
    return voiced(s, side) && s->play.voice_mode == NX_VOICE_NOT_PLAY && matches(s, c);
}

int nx_battle_hero_forbidden(const nx_state *s, int side)
{
    return voiced(s, side) && s->play.voice_mode == NX_VOICE_NOT_PLAY && voice_command(s).kind == NX_VOICE_CHEAP_HERO;
}

int nx_battle_voice_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len)
{
    if (!voiced(s, side)) return 0;
    char buf[48];
    const char *what = what_text(voice_command(s), buf, sizeof buf);
    int any = matches(s, pl->leader) || matches(s, pl->weapon) || matches(s, pl->defence);
    if (s->play.voice_mode == NX_VOICE_NOT_PLAY && any) {
        nx_fmt(why, len, "the Voice commands you not to play %s", what);
        return -1;
    }
    if (s->play.voice_mode == NX_VOICE_PLAY && !any && nx_battle_voice_demand(s, side) != NX_COMP_NONE) {
        nx_fmt(why, len, "the Voice commands you to play %s, and you can", what);
        return -1;
    }
    return 0;
}

int nx_battle_open_voice(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t bg = user_of(s, NX_ADV_VOICE);
    int t = target_side(s, NX_ADV_VOICE);
    if (t < 0 || stopped(s, NX_ADV_VOICE)) return 0;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_VOICE, bg);
    p->event = nx_state_new_event(s);
    char w[64];
    nx_fmt(p->prompt, sizeof p->prompt, "Voice: command %s to play or not to play a kind of card, or pass",
             nx_act_who(s, s->play.battle_seats[t], w, sizeof w));
    return 1;
}

/* "what": a generic object, or a special weapon or defence by its id; a
 * card that answers to a generic command cannot be named (FAQ-N pp.4-5). */
static int read_what(nx_act *a, int *what)
{
    const char *id = json_string_value(json_object_get(a->action, "what"));
    *what = id ? nx_board_voice_what_parse(id) : -1;
    if (*what >= 0) return 0;
    nx_treachery_card c = id ? nx_treachery_parse(id) : NX_TR_NONE;
    if (c != NX_TR_NONE && nx_treachery_voice_class(c) != NX_VOICE_NONE)
        return nx_act_fail(a, "illegal", "the Voice names only special weapons and defenses: %s falls under \"%s\"",
                           nx_treachery_name(c), nx_board_voice_what_id((uint8_t)nx_treachery_voice_class(c)));
    if (c != NX_TR_NONE) return nx_act_fail(a, "illegal", "%s is no weapon or defense the Voice can name", nx_treachery_name(c));
    return nx_act_fail(a, "malformed", "\"what\" must be projectile_weapon, poison_weapon, projectile_defense, "
                                       "poison_defense, worthless, cheap_hero or a special weapon or defense (\"lasgun\")");
}

int nx_battle_act_voice(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_VOICE);
    if (!p || nx_arg_keys(a, NX_KEYS("command", "what"))) return -1;
    const char *mode = json_string_value(json_object_get(a->action, "command"));
    int play = mode && !strcmp(mode, "play"), what;
    if (!mode || (!play && strcmp(mode, "not_play")))
        return nx_act_fail(a, "malformed", "\"command\" must be \"play\" or \"not_play\"");
    if (read_what(a, &what)) return -1;
    nx_state *s = a->s;
    s->play.voice_mode = play ? NX_VOICE_PLAY : NX_VOICE_NOT_PLAY;
    s->play.voice_what = (uint8_t)what;
    char w[64], t[64], buf[48];
    nx_act_log(a, "%s uses the Voice: %s must %s %s", nx_act_who(s, p->seat, w, sizeof w),
               nx_act_who(s, s->play.battle_seats[target_side(s, NX_ADV_VOICE)], t, sizeof t), play ? "play" : "not play",
               what_text(voice_command(s), buf, sizeof buf));
    use_grant(s, p->seat, NX_ADV_VOICE);
    nx_state_remove_pending(s, p);
    return 0;
}

int nx_battle_pass_voice(nx_act *a, const nx_pending *p)
{
    char w[64];
    nx_act_log(a, "%s does not use the Voice", nx_act_who(a->s, p->seat, w, sizeof w));
    use_grant(a->s, p->seat, NX_ADV_VOICE);
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* The attacks in the seat's own hand (NX_TRE_PROJECTILE, NX_TRE_POISON). */
static unsigned attacks_in_hand(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    unsigned out = 0;
    for (int i = 0; i < n; i++) out |= nx_treachery_effect(nx_battle_card(hand[i]), NX_TR_SLOT_WEAPON);
    return out & (NX_TRE_PROJECTILE | NX_TRE_POISON);
}

static void add_command(json_t *out, int score, const char *mode, const char *what)
{
    nx_moves_add(out, score, json_pack("{s:s, s:s, s:s}", "type", "voice", "command", mode, "what", what));
}

/* Forbid the defence against a weapon the Bene Gesserit will fight with
 * (its own hand: an ally's is unseen), else the opponent's weapons. */
void nx_battle_voice_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    unsigned attack = nx_battle_side(s, p->seat) >= 0 ? attacks_in_hand(s, p->seat) : 0;
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    add_command(out, attack & NX_TRE_PROJECTILE ? 12 : 3, "not_play", "projectile_defense");
    add_command(out, attack & NX_TRE_POISON ? 12 : 3, "not_play", "poison_defense");
    add_command(out, 6, "not_play", "projectile_weapon");
    add_command(out, 6, "not_play", "poison_weapon");
    add_command(out, 4, "not_play", "lasgun");
    add_command(out, 2, "play", "worthless");
    add_command(out, 2, "not_play", "cheap_hero");
}

/* ---- Prescience ------------------------------------------------------------------------ */

int nx_battle_open_prescience(nx_act *a)
{
    nx_state *s = a->s;
    int t = target_side(s, NX_ADV_PRESCIENCE);
    if (t < 0 || stopped(s, NX_ADV_PRESCIENCE)) return 0;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_PRESCIENCE, user_of(s, NX_ADV_PRESCIENCE));
    p->event = nx_state_new_event(s);
    char w[64];
    nx_fmt(p->prompt, sizeof p->prompt, "Prescience: see the leader, weapon, defense or dial of %s, or pass",
             nx_act_who(s, s->play.battle_seats[t], w, sizeof w));
    return 1;
}

int nx_battle_act_prescience(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_PRESCIENCE);
    if (!p || nx_arg_keys(a, NX_KEYS("element"))) return -1;
    const char *id = json_string_value(json_object_get(a->action, "element"));
    int e = NX_ELEM_LEADER;
    while (id && e < NX_ELEM_COUNT && strcmp(nx_elem_ids[e], id)) e++;
    if (!id || e == NX_ELEM_COUNT) return nx_act_fail(a, "malformed", "\"element\" must be leader, weapon, defense or dial");
    nx_state *s = a->s;
    /* A second look (Atreides Cunning) names a different element. */
    if (s->play.battle_fixed[target_side(s, NX_ADV_PRESCIENCE)] & elem_fix(s, e))
        return nx_act_fail(a, "illegal", "the %s was already shown: name a different element", nx_elem_ids[e]);
    s->play.prescience_elem = (uint8_t)e;
    use_grant(s, p->seat, NX_ADV_PRESCIENCE);
    char w[64], t[64];
    nx_act_log(a, "%s uses Prescience: %s must show the %s it will play", nx_act_who(s, p->seat, w, sizeof w),
               nx_act_who(s, s->play.battle_seats[target_side(s, NX_ADV_PRESCIENCE)], t, sizeof t), nx_elem_ids[e]);
    nx_state_remove_pending(s, p);
    return 0;
}

int nx_battle_pass_prescience(nx_act *a, const nx_pending *p)
{
    char w[64];
    nx_act_log(a, "%s does not use Prescience", nx_act_who(a->s, p->seat, w, sizeof w));
    use_grant(a->s, p->seat, NX_ADV_PRESCIENCE);
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* The Atreides bot asks for the weapon first: it decides whether its
 * leader lives. */
void nx_battle_prescience_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)p;
    static const int score[NX_ELEM_COUNT] = { 0, 4, 10, 6, 5 };
    int t = target_side(s, NX_ADV_PRESCIENCE);
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    for (int e = NX_ELEM_LEADER; e < NX_ELEM_COUNT; e++)
        if (t < 0 || !(s->play.battle_fixed[t] & elem_fix(s, e))) nx_moves_add(out, score[e], json_pack("{s:s, s:s}", "type", "prescience", "element", nx_elem_ids[e]));
}

/* ---- what Prescience commits a plan to (the answer: nx_battle_foresee.c) ---- */

/* The plan elements an answer to element e fixes. */
static unsigned elem_fix(const nx_state *s, int e)
{
    static const unsigned fix[NX_ELEM_COUNT] = { 0, NX_FIX_LEADER, NX_FIX_WEAPON, NX_FIX_DEFENCE, NX_FIX_DIAL };
    if (e == NX_ELEM_DIAL && s->play.rule[NX_RULE_PRESCIENCE_DIAL] == NX_RS_TURN_BATTLE_PRESCIENCE_DIAL_DIAL_AND_SUPPORT) return NX_FIX_DIAL | NX_FIX_SUPPORT;
    return fix[e];
}

static const char *comp_name(nx_comp c)
{
    if (c == NX_COMP_NONE) return "none";
    if (nx_comp_kind_of(c) == NX_COMP_LEADER) return nx_leader_get(nx_comp_leader(c))->name;
    return nx_treachery_name(nx_battle_card(c));
}

int nx_battle_fixed_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len)
{
    const nx_play *p = &s->play;
    unsigned fixed = p->battle_fixed[side];
    if ((fixed & NX_FIX_SUPPORT) && pl->spice != p->battle_support[side]) {
        nx_fmt(why, len, "Prescience: you showed a dial of %g with %d spice support; your plan must keep both",
                 p->battle_dial[side] / 2.0, p->battle_support[side]);
        return -1;
    }
    if ((fixed & NX_FIX_DIAL) && pl->dial2 != p->battle_dial[side]) {
        nx_fmt(why, len, "Prescience: you showed a dial of %g; your plan must keep it", p->battle_dial[side] / 2.0);
        return -1;
    }
    const nx_comp planned[NX_ELEM_DIAL] = { NX_COMP_NONE, pl->leader, pl->weapon, pl->defence };
    const nx_comp shown[NX_ELEM_DIAL] = { NX_COMP_NONE, p->battle_leader[side], p->battle_weapon[side], p->battle_defence[side] };
    for (int e = NX_ELEM_LEADER; e < NX_ELEM_DIAL; e++)
        if ((fixed & elem_fix(s, e)) && planned[e] != shown[e]) {
            nx_fmt(why, len, "Prescience: you showed %s %s; your plan must keep it", nx_elem_ids[e], comp_name(shown[e]));
            return -1;
        }
    return 0;
}

/* For the Prescience answer (nx_battle_foresee.c). */
int nx_battle_target_side(const nx_state *s, int adv) { return target_side(s, adv); }
int nx_battle_voiced(const nx_state *s, int side) { return voiced(s, side); }
unsigned nx_battle_elem_fix(const nx_state *s, int e) { return elem_fix(s, e); }
const char *nx_battle_comp_name(nx_comp c) { return comp_name(c); }

/* ---- Karama windows ------------------------------------------------------------------------ */

/* The card a seat spends as a Karama: Advanced Bene Gesserit a worthless
 * card first (LV 2.02), else a Karama; NX_COMP_NONE when none. */
static nx_comp karama_card(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    int bg = advanced(s) && s->seats[seat].faction == NX_BENE_GESSERIT;
    nx_comp karama = NX_COMP_NONE;
    for (int i = 0; i < n; i++) {
        nx_treachery_card c = nx_battle_card(hand[i]);
        if (bg && nx_treachery_is_worthless(c)) return hand[i];
        if (c == NX_TR_KARAMA && karama == NX_COMP_NONE) karama = hand[i];
    }
    return karama;
}

/* Might the seat hold a card it could spend as a Karama, by what the
 * table sees?  It holds a Treachery card, and some such card lies out of
 * sight (not in a discard pile or set aside). */
static int may_hold_karama(const nx_state *s, uint8_t seat)
{
    if (!nx_custody_count(&s->custody, hand_of(seat))) return 0;
    int bg = advanced(s) && s->seats[seat].faction == NX_BENE_GESSERIT;
    for (int copy = 0; copy < NX_TREACHERY_COPY_COUNT; copy++) {
        nx_treachery_card c = nx_treachery_copy_card(copy);
        if (c != NX_TR_KARAMA && !(bg && nx_treachery_is_worthless(c))) continue;
        nx_zone z = s->custody.zone[nx_comp_treachery(copy)];
        if (z != NX_Z_OUT && nx_zone_visibility(z) != NX_VIS_PUBLIC) return 1;
    }
    return 0;
}

/* Is there a use of the elite bonuses to answer (Advanced, before any
 * plan)?  The Emperor's when it fights anyone but the Fremen with
 * Sardaukar in the battle, actual or counted so by Emperor Cunning (a
 * virtual-elite effect); the Fremen's (free support at least) whenever
 * it fights. */
static int bonus_due(const nx_state *s, int adv, uint8_t user)
{
    int side = nx_battle_side(s, user);
    if (!advanced(s) || side < 0) return 0;
    if (adv == NX_ADV_FREMEN) return 1;
    int have[NX_FORCE_KINDS];
    nx_battle_fighters_effective(s, user, have);
    return s->seats[s->play.battle_seats[1 - side]].faction != NX_FREMEN && have[NX_FORCE_ELITE] > 0;
}

/* May a Karama stop a use a Nexus card made (a grant: a Secret Ally's
 * borrowed Voice or Prescience, Atreides Cunning's second look)?
 * Borrowed Voice: bene_gesserit.secret_ally.karama.  Prescience lent by
 * the Atreides card is a stand-alone instruction of the card, a Karama
 * target only when every Nexus play is; Cunning's look enhances the
 * native advantage, a target unless Nexus effects are immune
 * (common.karama.nexus_effects: advantage_uses, every_play and
 * cunning_only all name it). */
static int granted_cancellable(nx_act *a, int adv)
{
    int granted = nx_effect_find(a->s, NX_EFF_USED, NX_NO_SEAT, adv) >= 0;
    if (!granted) return 1;
    int native = nx_state_seat_of(a->s, adv_faction[adv]) != NX_NO_SEAT;
    if (adv == NX_ADV_VOICE) return NX_SETTING_IS(a, BENE_GESSERIT_SECRET_ALLY_KARAMA, CANCELLABLE);
    if (adv == NX_ADV_PRESCIENCE && !native) return NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, EVERY_PLAY);
    if (adv == NX_ADV_PRESCIENCE) return !NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, IMMUNE);
    return 1;
}

/* Is there a use of the advantage to answer?  The Kwisatz Haderach before
 * any plan, when Atreides fights, could add it and has something to add
 * it to; the elite bonuses before any plan; the Voice once commanded;
 * Prescience once an element is named; the capture once Harkonnen won
 * and drew a leader. */
static int window_due(nx_act *a, int adv)
{
    const nx_state *s = a->s;
    uint8_t user = user_of(s, adv);
    if (user == NX_NO_SEAT || stopped(s, adv)) return 0;
    switch (adv) {
    case NX_ADV_VOICE: return s->play.voice_mode != 0 && granted_cancellable(a, adv);
    case NX_ADV_PRESCIENCE: return s->play.prescience_elem != 0 && granted_cancellable(a, adv);
    case NX_ADV_SARDAUKAR:
    case NX_ADV_FREMEN: return bonus_due(s, adv, user);
    case NX_ADV_CAPTURE: return s->play.battle_winner == user && s->play.battle_captive != 0xff;
    default: break;
    }
    int side = nx_battle_side(s, user);
    return side >= 0 && nx_battle_kh_usable(s, side) && nx_battle_can_lead(s, user);
}

/* The event a response window answers, for the advantages a Nexus card
 * may stop there; NX_EV_NONE for the others. */
static const int adv_event[NX_ADV_COUNT] = {
    [NX_ADV_VOICE] = NX_EV_VOICE, [NX_ADV_PRESCIENCE] = NX_EV_PRESCIENCE, [NX_ADV_SARDAUKAR] = NX_EV_SARDAUKAR_BONUS,
};

/* Does the Nexus module open this window to every seat, whatever it
 * holds?  Against Voice and the Sardaukar strength under
 * common.windows.native_response "every_seat" (000, 002); against
 * Prescience under common.reactions.private_policy "uniform_window".
 * Otherwise (the rulings unresolved) no window opens for a Nexus card,
 * and the gated panels stay unavailable. */
static int open_to_every_seat(nx_act *a, int adv)
{
    if (!(a->s->options & NX_OPT_NEXUS_CARDS) || !adv_event[adv]) return 0;
    if (adv == NX_ADV_PRESCIENCE)
        return NX_SETTING_IS(a, COMMON_REACTIONS_PRIVATE_POLICY, UNIFORM_WINDOW);
    return NX_SETTING_IS(a, COMMON_WINDOWS_NATIVE_RESPONSE, EVERY_SEAT);
}

int nx_battle_open_window(nx_act *a, int adv)
{
    nx_state *s = a->s;
    if (!window_due(a, adv)) return 0;
    uint8_t user = user_of(s, adv), order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    int every = open_to_every_seat(a, adv);
    uint32_t event = 0;
    char w[64];
    for (int i = 0; i < s->nseats; i++) {
        if (order[i] == user || (!every && !may_hold_karama(s, order[i]))) continue;
        if (!event) event = nx_state_new_event(s);
        nx_pending *p = nx_state_add_pending(s, NX_PEND_KARAMA, order[i]);
        p->event = event;
        if (every)
            nx_fmt(p->prompt, sizeof p->prompt, "Respond to %s of %s: Karama, a Nexus card, or pass", adv_names[adv],
                     nx_act_who(s, user, w, sizeof w));
        else
            nx_fmt(p->prompt, sizeof p->prompt, "Karama: stop %s of %s, or pass", adv_names[adv], nx_act_who(s, user, w, sizeof w));
    }
    if (!event) return 0;
    s->play.karama_window = (uint8_t)adv;
    s->play.karama_players = s->play.nexus_players = 0;
    int t = target_side(s, adv);
    if (adv_event[adv]) nx_event_raise(s, adv_event[adv], user, t < 0 ? NX_NO_SEAT : s->play.battle_seats[t]);
    return 1;
}

/* Every answer looks alike until all are in: none logs a line, and the
 * window's closing line says what came of it. */
static int answered(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    return 0;
}

int nx_battle_act_karama(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_KARAMA);
    if (!p || nx_arg_keys(a, NX_NO_KEYS)) return -1;
    if (karama_card(a->s, p->seat) == NX_COMP_NONE)
        return nx_act_fail(a, "illegal", "you hold no Karama card%s",
                           advanced(a->s) && a->s->seats[p->seat].faction == NX_BENE_GESSERIT ? " and no worthless card to use as one" : "");
    a->s->play.karama_players |= bit(p->seat);
    return answered(a, p);
}

int nx_battle_pass_karama(nx_act *a, const nx_pending *p) { return answered(a, p); }

int nx_battle_answer_nexus(nx_act *a, const nx_pending *p)
{
    assert(p->kind == NX_PEND_KARAMA);
    a->s->play.nexus_players |= bit(p->seat);
    return answered(a, p);
}

/* Is the window's event still raised for a Nexus answer that was held for
 * its own Karama window (no window open, the answer made or spent since)?
 * Only an open response window raises these events (nx_battle_open_window). */
static int answer_was_held(const nx_state *s)
{
    int ev = s->play.event_now;
    return !s->play.karama_window && !s->play.nxh_source && ev &&
           (ev == adv_event[NX_ADV_VOICE] || ev == adv_event[NX_ADV_PRESCIENCE] || ev == adv_event[NX_ADV_SARDAUKAR]);
}

/* The first seat in storm order that answered "karama" or with a Nexus
 * card stops the advantage (common.cancellation.priority "storm_order"):
 * a Karama is spent here, a Nexus card is played now (its panel does the
 * stopping); the later seats keep their cards.  A Nexus answer that is a
 * Karama target is held for its own window instead (nx_panel_karama.c):
 * the event stays raised, so that the panel stops the attempt still in
 * hand once the play is made, and the procedure waits and calls again. */
int nx_battle_close_window(nx_act *a)
{
    nx_state *s = a->s;
    int adv = s->play.karama_window;
    if (!adv) {
        if (answer_was_held(s)) nx_event_clear(s);
        return 0;
    }
    uint8_t players = s->play.karama_players, nexus = s->play.nexus_players, order[NX_MAX_SEATS];
    s->play.karama_window = s->play.karama_players = s->play.nexus_players = 0;
    nx_state_storm_order(s, order);
    char w[64], u[64];
    nx_act_who(s, user_of(s, adv), u, sizeof u);
    for (int i = 0; i < s->nseats; i++) {
        if (nexus & bit(order[i])) {
            /* The panel's script stops the attempt (ctx:stop) while the
             * event is still raised.  Refused at settlement (the panel's
             * own check changed its mind), the action fails as a whole
             * (failed_late: nx_game rolls back). */
            if (a->rt->rules->settle_panel(a, order[i]) > 0) return 1;
            nx_event_clear(s);
            return 0;
        }
        nx_comp card = (players & bit(order[i])) ? karama_card(s, order[i]) : NX_COMP_NONE;
        if (card == NX_COMP_NONE) continue;
        nx_custody_move(&s->custody, card, NX_Z_TREACHERY_DISCARD);
        /* A Karama stops one use, this battle's (FAQ-N p.7). */
        s->play.battle_stopped |= (uint8_t)(1u << adv);
        if (adv == NX_ADV_VOICE) s->play.voice_mode = 0;
        nx_treachery_card c = nx_battle_card(card);
        nx_act_log(a, "%s plays %s%s: %s of %s is stopped", nx_act_who(s, order[i], w, sizeof w), nx_treachery_name(c),
                   c == NX_TR_KARAMA ? "" : " as a Karama", adv_names[adv], u);
        nx_event_clear(s);
        return 0;
    }
    nx_act_log(a, "no Karama is played against %s of %s", adv_names[adv], u);
    nx_event_clear(s);
    return 0;
}

int nx_battle_stop(nx_act *a, int adv, uint8_t by, int attempt_only)
{
    nx_state *s = a->s;
    if (adv <= NX_ADV_NONE || adv >= NX_ADV_COUNT || stopped(s, adv)) return -1;
    char w[64], u[64];
    nx_act_who(s, by, w, sizeof w);
    nx_act_who(s, user_of(s, adv), u, sizeof u);
    if (attempt_only) {
        /* Only this attempt: the element asked goes unanswered and the
         * user may make one new attempt (the procedure asks again). */
        if (adv != NX_ADV_PRESCIENCE) return -1;
        s->play.prescience_elem = 0;
        nx_act_log(a, "%s stops this attempt of %s of %s", w, adv_names[adv], u);
        return 0;
    }
    s->play.battle_stopped |= (uint8_t)(1u << adv);
    if (adv == NX_ADV_VOICE) s->play.voice_mode = 0;
    nx_act_log(a, "%s stops %s of %s", w, adv_names[adv], u);
    return 0;
}

int nx_battle_adv_parse(const char *id)
{
    for (int i = NX_ADV_NONE + 1; i < NX_ADV_COUNT; i++)
        if (!strcmp(nx_adv_ids[i], id)) return i;
    return NX_ADV_NONE;
}

int nx_battle_adv_event(int adv) { return adv > NX_ADV_NONE && adv < NX_ADV_COUNT ? adv_event[adv] : NX_EV_NONE; }

/* Play it where it hurts: on the side the advantage works against, and
 * against a Voice only when it concerns a card in hand. */
void nx_battle_karama_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_moves_add(out, 5, json_pack("{s:s}", "type", "pass"));
    if (karama_card(s, p->seat) == NX_COMP_NONE) return;
    int adv = s->play.karama_window, hurt = nx_battle_adv_side(s, p->seat) == target_side(s, adv);
    int score = !hurt ? 1 : adv != NX_ADV_VOICE || matching_card(s, p->seat) != NX_COMP_NONE ? 9 : 3;
    nx_moves_add(out, score, json_pack("{s:s}", "type", "karama"));
}

/* ---- the Kwisatz Haderach ------------------------------------------------------------------------ */

/* Why this side cannot add it now, or NULL. */
static const char *kh_refusal(const nx_state *s, int side)
{
    const nx_play *p = &s->play;
    if (!advanced(s) || s->seats[p->battle_seats[side]].faction != NX_ATREIDES)
        return "only the Atreides have the Kwisatz Haderach, in the Advanced game";
    if (p->kh_losses < NX_KH_AWAKENS) return "it has not awakened: the Atreides have lost fewer than 7 forces in battles";
    if (p->kh_dead) return "it died in an explosion and has not been revived";
    if (stopped(s, NX_ADV_KH)) return "a Karama stopped it";
    /* One territory a turn (LV 2.01): again in the territory it fought in. */
    if (p->kh_used && p->kh_used != p->battle_t + 1) return "it fought in another territory this turn";
    return NULL;
}

int nx_battle_kh_usable(const nx_state *s, int side) { return kh_refusal(s, side) == NULL; }

int nx_battle_kh_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len)
{
    if (!pl->kh) return 0;
    const char *r = kh_refusal(s, side);
    if (r) {
        nx_fmt(why, len, "kwisatz_haderach: %s", r);
        return -1;
    }
    if (pl->leader == NX_COMP_NONE) {
        nx_fmt(why, len, "kwisatz_haderach: it goes with a leader or a Cheap Hero");
        return -1;
    }
    return 0;
}

void nx_battle_kh_losses(nx_act *a, uint8_t seat, int n, int ordinary)
{
    nx_state *s = a->s;
    if (n <= 0 || !advanced(s) || s->seats[seat].faction != NX_ATREIDES) return;
    if (!ordinary && s->play.rule[NX_RULE_KH_LOSSES] == NX_RS_TURN_BATTLE_KH_LOSSES_ORDINARY_ONLY) return;
    int before = s->play.kh_losses, after = before + n > 0xff ? 0xff : before + n;
    s->play.kh_losses = (uint8_t)after;
    char w[64];
    if (before < NX_KH_AWAKENS && after >= NX_KH_AWAKENS)
        nx_act_log(a, "the Kwisatz Haderach awakens: %s has lost %d forces in battles", nx_act_who(s, seat, w, sizeof w), after);
}
