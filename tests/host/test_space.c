/* The legal-move space of moves (ruleset/nx_space.c; docs/protocol.md
 * "The space"), exhaustively on staged positions: every point of every
 * described range and set is tried on a copy of the game and accepted.
 * (tests/host/test_serve.c samples it over whole games through the
 * protocol and sends the points just outside it.) */
#include <stdio.h>
#include <string.h>

#include "nx_game.h"
#include "nx_names.h"
#include "nx_phase_testutil.h"
#include "nx_space.h"

static const nx_faction ATR_HAR_GUILD[] = { NX_ATREIDES, NX_HARKONNEN, NX_SPACING_GUILD };
static const nx_faction FREMEN_ATR[] = { NX_FREMEN, NX_ATREIDES };
static const nx_faction ATR_BG_HAR[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_HARKONNEN };
enum { A, B, H };

static json_t *space_of(const nx_game *g, int seat, const char *kind)
{
    json_t *sp = nx_space(nx_game_state(g), (uint8_t)seat);
    ck_assert_msg(sp != NULL, "seat %d has no space", seat);
    ck_assert_str_eq(json_string_value(json_object_get(sp, "decision")), kind);
    return sp;
}

/* The action is accepted on a copy of the game; steals it. */
static int accepted_on_copy(const nx_game *g, int seat, json_t *action)
{
    nx_game *copy = nxt_copy_game(g);
    char *body = json_dumps(action, JSON_COMPACT);
    body[strlen(body) - 1] = '\0';   /* nxt_act adds the braces */
    nxt_ok(copy, seat, body + 1);
    free(body);
    json_decref(action);
    nx_game_free(copy);
    return 1;
}

static int lo_of(const json_t *o, const char *key) { return (int)json_integer_value(json_array_get(json_object_get(o, key), 0)); }
static int hi_of(const json_t *o, const char *key) { return (int)json_integer_value(json_array_get(json_object_get(o, key), 1)); }

/* Every total of every shipment route, each split; every point of every
 * move box.  Returns how many actions were tried. */
static int every_ship_move(const nx_game *g, int seat)
{
    json_t *sp = space_of(g, seat, "ship_move");
    int n = 0;
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(json_object_get(sp, "ship"), "routes"), i, r) {
        ck_assert_int_eq((int)json_array_size(json_object_get(r, "cost")), hi_of(r, "total") - lo_of(r, "total") + 1);
        for (int total = lo_of(r, "total"); total <= hi_of(r, "total"); total++)
            for (int e = lo_of(r, "elite"); e <= hi_of(r, "elite") && e <= total; e++) {
                if (total - e > hi_of(r, "count")) continue;
                json_t *a = json_pack("{s:s, s:O, s:i, s:i, s:O}", "type", "ship", "to", json_object_get(r, "to"), "count",
                                      total - e, "elite", e, "karama", json_object_get(r, "karama"));
                if (strcmp(json_string_value(json_object_get(r, "from")), "reserves"))
                    json_object_set(a, "from", json_object_get(r, "from"));
                n += accepted_on_copy(g, seat, a);
            }
    }
    json_array_foreach(json_object_get(json_object_get(sp, "move"), "routes"), i, r)
        for (int c = lo_of(r, "count"); c <= hi_of(r, "count"); c++)
            for (int e = lo_of(r, "elite"); e <= hi_of(r, "elite"); e++)
                if (c + e)
                    n += accepted_on_copy(g, seat, json_pack("{s:s, s:O, s:O, s:i, s:i, s:O, s:O}", "type", "move", "from",
                                                             json_object_get(r, "from"), "to", json_object_get(r, "to"), "count",
                                                             c, "elite", e, "hajr", json_object_get(r, "hajr"), "fight",
                                                             json_object_get(r, "fight")));
    if (json_is_true(json_object_get(sp, "delay"))) n += accepted_on_copy(g, seat, json_pack("{s:s}", "type", "delay"));
    n += accepted_on_copy(g, seat, json_pack("{s:s}", "type", "pass"));
    json_decref(sp);
    return n;
}

/* The Guild's offer: each answer the space calls legal is accepted, the
 * others refused. */
static int every_timing(const nx_game *g, int seat)
{
    static const char *const answers[] = { "pass", "now", "delay", "own_turn" };
    json_t *sp = space_of(g, seat, "guild_timing");
    int n = 0;
    for (int k = 0; k < 4; k++) {
        if (json_is_true(json_object_get(sp, answers[k]))) {
            n += accepted_on_copy(g, seat, json_pack("{s:s}", "type", answers[k]));
            continue;
        }
        nx_game *copy = nxt_copy_game(g);
        char body[64];
        snprintf(body, sizeof body, "\"type\":\"%s\"", answers[k]);
        json_t *r = nxt_act(copy, seat, body);
        ck_assert_msg(json_is_false(json_object_get(r, "ok")), "%s outside the space was taken", answers[k]);
        json_decref(r);
        nx_game_free(copy);
    }
    json_decref(sp);
    return n;
}

static json_t *dial_value(int dial2) { return dial2 % 2 ? json_real(dial2 / 2.0) : json_integer(dial2 / 2); }

/* Every filling of the slots with every dial of every run. */
static int every_plan(const nx_game *g, int seat)
{
    json_t *sp = space_of(g, seat, "battle_plan");
    int step2 = (int)(2 * json_number_value(json_object_get(sp, "step")) + 0.5), n = 0;
    ck_assert_uint_gt(json_array_size(json_object_get(sp, "cards")), 0);
    ck_assert_uint_gt(json_array_size(json_object_get(sp, "dials")), 0);
    size_t i, j;
    json_t *c, *d;
    json_array_foreach(json_object_get(sp, "cards"), i, c)
        json_array_foreach(json_object_get(sp, "dials"), j, d) {
            int lo = (int)(2 * json_number_value(json_object_get(d, "min")) + 0.5);
            int hi = (int)(2 * json_number_value(json_object_get(d, "max")) + 0.5);
            for (int d2 = lo; d2 <= hi; d2 += step2) {
                json_t *a = json_deep_copy(c);
                json_object_set_new(a, "type", json_string("battle_plan"));
                json_object_set_new(a, "dial", dial_value(d2));
                json_object_set(a, "spice", json_object_get(d, "spice"));
                n += accepted_on_copy(g, seat, a);
            }
        }
    json_decref(sp);
    return n;
}

static int every_foresee(const nx_game *g, int seat)
{
    json_t *sp = space_of(g, seat, "foresee");
    int step2 = (int)(2 * json_number_value(json_object_get(sp, "step")) + 0.5), n = 0;
    ck_assert_uint_gt(json_array_size(json_object_get(sp, "dials")), 0);
    size_t j;
    json_t *d;
    json_array_foreach(json_object_get(sp, "dials"), j, d) {
        int lo = (int)(2 * json_number_value(json_object_get(d, "min")) + 0.5);
        int hi = (int)(2 * json_number_value(json_object_get(d, "max")) + 0.5);
        for (int d2 = lo; d2 <= hi; d2 += step2) {
            json_t *a = json_pack("{s:s, s:o}", "type", "foresee_answer", "dial", dial_value(d2));
            if (json_object_get(d, "spice")) json_object_set(a, "spice", json_object_get(d, "spice"));
            n += accepted_on_copy(g, seat, a);
        }
    }
    json_decref(sp);
    return n;
}

/* A copyable Shipment and Movement (nxt_stage_new): storm in `sector`,
 * `spice` each. */
static nx_game *shipment(const nx_faction *f, int n, int advanced, int sector, int spice)
{
    nx_game *g = nxt_stage_new(f, n, advanced, NX_P_SHIPMENT_MOVEMENT);
    nx_state *s = nxt_mut(g);
    s->play.storm_sector = (uint8_t)sector;
    for (int i = 0; i < n; i++) s->seats[i].spice = (int16_t)spice;
    return g;
}

static void settle(nx_game *g)
{
    nxt_settle(g);
    nxt_pass_karama_windows(g);
}

/* The Guild's cross-shipment and shipping back, the storm, a stronghold
 * two others hold, Karama at Guild rates; the Basic and Advanced games. */
START_TEST(every_shipment_and_move)
{
    for (int advanced = 0; advanced <= 1; advanced++) {
        nx_game *g = shipment(ATR_HAR_GUILD, 3, advanced, 2, 20);
        nxt_put(g, 0, "arrakeen", 4, 0);
        nxt_put(g, 1, "arrakeen", 3, 0);
        nxt_put(g, 2, "tueks_sietch", 3, 0);
        nxt_put(g, 2, "the_great_flat", 2, 0);
        nxt_hand(g, 0, "treachery:karama#1", "treachery:hajr", NULL);
        settle(g);
        int tried = 0;
        for (int turns = 0; turns < 3; turns++) {
            const nx_state *s = nx_game_state(g);
            int seat = -1;
            /* The Advanced Guild's offer: every answer its space names, then "now". */
            for (int i = 0; i < s->npending; i++)
                if (s->pending[i].kind == NX_PEND_GUILD_TIMING) seat = s->pending[i].seat;
            if (seat >= 0) {
                tried += every_timing(g, seat);
                nxt_ok(g, seat, "\"type\":\"now\"");
                settle(g);
                s = nx_game_state(g);
                seat = -1;
            }
            for (int i = 0; i < s->npending; i++)
                if (s->pending[i].kind == NX_PEND_SHIP_MOVE) seat = s->pending[i].seat;
            if (seat < 0) break;
            tried += every_ship_move(g, seat);
            nxt_ok(g, seat, "\"type\":\"pass\"");
            settle(g);
        }
        fprintf(stderr, "every_shipment_and_move (%s): %d actions accepted\n", advanced ? "Advanced" : "Basic", tried);
        ck_assert_int_gt(tried, 300);
        nx_game_free(g);
    }
}
END_TEST

/* The Fremen send free within range of the Great Flat (Storm Migration in
 * the Advanced game) and move two territories. */
START_TEST(every_fremen_sending)
{
    for (int advanced = 0; advanced <= 1; advanced++) {
        nx_game *g = shipment(FREMEN_ATR, 2, advanced, 8, 5);
        nxt_put(g, 0, "sietch_tabr", 3, 2);
        settle(g);
        ck_assert_ptr_nonnull(nxt_decision(g, 0, NX_PEND_SHIP_MOVE));
        int tried = every_ship_move(g, 0);
        fprintf(stderr, "every_fremen_sending (%s): %d actions accepted\n", advanced ? "Advanced" : "Basic", tried);
        ck_assert_int_gt(tried, 100);
        nx_game_free(g);
    }
}
END_TEST

/* Atreides (5 forces) against Harkonnen (3) in the Great Flat, Harkonnen
 * holding a weapon, a defence and a Cheap Hero. */
static nx_game *ah_fight(int advanced)
{
    nx_game *g = nxt_battle_new(ATR_BG_HAR, 3, advanced);
    nxt_put(g, A, "the_great_flat", 5, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, H, "treachery:crysknife", "treachery:shield#1", "treachery:cheap_hero#1");
    json_decref(nxt_stage_go(g));
    return g;
}

START_TEST(every_battle_plan)
{
    for (int advanced = 0; advanced <= 1; advanced++) {
        nx_game *g = ah_fight(advanced);
        nxt_ok(g, A, "\"type\":\"pass\"");    /* no Prescience */
        nxt_no_advantages(g);
        int tried = every_plan(g, H) + every_plan(g, A);
        fprintf(stderr, "every_battle_plan (%s): %d plans accepted\n", advanced ? "Advanced" : "Basic", tried);
        ck_assert_int_gt(tried, 20);
        nx_game_free(g);
    }
}
END_TEST

START_TEST(every_prescience_dial_answer)
{
    for (int rule = 0; rule <= 1; rule++)
        for (int advanced = 0; advanced <= 1; advanced++) {
            nx_game *g = ah_fight(advanced);
            nxt_mut(g)->play.rule[NX_RULE_PRESCIENCE_DIAL] =
                rule ? NX_RS_TURN_BATTLE_PRESCIENCE_DIAL_DIAL_AND_SUPPORT : NX_RS_TURN_BATTLE_PRESCIENCE_DIAL_DIAL_ONLY;
            nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"dial\"");
            nxt_no_advantages(g);
            int tried = every_foresee(g, H);
            json_t *sp = space_of(g, H, "foresee");
            ck_assert_int_eq(json_object_get(json_array_get(json_object_get(sp, "dials"), 0), "spice") != NULL, rule);
            json_decref(sp);
            ck_assert_int_gt(tried, 2);
            nx_game_free(g);
        }
}
END_TEST

/* Every amount of a short run; of a long one its ends and every tenth. */
static int next_amount(int a, int lo, int hi)
{
    if (hi - lo < 30 || a == hi) return a + 1;
    return a + 10 < hi ? a + 10 : hi;
}

/* Every amount of every bid run (a Karama run to the cap: its ends and
 * every tenth). */
START_TEST(every_bid)
{
    nx_game *g = nxt_stage_new(ATR_HAR_GUILD, 3, 1, NX_P_BIDDING);
    nx_state *s = nxt_mut(g);
    for (int i = 0; i < 3; i++) s->seats[i].spice = (int16_t)(4 + 3 * i);
    nxt_ally(g, 0, 2);
    nxt_hand(g, 0, "treachery:karama#1", NULL, NULL);
    settle(g);
    /* The allies first say what they offer each other (ally_aid): all they hold,
     * so the Atreides' runs reach their own spice plus the Guild's. */
    ck_assert_int_eq(nxt_offer_aid(g, -1), 2);
    settle(g);
    int tried = 0;
    for (int round = 0; round < 4; round++) {
        const nx_state *st = nx_game_state(g);
        int seat = -1;
        for (int i = 0; i < st->npending; i++)
            if (st->pending[i].kind == NX_PEND_BID) seat = st->pending[i].seat;
        if (seat < 0) break;
        json_t *sp = space_of(g, seat, "bid");
        size_t i;
        json_t *r;
        json_array_foreach(json_object_get(sp, "bid"), i, r) {
            int lo = (int)json_integer_value(json_object_get(r, "min")), hi = (int)json_integer_value(json_object_get(r, "max"));
            for (int a = lo; a <= hi; a = next_amount(a, lo, hi))
                tried += accepted_on_copy(g, seat, json_pack("{s:s, s:i, s:O}", "type", "bid", "amount", a, "karama",
                                                             json_object_get(r, "karama")));
        }
        /* Raise by one where the seat can without Karama, else pass. */
        json_t *run = json_array_get(json_object_get(sp, "bid"), 0);
        char body[64];
        if (run && json_is_false(json_object_get(run, "karama")))
            snprintf(body, sizeof body, "\"type\":\"bid\",\"amount\":%d", (int)json_integer_value(json_object_get(run, "min")));
        else
            snprintf(body, sizeof body, "\"type\":\"pass\"");
        json_decref(sp);
        nxt_ok(g, seat, body);
        tried++;
        settle(g);
    }
    fprintf(stderr, "every_bid: %d bids accepted\n", tried);
    ck_assert_int_gt(tried, 20);
    nx_game_free(g);
}
END_TEST

/* Every revival plan: the Emperor paying for its ally's forces, leaders
 * in the Tanks, the elite cap (Advanced), the Fremen's free three. */
START_TEST(every_revival)
{
    static const nx_faction aef[] = { NX_ATREIDES, NX_EMPEROR, NX_FREMEN };
    for (int advanced = 0; advanced <= 1; advanced++) {
        nx_game *g = nxt_stage_new(aef, 3, advanced, NX_P_REVIVAL);
        nx_state *s = nxt_mut(g);
        for (int i = 0; i < 3; i++) {
            s->seats[i].spice = 9;
            nx_state_move_forces(s, (uint8_t)i, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_TANKS, 4);
            int elite = s->seats[i].forces[NX_PLACE_RESERVES][NX_FORCE_ELITE];
            nx_state_move_forces(s, (uint8_t)i, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_TANKS, elite < 2 ? elite : 2);
        }
        nxt_ally(g, 0, 1);
        nxt_leader_to_tanks(g, "duncan_idaho");
        nxt_leader_to_tanks(g, "bashar");
        settle(g);
        int tried = 0;
        for (int seat = 0; seat < 3; seat++) {
            if (!nxt_decision(g, seat, NX_PEND_REVIVAL)) continue;
            json_t *sp = space_of(g, seat, "revival");
            size_t i;
            json_t *r;
            json_array_foreach(json_object_get(sp, "revive"), i, r) {
                json_t *a = json_deep_copy(r);
                json_object_del(a, "cost");
                json_object_set_new(a, "type", json_string("revive"));
                tried += accepted_on_copy(g, seat, a);
            }
            json_decref(sp);
        }
        fprintf(stderr, "every_revival (%s): %d plans accepted\n", advanced ? "Advanced" : "Basic", tried);
        ck_assert_int_gt(tried, 30);
        nx_game_free(g);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("space");
    TCase *tc = tcase_create("exhaustive");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, every_shipment_and_move);
    tcase_add_test(tc, every_fremen_sending);
    tcase_add_test(tc, every_battle_plan);
    tcase_add_test(tc, every_prescience_dial_answer);
    tcase_add_test(tc, every_bid);
    tcase_add_test(tc, every_revival);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
