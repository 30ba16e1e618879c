/* Damaged inputs never crash and never half-load: seeded byte-level
 * mutations of a card file, saved games (a designer's table and rules
 * games played by bots) and actions.
 * (Sanitizer builds make a memory error fail the test.) */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_pack.h"
#include "nx_testutil.h"
#include "nx_util.h"

#define ROUNDS 500

static char *mutate(const char *text, size_t len, nx_rng *r, size_t *out_len)
{
    char *m = nx_xmalloc(len + 2);
    memcpy(m, text, len + 1);
    size_t n = len;
    int edits = 1 + (int)nx_rng_below(r, 4);
    for (int e = 0; e < edits && n > 0; e++) {
        size_t at = nx_rng_below(r, (uint32_t)n);
        switch (nx_rng_below(r, 4)) {
        case 0: m[at] = (char)nx_rng_below(r, 256); break;                 /* flip a byte */
        case 1: n = at; break;                                              /* truncate */
        case 2: memmove(m + at, m + at + 1, n - at); n--; break;            /* delete */
        default: m[at] = "{}[]:,\"'\n #-&*!|>"[nx_rng_below(r, 17)]; break; /* syntax */
        }
    }
    m[n] = '\0';
    *out_len = n;
    return m;
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

START_TEST(damaged_card_files_are_reported)
{
    char *dir = nx_copy_pack();
    char *card = nx_asprintf("%s/cards/nexus/harkonnen.yaml", dir);
    char *pack = nx_asprintf("%s/cards/pack.yaml", dir);
    const char *why;
    size_t len;
    char *orig = nx_read_file(card, &len, &why);
    ck_assert_ptr_nonnull(orig);
    nx_rng r;
    nx_rng_seed(&r, 11);
    int refused = 0;
    for (int i = 0; i < ROUNDS; i++) {
        size_t n;
        char *m = mutate(orig, len, &r, &n);
        write_file(card, m, n);
        nx_pack p;
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_pack_load(pack, &p, &d);
        if (rc == 0) {
            nx_pack_free(&p);
        } else {
            refused++;
            ck_assert_uint_gt(d.n, 0);
            for (size_t k = 0; k < d.n; k++) ck_assert_msg(d.v[k].msg[0], "empty diagnostic");
        }
        nx_diags_free(&d);
        free(m);
    }
    ck_assert_int_gt(refused, ROUNDS / 2);
    free(orig);
    nx_remove_tree(dir);
    free(card), free(pack), free(dir);
}
END_TEST

static nx_runtime rt;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
}

static void close_rt(void) { nx_runtime_close(&rt); }

/* Mutated saves of `g` load whole or not at all (with a reason); mutated
 * copies of `action` are applied or refused, a refusal changing nothing. */
static void mutate_saves_and_actions(nx_game *g, const char *action, uint64_t seed)
{
    char *saved = nx_game_save(g);
    size_t len = strlen(saved);
    char err[512];
    nx_rng r;
    nx_rng_seed(&r, seed);
    for (int i = 0; i < ROUNDS; i++) {
        size_t n;
        char *m = mutate(saved, len, &r, &n);
        err[0] = '\0';
        nx_game *g2 = nx_game_load(&rt, m, err, sizeof err);
        if (g2) nx_game_free(g2);
        else ck_assert_msg(err[0], "a refused save must say why");
        free(m);
        nx_state before = *nx_game_state(g);
        m = mutate(action, strlen(action), &r, &n);
        char *res = nx_game_apply(g, m);
        if (strstr(res, "\"ok\":false")) ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
        free(res);
        free(m);
    }
    free(saved);
}

/* A designer's table with a held card placed by the host. */
START_TEST(damaged_saves_and_actions_are_refused_cleanly)
{
    nx_game_config cfg = { .seed = 4, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_TLEILAXU } };
    char err[512];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_ptr_nonnull(g);
    free(nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\",\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}"));
    mutate_saves_and_actions(g, "{\"id\":\"x\",\"version\":1,\"seat\":1,\"type\":\"answer\",\"choose\":[\"traitor:caid\"]}", 12);
    nx_game_free(g);
}
END_TEST

/* A rules game some way in, played by bots; the action to damage is the
 * next move a bot would make. */
START_TEST(damaged_rules_games_are_refused_cleanly)
{
    nx_game_config cfg = { .seed = 21 + (uint64_t)_i, .nexus_cards = 1, .advanced = _i };
    nx_game_classic_factions(&cfg, 4 + _i);
    char err[512];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 3);
    char id[16];
    nx_bot_move m;
    for (int i = 0; i < 60; i++) {
        nx_fmt(id, sizeof id, "b%d", i);
        if (nx_bot_step(&bot, g, id, &m) <= 0) break;
        nx_bot_move_free(&m);
    }
    ck_assert_uint_eq(bot.refused, 0);
    const nx_state *s = nx_game_state(g);
    int seat = s->npending ? s->pending[0].seat : 0;
    json_t *cands = nx_game_moves(g, seat);
    json_t *a = json_array_size(cands) ? json_copy(json_object_get(json_array_get(cands, 0), "action"))
                                       : json_pack("{s:s}", "type", "pass");
    json_object_set_new(a, "id", json_string("x"));
    json_object_set_new(a, "version", json_integer((json_int_t)s->version));
    json_object_set_new(a, "seat", json_integer(seat));
    char *text = json_dumps(a, JSON_COMPACT);
    mutate_saves_and_actions(g, text, 13 + (uint64_t)_i);
    free(text);
    json_decref(a);
    json_decref(cands);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fuzz");
    TCase *tc = tcase_create("mutations");
    tcase_set_timeout(tc, 600);
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_add_test(tc, damaged_card_files_are_reported);
    tcase_add_test(tc, damaged_saves_and_actions_are_refused_cleanly);
    tcase_add_loop_test(tc, damaged_rules_games_are_refused_cleanly, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
