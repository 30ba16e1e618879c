/*
 * The board picture (interpreter/render/nx_svg*.c):
 *  - the layout puts every section in its own storm sector, and the cells
 *    of each sector tile it without overlap from the Polar Sink to the rim;
 *  - the picture names every territory and no section id;
 *  - secrecy: along a bot game, every viewer's picture stays byte-identical
 *    when every card it cannot see is permuted (nx_permute_hidden), while
 *    some other viewer's picture does change (so the check can fail);
 *  - the parts of the pieces join into exactly the pieces.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_map.h"
#include "nx_svg.h"
#include "nx_testutil.h"
#include "nx_view.h"

START_TEST(every_section_sits_in_its_sector)
{
    for (int s = 0; s < NX_MAP_SECTIONS; s++) {
        nx_svg_cellpos c;
        ck_assert_msg(nx_svg_cell(s, &c) == 0, "no cell for %s", nx_map_section_id(s));
        ck_assert_int_eq(c.sector, nx_map_section_sector(s));
        ck_assert(c.r0 < c.r1 && c.a0 < c.a1 && c.a0 >= 0 && c.a1 <= 1);
        if (c.sector) ck_assert(c.r0 >= 0 && c.r1 <= 6);
    }
}
END_TEST

/* Cells of one sector: areas (bands x shares) sum to the whole sector, and
 * no two overlap, so together they tile it. */
START_TEST(cells_tile_each_sector)
{
    for (int k = 1; k <= NX_MAP_SECTORS; k++) {
        nx_svg_cellpos c[NX_MAP_SECTIONS];
        int n = 0;
        double area = 0;
        for (int s = 0; s < NX_MAP_SECTIONS; s++) {
            nx_svg_cell(s, &c[n]);
            if (c[n].sector != k) continue;
            area += (double)(c[n].r1 - c[n].r0) * (double)(c[n].a1 - c[n].a0);
            n++;
        }
        ck_assert_msg(area > 6 - 1e-4 && area < 6 + 1e-4, "sector %d: cells cover %.3f of 6", k, area);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int apart = c[i].r1 <= c[j].r0 || c[j].r1 <= c[i].r0 || c[i].a1 <= c[j].a0 || c[j].a1 <= c[i].a0;
                ck_assert_msg(apart, "sector %d: two cells overlap", k);
            }
    }
}
END_TEST

static nx_runtime rt;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
}

static void close_rt(void) { nx_runtime_close(&rt); }

static char *picture(const nx_state *s, int viewer)
{
    json_t *v = nx_view_json(s, viewer);
    char *svg = nx_svg_board(v);
    json_decref(v);
    return svg;
}

START_TEST(names_every_territory_and_no_section_id)
{
    nx_game_config cfg = { .seed = 5, .nexus_cards = 1 };
    nx_game_classic_factions(&cfg, 6);
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *svg = picture(nx_game_state(g), -1);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        /* Two-line names are split at a space: look for each word. */
        char name[64];
        snprintf(name, sizeof name, "%s", nx_map_territory_name(t));
        for (char *w = strtok(name, " "); w; w = strtok(NULL, " "))
            ck_assert_msg(strstr(svg, w), "the picture lacks '%s' of %s", w, nx_map_territory_name(t));
    }
    for (int s = 0; s < NX_MAP_SECTIONS; s++)
        if (strchr(nx_map_section_id(s), '.'))
            ck_assert_msg(!strstr(svg, nx_map_section_id(s)), "the picture shows section id %s", nx_map_section_id(s));
    free(svg);
    nx_game_free(g);
}
END_TEST

START_TEST(parts_join_into_the_pieces)
{
    nx_game_config cfg = { .seed = 8, .nexus_cards = 1, .advanced = 1 };
    nx_game_classic_factions(&cfg, 4);
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    json_t *v = nx_view_json(nx_game_state(g), 1);
    char *parts[NX_SVG_MAX_PARTS], *whole = nx_svg_pieces(v);
    int n = nx_svg_pieces_parts(v, parts, NX_SVG_MAX_PARTS);
    size_t at = strlen("<g id=\"pieces\">\n");
    for (int i = 0; i < n; i++) {
        ck_assert_msg(!strncmp(whole + at, parts[i], strlen(parts[i])), "part %d differs", i);
        at += strlen(parts[i]);
        free(parts[i]);
    }
    ck_assert_str_eq(whole + at, "</g>\n");
    free(whole);
    json_decref(v);
    nx_game_free(g);
}
END_TEST

START_TEST(pictures_ignore_what_the_viewer_cannot_see)
{
    nx_game_config cfg = { .seed = 41, .nexus_cards = 1, .advanced = 1 };
    nx_game_classic_factions(&cfg, 6);
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 3);
    nx_rng r;
    nx_rng_seed(&r, 77);
    int others_changed = 0, checks = 0;
    for (unsigned n = 1; n <= 600; n++) {
        char id[24];
        snprintf(id, sizeof id, "p%u", n);
        nx_bot_move m;
        int rc = nx_bot_step(&bot, g, id, &m);
        ck_assert_int_ge(rc, 0);
        if (rc == 0) break;
        nx_bot_move_free(&m);
        if (n % 60) continue;
        const nx_state *s = nx_game_state(g);
        for (int viewer = -1; viewer < s->nseats; viewer++) {
            nx_state t = *s;
            nx_permute_hidden(&t, viewer, &r);
            char *a = picture(s, viewer), *b = picture(&t, viewer);
            ck_assert_msg(!strcmp(a, b), "action %u: seat %d's picture depends on cards it cannot see", n, viewer);
            checks++;
            /* The seat whose own hand was shuffled around sees the change. */
            for (int other = 0; other < s->nseats && !others_changed; other++) {
                if (other == viewer) continue;
                char *c = picture(s, other), *d = picture(&t, other);
                others_changed |= strcmp(c, d) != 0;
                free(c);
                free(d);
            }
            free(a);
            free(b);
        }
    }
    ck_assert_int_gt(checks, 0);
    ck_assert_msg(others_changed, "permuting hidden cards never changed anyone's picture: the check cannot fail");
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("svg");
    TCase *layout = tcase_create("layout");
    tcase_add_test(layout, every_section_sits_in_its_sector);
    tcase_add_test(layout, cells_tile_each_sector);
    suite_add_tcase(s, layout);
    TCase *pic = tcase_create("picture");
    tcase_add_unchecked_fixture(pic, open_rt, close_rt);
    tcase_set_timeout(pic, 300);
    tcase_add_test(pic, names_every_territory_and_no_section_id);
    tcase_add_test(pic, parts_join_into_the_pieces);
    tcase_add_test(pic, pictures_ignore_what_the_viewer_cannot_see);
    suite_add_tcase(s, pic);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
