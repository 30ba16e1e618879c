/*
 * nx_timing: does a Nexus panel's printed moment fit now?  The one test
 * the engine refuses a play by (nx_panel_ctx.c) and the bots and the
 * simulator choose by, so a bot never carries its own copy of the rule.
 */
#ifndef NX_TIMING_H
#define NX_TIMING_H

#include "nx_pack.h"
#include "nx_state.h"

typedef enum {
    NX_WHEN_FITS,           /* the moment is now */
    NX_WHEN_WRONG_PHASE,    /* the moment is in another phase */
    NX_WHEN_NOT_NOW,        /* bound to an event that is not happening */
    NX_WHEN_NO_WINDOW       /* the event is happening, but the holder has no window open at it */
} nx_when_fit;

/*
 * `own`: the holder's first pending decision (or NULL); an event-bound
 * moment fits inside the holder's own act (E3: a shipment or a revival),
 * in the holder's window at the event, or, with `answered`, when the play
 * answers that window (nx_panel_settle).
 */
nx_when_fit nx_when_check(const nx_when *w, const nx_state *s, const nx_pending *own, int answered);

/* Is `own` one of the holder's acts a panel bound to `event` is played
 * inside (E3: the decision stays open and continues after the play)? */
int nx_when_inside_own_act(const nx_pending *own, int event);

#endif
