/*
 * The panels' module (nx_mod_panels): the "play_nexus" action, and the
 * answer to a panel's question (a pending NX_PEND_PANEL decision) with
 * the bots' candidates for it.  The rest of the rules play a card through
 * the ruleset's play_panel and settle_panel (engine/nx_module.h).
 */
#include "nx_ask.h"
#include "nx_nexus.h"

static int act_play_nexus(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("path"))) return -1;
    json_t *path = json_object_get(a->action, "path");
    if (path && !json_is_string(path)) return nx_act_fail(a, "malformed", "\"path\" must be a string");
    return nx_panel_play(a, json_string_value(path));
}

/* "answer" to a panel's question: the cards chosen, or (another kind of
 * ask, nx_ask.h) the values, checked against the saved ask. */
static int answer_panel(nx_act *a, const nx_pending *p)
{
    if (!p->noptions && json_object_get(a->action, "word"))
        return nx_act_fail(a, "malformed", "a panel's decision is answered with \"choose\"");
    if (nx_ask_of_pending(p, &(nx_ask){ 0 }) != 0) return nx_panel_answer(a, p, json_object_get(a->action, "choose"));
    nx_comp chosen[NX_MAX_OPTIONS];
    int n;
    if (nx_arg_choose(a, p, chosen, &n)) return -1;
    return nx_panel_resume(a, p, chosen, n);
}

/* ---- bots' candidates ---------------------------------------------------------------- */

static json_t *choose_action(nx_comp c)
{
    return json_pack("{s:s, s:[s]}", "type", "answer", "choose", nx_comp_id(c));
}

/* Bots' answers to another kind of ask: one candidate per offered value
 * when one value is picked, else the first `min` (at least one). */
static void ask_moves(const nx_state *s, const nx_pending *p, const nx_ask *q, json_t *out)
{
    json_t *cand = nx_ask_candidates(q, s, p->seat);
    size_t n = json_array_size(cand);
    if (q->kind == NX_ASK_NUMBER || q->max == 1) {
        for (size_t i = 0; i < n; i++)
            nx_moves_add(out, 0, json_pack("{s:s, s:[O]}", "type", "answer", "choose", json_array_get(cand, i)));
    } else {
        json_t *pick = json_array();
        size_t want = q->min > 0 ? (size_t)q->min : 1;
        for (size_t i = 0; i < want && i < n; i++) json_array_append(pick, json_array_get(cand, i));
        nx_moves_add(out, 0, json_pack("{s:s, s:o}", "type", "answer", "choose", pick));
    }
    json_decref(cand);
}

/* A panel's question: any `count` of its options; bots take the first
 * `count` in the offered order, or one per option when count is 1. */
static void panel_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_ask q;
    if (nx_ask_of_pending(p, &q) == 1) {
        ask_moves(s, p, &q, out);
        return;
    }
    if (p->count == 1) {
        for (int k = 0; k < p->noptions; k++) nx_moves_add(out, 0, choose_action(p->options[k]));
        return;
    }
    json_t *pick = json_array();
    for (int k = 0; k < p->count && k < p->noptions; k++) json_array_append_new(pick, json_string(nx_comp_id(p->options[k])));
    nx_moves_add(out, 0, json_pack("{s:s, s:o}", "type", "answer", "choose", pick));
}

static const nx_act_entry panel_actions[] = {
    { "play_nexus", act_play_nexus, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops panel_decisions[] = {
    { NX_PEND_PANEL, NULL, panel_moves, answer_panel },
    { 0, NULL, NULL },
};

const nx_module nx_mod_panels = { "panels", -1, NULL, panel_actions, panel_decisions };
