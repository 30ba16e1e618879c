#include "nx_svg.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "nx_map.h"

/*
 * Where each of the 86 sections sits in the schematic board: a cell of the
 * ring of 18 storm sectors, between two radial bands (0 next to the Polar
 * Sink, 6 at the rim) and, where a sector holds more territories than
 * bands, in a share of the sector's width (0 its clockwise edge, 1 its
 * counterclockwise edge).  The sector itself comes from nx_map, so a cell
 * is always in the storm sector the rules put it in; only the radial order
 * is drawn from the printed board, to the nearest band.
 *
 *   section id                       band from, to   share from, to */
static const struct {
    const char *id;
    float r0, r1, a0, a1;
} cells[] = {
    /* sector 1 */
    { "cielago_north.center",          0.0f, 2.0f, 0.0f, 1.0f },
    { "cielago_depression.center",     2.0f, 4.0f, 0.0f, 1.0f },
    { "meridian.east",                 4.0f, 6.0f, 0.0f, 0.5f },
    { "cielago_south.west",            4.0f, 6.0f, 0.5f, 1.0f },
    /* sector 2 */
    { "cielago_north.east",            0.0f, 2.0f, 0.0f, 1.0f },
    { "cielago_depression.east",       2.0f, 4.0f, 0.0f, 1.0f },
    { "cielago_south.east",            4.0f, 6.0f, 0.0f, 0.5f },
    { "cielago_east.west",             4.0f, 6.0f, 0.5f, 1.0f },
    /* sector 3 */
    { "harg_pass.west",                0.0f, 2.0f, 0.0f, 1.0f },
    { "false_wall_south.west",         2.0f, 4.0f, 0.0f, 1.0f },
    { "cielago_east.east",             4.0f, 6.0f, 0.0f, 0.5f },
    { "south_mesa.south",              4.0f, 6.0f, 0.5f, 1.0f },
    /* sector 4 */
    { "harg_pass.east",                0.0f, 1.0f, 0.0f, 0.5f },
    { "false_wall_east.far_south",     0.0f, 1.0f, 0.5f, 1.0f },
    { "the_minor_erg.far_south",       1.0f, 2.0f, 0.0f, 1.0f },
    { "pasty_mesa.far_south",          2.0f, 3.0f, 0.0f, 1.0f },
    { "false_wall_south.east",         3.0f, 4.0f, 0.0f, 1.0f },
    { "tueks_sietch",                  4.0f, 5.0f, 0.0f, 1.0f },
    { "south_mesa.middle",             5.0f, 6.0f, 0.0f, 1.0f },
    /* sector 5 */
    { "false_wall_east.south",         0.0f, 1.0f, 0.0f, 1.0f },
    { "the_minor_erg.south",           1.0f, 2.0f, 0.0f, 1.0f },
    { "pasty_mesa.south",              2.0f, 4.0f, 0.0f, 1.0f },
    { "south_mesa.north",              4.0f, 6.0f, 0.0f, 1.0f },
    /* sector 6 */
    { "false_wall_east.middle",        0.0f, 1.0f, 0.0f, 1.0f },
    { "the_minor_erg.north",           1.0f, 2.0f, 0.0f, 1.0f },
    { "pasty_mesa.north",              2.0f, 4.0f, 0.0f, 1.0f },
    { "red_chasm",                     4.0f, 6.0f, 0.0f, 1.0f },
    /* sector 7 */
    { "false_wall_east.north",         0.0f, 1.0f, 0.0f, 1.0f },
    { "the_minor_erg.far_north",       1.0f, 2.0f, 0.0f, 1.0f },
    { "shield_wall.south",             2.0f, 3.0f, 0.0f, 1.0f },
    { "pasty_mesa.far_north",          3.0f, 4.0f, 0.0f, 1.0f },
    { "gara_kulon",                    4.0f, 6.0f, 0.0f, 1.0f },
    /* sector 8: eight territories, so two to a band */
    { "false_wall_east.far_north",     0.0f, 1.0f, 0.0f, 0.5f },
    { "imperial_basin.east",           0.0f, 2.0f, 0.5f, 1.0f },
    { "shield_wall.north",             1.0f, 3.0f, 0.0f, 0.5f },
    { "hole_in_the_rock",              2.0f, 3.5f, 0.5f, 1.0f },
    { "sihaya_ridge",                  3.0f, 4.5f, 0.0f, 0.5f },
    { "rim_wall_west",                 3.5f, 4.5f, 0.5f, 1.0f },
    { "basin",                         4.5f, 6.0f, 0.0f, 0.5f },
    { "old_gap.east",                  4.5f, 6.0f, 0.5f, 1.0f },
    /* sector 9 */
    { "imperial_basin.center",         0.0f, 2.5f, 0.0f, 1.0f },
    { "arrakeen",                      2.5f, 4.5f, 0.0f, 1.0f },
    { "old_gap.middle",                4.5f, 6.0f, 0.0f, 1.0f },
    /* sector 10 */
    { "arsunt.east",                   0.0f, 1.0f, 0.0f, 1.0f },
    { "imperial_basin.west",           1.0f, 2.5f, 0.0f, 1.0f },
    { "carthag",                       2.5f, 4.0f, 0.0f, 1.0f },
    { "tsimpo.east",                   4.0f, 4.75f, 0.0f, 1.0f },
    { "old_gap.west",                  4.75f, 6.0f, 0.0f, 0.5f },
    { "broken_land.east",              4.75f, 6.0f, 0.5f, 1.0f },
    /* sector 11 */
    { "arsunt.west",                   0.0f, 1.0f, 0.0f, 1.0f },
    { "hagga_basin.east",              1.0f, 2.5f, 0.0f, 1.0f },
    { "tsimpo.middle",                 2.5f, 4.0f, 0.0f, 1.0f },
    { "plastic_basin.north",           4.0f, 4.75f, 0.0f, 1.0f },
    { "broken_land.west",              4.75f, 6.0f, 0.0f, 1.0f },
    /* sector 12 */
    { "hagga_basin.west",              0.0f, 2.5f, 0.0f, 1.0f },
    { "tsimpo.west",                   2.5f, 4.0f, 0.0f, 1.0f },
    { "plastic_basin.middle",          4.0f, 4.75f, 0.0f, 1.0f },
    { "rock_outcroppings.north",       4.75f, 6.0f, 0.0f, 1.0f },
    /* sector 13 */
    { "wind_pass.far_north",           0.0f, 1.5f, 0.0f, 1.0f },
    { "plastic_basin.south",           1.5f, 3.0f, 0.0f, 1.0f },
    { "sietch_tabr",                   3.0f, 4.5f, 0.0f, 1.0f },
    { "rock_outcroppings.south",       4.5f, 6.0f, 0.0f, 0.5f },
    { "bight_of_the_cliff.north",      4.5f, 6.0f, 0.5f, 1.0f },
    /* sector 14 */
    { "wind_pass.north",               0.0f, 1.5f, 0.0f, 1.0f },
    { "the_great_flat",                1.5f, 3.0f, 0.0f, 1.0f },
    { "funeral_plain",                 3.0f, 4.5f, 0.0f, 1.0f },
    { "bight_of_the_cliff.south",      4.5f, 6.0f, 0.0f, 1.0f },
    /* sector 15 */
    { "wind_pass.south",               0.0f, 1.5f, 0.0f, 1.0f },
    { "the_greater_flat",              1.5f, 3.0f, 0.0f, 1.0f },
    { "false_wall_west.north",         3.0f, 4.5f, 0.0f, 1.0f },
    { "habbanya_erg.west",             4.5f, 6.0f, 0.0f, 1.0f },
    /* sector 16 */
    { "wind_pass_north.north",         0.0f, 1.0f, 0.0f, 1.0f },
    { "wind_pass.far_south",           1.0f, 2.0f, 0.0f, 1.0f },
    { "false_wall_west.middle",        2.0f, 3.0f, 0.0f, 1.0f },
    { "habbanya_erg.east",             3.0f, 4.0f, 0.0f, 1.0f },
    { "habbanya_sietch",               4.0f, 5.0f, 0.0f, 1.0f },
    { "habbanya_ridge_flat.west",      5.0f, 6.0f, 0.0f, 1.0f },
    /* sector 17 */
    { "wind_pass_north.south",         0.0f, 1.5f, 0.0f, 1.0f },
    { "cielago_west.north",            1.5f, 3.0f, 0.0f, 1.0f },
    { "false_wall_west.south",         3.0f, 4.5f, 0.0f, 1.0f },
    { "habbanya_ridge_flat.east",      4.5f, 6.0f, 0.0f, 1.0f },
    /* sector 18 */
    { "cielago_west.south",            0.0f, 4.0f, 0.0f, 0.5f },
    { "cielago_north.west",            0.0f, 2.0f, 0.5f, 1.0f },
    { "cielago_depression.west",       2.0f, 4.0f, 0.5f, 1.0f },
    { "meridian.west",                 4.0f, 6.0f, 0.0f, 1.0f },
    /* the Polar Sink: the centre, in no sector */
    { "polar_sink",                   -1.0f, 0.0f, 0.0f, 1.0f },
};

_Static_assert(sizeof cells / sizeof cells[0] == NX_MAP_SECTIONS, "one cell per section");

int nx_svg_cell(int section, nx_svg_cellpos *out)
{
    assert(section >= 0 && section < NX_MAP_SECTIONS);
    const char *id = nx_map_section_id(section);
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        if (strcmp(cells[i].id, id)) continue;
        out->sector = nx_map_section_sector(section);
        out->r0 = cells[i].r0;
        out->r1 = cells[i].r1;
        out->a0 = cells[i].a0;
        out->a1 = cells[i].a1;
        return 0;
    }
    return -1;
}
