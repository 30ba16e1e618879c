/*
 * The Karama window against a Nexus use in Shipment and Movement: Spacing
 * Guild Cunning's second shipment, Bene Gesserit Cunning's announced flip.
 *
 * A Cunning enhances a native advantage, and a Karama stops one use of it
 * (November 2020 FAQ p.7): under common.karama.nexus_effects every setting
 * but "immune" makes a Cunning a target (cunning_only, advantage_uses and
 * every_play all include it), so the window opens when the use is
 * announced; "immune" lets it go ahead at once.  The Bene Gesserit set is
 * one use (bene_gesserit.cunning.karama_batch: whole_set, 000).  As in the
 * battle's windows, every seat but the user that may hold a Karama by what
 * the table sees answers "karama" or "pass", each answer logs the same
 * line, and the earliest Karama in storm order is spent.  The window lives
 * in the state (play.use_*) and its decisions are saved with the game.
 */
#include "nx_adv_windows.h"
#include "nx_effects.h"
#include "nx_module.h"
#include "nx_pack.h"
#include "nx_ship_nexus.h"
#include "nx_text.h"

#define BIT(seat) ((uint8_t)(1u << (seat)))

static const char *const use_names[] = { NULL, "Spacing Guild Cunning's second shipment", "Bene Gesserit Cunning's flip" };

static int karama_may_stop(nx_act *a, int use)
{
    if (NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, IMMUNE)) return 0;
    if (use == NX_USE_ADVISOR_FLIP) return NX_SETTING_IS(a, BENE_GESSERIT_CUNNING_KARAMA_BATCH, WHOLE_SET);
    /* The Guild's card is gated by the ruling: a Cunning that enhances is
     * a target by the same table as every Nexus play (nx_karama_use_targets). */
    return nx_karama_use_targets(nx_act_setting(a, "common.karama.nexus_effects", "unresolved"), NX_KU_ENHANCES,
                                 NX_MODE_CUNNING);
}

int nx_use_open(nx_act *a, int use, uint8_t user)
{
    nx_state *s = a->s;
    if (!karama_may_stop(a, use)) return 0;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = 0;
    char who[64];
    nx_act_who(s, user, who, sizeof who);
    for (int i = 0; i < s->nseats; i++) {
        if (order[i] == user || !nx_karama_may_hold(s, order[i])) continue;
        if (!event) event = nx_state_new_event(s);
        nx_pending *p = nx_state_add_pending(s, NX_PEND_USE_KARAMA, order[i]);
        p->event = event;
        nx_fmt(p->prompt, sizeof p->prompt, "Karama: stop %s of %s, or pass", use_names[use], who);
    }
    if (!event) return 0;
    s->play.use_window = (uint8_t)use;
    s->play.use_seat = user;
    s->play.use_karama = 0;
    return 1;
}

static int waiting(const nx_state *s)
{
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].kind == NX_PEND_USE_KARAMA) return 1;
    return 0;
}

/* Every answer looks alike until all are in: none logs a line, and the
 * window's closing line (spend_karama) says what came of it. */
static int answered(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    return 0;
}

int nx_use_act_karama(nx_act *a, const nx_pending *p)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    if (nx_karama_card(a->s, p->seat) == NX_COMP_NONE) return nx_act_fail(a, "illegal", "you hold no Karama card");
    a->s->play.use_karama |= BIT(p->seat);
    return answered(a, p);
}

int nx_use_pass(nx_act *a, const nx_pending *p) { return answered(a, p); }

/* The earliest seat in storm order that answered "karama" spends it. */
static int spend_karama(nx_act *a, uint8_t user, int use)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    char w[64], u[64];
    nx_act_who(s, user, u, sizeof u);
    for (int i = 0; i < s->nseats; i++) {
        nx_comp card = (s->play.use_karama & BIT(order[i])) ? nx_karama_card(s, order[i]) : NX_COMP_NONE;
        if (card == NX_COMP_NONE) continue;
        nx_custody_move(&s->custody, card, NX_Z_TREACHERY_DISCARD);
        nx_treachery_card c = nx_comp_treachery_card(card);
        nx_act_log(a, "%s plays %s%s: %s of %s is stopped", nx_act_who(s, order[i], w, sizeof w), nx_treachery_name(c),
                   c == NX_TR_KARAMA ? "" : " as a Karama", use_names[use], u);
        return 1;
    }
    nx_act_log(a, "no Karama is played against %s of %s", use_names[use], u);
    return 0;
}

int nx_use_settle(nx_act *a, int *use, int *stopped)
{
    nx_state *s = a->s;
    if (waiting(s)) return 1;
    *use = s->play.use_window;
    uint8_t user = s->play.use_seat;
    *stopped = spend_karama(a, user, *use);
    s->play.use_window = s->play.use_karama = 0;
    s->play.use_seat = NX_NO_SEAT;
    return 0;
}

/* Bots: stop an opponent's use with a Karama now and then; never an ally's. */
void nx_use_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_moves_add(out, 5, json_pack("{s:s}", "type", "pass"));
    if (nx_karama_card(s, p->seat) == NX_COMP_NONE || s->seats[p->seat].ally == s->play.use_seat) return;
    nx_moves_add(out, 4, json_pack("{s:s}", "type", "karama"));
}
