#include "nx_spice_deck.h"

#include <assert.h>
#include <string.h>

/* Source: the project's shared game facts, spice_deck.csv (card, territory,
 * section, sector, spice), transcribed in row order; the six Shai-Hulud rows
 * become worm:1 .. worm:6.  Empty CSV fields stay empty strings. */
static const nx_spice_card deck[NX_SPICE_DECK_COUNT] = {
    { "spice:habbanya_ridge_flat", 0, "Habbanya Ridge Flat", "East",      17, 10 },
    { "spice:cielago_south",       0, "Cielago South",       "West",       1, 12 },
    { "spice:broken_land",         0, "Broken Land",         "West",      11,  8 },
    { "spice:south_mesa",          0, "South Mesa",          "Middle",     4, 10 },
    { "spice:sihaya_ridge",        0, "Sihaya Ridge",        "",           8,  6 },
    { "spice:hagga_basin",         0, "Hagga Basin",         "West",      12,  6 },
    { "spice:red_chasm",           0, "Red Chasm",           "",           6,  8 },
    { "spice:the_minor_erg",       0, "The Minor Erg",       "Far North",  7,  8 },
    { "spice:cielago_north",       0, "Cielago North",       "East",       2,  8 },
    { "spice:funeral_plain",       0, "Funeral Plain",       "",          14,  6 },
    { "spice:the_great_flat",      0, "The Great Flat",      "",          14, 10 },
    { "spice:habbanya_erg",        0, "Habbanya Erg",        "West",      15,  8 },
    { "spice:old_gap",             0, "Old Gap",             "Middle",     9,  6 },
    { "spice:rock_outcroppings",   0, "Rock Outcroppings",   "South",     13,  6 },
    { "spice:wind_pass_north",     0, "Wind Pass North",     "North",     16,  6 },
    { "worm:1",                    1, "",                    "",           0,  0 },
    { "worm:2",                    1, "",                    "",           0,  0 },
    { "worm:3",                    1, "",                    "",           0,  0 },
    { "worm:4",                    1, "",                    "",           0,  0 },
    { "worm:5",                    1, "",                    "",           0,  0 },
    { "worm:6",                    1, "",                    "",           0,  0 },
};

int nx_spice_deck_count(void) { return NX_SPICE_DECK_COUNT; }

const nx_spice_card *nx_spice_deck_get(int i)
{
    assert(i >= 0 && i < NX_SPICE_DECK_COUNT);
    return &deck[i];
}

int nx_spice_deck_is_worm(int i) { return nx_spice_deck_get(i)->is_worm; }
const char *nx_spice_deck_territory(int i) { return nx_spice_deck_get(i)->territory; }
const char *nx_spice_deck_section(int i) { return nx_spice_deck_get(i)->section; }
int nx_spice_deck_sector(int i) { return nx_spice_deck_get(i)->sector; }
int nx_spice_deck_amount(int i) { return nx_spice_deck_get(i)->spice; }
const char *nx_spice_deck_id(int i) { return nx_spice_deck_get(i)->id; }

int nx_spice_deck_parse(const char *id)
{
    if (!id) return -1;
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++)
        if (!strcmp(deck[i].id, id)) return i;
    return -1;
}

int nx_spice_deck_total_spice(void)
{
    int n = 0;
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) n += deck[i].spice;
    return n;
}
