/*
 * Effects owed at the Mentat Pause (E5): carried out there, once.
 *
 * A panel may leave a seat something owed "during the Mentat Pause"
 * (Harkonnen Betrayal: a replacement Traitor Card).  It is an
 * NX_EFF_OWED_DRAW effect of scope NX_END_MENTAT: no battle, phase or turn
 * end erases it, and discarding the card that made it does not either.
 * The Mentat Pause carries it out and removes it in the same action, so
 * a retry or a reload never draws twice.
 *
 * Where the draw falls among the Mentat Pause's other Traitor Deck actions
 * is harkonnen.betrayal.mentat_order, an engine order, not a publisher
 * priority (003, Material unresolved timing 1):
 *   replacement_first  every owed draw at the start of the Mentat Pause,
 *                      before any other Traitor Deck action;
 *   storm_order        each seat's owed draw when its turn comes in the
 *                      storm-order pass of the Mentat Pause (the end-of-
 *                      phase Nexus windows, where Harkonnen Secret Ally and
 *                      Cunning draw), finished before the next seat acts.
 * A deck too short for the draw leaves it owed, whole, until a Mentat
 * Pause can carry it out: never fewer cards, never another seat's
 * (003, Deck inventory).
 */
#include <string.h>

#include "nx_effects.h"
#include "nx_module.h"
#include "nx_names.h"
#include "nx_words.h"

static void draw_owed(nx_act *a, int i)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    uint8_t seat = p->effect_seat[i];
    int n = p->effect_arg[i];
    char who[64];
    nx_act_who(s, seat, who, sizeof who);
    nx_custody *cu = &s->custody;
    if (nx_custody_count(cu, NX_Z_TRAITOR_DECK) < n) {
        nx_act_log(a, "%s is owed %d Traitor Card%s, but the Traitor Deck holds %d: still owed", who, n,
                   nx_plural(n, "", "s"), nx_custody_count(cu, NX_Z_TRAITOR_DECK));
        return;
    }
    nx_comp drawn[NX_RECEIPT_CARDS];
    if (n > NX_RECEIPT_CARDS) n = NX_RECEIPT_CARDS;
    for (int k = 0; k < n; k++) {
        drawn[k] = nx_custody_top(cu, NX_Z_TRAITOR_DECK);
        nx_custody_move(cu, drawn[k], NX_Z_SEAT(seat, NX_ZS_TRAITORS));
    }
    nx_state_add_receipt(s, seat, NX_RCPT_DREW, nx_state_new_event(s), drawn, n);
    nx_act_log(a, "%s draws the %d replacement Traitor Card%s owed since turn %d", who, n, nx_plural(n, "", "s"),
               p->effect_turn[i]);
    nx_effect_remove(s, i);
}

/* Carry out what is owed to `seat` (NX_NO_SEAT: every seat, in storm
 * order) at this point of the Mentat Pause: `at_window` is the seat's turn
 * in the storm-order pass, otherwise the start of the Pause. */
void nx_owed_mentat(nx_act *a, uint8_t seat, int at_window)
{
    nx_state *s = a->s;
    if (s->phase != NX_P_MENTAT_PAUSE) return;
    int storm = !strcmp(nx_act_setting(a, "harkonnen.betrayal.mentat_order", "unresolved"), "storm_order");
    if (storm != at_window) return;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (int k = 0; k < s->nseats; k++) {
        if (seat != NX_NO_SEAT && order[k] != seat) continue;
        for (int i = 0; i < NX_MAX_EFFECTS; i++)
            if (s->play.effect_kind[i] == NX_EFF_OWED_DRAW && s->play.effect_seat[i] == order[k]) draw_owed(a, i);
    }
}
