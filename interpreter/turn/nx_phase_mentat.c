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
 *  4. End of the last turn with no winner: see last_turn() below.
 * First, the bribes lying in front of the shields are collected (FAQ).
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_spice.h"
#include "nx_words.h"

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

/* "Atreides and Fremen" */
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
            /* The prediction is revealed now: the log says what it was. */
            char why[160], held[16];
            snprintf(held, sizeof held, "%d", strongholds_of(s, side[i]));
            snprintf(why, sizeof why, "the Bene Gesserit prediction comes true: they predicted %s would win on turn %d, "
                     "and %s %s strongholds", nx_faction_name((nx_faction)s->play.prediction_faction), s->turn,
                     __builtin_popcount(side[i]) > 1 ? "that alliance holds" : "it holds", held);
            declare(a, BIT(nx_state_seat_of(s, NX_BENE_GESSERIT)), why);
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

/* The faction's side wins at the end of the last turn, for `why`. */
static int side_wins(nx_act *a, nx_faction f, const char *why)
{
    uint8_t seat = nx_state_seat_of(a->s, f);
    if (seat == NX_NO_SEAT) return 0;
    declare(a, side_mask(a->s, seat), why);
    return 1;
}

/* Nobody else won: the player(s) occupying the most strongholds win, each
 * counted alone (LV 1.09.05 speaks of the player, not the alliance), and
 * an ally shares its partner's win as in every victory. */
static void most_strongholds(nx_act *a)
{
    const nx_state *s = a->s;
    uint8_t winners = 0;
    int best = -1;
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        int held = strongholds_of(s, BIT(seat));
        if (held > best) {
            best = held;
            winners = 0;
        }
        if (held == best) winners |= side_mask(s, seat);
    }
    char why[80];
    nx_fmt(why, sizeof why, "the most strongholds (%d) at the end of the last turn", best);
    declare(a, winners, why);
}

/*
 * The end of the last turn with no winner (docs/rules/phase-mentat-pause.md):
 *  1. the Fremen special victory: with the Fremen in the game and their
 *     condition met, the Fremen (and ally) win, Guild or no Guild: LV states
 *     the condition for games with the Guild, so it comes before the Guild's
 *     default win (LV 2.04 Special Victory);
 *  2. the Guild in the game: the Guild (and ally) win (LV 2.06);
 *  3. no Guild, the Fremen in the game: the Fremen (and ally) win
 *     (LV 1.09.05);
 *  4. otherwise the player occupying the most strongholds.
 */
static void last_turn(nx_act *a)
{
    uint8_t fremen = nx_state_seat_of(a->s, NX_FREMEN);
    if (fremen != NX_NO_SEAT && fremen_condition(a->s, fremen) &&
        side_wins(a, NX_FREMEN, "the Fremen special victory at the end of the last turn: only Fremen in Sietch Tabr "
                                "and Habbanya Sietch, and no Atreides, Harkonnen or Emperor in Tuek's Sietch"))
        return;
    if (side_wins(a, NX_SPACING_GUILD, "the Spacing Guild's default victory at the end of the last turn")) return;
    if (side_wins(a, NX_FREMEN, "the Fremen win at the end of the last turn, the Spacing Guild not being in the game"))
        return;
    most_strongholds(a);
}

/* Bribes in front of the shields go behind them, first thing (FAQ). */
static void collect_bribes(nx_act *a)
{
    nx_state *s = a->s;
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        if (!s->seats[seat].bribes) continue;
        int lying = nx_spice_collect_bribes(a, seat);
        char who[64];
        nx_act_log(a, "%s collects %d spice of bribes from in front of its shield", nx_act_who(s, seat, who, sizeof who),
                   lying);
    }
}

/* The strongholds the seat controls alone, by name, into buf; returns their count. */
static int strongholds_named(const nx_state *s, uint8_t seat, char *buf, size_t len)
{
    int n = 0;
    buf[0] = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_map_is_stronghold(t)) continue;
        unsigned occ = nx_board_occupants(s, t, 1);
        if (!occ || (occ & ~(unsigned)BIT(seat))) continue;
        size_t used = strlen(buf);
        nx_fmt(buf + used, len - used, "%s%s", n++ ? ", " : "", nx_map_territory_name(t));
    }
    return n;
}

/*
 * The standings, one line a seat in storm order, before any victory is
 * declared: what the table sees at a glance, the strongholds controlled,
 * the size of each hand and the alliances.  Spice is kept behind each
 * player's shield (docs/rules/phase-mentat-pause.md): the public line leaves it out
 * (core/nx_view.c shows a seat its own), and only the host's record
 * (nx_act_log_record) says every faction's.
 */
static void standings(nx_act *a)
{
    const nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        char who[64], ally[80] = "", held[128], sh[160], tc[48], nc[48] = "";
        int n = strongholds_named(s, seat, held, sizeof held);
        if (n) nx_fmt(sh, sizeof sh, "%d %s (%s)", n, nx_plural(n, "stronghold", "strongholds"), held);
        else nx_fmt(sh, sizeof sh, "no strongholds");
        nx_count(tc, sizeof tc, nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY)), "Treachery Card",
                 "Treachery Cards", 1);
        if (s->options & NX_OPT_NEXUS_CARDS) {
            char k[40];
            nx_fmt(nc, sizeof nc, ", %s", nx_count(k, sizeof k, nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)),
                                                   "Nexus card", "Nexus cards", 1));
        }
        if (s->seats[seat].ally != NX_NO_SEAT) {
            char w[64];
            nx_fmt(ally, sizeof ally, ", allied with %s", nx_act_who(s, s->seats[seat].ally, w, sizeof w));
        }
        char pub[512], rec[560];
        nx_act_who(s, seat, who, sizeof who);
        nx_fmt(pub, sizeof pub, "standings: %s: %s, %s%s%s", who, sh, tc, nc, ally);
        nx_fmt(rec, sizeof rec, "standings: %s: %s, %d spice, %s%s%s", who, sh, s->seats[seat].spice, tc, nc, ally);
        nx_act_log_record(a, pub, rec);
    }
}

static int mentat_procedure(nx_act *a)
{
    nx_owed_mentat(a, NX_NO_SEAT, 0);   /* owed replacement draws, when they come first */
    collect_bribes(a);
    standings(a);
    if (stronghold_winners(a) || a->s->turn < NX_LAST_TURN) return 0;
    last_turn(a);
    return 0;
}

const nx_module nx_mod_mentat = { "mentat", NX_P_MENTAT_PAUSE, mentat_procedure, NULL, NULL };
