#include "nx_bot_eval.h"

#include "nx_board.h"
#include "nx_map.h"
#include "nx_movement.h"

#define BIT(seat) (1u << (seat))

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

unsigned nx_eval_side(const nx_state *s, uint8_t seat)
{
    uint8_t ally = s->seats[seat].ally;
    return BIT(seat) | (ally != NX_NO_SEAT ? BIT(ally) : 0u);
}

int nx_eval_side_strongholds(const nx_state *s, uint8_t seat)
{
    unsigned side = nx_eval_side(s, seat);
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_map_is_stronghold(t)) continue;
        unsigned occ = nx_board_occupants(s, t, 1);
        n += occ && !(occ & ~side);
    }
    return n;
}

int nx_eval_needed(const nx_state *s, uint8_t seat) { return s->seats[seat].ally != NX_NO_SEAT ? 4 : 3; }

int nx_eval_enemy_fighters(const nx_state *s, uint8_t seat, int t, int *factions)
{
    unsigned side = nx_eval_side(s, seat);
    int most = 0, n = 0;
    for (uint8_t i = 0; i < s->nseats; i++) {
        if (side & BIT(i)) continue;
        int f = nx_move_fighters_in(s, i, t);
        if (!f) continue;
        n++;
        most = max_int(most, f);
    }
    if (factions) *factions = n;
    return most;
}

/* One more stronghold for a side that holds `held`: worth more the closer
 * it comes to the count that wins, most when it completes it. */
static int hold_value(const nx_state *s, uint8_t seat, int held)
{
    int v = 20 + 10 * held;
    if (held + 1 >= nx_eval_needed(s, seat)) v += 40;
    return v;
}

static int ally_in(const nx_state *s, uint8_t seat, int t)
{
    uint8_t ally = s->seats[seat].ally;
    return ally != NX_NO_SEAT && nx_board_forces_in(s, ally, t) > 0;
}

/* A stronghold: taken empty, reinforced, or won in battle. */
static int stronghold_arrival(const nx_state *s, uint8_t seat, int t, int n)
{
    int nen, enemy = nx_eval_enemy_fighters(s, seat, t, &nen), mine = nx_move_fighters_in(s, seat, t);
    int held = nx_eval_side_strongholds(s, seat);
    if (nen == 0 && mine > 0) {
        /* Already ours: a few more keep it, many more are wasted there. */
        int want = 5 - mine;
        return want > 0 ? 2 * min_int(n, want) - max_int(0, n - want) / 2 : -1 - n / 3;
    }
    if (nen == 0) return hold_value(s, seat, held) + min_int(n, 5) - max_int(0, n - 8) / 2;
    if (nen >= 2) return -20;
    int margin = mine + n - enemy;
    if (margin >= 3) return hold_value(s, seat, held) - 8 + min_int(margin, 6);
    if (margin >= 1) return hold_value(s, seat, held) / 2 - 8 + margin;
    return -10 - n;
}

/* Sand with spice: what the fighters can collect there (two a force). */
static int spice_arrival(const nx_state *s, uint8_t seat, int sec, int n)
{
    int t = nx_map_section_territory(sec), nen, enemy = nx_eval_enemy_fighters(s, seat, t, &nen);
    int mine = nx_move_fighters_in(s, seat, t), sp = s->play.spice[sec];
    if (nen && mine + n - enemy < 2) return -10 - n;
    int v = min_int(sp, 2 * (mine + n)) / 2 - max_int(0, n - (sp + 1) / 2) / 2;
    return nen ? v - 3 : v;
}

int nx_eval_arrival(const nx_state *s, uint8_t seat, int sec, int n, int leaving)
{
    int t = nx_map_section_territory(sec);
    if (t == leaving) return 0;
    if (ally_in(s, seat, t)) return -60;
    if (nx_map_is_stronghold(t)) return stronghold_arrival(s, seat, t, n);
    if (!s->play.spice[sec]) return -2;
    return spice_arrival(s, seat, sec, n);
}

int nx_eval_departure(const nx_state *s, uint8_t seat, int t, int n)
{
    if (!nx_map_is_stronghold(t)) return 0;
    int nen, mine = nx_move_fighters_in(s, seat, t);
    nx_eval_enemy_fighters(s, seat, t, &nen);
    if (nen || !mine) return 0;
    /* Leaving a stronghold held alone gives it up; thinning it invites attack. */
    if (n >= mine) return hold_value(s, seat, nx_eval_side_strongholds(s, seat) - 1);
    return mine - n < 3 ? 4 : 0;
}
