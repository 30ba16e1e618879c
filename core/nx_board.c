#include "nx_board.h"

#include <assert.h>

#include "nx_play.h"

int nx_board_section_in_storm(const nx_state *s, int section)
{
    int sector = nx_map_section_sector(section);
    return s->play.storm_sector != 0 && sector != NX_MAP_NO_SECTOR && sector == s->play.storm_sector;
}

int nx_board_territory_in_storm(const nx_state *s, int t)
{
    return s->play.storm_sector != 0 && nx_map_in_sector(t, s->play.storm_sector);
}

int nx_board_protected(const nx_state *s, int t)
{
    return nx_map_storm_protected(t, s->play.shield_wall_down);
}

int nx_board_forces_at(const nx_state *s, uint8_t seat, int section)
{
    const uint8_t *f = s->seats[seat].forces[NX_PLACE_BOARD(section)];
    return f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
}

int nx_board_forces_in(const nx_state *s, uint8_t seat, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY), total = 0;
    for (int i = 0; i < n; i++) total += nx_board_forces_at(s, seat, secs[i]);
    return total;
}

int nx_board_is_advisor(const nx_state *s, int section) { return nx_play_bit(s->play.advisors, section); }

void nx_board_set_advisor(nx_state *s, int section, int on) { nx_play_set_bit(s->play.advisors, section, on); }

uint8_t nx_board_occupants(const nx_state *s, int t, int fighters_only)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    uint8_t mask = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        for (int i = 0; i < n; i++) {
            if (!nx_board_forces_at(s, seat, secs[i])) continue;
            if (fighters_only && s->seats[seat].faction == NX_BENE_GESSERIT && nx_board_is_advisor(s, secs[i]))
                continue;
            mask |= (uint8_t)(1u << seat);
        }
    return mask;
}

int nx_board_strongholds_held(const nx_state *s, uint8_t seat)
{
    int held = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (nx_map_is_stronghold(t) && nx_board_occupants(s, t, 1) == (1u << seat)) held++;
    return held;
}

void nx_board_kill(nx_state *s, uint8_t seat, int section, int normal, int elite)
{
    nx_state_move_forces(s, seat, NX_FORCE_NORMAL, NX_PLACE_BOARD(section), NX_PLACE_TANKS, normal);
    nx_state_move_forces(s, seat, NX_FORCE_ELITE, NX_PLACE_BOARD(section), NX_PLACE_TANKS, elite);
    if (!nx_board_forces_at(s, seat, section) && s->seats[seat].faction == NX_BENE_GESSERIT)
        nx_board_set_advisor(s, section, 0);
}

int nx_board_kill_section(nx_state *s, uint8_t seat, int section)
{
    const uint8_t *f = s->seats[seat].forces[NX_PLACE_BOARD(section)];
    int n = f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
    nx_board_kill(s, seat, section, f[NX_FORCE_NORMAL], f[NX_FORCE_ELITE]);
    return n;
}

int nx_board_spice_in(const nx_state *s, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY), total = 0;
    for (int i = 0; i < n; i++) total += s->play.spice[secs[i]];
    return total;
}

int nx_board_reserves(const nx_state *s, uint8_t seat, int kind)
{
    return s->seats[seat].forces[NX_PLACE_RESERVES][kind];
}

void nx_board_update_first_seat(nx_state *s)
{
    /* Circles sit on the sector lines closing sectors 3, 6, .., 18; the
     * storm in sector k reaches next the circle at the first such sector
     * >= k (wrapping).  Ties cannot happen: one seat per circle. */
    int best = -1, best_dist = 99;
    for (int i = 0; i < s->nseats; i++) {
        int dist = ((int)s->play.circle[i] - (int)s->play.storm_sector + NX_MAP_SECTORS) % NX_MAP_SECTORS;
        if (dist < best_dist) {
            best_dist = dist;
            best = i;
        }
    }
    assert(best >= 0);
    s->first_seat = (uint8_t)best;
}
