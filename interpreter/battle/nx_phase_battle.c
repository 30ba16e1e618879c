/*
 * Battle (phase 7; docs/rules/phase-battle.md, researched in
 * docs/rules/battle.md).
 *
 * Where: a battle is owed wherever fighters of two factions that are not
 * allies share a battlefield: the sections of one territory the storm
 * does not separate (nx_move_same_group), never the Polar Sink (battle.md
 * 1).  Whether forces inside the stormed sector fight is
 * turn.battle_in_storm_sector (default: never, as GF9's Q&A rules for a
 * stronghold under storm); whether forces cut off by the storm fight
 * along is turn.battle_split_army (default: only those in contact).
 * Advanced Bene Gesserit advisors do not fight.
 *
 * Order: the seats in storm order are aggressor in turn; an aggressor
 * fights every battle it has, choosing the next one (territory and, with
 * three factions there, opponent) when it has a choice (battle.md 2).
 * A seat that lost its forces simply has no battle left; the cursor only
 * moves forward, since battles never create battles.
 *
 * Each battle: the Karama windows against the Kwisatz Haderach and
 * against the Sardaukar or Fremen bonuses, the Voice and its Karama window, Prescience, its Karama window and its answer
 * (nx_battle_voice.c), plans (both combatants at once, secret), reveal,
 * traitor calls (collected before any is shown), resolution, the
 * winner's cards, Harkonnen capture (Advanced; the draw, the Karama
 * window against it, the decision).  The procedure below is
 * that sequence (battle.md 12); the hook points for the Nexus response
 * windows are marked where they belong.
 *
 * Procedure state: step, cursor (storm-order position of the
 * aggressor), play.battle_* (the battle in hand), play.leader_fought.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_battle.h"
#include "nx_turn.h"
#include "nx_text.h"
#include "nx_board.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_movement.h"

enum {
    STEP_START,     /* phase start: free for a pre-battle hook */
    STEP_PREPARE,   /* Universal Stewards, the phase's bookkeeping */
    STEP_NEXT,      /* the aggressor's next battle */
    STEP_CHOSEN,    /* a battle is fixed */
    STEP_KH,        /* Karama against the Kwisatz Haderach, before any plan */
    STEP_VOICE,     /* Bene Gesserit's Voice */
    STEP_VOICE_KARAMA,  /* Karama against the Voice */
    STEP_PRESCIENCE,    /* Atreides' Prescience */
    STEP_PRESCIENCE_KARAMA, /* Karama against Prescience */
    STEP_FORESEE,   /* the opponent commits the element Prescience named */
    STEP_PLANS,     /* the plans are asked for */
    STEP_REVEAL,    /* both plans are in */
    STEP_CALLS,     /* traitor calls */
    STEP_RESOLVE,   /* the calls are in */
    STEP_CAPTURE,   /* the winner's cards are settled */
    STEP_AFTER,     /* the battle is over */
    STEP_END,
    /* Added later, numbered after the others so saved steps keep theirs: */
    STEP_BONUS,     /* Karama against the Sardaukar / Fremen bonuses, before any plan */
    STEP_CAPTURE_ASK,   /* Karama against the capture is settled: Harkonnen decides */
    /* The Nexus card windows at the battle's events (core/nx_events.h): */
    STEP_VOICE_NEXUS,   /* voice_step window answered: the Voice */
    STEP_PRESCIENCE_NEXUS, /* prescience_step window answered: Prescience */
    STEP_FORESEE_NEXUS, /* the answer is shown: prescience_answered window */
    STEP_FORESEE_AGAIN, /* a second look granted (Atreides Cunning), or on to the plans */
    STEP_PLAN_NEXUS,    /* battle_plan window, before the plans */
    STEP_PLAN_KARAMA,   /* a Sardaukar use declared there: its response window */
    STEP_PLAN_CLOSE,    /* that window settled */
    STEP_REVEALED,      /* the traitor_revealed window is answered: resolve */
    STEP_LOST,          /* the loser's window (battle_lost) is answered */
    STEP_WON,           /* the winner's window (battle_won) is answered */
};

#define MAX_BATTLES 64   /* an aggressor's battles at once: territories x opponents */

/* ---- where battles happen ----------------------------------------------------- */

static int fighters_in_field(const nx_state *s, uint8_t seat, const int *secs, int n)
{
    int c[NX_FORCE_KINDS];
    nx_battle_fighters_on(s, seat, secs, n, c);
    return c[NX_FORCE_NORMAL] + c[NX_FORCE_ELITE];
}

static int allied(const nx_state *s, uint8_t a, uint8_t b) { return s->seats[a].ally == b; }

/* The aggressor's battles: each battlefield it shares with a non-allied
 * faction, once per opponent, in territory then seat order.  A
 * battlefield is named by its first section. */
typedef struct battle_ref {
    uint8_t sec, opponent;
} battle_ref;

/* Could territory t hold a battle of the aggressor: its forces and a
 * non-allied seat's forces somewhere in t?  A battlefield is a part of
 * one territory and its fighters are forces, so a territory failing this
 * holds none; most territories fail it, and the battlefield's flood
 * through the sections is the costly part (it was 6% of a bot game). */
static int may_battle_in(const nx_state *s, uint8_t aggressor, const int *secs, int k)
{
    int own = 0, other = 0;
    for (int i = 0; i < k; i++) own += nx_board_forces_at(s, aggressor, secs[i]);
    if (!own) return 0;
    for (uint8_t seat = 0; seat < s->nseats && !other; seat++)
        if (seat != aggressor && !allied(s, aggressor, seat))
            for (int i = 0; i < k; i++) other += nx_board_forces_at(s, seat, secs[i]);
    return other > 0;
}

static int list_battles(const nx_state *s, uint8_t aggressor, battle_ref out[MAX_BATTLES])
{
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
        int k = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
        if (!may_battle_in(s, aggressor, secs, k)) continue;
        for (int i = 0; i < k; i++) {
            int field[NX_MAP_MAX_SECTIONS_PER_TERRITORY], nf = nx_battle_field(s, secs[i], field);
            /* Visit each battlefield once, from its first section. */
            if (!nf || field[0] != secs[i] || !fighters_in_field(s, aggressor, field, nf)) continue;
            for (uint8_t seat = 0; seat < s->nseats && n < MAX_BATTLES; seat++)
                if (seat != aggressor && !allied(s, aggressor, seat) && fighters_in_field(s, seat, field, nf))
                    out[n++] = (battle_ref){ (uint8_t)secs[i], seat };
        }
    }
    return n;
}

/* ---- the procedure --------------------------------------------------------------------- */

static void clear_battle(nx_state *s)
{
    nx_play *p = &s->play;
    p->battle_t = p->battle_sec = p->battle_captive = 0xff;
    p->battle_seats[0] = p->battle_seats[1] = p->battle_winner = NX_NO_SEAT;
    memset(p->battle_leader, NX_COMP_NONE, sizeof p->battle_leader);
    memset(p->battle_weapon, NX_COMP_NONE, sizeof p->battle_weapon);
    memset(p->battle_defence, NX_COMP_NONE, sizeof p->battle_defence);
    memset(p->battle_dial, 0, sizeof p->battle_dial);
    memset(p->battle_support, 0, sizeof p->battle_support);
    memset(p->battle_lose, 0, sizeof p->battle_lose);
    p->battle_planned = p->battle_shown = p->battle_callers = 0;
    nx_battle_clear_advantages(s);
    nx_event_clear(s);
    nx_effects_expire(s, NX_END_BATTLE);   /* what a card did for this battle ends with it */
}

static uint8_t combatants(const nx_state *s)
{
    return (uint8_t)((1u << s->play.battle_seats[0]) | (1u << s->play.battle_seats[1]));
}

/* Is the faction whose advantage a Secret Ally may borrow absent? */
static int absent(const nx_state *s, nx_faction f) { return nx_state_seat_of(s, f) == NX_NO_SEAT; }

static void fix_battle(nx_state *s, uint8_t aggressor, const battle_ref *b)
{
    clear_battle(s);
    s->play.battle_t = (uint8_t)nx_map_section_territory(b->sec);
    s->play.battle_sec = b->sec;
    s->play.battle_seats[0] = aggressor;
    s->play.battle_seats[1] = b->opponent;
}

/* The first seat from the cursor on in storm order with a battle left
 * becomes (or stays) aggressor; returns its battles, 0 when none is left. */
static int next_aggressor(nx_state *s, battle_ref out[MAX_BATTLES])
{
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (; s->play.cursor < s->nseats; s->play.cursor++) {
        int n = list_battles(s, order[s->play.cursor], out);
        if (n) return n;
    }
    return 0;
}

static void open_choice(nx_act *a, uint8_t aggressor)
{
    nx_pending *p = nx_state_add_pending(a->s, NX_PEND_BATTLE_CHOICE, aggressor);
    p->event = nx_state_new_event(a->s);
    nx_fmt(p->prompt, sizeof p->prompt, "Choose your next battle: a territory and an opponent there");
}

static void announce(nx_act *a)
{
    nx_state *s = a->s;
    char agg[64], opp[64];
    nx_act_log(a, "battle in %s: %s, aggressor, against %s", nx_map_territory_name(s->play.battle_t),
               nx_act_who(s, s->play.battle_seats[0], agg, sizeof agg),
               nx_act_who(s, s->play.battle_seats[1], opp, sizeof opp));
    /* Only the inability is announced (battle.md 3): whether a seat holds
     * a Cheap Hero stays its secret otherwise. */
    for (int i = 0; i < NX_BATTLE_SIDES; i++)
        if (!nx_battle_can_lead(s, s->play.battle_seats[i]))
            nx_act_log(a, "%s has no leader or Cheap Hero to play: it fights with its dial alone",
                       nx_act_who(s, s->play.battle_seats[i], agg, sizeof agg));
}

static void open_plans(nx_act *a)
{
    nx_state *s = a->s;
    uint32_t event = nx_state_new_event(s);
    for (int i = 0; i < NX_BATTLE_SIDES; i++) {
        nx_pending *p = nx_state_add_pending(s, NX_PEND_BATTLE_PLAN, s->play.battle_seats[i]);
        p->event = event;
        p->private_options = 1;
        nx_fmt(p->prompt, sizeof p->prompt, "Make your battle plan for %s (secret until both are in)",
                 nx_map_territory_name(s->play.battle_t));
    }
}

/* Was the native Atreides' Prescience stopped in this battle before it
 * showed anything, with no look granted yet, under
 * atreides.cunning.after_cancelled_native "first_element"?  All public:
 * the attempt, its stop and the Nexus card held. */
static int cunning_after_stop(nx_act *a, uint8_t user)
{
    const nx_state *s = a->s;
    if (user == NX_NO_SEAT || user != nx_state_seat_of(s, NX_ATREIDES) || !s->play.prescience_elem ||
        !nx_battle_stopped(s, NX_ADV_PRESCIENCE))
        return 0;
    if (nx_effect_find(s, NX_EFF_GRANT, user, NX_ADV_PRESCIENCE) >= 0 || nx_effect_find(s, NX_EFF_USED, user, NX_ADV_PRESCIENCE) >= 0)
        return 0;
    return NX_SETTING_IS(a, ATREIDES_CUNNING_AFTER_CANCELLED_NATIVE, FIRST_ELEMENT);
}

static int battle_procedure(nx_act *a)
{
    nx_state *s = a->s;
    battle_ref battles[MAX_BATTLES];
    for (;;) switch (s->play.step) {
    case STEP_START:
        /* Pre-battle hook: Advanced Bene Gesserit "Wartime" flips go here. */
        s->play.step = STEP_PREPARE;
        break;
    case STEP_PREPARE:
        nx_move_stewards(a);   /* Universal Stewards: lone advisors fight (battle.md 1) */
        memset(s->play.leader_fought, 0, sizeof s->play.leader_fought);
        memset(s->play.captive_fought, 0, sizeof s->play.captive_fought);
        s->play.kh_used = s->play.karama_phase = 0;   /* one territory a turn; one phase */
        clear_battle(s);
        s->play.cursor = 0;
        s->play.step = STEP_NEXT;
        break;
    case STEP_NEXT: {
        int n = next_aggressor(s, battles);
        if (!n) {
            s->play.step = STEP_END;
            break;
        }
        uint8_t order[NX_MAX_SEATS];
        nx_state_storm_order(s, order);
        s->play.step = STEP_CHOSEN;
        if (n > 1) {
            open_choice(a, order[s->play.cursor]);
            return 1;
        }
        fix_battle(s, order[s->play.cursor], &battles[0]);
        break;
    }
    case STEP_CHOSEN:
        announce(a);
        /* Hook: the Nexus pre-plan windows (Emperor Cunning, Betrayal). */
        s->play.step = STEP_KH;
        break;
    case STEP_KH:
        s->play.step = STEP_BONUS;
        if (nx_battle_open_window(a, NX_ADV_KH)) return 1;
        break;
    case STEP_BONUS:
        /* At most one side has bonuses: the Emperor has none against the Fremen. */
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_VOICE_NEXUS;
        if (nx_battle_open_window(a, NX_ADV_SARDAUKAR) || nx_battle_open_window(a, NX_ADV_FREMEN)) return 1;
        /* The Voice step: with the Bene Gesserit absent, a combatant may
         * borrow the Voice (Bene Gesserit Secret Ally, before Prescience). */
        if (absent(s, NX_BENE_GESSERIT) && nx_windows_open_event(a, NX_EV_VOICE_STEP, combatants(s))) return 1;
        break;
    case STEP_VOICE_NEXUS:
        /* After the bonus window: the Voice step window, when not yet offered. */
        if (s->play.karama_window || s->play.event_now == NX_EV_SARDAUKAR_BONUS) {
            if (nx_battle_close_window(a)) return 1;
            if (absent(s, NX_BENE_GESSERIT) && nx_windows_open_event(a, NX_EV_VOICE_STEP, combatants(s))) return 1;
        }
        nx_event_clear(s);
        s->play.step = STEP_VOICE;
        break;
    case STEP_VOICE:
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_VOICE_KARAMA;
        if (nx_battle_open_voice(a)) return 1;
        break;
    case STEP_VOICE_KARAMA:
        s->play.step = STEP_PRESCIENCE;
        if (nx_battle_open_window(a, NX_ADV_VOICE)) return 1;
        break;
    case STEP_PRESCIENCE:
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_PRESCIENCE_NEXUS;
        /* The Prescience boundary: with Atreides absent, a combatant may
         * look at one element (Atreides Secret Ally). */
        if (absent(s, NX_ATREIDES) && nx_windows_open_event(a, NX_EV_PRESCIENCE_STEP, combatants(s))) return 1;
        break;
    case STEP_PRESCIENCE_NEXUS:
        nx_event_clear(s);
        s->play.step = STEP_PRESCIENCE_KARAMA;
        if (nx_battle_open_prescience(a)) return 1;
        break;
    case STEP_PRESCIENCE_KARAMA:
        s->play.step = STEP_FORESEE;
        if (nx_battle_open_window(a, NX_ADV_PRESCIENCE)) return 1;
        break;
    case STEP_FORESEE:
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_FORESEE_NEXUS;
        if (nx_battle_open_foresee(a)) return 1;
        break;
    case STEP_FORESEE_NEXUS: {
        /* The element was shown: its user may look again (Atreides Cunning).
         * Or the native Prescience was stopped before anything was shown:
         * under atreides.cunning.after_cancelled_native "first_element"
         * Cunning's attempt becomes the first element (its window). */
        uint8_t user = nx_battle_user(s, NX_ADV_PRESCIENCE);
        int shown = s->play.prescience_elem && (s->play.battle_fixed[0] | s->play.battle_fixed[1]);
        int kind = shown ? NX_EV_PRESCIENCE_ANSWERED : cunning_after_stop(a, user) ? NX_EV_PRESCIENCE_STOPPED : NX_EV_NONE;
        s->play.step = STEP_FORESEE_AGAIN;
        if (kind && user != NX_NO_SEAT && nx_battle_adv_side(s, user) >= 0 &&
            nx_windows_open_event(a, kind, (uint8_t)(1u << user))) {
            int t = 1 - nx_battle_adv_side(s, user);
            nx_event_raise(s, kind, user, s->play.battle_seats[t]);
            return 1;
        }
        break;
    }
    case STEP_FORESEE_AGAIN: {
        nx_event_clear(s);
        uint8_t user = nx_battle_user(s, NX_ADV_PRESCIENCE);
        s->play.step = STEP_PLAN_NEXUS;
        /* Another look: one granted (Atreides Cunning), or a new attempt
         * after a stop of the attempt alone (atreides.betrayal.after_cancel
         * "may_ask_again"), made at most once. */
        int again = nx_effect_find(s, NX_EFF_STOP, NX_NO_SEAT, NX_ADV_PRESCIENCE);
        if (again >= 0 && s->play.effect_end[again] == NX_END_ATTEMPT) {
            s->play.effect_end[again] = NX_END_BATTLE;
            s->play.step = STEP_PRESCIENCE_NEXUS;
        }
        if (user != NX_NO_SEAT && nx_effect_find(s, NX_EFF_GRANT, user, NX_ADV_PRESCIENCE) >= 0) {
            s->play.prescience_elem = 0;
            /* After a stopped native Prescience the granted look is a use of
             * its own ("first_element"): the stop ended the native one. */
            s->play.battle_stopped &= (uint8_t)~(1u << NX_ADV_PRESCIENCE);
            s->play.step = STEP_PRESCIENCE_NEXUS;
        }
        break;
    }
    case STEP_PLAN_NEXUS:
        s->play.step = STEP_PLAN_KARAMA;
        if (nx_windows_open_event(a, NX_EV_BATTLE_PLAN, combatants(s))) return 1;
        break;
    case STEP_PLAN_KARAMA:
        nx_event_clear(s);
        s->play.step = STEP_PLAN_CLOSE;
        /* A Sardaukar use declared just now (Emperor Cunning) is a use of
         * the advantage of its own: it gets its own response window. */
        if (nx_effect_find(s, NX_EFF_VIRTUAL_ELITE, NX_NO_SEAT, -1) >= 0 && nx_battle_open_window(a, NX_ADV_SARDAUKAR)) return 1;
        break;
    case STEP_PLAN_CLOSE:
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_PLANS;
        break;
    case STEP_PLANS:
        open_plans(a);
        s->play.step = STEP_REVEAL;
        return 1;
    case STEP_REVEAL:
        nx_battle_reveal(a);
        /* Hook: post-reveal card options and Karama / Nexus response
         * windows (battle.md 12 step 9). */
        s->play.step = STEP_CALLS;
        break;
    case STEP_CALLS:
        s->play.step = STEP_RESOLVE;
        if (nx_battle_open_calls(a)) return 1;
        break;
    case STEP_RESOLVE:
        /* Harkonnen Betrayal may cancel a Harkonnen call first (nx_traitor_window.c). */
        s->play.step = STEP_REVEALED;
        if (nx_battle_open_reveal(a)) return 1;
        break;
    case STEP_REVEALED:
        nx_event_clear(s);
        s->play.step = STEP_CAPTURE;
        if (nx_battle_resolve(a)) return 1;
        break;
    case STEP_CAPTURE:
        s->play.step = STEP_AFTER;
        if (!nx_battle_draw_captive(a)) break;
        s->play.step = STEP_CAPTURE_ASK;
        if (nx_battle_open_window(a, NX_ADV_CAPTURE)) return 1;
        break;
    case STEP_CAPTURE_ASK:
        if (nx_battle_close_window(a)) return 1;
        s->play.step = STEP_AFTER;
        if (nx_battle_open_capture(a)) return 1;
        break;
    case STEP_AFTER:
        /* The loser's step, then the winner's (nx_battle_after.c). */
        s->play.step = STEP_LOST;
        if (nx_battle_open_lost(a)) return 1;
        break;
    case STEP_LOST:
        nx_battle_settle_discards(a);
        s->play.step = STEP_WON;
        if (nx_battle_open_won(a)) return 1;
        break;
    case STEP_WON:
        nx_event_clear(s);
        nx_battle_return_captives(a, 0);
        clear_battle(s);
        s->play.step = STEP_NEXT;
        break;
    case STEP_END:
        nx_battle_return_captives(a, 1);
        return 0;
    default:
        /* Cannot happen: STEP_END ends the procedure, and one that is over is not run again (nx_phases_settle). */
        assert(!"the battle procedure is at a step it does not have");
        return 0;
    }
}

/* ---- the aggressor's choice ------------------------------------------------------------- */

static int act_choose(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_BATTLE_CHOICE);
    int t, opponent;
    if (!p || nx_arg_keys(a, NX_KEYS("territory", "opponent")) || nx_arg_territory(a, "territory", &t) ||
        nx_arg_int(a, "opponent", 0, a->s->nseats - 1, &opponent))
        return -1;
    battle_ref battles[MAX_BATTLES];
    int n = list_battles(a->s, p->seat, battles);
    /* The same opponent in two battlefields of one territory (the storm
     * between them): the first is fought now, the other comes next. */
    for (int i = 0; i < n; i++)
        if (nx_map_section_territory(battles[i].sec) == t && battles[i].opponent == opponent) {
            uint8_t seat = p->seat;
            nx_state_remove_pending(a->s, p);
            fix_battle(a->s, seat, &battles[i]);
            return 0;
        }
    return nx_act_fail(a, "illegal", "you have no battle against seat %d in %s", opponent, nx_map_territory_name(t));
}

/* Every battle, scored by the forces on both sides (public). */
static void choice_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    battle_ref battles[MAX_BATTLES];
    int n = list_battles(s, p->seat, battles);
    for (int i = 0; i < n; i++) {
        int field[NX_MAP_MAX_SECTIONS_PER_TERRITORY], nf = nx_battle_field(s, battles[i].sec, field);
        int score = fighters_in_field(s, p->seat, field, nf) - fighters_in_field(s, battles[i].opponent, field, nf);
        int t = nx_map_section_territory(battles[i].sec);
        nx_moves_add(out, score, json_pack("{s:s, s:s, s:i}", "type", "choose_battle", "territory",
                                           nx_map_territory_id(t), "opponent", battles[i].opponent));
    }
}

/* ---- the module ----------------------------------------------------------------------------- */

static const nx_act_entry battle_actions[] = {
    { "choose_battle", act_choose, 0 },
    { "battle_plan", nx_battle_act_plan, 0 },
    { "call_traitor", nx_battle_act_call, 0 },
    { "keep_cards", nx_battle_act_keep, 0 },
    { "capture", nx_battle_act_capture, 0 },
    { "voice", nx_battle_act_voice, 0 },
    { "prescience", nx_battle_act_prescience, 0 },
    { "foresee_answer", nx_battle_act_foresee, 0 },
    { "karama", nx_battle_act_karama, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops battle_decisions[] = {
    { NX_PEND_BATTLE_CHOICE, NULL, choice_moves },
    { NX_PEND_BATTLE_PLAN, NULL, nx_battle_plan_moves },
    { NX_PEND_TRAITOR_CALL, nx_battle_pass_call, nx_battle_call_moves },
    { NX_PEND_BATTLE_CARDS, nx_battle_pass_keep, nx_battle_keep_moves },
    { NX_PEND_CAPTURE, nx_battle_pass_capture, nx_battle_capture_moves },
    { NX_PEND_VOICE, nx_battle_pass_voice, nx_battle_voice_moves },
    { NX_PEND_PRESCIENCE, nx_battle_pass_prescience, nx_battle_prescience_moves },
    { NX_PEND_FORESEE, NULL, nx_battle_foresee_moves },
    { NX_PEND_KARAMA, nx_battle_pass_karama, nx_battle_karama_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_battle = { "battle", NX_P_BATTLE, battle_procedure, battle_actions, battle_decisions };
