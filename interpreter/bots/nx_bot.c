#include "nx_bot.h"
#include "nx_bot_advice.h"
#include "nx_bot_plan.h"
#include "nx_text.h"

#include "nx_events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_nexus.h"
#include "nx_battle.h"
#include "nx_names.h"
#include "nx_timing.h"
#include "nx_util.h"

/*
 * What a bot reads of the state is what its seat's view shows: the phase
 * and turn, who owes which decision, alliances and offers (all public),
 * and the acting seat's own held Nexus card and draw policy (owner-only
 * zones of that seat).  Candidate moves come from the phases, which score
 * them from what the deciding seat may see.
 */

const char *nx_bot_kind_name(nx_bot_kind k) { return k == NX_BOT_SIMPLE ? "simple" : "random"; }

int nx_bot_kind_parse(const char *name)
{
    if (!strcmp(name, "random")) return NX_BOT_RANDOM;
    if (!strcmp(name, "simple")) return NX_BOT_SIMPLE;
    return -1;
}

void nx_bot_init(nx_bot *b, const nx_runtime *rt, nx_bot_kind kind, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->rt = rt;
    nx_rng_seed(&b->rng, seed);
    memset(b->panel_open, -1, sizeof b->panel_open);
}

void nx_bot_move_free(nx_bot_move *m)
{
    free(m->action);
    free(m->result);
    memset(m, 0, sizeof *m);
}

static int designer_table(const nx_state *s) { return (s->options & NX_OPT_DESIGNER) != 0; }

int nx_bot_next_seat(const nx_game *g)
{
    const nx_state *s = nx_game_state(g);
    if (s->play.over) return -2;
    if (s->npending) return s->pending[0].seat;
    return designer_table(s) ? -1 : -2;
}

static json_t *typed(const char *type) { return json_pack("{s:s}", "type", type); }

/* ---- applying, reporting ------------------------------------------------------ */

static void report(nx_bot *b, int seat, const char *action, const char *result)
{
    if (b->on_refusal) b->on_refusal(b->ctx, seat, action, result);
    else fprintf(stderr, "nexus bot: BUG: seat %d's move %s was refused: %s\n", seat, action, result);
}

/* Stamp id, version and seat on `act` (stolen) and apply it.  Returns 1
 * with *out filled when the game committed it. */
static int try_apply(nx_bot *b, nx_game *g, json_t *act, int seat, const char *id, int optional,
                     nx_bot_move *out)
{
    json_object_set_new(act, "id", json_string(id));
    json_object_set_new(act, "version", json_integer((json_int_t)nx_game_state(g)->version));
    json_object_set_new(act, "seat", seat < 0 ? json_null() : json_integer(seat));
    size_t before = nx_game_log_length(g);
    char *text = NULL, *res;
    if (b->apply) {
        text = json_dumps(act, JSON_COMPACT | JSON_SORT_KEYS);
        res = b->apply(b->ctx, g, text);
    } else {
        /* No text round trip: the game logs the action's canonical text,
         * the very text json_dumps gives here. */
        res = nx_game_apply_value(g, act);
        text = nx_game_log_length(g) > before ? nx_xstrdup(nx_game_log_action(g, before))
                                               : json_dumps(act, JSON_COMPACT | JSON_SORT_KEYS);
    }
    json_decref(act);
    if (nx_game_log_length(g) > before) {
        *out = (nx_bot_move){ .seat = seat, .optional = optional, .action = text, .result = res };
        b->committed++;
        return 1;
    }
    if (optional) {
        b->declined++;
    } else {
        b->refused++;
        report(b, seat, text, res);
    }
    free(text);
    free(res);
    return 0;
}

/* ---- answering a decision -------------------------------------------------------- */

/* The candidate to try: uniform (random bots) or the best score with ties
 * broken by the bot's generator (simple bots). */
static size_t pick(nx_bot *b, json_t *cands)
{
    size_t n = json_array_size(cands);
    if (b->kind == NX_BOT_RANDOM) return nx_rng_below(&b->rng, (uint32_t)n);
    json_int_t best = 0;
    size_t ties = 0, chosen = 0;
    for (size_t i = 0; i < n; i++) {
        json_int_t sc = json_integer_value(json_object_get(json_array_get(cands, i), "score"));
        if (ties == 0 || sc > best) {
            best = sc;
            ties = 0;
        }
        /* Reservoir choice among equal scores: one draw per tie. */
        if (sc == best && nx_rng_below(&b->rng, (uint32_t)++ties) == 0) chosen = i;
    }
    return chosen;
}

static int is_pass(const json_t *act) { return !strcmp(json_string_value(json_object_get(act, "type")), "pass"); }

/* Answer the seat's first decision: the picked candidate; if the game
 * refuses it (reported), "pass", then the other candidates. */
static int answer(nx_bot *b, nx_game *g, int seat, const char *id, nx_bot_move *out)
{
    /* A panel's own bot hint answers its question first; refused, the
     * candidates follow as for any decision. */
    const nx_pending *own = nx_state_pending_of(nx_game_state(g), (uint8_t)seat);
    json_t *hint = own && own->kind == NX_PEND_PANEL ? nx_game_bot_hint(g, seat) : NULL;
    if (json_is_array(hint)) {
        json_t *act = json_pack("{s:s, s:O}", "type", "answer", "choose", hint);
        if (try_apply(b, g, act, seat, id, 0, out)) {
            json_decref(hint);
            return 1;
        }
    }
    json_decref(hint);
    json_t *cands = nx_game_moves(g, seat);
    nx_bot_advice_filter(b, g, seat, cands);
    if (b->kind == NX_BOT_SIMPLE) nx_bot_plan_adjust(g, seat, cands);
    int passed = 0, refusals = 0;
    for (;;) {
        json_t *act;
        if (refusals && !passed) {
            act = typed("pass");
        } else if (json_array_size(cands)) {
            size_t i = pick(b, cands);
            act = json_copy(json_object_get(json_array_get(cands, i), "action"));
            json_array_remove(cands, i);
        } else if (!passed) {
            act = typed("pass");
        } else {
            break;
        }
        passed |= is_pass(act);
        if (try_apply(b, g, act, seat, id, 0, out)) {
            json_decref(cands);
            return 1;
        }
        refusals++;
    }
    json_decref(cands);
    return -1;
}

/* ---- optional moves ----------------------------------------------------------------- */

static int panel_open(nx_bot *b, const nx_game *g, nx_faction f, int mode)
{
    int8_t *open = &b->panel_open[f][mode];
    if (*open < 0) {
        char id[64];
        nx_fmt(id, sizeof id, "%s.%s", nx_faction_id(f), nx_mode_id((nx_mode)mode));
        *open = (int8_t)nx_game_panel_available(g, id);
    }
    return *open;
}

/* Does a moment (a panel's or a path's `when`) fit now?  The engine's own
 * test (nx_timing.h) for a seat whose pending decision, if any, is a
 * window: an event-bound moment fits while the engine raises that event;
 * whether the seat has a window open then is left to the engine, which
 * refuses the (optional) attempt otherwise. */
static int when_fits(const nx_when *w, const nx_state *s, const nx_pending *own)
{
    nx_when_fit fit = nx_when_check(w, s, own, 0);
    return fit == NX_WHEN_FITS || fit == NX_WHEN_NO_WINDOW;
}

/* Does the panel's printed timing fit now?  A panel whose paths print
 * their own moments fits when one of them does. */
static int moment_fits(const nx_bot *b, const nx_state *s, nx_faction f, int mode, const nx_pending *own)
{
    const nx_card *card = nx_pack_card(&b->rt->pack, f);
    const nx_panel *p = card ? &card->panels[mode] : NULL;
    if (!p || s->phase == NX_P_SETUP) return 0;
    int own_moments = 0;
    for (size_t i = 0; i < p->npaths; i++) {
        if (!p->paths[i].has_when) continue;
        own_moments = 1;
        if (when_fits(&p->paths[i].when, s, own)) return 1;
    }
    return !own_moments && when_fits(&p->when, s, own);
}

/* A seat holding a Nexus card whose panel is open and whose moment fits
 * tries it at most once per moment (simple bots every time the panel's
 * bot hint does not say no, random bots one time in four): a panel may
 * still decline (can_play), which is why the attempt is an optional
 * move. */
static json_t *card_play(nx_bot *b, const nx_game *g, int *seat_out)
{
    const nx_state *s = nx_game_state(g);
    if (!(s->options & NX_OPT_NEXUS_CARDS)) return NULL;
    /* One try per seat and moment: a phase, or an event inside it. */
    uint16_t now = (uint16_t)((s->turn * 16 + s->phase + 1) * 32 + s->play.event_now);
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_comp card = nx_custody_held_nexus(&s->custody, seat);
        const nx_pending *own = nx_state_pending_of(s, (uint8_t)seat);
        /* Inside its own shipment-and-movement or revival turn (E3). */
        int own_act = nx_when_inside_own_act(own, NX_EV_OWN_ACTION);
        if (card == NX_COMP_NONE || b->tried[seat] == now ||
            (own && !own_act && own->kind != NX_PEND_NEXUS_WINDOW && own->kind != NX_PEND_KARAMA) ||
            (own_act && own->kind == NX_PEND_SHIP_MOVE && s->play.mover != seat))
            continue;
        nx_faction f = nx_comp_nexus_faction(card);
        int mode = nx_lifecycle_mode(s, (uint8_t)seat, card);
        if (!moment_fits(b, s, f, mode, own) || !panel_open(b, g, f, mode)) continue;
        b->tried[seat] = now;
        /* At an event of its own battle a panel bound to it helps the
         * seat (a stop, a look, a stronger army): always try it there. */
        int own_battle = s->play.event_now && nx_battle_side(s, (uint8_t)seat) >= 0;
        /* The panel's advice (prefer), else its bot hint, when it has
         * one, says whether to play now. */
        nx_advice adv;
        nx_bot_advice_for(b, g, seat, card, &adv);
        int says = adv.prefer;
        if (says < 0) {
            json_t *hint = nx_game_bot_hint(g, seat);
            says = json_is_boolean(hint) ? json_is_true(hint) : -1;
            json_decref(hint);
        }
        if (says == 0) continue;
        if (says < 0 && !own_battle && b->kind == NX_BOT_RANDOM && nx_rng_below(&b->rng, 4)) continue;
        *seat_out = seat;
        return typed("play_nexus");
    }
    return NULL;
}

/* Now and then a seat changes its private own-faction draw policy. */
static json_t *policy_change(nx_bot *b, const nx_game *g, int *seat_out)
{
    const nx_state *s = nx_game_state(g);
    if (!(s->options & NX_OPT_NEXUS_CARDS) || nx_rng_below(&b->rng, b->kind == NX_BOT_SIMPLE ? 200 : 50)) return NULL;
    int seat = (int)nx_rng_below(&b->rng, s->nseats);
    int policy = (s->seats[seat].policy + 1 + (int)nx_rng_below(&b->rng, NX_POLICY_COUNT - 1)) % NX_POLICY_COUNT;
    /* A seat seeking its own card never redraws it (nx_bot_advice.h). */
    if (policy != NX_POLICY_KEEP && nx_bot_seeks_own(b, g, seat)) return NULL;
    *seat_out = seat;
    json_t *a = typed("set_policy");
    json_object_set_new(a, "policy", json_string(nx_policy_name((nx_own_policy)policy)));
    return a;
}

/* Designer's tables: during a Nexus a seat offers, accepts, refuses or
 * (rarely) leaves an alliance.  Rules games list these as candidates of
 * their Nexus decision instead. */
static json_t *negotiate(nx_bot *b, const nx_state *s, int *seat_out)
{
    if (!designer_table(s) || !s->negotiating || nx_rng_below(&b->rng, 2)) return NULL;
    int seat = (int)nx_rng_below(&b->rng, s->nseats);
    *seat_out = seat;
    if (s->seats[seat].ally != NX_NO_SEAT) return nx_rng_below(&b->rng, 8) ? NULL : typed("leave_alliance");
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].offers & (1u << seat)) {
            json_t *a = typed(nx_rng_below(&b->rng, 3) ? "accept_alliance" : "refuse_alliance");
            json_object_set_new(a, "from", json_integer(i));
            return a;
        }
    int target = (int)nx_rng_below(&b->rng, s->nseats);
    if (target == seat || s->seats[target].ally != NX_NO_SEAT) return NULL;
    json_t *a = typed("offer_alliance");
    json_object_set_new(a, "to", json_integer(target));
    return a;
}

/* Now and then a seat uses its faction's once-a-game Karama power when
 * it pays (nx_karama_power_candidate): simple bots one time in four,
 * random bots one in eight of the moments it could. */
json_t *nx_karama_power_candidate(const nx_state *s, uint8_t seat);

static json_t *karama_power(nx_bot *b, const nx_state *s, int *seat_out)
{
    if (!(s->options & NX_OPT_ADVANCED) || designer_table(s)) return NULL;
    for (int seat = 0; seat < s->nseats; seat++) {
        json_t *a = nx_karama_power_candidate(s, (uint8_t)seat);
        if (!a) continue;
        if (nx_rng_below(&b->rng, b->kind == NX_BOT_SIMPLE ? 4 : 8)) {
            json_decref(a);
            return NULL;
        }
        *seat_out = seat;
        return a;
    }
    return NULL;
}

static json_t *optional_move(nx_bot *b, const nx_game *g, int *seat)
{
    const nx_state *s = nx_game_state(g);
    json_t *a = card_play(b, g, seat);
    if (!a) a = nx_bot_advised_move(b, g, seat);
    if (!a) a = karama_power(b, s, seat);
    if (!a) a = policy_change(b, g, seat);
    if (!a) a = negotiate(b, s, seat);
    return a;
}

/* Designer's tables with nothing pending: the host moves the game on and,
 * on half of the later Spice Blows, declares a Nexus (no Nexus on turn
 * one: its first Shai-Hulud is set aside, base rules). */
static json_t *host_move(nx_bot *b, const nx_state *s)
{
    if (s->phase == NX_P_SPICE_BLOW && s->turn > 1 && !s->nexus_occurred && nx_rng_below(&b->rng, 2))
        return typed("nexus");
    return typed("advance");
}

/* ---- one step ------------------------------------------------------------------------- */

int nx_bot_step(nx_bot *b, nx_game *g, const char *id, nx_bot_move *out)
{
    memset(out, 0, sizeof *out);
    const nx_state *s = nx_game_state(g);
    if (s->play.over) return 0;
    int seat = -1;
    json_t *opt = optional_move(b, g, &seat);
    if (opt && try_apply(b, g, opt, seat, id, 1, out)) return 1;
    seat = nx_bot_next_seat(g);
    if (seat >= 0) return answer(b, g, seat, id, out);
    if (seat == -1) return try_apply(b, g, host_move(b, s), -1, id, 0, out) ? 1 : -1;
    if (s->play.over) return 0;
    /* A rules game always waits for someone until it is over
     * (nx_phases_settle); anything else is an engine bug. */
    char msg[160];
    nx_fmt(msg, sizeof msg, "nothing is pending in %s of turn %d, yet the game is not over",
             nx_phase_name(s->phase), s->turn);
    report(b, -1, "(none)", msg);
    return -1;
}

int nx_bot_answer(nx_bot *b, nx_game *g, int seat, const char *id, nx_bot_move *out)
{
    memset(out, 0, sizeof *out);
    if (seat < 0 || nx_bot_next_seat(g) != seat) return 0;
    return answer(b, g, seat, id, out);
}
