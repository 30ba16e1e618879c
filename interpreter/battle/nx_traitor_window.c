/*
 * The step between the traitor calls and the resolution (E4 for
 * traitor_revealed): Harkonnen Betrayal's moment (003, Battle
 * cancellation).
 *
 * The calls are collected before any is shown (nx_battle_resolve.c).  When
 * the Harkonnen player is among the callers, for itself or for its ally
 * (base p.17), the calls are revealed here and, under
 * common.reactions.private_policy "uniform_window", every other seat
 * holding a Nexus card gets the same window at the event before anything
 * is resolved.  Held counts are public, so the window's existence says
 * nothing about which card anyone holds; only the holder of the Harkonnen
 * card, played as Betrayal, can do anything there.  Harkonnen's own
 * revelation is no ordinary Karama target (003, Tleilaxu and shared-deck
 * boundaries): no Karama window opens here.
 *
 * A cancellation (ctx:cancel_call) removes exactly that caller's call,
 * bound to the identity it revealed; the resolution that follows sees the
 * surviving calls only and runs once: a double call becomes a single call,
 * a single call an ordinary battle.  Nothing already resolved is undone,
 * because nothing is resolved yet.
 */
#include <string.h>

#include "nx_battle.h"
#include "nx_events.h"
#include "nx_turn.h"
#include "nx_text.h"

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

/* The leader a seat's call names: the opposing leader of the side it
 * calls for; -1 when none. */
static int called_leader(const nx_state *s, uint8_t seat)
{
    int side = nx_battle_call_side(s, seat);
    if (side < 0) return -1;
    nx_comp c = s->play.battle_leader[1 - side];
    return c != NX_COMP_NONE && nx_comp_kind_of(c) == NX_COMP_LEADER ? nx_comp_leader(c) : -1;
}

int nx_battle_open_reveal(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t h = nx_state_seat_of(s, NX_HARKONNEN);
    if (h == NX_NO_SEAT || !(s->play.battle_callers & bit(h))) return 0;
    if (strcmp(nx_act_setting(a, "common.reactions.private_policy", "unresolved"), "uniform_window")) return 0;
    uint8_t others = (uint8_t)(((1u << s->nseats) - 1) & ~bit(h));
    if (!nx_windows_open_event(a, NX_EV_TRAITOR_REVEALED, others)) return 0;
    int side = nx_battle_call_side(s, h);
    nx_event_raise(s, NX_EV_TRAITOR_REVEALED, h, s->play.battle_seats[1 - side]);
    /* Every call is shown now, as they are shown together: the response
     * may depend on whether the other side called too. */
    char w[64];
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (s->play.battle_callers & bit(seat))
            nx_act_log(a, "%s reveals a traitor: it holds the Traitor Card of %s", nx_act_who(s, seat, w, sizeof w),
                       nx_leader_get(called_leader(s, seat))->name);
    return 1;
}

int nx_battle_cancel_call(nx_act *a, uint8_t caller, nx_comp *card)
{
    nx_state *s = a->s;
    int l = called_leader(s, caller);
    if (!(s->play.battle_callers & bit(caller)) || l < 0) return -1;
    nx_comp c = nx_comp_traitor(l);
    /* The call was checked when made; custody cannot have moved since
     * (the window runs before anything else may act). */
    if (s->custody.zone[c] != NX_Z_SEAT(caller, NX_ZS_TRAITORS)) return -1;
    s->play.battle_callers = (uint8_t)(s->play.battle_callers & ~bit(caller));
    char w[64];
    nx_act_log(a, "the traitor call of %s on %s is cancelled", nx_act_who(s, caller, w, sizeof w), nx_leader_get(l)->name);
    *card = c;
    return 0;
}
