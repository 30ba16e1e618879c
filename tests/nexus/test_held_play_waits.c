/*
 * While a held Nexus play waits for its Karama window (docs/rules/karama.md,
 * "Nothing else meanwhile"), the decision that waits with it lists no move
 * and no space, every seat the window asks lists its answers, and a bot
 * driving the game answers the window first: the held play is made before
 * the holder's turn goes on.  Richese Secret Ally under every_play, played
 * inside the holder's shipment (tests/scenarios/richese_secret_ally_every_play.yaml).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_space.h"
#include "nx_testutil.h"
#include "nx_util.h"

static nx_runtime rt;
static nx_settings settings;

static void open_rt(void)
{
    nx_open_builtin_runtime(&rt);
    nx_diags d;
    nx_diags_init(&d);
    nx_settings_init(&settings);
    ck_assert_int_eq(nx_settings_set(&settings, &rt.pack.rulings, "common.karama.nexus_effects", "every_play", &d), 0);
    ck_assert_int_eq(nx_settings_set(&settings, &rt.pack.rulings, "richese.secret_ally.fremen_holder", "forbid", &d), 0);
    nx_diags_free(&d);
}

static void close_rt(void)
{
    nx_settings_free(&settings);
    nx_runtime_close(&rt);
}

static nx_game *held(void)
{
    nx_game_config cfg = { .seed = 3, .nseats = 3, .nexus_cards = 1, .staging = 1,
                           .factions = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(&rt, &settings, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    const char *const script[] = {
        "{\"seat\":null,\"type\":\"stage\",\"phase\":\"shipment_movement\",\"turn\":2,\"storm\":2,"
        "\"spice\":{\"seat0\":10,\"seat1\":10,\"seat2\":10},"
        "\"hand\":{\"seat0\":[],\"seat1\":[\"treachery:karama#1\"],\"seat2\":[\"treachery:lasgun\"]},"
        "\"nexus\":{\"seat0\":\"nexus:richese\"}}",
        /* Atreides's look at the Spice Deck has its own window first. */
        "{\"seat\":1,\"type\":\"pass\"}", "{\"seat\":2,\"type\":\"pass\"}",
        "{\"seat\":0,\"type\":\"play_nexus\"}" };
    for (size_t i = 0; i < sizeof script / sizeof *script; i++) nx_apply_ok(g, script[i], (int)i);
    return g;
}

START_TEST(the_waiting_decision_lists_nothing)
{
    open_rt();
    nx_game *g = held();
    const nx_state *s = nx_game_state(g);
    ck_assert(s->play.nxh_source != 0);
    json_t *mine = nx_game_moves(g, 0);
    ck_assert_msg(json_array_size(mine) == 0, "the holder's waiting shipment listed %zu moves", json_array_size(mine));
    json_decref(mine);
    ck_assert_msg(nx_space(s, 0) == NULL, "the holder's waiting shipment has a space");
    for (int seat = 1; seat <= 2; seat++) {
        json_t *theirs = nx_game_moves(g, seat);
        ck_assert_msg(json_array_size(theirs) >= 1, "seat %d lists no answer", seat);
        json_decref(theirs);
    }
    /* A bot driving the game answers the window first, then the turn goes on. */
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 1);
    for (int step = 0; step < 2; step++) {
        int seat = nx_bot_next_seat(g);
        ck_assert_msg(seat == 1 || seat == 2, "step %d: seat %d is asked while the window is open", step, seat);
        nx_bot_move m;
        char id[16];
        snprintf(id, sizeof id, "bot%d", step);
        ck_assert_int_eq(nx_bot_answer(&bot, g, seat, id, &m), 1);
        nx_bot_move_free(&m);
    }
    ck_assert(s->play.nxh_source == 0);
    ck_assert_int_eq(nx_bot_next_seat(g), 0);
    json_t *after = nx_game_moves(g, 0);
    ck_assert(json_array_size(after) > 0);
    json_decref(after);
    nx_game_free(g);
    close_rt();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("held_play_waits");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, the_waiting_decision_lists_nothing);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
