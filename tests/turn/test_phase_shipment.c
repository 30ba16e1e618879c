/* Shipment and Movement (docs/rules/phase-shipment-movement.md): costs and
 * payees, storm and occupancy limits, ranges, Fremen sending, the Bene
 * Gesserit spiritual advisor and stances, the ally rule, the Guild's
 * timing and cross-shipping, Hajr, refusals and the bots' candidates. */
#include "nx_phase_testutil.h"

#include "nx_board.h"

static const nx_faction ATR_HAR_GUILD[] = { NX_ATREIDES, NX_HARKONNEN, NX_SPACING_GUILD };
static const nx_faction ATR_BG[] = { NX_ATREIDES, NX_BENE_GESSERIT };
static const nx_faction FREMEN_ATR[] = { NX_FREMEN, NX_ATREIDES };

static nx_game *shipment(const nx_faction *f, int n, int advanced, int storm)
{
    return nxt_stage_turn2(f, n, advanced, NX_P_SHIPMENT_MOVEMENT, storm, 20);
}

/* Run the procedure; pass the Karama windows against the Atreides' look at
 * the Spice Deck where a test hands out a Karama (or the Advanced Bene
 * Gesserit hold a worthless card): rules_karama_advantages.yaml tests them.
 * Allies then offer each other all their spice toward this phase's
 * shipments (test_ally_offers_bound_shipments tests smaller offers). */
static void settle(nx_game *g)
{
    nxt_settle(g);
    nxt_pass_karama_windows(g);
    nxt_offer_aid(g, -1);
}

static void assert_turn_of(const nx_game *g, int seat, nx_pending_kind kind)
{
    const nx_pending *p = nxt_pending(g, seat);
    ck_assert_msg(p && p->kind == kind, "seat %d should decide (%d)", seat, kind);
}

static void give_card(nx_game *g, int seat, nx_treachery_card card)
{
    for (int c = 0; c < NX_TREACHERY_BASE_COUNT; c++)
        if (nx_treachery_copy_card(c) == card) {
            nx_custody_move(&nx_game_state_mut(g)->custody, nx_comp_treachery(c), NX_Z_SEAT(seat, NX_ZS_TREACHERY));
            return;
        }
    ck_abort_msg("no such card");
}

START_TEST(test_costs_and_payees)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    settle(g);
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    ck_assert_ptr_null(nxt_pending(g, 2));      /* Basic: the Guild waits its turn */
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":5}");
    ck_assert_int_eq(nxt_here(g, 0, "arrakeen"), 5);
    ck_assert_int_eq(nxt_spice(g, 0), 15);      /* 1 a force into a stronghold... */
    ck_assert_int_eq(nxt_spice(g, 2), 25);      /* ...paid to the Guild */
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    NXT_OK(g, 1, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":3}");
    ck_assert_int_eq(nxt_spice(g, 1), 14);      /* 2 a force elsewhere */
    ck_assert_int_eq(nxt_spice(g, 2), 31);
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    /* The Guild pays half, rounded up, to the bank: 3 into a stronghold = 2. */
    NXT_OK(g, 2, "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":3}");
    ck_assert_int_eq(nxt_spice(g, 2), 29);
    ck_assert_int_eq(nxt_here(g, 2, "carthag"), 3);
    nx_game_free(g);
}
END_TEST

START_TEST(test_guild_ally_half_price_and_bank_without_guild)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":3}");
    ck_assert_int_eq(nxt_spice(g, 0), 17);      /* 6 halved, paid to the Guild */
    ck_assert_int_eq(nxt_spice(g, 2), 23);
    nx_game_free(g);

    g = shipment(ATR_BG, 2, 0, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":2}");
    ck_assert_int_eq(nxt_spice(g, 0), 16);
    ck_assert_int_eq(nxt_spice(g, 1), 20);      /* no Guild: the bank */
    nx_game_free(g);
}
END_TEST

START_TEST(test_refusals)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 9);
    nxt_put(g, 0, "arrakeen", 10, 0);
    nx_game_state_mut(g)->seats[0].spice = 19;
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "in the storm", "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":1}");
    NXT_REFUSED(g, 0, "illegal", "costs 20 spice and you have 19", "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":10}");
    NXT_REFUSED(g, 0, "illegal", "only 10 ordinary", "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":11}");
    NXT_REFUSED(g, 0, "illegal", "at least one", "{\"type\":\"ship\",\"to\":\"carthag\"}");
    NXT_REFUSED(g, 0, "malformed", "unknown key", "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1,\"speed\":2}");
    NXT_REFUSED(g, 0, "malformed", "board section", "{\"type\":\"ship\",\"to\":\"atlantis\",\"count\":1}");
    NXT_REFUSED(g, 1, "illegal", "no ship_move decision", "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1}");
    NXT_REFUSED(g, 0, "illegal", "Spacing Guild", "{\"type\":\"ship\",\"from\":\"carthag\",\"to\":\"tueks_sietch\",\"count\":1}");
    NXT_REFUSED(g, 0, "illegal", "only the Spacing Guild may delay", "{\"type\":\"delay\"}");
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1}");
    NXT_REFUSED(g, 0, "illegal", "already shipped", "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1}");
    nx_game_free(g);
}
END_TEST

START_TEST(test_stronghold_limit)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "carthag", 2, 0);
    nxt_put(g, 2, "carthag", 2, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_REFUSED(g, 1, "illegal", "two other factions", "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1}");
    nxt_put(g, 1, "imperial_basin.west", 3, 0);
    NXT_REFUSED(g, 1, "illegal", "two other factions", "{\"type\":\"move\",\"from\":\"imperial_basin\",\"to\":\"carthag\",\"count\":3}");
    /* One of the two holders may still reinforce it. */
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_OK(g, 2, "{\"type\":\"ship\",\"to\":\"carthag\",\"count\":1}");
    nx_game_free(g);
}
END_TEST

START_TEST(test_range_and_ornithopters)
{
    /* Range 1 without a city. */
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "basin", 4, 0);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "range 1", "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"arrakeen\",\"count\":4}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.east\",\"count\":4}");
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.east"), 4);
    /* The move ends the turn. */
    ck_assert_ptr_null(nxt_pending(g, 0));
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);

    /* A force in Arrakeen gives ornithopters: 3 territories for any group. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "basin", 4, 0);
    nxt_put(g, 0, "arrakeen", 1, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"carthag\",\"count\":4}");
    ck_assert_int_eq(nxt_here(g, 0, "carthag"), 4);
    ck_assert(nx_game_state(g)->play.ornithopters & 1);
    nx_game_free(g);

    /* Shipping into Arrakeen first counts: the movement starts after. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "basin", 4, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":1}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"carthag\",\"count\":4}");
    nx_game_free(g);

    /* Fremen move 2. */
    g = shipment(FREMEN_ATR, 2, 0, 2);
    nxt_put(g, 0, "the_great_flat", 5, 1);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "range 2", "{\"type\":\"move\",\"from\":\"the_great_flat\",\"to\":\"old_gap.west\",\"count\":5}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"the_great_flat\",\"to\":\"sietch_tabr\",\"count\":5,\"elite\":1}");
    ck_assert_int_eq(nxt_here(g, 0, "sietch_tabr"), 6);
    nx_game_free(g);
}
END_TEST

START_TEST(test_storm_blocks_movement)
{
    /* Storm in sector 9: Old Gap is split; its east part stays reachable. */
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 9);
    nxt_put(g, 0, "basin", 4, 0);
    nxt_put(g, 0, "carthag", 1, 0);      /* ornithopters */
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "can reach", "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.west\",\"count\":4}");
    NXT_REFUSED(g, 0, "illegal", "in the storm", "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.middle\",\"count\":4}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.east\",\"count\":4}");
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_OK(g, 2, "{\"type\":\"pass\"}");
    nx_game_free(g);

    /* Nothing crosses the stormed sector: Carthag to Rim Wall West would
     * need the Polar Sink and four territories. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 9);
    nxt_put(g, 1, "carthag", 5, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_REFUSED(g, 1, "illegal", "can reach", "{\"type\":\"move\",\"from\":\"carthag\",\"to\":\"rim_wall_west\",\"count\":5}");
    nx_game_free(g);
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 1, "carthag", 5, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 1, "{\"type\":\"move\",\"from\":\"carthag\",\"to\":\"rim_wall_west\",\"count\":5}");
    nx_game_free(g);

    /* Forces in a stormed sector cannot leave it. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 8);
    nxt_put(g, 0, "old_gap.east", 3, 0);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "can reach", "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"arrakeen\",\"count\":3}");
    nx_game_free(g);
}
END_TEST

START_TEST(test_move_from_sections)
{
    /* A territory as "from" takes from each section that can make the move;
     * a section takes only from it. */
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "old_gap.east", 2, 0);
    nxt_put(g, 0, "old_gap.west", 3, 0);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "only 2 ordinary", "{\"type\":\"move\",\"from\":\"old_gap.east\",\"to\":\"arrakeen\",\"count\":3}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"arrakeen\",\"count\":4}");
    ck_assert_int_eq(nxt_here(g, 0, "arrakeen"), 4);
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.east"), 0);
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.west"), 1);
    nx_game_free(g);

    /* Repositioning within a territory is the move. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "old_gap.east", 2, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"old_gap.west\",\"count\":2}");
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.west"), 2);
    nx_game_free(g);
}
END_TEST

START_TEST(test_fremen_sending)
{
    nx_game *g = shipment(FREMEN_ATR, 2, 0, 2);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "within two", "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":3}");
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":9,\"elite\":1}");
    ck_assert_int_eq(nxt_here(g, 0, "the_great_flat"), 10);
    ck_assert_int_eq(nxt_spice(g, 0), 20);      /* free */
    ck_assert_int_eq(nxt_spice(g, 1), 20);
    nx_game_free(g);

    /* Into the storm: refused in Basic; Advanced loses half, rounded up. */
    g = shipment(FREMEN_ATR, 2, 0, 14);
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "in the storm", "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":5}");
    nx_game_free(g);
    g = shipment(FREMEN_ATR, 2, 1, 14);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":5}");
    ck_assert_int_eq(nxt_here(g, 0, "the_great_flat"), 2);
    ck_assert_int_eq(nxt_tanks(g, 0), 3);
    nx_game_free(g);
}
END_TEST

START_TEST(test_spiritual_advisor_basic)
{
    nx_game *g = shipment(ATR_BG, 2, 0, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":2}");
    assert_turn_of(g, 1, NX_PEND_ADVISOR);
    ck_assert_ptr_null(nxt_pending(g, 0));
    NXT_REFUSED(g, 1, "illegal", "Basic", "{\"type\":\"advise\",\"to\":\"arrakeen\"}");
    NXT_OK(g, 1, "{\"type\":\"advise\"}");
    ck_assert_int_eq(nxt_here(g, 1, "polar_sink"), 1);
    /* The shipper's turn goes on. */
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    /* The Bene Gesserit's own shipment brings no advisor. */
    NXT_OK(g, 1, "{\"type\":\"ship\",\"to\":\"tueks_sietch\",\"count\":1}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);

    /* Fremen sending is no shipment from off-planet (turn.advisor_trigger). */
    static const nx_faction fremen_bg[] = { NX_FREMEN, NX_BENE_GESSERIT };
    g = shipment(fremen_bg, 2, 0, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":2}");
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    nx_game_free(g);
}
END_TEST

START_TEST(test_spiritual_advisor_advanced)
{
    nx_game *g = shipment(ATR_BG, 2, 1, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"old_gap.middle\",\"count\":2}");
    NXT_REFUSED(g, 1, "illegal", "where the shipment landed", "{\"type\":\"advise\",\"to\":\"old_gap.east\"}");
    NXT_OK(g, 1, "{\"type\":\"advise\",\"to\":\"old_gap.middle\"}");
    ck_assert_int_eq(nxt_here(g, 1, "old_gap.middle"), 1);
    ck_assert(nx_board_is_advisor(nx_game_state(g), nxt_section("old_gap.middle")));
    nx_game_free(g);

    /* Not beside Bene Gesserit fighters (kept by passing on Intrusion);
     * the Polar Sink is still open. */
    g = shipment(ATR_BG, 2, 1, 2);
    nxt_put(g, 1, "old_gap.east", 1, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"old_gap.middle\",\"count\":2}");
    assert_turn_of(g, 1, NX_PEND_INTRUSION);
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_REFUSED(g, 1, "illegal", "fighters are already", "{\"type\":\"advise\",\"to\":\"old_gap.middle\"}");
    NXT_OK(g, 1, "{\"type\":\"advise\",\"to\":\"polar_sink\"}");
    ck_assert(!nx_board_is_advisor(nx_game_state(g), nxt_section("polar_sink")));
    nx_game_free(g);
}
END_TEST

/* Run the procedure; the Bene Gesserit (seat 1) decline Wartime. */
static void settle_keeping_advisors(nx_game *g)
{
    settle(g);
    assert_turn_of(g, 1, NX_PEND_WARTIME);
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
}

START_TEST(test_bene_gesserit_stances)
{
    nx_game *g = shipment(ATR_BG, 2, 1, 2);
    nxt_put(g, 0, "old_gap.middle", 2, 0);
    nxt_put(g, 1, "old_gap.middle", 1, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("old_gap.middle"), 1);
    settle_keeping_advisors(g);
    nxt_put(g, 1, "carthag", 1, 0);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    /* Advisors cannot use the ornithopters their fighters in Carthag give. */
    NXT_REFUSED(g, 1, "illegal", "range 1", "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"carthag\",\"count\":1}");
    /* Fighters may not ship where Bene Gesserit advisors are. */
    NXT_REFUSED(g, 1, "illegal", "your advisors", "{\"type\":\"ship\",\"to\":\"old_gap.east\",\"count\":1}");
    /* Advisors move at range 1 (no ornithopters) and, entering an
     * unoccupied territory, become fighters (Enlistment). */
    NXT_OK(g, 1, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"basin\",\"count\":1}");
    ck_assert(!nx_board_is_advisor(nx_game_state(g), nxt_section("basin")));
    nx_game_free(g);

    /* Take Up Arms: advisors entering an occupied territory may fight.
     * (Atreides beside them in Old Gap keeps them advisors till then.) */
    g = shipment(ATR_BG, 2, 1, 2);
    nxt_put(g, 0, "basin", 2, 0);
    nxt_put(g, 0, "old_gap.east", 1, 0);
    nxt_put(g, 1, "old_gap.middle", 1, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("old_gap.middle"), 1);
    settle_keeping_advisors(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 1, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"basin\",\"count\":1,\"fight\":true}");
    ck_assert(!nx_board_is_advisor(nx_game_state(g), nxt_section("basin")));
    nx_game_free(g);

    /* Without "fight" they stay advisors beside others; alone, they would
     * become fighters at the end of the turn (Universal Stewards). */
    g = shipment(ATR_BG, 2, 1, 2);
    nxt_put(g, 0, "basin", 2, 0);
    nxt_put(g, 0, "old_gap.east", 1, 0);
    nxt_put(g, 1, "old_gap.middle", 1, 0);
    nxt_put(g, 1, "red_chasm", 1, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("old_gap.middle"), 1);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section("red_chasm"), 1);
    settle_keeping_advisors(g);
    ck_assert(nx_board_is_advisor(nx_game_state(g), nxt_section("red_chasm")));
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    ck_assert(!nx_board_is_advisor(nx_game_state(g), nxt_section("red_chasm")));
    NXT_OK(g, 1, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"basin\",\"count\":1}");
    ck_assert(nx_board_is_advisor(nx_game_state(g), nxt_section("basin")));
    nx_game_free(g);
}
END_TEST

START_TEST(test_ally_rule_at_turn_end)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    nxt_put(g, 1, "old_gap.east", 3, 0);
    nxt_put(g, 1, "polar_sink", 1, 0);
    nxt_put(g, 0, "imperial_basin.east", 2, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"old_gap.west\",\"count\":2}");
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.west"), 2);      /* not yet: the turn goes on */
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"imperial_basin\",\"to\":\"polar_sink\",\"count\":2}");
    ck_assert_int_eq(nxt_here(g, 0, "old_gap.west"), 0);
    ck_assert_int_eq(nxt_tanks(g, 0), 2);
    ck_assert_int_eq(nxt_here(g, 0, "polar_sink"), 2);        /* the Polar Sink is shared freely */
    ck_assert_int_eq(nxt_here(g, 1, "old_gap.east"), 3);
    nx_game_free(g);
}
END_TEST

/* Every candidate the bots see is accepted by the handlers. */
static void assert_moves_legal(nx_game *g, int seat);

START_TEST(test_guild_timing)
{
    /* Advanced: the Guild is offered its turn before each other seat. */
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 1, 2);
    settle(g);
    assert_turn_of(g, 2, NX_PEND_GUILD_TIMING);
    ck_assert_ptr_null(nxt_pending(g, 0));
    /* The offer is answered by the moment alone, not by the turn's acts. */
    NXT_REFUSED(g, 2, "illegal", "no ship_move decision", "{\"type\":\"ship\",\"to\":\"tueks_sietch\",\"count\":2}");
    NXT_REFUSED(g, 0, "illegal", "no guild_timing decision", "{\"type\":\"now\"}");
    NXT_REFUSED(g, 2, "malformed", "to", "{\"type\":\"now\",\"to\":\"arrakeen\"}");
    assert_moves_legal(g, 2);       /* the bots' answers: now, delay, own_turn */
    NXT_OK(g, 2, "{\"type\":\"delay\"}");
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    assert_turn_of(g, 2, NX_PEND_GUILD_TIMING);
    NXT_OK(g, 2, "{\"type\":\"pass\"}");    /* "pass" at an offer is "delay" */
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    /* Its own place, everyone else done: it must act now. */
    assert_turn_of(g, 2, NX_PEND_SHIP_MOVE);
    NXT_REFUSED(g, 2, "illegal", "must act now", "{\"type\":\"delay\"}");
    NXT_OK(g, 2, "{\"type\":\"ship\",\"to\":\"tueks_sietch\",\"count\":2}");
    NXT_REFUSED(g, 2, "illegal", "begun its turn", "{\"type\":\"delay\"}");
    nx_game_free(g);

    /* Ahead of schedule: the Guild's whole turn, then seat 0's. */
    g = shipment(ATR_HAR_GUILD, 3, 1, 2);
    settle(g);
    NXT_OK(g, 2, "{\"type\":\"now\"}");
    nxt_pass_karama_windows(g);     /* the timing is held for its Karama window */
    assert_turn_of(g, 2, NX_PEND_SHIP_MOVE);
    NXT_REFUSED(g, 2, "illegal", "out of storm order", "{\"type\":\"delay\"}");
    NXT_OK(g, 2, "{\"type\":\"ship\",\"to\":\"tueks_sietch\",\"count\":2}");
    NXT_REFUSED(g, 2, "illegal", "begun its turn", "{\"type\":\"delay\"}");
    NXT_OK(g, 2, "{\"type\":\"pass\"}");
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);   /* the Guild has acted: no more offers */
    nx_game_free(g);

    /* "own_turn": no more offers before its place. */
    g = shipment(ATR_HAR_GUILD, 3, 1, 2);
    settle(g);
    NXT_OK(g, 2, "{\"type\":\"own_turn\"}");
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);

    /* Basic: no delay. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_REFUSED(g, 2, "illegal", "Advanced", "{\"type\":\"delay\"}");
    nx_game_free(g);
}
END_TEST

START_TEST(test_cross_ship_and_ship_back)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 2, "tueks_sietch", 5, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_REFUSED(g, 2, "illegal", "another territory", "{\"type\":\"ship\",\"from\":\"tueks_sietch\",\"to\":\"tueks_sietch\",\"count\":1}");
    NXT_OK(g, 2, "{\"type\":\"ship\",\"from\":\"tueks_sietch\",\"to\":\"the_great_flat\",\"count\":3}");
    ck_assert_int_eq(nxt_here(g, 2, "the_great_flat"), 3);
    ck_assert_int_eq(nxt_spice(g, 2), 17);      /* 6 halved, to the bank */
    nx_game_free(g);

    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 2, "tueks_sietch", 5, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 1, "{\"type\":\"pass\"}");
    NXT_OK(g, 2, "{\"type\":\"ship\",\"from\":\"tueks_sietch\",\"to\":\"reserves\",\"count\":3}");
    ck_assert_int_eq(nxt_here(g, 2, "tueks_sietch"), 2);
    ck_assert_int_eq(nxt_spice(g, 2), 18);      /* 1 spice per 2 forces, rounded up */
    nx_game_free(g);
}
END_TEST

START_TEST(test_hajr_and_karama)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_put(g, 0, "basin", 3, 0);
    give_card(g, 0, NX_TR_HAJR);
    give_card(g, 0, NX_TR_KARAMA);
    settle(g);
    NXT_REFUSED(g, 1, "illegal", "no ship_move", "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.east\",\"count\":3,\"hajr\":true}");
    /* Karama buys a shipment at Guild rates, paid to the bank. */
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":3,\"karama\":true}");
    ck_assert_int_eq(nxt_spice(g, 0), 17);
    ck_assert_int_eq(nxt_spice(g, 2), 20);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.east\",\"count\":3,\"hajr\":true}");
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);   /* Hajr's move leaves the normal one */
    NXT_REFUSED(g, 0, "illegal", "no Hajr", "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"arrakeen\",\"count\":3,\"hajr\":true}");
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"old_gap\",\"to\":\"arrakeen\",\"count\":3}");
    ck_assert_int_eq(nxt_here(g, 0, "arrakeen"), 3);
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_TREACHERY_DISCARD), 3);   /* and the staged Karama */
    nx_game_free(g);
}
END_TEST

/* Does the last result's log contain the text? */
static void assert_result_logs(nx_game *g, int seat, const char *text, const char *action)
{
    char *r = nxt_apply(g, seat, "%s", action);
    ck_assert_msg(nxt_accepted(r) && strstr(r, text), "%s should log \"%s\": %s", action, text, r);
    free(r);
}

START_TEST(test_ally_pays_for_shipment)
{
    /* The shipper pays what it can, its ally the rest; the Guild is paid all. */
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->seats[0].spice = 3;
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "costs 24 spice and you have 23 with your ally's",
               "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":12}");
    assert_result_logs(g, 0, "Atreides's ally Harkonnen helps to pay",
                       "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":5}");
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 1), 13);
    ck_assert_int_eq(nxt_spice(g, 2), 30);
    nx_game_free(g);

    /* Enough of its own: the ally pays nothing. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    settle(g);
    char *r = nxt_apply(g, 0, "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":5}");
    ck_assert_msg(nxt_accepted(r) && !strstr(r, "pays 0"), "%s", r);
    free(r);
    ck_assert_int_eq(nxt_spice(g, 0), 15);
    ck_assert_int_eq(nxt_spice(g, 1), 20);
    nx_game_free(g);

    /* The Guild helping its own ally pays itself its share: half price, 5,
     * of which the ally pays 1. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 2);
    nx_game_state_mut(g)->seats[0].spice = 1;
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":5}");
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 2), 21);
    nx_game_free(g);

    /* A Karama shipment may be helped too (paid to the bank); no help
     * without an alliance. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    give_card(g, 0, NX_TR_KARAMA);
    nx_game_state_mut(g)->seats[0].spice = 0;
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":4,\"karama\":true}");
    ck_assert_int_eq(nxt_spice(g, 1), 16);
    ck_assert_int_eq(nxt_spice(g, 2), 20);
    nx_game_free(g);
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nx_game_state_mut(g)->seats[0].spice = 3;
    settle(g);
    NXT_REFUSED(g, 0, "illegal", "costs 4 spice and you have 3", "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":4}");
    nx_game_free(g);
}
END_TEST

/* An ally pays only what it offered (LV 1.10 "may"; docs/rules/alliances.md). */
START_TEST(test_ally_offers_bound_shipments)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->seats[0].spice = 3;
    nxt_settle(g);
    nxt_pass_karama_windows(g);
    ck_assert_ptr_nonnull(nxt_decision(g, 0, NX_PEND_ALLY_AID));
    ck_assert_ptr_null(nxt_decision(g, 2, NX_PEND_ALLY_AID));
    NXT_REFUSED(g, 0, "illegal", "no ship_move decision", "{\"type\":\"ship\",\"to\":\"arrakeen\",\"count\":1}");
    NXT_REFUSED(g, 1, "illegal", "you have only 20 spice", "{\"type\":\"ally_aid\",\"amount\":21}");
    NXT_OK(g, 1, "{\"type\":\"ally_aid\",\"amount\":4}");
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    /* 3 of its own and 4 offered: a shipment of 8 is refused, 6 is paid 3 + 3. */
    NXT_REFUSED(g, 0, "illegal", "costs 8 spice and you have 7 with your ally's aid",
               "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":4}");
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":3}");
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 1), 17);
    ck_assert_int_eq(nx_game_state(g)->seats[1].aid, 1);   /* what is left of the offer */
    nx_game_free(g);

    /* Offered nothing: the shipper has only its own. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->seats[0].spice = 3;
    nxt_settle(g);
    nxt_pass_karama_windows(g);
    ck_assert_int_eq(nxt_offer_aid(g, 0), 2);
    NXT_REFUSED(g, 0, "illegal", "costs 4 spice and you have 3 with your ally's aid",
               "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":2}");
    nx_game_free(g);
}
END_TEST

START_TEST(test_bots_ship_with_ally_help)
{
    nx_game *g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nxt_ally(g, 0, 1);
    nx_game_state_mut(g)->seats[0].spice = 0;
    settle(g);
    json_t *moves = nx_game_moves(g, 0);
    int ships = 0;
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m)
        ships += !strcmp(json_string_value(json_object_get(json_object_get(m, "action"), "type")), "ship");
    json_decref(moves);
    ck_assert_int_gt(ships, 0);
    assert_moves_legal(g, 0);
    nx_game_free(g);

    /* Unallied and penniless: no shipment to offer. */
    g = shipment(ATR_HAR_GUILD, 3, 0, 2);
    nx_game_state_mut(g)->seats[0].spice = 0;
    settle(g);
    moves = nx_game_moves(g, 0);
    json_array_foreach(moves, i, m)
        ck_assert_str_ne(json_string_value(json_object_get(json_object_get(m, "action"), "type")), "ship");
    json_decref(moves);
    nx_game_free(g);
}
END_TEST

static const nx_faction ATR_BG_HAR_GUILD[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_HARKONNEN, NX_SPACING_GUILD };

static void put_advisors(nx_game *g, int bg, const char *section, int n)
{
    nxt_put(g, bg, section, n, 0);
    nx_board_set_advisor(nx_game_state_mut(g), nxt_section(section), 1);
}

static int advisors_at(const nx_game *g, const char *section)
{
    return nx_board_is_advisor(nx_game_state(g), nxt_section(section));
}

/* Wartime: advisors in Red Chasm (beside Atreides) may fight; those
 * under the storm, beside the ally or in a full stronghold may not. */
static nx_game *wartime_board(void)
{
    /* The storm on Old Gap (middle). */
    nx_game *g = shipment(ATR_BG_HAR_GUILD, 4, 1, nx_map_section_sector(nxt_section("old_gap.middle")));
    nxt_ally(g, 1, 2);
    nxt_put(g, 0, "red_chasm", 1, 0);
    put_advisors(g, 1, "red_chasm", 3);
    nxt_put(g, 0, "old_gap.east", 1, 0);
    put_advisors(g, 1, "old_gap.middle", 2);
    nxt_put(g, 2, "basin", 1, 0);
    put_advisors(g, 1, "basin", 1);
    nxt_put(g, 0, "carthag", 1, 0);
    nxt_put(g, 3, "carthag", 1, 0);
    put_advisors(g, 1, "carthag", 1);
    return g;
}

START_TEST(test_wartime)
{
    nx_game *g = wartime_board();
    settle(g);
    /* Before anyone ships, the Guild's offer included. */
    assert_turn_of(g, 1, NX_PEND_WARTIME);
    ck_assert_ptr_null(nxt_pending(g, 0));
    ck_assert_ptr_null(nxt_pending(g, 3));
    NXT_REFUSED(g, 1, "illegal", "Stormed In", "{\"type\":\"wartime\",\"territories\":[\"red_chasm\",\"old_gap\"]}");
    NXT_REFUSED(g, 1, "illegal", "Peacetime", "{\"type\":\"wartime\",\"territories\":[\"basin\"]}");
    NXT_REFUSED(g, 1, "illegal", "two other factions", "{\"type\":\"wartime\",\"territories\":[\"carthag\"]}");
    NXT_REFUSED(g, 1, "illegal", "no advisors", "{\"type\":\"wartime\",\"territories\":[\"arrakeen\"]}");
    NXT_REFUSED(g, 1, "malformed", "repeats", "{\"type\":\"wartime\",\"territories\":[\"red_chasm\",\"red_chasm\"]}");
    NXT_REFUSED(g, 1, "malformed", "one or more", "{\"type\":\"wartime\",\"territories\":[]}");
    NXT_REFUSED(g, 1, "malformed", "must name a territory", "{\"type\":\"wartime\",\"territories\":[\"atlantis\"]}");
    NXT_REFUSED(g, 0, "illegal", "no wartime decision", "{\"type\":\"wartime\",\"territories\":[\"red_chasm\"]}");
    assert_moves_legal(g, 1);
    assert_result_logs(g, 1, "Wartime: the Bene Gesserit advisors in Red Chasm become fighters",
                       "{\"type\":\"wartime\",\"territories\":[\"red_chasm\"]}");
    ck_assert(!advisors_at(g, "red_chasm"));
    ck_assert(advisors_at(g, "old_gap.middle") && advisors_at(g, "basin") && advisors_at(g, "carthag"));
    ck_assert_int_eq(nxt_here(g, 1, "red_chasm"), 3);
    assert_turn_of(g, 3, NX_PEND_GUILD_TIMING);     /* then the Guild's first offer */
    nx_game_free(g);

    /* Passing keeps them all; the decision is not asked again. */
    g = wartime_board();
    settle(g);
    assert_result_logs(g, 1, "keep their advisors", "{\"type\":\"pass\"}");
    ck_assert(advisors_at(g, "red_chasm"));
    NXT_OK(g, 3, "{\"type\":\"delay\"}");
    NXT_OK(g, 0, "{\"type\":\"pass\"}");
    NXT_OK(g, 3, "{\"type\":\"delay\"}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);

    /* Nothing to flip, or the Basic game: no decision. */
    g = shipment(ATR_BG_HAR_GUILD, 4, 1, 2);
    nxt_put(g, 1, "red_chasm", 2, 0);
    nxt_put(g, 0, "red_chasm", 1, 0);
    settle(g);
    assert_turn_of(g, 3, NX_PEND_GUILD_TIMING);
    ck_assert_ptr_null(nxt_pending(g, 1));
    nx_game_free(g);
    g = shipment(ATR_BG_HAR_GUILD, 4, 0, 2);
    nxt_put(g, 0, "red_chasm", 1, 0);
    put_advisors(g, 1, "red_chasm", 3);
    settle(g);
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    ck_assert_ptr_null(nxt_pending(g, 1));
    nx_game_free(g);
}
END_TEST

/* Bene Gesserit fighters in Old Gap (east); Atreides to move. */
static nx_game *intrusion_board(int advanced)
{
    nx_game *g = shipment(ATR_BG, 2, advanced, 2);
    nxt_put(g, 1, "old_gap.east", 2, 0);
    nxt_put(g, 0, "basin", 3, 0);
    return g;
}

START_TEST(test_intrusion)
{
    /* A shipment enters: Intrusion comes before the spiritual advisor, so
     * flipped advisors may be joined by the advisor sent with it. */
    nx_game *g = intrusion_board(1);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"old_gap.middle\",\"count\":4}");
    assert_turn_of(g, 1, NX_PEND_INTRUSION);
    ck_assert_ptr_null(nxt_pending(g, 0));
    ck_assert_int_eq(nx_game_state(g)->play.intrusion_at, nx_map_territory_parse("old_gap"));
    NXT_REFUSED(g, 0, "illegal", "no intrusion decision", "{\"type\":\"intrusion\"}");
    NXT_REFUSED(g, 1, "malformed", "unknown key", "{\"type\":\"intrusion\",\"to\":\"old_gap\"}");
    assert_moves_legal(g, 1);
    assert_result_logs(g, 1, "Intrusion: the Bene Gesserit fighters in Old Gap become advisors", "{\"type\":\"intrusion\"}");
    ck_assert(advisors_at(g, "old_gap.east"));
    ck_assert_int_eq(nx_game_state(g)->play.intrusion_at, 0xff);
    assert_turn_of(g, 1, NX_PEND_ADVISOR);
    NXT_OK(g, 1, "{\"type\":\"advise\",\"to\":\"old_gap.middle\"}");
    ck_assert(advisors_at(g, "old_gap.middle"));
    assert_turn_of(g, 0, NX_PEND_SHIP_MOVE);
    /* Advisors do not stop Atreides moving on into Old Gap either. */
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.west\",\"count\":3}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);        /* no fighters there now: no Intrusion */
    nx_game_free(g);

    /* A move enters: passing keeps the fighters, and the turn ends. */
    g = intrusion_board(1);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.west\",\"count\":3}");
    assert_turn_of(g, 1, NX_PEND_INTRUSION);
    assert_result_logs(g, 1, "fighters in Old Gap stay fighters", "{\"type\":\"pass\"}");
    ck_assert(!advisors_at(g, "old_gap.east"));
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);        /* Atreides' turn is over */
    nx_game_free(g);

    /* Moving within the territory is no entry. */
    g = intrusion_board(1);
    nxt_put(g, 0, "old_gap.west", 2, 0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"old_gap.west\",\"to\":\"old_gap.middle\",\"count\":2}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);

    /* Not against the ally, nor in the Basic game. */
    g = intrusion_board(1);
    nxt_ally(g, 0, 1);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"ship\",\"to\":\"old_gap.middle\",\"count\":1}");
    assert_turn_of(g, 1, NX_PEND_ADVISOR);          /* the spiritual advisor only */
    nx_game_free(g);
    g = intrusion_board(0);
    settle(g);
    NXT_OK(g, 0, "{\"type\":\"move\",\"from\":\"basin\",\"to\":\"old_gap.west\",\"count\":3}");
    assert_turn_of(g, 1, NX_PEND_SHIP_MOVE);
    nx_game_free(g);
}
END_TEST

static void assert_moves_legal(nx_game *g, int seat)
{
    json_t *moves = nx_game_moves(g, seat);
    ck_assert_int_gt(json_array_size(moves), 0);
    ck_assert_int_le(json_array_size(moves), 200);
    nx_state saved = *nx_game_state(g);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        char *text = json_dumps(json_object_get(m, "action"), JSON_COMPACT);
        char *r = nxt_apply(g, seat, "%s", text);
        ck_assert_msg(nxt_accepted(r), "candidate %s refused: %s", text, r);
        free(r);
        free(text);
        *nx_game_state_mut(g) = saved;
    }
    json_decref(moves);
}

START_TEST(test_bot_candidates_are_legal)
{
    static const nx_faction all[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR, NX_FREMEN, NX_HARKONNEN, NX_SPACING_GUILD };
    for (int advanced = 0; advanced < 2; advanced++) {
        nx_game *g = shipment(all, 6, advanced, 10);
        nxt_put(g, 0, "arrakeen", 10, 0);
        nxt_put(g, 3, "sietch_tabr", 5, 2);
        nxt_put(g, 4, "old_gap.east", 4, 0);
        nxt_put(g, 5, "tueks_sietch", 5, 0);
        nxt_put(g, 1, "basin", 1, 0);
        nx_state *s = nx_game_state_mut(g);
        s->play.spice[nxt_section("the_great_flat")] = 10;
        s->play.spice[nxt_section("old_gap.middle")] = 6;
        s->seats[2].spice = 3;
        settle(g);
        for (int k = 0; k < 16 && nx_game_state(g)->phase == NX_P_SHIPMENT_MOVEMENT; k++) {
            const nx_pending *p = &nx_game_state(g)->pending[0];
            int seat = p->seat;
            assert_moves_legal(g, seat);
            if (p->kind == NX_PEND_SHIP_MOVE && !(nx_game_state(g)->play.shipped & (1u << seat))) {
                /* Ship (when it can) to reach the movement and the advisor's decision. */
                free(nxt_apply(g, seat, "{\"type\":\"ship\",\"to\":\"the_great_flat\",\"count\":1}"));
                /* A Fremen send is held for its Karama window (play.advh). */
                if ((nx_game_state(g)->play.shipped & (1u << seat)) || nx_game_state(g)->play.advh) continue;
            }
            NXT_OK(g, seat, "{\"type\":\"pass\"}");
        }
        nx_game_free(g);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("phase_shipment");
    TCase *tc = tcase_create("shipment");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_costs_and_payees);
    tcase_add_test(tc, test_guild_ally_half_price_and_bank_without_guild);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_stronghold_limit);
    tcase_add_test(tc, test_range_and_ornithopters);
    tcase_add_test(tc, test_storm_blocks_movement);
    tcase_add_test(tc, test_move_from_sections);
    tcase_add_test(tc, test_fremen_sending);
    tcase_add_test(tc, test_spiritual_advisor_basic);
    tcase_add_test(tc, test_spiritual_advisor_advanced);
    tcase_add_test(tc, test_bene_gesserit_stances);
    tcase_add_test(tc, test_ally_rule_at_turn_end);
    tcase_add_test(tc, test_guild_timing);
    tcase_add_test(tc, test_cross_ship_and_ship_back);
    tcase_add_test(tc, test_hajr_and_karama);
    tcase_add_test(tc, test_ally_pays_for_shipment);
    tcase_add_test(tc, test_ally_offers_bound_shipments);
    tcase_add_test(tc, test_bots_ship_with_ally_help);
    tcase_add_test(tc, test_wartime);
    tcase_add_test(tc, test_intrusion);
    tcase_add_test(tc, test_bot_candidates_are_legal);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
