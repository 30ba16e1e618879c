/*
 * Phase progression.  Until the turn issue builds each phase's own
 * procedure, the host moves the game from phase to phase with the
 * "advance" action; the hooks here are where phase-level rules (the Nexus
 * draw at the end of Spice Blow and Nexus) attach.
 */
#include "nx_act.h"
#include "nx_names.h"

void nx_phases_enter(nx_act *a, int phase)
{
    nx_state *s = a->s;
    if (phase >= NX_P_COUNT) {
        phase = NX_P_STORM;
        s->turn++;
    }
    s->phase = (uint8_t)phase;
    nx_lifecycle_phase_begin(s, phase);
    nx_act_log(a, "turn %d: %s", s->turn, nx_phase_name(phase));
}

int nx_phases_advance(nx_act *a)
{
    nx_state *s = a->s;
    if (s->npending) {
        char who[64];
        return nx_act_fail(a, "illegal", "%s must decide first: %s",
                           nx_act_who(s, s->pending[0].seat, who, sizeof who), s->pending[0].prompt);
    }
    if (s->phase == NX_P_SETUP)
        return nx_act_fail(a, "illegal", "setup is not finished");
    /* A phase whose end opens decisions completes when they are answered. */
    if (nx_lifecycle_phase_end(a, s->phase)) return 0;
    nx_phases_enter(a, s->phase + 1);
    return 0;
}
