/*
 * Worm occurrences, their window before the devour, and the effects Nexus
 * cards leave on worms and Fremen movement (nx_worm.h).
 */
#include "nx_worm.h"

#include <assert.h>
#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_turn.h"
#include "nx_map.h"
#include "nx_play.h"
#include "nx_text.h"

void nx_worm_phase_begin(nx_state *s)
{
    s->play.worm_seq = 0;
    s->play.worm_empty = 0;
    s->play.worm_window = 0;
    s->play.worm_t = 0xff;
}

/* No forces of any seat (advisors included: they are forces) in t. */
static int territory_empty(const nx_state *s, int t)
{
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (nx_board_forces_in(s, seat, t)) return 0;
    return 1;
}

/* The window before the devour is the same for every seat holding a Nexus
 * card; it opens only under the uniform policy (otherwise the gated panels
 * are unavailable and nothing may answer it). */
static int window_policy(nx_act *a)
{
    return (a->s->options & NX_OPT_NEXUS_CARDS) &&
           !strcmp(nx_act_setting(a, "common.reactions.private_policy", "unresolved"), "uniform_window");
}

int nx_worm_appear(nx_act *a)
{
    nx_state *s = a->s;
    int t = s->play.worm_at;
    if (t == 0xff || s->play.worm_window) return 0;
    /* Captured now, before anything is devoured (Fremen Cunning). */
    s->play.worm_window = 1;
    if (s->play.worm_seq < 0xff) s->play.worm_seq++;
    s->play.worm_empty = (uint8_t)territory_empty(s, t);
    s->play.worm_t = (uint8_t)t;
    if (!window_policy(a)) return 0;
    return nx_windows_open_event(a, NX_EV_WORM, (uint8_t)((1u << s->nseats) - 1));
}

void nx_worm_struck(nx_state *s)
{
    /* A remote ride owed for this occurrence (Fremen Cunning) is its only
     * ride: its territory held no forces at the appearance and nothing
     * moves forces in its window, so no native ride leaves from it.
     * fremen.cunning.karama_target all_rides rests on this. */
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    assert(fremen == NX_NO_SEAT || s->play.worm_t == 0xff ||
           nx_effect_find(s, NX_EFF_REMOTE_RIDE, NX_NO_SEAT, s->play.worm_seq) < 0 ||
           !nx_board_forces_in(s, fremen, s->play.worm_t));
    (void)fremen;
    s->play.worm_window = 0;
    if (s->play.event_now == NX_EV_WORM) nx_event_clear(s);
}

int nx_worm_shielded(const nx_state *s, uint8_t seat)
{
    return nx_effect_find(s, NX_EFF_WORM_SHIELD, seat, s->play.worm_seq) >= 0 ||
           nx_effect_find(s, NX_EFF_WORM_SHIELD, seat, 0) >= 0;
}

int nx_worm_riding_stopped(const nx_state *s) { return nx_effect_find(s, NX_EFF_NO_RIDING, NX_NO_SEAT, -1) >= 0; }

int nx_worm_double_move_stopped(const nx_state *s, uint8_t seat)
{
    return s->seats[seat].faction == NX_FREMEN && nx_effect_find(s, NX_EFF_NO_DOUBLE_MOVE, NX_NO_SEAT, -1) >= 0;
}

void nx_worm_moved(nx_state *s, uint8_t seat)
{
    if (s->seats[seat].faction != NX_FREMEN) return;
    int i = nx_effect_find(s, NX_EFF_NO_DOUBLE_MOVE, NX_NO_SEAT, 1);
    if (i >= 0) nx_effect_remove(s, i);
}

/* ---- Fremen Cunning's remote ride ------------------------------------------------ */

static int out_of_storm_forces(const nx_state *s, uint8_t seat, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY), k = 0;
    for (int i = 0; i < n; i++)
        if (!nx_board_section_in_storm(s, secs[i])) k += nx_board_forces_at(s, seat, secs[i]);
    return k;
}

int nx_worm_remote_sources(const nx_state *s, uint8_t fremen, uint8_t out[NX_TERRITORY_BYTES])
{
    int most = 0;
    memset(out, 0, NX_TERRITORY_BYTES);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (nx_map_terrain(t) != NX_TERRAIN_SAND) continue;
        int k = out_of_storm_forces(s, fremen, t);
        if (!k) continue;
        nx_play_set_bit(out, t, 1);
        if (k > most) most = k;
    }
    return most;
}

void nx_worm_remote_ride_done(nx_state *s)
{
    int i = nx_effect_find(s, NX_EFF_REMOTE_RIDE, NX_NO_SEAT, -1);
    if (i >= 0) nx_effect_remove(s, i);
}

int nx_worm_open_remote_ride(nx_act *a)
{
    nx_state *s = a->s;
    int i = nx_effect_find(s, NX_EFF_REMOTE_RIDE, NX_NO_SEAT, -1);
    if (i < 0) return 0;
    uint8_t fremen = s->play.effect_seat[i], sources[NX_TERRITORY_BYTES];
    if (nx_worm_riding_stopped(s)) {
        nx_act_log(a, "fremen.cunning: the Fremen may not ride worms this turn: no remote ride");
        nx_effect_remove(s, i);
        return 0;
    }
    int most = nx_worm_remote_sources(s, fremen, sources);
    if (!most) {
        nx_act_log(a, "fremen.cunning: no Fremen forces lie out of the storm in a desert territory: no remote ride at the worm of %s",
                   s->play.worm_t == 0xff ? "this phase" : nx_map_territory_name(s->play.worm_t));
        nx_effect_remove(s, i);
        return 0;
    }
    s->play.ride_territory = NX_RIDE_REMOTE;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_WORM_RIDE, fremen);
    p->min = 1;
    p->max = (int16_t)most;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt,
           "Fremen Cunning: ride Shai-Hulud with a group of your forces from one desert territory (\"from\"), or pass");
    return 1;
}

/* ---- panels' requests ------------------------------------------------------------- */

int nx_worm_word(const char *what)
{
    static const char *const words[] = { "worm_riding", "fremen_movement", "remote_ride", "worm_protection", NULL };
    for (int i = 0; words[i]; i++)
        if (!strcmp(words[i], what)) return 1;
    return 0;
}

static const char *add(nx_state *s, nx_effect_kind kind, uint8_t holder, uint8_t source, nx_effect_end end, int arg)
{
    nx_effect e = { .kind = kind, .seat = holder, .source = source, .end = end, .arg = (uint8_t)arg };
    return nx_effect_add(s, &e) < 0 ? "the effect store is full" : NULL;
}

const char *nx_worm_stop(nx_act *a, uint8_t holder, uint8_t source, const char *what, const char *scope)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    if (fremen == NX_NO_SEAT) return "no Fremen player is seated";
    if (!strcmp(what, "worm_riding")) {
        if (scope && strcmp(scope, "turn")) return "worm_riding is stopped for the turn (scope \"turn\")";
        if (nx_worm_riding_stopped(s)) return "Fremen worm riding is already stopped this turn";
        const char *why = add(s, NX_EFF_NO_RIDING, holder, source, NX_END_TURN, 0);
        if (!why) nx_act_log(a, "the Fremen may not ride worms for the rest of this turn");
        return why;
    }
    if (!strcmp(what, "fremen_movement")) {
        int next_only = scope && !strcmp(scope, "move");
        if (scope && !next_only && strcmp(scope, "turn"))
            return "fremen_movement is stopped for the Fremen's next move (\"move\") or the turn (\"turn\")";
        /* play.moved is this turn's only during Shipment and Movement. */
        if (s->phase > NX_P_SHIPMENT_MOVEMENT || (s->phase == NX_P_SHIPMENT_MOVEMENT && (s->play.moved & (1u << fremen))))
            return "the Fremen have already moved this turn";
        if (nx_effect_find(s, NX_EFF_NO_DOUBLE_MOVE, NX_NO_SEAT, -1) >= 0)
            return "the Fremen two-territory movement is already stopped";
        const char *why = add(s, NX_EFF_NO_DOUBLE_MOVE, holder, source, NX_END_TURN, next_only);
        if (!why)
            nx_act_log(a, "the Fremen move one territory, not two, %s", next_only ? "in their next move" : "for the rest of this turn");
        return why;
    }
    return "this cannot be stopped";
}

const char *nx_worm_grant(nx_act *a, uint8_t holder, uint8_t source, const char *what, const char *scope)
{
    nx_state *s = a->s;
    char who[64];
    if (s->play.event_now != NX_EV_WORM || s->play.worm_at == 0xff) return "no worm is appearing now";
    if (!strcmp(what, "worm_protection")) {
        int phase = scope && !strcmp(scope, "phase");
        if (scope && !phase && strcmp(scope, "worm")) return "worm_protection covers this worm (\"worm\") or the phase (\"phase\")";
        if (nx_worm_shielded(s, holder)) return "the holder's forces are already protected from this worm";
        const char *why = add(s, NX_EFF_WORM_SHIELD, holder, source, NX_END_PHASE, phase ? 0 : s->play.worm_seq);
        if (!why)
            nx_act_log(a, "the forces of %s are protected from %s", nx_act_who(s, holder, who, sizeof who),
                       phase ? "every worm of this phase" : "this worm");
        return why;
    }
    if (!strcmp(what, "remote_ride")) {
        if (scope) return "remote_ride takes no scope: it is bound to this worm";
        if (s->seats[holder].faction != NX_FREMEN) return "only the Fremen ride worms";
        if (!s->play.worm_empty) return "the worm did not appear in a territory without forces";
        if (nx_worm_riding_stopped(s)) return "Fremen worm riding is stopped this turn";
        if (nx_effect_find(s, NX_EFF_REMOTE_RIDE, NX_NO_SEAT, -1) >= 0) return "a remote ride is already owed";
        const char *why = add(s, NX_EFF_REMOTE_RIDE, holder, source, NX_END_PHASE, s->play.worm_seq);
        if (!why) nx_act_log(a, "after the native rides, the Fremen may ride a group from one desert territory");
        return why;
    }
    return "this cannot be granted";
}
