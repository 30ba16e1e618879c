/*
 * Bots and the panels' bot advice (bots/nx_bot_advice.h; docs/dsl.md, "Bot
 * advice"; 002_0802524bc338215d.txt, "Suggested first package": all bot
 * profiles), with Emperor Cunning, whose script advises keep, avoid
 * elite_forces and prefer in the Advanced game only:
 *
 *  - the advice as the engine reads it for a seat (nx_game_bot_advice);
 *  - every bot profile (random, simple) holding Emperor Cunning in a battle
 *    with no Sardaukar plays it (prefer), and none tries it where it cannot
 *    help (its Sardaukar are in the battle): the card stays;
 *  - an Emperor bot holding its own card ships and moves without its
 *    Sardaukar (avoid), so that its battles can use the card; holding
 *    another card it takes them along as before (the control that makes
 *    the first meaningful);
 *  - holding its own card it moves five ordinary forces into a battle
 *    (seek_battle) where, holding another, it takes the richer spice.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_util.h"

static nx_runtime rt;

static void open_rt(void) { nx_open_builtin_runtime(&rt); }
static void close_rt(void) { nx_runtime_close(&rt); }

static void refused(void *ctx, int seat, const char *action, const char *result)
{
    ck_abort_msg("%s: seat %d's listed move %s was refused: %s", (const char *)ctx, seat, action, result);
}

static nx_game *staged(const char *stage)
{
    nx_game_config cfg = { .seed = 5, .nseats = 3, .nexus_cards = 1, .advanced = 1, .staging = 1,
                           .factions = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *a = nx_asprintf("{\"id\":\"st\",\"version\":0,\"seat\":null,\"type\":\"stage\",%s}", stage);
    char *res = nx_game_apply(g, a);
    ck_assert_msg(strstr(res, "\"ok\":true") != NULL, "stage: %s", res);
    free(res);
    free(a);
    return g;
}

/* Bots play while the game stays in `phase` (at most 400 actions); calls
 * `each` on every committed move. */
static void play_phase(nx_game *g, nx_bot_kind kind, int phase, void (*each)(const nx_bot_move *, void *), void *ctx,
                       char *where)
{
    nx_bot bot;
    nx_bot_init(&bot, &rt, kind, 77);
    bot.on_refusal = refused;
    bot.ctx = where;
    for (int n = 0; n < 400 && nx_game_state(g)->phase == phase && !nx_game_state(g)->play.over; n++) {
        char id[16];
        nx_fmt(id, sizeof id, "b%d", n);
        nx_bot_move m;
        int rc = nx_bot_step(&bot, g, id, &m);
        ck_assert_msg(rc >= 0, "%s: the bots stalled", where);
        if (rc == 0) break;
        each(&m, ctx);
        nx_bot_move_free(&m);
    }
}

static void count_cunning(const nx_bot_move *m, void *ctx)
{
    if (strstr(m->result, "plays the Emperor Nexus card as Cunning")) ++*(int *)ctx;
}

#define BATTLE "\"phase\":\"battle\",\"turn\":2,\"storm\":2,\"spice\":{\"seat0\":5},\"nexus\":{\"seat0\":\"nexus:emperor\"},"

static nx_game *fresh(int advanced)
{
    nx_game_config cfg = { .seed = 5, .nseats = 3, .nexus_cards = 1, .advanced = advanced,
                           .factions = { NX_EMPEROR, NX_ATREIDES, NX_HARKONNEN } };
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

START_TEST(the_engine_reads_a_panels_advice_for_a_seat)
{
    char err[600];
    nx_advice a;
    nx_game *g = fresh(1);
    ck_assert_int_eq(nx_game_bot_advice(g, 0, "emperor.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, 1);
    ck_assert_uint_eq(a.avoid, NX_AVOID_ELITE_FORCES);
    ck_assert_int_eq(a.prefer, 0);      /* no battle now */
    ck_assert_int_eq(nx_game_bot_advice(g, 1, "atreides.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, 1);
    ck_assert_int_eq(a.prefer, -1);
    /* A panel without advice says nothing; an unknown panel neither. */
    ck_assert_int_eq(nx_game_bot_advice(g, 2, "harkonnen.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, -1);
    ck_assert_int_eq(nx_game_bot_advice(g, 2, "nobody.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(nx_game_bot_advice(g, 9, "emperor.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, -1);
    nx_game_free(g);
    g = fresh(0);
    ck_assert_int_eq(nx_game_bot_advice(g, 0, "emperor.cunning", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.keep, 0);
    ck_assert_uint_eq(a.avoid, 0);
    nx_game_free(g);
}
END_TEST

START_TEST(every_bot_profile_plays_emperor_cunning_when_it_helps)
{
    nx_bot_kind kind = _i ? NX_BOT_SIMPLE : NX_BOT_RANDOM;
    char where[96];
    nx_fmt(where, sizeof where, "%s bots, no Sardaukar in the battle", nx_bot_kind_name(kind));
    nx_game *g = staged(BATTLE "\"forces\":{\"seat0\":{\"the_great_flat\":[6,0]},\"seat1\":{\"the_great_flat\":[4,0]}}");
    int played = 0;
    play_phase(g, kind, NX_P_BATTLE, count_cunning, &played, where);
    ck_assert_msg(played == 1, "%s: Emperor Cunning played %d times", where, played);
    nx_game_free(g);

    nx_fmt(where, sizeof where, "%s bots, Sardaukar in the battle", nx_bot_kind_name(kind));
    g = staged(BATTLE "\"forces\":{\"seat0\":{\"the_great_flat\":[6,1]},\"seat1\":{\"the_great_flat\":[4,0]}}");
    played = 0;
    play_phase(g, kind, NX_P_BATTLE, count_cunning, &played, where);
    ck_assert_msg(played == 0, "%s: Emperor Cunning played", where);
    ck_assert_uint_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_SEAT(0, NX_ZS_NEXUS_HELD)), 1);
    nx_game_free(g);
}
END_TEST

typedef struct sardaukar_moves {
    int ships, with_sardaukar;
} sardaukar_moves;

static void count_sardaukar(const nx_bot_move *m, void *ctx)
{
    sardaukar_moves *c = ctx;
    json_t *a = json_loads(m->action, 0, NULL);
    const char *type = json_string_value(json_object_get(a, "type"));
    if (json_integer_value(json_object_get(a, "seat")) == 0 && type && (!strcmp(type, "ship") || !strcmp(type, "move"))) {
        c->ships++;
        c->with_sardaukar += json_integer_value(json_object_get(a, "elite")) > 0;
    }
    json_decref(a);
}

/* The Emperor's three Sardaukar stand in The Great Flat beside four
 * ordinary forces, the rest of its army in the Tanks: its turn can only
 * move, and the phase lists moves that take the Sardaukar first. */
/* Stage `board` (the staging fields but the Nexus card) with the Emperor
 * (seat 0) holding `card`, and let `kind` bots play Shipment and Movement,
 * each move handed to `fn`. */
static void emperor_phase(nx_bot_kind kind, const char *board, const char *card, void (*fn)(const nx_bot_move *, void *),
                          void *ctx)
{
    char *stage = nx_asprintf("%s,\"nexus\":{\"seat0\":\"%s\"}", board, card);
    nx_game *g = staged(stage);
    free(stage);
    char where[96];
    nx_fmt(where, sizeof where, "%s bots, the Emperor holding %s", nx_bot_kind_name(kind), card);
    play_phase(g, kind, NX_P_SHIPMENT_MOVEMENT, fn, ctx, where);
    nx_game_free(g);
}

static sardaukar_moves emperor_turn(nx_bot_kind kind, const char *card)
{
    sardaukar_moves c = { 0, 0 };
    emperor_phase(kind,
                  "\"phase\":\"shipment_movement\",\"turn\":2,\"storm\":2,\"spice\":{\"seat0\":0},\"board_spice\":{\"funeral_plain\":12},"
                  "\"forces\":{\"seat0\":{\"the_great_flat\":[4,3],\"tanks\":[11,2]}}",
                  card, count_sardaukar, &c);
    return c;
}

START_TEST(an_emperor_holding_its_own_card_keeps_its_sardaukar_out)
{
    sardaukar_moves own = emperor_turn(NX_BOT_SIMPLE, "nexus:emperor");
    sardaukar_moves other = emperor_turn(NX_BOT_SIMPLE, "nexus:harkonnen");
    ck_assert_msg(other.with_sardaukar > 0, "control: holding another card the Emperor took no Sardaukar along (%d moves)",
                  other.ships);
    ck_assert_msg(own.ships > 0, "holding its own card the Emperor neither shipped nor moved");
    ck_assert_msg(own.with_sardaukar == 0, "holding its own card the Emperor took Sardaukar along in %d of %d moves",
                  own.with_sardaukar, own.ships);
}
END_TEST

#define SPICE_AT "funeral_plain"
#define BATTLE_AT "the_greater_flat"

typedef struct battle_moves {
    int moves, into_battle;
} battle_moves;

/* The Emperor's moves (seat 0) that land where the Atreides stand. */
static void count_into_battle(const nx_bot_move *m, void *ctx)
{
    battle_moves *c = ctx;
    json_t *a = json_loads(m->action, 0, NULL);
    const char *type = json_string_value(json_object_get(a, "type"));
    if (json_integer_value(json_object_get(a, "seat")) == 0 && type && (!strcmp(type, "ship") || !strcmp(type, "move"))) {
        c->moves++;
        c->into_battle += !strcmp(json_string_value(json_object_get(a, "to")), BATTLE_AT) &&
                          json_integer_value(json_object_get(a, "count")) >= 5;
    }
    json_decref(a);
}

/* Six ordinary Emperor forces in The Great Flat, no spice to ship; ten
 * spice in one neighbour, four beside two Atreides forces in another:
 * the board judgement prefers the uncontested spice (10 against 0 for the
 * attack), within the margin a sought battle may cost. */
static battle_moves emperor_choice(nx_bot_kind kind, const char *card)
{
    battle_moves c = { 0, 0 };
    emperor_phase(kind,
                  "\"phase\":\"shipment_movement\",\"turn\":2,\"storm\":2,\"spice\":{\"seat0\":0},"
                  "\"board_spice\":{\"" SPICE_AT "\":10,\"" BATTLE_AT "\":4},"
                  "\"forces\":{\"seat0\":{\"the_great_flat\":[6,0],\"tanks\":[9,5]},"
                  "\"seat1\":{\"" BATTLE_AT "\":[2,0]}}",
                  card, count_into_battle, &c);
    return c;
}

START_TEST(an_emperor_holding_its_own_card_seeks_a_battle_for_it)
{
    battle_moves own = emperor_choice(NX_BOT_SIMPLE, "nexus:emperor");
    battle_moves other = emperor_choice(NX_BOT_SIMPLE, "nexus:harkonnen");
    ck_assert_msg(other.moves > 0 && other.into_battle == 0,
                  "control: holding another card the Emperor went into the battle (%d of %d moves)", other.into_battle,
                  other.moves);
    ck_assert_msg(own.into_battle == 1, "holding its own card the Emperor sought no battle of five (%d moves)", own.moves);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bot_advice");
    TCase *tc = tcase_create("advice");
    tcase_add_unchecked_fixture(tc, open_rt, close_rt);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, the_engine_reads_a_panels_advice_for_a_seat);
    tcase_add_loop_test(tc, every_bot_profile_plays_emperor_cunning_when_it_helps, 0, 2);
    tcase_add_test(tc, an_emperor_holding_its_own_card_keeps_its_sardaukar_out);
    tcase_add_test(tc, an_emperor_holding_its_own_card_seeks_a_battle_for_it);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
