/*
 * Spice Collection (docs/rules/phase-collection.md; turn.md 2.8).
 *
 * Forces collect from the section they stand on, not the whole territory
 * (FAQ errata to the quick-start example): 2 spice per force, 3 for a
 * player with forces in Arrakeen or Carthag (ornithopters), up to what
 * lies there; the rest stays.  Bene Gesserit advisors collect nothing.
 * Should several factions' fighters share a section (only possible where
 * no battle could be fought), they collect in storm order.  Advanced
 * (increased spice flow): each occupant of Arrakeen and of Carthag takes
 * 2 spice from the bank, of Tuek's Sietch 1 ("each occupant", UBG
 * advanced rules): two factions sharing a city under the storm both take it.
 */
#include <stdio.h>

#include "nx_board.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_spice.h"

static void collect_section(nx_act *a, int sec, const uint8_t order[NX_MAX_SEATS])
{
    nx_state *s = a->s;
    for (int i = 0; i < s->nseats && s->play.spice[sec]; i++) {
        uint8_t seat = order[i];
        int forces = nx_move_fighters_at(s, seat, sec);
        if (!forces) continue;
        int rate = nx_move_holds_a_city(s, seat) ? 3 : 2;
        int take = nx_board_spice_take(s, sec, forces * rate);
        nx_spice_transfer(a, NX_SPICE_BANK, seat, take, "collection");
        char who[64], where[64];
        nx_act_log(a, "%s collects %d spice from %s (%d a force)", nx_act_who(s, seat, who, sizeof who), take,
                   nx_move_section_label(sec, where, sizeof where), rate);
    }
}

static void city_income(nx_act *a)
{
    static const struct { const char *id; int spice; } cities[] = {
        { "arrakeen", 2 }, { "carthag", 2 }, { "tueks_sietch", 1 },
    };
    nx_state *s = a->s;
    for (size_t i = 0; i < sizeof cities / sizeof cities[0]; i++) {
        int t = nx_map_territory_parse(cities[i].id);
        unsigned occupants = nx_board_occupants(s, t, 1);
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            if (!(occupants & (1u << seat))) continue;
            nx_spice_transfer(a, NX_SPICE_BANK, seat, cities[i].spice, "city income");
            char who[64];
            nx_act_log(a, "%s takes %d spice as %s of %s", nx_act_who(s, seat, who, sizeof who), cities[i].spice,
                       __builtin_popcount(occupants) > 1 ? "an occupant" : "the occupant", nx_map_territory_name(t));
        }
    }
}

static int collection_procedure(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (s->play.spice[sec]) collect_section(a, sec, order);
    if (s->options & NX_OPT_ADVANCED) city_income(a);
    return 0;
}

const nx_module nx_mod_collection = { "collection", NX_P_SPICE_COLLECTION, collection_procedure, NULL, NULL };
