/*
 * Phase progression: the loop that runs the modules' procedures
 * (nx_module.h) over the list the runtime's ruleset carries (ruleset/nx_ruleset.c).
 *
 * Rules games: after setup and after every action, nx_phases_settle runs
 * the current phase's procedure while nothing is pending; a procedure
 * that is over ends the phase (the Nexus card draw at the end of Spice
 * Blow and Nexus may still open decisions) and the next phase begins.
 *
 * Designer's tables: no procedure runs; the host moves the game from
 * phase to phase with "advance" and declares a Nexus with "nexus", so a
 * card designer can stage any situation with "place".
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_invoice.h"
#include "nx_events.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_names.h"
#include "nx_play.h"
#include "nx_adv_windows.h"

static int pass_window(nx_act *a, const nx_pending *p);
static void window_moves(const nx_state *s, const nx_pending *p, json_t *out);

static const nx_decision_ops window_decisions[] = {
    { NX_PEND_NEXUS_WINDOW, pass_window, window_moves },
    { 0, NULL, NULL },
};
const nx_module nx_mod_windows = { "windows", -1, NULL, NULL, window_decisions };

/* Every module's hooks, in list order (only the Nexus card lifecycle has
 * them today). */
static void phase_begin_hooks(nx_act *a, int phase)
{
    const nx_ruleset *r = a->rt->rules;
    for (size_t i = 0; i < r->nmodules; i++)
        if (r->modules[i]->phase_begin) r->modules[i]->phase_begin(a->s, phase);
}

static int phase_end_hooks(nx_act *a, int phase)
{
    const nx_ruleset *r = a->rt->rules;
    for (size_t i = 0; i < r->nmodules; i++)
        if (r->modules[i]->phase_end && r->modules[i]->phase_end(a, phase)) return 1;
    return 0;
}

int nx_phases_is_rules_game(const nx_state *s) { return !(s->options & NX_OPT_DESIGNER); }

void nx_phases_enter(nx_act *a, int phase)
{
    nx_state *s = a->s;
    /* Effects scoped to the phase (or the turn, when a turn ends) end now;
     * those owed at the next Mentat Pause stay. */
    nx_effects_expire(s, phase >= NX_P_COUNT ? NX_END_TURN : NX_END_PHASE);
    nx_invoices_clear(s);   /* a payment never outlives the phase that quoted it */
    nx_event_clear(s);
    if (phase >= NX_P_COUNT) {
        phase = NX_P_STORM;
        s->turn++;
    }
    if (s->phase == NX_P_SETUP) s->turn = 1;
    s->phase = (uint8_t)phase;
    s->play.step = 0;
    s->play.cursor = 0;
    s->play.closing = 0;
    s->play.window_next = 0;
    nx_adv_use_done(s);     /* no advantage's use outlives its phase */
    phase_begin_hooks(a, phase);
    nx_act_log(a, "turn %d: %s", s->turn, nx_phase_name(phase));
}

/*
 * Nexus card windows.  A panel such as Harkonnen Cunning is played "at the
 * anytime window the engine offers every seat alike, when no other
 * player's decision is pending" (cards/nexus/harkonnen.yaml, 003).  A
 * rules game almost always has a decision open, so at the end of every
 * phase each seat holding a Nexus card gets a window of its own, one at a
 * time in storm order: it may play its card (play_nexus) or pass.  Who
 * holds a Nexus card is public (the count of the held zone), so asking
 * exactly the holders reveals nothing about which card they hold.
 */
static int open_next_window(nx_act *a)
{
    nx_state *s = a->s;
    if (!(s->options & NX_OPT_NEXUS_CARDS) || s->phase == NX_P_SETUP) return 0;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    while (s->play.window_next < s->nseats) {
        uint8_t seat = order[s->play.window_next++];
        nx_owed_mentat(a, seat, 1);   /* the seat's owed draw, when the Pause runs in storm order */
        if (nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)) == 0) continue;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_NEXUS_WINDOW, seat);
        p->event = nx_state_new_event(s);
        nx_fmt(p->prompt, sizeof p->prompt, "End of %s: play your Nexus card now, or pass",
                 nx_phase_name(s->phase));
        return 1;
    }
    return 0;
}

/*
 * Event windows (E1, E4).  At a moment a panel may be bound to, the engine
 * raises the event (play.event_now and who makes the attempt) and opens
 * the same window for every seat of `seats` that holds a Nexus card, all
 * at once: held counts are public, so the window's existence, order and
 * length say nothing about which card anyone holds.  A seat answers with
 * play_nexus (nx_panel_play checks the panel is bound to this event) or
 * pass.  Response windows against an attempt are the battle's Karama
 * windows, opened to every seat (nx_battle_voice.c).
 */
void nx_event_raise(nx_state *s, int kind, uint8_t user, uint8_t target)
{
    assert(kind > 0 && kind < NX_EV_COUNT);
    s->play.event_now = (uint8_t)kind;
    s->play.event_user = user;
    s->play.event_target = target;
}

void nx_event_clear(nx_state *s)
{
    s->play.event_now = 0;
    s->play.event_user = s->play.event_target = NX_NO_SEAT;
}

int nx_windows_open_event(nx_act *a, int kind, uint8_t seats)
{
    nx_state *s = a->s;
    if (!(s->options & NX_OPT_NEXUS_CARDS)) return 0;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = 0;
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        if (!(seats & (1u << seat)) || !nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD))) continue;
        if (!event) {
            event = nx_state_new_event(s);
            nx_event_raise(s, kind, NX_NO_SEAT, NX_NO_SEAT);
        }
        nx_pending *p = nx_state_add_pending(s, NX_PEND_NEXUS_WINDOW, seat);
        p->event = event;
        snprintf(p->prompt, sizeof p->prompt, "Now (%s): play your Nexus card, or pass", nx_event_get(kind)->id);
    }
    return event != 0;
}

/* A uniform window (common.windows.purchase_confirmation): every seat of
 * `seats` gets it, whether or not it holds a Nexus card, so that the step
 * a hidden holder may use is one every seat in its place takes.  Raises
 * `kind` with `user`; `event` 0 hands out a new event id.  Returns the
 * event id. */
uint32_t nx_windows_open_for(nx_act *a, int kind, uint8_t user, uint8_t seats, uint32_t event, const char *prompt)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    if (!event) event = nx_state_new_event(s);
    nx_event_raise(s, kind, user, NX_NO_SEAT);
    for (int i = 0; i < s->nseats; i++) {
        if (!(seats & (1u << order[i]))) continue;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_NEXUS_WINDOW, order[i]);
        p->event = event;
        nx_fmt(p->prompt, sizeof p->prompt, "%s", prompt);
    }
    return event;
}

static int pass_window(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* Bots pass here; playing is their optional move (nx_bot.c), because
 * whether a panel may be played depends on the game's rulings. */
static void window_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    (void)p;
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
}

void nx_phases_end_setup(nx_act *a)
{
    const nx_module *m = nx_ruleset_procedure(a->rt->rules, NX_P_SETUP);
    assert(m && m->finish); /* the setup module finishes setup */
    m->finish(a);
    nx_phases_enter(a, NX_P_STORM);
}

/* A procedure is over: end the phase (its end may open decisions), then
 * offer the Nexus card windows. */
static int close_phase(nx_act *a)
{
    nx_state *s = a->s;
    if (!s->play.closing) {
        s->play.closing = 1;
        if (phase_end_hooks(a, s->phase)) return 1;
    }
    if (s->npending) return 1;
    if (s->play.closing == 1) {
        s->play.closing = 2;
        s->play.window_next = 0;
    }
    if (open_next_window(a)) return 1;
    if (s->phase == NX_P_SETUP) {
        nx_phases_end_setup(a);
        return 0;
    }
    nx_phases_enter(a, s->phase + 1);
    return 0;
}

void nx_phases_settle(nx_act *a)
{
    nx_state *s = a->s;
    if (!nx_phases_is_rules_game(s)) return;
    while (!s->play.over && s->npending == 0) {
        if (!s->play.closing) {
            const nx_module *m = nx_ruleset_procedure(a->rt->rules, s->phase);
            assert(m); /* every phase has a procedure */
            if (m->run(a)) {
                /* A procedure that waits must wait for someone. */
                assert(s->npending > 0);
                return;
            }
            if (s->play.over) return;
        }
        if (close_phase(a)) return;
    }
}

int nx_phases_advance(nx_act *a)
{
    nx_state *s = a->s;
    if (nx_phases_is_rules_game(s))
        return nx_act_fail(a, "illegal", "the rules move this game from phase to phase; \"advance\" is for designer's tables");
    if (s->npending) {
        char who[64];
        return nx_act_fail(a, "illegal", "%s must decide first: %s",
                           nx_act_who(s, s->pending[0].seat, who, sizeof who), s->pending[0].prompt);
    }
    if (s->phase == NX_P_SETUP)
        return nx_act_fail(a, "illegal", "setup is not finished");
    /* A phase whose end opens decisions completes when they are answered. */
    if (phase_end_hooks(a, s->phase)) return 0;
    nx_phases_enter(a, s->phase + 1);
    return 0;
}

/* A Nexus card draw was answered and no further draw is open. */
void nx_phases_draws_done(nx_act *a)
{
    /* Rules games: settle ends the phase.  Designer's tables: the phase
     * ended when the host advanced, so the next one begins now. */
    if (!nx_phases_is_rules_game(a->s)) nx_phases_enter(a, NX_P_SPICE_BLOW + 1);
}

/* ---- "pass" and bots' candidate moves --------------------------------------- */

int nx_phases_pass(nx_act *a)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    for (int i = 0; i < a->s->npending; i++) {
        const nx_pending *p = &a->s->pending[i];
        if (p->seat != a->seat) continue;
        const nx_decision_ops *d = nx_ruleset_decision(a->rt->rules, p->kind);
        if (d && d->pass) return d->pass(a, p);
        return nx_act_fail(a, "illegal", "this decision cannot be passed: %s", p->prompt);
    }
    return nx_act_fail(a, "illegal", "seat %d has no decision to make", a->seat);
}
