#include "nx_map.h"

#include <assert.h>
#include <string.h>
#include <strings.h>

/*
 * The tables below were generated once from the shared game facts,
 * ../shared/data/map_sectors.csv (one row per section: territory,
 * section, sector, rock, stronghold, near_shield_wall, in_fremen_range) and
 * ../shared/data/map_adjacency.csv (one row per unordered pair of
 * touching territories), in the files' own order.  Hand edits must keep
 * them in step with docs/rules/map.md, which records the corrections:
 *
 *  - The Imperial Basin is sand, not rock.  The data marks it "rock" because
 *    its forces are safe from the storm, but that protection is the Shield
 *    Wall's and ends with Family Atomics (F_SHELTERED, also on Arrakeen and
 *    Carthag).
 *  - The data's "rock" column also marks the five strongholds; here they are
 *    NX_TERRAIN_STRONGHOLD (equally protected) and their section's rock flag
 *    is 0.
 */

enum {
    F_NEAR_SHIELD_WALL = 1 << 0,
    F_FREMEN_RANGE = 1 << 1,
    F_SHELTERED = 1 << 2,           /* protected by the Shield Wall */
};

typedef struct {
    const char *id;
    const char *name;
    nx_terrain terrain;
    unsigned flags;
    int first_section;
    int nsections;
} territory_row;

typedef struct {
    int territory;
    const char *id;
    const char *name;
    int sector;
    int rock;
} section_row;

#define ADJACENCY_PAIRS 103

/* Territory ids, private: callers use nx_map_territory_parse(). */
enum {
    T_ARRAKEEN,
    T_ARSUNT,
    T_BASIN,
    T_BIGHT_OF_THE_CLIFF,
    T_BROKEN_LAND,
    T_CARTHAG,
    T_CIELAGO_DEPRESSION,
    T_CIELAGO_EAST,
    T_CIELAGO_NORTH,
    T_CIELAGO_SOUTH,
    T_CIELAGO_WEST,
    T_FALSE_WALL_EAST,
    T_FALSE_WALL_SOUTH,
    T_FALSE_WALL_WEST,
    T_FUNERAL_PLAIN,
    T_GARA_KULON,
    T_HABBANYA_ERG,
    T_HABBANYA_RIDGE_FLAT,
    T_HABBANYA_SIETCH,
    T_HAGGA_BASIN,
    T_HARG_PASS,
    T_HOLE_IN_THE_ROCK,
    T_IMPERIAL_BASIN,
    T_MERIDIAN,
    T_OLD_GAP,
    T_PASTY_MESA,
    T_PLASTIC_BASIN,
    T_POLAR_SINK,
    T_RED_CHASM,
    T_RIM_WALL_WEST,
    T_ROCK_OUTCROPPINGS,
    T_SHIELD_WALL,
    T_SIETCH_TABR,
    T_SIHAYA_RIDGE,
    T_SOUTH_MESA,
    T_THE_GREAT_FLAT,
    T_THE_GREATER_FLAT,
    T_THE_MINOR_ERG,
    T_TSIMPO,
    T_TUEKS_SIETCH,
    T_WIND_PASS,
    T_WIND_PASS_NORTH,
    T_COUNT_
};

/* Territories in the data's (alphabetical) order; the private T_* names
 * above are their ids.
 *                           id                      name                    terrain                 flags                               first section, sections */
static const territory_row territories[] = {
    [T_ARRAKEEN]           = { "arrakeen",             "Arrakeen",             NX_TERRAIN_STRONGHOLD,  F_SHELTERED,                              0, 1 },
    [T_ARSUNT]             = { "arsunt",               "Arsunt",               NX_TERRAIN_SAND,        0,                                        1, 2 },
    [T_BASIN]              = { "basin",                "Basin",                NX_TERRAIN_SAND,        0,                                        3, 1 },
    [T_BIGHT_OF_THE_CLIFF] = { "bight_of_the_cliff",   "Bight Of The Cliff",   NX_TERRAIN_SAND,        F_FREMEN_RANGE,                           4, 2 },
    [T_BROKEN_LAND]        = { "broken_land",          "Broken Land",          NX_TERRAIN_SAND,        F_FREMEN_RANGE,                           6, 2 },
    [T_CARTHAG]            = { "carthag",              "Carthag",              NX_TERRAIN_STRONGHOLD,  F_SHELTERED,                              8, 1 },
    [T_CIELAGO_DEPRESSION] = { "cielago_depression",   "Cielago Depression",   NX_TERRAIN_SAND,        0,                                        9, 3 },
    [T_CIELAGO_EAST]       = { "cielago_east",         "Cielago East",         NX_TERRAIN_SAND,        0,                                       12, 2 },
    [T_CIELAGO_NORTH]      = { "cielago_north",        "Cielago North",        NX_TERRAIN_SAND,        0,                                       14, 3 },
    [T_CIELAGO_SOUTH]      = { "cielago_south",        "Cielago South",        NX_TERRAIN_SAND,        0,                                       17, 2 },
    [T_CIELAGO_WEST]       = { "cielago_west",         "Cielago West",         NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          19, 2 },
    [T_FALSE_WALL_EAST]    = { "false_wall_east",      "False Wall East",      NX_TERRAIN_ROCK,        F_NEAR_SHIELD_WALL,                      21, 5 },
    [T_FALSE_WALL_SOUTH]   = { "false_wall_south",     "False Wall South",     NX_TERRAIN_ROCK,        0,                                       26, 2 },
    [T_FALSE_WALL_WEST]    = { "false_wall_west",      "False Wall West",      NX_TERRAIN_ROCK,        F_FREMEN_RANGE,                          28, 3 },
    [T_FUNERAL_PLAIN]      = { "funeral_plain",        "Funeral Plain",        NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          31, 1 },
    [T_GARA_KULON]         = { "gara_kulon",           "Gara Kulon",           NX_TERRAIN_SAND,        F_NEAR_SHIELD_WALL,                      32, 1 },
    [T_HABBANYA_ERG]       = { "habbanya_erg",         "Habbanya Erg",         NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          33, 2 },
    [T_HABBANYA_RIDGE_FLAT] = { "habbanya_ridge_flat",  "Habbanya Ridge Flat",  NX_TERRAIN_SAND,        0,                                       35, 2 },
    [T_HABBANYA_SIETCH]    = { "habbanya_sietch",      "Habbanya Sietch",      NX_TERRAIN_STRONGHOLD,  0,                                       37, 1 },
    [T_HAGGA_BASIN]        = { "hagga_basin",          "Hagga Basin",          NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          38, 2 },
    [T_HARG_PASS]          = { "harg_pass",            "Harg Pass",            NX_TERRAIN_SAND,        0,                                       40, 2 },
    [T_HOLE_IN_THE_ROCK]   = { "hole_in_the_rock",     "Hole In The Rock",     NX_TERRAIN_SAND,        F_NEAR_SHIELD_WALL,                      42, 1 },
    [T_IMPERIAL_BASIN]     = { "imperial_basin",       "Imperial Basin",       NX_TERRAIN_SAND,        F_NEAR_SHIELD_WALL | F_SHELTERED,        43, 3 },
    [T_MERIDIAN]           = { "meridian",             "Meridian",             NX_TERRAIN_SAND,        0,                                       46, 2 },
    [T_OLD_GAP]            = { "old_gap",              "Old Gap",              NX_TERRAIN_SAND,        0,                                       48, 3 },
    [T_PASTY_MESA]         = { "pasty_mesa",           "Pasty Mesa",           NX_TERRAIN_ROCK,        F_NEAR_SHIELD_WALL,                      51, 4 },
    [T_PLASTIC_BASIN]      = { "plastic_basin",        "Plastic Basin",        NX_TERRAIN_ROCK,        F_FREMEN_RANGE,                          55, 3 },
    [T_POLAR_SINK]         = { "polar_sink",           "Polar Sink",           NX_TERRAIN_POLAR_SINK,  F_FREMEN_RANGE,                          58, 1 },
    [T_RED_CHASM]          = { "red_chasm",            "Red Chasm",            NX_TERRAIN_SAND,        0,                                       59, 1 },
    [T_RIM_WALL_WEST]      = { "rim_wall_west",        "Rim Wall West",        NX_TERRAIN_ROCK,        0,                                       60, 1 },
    [T_ROCK_OUTCROPPINGS]  = { "rock_outcroppings",    "Rock Outcroppings",    NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          61, 2 },
    [T_SHIELD_WALL]        = { "shield_wall",          "Shield Wall",          NX_TERRAIN_ROCK,        F_NEAR_SHIELD_WALL,                      63, 2 },
    [T_SIETCH_TABR]        = { "sietch_tabr",          "Sietch Tabr",          NX_TERRAIN_STRONGHOLD,  F_FREMEN_RANGE,                          65, 1 },
    [T_SIHAYA_RIDGE]       = { "sihaya_ridge",         "Sihaya Ridge",         NX_TERRAIN_SAND,        F_NEAR_SHIELD_WALL,                      66, 1 },
    [T_SOUTH_MESA]         = { "south_mesa",           "South Mesa",           NX_TERRAIN_SAND,        0,                                       67, 3 },
    [T_THE_GREAT_FLAT]     = { "the_great_flat",       "The Great Flat",       NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          70, 1 },
    [T_THE_GREATER_FLAT]   = { "the_greater_flat",     "The Greater Flat",     NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          71, 1 },
    [T_THE_MINOR_ERG]      = { "the_minor_erg",        "The Minor Erg",        NX_TERRAIN_SAND,        F_NEAR_SHIELD_WALL,                      72, 4 },
    [T_TSIMPO]             = { "tsimpo",               "Tsimpo",               NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          76, 3 },
    [T_TUEKS_SIETCH]       = { "tueks_sietch",         "Tuek's Sietch",        NX_TERRAIN_STRONGHOLD,  0,                                       79, 1 },
    [T_WIND_PASS]          = { "wind_pass",            "Wind Pass",            NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          80, 4 },
    [T_WIND_PASS_NORTH]    = { "wind_pass_north",      "Wind Pass North",      NX_TERRAIN_SAND,        F_FREMEN_RANGE,                          84, 2 },
};

/* Sections grouped by territory, in the data's order.
 *  territory                 id                             name        sector rock */
static const section_row sections[] = {
    { T_ARRAKEEN,              "arrakeen",                    "",           9, 0 },
    { T_ARSUNT,                "arsunt.east",                 "East",      10, 0 },
    { T_ARSUNT,                "arsunt.west",                 "West",      11, 0 },
    { T_BASIN,                 "basin",                       "",           8, 0 },
    { T_BIGHT_OF_THE_CLIFF,    "bight_of_the_cliff.north",    "North",     13, 0 },
    { T_BIGHT_OF_THE_CLIFF,    "bight_of_the_cliff.south",    "South",     14, 0 },
    { T_BROKEN_LAND,           "broken_land.east",            "East",      10, 0 },
    { T_BROKEN_LAND,           "broken_land.west",            "West",      11, 0 },
    { T_CARTHAG,               "carthag",                     "",          10, 0 },
    { T_CIELAGO_DEPRESSION,    "cielago_depression.center",   "Center",     1, 0 },
    { T_CIELAGO_DEPRESSION,    "cielago_depression.east",     "East",       2, 0 },
    { T_CIELAGO_DEPRESSION,    "cielago_depression.west",     "West",      18, 0 },
    { T_CIELAGO_EAST,          "cielago_east.east",           "East",       3, 0 },
    { T_CIELAGO_EAST,          "cielago_east.west",           "West",       2, 0 },
    { T_CIELAGO_NORTH,         "cielago_north.center",        "Center",     1, 0 },
    { T_CIELAGO_NORTH,         "cielago_north.east",          "East",       2, 0 },
    { T_CIELAGO_NORTH,         "cielago_north.west",          "West",      18, 0 },
    { T_CIELAGO_SOUTH,         "cielago_south.east",          "East",       2, 0 },
    { T_CIELAGO_SOUTH,         "cielago_south.west",          "West",       1, 0 },
    { T_CIELAGO_WEST,          "cielago_west.north",          "North",     17, 0 },
    { T_CIELAGO_WEST,          "cielago_west.south",          "South",     18, 0 },
    { T_FALSE_WALL_EAST,       "false_wall_east.far_north",   "Far North",  8, 1 },
    { T_FALSE_WALL_EAST,       "false_wall_east.far_south",   "Far South",  4, 1 },
    { T_FALSE_WALL_EAST,       "false_wall_east.middle",      "Middle",     6, 1 },
    { T_FALSE_WALL_EAST,       "false_wall_east.north",       "North",      7, 1 },
    { T_FALSE_WALL_EAST,       "false_wall_east.south",       "South",      5, 1 },
    { T_FALSE_WALL_SOUTH,      "false_wall_south.east",       "East",       4, 1 },
    { T_FALSE_WALL_SOUTH,      "false_wall_south.west",       "West",       3, 1 },
    { T_FALSE_WALL_WEST,       "false_wall_west.middle",      "Middle",    16, 1 },
    { T_FALSE_WALL_WEST,       "false_wall_west.north",       "North",     15, 1 },
    { T_FALSE_WALL_WEST,       "false_wall_west.south",       "South",     17, 1 },
    { T_FUNERAL_PLAIN,         "funeral_plain",               "",          14, 0 },
    { T_GARA_KULON,            "gara_kulon",                  "",           7, 0 },
    { T_HABBANYA_ERG,          "habbanya_erg.east",           "East",      16, 0 },
    { T_HABBANYA_ERG,          "habbanya_erg.west",           "West",      15, 0 },
    { T_HABBANYA_RIDGE_FLAT,   "habbanya_ridge_flat.east",    "East",      17, 0 },
    { T_HABBANYA_RIDGE_FLAT,   "habbanya_ridge_flat.west",    "West",      16, 0 },
    { T_HABBANYA_SIETCH,       "habbanya_sietch",             "",          16, 0 },
    { T_HAGGA_BASIN,           "hagga_basin.east",            "East",      11, 0 },
    { T_HAGGA_BASIN,           "hagga_basin.west",            "West",      12, 0 },
    { T_HARG_PASS,             "harg_pass.east",              "East",       4, 0 },
    { T_HARG_PASS,             "harg_pass.west",              "West",       3, 0 },
    { T_HOLE_IN_THE_ROCK,      "hole_in_the_rock",            "",           8, 0 },
    { T_IMPERIAL_BASIN,        "imperial_basin.center",       "Center",     9, 0 },
    { T_IMPERIAL_BASIN,        "imperial_basin.east",         "East",       8, 0 },
    { T_IMPERIAL_BASIN,        "imperial_basin.west",         "West",      10, 0 },
    { T_MERIDIAN,              "meridian.east",               "East",       1, 0 },
    { T_MERIDIAN,              "meridian.west",               "West",      18, 0 },
    { T_OLD_GAP,               "old_gap.east",                "East",       8, 0 },
    { T_OLD_GAP,               "old_gap.middle",              "Middle",     9, 0 },
    { T_OLD_GAP,               "old_gap.west",                "West",      10, 0 },
    { T_PASTY_MESA,            "pasty_mesa.far_north",        "Far North",  7, 1 },
    { T_PASTY_MESA,            "pasty_mesa.far_south",        "Far South",  4, 1 },
    { T_PASTY_MESA,            "pasty_mesa.north",            "North",      6, 1 },
    { T_PASTY_MESA,            "pasty_mesa.south",            "South",      5, 1 },
    { T_PLASTIC_BASIN,         "plastic_basin.middle",        "Middle",    12, 1 },
    { T_PLASTIC_BASIN,         "plastic_basin.north",         "North",     11, 1 },
    { T_PLASTIC_BASIN,         "plastic_basin.south",         "South",     13, 1 },
    { T_POLAR_SINK,            "polar_sink",                  "",           0, 0 },
    { T_RED_CHASM,             "red_chasm",                   "",           6, 0 },
    { T_RIM_WALL_WEST,         "rim_wall_west",               "",           8, 1 },
    { T_ROCK_OUTCROPPINGS,     "rock_outcroppings.north",     "North",     12, 0 },
    { T_ROCK_OUTCROPPINGS,     "rock_outcroppings.south",     "South",     13, 0 },
    { T_SHIELD_WALL,           "shield_wall.north",           "North",      8, 1 },
    { T_SHIELD_WALL,           "shield_wall.south",           "South",      7, 1 },
    { T_SIETCH_TABR,           "sietch_tabr",                 "",          13, 0 },
    { T_SIHAYA_RIDGE,          "sihaya_ridge",                "",           8, 0 },
    { T_SOUTH_MESA,            "south_mesa.middle",           "Middle",     4, 0 },
    { T_SOUTH_MESA,            "south_mesa.north",            "North",      5, 0 },
    { T_SOUTH_MESA,            "south_mesa.south",            "South",      3, 0 },
    { T_THE_GREAT_FLAT,        "the_great_flat",              "",          14, 0 },
    { T_THE_GREATER_FLAT,      "the_greater_flat",            "",          15, 0 },
    { T_THE_MINOR_ERG,         "the_minor_erg.far_north",     "Far North",  7, 0 },
    { T_THE_MINOR_ERG,         "the_minor_erg.far_south",     "Far South",  4, 0 },
    { T_THE_MINOR_ERG,         "the_minor_erg.north",         "North",      6, 0 },
    { T_THE_MINOR_ERG,         "the_minor_erg.south",         "South",      5, 0 },
    { T_TSIMPO,                "tsimpo.east",                 "East",      10, 0 },
    { T_TSIMPO,                "tsimpo.middle",               "Middle",    11, 0 },
    { T_TSIMPO,                "tsimpo.west",                 "West",      12, 0 },
    { T_TUEKS_SIETCH,          "tueks_sietch",                "",           4, 0 },
    { T_WIND_PASS,             "wind_pass.far_north",         "Far North", 13, 0 },
    { T_WIND_PASS,             "wind_pass.far_south",         "Far South", 16, 0 },
    { T_WIND_PASS,             "wind_pass.north",             "North",     14, 0 },
    { T_WIND_PASS,             "wind_pass.south",             "South",     15, 0 },
    { T_WIND_PASS_NORTH,       "wind_pass_north.north",       "North",     16, 0 },
    { T_WIND_PASS_NORTH,       "wind_pass_north.south",       "South",     17, 0 },
};

/* Touching territories, one row per unordered pair (map_adjacency.csv). */
static const unsigned char adjacency[][2] = {
    { T_ARRAKEEN,              T_IMPERIAL_BASIN },
    { T_ARRAKEEN,              T_OLD_GAP },
    { T_ARRAKEEN,              T_RIM_WALL_WEST },
    { T_ARSUNT,                T_CARTHAG },
    { T_ARSUNT,                T_HAGGA_BASIN },
    { T_ARSUNT,                T_IMPERIAL_BASIN },
    { T_ARSUNT,                T_POLAR_SINK },
    { T_BASIN,                 T_HOLE_IN_THE_ROCK },
    { T_BASIN,                 T_OLD_GAP },
    { T_BASIN,                 T_RIM_WALL_WEST },
    { T_BASIN,                 T_SIHAYA_RIDGE },
    { T_BIGHT_OF_THE_CLIFF,    T_FUNERAL_PLAIN },
    { T_BIGHT_OF_THE_CLIFF,    T_PLASTIC_BASIN },
    { T_BIGHT_OF_THE_CLIFF,    T_ROCK_OUTCROPPINGS },
    { T_BIGHT_OF_THE_CLIFF,    T_SIETCH_TABR },
    { T_BROKEN_LAND,           T_OLD_GAP },
    { T_BROKEN_LAND,           T_PLASTIC_BASIN },
    { T_BROKEN_LAND,           T_ROCK_OUTCROPPINGS },
    { T_BROKEN_LAND,           T_TSIMPO },
    { T_CARTHAG,               T_HAGGA_BASIN },
    { T_CARTHAG,               T_IMPERIAL_BASIN },
    { T_CARTHAG,               T_TSIMPO },
    { T_CIELAGO_DEPRESSION,    T_CIELAGO_EAST },
    { T_CIELAGO_DEPRESSION,    T_CIELAGO_NORTH },
    { T_CIELAGO_DEPRESSION,    T_CIELAGO_SOUTH },
    { T_CIELAGO_DEPRESSION,    T_CIELAGO_WEST },
    { T_CIELAGO_DEPRESSION,    T_MERIDIAN },
    { T_CIELAGO_EAST,          T_CIELAGO_NORTH },
    { T_CIELAGO_EAST,          T_CIELAGO_SOUTH },
    { T_CIELAGO_EAST,          T_FALSE_WALL_SOUTH },
    { T_CIELAGO_EAST,          T_SOUTH_MESA },
    { T_CIELAGO_NORTH,         T_CIELAGO_WEST },
    { T_CIELAGO_NORTH,         T_FALSE_WALL_SOUTH },
    { T_CIELAGO_NORTH,         T_HARG_PASS },
    { T_CIELAGO_NORTH,         T_POLAR_SINK },
    { T_CIELAGO_NORTH,         T_WIND_PASS_NORTH },
    { T_CIELAGO_SOUTH,         T_MERIDIAN },
    { T_CIELAGO_WEST,          T_FALSE_WALL_WEST },
    { T_CIELAGO_WEST,          T_HABBANYA_RIDGE_FLAT },
    { T_CIELAGO_WEST,          T_MERIDIAN },
    { T_CIELAGO_WEST,          T_WIND_PASS },
    { T_CIELAGO_WEST,          T_WIND_PASS_NORTH },
    { T_FALSE_WALL_EAST,       T_HARG_PASS },
    { T_FALSE_WALL_EAST,       T_IMPERIAL_BASIN },
    { T_FALSE_WALL_EAST,       T_POLAR_SINK },
    { T_FALSE_WALL_EAST,       T_SHIELD_WALL },
    { T_FALSE_WALL_EAST,       T_THE_MINOR_ERG },
    { T_FALSE_WALL_SOUTH,      T_HARG_PASS },
    { T_FALSE_WALL_SOUTH,      T_PASTY_MESA },
    { T_FALSE_WALL_SOUTH,      T_SOUTH_MESA },
    { T_FALSE_WALL_SOUTH,      T_THE_MINOR_ERG },
    { T_FALSE_WALL_SOUTH,      T_TUEKS_SIETCH },
    { T_FALSE_WALL_WEST,       T_HABBANYA_ERG },
    { T_FALSE_WALL_WEST,       T_HABBANYA_RIDGE_FLAT },
    { T_FALSE_WALL_WEST,       T_THE_GREATER_FLAT },
    { T_FALSE_WALL_WEST,       T_WIND_PASS },
    { T_FUNERAL_PLAIN,         T_PLASTIC_BASIN },
    { T_FUNERAL_PLAIN,         T_THE_GREAT_FLAT },
    { T_GARA_KULON,            T_PASTY_MESA },
    { T_GARA_KULON,            T_SHIELD_WALL },
    { T_GARA_KULON,            T_SIHAYA_RIDGE },
    { T_HABBANYA_ERG,          T_HABBANYA_RIDGE_FLAT },
    { T_HABBANYA_ERG,          T_THE_GREATER_FLAT },
    { T_HABBANYA_RIDGE_FLAT,   T_HABBANYA_SIETCH },
    { T_HABBANYA_RIDGE_FLAT,   T_MERIDIAN },
    { T_HAGGA_BASIN,           T_PLASTIC_BASIN },
    { T_HAGGA_BASIN,           T_POLAR_SINK },
    { T_HAGGA_BASIN,           T_TSIMPO },
    { T_HAGGA_BASIN,           T_WIND_PASS },
    { T_HARG_PASS,             T_POLAR_SINK },
    { T_HARG_PASS,             T_THE_MINOR_ERG },
    { T_HOLE_IN_THE_ROCK,      T_IMPERIAL_BASIN },
    { T_HOLE_IN_THE_ROCK,      T_RIM_WALL_WEST },
    { T_HOLE_IN_THE_ROCK,      T_SHIELD_WALL },
    { T_HOLE_IN_THE_ROCK,      T_SIHAYA_RIDGE },
    { T_IMPERIAL_BASIN,        T_OLD_GAP },
    { T_IMPERIAL_BASIN,        T_POLAR_SINK },
    { T_IMPERIAL_BASIN,        T_RIM_WALL_WEST },
    { T_IMPERIAL_BASIN,        T_SHIELD_WALL },
    { T_IMPERIAL_BASIN,        T_TSIMPO },
    { T_OLD_GAP,               T_RIM_WALL_WEST },
    { T_OLD_GAP,               T_TSIMPO },
    { T_PASTY_MESA,            T_RED_CHASM },
    { T_PASTY_MESA,            T_SHIELD_WALL },
    { T_PASTY_MESA,            T_SOUTH_MESA },
    { T_PASTY_MESA,            T_THE_MINOR_ERG },
    { T_PASTY_MESA,            T_TUEKS_SIETCH },
    { T_PLASTIC_BASIN,         T_ROCK_OUTCROPPINGS },
    { T_PLASTIC_BASIN,         T_SIETCH_TABR },
    { T_PLASTIC_BASIN,         T_THE_GREAT_FLAT },
    { T_PLASTIC_BASIN,         T_TSIMPO },
    { T_PLASTIC_BASIN,         T_WIND_PASS },
    { T_POLAR_SINK,            T_WIND_PASS },
    { T_POLAR_SINK,            T_WIND_PASS_NORTH },
    { T_RED_CHASM,             T_SOUTH_MESA },
    { T_ROCK_OUTCROPPINGS,     T_SIETCH_TABR },
    { T_SHIELD_WALL,           T_SIHAYA_RIDGE },
    { T_SHIELD_WALL,           T_THE_MINOR_ERG },
    { T_SOUTH_MESA,            T_TUEKS_SIETCH },
    { T_THE_GREAT_FLAT,        T_THE_GREATER_FLAT },
    { T_THE_GREAT_FLAT,        T_WIND_PASS },
    { T_THE_GREATER_FLAT,      T_WIND_PASS },
    { T_WIND_PASS,             T_WIND_PASS_NORTH },
};

_Static_assert(T_COUNT_ == NX_MAP_TERRITORIES, "NX_MAP_TERRITORIES must match the territory table");
_Static_assert(sizeof territories / sizeof territories[0] == NX_MAP_TERRITORIES,
               "territory table size");
_Static_assert(sizeof sections / sizeof sections[0] == NX_MAP_SECTIONS,
               "NX_MAP_SECTIONS must match the section table");
_Static_assert(sizeof adjacency / sizeof adjacency[0] == ADJACENCY_PAIRS, "adjacency table size");
_Static_assert(NX_MAP_TERRITORIES <= 255, "adjacency pairs are stored as unsigned char");

static const territory_row *terr(int t)
{
    assert(t >= 0 && t < NX_MAP_TERRITORIES);
    return &territories[t];
}

static const section_row *sect(int s)
{
    assert(s >= 0 && s < NX_MAP_SECTIONS);
    return &sections[s];
}

/* ---- territories ---- */

int nx_map_territory_count(void) { return NX_MAP_TERRITORIES; }
const char *nx_map_territory_name(int t) { return terr(t)->name; }
const char *nx_map_territory_id(int t) { return terr(t)->id; }

int nx_map_territory_parse(const char *id_or_name)
{
    if (!id_or_name) return -1;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (!strcmp(territories[t].id, id_or_name) || !strcasecmp(territories[t].name, id_or_name))
            return t;
    return -1;
}

nx_terrain nx_map_terrain(int t) { return terr(t)->terrain; }
int nx_map_is_stronghold(int t) { return terr(t)->terrain == NX_TERRAIN_STRONGHOLD; }
int nx_map_is_rock(int t) { return terr(t)->terrain == NX_TERRAIN_ROCK; }
int nx_map_is_polar_sink(int t) { return terr(t)->terrain == NX_TERRAIN_POLAR_SINK; }
int nx_map_near_shield_wall(int t) { return (terr(t)->flags & F_NEAR_SHIELD_WALL) != 0; }
int nx_map_in_fremen_range(int t) { return (terr(t)->flags & F_FREMEN_RANGE) != 0; }
int nx_map_sheltered_by_shield_wall(int t) { return (terr(t)->flags & F_SHELTERED) != 0; }

int nx_map_storm_protected(int t, int shield_wall_destroyed)
{
    if (nx_map_sheltered_by_shield_wall(t)) return !shield_wall_destroyed;
    return terr(t)->terrain != NX_TERRAIN_SAND;
}

/* ---- sections ---- */

int nx_map_section_count(void) { return NX_MAP_SECTIONS; }
int nx_map_section_territory(int s) { return sect(s)->territory; }
const char *nx_map_section_name(int s) { return sect(s)->name; }
const char *nx_map_section_id(int s) { return sect(s)->id; }
int nx_map_section_sector(int s) { return sect(s)->sector; }
int nx_map_section_is_rock(int s) { return sect(s)->rock; }

int nx_map_section_parse(const char *id)
{
    if (!id) return -1;
    for (int s = 0; s < NX_MAP_SECTIONS; s++)
        if (!strcmp(sections[s].id, id)) return s;
    return -1;
}

int nx_map_sections_of(int t, int *out, int cap)
{
    const territory_row *r = terr(t);
    int n = 0;
    for (int i = 0; i < r->nsections && n < cap; i++) out[n++] = r->first_section + i;
    return n;
}

int nx_map_section_in(int t, int sector)
{
    const territory_row *r = terr(t);
    if (sector < 1 || sector > NX_MAP_SECTORS) return -1;
    for (int i = 0; i < r->nsections; i++)
        if (sections[r->first_section + i].sector == sector) return r->first_section + i;
    return -1;
}

/* ---- storm sectors ---- */

int nx_map_in_sector(int t, int sector)
{
    return nx_map_section_in(t, sector) >= 0;
}

/* ---- adjacency ---- */

int nx_map_adjacent(int t1, int t2)
{
    terr(t1);
    terr(t2);
    for (int i = 0; i < ADJACENCY_PAIRS; i++)
        if ((adjacency[i][0] == t1 && adjacency[i][1] == t2) ||
            (adjacency[i][0] == t2 && adjacency[i][1] == t1))
            return 1;
    return 0;
}

int nx_map_neighbours(int t, int *out, int cap)
{
    terr(t);
    int n = 0;
    /* Ascending id order: test each candidate rather than sort the pairs. */
    for (int u = 0; u < NX_MAP_TERRITORIES && n < cap; u++)
        if (nx_map_adjacent(t, u)) out[n++] = u;
    return n;
}

int nx_map_distance(int from, int to)
{
    terr(from);
    terr(to);
    int dist[NX_MAP_TERRITORIES], queue[NX_MAP_TERRITORIES], head = 0, tail = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) dist[t] = -1;
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int t = queue[head++];
        if (t == to) return dist[t];
        for (int i = 0; i < ADJACENCY_PAIRS; i++) {
            int u = adjacency[i][0] == t ? adjacency[i][1] : adjacency[i][1] == t ? adjacency[i][0] : -1;
            if (u >= 0 && dist[u] < 0) {
                dist[u] = dist[t] + 1;
                queue[tail++] = u;
            }
        }
    }
    return -1;
}
