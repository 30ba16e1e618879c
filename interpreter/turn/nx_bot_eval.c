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
    /* The Guild wins when nobody has by the last turn: it spends its
     * forces on strongholds late, or to stop a win (threat). */
    if (s->seats[seat].faction == NX_SPACING_GUILD && s->turn < 8) v /= 3;
    return v;
}

static int ally_in(const nx_state *s, uint8_t seat, int t)
{
    uint8_t ally = s->seats[seat].ally;
    return ally != NX_NO_SEAT && nx_board_forces_in(s, ally, t) > 0;
}

/* The seat outside `seat`'s side with the most fighters in t. */
static uint8_t strongest(const nx_state *s, uint8_t seat, int t)
{
    unsigned side = nx_eval_side(s, seat);
    uint8_t best = seat;
    int most = 0;
    for (uint8_t i = 0; i < s->nseats; i++) {
        int f = side & BIT(i) ? 0 : nx_move_fighters_in(s, i, t);
        if (f > most) {
            most = f;
            best = i;
        }
    }
    return best;
}

/* Twice the battle strength n forces of `seat` could dial: full with a
 * spice each (Advanced), half without. */
static int strength2(const nx_state *s, uint8_t seat, int n)
{
    if (!(s->options & NX_OPT_ADVANCED)) return 2 * n;
    int paid = min_int(n, max_int(0, s->seats[seat].spice));
    return 2 * paid + (n - paid);
}

/* Taking t from a side one stronghold short of winning, or winning:
 * it stops that win. */
static int threat(const nx_state *s, uint8_t seat, int t)
{
    unsigned occ = nx_board_occupants(s, t, 1) & ~nx_eval_side(s, seat);
    for (uint8_t i = 0; i < s->nseats; i++)
        if ((occ & BIT(i)) && nx_eval_side_strongholds(s, i) + 1 >= nx_eval_needed(s, i)) return 40;
    return 0;
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
    /* Advanced battles count a force at half strength without a spice
     * of support: compare what each side could dial (purses are public). */
    int margin = strength2(s, seat, mine + n) - strength2(s, strongest(s, seat, t), enemy);
    int win = hold_value(s, seat, held) + threat(s, seat, t);
    if (margin >= 5) return win - 8 + min_int(margin / 2, 6);
    if (margin >= 2) return win / 2 - 8 + margin / 2;
    return -10 - n;
}

/* Sand with spice: what the fighters can collect there (two a force). */
static int spice_arrival(const nx_state *s, uint8_t seat, int sec, int n)
{
    int t = nx_map_section_territory(sec), nen, enemy = nx_eval_enemy_fighters(s, seat, t, &nen);
    int mine = nx_move_fighters_in(s, seat, t), sp = s->play.spice[sec];
    if (nen && mine + n - enemy < 2) return -10 - n;
    /* A poor purse needs it most: spice dials battles and ships forces. */
    int v = min_int(sp, 2 * (mine + n)) / (s->seats[seat].spice < 10 ? 1 : 2) - max_int(0, n - (sp + 1) / 2) / 2;
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
    if (n >= mine) return hold_value(s, seat, nx_eval_side_strongholds(s, seat));
    return mine - n < 3 ? 4 : 0;
}
