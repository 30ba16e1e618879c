/* The board as data: core/nx_map against the shared game facts and the rulebook. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_map.h"
#include "nx_text.h"
#include "nx_testutil.h"

/* Counts of the shared game facts: map_sectors.csv has 86 section rows over
 * 42 territories, map_adjacency.csv 103 unordered pairs. */
#define CSV_TERRITORIES 42
#define CSV_SECTIONS 86
#define CSV_PAIRS 103

static int T(const char *id)
{
    int t = nx_map_territory_parse(id);
    ck_assert_msg(t >= 0, "unknown territory %s", id);
    return t;
}

static int S(const char *id)
{
    int s = nx_map_section_parse(id);
    ck_assert_msg(s >= 0, "unknown section %s", id);
    return s;
}

START_TEST(counts_match_the_data)
{
    ck_assert_int_eq(nx_map_territory_count(), CSV_TERRITORIES);
    ck_assert_int_eq(NX_MAP_TERRITORIES, CSV_TERRITORIES);
    ck_assert_int_eq(nx_map_section_count(), CSV_SECTIONS);
    ck_assert_int_eq(NX_MAP_SECTIONS, CSV_SECTIONS);

    /* Every section belongs to exactly one territory, and sections_of agrees. */
    int seen[NX_MAP_SECTIONS] = { 0 }, total = 0, widest = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY + 1];
        int n = nx_map_sections_of(t, out, NX_MAP_MAX_SECTIONS_PER_TERRITORY + 1);
        ck_assert_int_ge(n, 1);
        ck_assert_int_le(n, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
        if (n > widest) widest = n;
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(nx_map_section_territory(out[i]), t);
            ck_assert_int_eq(seen[out[i]]++, 0);
        }
        total += n;
        /* A short buffer gets a prefix. */
        int one;
        ck_assert_int_eq(nx_map_sections_of(t, &one, 1), 1);
        ck_assert_int_eq(one, out[0]);
    }
    ck_assert_int_eq(total, NX_MAP_SECTIONS);
    ck_assert_int_eq(widest, NX_MAP_MAX_SECTIONS_PER_TERRITORY);

    int pairs = 0;
    for (int a = 0; a < NX_MAP_TERRITORIES; a++)
        for (int b = a + 1; b < NX_MAP_TERRITORIES; b++) pairs += nx_map_adjacent(a, b);
    ck_assert_int_eq(pairs, CSV_PAIRS);
}
END_TEST

START_TEST(five_strongholds)
{
    static const char *const names[] = { "Arrakeen", "Carthag", "Sietch Tabr", "Habbanya Sietch",
                                         "Tuek's Sietch" };
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_map_is_stronghold(t)) continue;
        n++;
        int known = 0;
        for (int i = 0; i < 5; i++) known |= !strcmp(nx_map_territory_name(t), names[i]);
        ck_assert_msg(known, "unexpected stronghold %s", nx_map_territory_name(t));
        ck_assert_int_eq(nx_map_terrain(t), NX_TERRAIN_STRONGHOLD);
        ck_assert(!nx_map_is_rock(t));
        ck_assert(nx_map_storm_protected(t, 0));
    }
    ck_assert_int_eq(n, 5);
    ck_assert_int_eq(nx_map_territory_parse("tueks_sietch"), nx_map_territory_parse("Tuek's Sietch"));
    /* Their storm sectors. */
    ck_assert_int_eq(nx_map_section_sector(S("arrakeen")), 9);
    ck_assert_int_eq(nx_map_section_sector(S("carthag")), 10);
    ck_assert_int_eq(nx_map_section_sector(S("sietch_tabr")), 13);
    ck_assert_int_eq(nx_map_section_sector(S("habbanya_sietch")), 16);
    ck_assert_int_eq(nx_map_section_sector(S("tueks_sietch")), 4);
}
END_TEST

START_TEST(rock_and_storm_protection)
{
    static const char *const rock[] = { "false_wall_east", "false_wall_south", "false_wall_west",
                                        "pasty_mesa", "plastic_basin", "rim_wall_west",
                                        "shield_wall" };
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        int expect = 0;
        for (int i = 0; i < 7; i++) expect |= !strcmp(nx_map_territory_id(t), rock[i]);
        ck_assert_int_eq(nx_map_is_rock(t), expect);
        ck_assert_int_eq(nx_map_is_rock(t), nx_map_terrain(t) == NX_TERRAIN_ROCK);
        n += expect;
        int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
        int k = nx_map_sections_of(t, out, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
        for (int i = 0; i < k; i++) ck_assert_int_eq(nx_map_section_is_rock(out[i]), expect);
        /* Sand is exposed unless the Shield Wall shelters it; the rest is safe. */
        int sheltered = nx_map_sheltered_by_shield_wall(t);
        ck_assert_int_eq(nx_map_storm_protected(t, 0), nx_map_terrain(t) != NX_TERRAIN_SAND || sheltered);
        ck_assert_int_eq(nx_map_storm_protected(t, 1), nx_map_terrain(t) != NX_TERRAIN_SAND && !sheltered);
    }
    ck_assert_int_eq(n, 7);

    /* The Imperial Basin is sand, safe only while the Shield Wall stands;
     * Family Atomics also exposes Arrakeen and Carthag. */
    int ib = T("imperial_basin");
    ck_assert_int_eq(nx_map_terrain(ib), NX_TERRAIN_SAND);
    ck_assert(!nx_map_is_rock(ib));
    ck_assert(nx_map_storm_protected(ib, 0));
    ck_assert(!nx_map_storm_protected(ib, 1));
    ck_assert(!nx_map_storm_protected(T("arrakeen"), 1));
    ck_assert(!nx_map_storm_protected(T("carthag"), 1));
    ck_assert(nx_map_storm_protected(T("sietch_tabr"), 1));
    ck_assert(nx_map_storm_protected(T("shield_wall"), 1));
    ck_assert(nx_map_storm_protected(T("polar_sink"), 1));
    ck_assert(!nx_map_storm_protected(T("the_great_flat"), 0));
    int sheltered = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) sheltered += nx_map_sheltered_by_shield_wall(t);
    ck_assert_int_eq(sheltered, 3);
}
END_TEST

START_TEST(polar_sink)
{
    int ps = T("polar_sink");
    ck_assert_int_eq(T("Polar Sink"), ps);
    ck_assert(nx_map_is_polar_sink(ps));
    ck_assert_int_eq(nx_map_terrain(ps), NX_TERRAIN_POLAR_SINK);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) ck_assert_int_eq(nx_map_is_polar_sink(t), t == ps);

    int sec[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    ck_assert_int_eq(nx_map_sections_of(ps, sec, NX_MAP_MAX_SECTIONS_PER_TERRITORY), 1);
    ck_assert_int_eq(nx_map_section_sector(sec[0]), NX_MAP_NO_SECTOR);
    ck_assert_str_eq(nx_map_section_id(sec[0]), "polar_sink");
    for (int k = 0; k <= NX_MAP_SECTORS + 1; k++) {
        ck_assert(!nx_map_in_sector(ps, k));
        ck_assert_int_eq(nx_map_section_in(ps, k), -1);
    }

    /* The inner ring: eight territories touch the Sink, and together they
     * reach into every one of the 18 sectors. */
    static const char *const ring[] = { "arsunt", "cielago_north", "false_wall_east", "hagga_basin",
                                        "harg_pass", "imperial_basin", "wind_pass", "wind_pass_north" };
    int nb[NX_MAP_MAX_NEIGHBOURS];
    int n = nx_map_neighbours(ps, nb, NX_MAP_MAX_NEIGHBOURS);
    ck_assert_int_eq(n, 8);
    for (int i = 0; i < n; i++) ck_assert_str_eq(nx_map_territory_id(nb[i]), ring[i]);
    for (int k = 1; k <= NX_MAP_SECTORS; k++) {
        int covered = 0;
        for (int i = 0; i < n; i++) covered |= nx_map_in_sector(nb[i], k);
        ck_assert_msg(covered, "sector %d not reached from the Polar Sink", k);
    }
}
END_TEST

START_TEST(adjacency_symmetric_irreflexive)
{
    int busiest = 0;
    for (int a = 0; a < NX_MAP_TERRITORIES; a++) {
        ck_assert(!nx_map_adjacent(a, a));
        int nb[NX_MAP_MAX_NEIGHBOURS];
        int n = nx_map_neighbours(a, nb, NX_MAP_MAX_NEIGHBOURS);
        ck_assert_int_ge(n, 1);
        if (n > busiest) busiest = n;
        int count = 0;
        for (int b = 0; b < NX_MAP_TERRITORIES; b++) {
            ck_assert_int_eq(nx_map_adjacent(a, b), nx_map_adjacent(b, a));
            count += nx_map_adjacent(a, b);
        }
        ck_assert_int_eq(n, count);
        for (int i = 0; i < n; i++) {
            ck_assert(nx_map_adjacent(a, nb[i]));
            if (i) ck_assert_int_lt(nb[i - 1], nb[i]);
        }
    }
    ck_assert_int_eq(busiest, NX_MAP_MAX_NEIGHBOURS);
    int nb[2];
    ck_assert_int_eq(nx_map_neighbours(T("imperial_basin"), nb, 2), 2);
}
END_TEST

START_TEST(connected_and_metric)
{
    for (int a = 0; a < NX_MAP_TERRITORIES; a++) {
        ck_assert_int_eq(nx_map_distance(a, a), 0);
        for (int b = 0; b < NX_MAP_TERRITORIES; b++) {
            int d = nx_map_distance(a, b);
            ck_assert_msg(d >= 0, "%s cannot reach %s", nx_map_territory_id(a), nx_map_territory_id(b));
            ck_assert_int_eq(d, nx_map_distance(b, a));
            ck_assert_int_eq(d == 1, nx_map_adjacent(a, b));
            /* One step further along any edge changes the distance by at most one. */
            int nb[NX_MAP_MAX_NEIGHBOURS];
            int n = nx_map_neighbours(b, nb, NX_MAP_MAX_NEIGHBOURS);
            for (int i = 0; i < n; i++) ck_assert_int_le(abs(nx_map_distance(a, nb[i]) - d), 1);
        }
    }
}
END_TEST

START_TEST(sectors)
{
    int per_sector[NX_MAP_SECTORS + 1] = { 0 };
    for (int s = 0; s < NX_MAP_SECTIONS; s++) {
        int t = nx_map_section_territory(s), k = nx_map_section_sector(s);
        if (nx_map_is_polar_sink(t)) {
            ck_assert_int_eq(k, NX_MAP_NO_SECTOR);
            continue;
        }
        ck_assert_int_ge(k, 1);
        ck_assert_int_le(k, NX_MAP_SECTORS);
        per_sector[k]++;
        ck_assert(nx_map_in_sector(t, k));
        ck_assert_int_eq(nx_map_section_in(t, k), s);   /* one section per sector */
    }
    for (int k = 1; k <= NX_MAP_SECTORS; k++) ck_assert_msg(per_sector[k] > 0, "sector %d empty", k);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        ck_assert(!nx_map_in_sector(t, 0));
        ck_assert(!nx_map_in_sector(t, NX_MAP_SECTORS + 1));
    }

    /* Spot checks: a wrap-around territory and a five-sector wall. */
    int cn = T("cielago_north");
    ck_assert(nx_map_in_sector(cn, 18) && nx_map_in_sector(cn, 1) && nx_map_in_sector(cn, 2));
    ck_assert(!nx_map_in_sector(cn, 3));
    ck_assert_int_eq(nx_map_section_in(cn, 18), S("cielago_north.west"));
    int fwe = T("false_wall_east");
    for (int k = 1; k <= NX_MAP_SECTORS; k++) ck_assert_int_eq(nx_map_in_sector(fwe, k), k >= 4 && k <= 8);
    ck_assert_int_eq(nx_map_section_sector(S("false_wall_east.far_north")), 8);
    ck_assert_str_eq(nx_map_section_name(S("false_wall_east.far_north")), "Far North");
}
END_TEST

START_TEST(parse_round_trips)
{
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        ck_assert_int_eq(nx_map_territory_parse(nx_map_territory_id(t)), t);
        ck_assert_int_eq(nx_map_territory_parse(nx_map_territory_name(t)), t);
    }
    for (int s = 0; s < NX_MAP_SECTIONS; s++) {
        const char *id = nx_map_section_id(s), *tid = nx_map_territory_id(nx_map_section_territory(s));
        ck_assert_int_eq(nx_map_section_parse(id), s);
        int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
        int n = nx_map_sections_of(nx_map_section_territory(s), out, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
        if (n == 1) {
            ck_assert_str_eq(id, tid);
            ck_assert_str_eq(nx_map_section_name(s), "");
        } else {
            size_t len = strlen(tid);
            ck_assert_int_eq(strncmp(id, tid, len), 0);
            ck_assert_int_eq(id[len], '.');
            ck_assert_int_gt(strlen(nx_map_section_name(s)), 0);
        }
    }
    ck_assert_int_eq(nx_map_territory_parse("Bight of the Cliff"), T("bight_of_the_cliff"));
    ck_assert_int_eq(nx_map_territory_parse("Imperial_Basin"), -1);
    ck_assert_int_eq(nx_map_territory_parse("Giedi Prime"), -1);
    ck_assert_int_eq(nx_map_territory_parse(""), -1);
    ck_assert_int_eq(nx_map_territory_parse(NULL), -1);
    ck_assert_int_eq(nx_map_section_parse("arrakeen.east"), -1);
    ck_assert_int_eq(nx_map_section_parse("arsunt"), -1);
    ck_assert_int_eq(nx_map_section_parse(NULL), -1);
    ck_assert_int_eq(nx_map_section_territory(S("arsunt.east")), T("arsunt"));
}
END_TEST

START_TEST(known_adjacencies_and_distances)
{
    ck_assert(nx_map_adjacent(T("arrakeen"), T("imperial_basin")));
    ck_assert(nx_map_adjacent(T("carthag"), T("imperial_basin")));
    ck_assert(nx_map_adjacent(T("sietch_tabr"), T("plastic_basin")));
    ck_assert(nx_map_adjacent(T("habbanya_sietch"), T("habbanya_ridge_flat")));
    ck_assert(nx_map_adjacent(T("tueks_sietch"), T("south_mesa")));
    ck_assert(nx_map_adjacent(T("old_gap"), T("broken_land")));
    ck_assert(!nx_map_adjacent(T("arrakeen"), T("carthag")));
    ck_assert(!nx_map_adjacent(T("arrakeen"), T("polar_sink")));
    ck_assert(!nx_map_adjacent(T("habbanya_sietch"), T("habbanya_erg")));

    ck_assert_int_eq(nx_map_distance(T("arrakeen"), T("carthag")), 2);
    ck_assert_int_eq(nx_map_distance(T("arrakeen"), T("polar_sink")), 2);
    ck_assert_int_eq(nx_map_distance(T("arrakeen"), T("sietch_tabr")), 4);
    ck_assert_int_eq(nx_map_distance(T("tueks_sietch"), T("arrakeen")), 4);
    ck_assert_int_eq(nx_map_distance(T("arrakeen"), T("habbanya_sietch")), 6);
    ck_assert_int_eq(nx_map_distance(T("the_great_flat"), T("sietch_tabr")), 2);
    ck_assert_int_eq(nx_map_distance(T("cielago_south"), T("carthag")), 5);

    int diameter = 0;
    for (int a = 0; a < NX_MAP_TERRITORIES; a++)
        for (int b = 0; b < NX_MAP_TERRITORIES; b++)
            if (nx_map_distance(a, b) > diameter) diameter = nx_map_distance(a, b);
    ck_assert_int_eq(diameter, 7);
}
END_TEST

/* The two transcribed flags say what the rules derive from adjacency. */
START_TEST(derived_flags_agree_with_adjacency)
{
    int wall = T("shield_wall"), flat = T("the_great_flat");
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        ck_assert_int_eq(nx_map_near_shield_wall(t), t == wall || nx_map_adjacent(t, wall));
        ck_assert_int_eq(nx_map_in_fremen_range(t), nx_map_distance(t, flat) <= 2);
    }
    ck_assert(nx_map_in_fremen_range(T("polar_sink")));
    ck_assert(nx_map_in_fremen_range(T("sietch_tabr")));
    ck_assert(!nx_map_in_fremen_range(T("habbanya_sietch")));
}
END_TEST

/* When the shared game facts are at hand, every row must agree with the
 * tables, apart from the corrections recorded in docs/rules/map.md. */


static void section_id_of(const char *territory, const char *section, char *out, size_t cap)
{
    int t = T(territory);
    size_t n = (size_t)nx_fmt(out, cap, "%s", nx_map_territory_id(t));
    if (!*section) return;
    n += (size_t)nx_fmt(out + n, cap - n, ".");
    for (const char *p = section; *p && n + 1 < cap; p++)
        out[n++] = *p == ' ' ? '_' : (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    out[n] = '\0';
}

START_TEST(tables_match_the_csv_files)
{
    FILE *f = nx_shared_data("map_sectors.csv");
    if (!f) return;   /* not in this checkout: the counts above still hold */
    char line[512], *fl[8];
    int rows = 0;
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f)) {
        if (nx_csv_split(line, fl, 8) != 7) continue;
        char id[128];
        section_id_of(fl[0], fl[1], id, sizeof id);
        int s = S(id), t = nx_map_section_territory(s);
        rows++;
        ck_assert_str_eq(nx_map_territory_name(t), fl[0]);
        ck_assert_str_eq(nx_map_section_name(s), fl[1]);
        int sector = *fl[2] ? atoi(fl[2]) : NX_MAP_NO_SECTOR;
        ck_assert_int_eq(nx_map_section_sector(s), sector);
        int rock = !strcmp(fl[3], "yes"), stronghold = !strcmp(fl[4], "yes");
        ck_assert_int_eq(nx_map_is_stronghold(t), stronghold);
        /* Correction: the data's "rock" means safe from the storm. */
        ck_assert_int_eq(nx_map_storm_protected(t, 0) && !nx_map_is_polar_sink(t), rock);
        ck_assert_int_eq(nx_map_section_is_rock(s), rock && !stronghold && !nx_map_sheltered_by_shield_wall(t));
        ck_assert_int_eq(nx_map_near_shield_wall(t), !strcmp(fl[5], "yes"));
        ck_assert_int_eq(nx_map_in_fremen_range(t), !strcmp(fl[6], "yes"));
    }
    fclose(f);
    ck_assert_int_eq(rows, CSV_SECTIONS);

    f = nx_shared_data("map_adjacency.csv");
    ck_assert_ptr_nonnull(f);
    rows = 0;
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f)) {
        if (nx_csv_split(line, fl, 3) != 2) continue;
        ck_assert_msg(nx_map_adjacent(T(fl[0]), T(fl[1])), "%s / %s", fl[0], fl[1]);
        rows++;
    }
    fclose(f);
    ck_assert_int_eq(rows, CSV_PAIRS);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("map");
    TCase *tc = tcase_create("board");
    tcase_add_test(tc, counts_match_the_data);
    tcase_add_test(tc, five_strongholds);
    tcase_add_test(tc, rock_and_storm_protection);
    tcase_add_test(tc, polar_sink);
    tcase_add_test(tc, adjacency_symmetric_irreflexive);
    tcase_add_test(tc, connected_and_metric);
    tcase_add_test(tc, sectors);
    tcase_add_test(tc, parse_round_trips);
    tcase_add_test(tc, known_adjacencies_and_distances);
    tcase_add_test(tc, derived_flags_agree_with_adjacency);
    tcase_add_test(tc, tables_match_the_csv_files);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
