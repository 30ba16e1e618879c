#include "nx_board.h"

#include <assert.h>
#include <string.h>

#include "nx_play.h"
#include "nx_treachery.h"
#include "nx_ruling_names.h"

int nx_board_section_in_storm(const nx_state *s, int section)
{
    int sector = nx_map_section_sector(section);
    return s->play.storm_sector != 0 && sector != NX_MAP_NO_SECTOR && sector == s->play.storm_sector;
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

void nx_board_spice_add(nx_state *s, int section, int n)
{
    assert(section >= 0 && section < NX_MAP_SECTIONS && n >= 0);
    int room = UINT16_MAX - s->play.spice[section];
    s->play.spice[section] = (uint16_t)(s->play.spice[section] + (n < room ? n : room));
}

int nx_board_spice_take(nx_state *s, int section, int n)
{
    assert(section >= 0 && section < NX_MAP_SECTIONS && n >= 0);
    int take = n < s->play.spice[section] ? n : s->play.spice[section];
    s->play.spice[section] = (uint16_t)(s->play.spice[section] - take);
    return take;
}

int nx_board_spice_clear(nx_state *s, int section)
{
    return nx_board_spice_take(s, section, UINT16_MAX);
}

int nx_board_reserves(const nx_state *s, uint8_t seat, int kind)
{
    return s->seats[seat].forces[NX_PLACE_RESERVES][kind];
}

void nx_board_update_first_seat(nx_state *s)
{
    /* Circles sit on the sector lines closing sectors 3, 6, .., 18; the
     * storm in sector k reaches next the circle at the first such sector
     * >= k (wrapping).  Ties cannot happen: one seat per circle.  Before
     * the first storm the marker stands on the Storm Start.  The "last"
     * reading of turn.storm_on_circle counts a circle in the storm's own
     * sector as already passed (docs/rules/turn.md 1.4, section 5.2). */
    int storm = s->play.storm_sector ? s->play.storm_sector : NX_STORM_START_SECTOR;
    int passed = s->play.rule[NX_RULE_STORM_ON_CIRCLE] == NX_RS_TURN_STORM_ON_CIRCLE_LAST;
    int best = -1, best_dist = 99;
    for (int i = 0; i < s->nseats; i++) {
        int dist = ((int)s->play.circle[i] - storm - passed + 2 * NX_MAP_SECTORS) % NX_MAP_SECTORS;
        if (dist < best_dist) {
            best_dist = dist;
            best = i;
        }
    }
    assert(best >= 0);
    s->first_seat = (uint8_t)best;
}

int nx_board_spice_card_section(int card)
{
    if (nx_spice_deck_is_worm(card)) return -1;
    int t = nx_map_territory_parse(nx_spice_deck_territory(card));
    return t < 0 ? -1 : nx_map_section_in(t, nx_spice_deck_sector(card));
}

/* ---- leaders in the Tanks --------------------------------------------------- */

/* The in-game leaders of a faction; returns how many. */
static int faction_leaders(const nx_state *s, nx_faction f, int out[NX_LEADER_COUNT])
{
    int n = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_get(l)->faction == f && s->custody.zone[nx_comp_leader_disc(l)] != NX_Z_OUT) out[n++] = l;
    return n;
}

static int leader_in(const nx_state *s, int leader, nx_zone z) { return s->custody.zone[nx_comp_leader_disc(leader)] == z; }

static int all_bits(const uint8_t *bits, const int *ls, int n)
{
    for (int i = 0; i < n; i++)
        if (!nx_play_bit(bits, ls[i])) return 0;
    return 1;
}

static int count_in(const nx_state *s, const int *ls, int n, nx_zone z)
{
    int k = 0;
    for (int i = 0; i < n; i++) k += leader_in(s, ls[i], z);
    return k;
}

/*
 * The bits describe a revival cycle.  leader_died: the leader has died in
 * this cycle; leader_again: it died once more after being revived, so it
 * lies face down and waits for the next cycle (LV 1.05 "Dead again").
 * Every death sets leader_died; the cycle turns (face-down leaders come
 * up) once every leader has died twice (LV 1.05).
 */
void nx_board_leader_killed(nx_state *s, int leader)
{
    nx_custody_move(&s->custody, nx_comp_leader_disc(leader), NX_Z_TANKS);
    nx_play *p = &s->play;
    int ls[NX_LEADER_COUNT], n = faction_leaders(s, nx_leader_get(leader)->faction, ls);
    if (nx_play_bit(p->leader_died, leader)) nx_play_set_bit(p->leader_again, leader, 1);
    nx_play_set_bit(p->leader_died, leader, 1);
    if (!all_bits(p->leader_again, ls, n)) return;
    for (int i = 0; i < n; i++) {
        nx_play_set_bit(p->leader_died, ls[i], 1);
        nx_play_set_bit(p->leader_again, ls[i], 0);
    }
}

void nx_board_leader_killed_face_down(nx_state *s, int leader)
{
    /* Marked as having died already, the death below turns it face down
     * (and closes the revival cycle if every other leader is face down). */
    nx_play_set_bit(s->play.leader_died, leader, 1);
    nx_board_leader_killed(s, leader);
}

int nx_board_leader_revivable(const nx_state *s, int leader)
{
    if (!leader_in(s, leader, NX_Z_TANKS) || nx_play_bit(s->play.leader_again, leader)) return 0;
    nx_faction f = nx_leader_get(leader)->faction;
    uint8_t seat = nx_state_seat_of(s, f);
    if (seat == NX_NO_SEAT) return 0;
    /* LV 1.05: no active leader left, or all have died at least once. */
    int ls[NX_LEADER_COUNT], n = faction_leaders(s, f, ls);
    return all_bits(s->play.leader_died, ls, n) || count_in(s, ls, n, NX_Z_SEAT(seat, NX_ZS_LEADERS)) == 0;
}

/* ---- Voice commands ----------------------------------------------------------- */

/* The generic objects, spelt as the protocol spells its keys ("defense"). */
static const char *const voice_what_ids[NX_VOICE_NAMED] = {
    "projectile_weapon", "poison_weapon", "projectile_defense", "poison_defense", "worthless", "cheap_hero",
};

const char *nx_board_voice_what_id(uint8_t voice_what)
{
    if (voice_what < NX_VOICE_NAMED) return voice_what_ids[voice_what];
    nx_voice_command cmd = { NX_VOICE_NAMED, (nx_treachery_card)(voice_what - NX_VOICE_NAMED) };
    return voice_what - NX_VOICE_NAMED < NX_TR_CARD_COUNT ? nx_voice_command_id(cmd) : NULL;
}

int nx_board_voice_what_parse(const char *id)
{
    for (int k = 0; k < NX_VOICE_NAMED; k++)
        if (!strcmp(voice_what_ids[k], id)) return k;
    nx_voice_command cmd;
    if (nx_voice_command_parse(id, &cmd)) return -1;
    return cmd.kind == NX_VOICE_NAMED ? NX_VOICE_NAMED + cmd.card : cmd.kind;
}
