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
 * From turn 2, once the movement is known and before the marker moves,
 * Weather Control and Family Atomics may be played (LV 3.01.07, 3.01.23;
 * docs/rules/special-cards.md).  Nobody may learn who holds them, so every
 * seat holding any Treachery card (hand sizes are public) gets the same
 * "storm_cards" decision, answered by playing one of them or by passing;
 * after a round in which a card was played the window opens once more,
 * so the others may answer what changed.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_adv_windows.h"
#include "nx_board.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_words.h"

enum { STEP_START, STEP_DIALED, STEP_KNOWN, STEP_CARDS, STEP_MOVE, STEP_DRAW, STEP_DONE };

#define TURN1_DIAL_MAX 20
#define LATER_DIAL_MIN 1
#define LATER_DIAL_MAX 3
#define WEATHER_MAX 10      /* Weather Control: 0 (no move) to 10 sectors */

/* The storm deck is in play when setup put its cards in custody. */
static int storm_deck_in_game(const nx_state *s) { return s->custody.zone[nx_comp_storm(1)] != NX_Z_OUT; }

/* The sector n sectors counterclockwise of `from` (18 wraps to 1; a
 * negative n counts clockwise). */
static int sector_after(int from, int n) { return ((from - 1 + n) % NX_MAP_SECTORS + NX_MAP_SECTORS) % NX_MAP_SECTORS + 1; }

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
        nx_fmt(p->prompt, sizeof p->prompt, "Secretly dial %d to %d to move the storm", p->min, p->max);
    }
    char w1[64], w2[64];
    nx_act_log(a, "%s and %s dial the storm", nx_act_who(s, s->play.dialers[0], w1, sizeof w1),
               nx_act_who(s, s->play.dialers[1], w2, sizeof w2));
}

/* ---- what the storm destroys ----------------------------------------------------- */

/*
 * Sectors the storm hits moving n from `from` (bit k for sector k): those
 * it passes over and the one it stops in; the one it starts in too under
 * turn.storm_start_sector_damage "yes" (the default: LV 1.01.03 names it).
 * The first storm follows turn.first_storm_damage: its whole path (the
 * default: it moves from the Storm Start like any storm), where it lands,
 * or nowhere.
 * A later storm that does not move (Weather Control's 0) hits nothing.
 */
static uint32_t hit_sectors(const nx_state *s, int from, int n, int first)
{
    int rule = s->play.rule[NX_RULE_FIRST_STORM_DAMAGE];
    if (first && rule == NX_RS_TURN_FIRST_STORM_DAMAGE_NONE) return 0;
    /* Weather Control's 0: "the Storm Marker does not move this Turn"
     * (LV 3.01.23), so nothing starts, passes or stops anywhere. */
    if (!first && n == 0) return 0;
    uint32_t hit = sector_bit(sector_after(from, n));
    if (first && rule == NX_RS_TURN_FIRST_STORM_DAMAGE_LANDING) return hit;
    for (int k = 1; k <= n && k <= NX_MAP_SECTORS; k++) hit |= sector_bit(sector_after(from, k));
    if (s->play.rule[NX_RULE_STORM_START_DAMAGE] == NX_RS_TURN_STORM_START_SECTOR_DAMAGE_YES) hit |= sector_bit(from);
    return hit;
}

/* Fremen lose only half (rounded up): an Advanced ability (LV 2.04 Storm
 * Losses lists it among the Fremen's Advanced abilities). */
static int fremen_halve(const nx_state *s, uint8_t seat)
{
    return s->seats[seat].faction == NX_FREMEN && (s->options & NX_OPT_ADVANCED);
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
            char where[64];
            nx_act_log(a, "the storm blows %d spice away from %s", s->play.spice[sec], nx_move_section_label(sec, where, sizeof where));
            nx_board_spice_clear(s, sec);
        }
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            int lost[NX_FORCE_KINDS];
            section_losses(s, seat, sec, is_start(s, sec, from), lost);
            if (!lost[0] && !lost[1]) continue;
            nx_board_kill(s, seat, sec, lost[0], lost[1]);
            char who[64], n[48], where[64];
            nx_act_log(a, "the storm kills %s of %s in %s", nx_move_forces_label(lost[0], lost[1], n, sizeof n),
                       nx_act_who(s, seat, who, sizeof who), nx_move_section_label(sec, where, sizeof where));
        }
    }
}

/* Move the storm n sectors, destroy, and fix the storm order. */
static void move_storm(nx_act *a, int n)
{
    nx_state *s = a->s;
    int first = s->turn == 1, from = storm_from(s), to = sector_after(from, n);
    if (!first && n == 0) nx_act_log(a, "the storm does not move: it stays in sector %d", from);
    else nx_act_log(a, "the storm moves %d sector%s from sector %d to sector %d", n, nx_plural(n, "", "s"), from, to);
    s->play.storm_sector = (uint8_t)to;
    destroy(a, hit_sectors(s, from, n, first), from);
    nx_board_update_first_seat(s);
    char who[64];
    nx_act_log(a, "%s is First Player", nx_act_who(s, s->first_seat, who, sizeof who));
}

/* ---- the storm deck ------------------------------------------------------------------ */

/* Turn 2 on: reveal the Fremen's card (the movement is now known),
 * return it and shuffle.  A card a Karama kept from the Fremen's look
 * (play.storm_unseen) is revealed from the top of the Storm Deck, where it
 * stayed.  Returns 0 when there is no card (a staged Fremen without one:
 * the dials are used instead). */
static int reveal_storm_card(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    nx_comp card = fremen == NX_NO_SEAT ? NX_COMP_NONE : nx_custody_top(&s->custody, NX_Z_SEAT(fremen, NX_ZS_STORM_CARD));
    int unseen = card == NX_COMP_NONE && s->play.storm_unseen;
    if (unseen) card = nx_custody_top(&s->custody, NX_Z_STORM_DECK);
    s->play.storm_unseen = 0;
    if (card == NX_COMP_NONE) return 0;
    if (unseen) nx_act_log(a, "storm card %d is revealed from the top of the Storm Deck", nx_comp_storm_value(card));
    else nx_act_log(a, "the Fremen reveal storm card %d", nx_comp_storm_value(card));
    s->play.storm_move = (uint8_t)(1 + nx_comp_storm_value(card));
    nx_custody_move(&s->custody, card, NX_Z_STORM_DECK);
    nx_custody_shuffle(&s->custody, NX_Z_STORM_DECK, &s->rng);
    return 1;
}

/* End of the phase: the Fremen draw next turn's card face down and may
 * look at it (LV 2.04 Storm Rule, There's a Storm Coming).  The Fremen
 * who will draw, or NX_NO_SEAT. */
static uint8_t storm_drawer(const nx_state *s)
{
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    if (!storm_deck_in_game(s) || fremen == NX_NO_SEAT || s->play.storm_unseen) return NX_NO_SEAT;
    if (nx_custody_count(&s->custody, NX_Z_SEAT(fremen, NX_ZS_STORM_CARD))) return NX_NO_SEAT;
    return nx_custody_count(&s->custody, NX_Z_STORM_DECK) ? fremen : NX_NO_SEAT;
}

/* The look is starred "prevent" (LV 2.04 There's a storm coming): its
 * Karama window opens before the draw (nx_adv_windows.h).  Prevented, the
 * card stays on the Storm Deck, seen by nobody, and is revealed from there
 * next turn (play.storm_unseen, public: board.storm_card_unseen). */
static void draw_storm_card(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t fremen = storm_drawer(s);
    if (fremen == NX_NO_SEAT) return;
    if (nx_adv_stopped(s, NX_ADVO_STORM_LOOK)) {
        s->play.storm_unseen = 1;
        nx_act_log(a, "next turn's storm card stays on the Storm Deck, unseen");
        return;
    }
    nx_comp card = nx_custody_top(&s->custody, NX_Z_STORM_DECK);
    nx_custody_move(&s->custody, card, NX_Z_SEAT(fremen, NX_ZS_STORM_CARD));
    nx_state_add_receipt(s, fremen, NX_RCPT_DREW, nx_state_new_event(s), &card, 1);
    nx_act_log(a, "the Fremen draw next turn's storm card");
}

/* ---- Weather Control and Family Atomics ------------------------------------------------ */

/* The movement the storm will make: Weather Control's choice, or the one
 * the dials or the storm card gave. */
static int storm_movement(const nx_state *s)
{
    return s->play.weather ? s->play.weather - 1 : s->play.storm_move - 1;
}

/* Might a seat hold a copy of this card, for all anyone may know?  Only
 * the discard pile and the cards set aside are public: a card still in the
 * deck might as well be in a hand (the auction row is empty during the
 * Storm phase). */
static int may_be_held(const nx_state *s, nx_treachery_card card)
{
    for (int copy = 0; copy < NX_TREACHERY_COPY_COUNT; copy++) {
        if (nx_treachery_copy_card(copy) != card) continue;
        nx_zone z = s->custody.zone[nx_comp_treachery(copy)];
        if (z != NX_Z_OUT && z != NX_Z_TREACHERY_DISCARD && z != NX_Z_SET_ASIDE) return 1;
    }
    return 0;
}

/* May a storm card still be played this phase, as far as the table knows? */
static int storm_card_left(const nx_state *s)
{
    return (!s->play.weather && may_be_held(s, NX_TR_WEATHER_CONTROL)) ||
           (!s->play.shield_wall_down && may_be_held(s, NX_TR_FAMILY_ATOMICS));
}

static int holds_cards(const nx_state *s, uint8_t seat)
{
    return nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY)) > 0;
}

/*
 * Open the window: the same decision, prompt and range for every seat
 * holding a Treachery card (hand sizes are public), so being asked tells
 * nothing about what a seat holds.  Never on turn 1 (LV 3.01.07,
 * 3.01.23), nor once both cards are publicly out of reach.  Returns 1
 * when a decision opened.
 */
static int open_card_window(nx_act *a)
{
    nx_state *s = a->s;
    s->play.storm_played = 0;
    if (s->turn <= 1 || !storm_card_left(s)) return 0;
    uint32_t event = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        if (!holds_cards(s, seat)) continue;
        if (!event) event = nx_state_new_event(s);
        nx_pending *p = nx_state_add_pending(s, NX_PEND_STORM_CARDS, seat);
        p->event = event;
        p->min = 0;
        p->max = WEATHER_MAX;
        /* The movement is in the view (board.storm_movement, board.weather_control):
         * a prompt would go stale when another seat plays Weather Control. */
        nx_fmt(p->prompt, sizeof p->prompt,
                 "Before the storm moves: play Weather Control or Family Atomics now, or pass");
    }
    return s->npending > 0;
}

/* Does the storm stand on the shorter way from sector `from` to sector
 * `to`?  `from` itself does not count (forces in the storm's sector are
 * not cut off by it), `to` does. */
static int storm_between(const nx_state *s, int from, int to)
{
    int ccw = (to - from + NX_MAP_SECTORS) % NX_MAP_SECTORS;
    int dir = ccw <= NX_MAP_SECTORS / 2 ? 1 : -1, steps = dir > 0 ? ccw : NX_MAP_SECTORS - ccw;
    for (int k = 1; k <= steps; k++)
        if (sector_after(from, dir * k) == s->play.storm_sector) return 1;
    return 0;
}

static int shield_wall(void) { return nx_map_territory_parse("shield_wall"); }

/* Family Atomics may be launched from this section: the Shield Wall
 * itself, or a territory next to it with no storm between the section's
 * sector and one of the Wall's sectors (LV 3.01.07). */
static int launch_site(const nx_state *s, int sec)
{
    int t = nx_map_section_territory(sec), wall = shield_wall();
    if (t == wall) return 1;
    if (!nx_map_near_shield_wall(t)) return 0;
    int ws[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(wall, ws, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++)
        if (!storm_between(s, nx_map_section_sector(sec), nx_map_section_sector(ws[i]))) return 1;
    return 0;
}

/* Why `seat` may not play Family Atomics now (0 when it may).  Forces
 * means fighters: Advanced Bene Gesserit advisors affect no one's play. */
static int atomics_problem(const nx_state *s, uint8_t seat, char *why, size_t len)
{
    if (nx_move_card_in_hand(s, seat, NX_TR_FAMILY_ATOMICS) == NX_COMP_NONE)
        return nx_move_refuse(why, len, "you hold no Family Atomics card");
    if (s->play.shield_wall_down) return nx_move_refuse(why, len, "the Shield Wall is already destroyed");
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (nx_move_fighters_at(s, seat, sec) && launch_site(s, sec)) return 0;
    return nx_move_refuse(why, len, "Family Atomics needs your forces on the Shield Wall, or next to it with no storm "
                                    "between your sector and the Wall");
}

static int weather_problem(const nx_state *s, uint8_t seat, char *why, size_t len)
{
    if (nx_move_card_in_hand(s, seat, NX_TR_WEATHER_CONTROL) == NX_COMP_NONE)
        return nx_move_refuse(why, len, "you hold no Weather Control card");
    if (s->play.weather) return nx_move_refuse(why, len, "Weather Control was already played this phase");
    return 0;
}

/* Everything on the Shield Wall goes to the Tanks; from now on the
 * Imperial Basin, Arrakeen and Carthag are not sheltered (read by
 * nx_board_protected), already for the storm that follows. */
static void blast_wall(nx_act *a)
{
    nx_state *s = a->s;
    int ws[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(shield_wall(), ws, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++)
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            int killed = nx_board_kill_section(s, seat, ws[i]);
            char who[64], k[48], where[64];
            if (killed)
                nx_act_log(a, "Family Atomics kills %s of %s on %s", nx_move_forces_label(killed, 0, k, sizeof k),
                           nx_act_who(s, seat, who, sizeof who), nx_move_section_label(ws[i], where, sizeof where));
        }
    nx_move_tidy_advisors(s);
    s->play.shield_wall_down = 1;
    nx_act_log(a, "the Shield Wall is destroyed: the Imperial Basin, Arrakeen and Carthag are no longer protected from the storm");
}

/* A storm card was played: it leaves the hand, the seat's decision is
 * answered and the window opens once more when this round is over.
 * Weather Control is discarded; Family Atomics is set aside, out of play
 * for the rest of the game (LV 3.01.07), so no reshuffle brings it back. */
static void card_played(nx_act *a, const nx_pending *p, nx_comp card, nx_zone to)
{
    nx_custody_move(&a->s->custody, card, to);
    a->s->play.storm_played = 1;
    nx_state_remove_pending(a->s, p);
}

/* ---- the procedure ------------------------------------------------------------------------ */

static int storm_procedure(nx_act *a)
{
    nx_state *s = a->s;
    for (;;) switch (s->play.step) {
    case STEP_START:
        s->play.storm_move = s->play.weather = s->play.storm_played = 0;
        /* The one-elite-a-turn revival limit counts every route, Tleilaxu
         * Ghola included, from the start of the turn (FAQ-N p.2). */
        s->play.revived_elite = 0;
        s->play.step = STEP_KNOWN;
        if (s->turn > 1 && storm_deck_in_game(s) && reveal_storm_card(a)) break;
        open_dials(a);
        s->play.step = STEP_DIALED;
        return 1;
    case STEP_DIALED:
        nx_act_log(a, "the storm dials are revealed: %d and %d", s->play.dials[0], s->play.dials[1]);
        s->play.storm_move = (uint8_t)(1 + s->play.dials[0] + s->play.dials[1]);
        s->play.step = STEP_KNOWN;
        break;
    case STEP_KNOWN:
        /* The first window opens as if a card had just been played. */
        s->play.storm_played = 1;
        s->play.step = STEP_CARDS;
        break;
    case STEP_CARDS:
        if (s->play.storm_played) {
            if (open_card_window(a)) return 1;
        } else {
            /* A round every seat passed closes the window: one line for it
             * (a pass logs nothing: holding a card and not look alike). */
            nx_act_log(a, "%s", s->play.weather || s->play.shield_wall_down ? "no other storm card is played"
                                                                              : "no storm card is played");
        }
        s->play.step = STEP_MOVE;
        break;
    case STEP_MOVE:
        move_storm(a, storm_movement(s));
        s->play.step = STEP_DRAW;
        break;
    case STEP_DRAW:
        if (nx_adv_window(a, NX_ADVO_STORM_LOOK, storm_drawer(s))) return 1;
        draw_storm_card(a);
        nx_adv_forget(s, NX_ADVO_STORM_LOOK);
        s->play.step = STEP_DONE;
        return 0;
    case STEP_DONE: return 0;
    default: assert(!"storm: no such step"); return 0;
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

static int act_weather(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_STORM_CARDS);
    int n;
    char why[200];
    if (!p || nx_arg_keys(a, NX_KEYS("sectors")) || nx_arg_int(a, "sectors", 0, WEATHER_MAX, &n)) return -1;
    nx_state *s = a->s;
    if (weather_problem(s, p->seat, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    char who[64];
    nx_act_log(a, "%s plays Weather Control: the storm will move %d sector%s instead of %d",
               nx_act_who(s, p->seat, who, sizeof who), n, nx_plural(n, "", "s"), storm_movement(s));
    s->play.weather = (uint8_t)(n + 1);
    card_played(a, p, nx_move_card_in_hand(s, p->seat, NX_TR_WEATHER_CONTROL), NX_Z_TREACHERY_DISCARD);
    return 0;
}

static int act_atomics(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_STORM_CARDS);
    char why[200];
    if (!p || nx_arg_keys(a, NX_NO_KEYS)) return -1;
    nx_state *s = a->s;
    if (atomics_problem(s, p->seat, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    char who[64];
    nx_act_log(a, "%s plays Family Atomics", nx_act_who(s, p->seat, who, sizeof who));
    blast_wall(a);
    card_played(a, p, nx_move_card_in_hand(s, p->seat, NX_TR_FAMILY_ATOMICS), NX_Z_SET_ASIDE);
    return 0;
}

static int pass_cards(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
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

/* What blowing up the Shield Wall is worth to `me`: the forces it kills
 * there, then what this phase's storm takes once the shelter is gone,
 * counted as storm_gain does (public board only). */
static int atomics_gain(const nx_state *s, uint8_t me, int now)
{
    int ws[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(shield_wall(), ws, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    int gain = 0;
    for (int i = 0; i < n; i++)
        for (uint8_t seat = 0; seat < s->nseats; seat++)
            gain += (seat == me ? -2 : 1) * nx_board_forces_at(s, seat, ws[i]);
    nx_state after = *s;
    after.play.shield_wall_down = 1;
    return gain + storm_gain(&after, me, storm_movement(s)) - now;
}

/*
 * Pass (0) unless a card hurts the others more than the bot: each Weather
 * Control movement is scored by what it gains over the coming movement,
 * Family Atomics by atomics_gain; both less 1, the price of the card.
 * Seats without either card (most of them) are offered "pass" alone.
 */
static void storm_card_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    uint8_t me = p->seat;
    int now = storm_gain(s, me, storm_movement(s));
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    if (!weather_problem(s, me, NULL, 0))
        for (int n = 0; n <= WEATHER_MAX; n++)
            nx_moves_add(out, storm_gain(s, me, n) - now - 1, json_pack("{s:s, s:i}", "type", "weather_control", "sectors", n));
    if (!atomics_problem(s, me, NULL, 0))
        nx_moves_add(out, atomics_gain(s, me, now) - 1, json_pack("{s:s}", "type", "family_atomics"));
}

static const nx_act_entry storm_actions[] = {
    { "dial", act_dial, 0 },
    { "weather_control", act_weather, 0 },
    { "family_atomics", act_atomics, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops storm_decisions[] = {
    { NX_PEND_STORM_DIAL, NULL, dial_moves },
    { NX_PEND_STORM_CARDS, pass_cards, storm_card_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_storm = { "storm", NX_P_STORM, storm_procedure, storm_actions, storm_decisions };
