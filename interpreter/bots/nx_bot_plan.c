#include "nx_bot_plan.h"

#include <string.h>

#include "nx_board.h"
#include "nx_map.h"
#include "nx_state.h"

/* The plan's weight over the phases' scores: above any single stronghold
 * the board judgement values (interpreter/turn/nx_bot_eval.c). */
#define PLAN_BONUS 200
/* The last-turns plan: from the third turn before the end, for a side at
 * most two strongholds short (measured: one short, or from the last two
 * turns only, did less; docs/bots.md). */
#define PLAN_FROM_TURN (NX_LAST_TURN - 2)
#define PLAN_SHORT 2

static unsigned side_of(const nx_state *s, int seat)
{
    unsigned m = 1u << seat;
    if (s->seats[seat].ally != NX_NO_SEAT) m |= 1u << s->seats[seat].ally;
    return m;
}

static int side_strongholds(const nx_state *s, unsigned side)
{
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_map_is_stronghold(t)) continue;
        unsigned occ = nx_board_occupants(s, t, 1);
        n += (occ & side) && !(occ & ~side);
    }
    return n;
}

/* The most fighters one seat outside the side has in t. */
static int defenders(const nx_state *s, unsigned side, int t)
{
    unsigned occ = nx_board_occupants(s, t, 1) & ~side;
    int most = 0;
    for (int i = 0; i < s->nseats; i++)
        if (occ & (1u << i)) {
            int n = nx_board_forces_in(s, (uint8_t)i, t);
            if (n > most) most = n;
        }
    return most;
}

static const char *type_of(const json_t *c)
{
    return json_string_value(json_object_get(json_object_get(c, "action"), "type"));
}

static int forces_of(const json_t *act)
{
    return (int)(json_integer_value(json_object_get(act, "count")) + json_integer_value(json_object_get(act, "elite")));
}

static void set_score(json_t *c, json_int_t sc) { json_object_set_new(c, "score", json_integer(sc)); }

/* At most PLAN_SHORT strongholds short in the last turns: the ship or move that brings
 * the most forces into a stronghold the side does not hold, outnumbering
 * its defender, goes first. */
static void last_turns(const nx_state *s, int seat, json_t *cands)
{
    if (s->turn < PLAN_FROM_TURN) return;
    unsigned side = side_of(s, seat);
    int need = s->seats[seat].ally != NX_NO_SEAT ? 4 : 3;
    if (side_strongholds(s, side) + PLAN_SHORT < need) return;
    size_t i;
    json_t *c;
    json_array_foreach(cands, i, c) {
        const char *t = type_of(c);
        if (!t || (strcmp(t, "ship") && strcmp(t, "move"))) continue;
        json_t *act = json_object_get(c, "action");
        int sec = nx_map_section_parse(json_string_value(json_object_get(act, "to")));
        if (sec < 0) continue;
        int ter = nx_map_section_territory(sec);
        if (!nx_map_is_stronghold(ter)) continue;
        unsigned occ = nx_board_occupants(s, ter, 1);
        if ((occ & side) && !(occ & ~side)) continue;   /* held already */
        if (s->seats[seat].ally != NX_NO_SEAT && (occ & (1u << s->seats[seat].ally))) continue;
        if (!strcmp(t, "move")) {
            /* Giving up a held stronghold for another gains nothing. */
            int from = nx_map_territory_parse(json_string_value(json_object_get(act, "from")));
            unsigned there = from >= 0 ? nx_board_occupants(s, from, 1) : 0;
            if (from >= 0 && nx_map_is_stronghold(from) && (there & side) && !(there & ~side) &&
                forces_of(act) >= nx_board_forces_in(s, (uint8_t)seat, from))
                continue;
        }
        int n = forces_of(act) + nx_board_forces_in(s, (uint8_t)seat, ter);
        int def = defenders(s, side, ter);
        if (n <= def) continue;
        set_score(c, json_integer_value(json_object_get(c, "score")) + PLAN_BONUS + n - def);
    }
}

void nx_bot_plan_adjust(const nx_game *g, int seat, json_t *cands)
{
    const nx_state *s = nx_game_state(g);
    if (seat < 0 || seat >= s->nseats) return;
    last_turns(s, seat, cands);
}
