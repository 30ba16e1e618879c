/*
 * Mentat Pause: who has won (docs/rules/phase-mentat-pause.md; turn.md 2.9).
 *
 *  1. Stronghold victory: an unallied player controlling three or more
 *     strongholds (at least one fighter, no other faction's fighter; a
 *     stronghold shared under storm is nobody's), or an alliance four
 *     between the two.  Advisors control nothing.
 *  2. The Bene Gesserit prediction: if the predicted faction meets a
 *     stronghold victory, alone or in an alliance, on the predicted turn,
 *     the Bene Gesserit win alone instead.
 *  3. Several sides at once: the one first in storm order wins (LV 1.09.03).
 *  4. End of the last turn with no winner (turn.endgame_ranking): the
 *     Guild's default victory and the Fremen special victory (each with
 *     its ally), in the reading's order; then the side(s) controlling the
 *     most strongholds.
 * Bribes are not modelled yet (nothing lies in front of a shield).
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_module.h"

#define BIT(seat) ((uint8_t)(1u << (seat)))

static uint8_t side_mask(const nx_state *s, uint8_t seat)
{
    uint8_t ally = s->seats[seat].ally;
    return (uint8_t)(BIT(seat) | (ally != NX_NO_SEAT ? BIT(ally) : 0));
}

/* Strongholds whose fighters all belong to the side (at least one). */
static int strongholds_of(const nx_state *s, uint8_t side)
{
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_map_is_stronghold(t)) continue;
        unsigned occ = nx_board_occupants(s, t, 1);
        n += occ && !(occ & ~(unsigned)side);
    }
    return n;
}

/* The sides (seat masks) in storm order of their first seat. */
static int sides(const nx_state *s, uint8_t out[NX_MAX_SEATS])
{
    uint8_t order[NX_MAX_SEATS], seen = 0;
    int n = 0;
    nx_state_storm_order(s, order);
    for (int i = 0; i < s->nseats; i++) {
        if (seen & BIT(order[i])) continue;
        out[n] = side_mask(s, order[i]);
        seen |= out[n++];
    }
    return n;
}

static int stronghold_victory(const nx_state *s, uint8_t side)
{
    return strongholds_of(s, side) >= (__builtin_popcount(side) > 1 ? 4 : 3);
}

static int prediction_comes_true(const nx_state *s, uint8_t side)
{
    uint8_t predicted = s->play.prediction_faction == 0xff ? NX_NO_SEAT
                                                            : nx_state_seat_of(s, (nx_faction)s->play.prediction_faction);
    return predicted != NX_NO_SEAT && s->play.prediction_turn == s->turn && (side & BIT(predicted)) &&
           nx_state_seat_of(s, NX_BENE_GESSERIT) != NX_NO_SEAT;
}

/* "seat 0 (Atreides) and seat 3 (Fremen)" */
static const char *names(const nx_state *s, uint8_t mask, char *buf, size_t len)
{
    buf[0] = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        if (!(mask & BIT(seat))) continue;
        char who[64];
        size_t used = strlen(buf);
        nx_fmt(buf + used, len - used, "%s%s", used ? " and " : "", nx_act_who(s, seat, who, sizeof who));
    }
    return buf;
}

static void declare(nx_act *a, uint8_t winners, const char *why)
{
    char who[200];
    a->s->play.winners = winners;
    a->s->play.over = 1;
    nx_act_log(a, "%s win%s the game: %s", names(a->s, winners, who, sizeof who), __builtin_popcount(winners) > 1 ? "" : "s", why);
}

static int stronghold_winners(nx_act *a)
{
    const nx_state *s = a->s;
    uint8_t side[NX_MAX_SEATS];
    int n = sides(s, side), first = -1;
    for (int i = 0; i < n; i++) {
        if (!stronghold_victory(s, side[i])) continue;
        if (prediction_comes_true(s, side[i])) {
            declare(a, BIT(nx_state_seat_of(s, NX_BENE_GESSERIT)), "the Bene Gesserit prediction comes true");
            return 1;
        }
        if (first < 0) first = i;
    }
    if (first < 0) return 0;
    char why[64];
    nx_fmt(why, sizeof why, "%d strongholds controlled%s", strongholds_of(s, side[first]),
             __builtin_popcount(side[first]) > 1 ? " by the alliance" : "");
    declare(a, side[first], why);
    return 1;
}

/* Fremen special victory: only Fremen (or no one) in Sietch Tabr and
 * Habbanya Sietch, and no Atreides, Harkonnen or Emperor in Tuek's Sietch. */
static int fremen_condition(const nx_state *s, uint8_t fremen)
{
    unsigned intruders = 0;
    static const nx_faction barred[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR };
    for (size_t i = 0; i < sizeof barred / sizeof barred[0]; i++) {
        uint8_t seat = nx_state_seat_of(s, barred[i]);
        if (seat != NX_NO_SEAT) intruders |= BIT(seat);
    }
    unsigned others = ~(unsigned)BIT(fremen);
    return !(nx_board_occupants(s, nx_map_territory_parse("sietch_tabr"), 1) & others) &&
           !(nx_board_occupants(s, nx_map_territory_parse("habbanya_sietch"), 1) & others) &&
           !(nx_board_occupants(s, nx_map_territory_parse("tueks_sietch"), 1) & intruders);
}

static int special_victory(nx_act *a, nx_faction f)
{
    uint8_t seat = nx_state_seat_of(a->s, f);
    if (seat == NX_NO_SEAT) return 0;
    if (f == NX_FREMEN && !fremen_condition(a->s, seat)) return 0;
    declare(a, side_mask(a->s, seat), f == NX_FREMEN ? "the Fremen special victory at the end of the last turn"
                                                      : "the Spacing Guild's default victory at the end of the last turn");
    return 1;
}

/* Nobody else won: every side controlling the most strongholds wins. */
static void most_strongholds(nx_act *a)
{
    uint8_t side[NX_MAX_SEATS], winners = 0;
    int n = sides(a->s, side), best = -1;
    for (int i = 0; i < n; i++) {
        int held = strongholds_of(a->s, side[i]);
        if (held > best) {
            best = held;
            winners = 0;
        }
        if (held == best) winners |= side[i];
    }
    char why[80];
    nx_fmt(why, sizeof why, "the most strongholds (%d) at the end of the last turn", best);
    declare(a, winners, why);
}

static int mentat_procedure(nx_act *a)
{
    nx_state *s = a->s;
    if (stronghold_winners(a) || s->turn < NX_LAST_TURN) return 0;
    int fremen_first = s->play.rule[NX_RULE_ENDGAME] == 1;
    nx_faction first = fremen_first ? NX_FREMEN : NX_SPACING_GUILD, second = fremen_first ? NX_SPACING_GUILD : NX_FREMEN;
    if (special_victory(a, first) || special_victory(a, second)) return 0;
    most_strongholds(a);
    return 0;
}

const nx_module nx_mod_mentat = { "mentat", NX_P_MENTAT_PAUSE, mentat_procedure, NULL, NULL };
