/*
 * Who fights (docs/rules/battle.md 1-3): the battlefield and the region
 * whose forces fight, the sides and their fighters, the leaders free to
 * fight, a card's design, and whether a Karama stopped an advantage.
 * The facts every part of the battle reads; they call none of the parts
 * (nx_battle.h lists the order).
 */
#include "nx_battle.h"
#include "nx_board.h"
#include "nx_effects.h"
#include "nx_movement.h"
#include "nx_play.h"

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

/* ---- where battles happen ----------------------------------------------------- */

/* Can forces on this section be in a battle?  A stormed section under the
 * same_sector reading (the default: LV 1.01.04 "battling blind"), never in
 * a stronghold (FAQ). */
static int battle_capable(const nx_state *s, int sec)
{
    if (nx_map_is_polar_sink(nx_map_section_territory(sec))) return 0;
    if (!nx_board_section_in_storm(s, sec)) return 1;
    return s->play.rule[NX_RULE_BATTLE_IN_STORM] == NX_RS_TURN_BATTLE_IN_STORM_SECTOR_SAME_SECTOR && !nx_map_is_stronghold(nx_map_section_territory(sec));
}

int nx_battle_field(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY])
{
    if (!battle_capable(s, sec)) return 0;
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = 0;
    int k = nx_map_sections_of(nx_map_section_territory(sec), secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < k; i++)
        if (battle_capable(s, secs[i]) && nx_move_same_group(s, sec, secs[i])) out[n++] = secs[i];
    return n;
}

int nx_battle_region(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY])
{
    if (s->play.rule[NX_RULE_BATTLE_SPLIT_ARMY] == NX_RS_TURN_BATTLE_SPLIT_ARMY_WHOLE_TERRITORY)
        return nx_map_sections_of(nx_map_section_territory(sec), out, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    return nx_battle_field(s, sec, out);
}

void nx_battle_fighters_on(const nx_state *s, uint8_t seat, const int *secs, int n, int counts[NX_FORCE_KINDS])
{
    counts[NX_FORCE_NORMAL] = counts[NX_FORCE_ELITE] = 0;
    for (int i = 0; i < n; i++) {
        if (!nx_move_fighters_at(s, seat, secs[i])) continue;
        for (int k = 0; k < NX_FORCE_KINDS; k++) counts[k] += s->seats[seat].forces[NX_PLACE_BOARD(secs[i])][k];
    }
}

void nx_battle_fighters(const nx_state *s, uint8_t seat, int counts[NX_FORCE_KINDS])
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    nx_battle_fighters_on(s, seat, secs, nx_battle_region(s, s->play.battle_sec, secs), counts);
}

void nx_battle_fighters_effective(const nx_state *s, uint8_t seat, int counts[NX_FORCE_KINDS])
{
    nx_battle_fighters(s, seat, counts);
    int i = nx_effect_find(s, NX_EFF_VIRTUAL_ELITE, seat, -1);
    if (i < 0 || nx_battle_stopped(s, NX_ADV_SARDAUKAR)) return;
    int v = s->play.effect_arg[i] < counts[NX_FORCE_NORMAL] ? s->play.effect_arg[i] : counts[NX_FORCE_NORMAL];
    counts[NX_FORCE_NORMAL] -= v;
    counts[NX_FORCE_ELITE] += v;
}

void nx_battle_physical_losses(const nx_state *s, uint8_t seat, int lose[NX_FORCE_KINDS])
{
    int real[NX_FORCE_KINDS];
    nx_battle_fighters(s, seat, real);
    /* Elite losses beyond the starred counters are ordinary counters
     * that fought as Sardaukar: they go to the Tanks as what they are. */
    int extra = lose[NX_FORCE_ELITE] > real[NX_FORCE_ELITE] ? lose[NX_FORCE_ELITE] - real[NX_FORCE_ELITE] : 0;
    lose[NX_FORCE_ELITE] -= extra;
    lose[NX_FORCE_NORMAL] += extra;
}

/* ---- sides ------------------------------------------------------------------------- */

int nx_battle_side(const nx_state *s, uint8_t seat) { return nx_play_battle_side(s, seat); }

int nx_battle_call_side(const nx_state *s, uint8_t seat)
{
    int side = nx_battle_side(s, seat);
    if (side >= 0) return side;
    uint8_t ally = s->seats[seat].ally;
    if (s->seats[seat].faction != NX_HARKONNEN || ally == NX_NO_SEAT) return -1;
    return nx_battle_side(s, ally);
}

/* ---- leaders and cards -------------------------------------------------------------- */

nx_treachery_card nx_battle_card(nx_comp c) { return nx_treachery_copy_card(c - NX_COMP_TREACHERY_FIRST); }

int nx_battle_strength(int leader)
{
    int st = nx_leader_get(leader)->strength;
    return st > 0 ? st : 0;
}

nx_comp nx_battle_cheap_hero(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    for (int i = 0; i < n; i++)
        if (nx_treachery_is_cheap_hero(nx_battle_card(hand[i]))) return hand[i];
    return NX_COMP_NONE;
}

int nx_battle_leader_free(const nx_state *s, uint8_t seat, int leader)
{
    if (s->custody.zone[nx_comp_leader_disc(leader)] != NX_Z_SEAT(seat, NX_ZS_LEADERS)) return 0;
    int fought = s->play.leader_fought[leader];
    /* A leader may fight again in the territory it fought in (LV 1.07.04). */
    return fought == 0 || fought == s->play.battle_t + 1;
}

int nx_battle_free_leaders(const nx_state *s, uint8_t seat, int out[NX_LEADER_COUNT])
{
    int n = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        if (!nx_battle_leader_free(s, seat, l)) continue;
        int k = n++;
        for (; k > 0 && nx_battle_strength(out[k - 1]) < nx_battle_strength(l); k--) out[k] = out[k - 1];
        out[k] = l;
    }
    return n;
}

int nx_battle_can_lead(const nx_state *s, uint8_t seat)
{
    int ls[NX_LEADER_COUNT];
    return nx_battle_free_leaders(s, seat, ls) > 0 || nx_battle_cheap_hero(s, seat) != NX_COMP_NONE;
}

/* ---- advantages ------------------------------------------------------------------------ */

int nx_battle_stopped(const nx_state *s, int adv) { return ((s->play.battle_stopped | s->play.karama_phase) >> adv) & 1; }
