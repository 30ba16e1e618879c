/*
 * Karama windows against advantages outside the battle (nx_adv_windows.h;
 * docs/rules/karama.md).  The window's existence, order and length follow
 * public facts only: which seats hold a Treachery card while some card
 * they could spend as a Karama is out of sight.  No answer logs a line;
 * the result is announced once all are in.  A Karama stops
 * one use (November 2020 FAQ), as in the battle.
 */
#include <assert.h>
#include <string.h>

#include "nx_adv_windows.h"
#include "nx_legal.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_source.h"
#include "nx_text.h"

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

static int advanced_bg(const nx_state *s, uint8_t seat)
{
    return (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
}

static nx_treachery_card card_of(nx_comp c) { return nx_treachery_copy_card(c - nx_comp_treachery(0)); }

nx_comp nx_karama_card(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    nx_comp karama = NX_COMP_NONE;
    for (int i = 0; i < n; i++) {
        nx_treachery_card c = card_of(hand[i]);
        if (advanced_bg(s, seat) && nx_treachery_is_worthless(c)) return hand[i];
        if (c == NX_TR_KARAMA && karama == NX_COMP_NONE) karama = hand[i];
    }
    return karama;
}

int nx_karama_may_hold(const nx_state *s, uint8_t seat)
{
    if (!nx_custody_count(&s->custody, hand_of(seat))) return 0;
    for (int copy = 0; copy < NX_TREACHERY_COPY_COUNT; copy++) {
        nx_treachery_card c = nx_treachery_copy_card(copy);
        if (c != NX_TR_KARAMA && !(advanced_bg(s, seat) && nx_treachery_is_worthless(c))) continue;
        nx_zone z = s->custody.zone[nx_comp_treachery(copy)];
        if (z != NX_Z_OUT && nx_zone_visibility(z) != NX_VIS_PUBLIC) return 1;
    }
    return 0;
}

int nx_adv_answers_due(const nx_state *s)
{
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].kind == NX_PEND_ADV_KARAMA) return 1;
    return 0;
}

int nx_adv_stopped(const nx_state *s, int adv) { return nx_play_bit(s->play.advw_stopped, adv); }

void nx_adv_use_done(nx_state *s)
{
    assert(!s->play.advw);
    memset(s->play.advw_done, 0, sizeof s->play.advw_done);
    memset(s->play.advw_stopped, 0, sizeof s->play.advw_stopped);
}

void nx_adv_forget(nx_state *s, int adv)
{
    assert(s->play.advw != adv);
    nx_play_set_bit(s->play.advw_done, adv, 0);
    nx_play_set_bit(s->play.advw_stopped, adv, 0);
}

/* The first seat in storm order that answered "karama" spends its card. */
static void settle(nx_act *a, int adv)
{
    nx_state *s = a->s;
    uint8_t players = s->play.advw_players, user = s->play.advw_user, order[NX_MAX_SEATS];
    s->play.advw = s->play.advw_players = 0;
    s->play.advw_user = NX_NO_SEAT;
    nx_play_set_bit(s->play.advw_done, adv, 1);
    nx_state_storm_order(s, order);
    char w[64], u[64], t[96];
    nx_act_who(s, user, u, sizeof u);
    const char *text = nx_adv_use_text(s, adv, t, sizeof t);
    for (int i = 0; i < s->nseats; i++) {
        nx_comp card = (players & bit(order[i])) ? nx_karama_card(s, order[i]) : NX_COMP_NONE;
        if (card == NX_COMP_NONE) continue;
        nx_custody_move(&s->custody, card, NX_Z_TREACHERY_DISCARD);
        nx_play_set_bit(s->play.advw_stopped, adv, 1);
        nx_treachery_card c = card_of(card);
        nx_act_log(a, "%s plays %s%s: %s's %s is stopped", nx_act_who(s, order[i], w, sizeof w), nx_treachery_name(c),
                   c == NX_TR_KARAMA ? "" : " as a Karama", u, text);
        return;
    }
    nx_act_log(a, "no Karama is played against %s's %s", u, text);
}

static int open_window(nx_act *a, int adv, uint8_t user, uint8_t askers);

int nx_adv_window(nx_act *a, int adv, uint8_t user) { return open_window(a, adv, user, 0xff); }

int nx_adv_window_for(nx_act *a, int adv, uint8_t user, uint8_t asker)
{
    return open_window(a, adv, user, asker < NX_MAX_SEATS ? bit(asker) : 0);
}

static int open_window(nx_act *a, int adv, uint8_t user, uint8_t askers)
{
    nx_state *s = a->s;
    const nx_adv_def *d = nx_adv_get(adv);
    assert(d);
    if (nx_play_bit(s->play.advw_done, adv)) return 0;
    if (s->play.advw == adv) {
        settle(a, adv);
        return 0;
    }
    assert(!s->play.advw);      /* one window at a time */
    nx_play_set_bit(s->play.advw_done, adv, 1);
    if (user == NX_NO_SEAT) return 0;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = 0;
    char w[64], t[96];
    nx_act_who(s, user, w, sizeof w);
    const char *text = nx_adv_use_text(s, adv, t, sizeof t);
    for (int i = 0; i < s->nseats; i++) {
        if (order[i] == user || !(askers & bit(order[i])) || !nx_karama_may_hold(s, order[i])) continue;
        if (!event) event = nx_state_new_event(s);
        nx_pending *p = nx_state_add_pending(s, NX_PEND_ADV_KARAMA, order[i]);
        p->event = event;
        nx_fmt(p->prompt, sizeof p->prompt, "Karama: %s %s's %s, or pass", d->prevent ? "prevent" : "cancel", w, text);
    }
    if (!event) return 0;
    nx_play_set_bit(s->play.advw_done, adv, 0);
    s->play.advw = (uint8_t)adv;
    s->play.advw_user = user;
    s->play.advw_players = 0;
    return 1;
}

/* ---- answers ---------------------------------------------------------------------------- */

/* An answer logs nothing: a pass and a Karama look alike until all are
 * in, and the window's closing line (settle) says what came of it. */
static int answered(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* "karama" answers this window or the battle's (the same word at the
 * table): without a window of its own here, the action goes on to the
 * next module that answers "karama" (the battle's, which keeps its own). */
static int act_karama(nx_act *a)
{
    const nx_pending *p = nx_pending_find(a->s, (uint8_t)a->seat, NX_PEND_ADV_KARAMA);
    if (!p) {
        nx_act_fn next = nx_ruleset_action_after(a->rt->rules, &nx_mod_adv_windows, "karama");
        assert(next); /* the Dune ruleset lists the battle's after this module */
        return next ? next(a) : nx_act_fail(a, "illegal", "you have no Karama window to answer");
    }
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    if (a->s->play.advw == NX_ADVO_GUILD_POWER)
        return nx_act_fail(a, "illegal", "this is the Guild's Karama power: answer with \"karama_power\", or pass");
    if (nx_karama_card(a->s, p->seat) == NX_COMP_NONE)
        return nx_act_fail(a, "illegal", "you hold no Karama card%s",
                           advanced_bg(a->s, p->seat) ? " and no worthless card to use as one" : "");
    a->s->play.advw_players |= bit(p->seat);
    return answered(a, p);
}

static int pass_adv(nx_act *a, const nx_pending *p) { return answered(a, p); }

int nx_adv_power_answer(nx_act *a, uint8_t seat)
{
    const nx_pending *p = nx_pending_find(a->s, seat, NX_PEND_ADV_KARAMA);
    if (!p || a->s->play.advw != NX_ADVO_GUILD_POWER) return 0;
    a->s->play.advw_players |= bit(seat);
    answered(a, p);
    return 1;
}

/* Bots: stop an opponent's advantage; never an ally's. */
static void adv_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_moves_add(out, 5, json_pack("{s:s}", "type", "pass"));
    if (s->play.advw == NX_ADVO_GUILD_POWER) {
        /* The Guild's power, with a real Karama: against a large shipment
         * of a seat not its ally (the held act: play.advh_arg). */
        int large = nx_ship_held_forces(s) >= 6 && s->seats[p->seat].ally != s->play.advw_user;
        if (nx_move_card_in_hand(s, p->seat, NX_TR_KARAMA) != NX_COMP_NONE)
            nx_moves_add(out, large ? 6 : 0, json_pack("{s:s}", "type", "karama_power"));
        return;
    }
    if (nx_karama_card(s, p->seat) == NX_COMP_NONE) return;
    /* A Karama buys a card or a shipment; simple bots spend it here only
     * to keep a large price from the Emperor (random bots try either). */
    int ally = s->seats[p->seat].ally == s->play.advw_user;
    int dear = s->play.advw == NX_ADVO_TREACHERY_PAYMENT && p->seat == s->play.bid_winner && s->play.bid_high >= 5;
    /* A Nexus play: a card for a card, worth it only against a play that
     * works against this seat: a Betrayal works against the faction whose
     * card it is. */
    if (s->play.advw == NX_ADVO_NEXUS_PLAY)
        dear = s->play.nxh_source && nx_source_mode(s->play.nxh_source) == NX_SOURCE_BETRAYAL &&
               nx_source_faction(s->play.nxh_source) == s->seats[p->seat].faction;
    nx_moves_add(out, ally ? 0 : dear ? 6 : 4, json_pack("{s:s}", "type", "karama"));
}

static const nx_decision_ops adv_decisions[] = {
    { NX_PEND_ADV_KARAMA, pass_adv, adv_moves },
    { 0, NULL, NULL },
};

static const nx_act_entry adv_actions[] = {
    { "karama", act_karama, 0 },
    { NULL, NULL, 0 },
};

const nx_module nx_mod_adv_windows = { "advantage_windows", -1, NULL, adv_actions, adv_decisions };
