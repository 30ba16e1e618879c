/*
 * The Storm phase (docs/rules/phase-storm.md).
 *
 * Turn 1: the two seats whose circles are nearest the Storm Start on
 * either side dial 0..20 each; the storm moves the sum counterclockwise
 * (increasing sector numbers) from sector 18.  Later turns: the last two
 * users of the battle wheels (play.dialers) dial 1..3 each, or, in
 * Advanced games with the Fremen, the Fremen's face-down storm card is
 * revealed and moves the storm, goes back into the shuffled storm deck and
 * the Fremen draw the next.  Then the storm destroys what it passes over
 * and the storm order is fixed anew.
 *
 * Weather Control and Family Atomics act before the storm moves; they are
 * Treachery cards and belong to the battle issue (see the doc).
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_module.h"

enum { STEP_START, STEP_DIALED, STEP_DRAW, STEP_DONE };

#define TURN1_DIAL_MAX 20
#define LATER_DIAL_MIN 1
#define LATER_DIAL_MAX 3

/* The storm deck is in play when setup put its cards in custody. */
static int storm_deck_in_game(const nx_state *s) { return s->custody.zone[nx_comp_storm(1)] != NX_Z_OUT; }

/* The sector n sectors counterclockwise of `from` (18 wraps to 1). */
static int sector_after(int from, int n) { return (from - 1 + n) % NX_MAP_SECTORS + 1; }

static uint32_t sector_bit(int sector) { return 1u << sector; }

/* Where this phase's storm starts: the Storm Start on turn 1 (and in a
 * staged position where no storm was ever placed). */
static int storm_from(const nx_state *s)
{
    return s->turn == 1 || !s->play.storm_sector ? NX_STORM_START_SECTOR : s->play.storm_sector;
}

/* Is this section in one of the hit sectors?  (The Polar Sink never.) */
static int section_hit(int sec, uint32_t hit)
{
    int sector = nx_map_section_sector(sec);
    return sector != NX_MAP_NO_SECTOR && (hit & sector_bit(sector));
}

/* ---- who dials ------------------------------------------------------------- */

/*
 * Turn 1: the circles nearest the Storm Start on either side are the first
 * and the last counted counterclockwise from it (the circle at sector 18
 * counts as 0): docs/rules/turn.md 2.1.1, [TO Setup].
 */
static void first_dialers(nx_state *s)
{
    int lo = 0, hi = 0;
    for (int i = 1; i < s->nseats; i++) {
        if (s->play.circle[i] % NX_MAP_SECTORS < s->play.circle[lo] % NX_MAP_SECTORS) lo = i;
        if (s->play.circle[i] % NX_MAP_SECTORS > s->play.circle[hi] % NX_MAP_SECTORS) hi = i;
    }
    s->play.dialers[0] = (uint8_t)lo;
    s->play.dialers[1] = (uint8_t)hi;
}

static int dialers_valid(const nx_state *s)
{
    const uint8_t *d = s->play.dialers;
    return d[0] < s->nseats && d[1] < s->nseats && d[0] != d[1];
}

static void open_dials(nx_act *a)
{
    nx_state *s = a->s;
    int first = s->turn == 1;
    /* Later turns keep the previous dialers unless a battle named others. */
    if (first || !dialers_valid(s)) first_dialers(s);
    uint32_t event = nx_state_new_event(s);
    for (int i = 0; i < 2; i++) {
        s->play.dials[i] = NX_NO_DIAL;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_STORM_DIAL, s->play.dialers[i]);
        p->min = first ? 0 : LATER_DIAL_MIN;
        p->max = first ? TURN1_DIAL_MAX : LATER_DIAL_MAX;
        p->event = event;
        snprintf(p->prompt, sizeof p->prompt, "Secretly dial %d to %d to move the storm", p->min, p->max);
    }
    char w1[64], w2[64];
    nx_act_log(a, "%s and %s dial the storm", nx_act_who(s, s->play.dialers[0], w1, sizeof w1),
               nx_act_who(s, s->play.dialers[1], w2, sizeof w2));
}

/* ---- what the storm destroys ----------------------------------------------------- */

/*
 * Sectors the storm hits moving n from `from` (bit k for sector k): those
 * it passes over and the one it stops in; the one it starts in too under
 * turn.storm_start_sector_damage "yes".  The first storm follows
 * turn.first_storm_damage: landing (default), none, or its whole path.
 */
static uint32_t hit_sectors(const nx_state *s, int from, int n, int first)
{
    int rule = s->play.rule[NX_RULE_FIRST_STORM_DAMAGE];
    if (first && rule == 1) return 0;
    uint32_t hit = sector_bit(sector_after(from, n));
    if (first && rule == 0) return hit;
    for (int k = 1; k <= n && k <= NX_MAP_SECTORS; k++) hit |= sector_bit(sector_after(from, k));
    if (s->play.rule[NX_RULE_STORM_START_DAMAGE] == 1) hit |= sector_bit(from);
    return hit;
}

/* Fremen lose only half (rounded up): an Advanced ability by default
 * (turn.fremen_half_storm_losses). */
static int fremen_halve(const nx_state *s, uint8_t seat)
{
    return s->seats[seat].faction == NX_FREMEN &&
           ((s->options & NX_OPT_ADVANCED) || s->play.rule[NX_RULE_FREMEN_HALF_LOSSES] == 1);
}

/*
 * What the storm takes from a seat on a section, [ordinary, elite].
 * Protected territories lose nothing.  Halving Fremen lose ordinary
 * counters first (keeping the Fedaykin: provisional, the Fremen would
 * choose) and are not halved again in the sector a storm that stopped on
 * them moves out of (`start`, LV 2.04 Storm Losses).
 */
static void section_losses(const nx_state *s, uint8_t seat, int sec, int start, int out[NX_FORCE_KINDS])
{
    const uint8_t *f = s->seats[seat].forces[NX_PLACE_BOARD(sec)];
    out[0] = out[1] = 0;
    if (nx_board_protected(s, nx_map_section_territory(sec))) return;
    if (!fremen_halve(s, seat)) {
        out[0] = f[0];
        out[1] = f[1];
        return;
    }
    if (start) return;
    int lose = (f[0] + f[1] + 1) / 2;
    out[0] = lose < f[0] ? lose : f[0];
    out[1] = lose - out[0];
}

/* The Fremen exemption applies to the start sector only when a storm
 * actually stood there (every turn after the first). */
static int is_start(const nx_state *s, int sec, int from)
{
    return s->turn > 1 && nx_map_section_sector(sec) == from;
}

static void destroy(nx_act *a, uint32_t hit, int from)
{
    nx_state *s = a->s;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        if (!section_hit(sec, hit)) continue;
        if (s->play.spice[sec]) {
            nx_act_log(a, "the storm blows %d spice away from %s", s->play.spice[sec], nx_map_section_id(sec));
            s->play.spice[sec] = 0;
        }
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            int lost[NX_FORCE_KINDS];
            section_losses(s, seat, sec, is_start(s, sec, from), lost);
            if (!lost[0] && !lost[1]) continue;
            nx_board_kill(s, seat, sec, lost[0], lost[1]);
            char who[64];
            nx_act_log(a, "the storm kills %d forces (%d elite) of %s in %s", lost[0] + lost[1], lost[1],
                       nx_act_who(s, seat, who, sizeof who), nx_map_section_id(sec));
        }
    }
}

/* Move the storm n sectors, destroy, and fix the storm order. */
static void move_storm(nx_act *a, int n)
{
    nx_state *s = a->s;
    int first = s->turn == 1, from = storm_from(s), to = sector_after(from, n);
    nx_act_log(a, "the storm moves %d sectors from sector %d to sector %d", n, from, to);
    s->play.storm_sector = (uint8_t)to;
    destroy(a, hit_sectors(s, from, n, first), from);
    nx_board_update_first_seat(s);
    char who[64];
    nx_act_log(a, "%s is First Player", nx_act_who(s, s->first_seat, who, sizeof who));
}

/* ---- the storm deck ------------------------------------------------------------------ */

/* Turn 2 on: reveal the Fremen's card, move, return it and shuffle.
 * Returns 0 when the Fremen hold no card (the dials are used instead). */
static int reveal_storm_card(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    nx_comp card = fremen == NX_NO_SEAT ? NX_COMP_NONE : nx_custody_top(&s->custody, NX_Z_SEAT(fremen, NX_ZS_STORM_CARD));
    if (card == NX_COMP_NONE) return 0;
    nx_act_log(a, "the Fremen reveal storm card %d", nx_comp_storm_value(card));
    move_storm(a, nx_comp_storm_value(card));
    nx_custody_move(&s->custody, card, NX_Z_STORM_DECK);
    nx_custody_shuffle(&s->custody, NX_Z_STORM_DECK, &s->rng);
    return 1;
}

/* End of the phase: the Fremen draw next turn's card face down and may
 * look at it (LV 2.04 Storm Rule, There's a Storm Coming). */
static void draw_storm_card(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    if (!storm_deck_in_game(s) || fremen == NX_NO_SEAT) return;
    nx_zone held = NX_Z_SEAT(fremen, NX_ZS_STORM_CARD);
    if (nx_custody_count(&s->custody, held)) return;
    nx_comp card = nx_custody_top(&s->custody, NX_Z_STORM_DECK);
    if (card == NX_COMP_NONE) return;
    nx_custody_move(&s->custody, card, held);
    nx_state_add_receipt(s, fremen, NX_RCPT_DREW, nx_state_new_event(s), &card, 1);
    nx_act_log(a, "the Fremen draw next turn's storm card");
}

/* ---- the procedure ------------------------------------------------------------------------ */

static int storm_procedure(nx_act *a)
{
    nx_state *s = a->s;
    switch (s->play.step) {
    case STEP_START:
        s->play.step = STEP_DRAW;
        if (s->turn > 1 && storm_deck_in_game(s) && reveal_storm_card(a)) return storm_procedure(a);
        open_dials(a);
        s->play.step = STEP_DIALED;
        return 1;
    case STEP_DIALED:
        nx_act_log(a, "the storm dials are revealed: %d and %d", s->play.dials[0], s->play.dials[1]);
        move_storm(a, s->play.dials[0] + s->play.dials[1]);
        s->play.step = STEP_DRAW;
        return storm_procedure(a);
    case STEP_DRAW:
        draw_storm_card(a);
        s->play.step = STEP_DONE;
        return 0;
    default: return 0;
    }
}

/* ---- actions ---------------------------------------------------------------------------- */

static int act_dial(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_STORM_DIAL);
    int value;
    if (!p || nx_arg_keys(a, NX_KEYS("value")) || nx_arg_int(a, "value", p->min, p->max, &value)) return -1;
    nx_state *s = a->s;
    int i = s->play.dialers[0] == p->seat ? 0 : 1;
    s->play.dials[i] = (uint8_t)value;
    nx_state_remove_pending(s, p);
    /* Secret until both are in: the procedure reveals them together. */
    char who[64];
    nx_act_log(a, "%s has dialed", nx_act_who(s, a->seat, who, sizeof who));
    return 0;
}

/* ---- bots ---------------------------------------------------------------------------------- */

/* Forces the storm would kill moving n from the current position:
 * everyone else's minus twice one's own (public board only). */
static int storm_gain(const nx_state *s, uint8_t me, int n)
{
    int first = s->turn == 1, from = storm_from(s);
    uint32_t hit = hit_sectors(s, from, n, first);
    int gain = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        if (!section_hit(sec, hit)) continue;
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            int lost[NX_FORCE_KINDS];
            section_losses(s, seat, sec, is_start(s, sec, from), lost);
            gain += (seat == me ? -2 : 1) * (lost[0] + lost[1]);
        }
    }
    return gain;
}

/* Every legal dial, scored as if the other dialer chose the middle value. */
static void dial_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int other = (p->min + p->max) / 2;
    for (int v = p->min; v <= p->max; v++)
        nx_moves_add(out, storm_gain(s, p->seat, v + other), json_pack("{s:s, s:i}", "type", "dial", "value", v));
}

static const nx_act_entry storm_actions[] = {
    { "dial", act_dial, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops storm_decisions[] = {
    { NX_PEND_STORM_DIAL, NULL, dial_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_storm = { "storm", NX_P_STORM, storm_procedure, storm_actions, storm_decisions };
