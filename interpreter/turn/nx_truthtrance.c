/*
 * Treachery cards played at any time outside a phase's decisions
 * (docs/rules/special-cards.md): Truthtrance.
 *
 * Truthtrance: "publicly ask one other player a yes/no question about the
 * game, answered publicly and truthfully" (LV 3.01; battle.md 10.4).  An
 * engine cannot read an arbitrary question, nor check an answer about
 * intentions, so the card asks one of a closed set of questions about
 * facts the state holds, and the engine answers in the asked seat's name.
 * The question and the answer are logged (public, as the card says);
 * the card is discarded.  Questions about a battle plan are about a plan
 * already sealed: such an answer needs no later enforcement (battle.md
 * 13.10 binds answers about plans still being formed, which an engine
 * cannot ask).
 *
 * Tleilaxu Ghola (nx_phase_revival.c), Weather Control and Family Atomics
 * (nx_phase_storm.c) live with the phase whose rules they bend.
 */
#include <stdio.h>
#include <string.h>

#include "nx_play.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_movement.h"

/* One question, as read from the action. */
typedef struct question {
    int to;                     /* the seat asked */
    nx_treachery_card card;     /* "holds", "plan": a design */
    int leader;                 /* "traitor", "plan": a leader index */
    int amount;                 /* "spice": at least; "plan": dial at least */
    nx_faction faction;         /* "prediction" */
    int turn;                   /* "prediction": 0 any */
    char text[128];             /* as logged */
} question;

typedef struct ask_kind {
    const char *ask;
    const char *const *keys;    /* besides "to" and "ask" */
    int (*read)(nx_act *a, question *q);        /* fills q, fails the action when unanswerable */
    int (*answer)(const nx_state *s, const question *q);
} ask_kind;

/* ---- reading the pieces ---------------------------------------------------------- */

static int read_card(nx_act *a, question *q)
{
    const char *id = json_string_value(json_object_get(a->action, "card"));
    q->card = id ? nx_treachery_parse(id) : NX_TR_NONE;
    if (q->card == NX_TR_NONE) return nx_act_fail(a, "malformed", "\"card\" must name a Treachery card design (\"lasgun\")");
    return 0;
}

static int read_leader(nx_act *a, question *q)
{
    const char *id = json_string_value(json_object_get(a->action, "leader"));
    nx_comp c = id ? nx_comp_parse(id) : NX_COMP_NONE;
    if (c == NX_COMP_NONE || nx_comp_kind_of(c) != NX_COMP_LEADER)
        return nx_act_fail(a, "malformed", "\"leader\" must name a leader disc (\"leader:duncan_idaho\")");
    q->leader = nx_comp_leader(c);
    return 0;
}

static int has(nx_act *a, const char *key) { return json_object_get(a->action, key) != NULL; }

/* ---- the questions ----------------------------------------------------------------- */

static int read_holds(nx_act *a, question *q)
{
    if (read_card(a, q)) return -1;
    nx_fmt(q->text, sizeof q->text, "Do you hold a %s?", nx_treachery_name(q->card));
    return 0;
}

static int answer_holds(const nx_state *s, const question *q)
{
    return nx_move_card_in_hand(s, (uint8_t)q->to, q->card) != NX_COMP_NONE;
}

static int read_traitor(nx_act *a, question *q)
{
    if (read_leader(a, q)) return -1;
    nx_fmt(q->text, sizeof q->text, "Do you hold the Traitor Card of %s?", nx_leader_get(q->leader)->name);
    return 0;
}

static int answer_traitor(const nx_state *s, const question *q)
{
    return s->custody.zone[nx_comp_traitor(q->leader)] == NX_Z_SEAT(q->to, NX_ZS_TRAITORS);
}

static int read_spice(nx_act *a, question *q)
{
    if (nx_arg_int(a, "at_least", 1, INT16_MAX, &q->amount)) return -1;
    nx_fmt(q->text, sizeof q->text, "Do you have at least %d spice?", q->amount);
    return 0;
}

static int answer_spice(const nx_state *s, const question *q) { return s->seats[q->to].spice >= q->amount; }

/* A question about a sealed battle plan: one of "card", "leader",
 * "dial_at_least". */
static int read_plan(nx_act *a, question *q)
{
    const nx_state *s = a->s;
    int side = nx_play_battle_side(s, (uint8_t)q->to);
    if (side < 0 || !(s->play.battle_planned & (1u << side)))
        return nx_act_fail(a, "illegal", "seat %d has no sealed battle plan to ask about (questions about a plan still "
                                         "being formed cannot be answered by the engine)", q->to);
    if (has(a, "card") + has(a, "leader") + has(a, "dial_at_least") != 1)
        return nx_act_fail(a, "malformed", "a question about a battle plan names one of \"card\", \"leader\", \"dial_at_least\"");
    if (has(a, "card")) {
        if (read_card(a, q)) return -1;
        nx_fmt(q->text, sizeof q->text, "Does your battle plan use a %s?", nx_treachery_name(q->card));
    } else if (has(a, "leader")) {
        if (read_leader(a, q)) return -1;
        nx_fmt(q->text, sizeof q->text, "Does %s lead your battle plan?", nx_leader_get(q->leader)->name);
    } else {
        if (nx_arg_int(a, "dial_at_least", 0, 40, &q->amount)) return -1;
        nx_fmt(q->text, sizeof q->text, "Does your battle plan dial at least %d?", q->amount);
    }
    return 0;
}

static int slot_is(nx_comp slot, nx_treachery_card card)
{
    return slot != NX_COMP_NONE && nx_comp_kind_of(slot) == NX_COMP_TREACHERY && nx_comp_treachery_card(slot) == card;
}

static int answer_plan(const nx_state *s, const question *q)
{
    const nx_play *p = &s->play;
    int side = nx_play_battle_side(s, (uint8_t)q->to);
    if (q->card != NX_TR_NONE)
        return slot_is(p->battle_leader[side], q->card) || slot_is(p->battle_weapon[side], q->card) ||
               slot_is(p->battle_defence[side], q->card);
    if (q->leader >= 0) return p->battle_leader[side] == nx_comp_leader_disc(q->leader);
    return p->battle_dial[side] >= 2 * q->amount;   /* dials are kept in half points */
}

static int read_prediction(nx_act *a, question *q)
{
    if (a->s->seats[q->to].faction != NX_BENE_GESSERIT)
        return nx_act_fail(a, "illegal", "only the Bene Gesserit made a prediction");
    if (nx_arg_faction(a, "faction", &q->faction) || nx_arg_int_opt(a, "turn", 1, NX_LAST_TURN, 0, &q->turn)) return -1;
    char when[24] = "";
    if (q->turn) nx_fmt(when, sizeof when, " on turn %d", q->turn);
    nx_fmt(q->text, sizeof q->text, "Did you predict that %s wins%s?", nx_faction_name(q->faction), when);
    return 0;
}

static int answer_prediction(const nx_state *s, const question *q)
{
    return s->play.prediction_faction == q->faction && (!q->turn || s->play.prediction_turn == q->turn);
}

static const ask_kind asks[] = {
    { "holds", NX_KEYS("to", "ask", "card"), read_holds, answer_holds },
    { "traitor", NX_KEYS("to", "ask", "leader"), read_traitor, answer_traitor },
    { "spice", NX_KEYS("to", "ask", "at_least"), read_spice, answer_spice },
    { "plan", NX_KEYS("to", "ask", "card", "leader", "dial_at_least"), read_plan, answer_plan },
    { "prediction", NX_KEYS("to", "ask", "faction", "turn"), read_prediction, answer_prediction },
};
#define NASKS (sizeof asks / sizeof asks[0])

/* ---- the action ------------------------------------------------------------------------ */

/* A Voice or Prescience exchange is under way: one of their decisions is
 * open.  Truthtrance may come before or after one, not in the middle
 * (Avalon Hill clarification, SOG). */
static int exchange_open(const nx_state *s)
{
    for (int i = 0; i < s->npending; i++) {
        uint8_t k = s->pending[i].kind;
        if (k == NX_PEND_VOICE || k == NX_PEND_PRESCIENCE || k == NX_PEND_FORESEE) return 1;
    }
    return 0;
}

static const ask_kind *read_ask(nx_act *a)
{
    const char *ask = json_string_value(json_object_get(a->action, "ask"));
    for (size_t i = 0; ask && i < NASKS; i++)
        if (!strcmp(asks[i].ask, ask)) return &asks[i];
    nx_act_fail(a, "malformed", "\"ask\" must be one of \"holds\", \"traitor\", \"spice\", \"plan\", \"prediction\"");
    return NULL;
}

static int act_truthtrance(nx_act *a)
{
    nx_state *s = a->s;
    question q = { .card = NX_TR_NONE, .leader = -1 };
    const ask_kind *k = read_ask(a);
    if (!k || nx_arg_keys(a, k->keys) || nx_arg_int(a, "to", 0, s->nseats - 1, &q.to)) return -1;
    if (q.to == a->seat) return nx_act_fail(a, "illegal", "Truthtrance asks another player");
    if (s->phase == NX_P_SETUP) return nx_act_fail(a, "illegal", "the game has not begun");
    if (exchange_open(s))
        return nx_act_fail(a, "illegal", "not in the middle of a Voice or Prescience exchange: ask before or after it");
    nx_comp card = nx_move_card_in_hand(s, (uint8_t)a->seat, NX_TR_TRUTHTRANCE);
    if (card == NX_COMP_NONE) return nx_act_fail(a, "illegal", "you hold no Truthtrance card");
    if (k->read(a, &q)) return -1;
    nx_custody_move(&s->custody, card, NX_Z_TREACHERY_DISCARD);
    char who[64], whom[64];
    nx_act_log(a, "%s plays Truthtrance and asks %s: \"%s\" The answer is %s.", nx_act_who(s, a->seat, who, sizeof who),
               nx_act_who(s, q.to, whom, sizeof whom), q.text, k->answer(s, &q) ? "yes" : "no");
    return 0;
}

static const nx_act_entry card_actions[] = {
    { "truthtrance", act_truthtrance, 0 },
    { NULL, NULL, 0 },
};

const nx_module nx_mod_cards = { "cards", -1, NULL, card_actions, NULL };
