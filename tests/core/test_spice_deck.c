/* The base Spice Deck as data (core/nx_spice_deck). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_spice_deck.h"
#include "nx_text.h"
#include "nx_testutil.h"

START_TEST(counts_and_totals)
{
    ck_assert_int_eq(nx_spice_deck_count(), 21);
    int worms = 0, territories = 0, spice = 0;
    for (int i = 0; i < nx_spice_deck_count(); i++) {
        if (nx_spice_deck_is_worm(i)) {
            worms++;
            ck_assert_int_eq(nx_spice_deck_amount(i), 0);
            ck_assert_int_eq(nx_spice_deck_sector(i), 0);
            ck_assert_str_eq(nx_spice_deck_territory(i), "");
            ck_assert_str_eq(nx_spice_deck_section(i), "");
        } else {
            territories++;
            ck_assert_int_gt(nx_spice_deck_amount(i), 0);
            ck_assert_int_ge(nx_spice_deck_sector(i), 1);
            ck_assert_int_le(nx_spice_deck_sector(i), 18);
            ck_assert_str_ne(nx_spice_deck_territory(i), "");
            ck_assert_ptr_nonnull(nx_spice_deck_section(i));
            spice += nx_spice_deck_amount(i);
        }
    }
    ck_assert_int_eq(territories, NX_SPICE_TERRITORY_CARDS);
    ck_assert_int_eq(worms, NX_SPICE_WORM_CARDS);
    ck_assert_int_eq(territories + worms, NX_SPICE_DECK_COUNT);
    ck_assert_int_eq(spice, 118);
    ck_assert_int_eq(nx_spice_deck_total_spice(), 118);
    /* Territory cards come first, the worms last. */
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) ck_assert_int_eq(nx_spice_deck_is_worm(i), i >= NX_SPICE_TERRITORY_CARDS);
}
END_TEST

START_TEST(cards_as_printed)
{
    static const struct { const char *id, *territory, *section; int sector, spice; } some[] = {
        { "spice:habbanya_ridge_flat", "Habbanya Ridge Flat", "East",      17, 10 },
        { "spice:cielago_south",       "Cielago South",       "West",       1, 12 },
        { "spice:sihaya_ridge",        "Sihaya Ridge",        "",           8,  6 },
        { "spice:the_minor_erg",       "The Minor Erg",       "Far North",  7,  8 },
        { "spice:the_great_flat",      "The Great Flat",      "",          14, 10 },
        { "spice:funeral_plain",       "Funeral Plain",       "",          14,  6 },
        { "spice:wind_pass_north",     "Wind Pass North",     "North",     16,  6 },
    };
    for (size_t k = 0; k < sizeof some / sizeof some[0]; k++) {
        int i = nx_spice_deck_parse(some[k].id);
        ck_assert_int_ge(i, 0);
        const nx_spice_card *c = nx_spice_deck_get(i);
        ck_assert(!c->is_worm);
        ck_assert_str_eq(c->territory, some[k].territory);
        ck_assert_str_eq(c->section, some[k].section);
        ck_assert_int_eq(c->sector, some[k].sector);
        ck_assert_int_eq(c->spice, some[k].spice);
    }
    /* The largest blow is Cielago South's twelve. */
    int best = 0;
    for (int i = 1; i < NX_SPICE_DECK_COUNT; i++)
        if (nx_spice_deck_amount(i) > nx_spice_deck_amount(best)) best = i;
    ck_assert_str_eq(nx_spice_deck_id(best), "spice:cielago_south");
}
END_TEST

START_TEST(ids_round_trip)
{
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) {
        const char *id = nx_spice_deck_id(i);
        ck_assert_int_eq(nx_spice_deck_parse(id), i);
        for (int j = 0; j < i; j++) ck_assert_str_ne(nx_spice_deck_id(j), id);
        if (nx_spice_deck_is_worm(i)) {
            char want[16];
            nx_fmt(want, sizeof want, "worm:%d", i - NX_SPICE_TERRITORY_CARDS + 1);
            ck_assert_str_eq(id, want);
        } else {
            /* "spice:" and the territory in lower case, spaces as '_' */
            char want[64];
            int n = nx_fmt(want, sizeof want, "spice:");
            for (const char *p = nx_spice_deck_territory(i); *p; p++)
                want[n++] = *p == ' ' ? '_' : (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
            want[n] = 0;
            ck_assert_str_eq(id, want);
        }
    }
    ck_assert_int_eq(nx_spice_deck_parse("worm:0"), -1);
    ck_assert_int_eq(nx_spice_deck_parse("worm:7"), -1);
    ck_assert_int_eq(nx_spice_deck_parse("spice:arrakeen"), -1);
    ck_assert_int_eq(nx_spice_deck_parse("Habbanya Ridge Flat"), -1);
    ck_assert_int_eq(nx_spice_deck_parse(""), -1);
    ck_assert_int_eq(nx_spice_deck_parse(NULL), -1);
}
END_TEST

/* ---- cross-check against the source CSVs, when this machine has them ---- */



START_TEST(transcription_matches_csv)
{
    FILE *fp = nx_shared_data("spice_deck.csv");
    if (!fp) {
        fprintf(stderr, "test_spice_deck: spice_deck.csv not found, cross-check skipped\n");
        return;
    }
    char line[256], *f[5];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, fp)); /* header */
    int i = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '\n' || line[0] == '\r') continue;
        ck_assert_int_eq(nx_csv_split(line, f, 5), 5);
        ck_assert_int_lt(i, NX_SPICE_DECK_COUNT);
        const nx_spice_card *c = nx_spice_deck_get(i);
        ck_assert_int_eq(c->is_worm, !strcmp(f[0], "Shai-Hulud"));
        if (!c->is_worm) ck_assert_str_eq(f[0], "territory");
        ck_assert_str_eq(c->territory, f[1]);
        ck_assert_str_eq(c->section, f[2]);
        ck_assert_int_eq(c->sector, atoi(f[3]));
        ck_assert_int_eq(c->spice, atoi(f[4]));
        i++;
    }
    fclose(fp);
    ck_assert_int_eq(i, NX_SPICE_DECK_COUNT);

    /* Every territory card names a real section of the map, in its sector. */
    fp = nx_shared_data("map_sectors.csv");
    if (!fp) return;
    int found[NX_SPICE_DECK_COUNT] = { 0 };
    ck_assert_ptr_nonnull(fgets(line, sizeof line, fp));
    while (fgets(line, sizeof line, fp)) {
        if (nx_csv_split(line, f, 3) < 3) continue;
        for (int k = 0; k < NX_SPICE_TERRITORY_CARDS; k++)
            if (!strcmp(f[0], nx_spice_deck_territory(k)) && !strcmp(f[1], nx_spice_deck_section(k)) &&
                atoi(f[2]) == nx_spice_deck_sector(k))
                found[k]++;
    }
    fclose(fp);
    for (int k = 0; k < NX_SPICE_TERRITORY_CARDS; k++) ck_assert_msg(found[k] == 1, "%s", nx_spice_deck_id(k));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("spice_deck");
    TCase *tc = tcase_create("deck");
    tcase_add_test(tc, counts_and_totals);
    tcase_add_test(tc, cards_as_printed);
    tcase_add_test(tc, ids_round_trip);
    tcase_add_test(tc, transcription_matches_csv);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
