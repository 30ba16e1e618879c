#include "nx_timing.h"

#include <assert.h>
#include <stddef.h>

#include "nx_events.h"

/* The holder's own decisions a panel may be played inside (E3): the
 * decision stays open and continues after the play. */
static const struct { nx_pending_kind kind; int event; } own_acts[] = {
    { NX_PEND_SHIP_MOVE, NX_EV_OWN_ACTION },
    { NX_PEND_REVIVAL, NX_EV_OWN_ACTION },
};

int nx_when_inside_own_act(const nx_pending *own, int event)
{
    for (size_t i = 0; own && i < sizeof own_acts / sizeof own_acts[0]; i++)
        if (own_acts[i].kind == own->kind && own_acts[i].event == event) return 1;
    return 0;
}

/* Is a window of the holder open at the event (a Nexus window, or the
 * response window against an attempt)? */
static int window_at(const nx_state *s, const nx_pending *own, int event)
{
    return own && s->play.event_now == event && (own->kind == NX_PEND_NEXUS_WINDOW || own->kind == NX_PEND_KARAMA);
}

nx_when_fit nx_when_check(const nx_when *w, const nx_state *s, const nx_pending *own, int answered)
{
    assert(w && s);
    if (w->anytime) return NX_WHEN_FITS;
    if (w->phase != NX_PHASE_ANY && (int)w->phase != s->phase) return NX_WHEN_WRONG_PHASE;
    if (!w->event) return NX_WHEN_FITS;
    int ev = nx_event_parse(w->event);
    if (nx_when_inside_own_act(own, ev) || window_at(s, own, ev) || (answered && s->play.event_now == ev)) return NX_WHEN_FITS;
    return s->play.event_now != ev ? NX_WHEN_NOT_NOW : NX_WHEN_NO_WINDOW;
}
