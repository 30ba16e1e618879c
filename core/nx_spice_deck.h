/*
 * nx_spice_deck: the base Spice Deck as data.
 *
 * Twenty-one cards: fifteen territory cards, each naming where spice blows
 * (territory, section, storm sector) and how much, and six Shai-Hulud.  A
 * card is a small index 0 <= i < NX_SPICE_DECK_COUNT: the territory cards
 * first, in the order of the source CSV, then the worms.  Each index is one
 * physical card.
 *
 * Territory and section names are strings exactly as the source writes them
 * (this module does not depend on the map); the map resolves them.  A
 * territory card whose section string is empty names a territory that has a
 * single section in that sector.
 *
 * Rules around the deck (Spice Blow, Shai-Hulud, turn one, the Advanced
 * game's two discard piles): docs/rules/spice-deck.md.
 */
#ifndef NX_SPICE_DECK_H
#define NX_SPICE_DECK_H

#define NX_SPICE_DECK_COUNT     21
#define NX_SPICE_TERRITORY_CARDS 15
#define NX_SPICE_WORM_CARDS      6

typedef struct nx_spice_card {
    const char *id;         /* "spice:habbanya_ridge_flat", "worm:1" .. "worm:6" */
    int is_worm;            /* a Shai-Hulud card */
    const char *territory;  /* "Habbanya Ridge Flat"; "" for a worm */
    const char *section;    /* "East"; "" when the card names no section, and for a worm */
    int sector;             /* storm sector 1-18; 0 for a worm */
    int spice;              /* amount of spice; 0 for a worm */
} nx_spice_card;

int nx_spice_deck_count(void);                      /* NX_SPICE_DECK_COUNT */
const nx_spice_card *nx_spice_deck_get(int i);      /* asserts 0 <= i < COUNT */
int nx_spice_deck_is_worm(int i);
const char *nx_spice_deck_territory(int i);
const char *nx_spice_deck_section(int i);
int nx_spice_deck_sector(int i);
int nx_spice_deck_amount(int i);
const char *nx_spice_deck_id(int i);
int nx_spice_deck_parse(const char *id);            /* -1 when unknown */
/* Sum of the amounts on all territory cards. */
int nx_spice_deck_total_spice(void);

#endif
