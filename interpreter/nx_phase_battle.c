/*
 * Battle: a PROVISIONAL rule until the battle issue brings battle plans
 * (docs/rules/phase-battle-provisional.md).
 *
 * A battle happens wherever fighters of two or more sides (a seat and its
 * ally are one side) share a territory and the storm does not separate
 * them (turn.md 2.7): the clear sections of a territory joined without
 * crossing the storm form one battlefield, a stormed section is one by
 * itself, the Polar Sink and a stronghold under storm have none (FAQ).
 * Aggressors in storm order settle their battles territory by territory.
 *
 * The provisional rule, with no decisions: the side with the greatest
 * strength wins (a force counts 1; in the Advanced game Sardaukar and
 * Fedaykin count 2, Sardaukar only 1 against Fremen); a tie goes to the
 * side first in storm order, which is always the aggressor's.  Every
 * loser's fighters there go to the Tanks; the winner loses nothing.  The
 * aggressor and its strongest opponent of the last battle dial the next
 * storm.
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_module.h"
#include "nx_movement.h"

/* A battlefield: sections of one territory the storm does not separate. */
typedef struct field {
    int t;
    int n;
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
} field;

static int side_of(const nx_state *s, uint8_t seat)
{
    uint8_t ally = s->seats[seat].ally;
    return ally != NX_NO_SEAT && ally < seat ? ally : seat;
}

static int fighters_on(const nx_state *s, uint8_t seat, const field *f)
{
    int n = 0;
    for (int i = 0; i < f->n; i++) n += nx_move_fighters_at(s, seat, f->secs[i]);
    return n;
}

static int fremen_fight(const nx_state *s, const field *f)
{
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    return fremen != NX_NO_SEAT && fighters_on(s, fremen, f) > 0;
}

static int strength(const nx_state *s, uint8_t seat, const field *f)
{
    int elite_worth = 1;
    if (s->options & NX_OPT_ADVANCED)
        elite_worth = s->seats[seat].faction == NX_EMPEROR && fremen_fight(s, f) ? 1 : 2;
    int total = 0;
    for (int i = 0; i < f->n; i++) {
        if (!nx_move_fighters_at(s, seat, f->secs[i])) continue;
        const uint8_t *c = s->seats[seat].forces[NX_PLACE_BOARD(f->secs[i])];
        total += c[NX_FORCE_NORMAL] + elite_worth * c[NX_FORCE_ELITE];
    }
    return total;
}

/* Does the aggressor have a battle here: its fighters and another side's? */
static int battle_here(const nx_state *s, uint8_t aggressor, const field *f)
{
    if (!fighters_on(s, aggressor, f)) return 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (side_of(s, seat) != side_of(s, aggressor) && fighters_on(s, seat, f)) return 1;
    return 0;
}

/* Appends "seat 1 (Atreides) 5" to a line of the log. */
static void describe(const nx_state *s, uint8_t seat, int str, char *line, size_t len)
{
    char who[64];
    size_t used = strlen(line);
    snprintf(line + used, len - used, "%s%s %d", used ? ", " : "", nx_act_who(s, seat, who, sizeof who), str);
}

static void settle(nx_act *a, uint8_t aggressor, const field *f, const uint8_t order[NX_MAX_SEATS])
{
    nx_state *s = a->s;
    int side_strength[NX_MAX_SEATS] = { 0 }, seat_strength[NX_MAX_SEATS] = { 0 };
    char line[256] = "";
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        if (!fighters_on(s, seat, f)) continue;
        seat_strength[seat] = strength(s, seat, f);
        side_strength[side_of(s, seat)] += seat_strength[seat];
        describe(s, seat, seat_strength[seat], line, sizeof line);
    }
    /* Storm order breaks ties: the first side reached keeps a tie. */
    int winner = -1, rival = -1;
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        if (!fighters_on(s, seat, f)) continue;
        int side = side_of(s, seat);
        if (winner < 0 || side_strength[side] > side_strength[winner]) winner = side;
        if (side != side_of(s, aggressor) && (rival < 0 || seat_strength[seat] > seat_strength[rival])) rival = seat;
    }
    char who[64];
    nx_act_log(a, "battle in %s (provisional rule: the greater strength wins): %s", nx_map_territory_name(f->t), line);
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        if (side_of(s, seat) == winner || !fighters_on(s, seat, f)) continue;
        int killed = 0;
        for (int i = 0; i < f->n; i++)
            if (nx_move_fighters_at(s, seat, f->secs[i])) killed += nx_board_kill_section(s, seat, f->secs[i]);
        nx_act_log(a, "%s loses: %d force%s to the Tanks", nx_act_who(s, seat, who, sizeof who), killed, killed == 1 ? "" : "s");
    }
    s->play.dialers[0] = aggressor;
    s->play.dialers[1] = (uint8_t)rival;
}

/* The battlefields of territory t (none in the Polar Sink or in a
 * stronghold under storm). */
static int fields_of(const nx_state *s, int t, field out[NX_MAP_MAX_SECTIONS_PER_TERRITORY])
{
    if (nx_map_is_polar_sink(t) || (nx_map_is_stronghold(t) && nx_board_territory_in_storm(s, t))) return 0;
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], placed[NX_MAP_MAX_SECTIONS_PER_TERRITORY] = { 0 }, nf = 0;
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++) {
        if (placed[i]) continue;
        field *f = &out[nf++];
        f->t = t;
        f->n = 0;
        for (int j = i; j < n; j++)
            if (!placed[j] && nx_move_same_group(s, secs[i], secs[j])) {
                placed[j] = 1;
                f->secs[f->n++] = secs[j];
            }
    }
    return nf;
}

static int battle_procedure(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    /* Universal Stewards: lone advisors are fighters before battles. */
    nx_move_stewards(a);
    for (int i = 0; i < s->nseats; i++)
        for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
            field fields[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
            int nf = fields_of(s, t, fields);
            for (int k = 0; k < nf; k++)
                if (battle_here(s, order[i], &fields[k])) settle(a, order[i], &fields[k], order);
        }
    return 0;
}

const nx_module nx_mod_battle = { "battle", NX_P_BATTLE, battle_procedure, NULL, NULL };
