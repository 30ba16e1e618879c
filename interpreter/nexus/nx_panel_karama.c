/*
 * The Karama window against a Nexus play (docs/rules/karama.md, "Karama
 * against a Nexus play"; ruling common.karama.nexus_effects).
 *
 * Each panel declares what a Karama against its play would stop
 * (`karama_use`, nx_pack.h); the ruling's setting says which families are
 * Karama targets (nx_karama_use_targets).  A play that is one is made as
 * the native held acts are (nx_adv_windows.c): checked first (a refusal
 * leaves the state unchanged, the card in hand), announced, held in
 * play.nxh_* with its card still in the holder's hand, and answered in
 * the same uniform window (`advantage_karama`, advantage `nexus_play`)
 * that every seat but the holder which may hold a Karama by what the
 * table sees gets, whatever it holds.  Once every answer is in, the
 * ruleset's settle calls nx_panel_karama_settle before any procedure
 * runs: stopped, the card is spent (discarded) and its effect does not
 * happen; not stopped, it is played as if no window had been.
 *
 * Held here: a target play made at a moment of its own: a Nexus window,
 * no decision of the holder's pending, or the closing of a response
 * window it answered (nx_battle_close_window: the window's event stays
 * raised, so the panel still acts on the attempt once the play is made).
 * Not held: a play whose card file says a Karama answers the
 * faction-advantage use the play makes, in that use's own window
 * (`karama_window: native_use`, the default for a Cunning, which enhances
 * a native use: the worm ride, the Guild's second shipment, the flip set;
 * Atreides Secret Ally's lent Prescience, answered in the battle's
 * Prescience window).  Inside the holder's own act (its shipment, its
 * revival) a play_nexus is held too, the act waiting with it; a play made
 * as part of another action (a shipment's "nexus": true) has no moment to
 * wait at and is refused when it is a target, its card kept.
 *
 * While the window is open nothing else is done (nx_panel_karama_holds):
 * a held play takes effect at its moment, before any other decision in
 * hand is answered, and the window's answers come first in the pending
 * list.
 */
#include <string.h>

#include "nx_ctx.h"
#include "nx_adv_windows.h"
#include "nx_names.h"
#include "nx_source.h"
#include "nx_text.h"

#define RULING "common.karama.nexus_effects"

static int gated(const nx_panel *p)
{
    for (size_t i = 0; i < p->nrulings; i++)
        if (!strcmp(p->rulings[i], RULING)) return 1;
    return 0;
}

static int path_index(const nx_panel *p, const char *path)
{
    for (size_t i = 0; path && i < p->npaths; i++)
        if (!strcmp(p->paths[i].id, path)) return (int)i;
    return -1;
}

static nx_karama_use family(const nx_panel *p, const char *path)
{
    int i = path_index(p, path);
    return i >= 0 && p->paths[i].karama_use != NX_KU_NONE ? p->paths[i].karama_use : p->karama_use;
}

int nx_panel_karama_target(nx_act *a, const nx_panel *p, const char *path)
{
    /* The audited families (Bene Gesserit, Emperor, Harkonnen) answer
     * Karama by their own rulings: a panel whose ruling makes its plays
     * targets says so in its card file (karama_target); the common ruling
     * gates the nine others. */
    if (p->karama_target.ruling)
        return nx_karama_target_has(&p->karama_target, nx_act_setting(a, p->karama_target.ruling, "unresolved"));
    if (!gated(p)) return 0;
    return nx_karama_use_targets(nx_act_setting(a, RULING, "unresolved"), family(p, path), p->mode);
}

/* The window's answers come before every other decision in hand (another
 * seat's shipment, a battle plan): a held play takes effect at its moment,
 * so nothing may happen before it is answered.  A stable partition keeps
 * the order of each group; pending[0] (whom the bots and the host ask
 * first) is then a Karama answer. */
static void answers_first(nx_state *s)
{
    nx_pending first[NX_MAX_PENDING], rest[NX_MAX_PENDING];
    int nf = 0, nr = 0;
    for (int i = 0; i < s->npending; i++) {
        if (s->pending[i].kind == NX_PEND_ADV_KARAMA) first[nf++] = s->pending[i];
        else rest[nr++] = s->pending[i];
    }
    memcpy(s->pending, first, (size_t)nf * sizeof first[0]);
    memcpy(s->pending + nf, rest, (size_t)nr * sizeof rest[0]);
}

int nx_panel_karama_holds(nx_act *a)
{
    const nx_state *s = a->s;
    if (!s->play.nxh_source || a->seat < 0) return 0;
    /* A seat's own-faction draw policy is private and never waits. */
    if (nx_act_is(a, "set_policy")) return 0;
    const nx_pending *own = nx_state_pending_of(s, (uint8_t)a->seat);
    int answering = own && own->kind == NX_PEND_ADV_KARAMA;
    if (answering && (nx_act_is(a, "karama") || nx_act_is(a, "pass"))) return 0;
    char who[64];
    nx_act_who(s, s->play.nxh_seat, who, sizeof who);
    const char *card = nx_comp_name(nx_custody_top(&s->custody, NX_Z_SEAT(s->play.nxh_seat, NX_ZS_NEXUS_HELD)));
    if (answering)
        return nx_act_fail(a, "illegal", "%s's play of the %s waits for its Karama window: answer it (karama or pass) first",
                           who, card);
    return nx_act_fail(a, "illegal", "%s's play of the %s waits for its Karama window: nothing else is done until it is answered",
                       who, card);
}

int nx_panel_karama_hold(nx_act *a, const nx_ctx *c, int own_moment)
{
    nx_state *s = a->s;
    if (c->panel->karama_native || !nx_panel_karama_target(a, c->panel, c->path)) return 0;
    if (!own_moment)
    {
        const char *ruling = c->panel->karama_target.ruling ? c->panel->karama_target.ruling : RULING;
        return nx_act_fail(a, "illegal", "%s is a Karama target under %s %s: play it on its own (play_nexus), "
                           "where it waits for its Karama window, then go on with your turn", c->panel->id, ruling,
                           nx_act_setting(a, ruling, "unresolved"));
    }
    if (s->play.advw || s->play.nxh_source)
        return nx_act_fail(a, "illegal", "a Karama window is being answered: the card waits until it closes");
    s->play.nxh_source = nx_ctx_source(c);
    s->play.nxh_seat = c->holder;
    s->play.nxh_path = (uint8_t)(path_index(c->panel, c->path) + 1);
    if (!nx_adv_window(a, NX_ADVO_NEXUS_PLAY, c->holder)) {
        /* No seat may hold a Karama: the play goes ahead at once. */
        nx_adv_forget(s, NX_ADVO_NEXUS_PLAY);
        s->play.nxh_source = s->play.nxh_seat = s->play.nxh_path = 0;
        return 0;
    }
    answers_first(s);
    char who[64];
    int pi = path_index(c->panel, c->path);
    nx_act_log(a, "%s means to play the %s as %s%s%s; it waits for the Karama window", nx_act_who(s, c->holder, who, sizeof who),
               nx_comp_name(nx_custody_top(&s->custody, NX_Z_SEAT(c->holder, NX_ZS_NEXUS_HELD))),
               nx_mode_name(c->panel->mode), pi >= 0 ? " to " : "", pi >= 0 ? c->panel->paths[pi].label : "");
    return 1;
}

int nx_panel_karama_settle(nx_act *a)
{
    nx_state *s = a->s;
    if (!s->play.nxh_source || s->play.advw != NX_ADVO_NEXUS_PLAY || nx_adv_answers_due(s)) return 0;
    uint8_t seat = s->play.nxh_seat;
    int src = s->play.nxh_source, pi = s->play.nxh_path - 1;
    nx_adv_window(a, NX_ADVO_NEXUS_PLAY, seat);     /* closes it: the first Karama in storm order is spent */
    int stopped = nx_adv_stopped(s, NX_ADVO_NEXUS_PLAY);
    nx_adv_forget(s, NX_ADVO_NEXUS_PLAY);
    const nx_panel *p = &a->rt->pack.cards[nx_source_faction(src)].panels[nx_source_mode(src)];
    s->play.nxh_source = s->play.nxh_seat = s->play.nxh_path = 0;
    nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
    if (card == NX_COMP_NONE || pi >= (int)p->npaths) {
        a->failed_late = 1;
        return nx_act_fail(a, "invariant", "the held play of %s has lost its card or its path", p->id);
    }
    if (stopped) {
        /* Reading (docs/rules/karama.md): a stopped play is made, so its
         * card is spent, as a Karama-stopped use is used. */
        nx_custody_move(&s->custody, card, NX_Z_NEXUS_DISCARD);
        char who[64];
        nx_act_log(a, "%s's %s is discarded: its %s does not happen", nx_act_who(s, seat, who, sizeof who),
                   nx_comp_name(card), nx_mode_name(p->mode));
        return 0;
    }
    nx_ctx c = { .a = a, .panel = p, .holder = seat, .path = pi >= 0 ? p->paths[pi].id : NULL };
    int rc = nx_panel_spend_and_play(a, &c);
    if (rc) a->failed_late = 1;
    return rc;
}
