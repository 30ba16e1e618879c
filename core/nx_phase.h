/*
 * nx_phase: the nine phases of a turn, defined once.  The state counts in
 * NX_P_* (core/nx_state.h); the pack's timings name them as nx_phase
 * (dsl/nx_pack.h), whose values are these, so the two cannot drift.
 */
#ifndef NX_PHASE_H
#define NX_PHASE_H

enum {
    NX_P_STORM, NX_P_SPICE_BLOW, NX_P_CHOAM_CHARITY, NX_P_BIDDING, NX_P_REVIVAL,
    NX_P_SHIPMENT_MOVEMENT, NX_P_BATTLE, NX_P_SPICE_COLLECTION, NX_P_MENTAT_PAUSE,
    NX_P_COUNT,
    NX_P_SETUP = 0xfe               /* before turn 1 */
};

#endif
