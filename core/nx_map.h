/*
 * nx_map: the Dune board as constant data.
 *
 * Territories (42) and their sections (86) are small integers in table
 * order; the tables are transcribed from the shared game facts
 * (map_sectors.csv, map_adjacency.csv) with the corrections listed in
 * docs/rules/map.md.  Nothing here changes during a game: what the storm,
 * Family Atomics or forces do to the board is game state, and the helpers
 * that need it take it as an argument.
 *
 * A section is the part of a territory that lies in one storm sector.
 * Sectors are numbered 1..18; the Polar Sink lies in no sector (its one
 * section has sector 0) and is never in storm.
 */
#ifndef NX_MAP_H
#define NX_MAP_H

#define NX_MAP_TERRITORIES 42
#define NX_MAP_SECTIONS 86
#define NX_MAP_SECTORS 18
#define NX_MAP_NO_SECTOR 0              /* the Polar Sink's "sector" */
#define NX_MAP_MAX_SECTIONS_PER_TERRITORY 5
#define NX_MAP_MAX_NEIGHBOURS 10        /* Imperial Basin has the most */

/* The rulebook's four kinds of territory.  Strongholds are their own kind,
 * not rock, though they are just as safe from the storm. */
typedef enum {
    NX_TERRAIN_SAND,
    NX_TERRAIN_ROCK,
    NX_TERRAIN_STRONGHOLD,
    NX_TERRAIN_POLAR_SINK
} nx_terrain;

/* ---- territories (0 <= t < NX_MAP_TERRITORIES; other ids assert) ---- */

int nx_map_territory_count(void);               /* NX_MAP_TERRITORIES */
const char *nx_map_territory_name(int t);       /* "Imperial Basin" */
const char *nx_map_territory_id(int t);         /* "imperial_basin" */
/* Look up by id (exact) or display name (case-insensitive); -1 when
 * unknown or NULL. */
int nx_map_territory_parse(const char *id_or_name);

nx_terrain nx_map_terrain(int t);
int nx_map_is_stronghold(int t);
/* A rock territory: False Wall East, South and West, Pasty Mesa, Plastic
 * Basin, Rim Wall West, Shield Wall.  Every section of a territory has the
 * same terrain, so this is also true of each of its sections. */
int nx_map_is_rock(int t);
int nx_map_is_polar_sink(int t);
/* The Shield Wall or a territory adjacent to it (where Family Atomics may
 * be played from). */
int nx_map_near_shield_wall(int t);
/* The Great Flat or a territory within two territories of it (where the
 * Fremen send forces from reserves). */
int nx_map_in_fremen_range(int t);
/* Imperial Basin, Arrakeen and Carthag: safe from the storm only while the
 * Shield Wall stands. */
int nx_map_sheltered_by_shield_wall(int t);
/* Are forces in t safe from the storm?  Non-sand territories are; the
 * Imperial Basin is too until the Shield Wall is destroyed, after which
 * the Imperial Basin, Arrakeen and Carthag are not.  (The Polar Sink is
 * safe because it is never in storm at all.) */
int nx_map_storm_protected(int t, int shield_wall_destroyed);

/* ---- sections (0 <= s < NX_MAP_SECTIONS) ---- */

int nx_map_section_count(void);                 /* NX_MAP_SECTIONS */
int nx_map_section_territory(int s);
/* "Far North", or "" for a territory with a single section. */
const char *nx_map_section_name(int s);
/* "false_wall_east.far_north"; a single-section territory's one section
 * has the territory's id ("arrakeen"). */
const char *nx_map_section_id(int s);
/* By section id (exact); -1 when unknown or NULL. */
int nx_map_section_parse(const char *id);
int nx_map_section_sector(int s);               /* 1..18, 0 for the Polar Sink */
int nx_map_section_is_rock(int s);
/* The sections of t in table order into out[]; returns how many (at most
 * cap).  NX_MAP_MAX_SECTIONS_PER_TERRITORY is always enough. */
int nx_map_sections_of(int t, int *out, int cap);
/* The section of t lying in `sector`, or -1 if t has none there. */
int nx_map_section_in(int t, int sector);

/* ---- storm sectors ---- */

/* Does any part of t lie in `sector` (1..18)?  Never for the Polar Sink.
 * With the storm's sector, this says whether t is (at least partly) in
 * storm. */
int nx_map_in_sector(int t, int sector);

/* ---- adjacency (territory level, symmetric, irreflexive) ---- */

int nx_map_adjacent(int t1, int t2);
/* The neighbours of t in ascending id order into out[]; returns how many
 * (at most cap).  NX_MAP_MAX_NEIGHBOURS is always enough. */
int nx_map_neighbours(int t, int *out, int cap);
/* Fewest territory steps from one territory to another over adjacency
 * (0 to itself), ignoring storm and occupancy; -1 if unreachable. */
int nx_map_distance(int from, int to);

#endif
