/*
 * The action handlers and their dispatch table.  Each handler validates
 * everything before it moves anything; nx_game puts the saved state back
 * on a refusal, so a refusal after a partial change is still atomic, but refusing first
 * keeps the messages about the player's request rather than its effects.
 */
#include <string.h>

#include "nx_leaders.h"
#include "nx_turn.h"
#include "nx_names.h"

static const char *str_arg(const nx_act *a, const char *key)
{
    return json_string_value(json_object_get(a->action, key));
}

static int seat_arg(nx_act *a, const char *key, uint8_t *out)
{
    json_t *j = json_object_get(a->action, key);
    if (!json_is_integer(j) || json_integer_value(j) < 0 || json_integer_value(j) >= a->s->nseats)
        return nx_act_fail(a, "malformed", "\"%s\" must be a seat number", key);
    *out = (uint8_t)json_integer_value(j);
    return 0;
}

static int check_keys(nx_act *a, const char *const *allowed) { return nx_arg_keys(a, allowed); }

#define KEYS(...) (const char *const[]){ __VA_ARGS__, NULL }
#define NO_KEYS (const char *const[]){ NULL }

/* ---- host actions ---------------------------------------------------------- */

static int act_advance(nx_act *a)
{
    if (check_keys(a, NO_KEYS)) return -1;
    return nx_phases_advance(a);
}

/* Until the Spice Deck and Shai-Hulud exist, the host declares that a
 * Nexus occurred in this Spice Blow and Nexus phase. */
static int act_nexus(nx_act *a)
{
    if (check_keys(a, NO_KEYS)) return -1;
    if (nx_phases_is_rules_game(a->s))
        return nx_act_fail(a, "illegal", "in a rules game a Nexus comes from Shai-Hulud; \"nexus\" is for designer's tables");
    if (a->s->phase != NX_P_SPICE_BLOW)
        return nx_act_fail(a, "illegal", "a Nexus happens only during Spice Blow and Nexus");
    a->s->nexus_occurred = 1;
    a->s->negotiating = 1;
    nx_act_log(a, "Nexus! Alliances may be formed and broken");
    return 0;
}

/* On a designer's table the host may move any in-game card (named, or the
 * top card of a zone) to any zone of its kind, to set up a scenario.  It is logged like every action, so
 * replay and saved games stay exact; normal games refuse it. */
static int act_place(nx_act *a)
{
    if (check_keys(a, KEYS("card", "from", "zone"))) return -1;
    if (!(a->s->options & NX_OPT_DESIGNER))
        return nx_act_fail(a, "illegal", "\"place\" is only allowed on a designer's table");
    const char *card = str_arg(a, "card"), *from = str_arg(a, "from"), *zone = str_arg(a, "zone");
    if (!card == !from) return nx_act_fail(a, "malformed", "name either \"card\" or \"from\" (a zone whose top card moves)");
    int fz = from ? nx_zone_parse(from) : -1;
    char hint[512];
    if (from && fz <= NX_Z_OUT)
        return nx_act_fail(a, "malformed", "\"from\" must name a zone, not '%s'%s", from,
                           fz < 0 ? nx_zone_hint(from, hint, sizeof hint) : "");
    nx_comp c = card ? nx_comp_parse(card) : nx_custody_top(&a->s->custody, (nx_zone)fz);
    int z = zone ? nx_zone_parse(zone) : -1;
    if (c == NX_COMP_NONE) return nx_act_fail(a, card ? "malformed" : "illegal", card ? "\"card\" must name a component" : "\"from\" is empty");
    if (z <= NX_Z_OUT)
        return nx_act_fail(a, "malformed", "\"zone\" must name a zone, not '%s'%s", zone ? zone : "",
                           z < 0 ? nx_zone_hint(zone ? zone : "", hint, sizeof hint) : "");
    if (a->s->custody.zone[c] == NX_Z_OUT) return nx_act_fail(a, "illegal", "%s is not in this game", nx_comp_id(c));
    nx_custody_move(&a->s->custody, c, (nx_zone)z);
    nx_act_log(a, "the designer places a card");
    return 0;
}

/* ---- alliances ------------------------------------------------------------- */

static int need_negotiation(nx_act *a)
{
    if (!a->s->negotiating)
        return nx_act_fail(a, "illegal", "alliances change only during a Nexus");
    /* An alliance discards its partners' Nexus cards and changes which mode
     * a card plays in: while a play is held for its Karama window the
     * ruleset's holds refuse it (nx_panel_karama_holds), so a held play
     * never loses its card or its mode before it is made. */
    return 0;
}

/* A player may join one alliance per Nexus; one who breaks away may form
 * a new one at once, if it has not already allied in this Nexus
 * (docs/rules/turn.md 2.2, LV 1.10). */
static int may_ally_now(nx_act *a, uint8_t seat)
{
    if (a->s->play.nexus_allied & (1u << seat))
        return nx_act_fail(a, "illegal", "seat %d has already joined an alliance in this Nexus", seat);
    return 0;
}

static int act_offer_alliance(nx_act *a)
{
    uint8_t to = 0;
    if (check_keys(a, KEYS("to")) || seat_arg(a, "to", &to) || need_negotiation(a) ||
        may_ally_now(a, (uint8_t)a->seat) || may_ally_now(a, to))
        return -1;
    const nx_seat *me = &a->s->seats[a->seat];
    if (to == a->seat) return nx_act_fail(a, "illegal", "a seat cannot ally with itself");
    /* GF9's two-player game sets two opponents against each other (Atreides
     * against Harkonnen, or two factions each): an alliance of the only two
     * players would end the contest, so there is none (docs/rules/alliances.md). */
    if (a->s->nseats == 2)
        return nx_act_fail(a, "illegal", "in a two-player game the two players are opponents: no alliance");
    if (me->ally != NX_NO_SEAT || a->s->seats[to].ally != NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "both players must be unallied (alliances are of two players here)");
    nx_state_offer(a->s, (uint8_t)a->seat, to, 1);
    char w1[64], w2[64];
    nx_act_log(a, "%s offers an alliance to %s", nx_act_who(a->s, a->seat, w1, sizeof w1),
               nx_act_who(a->s, to, w2, sizeof w2));
    nx_nexus_offer_made(a, (uint8_t)a->seat, to);
    return 0;
}

static int act_answer_offer(nx_act *a, int accept)
{
    uint8_t from = 0;
    if (check_keys(a, KEYS("from")) || seat_arg(a, "from", &from) || need_negotiation(a)) return -1;
    nx_state *s = a->s;
    if (!(s->seats[from].offers & (1u << a->seat)))
        return nx_act_fail(a, "illegal", "seat %d has not offered an alliance to seat %d", from, a->seat);
    nx_state_offer(s, from, (uint8_t)a->seat, 0);
    char w1[64], w2[64];
    nx_act_who(s, a->seat, w1, sizeof w1);
    nx_act_who(s, from, w2, sizeof w2);
    if (!accept) {
        /* A refusal discards nothing (lifecycle 6). */
        nx_act_log(a, "%s refuses the alliance offered by %s", w1, w2);
        return 0;
    }
    if (s->seats[from].ally != NX_NO_SEAT || s->seats[a->seat].ally != NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "one of the two players is already allied");
    if (may_ally_now(a, from) || may_ally_now(a, (uint8_t)a->seat)) return -1;
    s->play.nexus_allied = (uint8_t)(s->play.nexus_allied | (1u << from) | (1u << a->seat));
    nx_state_ally(s, from, (uint8_t)a->seat);
    nx_act_log(a, "%s and %s form an alliance", w2, w1);
    nx_ruleset_allied(a, from, (uint8_t)a->seat);   /* the Nexus card lifecycle discards both held cards */
    return 0;
}

static int act_accept_alliance(nx_act *a) { return act_answer_offer(a, 1); }
static int act_refuse_alliance(nx_act *a) { return act_answer_offer(a, 0); }

static int act_leave_alliance(nx_act *a)
{
    if (check_keys(a, NO_KEYS) || need_negotiation(a)) return -1;
    nx_state *s = a->s;
    uint8_t ally = s->seats[a->seat].ally;
    if (ally == NX_NO_SEAT) return nx_act_fail(a, "illegal", "seat %d has no alliance to leave", a->seat);
    nx_state_unally(s, (uint8_t)a->seat);
    /* Leaving generates no draw (lifecycle 6). */
    char w1[64], w2[64];
    nx_act_log(a, "%s leaves its alliance with %s", nx_act_who(s, a->seat, w1, sizeof w1),
               nx_act_who(s, ally, w2, sizeof w2));
    return 0;
}

/* ---- private draw policy ----------------------------------------------------- */

static int act_set_policy(nx_act *a)
{
    const char *p = str_arg(a, "policy");
    if (check_keys(a, KEYS("policy"))) return -1;
    int policy = p ? nx_policy_parse(p) : -1;
    if (policy < 0)
        return nx_act_fail(a, "malformed", "\"policy\" must be keep, redraw_once or redraw_always");
    /* Private: no public log line, the view shows it to its owner only. */
    a->s->seats[a->seat].policy = (uint8_t)policy;
    return 0;
}

/* ---- answering a pending decision -------------------------------------------
 * "answer" answers the seat's first decision by its kind (nx_ruleset_answer):
 * the Traitor Card selection here; a Nexus card draw and a panel's question
 * in the Nexus card layer (nexus/nx_lifecycle.c, nexus/nx_panel_acts.c). */

static int answer_traitor(nx_act *a, const nx_pending *p)
{
    nx_comp chosen[1];
    int n;
    if (nx_arg_choose(a, p, chosen, &n)) return -1;
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    nx_custody_move(&s->custody, chosen[0], NX_Z_SEAT(seat, NX_ZS_TRAITORS));
    /* The three others go face down to the bottom of the deck (base p.6). */
    nx_comp rest[4];
    int nrest = nx_custody_list(&s->custody, NX_Z_SEAT(seat, NX_ZS_TRAITOR_OFFER), rest, 4);
    for (int i = 0; i < nrest; i++) nx_custody_move_bottom(&s->custody, rest[i], NX_Z_TRAITOR_DECK);
    nx_state_remove_pending(s, p);
    char who[64];
    nx_act_log(a, "%s keeps a Traitor Card", nx_act_who(s, seat, who, sizeof who));
    /* Rules games: the setup procedure ends when every setup decision is
     * answered (nx_phases_settle).  Designer's tables end it here. */
    if (nx_phases_is_rules_game(s) || s->npending) return 0;
    nx_phases_end_setup(a);
    return 0;
}

/* ---- bots' candidates for the core decisions ---------------------------------- */

static json_t *choose_action(nx_comp c)
{
    return json_pack("{s:s, s:[s]}", "type", "answer", "choose", nx_comp_id(c));
}

/* Keep the strongest leader: its traitor is the likeliest to fight. */
static void traitor_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    for (int k = 0; k < p->noptions; k++) {
        int strength = nx_leader_get(nx_comp_leader(p->options[k]))->strength;
        nx_moves_add(out, strength, choose_action(p->options[k]));
    }
}

/* ---- the module ------------------------------------------------------------------- */

static const nx_act_entry core_actions[] = {
    { "advance", act_advance, 1 },
    { "nexus", act_nexus, 1 },
    { "place", act_place, 1 },
    { "offer_alliance", act_offer_alliance, 0 },
    { "accept_alliance", act_accept_alliance, 0 },
    { "refuse_alliance", act_refuse_alliance, 0 },
    { "leave_alliance", act_leave_alliance, 0 },
    { "set_policy", act_set_policy, 0 },
    { "answer", nx_ruleset_answer, 0 },
    { "pass", nx_phases_pass, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops core_decisions[] = {
    { NX_PEND_TRAITOR_SELECT, NULL, traitor_moves, answer_traitor },
    { 0, NULL, NULL },
};

const nx_module nx_mod_core = { "core", -1, NULL, core_actions, core_decisions };
