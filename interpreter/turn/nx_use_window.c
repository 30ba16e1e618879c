/*
 * The Karama window against a Cunning use in Shipment and Movement: Spacing
 * Guild Cunning's second shipment, Bene Gesserit Cunning's announced flip.
 *
 * A Cunning enhances a native advantage, and a Karama stops one use of it
 * (November 2020 FAQ p.7): under common.karama.nexus_effects every setting
 * but "immune" makes a Cunning a target (cunning_only, advantage_uses and
 * every_play all include it), so the window opens when the use is
 * announced; "immune" lets it go ahead at once.  The Bene Gesserit set is
 * one use (bene_gesserit.cunning.karama_batch: whole_set, 000).  The window
 * is the uniform one every advantage use gets (nx_adv_windows.h:
 * advantage_karama, NX_ADVO_SECOND_SHIPMENT or NX_ADVO_CUNNING_FLIP); this
 * file only says when it opens and keeps which use is in hand
 * (play.use_window, play.use_seat) until the shipment procedure settles it.
 */
#include "nx_adv_windows.h"
#include "nx_effects.h"
#include "nx_module.h"
#include "nx_pack.h"
#include "nx_ship_nexus.h"

static int karama_may_stop(nx_act *a, int use)
{
    if (NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, IMMUNE)) return 0;
    if (use == NX_USE_ADVISOR_FLIP) return NX_SETTING_IS(a, BENE_GESSERIT_CUNNING_KARAMA_BATCH, WHOLE_SET);
    /* The Guild's card is gated by the ruling: a Cunning that enhances is
     * a target by the same table as every Nexus play (nx_karama_use_targets). */
    return nx_karama_use_targets(nx_act_setting(a, "common.karama.nexus_effects", "unresolved"), NX_KU_ENHANCES,
                                 NX_MODE_CUNNING);
}

static int adv_of(int use) { return use == NX_USE_ADVISOR_FLIP ? NX_ADVO_CUNNING_FLIP : NX_ADVO_SECOND_SHIPMENT; }

int nx_use_open(nx_act *a, int use, uint8_t user)
{
    nx_state *s = a->s;
    if (!karama_may_stop(a, use)) return 0;
    if (!nx_adv_window(a, adv_of(use), user)) {
        /* No seat may hold a Karama: the use goes ahead, and may come again. */
        nx_adv_forget(s, adv_of(use));
        return 0;
    }
    s->play.use_window = (uint8_t)use;
    s->play.use_seat = user;
    return 1;
}

int nx_use_settle(nx_act *a, int *use, int *stopped)
{
    nx_state *s = a->s;
    if (nx_adv_answers_due(s)) return 1;
    *use = s->play.use_window;
    int adv = adv_of(*use);
    nx_adv_window(a, adv, s->play.use_seat);    /* closes it: the first Karama in storm order is spent */
    *stopped = nx_adv_stopped(s, adv);
    nx_adv_forget(s, adv);
    s->play.use_window = 0;
    s->play.use_seat = NX_NO_SEAT;
    return 0;
}
