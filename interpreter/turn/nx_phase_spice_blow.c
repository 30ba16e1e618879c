/*
 * Spice Blow and Nexus (docs/rules/phase-spice-blow.md).
 *
 * Each blow reveals Spice cards until a territory card: its spice lands on
 * its section unless that section is in storm.  A Shai-Hulud devours the
 * territory of the topmost territory card of the blow's discard pile (on
 * turn 1 it is set aside instead); in the Advanced game the Fremen place
 * every worm after a blow's first.  Advanced games blow twice, on piles A
 * and B.  A worm after turn 1 causes a Nexus (alliance talks: every seat
 * gets an NX_PEND_NEXUS decision and passes when done); after it the
 * Fremen may ride each worm that struck where they are.  Each worm that
 * appears in a territory is an occurrence (nx_worm.c): recorded, with
 * whether its territory was empty, and offered to Nexus cards before it
 * devours.
 *
 * The procedure's steps (play.step):
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_worm.h"
#include "nx_words.h"
#include "nx_adv_windows.h"

enum {
    STEP_BLOW,          /* a blow begins on play.blow_pile */
    STEP_REVEAL,        /* reveal until a territory card (may wait for a worm's placement) */
    STEP_WORM_PLACED,   /* a worm appears at play.worm_at (placed or found): its window, then the strike */
    STEP_BLOW_END,      /* turn-1 worms back, and a Nexus if one is owed now */
    STEP_NEXUS,         /* open the talks */
    STEP_NEXUS_DONE,    /* everyone passed */
    STEP_RIDES,         /* the Fremen may ride each worm, one territory at a time */
    STEP_NEXT,          /* the next blow, or the end of the procedure */
};

#define NO_TERRITORY 0xff

static int advanced(const nx_state *s) { return (s->options & NX_OPT_ADVANCED) != 0; }
static nx_zone pile(const nx_state *s) { return s->play.blow_pile ? NX_Z_SPICE_DISCARD_B : NX_Z_SPICE_DISCARD_A; }
static char pile_letter(const nx_state *s) { return s->play.blow_pile ? 'B' : 'A'; }
static int last_blow(const nx_state *s) { return !advanced(s) || s->play.blow_pile == 1; }
static int is_worm(nx_comp c) { return nx_spice_deck_is_worm(nx_comp_spice_card(c)); }

/* The topmost territory card of a discard pile, or NX_COMP_NONE. */
static nx_comp top_territory(const nx_state *s, nx_zone z)
{
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, z, v, NX_COMP_COUNT);
    for (int i = 0; i < n; i++)
        if (!is_worm(v[i])) return v[i];
    return NX_COMP_NONE;
}

/* ---- the deck -------------------------------------------------------------- */

/*
 * An empty Spice Deck is rebuilt from the discards.  Pile A keeps its
 * topmost territory card, which the rule sets apart (a worm of blow A
 * devours it); the rule speaks of that one pile only, so Advanced pile B
 * returns whole (turn.md 2.2; docs/rules/spice-deck.md).  Returns the new
 * deck's size.
 */
static int refill_deck(nx_act *a)
{
    nx_state *s = a->s;
    const nx_zone piles[2] = { NX_Z_SPICE_DISCARD_A, NX_Z_SPICE_DISCARD_B };
    int moved = 0;
    for (int i = 0; i < 2; i++) {
        nx_comp keep = i == 0 ? top_territory(s, piles[i]) : NX_COMP_NONE, v[NX_COMP_COUNT];
        int n = nx_custody_list(&s->custody, piles[i], v, NX_COMP_COUNT);
        for (int k = 0; k < n; k++)
            if (v[k] != keep) {
                nx_custody_move(&s->custody, v[k], NX_Z_SPICE_DECK);
                moved++;
            }
    }
    nx_custody_shuffle(&s->custody, NX_Z_SPICE_DECK, &s->rng);
    nx_act_log(a, "the Spice Deck is empty: %d discarded %s shuffled into a new deck", moved,
               nx_plural(moved, "card is", "cards are"));
    return moved;
}

static nx_comp draw_card(nx_act *a)
{
    nx_state *s = a->s;
    if (nx_custody_count(&s->custody, NX_Z_SPICE_DECK) == 0 && !refill_deck(a)) return NX_COMP_NONE;
    return nx_custody_top(&s->custody, NX_Z_SPICE_DECK);
}

/* Turn 1's worms go back into the deck, which is shuffled. */
static void return_set_aside(nx_act *a)
{
    nx_state *s = a->s;
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, NX_Z_SET_ASIDE, v, NX_COMP_COUNT), back = 0;
    for (int i = 0; i < n; i++)
        if (nx_comp_kind_of(v[i]) == NX_COMP_SPICE) {
            nx_custody_move(&s->custody, v[i], NX_Z_SPICE_DECK);
            back++;
        }
    if (!back) return;
    nx_custody_shuffle(&s->custody, NX_Z_SPICE_DECK, &s->rng);
    nx_act_log(a, "%d Shai-Hulud set aside %s shuffled back into the Spice Deck", back, nx_plural(back, "is", "are"));
}

/* ---- spice and worms ----------------------------------------------------------- */

static void blow_spice(nx_act *a, nx_comp c)
{
    nx_state *s = a->s;
    int card = nx_comp_spice_card(c), sec = nx_board_spice_card_section(card);
    nx_custody_move(&s->custody, c, pile(s));
    if (nx_board_section_in_storm(s, sec)) {
        char where[64];
        nx_act_log(a, "Spice Blow: %s, in the storm: no spice", nx_move_section_label(sec, where, sizeof where));
        return;
    }
    nx_board_spice_add(s, sec, nx_spice_deck_amount(card));
    char where[64];
    nx_act_log(a, "Spice Blow: %d spice on %s", nx_spice_deck_amount(card), nx_move_section_label(sec, where, sizeof where));
}

/* Fremen are never devoured; their ally is protected too (provisional
 * default of "Fremen decide whether their ally's forces are devoured",
 * LV 2.04 Alliance). */
static int devoured(const nx_state *s, uint8_t seat)
{
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    return s->seats[seat].faction != NX_FREMEN && !(fremen != NX_NO_SEAT && s->seats[fremen].ally == seat);
}

/* ... nor, at this worm, a seat a Nexus card protects (nx_worm.c). */
static int devoured_now(const nx_state *s, uint8_t seat)
{
    return devoured(s, seat) && !nx_worm_shielded(s, seat);
}

static void devour(nx_act *a, int t)
{
    nx_state *s = a->s;
    nx_act_log(a, "Shai-Hulud strikes in %s", nx_map_territory_name(t));
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++) {
        if (s->play.spice[secs[i]]) {
            char where[64];
            nx_act_log(a, "Shai-Hulud devours %d spice on %s", s->play.spice[secs[i]],
                       nx_move_section_label(secs[i], where, sizeof where));
            nx_board_spice_clear(s, secs[i]);
        }
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            if (!devoured_now(s, seat) || !nx_board_forces_at(s, seat, secs[i])) continue;
            char who[64], eaten[48], where[64];
            int k = nx_board_kill_section(s, seat, secs[i]);
            nx_act_log(a, "Shai-Hulud devours %s of %s on %s", nx_move_forces_label(k, 0, eaten, sizeof eaten),
                       nx_act_who(s, seat, who, sizeof who), nx_move_section_label(secs[i], where, sizeof where));
        }
    }
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    if (fremen != NX_NO_SEAT && nx_board_forces_in(s, fremen, t)) nx_play_set_bit(s->play.ride_from, t, 1);
}

/* The worm strikes play.worm_at (none: the pile has no territory card). */
static void strike(nx_act *a)
{
    nx_state *s = a->s;
    if (s->play.worm_at == NO_TERRITORY) nx_act_log(a, "Shai-Hulud finds no territory card on pile %c", pile_letter(s));
    else devour(a, s->play.worm_at);
    nx_worm_struck(s);
    s->play.worm_at = NO_TERRITORY;
}

/* Advanced: the Fremen place every worm after a blow's first
 * (LV 2.04 Sandworms). */
static int fremen_place_worm(const nx_state *s)
{
    return advanced(s) && s->play.blow_worms > 1 && nx_state_seat_of(s, NX_FREMEN) != NX_NO_SEAT;
}

static void open_worm_place(nx_state *s)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_WORM_PLACE, nx_state_seat_of(s, NX_FREMEN));
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Place this Shai-Hulud in any sand territory");
}

/* Advanced, after turn 1: the Fremen may play Karama for their faction's
 * power and place the worm that has just appeared in any sand territory
 * (LV 1.14; nx_karama_powers.c takes the answer).  Offered at a blow's
 * first worm (they place the later ones anyway) while the power is unspent
 * and they may hold a Karama by what the table sees, so the offer tells
 * nothing of their hand.  worm_at holds where the worm would appear. */
static int open_karama_worm(nx_state *s)
{
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    if (!advanced(s) || fremen == NX_NO_SEAT || (s->play.karama_power_used & (1u << fremen)) || !nx_karama_may_hold(s, fremen))
        return 0;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_WORM_PLACE, fremen);
    p->event = nx_state_new_event(s);
    p->min = NX_WORM_PLACE_KARAMA;
    if (s->play.worm_at == NO_TERRITORY)
        nx_fmt(p->prompt, sizeof p->prompt, "Shai-Hulud finds no territory: play Karama to place it in any sand territory, or pass");
    else
        nx_fmt(p->prompt, sizeof p->prompt, "Shai-Hulud appears in %s: play Karama to place it in any sand territory, or pass",
               nx_map_territory_name(s->play.worm_at));
    return 1;
}

/* Reveal until a territory card.  Returns 1 when waiting for the Fremen
 * to place a worm. */
static int reveal(nx_act *a)
{
    nx_state *s = a->s;
    for (;;) {
        nx_comp c = draw_card(a);
        if (c == NX_COMP_NONE) {
            nx_act_log(a, "no Spice card is left to reveal");
            s->play.step = STEP_BLOW_END;
            return 0;
        }
        if (!is_worm(c)) {
            blow_spice(a, c);
            s->play.step = STEP_BLOW_END;
            return 0;
        }
        if (s->turn == 1) {
            nx_custody_move(&s->custody, c, NX_Z_SET_ASIDE);
            nx_act_log(a, "Shai-Hulud on turn 1 is set aside");
            continue;
        }
        nx_custody_move(&s->custody, c, pile(s));
        s->play.blow_worms++;
        s->play.nexus_due = 1;
        nx_act_log(a, "Shai-Hulud!");
        if (fremen_place_worm(s)) {
            open_worm_place(s);
            s->play.step = STEP_WORM_PLACED;
            return 1;
        }
        nx_comp top = top_territory(s, pile(s));
        s->play.worm_at = top == NX_COMP_NONE ? NO_TERRITORY
                                              : (uint8_t)nx_map_section_territory(nx_board_spice_card_section(nx_comp_spice_card(top)));
        s->play.step = STEP_WORM_PLACED;
        return open_karama_worm(s);
    }
}

/* ---- the Nexus ---------------------------------------------------------------- */

static void open_nexus_decision(nx_state *s, uint8_t seat)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_NEXUS, seat);
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Nexus: offer, accept or leave alliances, then pass");
}

static void open_nexus(nx_act *a)
{
    nx_state *s = a->s;
    s->nexus_occurred = 1;
    s->negotiating = 1;
    s->play.nexus_done = 0;
    s->play.nexus_offered = 0;
    s->play.nexus_allied = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++) open_nexus_decision(s, seat);
    nx_act_log(a, "Nexus! Alliances may be formed and broken");
}

static int in_talks(const nx_state *s)
{
    return nx_phases_is_rules_game(s) && s->phase == NX_P_SPICE_BLOW && s->play.step == STEP_NEXUS_DONE &&
           s->negotiating;
}

void nx_nexus_offer_made(nx_act *a, uint8_t from, uint8_t to)
{
    nx_state *s = a->s;
    if (!in_talks(s)) return;
    s->play.nexus_offered = (uint8_t)(s->play.nexus_offered | (1u << from));
    if (nx_pending_find(s, to, NX_PEND_NEXUS)) return;
    /* A seat that had finished talking must be able to answer. */
    s->play.nexus_done = (uint8_t)(s->play.nexus_done & ~(1u << to));
    open_nexus_decision(s, to);
    char who[64];
    nx_act_log(a, "%s returns to the talks to answer an offer", nx_act_who(s, to, who, sizeof who));
}

static int pass_nexus(nx_act *a, const nx_pending *p)
{
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    s->play.nexus_done = (uint8_t)(s->play.nexus_done | (1u << seat));
    nx_state_remove_pending(s, p);
    char who[64];
    nx_act_log(a, "%s is done talking", nx_act_who(s, seat, who, sizeof who));
    return 0;
}

/* ---- riding the worm ------------------------------------------------------------- */

/* Fremen forces in t outside the storm, [ordinary, elite]. */
static void riders(const nx_state *s, uint8_t fremen, int t, int out[NX_FORCE_KINDS])
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    out[0] = out[1] = 0;
    for (int i = 0; i < n; i++) {
        if (nx_board_section_in_storm(s, secs[i])) continue;
        for (int kind = 0; kind < NX_FORCE_KINDS; kind++) out[kind] += s->seats[fremen].forces[NX_PLACE_BOARD(secs[i])][kind];
    }
}

static int popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* Why the Fremen may not ride from t to section `to`, or NULL
 * (LV 2.04 Beast of Burden: any territory without allied forces, subject
 * to storm and occupancy). */
static const char *ride_refusal(const nx_state *s, uint8_t fremen, int t, int to)
{
    int dest = nx_map_section_territory(to);
    uint8_t ally = s->seats[fremen].ally;
    if (dest == t) return "the ride must end in another territory (pass to stay)";
    if (nx_board_section_in_storm(s, to)) return "that section is in the storm";
    if (ally != NX_NO_SEAT && nx_board_forces_in(s, ally, dest)) return "the Fremen's ally has forces there";
    if (nx_map_is_stronghold(dest) && popcount(nx_board_occupants(s, dest, 1) & ~(1u << fremen)) >= 2)
        return "that stronghold already holds two other factions";
    return NULL;
}

static int open_next_ride(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    s->play.ride_territory = NO_TERRITORY;
    if (nx_worm_riding_stopped(s)) {
        /* Fremen Betrayal: no ride this turn; the worms' marks are dropped. */
        int any = 0;
        for (int t = 0; t < NX_MAP_TERRITORIES; t++) any |= nx_play_bit(s->play.ride_from, t);
        memset(s->play.ride_from, 0, sizeof s->play.ride_from);
        if (any && fremen != NX_NO_SEAT) nx_act_log(a, "the Fremen may not ride Shai-Hulud this turn");
        return 0;
    }
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_play_bit(s->play.ride_from, t)) continue;
        nx_play_set_bit(s->play.ride_from, t, 0);
        int r[NX_FORCE_KINDS];
        if (fremen == NX_NO_SEAT) continue;
        riders(s, fremen, t, r);
        if (!r[0] && !r[1]) continue;
        s->play.ride_territory = (uint8_t)t;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_WORM_RIDE, fremen);
        p->min = 1;
        p->max = (int16_t)(r[0] + r[1]);
        p->event = nx_state_new_event(s);
        nx_fmt(p->prompt, sizeof p->prompt, "Ride Shai-Hulud from %s with some or all of your forces there, or pass",
                 nx_map_territory_name(t));
        return 1;
    }
    return 0;
}

/* Take the riders from t's sections outside the storm, in table order. */
static void move_riders(nx_state *s, uint8_t fremen, int t, int to, const int want[NX_FORCE_KINDS])
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int kind = 0; kind < NX_FORCE_KINDS; kind++) {
        int left = want[kind];
        for (int i = 0; i < n && left; i++) {
            if (nx_board_section_in_storm(s, secs[i])) continue;
            int here = s->seats[fremen].forces[NX_PLACE_BOARD(secs[i])][kind], k = here < left ? here : left;
            nx_state_move_forces(s, fremen, kind, NX_PLACE_BOARD(secs[i]), NX_PLACE_BOARD(to), k);
            left -= k;
        }
    }
}

/* Fremen Cunning's remote ride names its source: a desert territory
 * holding Fremen forces out of the storm. */
static int remote_source(nx_act *a, int *t)
{
    if (nx_arg_territory(a, "from", t)) return -1;
    uint8_t sources[NX_TERRITORY_BYTES];
    nx_worm_remote_sources(a->s, (uint8_t)a->seat, sources);
    if (nx_map_terrain(*t) != NX_TERRAIN_SAND)
        return nx_act_fail(a, "illegal", "the remote ride starts in a desert territory, not %s", nx_map_territory_name(*t));
    if (!nx_play_bit(sources, *t))
        return nx_act_fail(a, "illegal", "no Fremen forces lie out of the storm in %s", nx_map_territory_name(*t));
    return 0;
}

static int hold_ride(nx_act *a, int t, int to, const int want[NX_FORCE_KINDS], int remote);
static void make_ride(nx_act *a, uint8_t fremen, int t, int to, const int want[NX_FORCE_KINDS], int remote);

static int act_ride(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_WORM_RIDE);
    int to, want[NX_FORCE_KINDS];
    int remote = a->s->play.ride_territory == NX_RIDE_REMOTE;
    if (!p || (remote ? nx_arg_keys(a, NX_KEYS("from", "to", "count", "elite")) : nx_arg_keys(a, NX_KEYS("to", "count", "elite"))) ||
        nx_arg_section(a, "to", &to) || nx_arg_int_opt(a, "count", 0, 20, 0, &want[0]) ||
        nx_arg_int_opt(a, "elite", 0, 20, 0, &want[1]))
        return -1;
    nx_state *s = a->s;
    int t = s->play.ride_territory, have[NX_FORCE_KINDS];
    if (remote && remote_source(a, &t)) return -1;
    if (!want[0] && !want[1]) return nx_act_fail(a, "malformed", "ride with at least one force (\"count\", \"elite\"), or pass");
    riders(s, p->seat, t, have);
    if (want[0] > have[0] || want[1] > have[1])
        return nx_act_fail(a, "illegal", "only %d ordinary and %d elite Fremen forces in %s are out of the storm",
                           have[0], have[1], nx_map_territory_name(t));
    const char *why = ride_refusal(s, p->seat, t, to);
    if (why) return nx_act_fail(a, "illegal", "cannot ride to %s: %s", nx_map_section_id(to), why);
    uint8_t fremen = p->seat;
    nx_state_remove_pending(s, p);
    s->play.ride_territory = NO_TERRITORY;
    /* A Karama cancels a ride once attempted (LV 2.04 Beast of Burden, a
     * star after): the ride is announced and held for the window, which the
     * procedure settles.  Fremen Cunning's remote ride is a Karama target
     * unless Nexus effects are immune (common.karama.nexus_effects). */
    if (!remote || !NX_SETTING_IS(a, COMMON_KARAMA_NEXUS_EFFECTS, IMMUNE)) return hold_ride(a, t, to, want, remote);
    make_ride(a, fremen, t, to, want, remote);
    return 0;
}

static void make_ride(nx_act *a, uint8_t fremen, int t, int to, const int want[NX_FORCE_KINDS], int remote)
{
    nx_state *s = a->s;
    move_riders(s, fremen, t, to, want);
    if (remote) nx_worm_remote_ride_done(s);
    /* Riders entering Bene Gesserit fighters' territory: Intrusion (LV 2.02),
     * asked by the procedure before the next ride. */
    if (nx_move_intrusion_due(s, fremen, nx_map_section_territory(to)))
        s->play.intrusion_at = (uint8_t)nx_map_section_territory(to);
    char where[64], n[48];
    nx_act_log(a, "the Fremen ride Shai-Hulud from %s to %s with %s", nx_map_territory_name(t),
               nx_move_section_label(to, where, sizeof where), nx_move_forces_label(want[0], want[1], n, sizeof n));
}

/* ---- a ride held for its Karama window (nx_adv_windows.h) ----------------------------- */

enum { R_FROM, R_TO, R_NORMAL, R_ELITE, R_REMOTE };

static int hold_ride(nx_act *a, int t, int to, const int want[NX_FORCE_KINDS], int remote)
{
    nx_state *s = a->s;
    uint8_t *h = s->play.advh_arg;
    h[R_FROM] = (uint8_t)t;
    h[R_TO] = (uint8_t)to;
    h[R_NORMAL] = (uint8_t)want[0];
    h[R_ELITE] = (uint8_t)want[1];
    h[R_REMOTE] = (uint8_t)remote;
    s->play.advh = NX_ADVO_WORM_RIDE;
    char where[64], n[48];
    nx_act_log(a, "the Fremen mean to ride Shai-Hulud from %s to %s with %s", nx_map_territory_name(t),
               nx_move_section_label(to, where, sizeof where), nx_move_forces_label(want[0], want[1], n, sizeof n));
    return 0;
}

/* 1 while the window waits; then the ride is made, or the riders stay. */
static int settle_ride(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    assert(s->play.advh == NX_ADVO_WORM_RIDE && fremen != NX_NO_SEAT);
    if (nx_adv_window(a, NX_ADVO_WORM_RIDE, fremen)) return 1;
    const uint8_t *h = s->play.advh_arg;
    int want[NX_FORCE_KINDS] = { h[R_NORMAL], h[R_ELITE] }, t = h[R_FROM], remote = h[R_REMOTE];
    if (nx_adv_stopped(s, NX_ADVO_WORM_RIDE)) {
        if (remote) nx_worm_remote_ride_done(s);
        nx_act_log(a, "the Fremen forces stay in %s", nx_map_territory_name(t));
    } else {
        make_ride(a, fremen, t, h[R_TO], want, remote);
    }
    s->play.advh = 0;
    memset(s->play.advh_arg, 0, sizeof s->play.advh_arg);
    nx_adv_forget(s, NX_ADVO_WORM_RIDE);
    return 0;
}

static int pass_ride(nx_act *a, const nx_pending *p)
{
    nx_state *s = a->s;
    if (s->play.ride_territory == NX_RIDE_REMOTE) {
        nx_act_log(a, "the Fremen do not make the remote ride");
        nx_worm_remote_ride_done(s);
    } else {
        nx_act_log(a, "the Fremen do not ride from %s", nx_map_territory_name(s->play.ride_territory));
    }
    nx_state_remove_pending(s, p);
    s->play.ride_territory = NO_TERRITORY;
    return 0;
}

/* ---- placing a worm ------------------------------------------------------------------ */

static int act_place_worm(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_WORM_PLACE);
    int t;
    if (!p || nx_arg_keys(a, NX_KEYS("territory")) || nx_arg_territory(a, "territory", &t)) return -1;
    if (p->min == NX_WORM_PLACE_KARAMA)
        return nx_act_fail(a, "illegal", "this Shai-Hulud is placed only by your faction's Karama power (\"karama_power\"), or pass");
    if (nx_map_terrain(t) != NX_TERRAIN_SAND)
        return nx_act_fail(a, "illegal", "Shai-Hulud appears only in sand territories, not %s", nx_map_territory_name(t));
    nx_state *s = a->s;
    s->play.worm_at = (uint8_t)t;
    nx_state_remove_pending(s, p);
    nx_act_log(a, "the Fremen place Shai-Hulud in %s", nx_map_territory_name(t));
    return 0;
}

/* The Karama offer passed: the worm appears where its card says. */
static int pass_place_worm(nx_act *a, const nx_pending *p)
{
    if (p->min != NX_WORM_PLACE_KARAMA)
        return nx_act_fail(a, "illegal", "this decision cannot be passed: place this Shai-Hulud in a sand territory (LV 2.04 Sandworms)");
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* ---- the procedure --------------------------------------------------------------------- */

/* After a blow: turn-1 worms go back at the end of the phase, or between
 * the piles (turn.turn_one_worms); a Nexus follows the pile whose worm
 * caused it (LV 1.13; Basic has one blow). */
static void end_blow(nx_act *a)
{
    nx_state *s = a->s;
    if (s->turn == 1 && (last_blow(s) || s->play.rule[NX_RULE_TURN1_WORMS] == NX_RS_TURN_TURN_ONE_WORMS_BETWEEN_PILES)) return_set_aside(a);
    s->play.step = s->play.nexus_due ? STEP_NEXUS : STEP_RIDES;
}

static int spice_blow_procedure(nx_act *a)
{
    nx_state *s = a->s;
    for (;;) switch (s->play.step) {
        case STEP_BLOW:
            s->play.blow_worms = 0;
            if (s->play.blow_pile == 0) nx_worm_phase_begin(s);
            if (advanced(s)) nx_act_log(a, "Spice Blow on pile %c", pile_letter(s));
            s->play.step = STEP_REVEAL;
            break;
        case STEP_REVEAL:
            if (reveal(a)) return 1;
            break;
        case STEP_WORM_PLACED:
            if (nx_worm_appear(a)) return 1;
            strike(a);
            s->play.step = STEP_REVEAL;
            break;
        case STEP_BLOW_END: end_blow(a); break;
        case STEP_NEXUS:
            open_nexus(a);
            s->play.step = STEP_NEXUS_DONE;
            return 1;
        case STEP_NEXUS_DONE:
            s->negotiating = 0;
            s->play.nexus_due = 0;
            nx_act_log(a, "the Nexus is over");
            s->play.step = STEP_RIDES;
            break;
        case STEP_RIDES:
            /* Rides follow the Nexus; with the Nexus still owed they wait for it. */
            if (s->play.advh == NX_ADVO_WORM_RIDE && settle_ride(a)) return 1;
            if (s->play.intrusion_at != 0xff) return nx_move_open_intrusion(a);
            if (!s->play.nexus_due && (open_next_ride(a) || nx_worm_open_remote_ride(a))) return 1;
            s->play.step = STEP_NEXT;
            break;
        default:
            if (!last_blow(s)) {
                s->play.blow_pile = 1;
                s->play.step = STEP_BLOW;
                break;
            }
            s->play.blow_pile = 0;
            return 0;
        }
}

/* ---- bots ----------------------------------------------------------------------------- */

/* Enemy forces a worm would devour, plus a third of the spice it eats. */
static int worm_score(const nx_state *s, int t)
{
    int score = nx_board_spice_in(s, t) / 3;
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (devoured(s, seat)) score += nx_board_forces_in(s, seat, t);
    return score;
}

/* The Karama offer: pass, or spend the power (a Karama card) where the
 * worm does more than five better than where it appears. */
static void worm_place_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int offer = p->min == NX_WORM_PLACE_KARAMA, here = s->play.worm_at == NO_TERRITORY ? 0 : worm_score(s, s->play.worm_at);
    if (offer) nx_moves_add(out, 5, json_pack("{s:s}", "type", "pass"));
    if (offer && nx_move_card_in_hand(s, p->seat, NX_TR_KARAMA) == NX_COMP_NONE) return;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (nx_map_terrain(t) != NX_TERRAIN_SAND) continue;
        int score = worm_score(s, t);
        if (offer) nx_moves_add(out, score - here, json_pack("{s:s, s:s}", "type", "karama_power", "territory", nx_map_territory_id(t)));
        else nx_moves_add(out, score, json_pack("{s:s, s:s}", "type", "place_worm", "territory", nx_map_territory_id(t)));
    }
}

/* Ride everyone from t to a stronghold (better held alone) or to spice;
 * `from` names t for the remote ride (NULL for a native one). */
static void ride_moves_from(const nx_state *s, const nx_pending *p, int t, const char *from, json_t *out)
{
    int have[NX_FORCE_KINDS];
    riders(s, p->seat, t, have);
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        int dest = nx_map_section_territory(sec);
        if (!nx_map_is_stronghold(dest) && !s->play.spice[sec]) continue;
        if (ride_refusal(s, p->seat, t, sec)) continue;
        int score = nx_map_is_stronghold(dest) ? (nx_board_occupants(s, dest, 1) ? 2 : 4) : s->play.spice[sec] / 2;
        json_t *m = json_pack("{s:s, s:s, s:i, s:i}", "type", "ride", "to", nx_map_section_id(sec), "count", have[0],
                              "elite", have[1]);
        if (from) json_object_set_new(m, "from", json_string(from));
        nx_moves_add(out, score, m);
    }
}

/* Stay, or ride (the remote ride: from any desert source). */
static void ride_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_moves_add(out, 1, json_pack("{s:s}", "type", "pass"));
    if (s->play.ride_territory != NX_RIDE_REMOTE) {
        ride_moves_from(s, p, s->play.ride_territory, NULL, out);
        return;
    }
    uint8_t sources[NX_TERRITORY_BYTES];
    nx_worm_remote_sources(s, p->seat, sources);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (nx_play_bit(sources, t)) ride_moves_from(s, p, t, nx_map_territory_id(t), out);
}

/*
 * Talks, for bots: an alliance helps a seat when it brings its side
 * nearer the strongholds that win (four allied against three alone), that
 * is when the partner holds two strongholds or more, or one while the seat
 * holds at most one (the pair then pools forces and spice at no cost).
 * The Guild and the Fremen, whose special victories are theirs alone at
 * the end of the game, ally only when the pair would hold four at once.
 * Pass; accept (or refuse) an offer addressed to the seat; offer to an
 * unallied seat, once per Nexus, when the alliance helps.  Offers are
 * bounded, so bot talks end.
 */
static int alliance_help(const nx_state *s, uint8_t me, uint8_t j)
{
    int mine = nx_board_strongholds_held(s, me), theirs = nx_board_strongholds_held(s, j);
    nx_faction f = s->seats[me].faction;
    if (f == NX_SPACING_GUILD || f == NX_FREMEN) return mine + theirs >= 4 ? 10 : -1;
    if (theirs >= 2) return 3 + mine + theirs;
    /* Late in the game two houses that together hold three strongholds
     * ally to take the fourth (docs/bots.md, third round). */
    if (s->turn >= NX_LAST_TURN - 4 && mine + theirs >= 3) return 3 + mine + theirs;
    return theirs == 1 && mine <= 1 ? 2 : -1;
}

static void nexus_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    uint8_t me = p->seat;
    nx_moves_add(out, 1, json_pack("{s:s}", "type", "pass"));
    /* One alliance per seat per Nexus (nx_actions.c refuses a second); none
     * in a two-player game, whose two players are opponents. */
    if (s->nseats == 2 || s->seats[me].ally != NX_NO_SEAT || (s->play.nexus_allied & (1u << me))) return;
    for (uint8_t j = 0; j < s->nseats; j++) {
        if (j == me || s->seats[j].ally != NX_NO_SEAT || (s->play.nexus_allied & (1u << j))) continue;
        int help = alliance_help(s, me, j);
        if (s->seats[j].offers & (1u << me)) {
            nx_moves_add(out, help, json_pack("{s:s, s:i}", "type", "accept_alliance", "from", j));
            nx_moves_add(out, help > 1 ? 0 : 2, json_pack("{s:s, s:i}", "type", "refuse_alliance", "from", j));
        } else if (!(s->play.nexus_offered & (1u << me)) && !(s->seats[me].offers & (1u << j))) {
            nx_moves_add(out, help, json_pack("{s:s, s:i}", "type", "offer_alliance", "to", j));
        }
    }
}

static const nx_act_entry spice_actions[] = {
    { "place_worm", act_place_worm, 0 },
    { "ride", act_ride, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops spice_decisions[] = {
    { NX_PEND_NEXUS, pass_nexus, nexus_moves },
    { NX_PEND_WORM_RIDE, pass_ride, ride_moves },
    { NX_PEND_WORM_PLACE, pass_place_worm, worm_place_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_spice_blow = { "spice_blow", NX_P_SPICE_BLOW, spice_blow_procedure, spice_actions, spice_decisions };
