/*
 * Emperor Betrayal under emperor.betrayal.forced_funding holder_names_amount
 * (path named_amount): the holder's ask for an amount, answered by a bot
 * after a save and a reload into another game.  Whatever the bot names
 * (the price, now and then more than Emperor holds), the answer is
 * accepted, spice behind the shields is conserved through the gift and
 * the sale, no balance goes negative, and the log says either what
 * Emperor pays or only that it cannot pay the amount named.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_util.h"

static nx_runtime rt;
static nx_settings settings;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
    char *path = nx_source_path("rulings/profiles/provisional.yaml");
    nx_diags d;
    nx_diags_init(&d);
    nx_settings_init(&settings);
    ck_assert_int_eq(nx_settings_load_file(path, &rt.pack.rulings, &settings, &d), 0);
    ck_assert_int_eq(nx_settings_set(&settings, &rt.pack.rulings, "emperor.betrayal.forced_funding", "holder_names_amount", &d), 0);
    nx_diags_free(&d);
    free(path);
}

static void close_rt(void)
{
    nx_settings_free(&settings);
    nx_runtime_close(&rt);
}

static int shields(const nx_state *s)
{
    int n = 0;
    for (int i = 0; i < s->nseats; i++) {
        ck_assert_int_ge(s->seats[i].spice, 0);
        n += s->seats[i].spice;
    }
    return n;
}

/* tests/scenarios/emperor_betrayal_named_amount.yaml up to the ask, with
 * Emperor holding `emperor` spice. */
static nx_game *asked(int emperor)
{
    nx_game_config cfg = { .seed = 3, .nseats = 4, .nexus_cards = 1, .staging = 1,
                           .factions = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN, NX_FREMEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, &settings, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *stage = nx_asprintf(
        "{\"seat\":null,\"type\":\"stage\",\"phase\":\"bidding\",\"turn\":2,\"storm\":2,"
        "\"spice\":{\"seat0\":%d,\"seat1\":6,\"seat2\":3,\"seat3\":0},"
        "\"hand\":{\"seat0\":[\"treachery:kulon\",\"treachery:slip_tip\",\"treachery:hajr\",\"treachery:stunner\"],"
        "\"seat1\":[],\"seat2\":[],\"seat3\":[\"treachery:chaumas\",\"treachery:crysknife\",\"treachery:gom_jabbar\",\"treachery:maula_pistol\"]},"
        "\"on_top\":{\"treachery_discard\":[\"treachery:karama#1\",\"treachery:karama#2\"],"
        "\"treachery_deck\":[\"treachery:lasgun\",\"treachery:shield#1\"]},"
        "\"alliance\":[[0,1]],\"nexus\":{\"seat2\":\"nexus:emperor\",\"seat3\":\"nexus:atreides\"}}",
        emperor);
    /* The allies' offers of aid come first (docs/rules/alliances.md): none. */
    const char *const script[] = { stage, "{\"seat\":0,\"type\":\"pass\"}", "{\"seat\":1,\"type\":\"pass\"}",
                                   "{\"seat\":1,\"type\":\"bid\",\"amount\":2}", "{\"seat\":2,\"type\":\"pass\"}",
                                   "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":2,\"type\":\"play_nexus\"}" };
    for (size_t i = 0; i < sizeof script / sizeof *script; i++) nx_apply_ok(g, script[i], (int)i);
    free(stage);
    return g;
}

START_TEST(a_bot_answers_the_ask_after_a_reload)
{
    int emperor = _i % 2 ? 3 : 10;   /* 3: naming 4 is beyond Emperor's spice */
    nx_game *g = asked(emperor);
    int before = shields(nx_game_state(g));
    char *saved = nx_game_save(g);
    char err[256];
    nx_game *back = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, (uint64_t)_i + 1);
    nx_bot_move m;
    ck_assert_int_eq(nx_bot_answer(&bot, back, 2, "bot", &m), 1);
    ck_assert_msg(strstr(m.result, "\"ok\":true"), "%s", m.result);
    ck_assert_msg(strstr(m.result, "Emperor is made to pay for lot 1") || strstr(m.result, "Emperor cannot pay"), "%s",
                  m.result);
    ck_assert_int_eq(shields(nx_game_state(back)), before);
    nx_bot_move_free(&m);
    /* The last acknowledgement, then the sale: still conserved. */
    nx_apply_ok(back, "{\"seat\":3,\"type\":\"pass\"}", 9);
    ck_assert_int_eq(shields(nx_game_state(back)), before);
    free(saved);
    nx_game_free(back);
    nx_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("emperor_named_amount");
    TCase *tc = tcase_create("named amount");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, a_bot_answers_the_ask_after_a_reload, 0, 12);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
