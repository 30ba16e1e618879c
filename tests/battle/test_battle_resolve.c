/* Battle resolution: weapons and defences, the Lasgun-Shield explosion,
 * traitors, ties, leader spice, Advanced support and elite forces, the
 * winner's cards, Harkonnen capture and the readings that change them
 * (interpreter/battle/nx_battle_resolve.c; docs/rules/phase-battle.md). */
#include "nx_phase_testutil.h"
#include "nx_view.h"
#include "nx_board.h"
#include "nx_play.h"
#include "nx_text.h"

static const nx_faction AHE[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR };
enum { A, H, E };

/* Atreides (aggressor, 5 forces) against Harkonnen (5) in The Great Flat,
 * Emperor (3) waiting in Funeral Plain next door; 10 spice each. */
static nx_game *fight(int advanced)
{
    nx_game *g = nxt_battle_new(AHE, 3, advanced);
    nxt_put(g, A, "the_great_flat", 5, 0);
    nxt_put(g, H, "the_great_flat", 5, 0);
    return g;
}

/* ---- weapons against defences --------------------------------------------------------------- */

START_TEST(weapon_defence_pairs)
{
    static const struct {
        const char *weapon, *defence;
        int dies, boom;
    } cases[] = {
        { "treachery:crysknife", NULL, 1, 0 },
        { "treachery:crysknife", "treachery:shield#1", 0, 0 },
        { "treachery:crysknife", "treachery:snooper#1", 1, 0 },
        { "treachery:chaumas", NULL, 1, 0 },
        { "treachery:chaumas", "treachery:snooper#1", 0, 0 },
        { "treachery:chaumas", "treachery:shield#1", 1, 0 },
        { "treachery:lasgun", NULL, 1, 0 },
        { "treachery:lasgun", "treachery:snooper#1", 1, 0 },
        { "treachery:lasgun", "treachery:shield#1", 1, 1 },
        { "treachery:baliset", NULL, 0, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nx_game *g = fight(0);
        nxt_hand(g, A, cases[i].weapon, NULL, NULL);
        nxt_hand(g, H, cases[i].defence, NULL, NULL);
        nxt_mut(g)->play.spice[nxt_section("the_great_flat")] = 6;
        nxt_go(g);
        char body[256];
        nx_fmt(body, sizeof body, "\"leader\":\"leader:duncan_idaho\",\"dial\":2,\"weapon\":\"%s\"", cases[i].weapon);
        nxt_plan(g, A, body);
        if (cases[i].defence) nx_fmt(body, sizeof body, "\"leader\":\"leader:feyd_rautha\",\"dial\":0,\"defense\":\"%s\"", cases[i].defence);
        else nx_fmt(body, sizeof body, "\"leader\":\"leader:feyd_rautha\",\"dial\":0");
        nxt_plan(g, H, body);
        nxt_no_calls(g);
        ck_assert_msg(nxt_leader_dead(g, "feyd_rautha") == cases[i].dies, "case %zu: Feyd dies %d", i, cases[i].dies);
        ck_assert_msg(nxt_leader_dead(g, "duncan_idaho") == cases[i].boom, "case %zu: Duncan", i);
        if (cases[i].boom) {
            ck_assert_int_eq(nxt_here(g, A, "the_great_flat") + nxt_here(g, H, "the_great_flat"), 0);
            ck_assert_int_eq(nx_game_state(g)->play.spice[nxt_section("the_great_flat")], 0);
            ck_assert_int_eq(nxt_spice(g, A), 10);    /* no one is paid for the leaders */
            ck_assert_int_eq(nxt_card_zone(g, cases[i].weapon), NX_Z_TREACHERY_DISCARD);
            ck_assert_int_eq(nx_game_state(g)->play.battle_winner, NX_NO_SEAT);
        } else if (cases[i].dies) {
            /* 2 + 2 against nothing: Atreides wins and is paid Feyd's 6. */
            ck_assert_int_eq(nxt_here(g, H, "the_great_flat"), 0);
            ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 3);
            ck_assert_int_eq(nxt_spice(g, A), 16);
        } else {
            /* 2 + 2 against 0 + 6: Harkonnen wins with its dial of 0. */
            ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);
            ck_assert_int_eq(nxt_here(g, H, "the_great_flat"), 5);
            ck_assert_int_eq(nxt_card_zone(g, cases[i].weapon), NX_Z_TREACHERY_DISCARD);
        }
        nx_game_free(g);
    }
}
END_TEST

START_TEST(every_base_pair)
{
    /* Every base weapon, worthless card or none against every base
     * defense, worthless card or none: a projectile weapon kills unless
     * the defense is a Shield, a poison weapon unless it is a Snooper, the
     * Lasgun always (with a Shield: the explosion), nothing else ever.
     * The readable form: tests/scenarios/battle_pairs_*.yaml. */
    enum { NONE, PROJECTILE, POISON, LASGUN, WORTHLESS };
    static const struct {
        const char *id;
        int kind;
    } weapons[] = {
        { "treachery:crysknife", PROJECTILE }, { "treachery:maula_pistol", PROJECTILE }, { "treachery:slip_tip", PROJECTILE },
        { "treachery:stunner", PROJECTILE },   { "treachery:chaumas", POISON },          { "treachery:chaumurky", POISON },
        { "treachery:ellaca_drug", POISON },   { "treachery:gom_jabbar", POISON },       { "treachery:lasgun", LASGUN },
        { "treachery:baliset", WORTHLESS },    { "treachery:jubba_cloak", WORTHLESS },   { "treachery:kulon", WORTHLESS },
        { "treachery:la_la_la", WORTHLESS },   { "treachery:trip_to_gamont", WORTHLESS }, { NULL, NONE },
    };
    static const char *const defences[] = { NULL, "treachery:shield#1", "treachery:snooper#1", "treachery:baliset",
                                            "treachery:jubba_cloak", "treachery:kulon", "treachery:la_la_la",
                                            "treachery:trip_to_gamont" };
    for (size_t w = 0; w < sizeof weapons / sizeof weapons[0]; w++)
        for (size_t d = 0; d < sizeof defences / sizeof defences[0]; d++) {
            const char *weapon = weapons[w].id, *defence = defences[d];
            if (weapon && defence && !strcmp(weapon, defence)) continue;
            int shield = d == 1, snooper = d == 2, kind = weapons[w].kind;
            int dies = (kind == PROJECTILE && !shield) || (kind == POISON && !snooper) || kind == LASGUN;
            int boom = kind == LASGUN && shield;
            nx_game *g = fight(0);
            nxt_hand(g, A, weapon, NULL, NULL);
            nxt_hand(g, H, defence, NULL, NULL);
            nxt_go(g);
            char body[256];
            nx_fmt(body, sizeof body, "\"leader\":\"leader:duncan_idaho\",\"dial\":1%s%s%s", weapon ? ",\"weapon\":\"" : "",
                     weapon ? weapon : "", weapon ? "\"" : "");
            nxt_plan(g, A, body);
            nx_fmt(body, sizeof body, "\"leader\":\"leader:feyd_rautha\",\"dial\":1%s%s%s", defence ? ",\"defense\":\"" : "",
                     defence ? defence : "", defence ? "\"" : "");
            nxt_plan(g, H, body);
            nxt_no_calls(g);
            ck_assert_msg(nxt_leader_dead(g, "feyd_rautha") == dies, "%s against %s: Feyd dies %d", weapon, defence, dies);
            ck_assert_msg(nxt_leader_dead(g, "duncan_idaho") == boom, "%s against %s: explosion %d", weapon, defence, boom);
            nx_game_free(g);
        }
}
END_TEST

START_TEST(explosion_takes_the_territory)
{
    /* The Lasgun player's own Shield counts; every faction in the territory
     * loses its forces, the Emperor's across the sector line too (LV 3.01:
     * the whole territory, a fixed rule since issue 13). */
    {
        nx_game *g = nxt_battle_new(AHE, 3, 0);
        nxt_mut(g)->play.storm_sector = 9;
        nxt_put(g, A, "old_gap.east", 3, 0);
        nxt_put(g, H, "old_gap.east", 3, 0);
        nxt_put(g, E, "old_gap.west", 2, 0);
        nxt_hand(g, A, "treachery:lasgun", "treachery:shield#2", NULL);
        nxt_go(g);
        nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":1,\"weapon\":\"treachery:lasgun\",\"defense\":\"treachery:shield#2\"");
        nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1");
        nxt_no_calls(g);
        ck_assert(nxt_leader_dead(g, "duncan_idaho") && nxt_leader_dead(g, "umman_kudu"));
        ck_assert_int_eq(nxt_here(g, A, "old_gap.east") + nxt_here(g, H, "old_gap.east"), 0);
        ck_assert_int_eq(nxt_here(g, E, "old_gap.west"), 0);
        ck_assert_int_eq(nxt_card_zone(g, "treachery:shield#2"), NX_Z_TREACHERY_DISCARD);
        nx_game_free(g);
    }
}
END_TEST

/* ---- totals ---------------------------------------------------------------------------------------- */

START_TEST(tie_goes_to_the_aggressor)
{
    for (int first = 0; first < 2; first++) {
        nx_game *g = fight(0);
        nxt_mut(g)->first_seat = first ? H : A;
        nxt_go(g);
        nxt_plan(g, A, "\"leader\":\"leader:gurney_halleck\",\"dial\":2");   /* 4 + 2 */
        nxt_plan(g, H, "\"leader\":\"leader:beast_rabban\",\"dial\":2");     /* 4 + 2 */
        nxt_no_calls(g);
        int w = first ? H : A;
        ck_assert_int_eq(nxt_here(g, w, "the_great_flat"), 3);
        ck_assert_int_eq(nxt_here(g, w == A ? H : A, "the_great_flat"), 0);
        ck_assert_int_eq(nxt_tanks(g, w == A ? H : A), 5);
        ck_assert(!nxt_leader_dead(g, "gurney_halleck") && !nxt_leader_dead(g, "beast_rabban"));  /* losing kills no leader */
        nx_game_free(g);
    }
}
END_TEST

START_TEST(killed_leaders_pay_the_winner)
{
    /* Both leaders die; the winner gets both strengths (2 + 6). */
    nx_game *g = fight(0);
    nxt_hand(g, A, "treachery:crysknife", NULL, NULL);
    nxt_hand(g, H, "treachery:chaumas", NULL, NULL);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":3,\"weapon\":\"treachery:crysknife\"");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":2,\"weapon\":\"treachery:chaumas\"");
    nxt_no_calls(g);
    ck_assert(nxt_leader_dead(g, "duncan_idaho") && nxt_leader_dead(g, "feyd_rautha"));
    ck_assert_int_eq(nx_game_state(g)->play.battle_winner, A);      /* 3 against 2 */
    ck_assert_int_eq(nxt_spice(g, A), 18);
    ck_assert_int_eq(nxt_spice(g, H), 10);
    /* The winner keeps or discards its weapon. */
    nxt_ok(g, A, "\"type\":\"keep_cards\",\"keep\":[]");
    ck_assert_int_eq(nxt_card_zone(g, "treachery:crysknife"), NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:chaumas"), NX_Z_TREACHERY_DISCARD);
    nx_game_free(g);
}
END_TEST

/* ---- traitors ---------------------------------------------------------------------------------------- */

START_TEST(single_traitor)
{
    nx_game *g = fight(1);
    nxt_traitor(g, H, "gurney_halleck");
    nxt_hand(g, H, "treachery:cheap_hero#1", NULL, NULL);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:gurney_halleck\",\"dial\":5,\"spice\":5");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1,\"spice\":1");
    /* Both may call; the answers look alike until both are in. */
    nxt_refused(g, A, "\"type\":\"call_traitor\"", "illegal", "no Traitor Card of Umman Kudu");
    json_t *r = nxt_done(g, H, "\"type\":\"call_traitor\"");
    ck_assert_uint_eq(json_array_size(json_object_get(r, "log")), 0);   /* a call logs nothing, like a pass */
    json_decref(r);
    r = nxt_done(g, A, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "calls traitor: it holds the Traitor Card of Gurney Halleck"));
    json_decref(r);
    ck_assert(nxt_leader_dead(g, "gurney_halleck"));
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);
    ck_assert_int_eq(nxt_here(g, H, "the_great_flat"), 5);    /* the caller loses nothing */
    ck_assert_int_eq(nxt_spice(g, H), 10 + 4);                /* Gurney's strength, no support paid */
    ck_assert_int_eq(nxt_spice(g, A), 10 - 5);                /* the betrayed pays its support */
    /* The caller's leader is free again (LV 1.07.06). */
    ck_assert_int_eq(nx_game_state(g)->play.leader_fought[nx_leader_find("umman_kudu")], 0);
    nx_game_free(g);
}
END_TEST


START_TEST(two_traitors)
{
    nx_game *g = fight(0);
    nxt_traitor(g, A, "feyd_rautha");
    nxt_traitor(g, H, "duncan_idaho");
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":2");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":2");
    nxt_ok(g, A, "\"type\":\"call_traitor\"");
    nxt_ok(g, H, "\"type\":\"call_traitor\"");
    ck_assert(nxt_leader_dead(g, "duncan_idaho") && nxt_leader_dead(g, "feyd_rautha"));
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat") + nxt_here(g, H, "the_great_flat"), 0);
    ck_assert_int_eq(nxt_spice(g, A) + nxt_spice(g, H), 20);
    ck_assert_int_eq(nx_game_state(g)->play.battle_winner, NX_NO_SEAT);
    nx_game_free(g);
}
END_TEST

START_TEST(harkonnen_calls_for_its_ally)
{
    nx_game *g = nxt_battle_new(AHE, 3, 0);
    nxt_ally(g, H, E);
    nxt_put(g, A, "the_great_flat", 4, 0);
    nxt_put(g, E, "the_great_flat", 4, 0);
    nxt_traitor(g, H, "thufir_hawat");
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:thufir_hawat\",\"dial\":4");
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":0");
    ck_assert_ptr_nonnull(nxt_decision(g, H, NX_PEND_TRAITOR_CALL));
    nxt_ok(g, H, "\"type\":\"call_traitor\"");
    nxt_ok(g, A, "\"type\":\"pass\"");
    nxt_ok(g, E, "\"type\":\"pass\"");
    ck_assert(nxt_leader_dead(g, "thufir_hawat"));
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);
    ck_assert_int_eq(nxt_spice(g, E), 15);                     /* the ally is paid */
    ck_assert_int_eq(nxt_here(g, E, "the_great_flat"), 4);
    nx_game_free(g);
}
END_TEST

/* ---- Advanced: support and elite forces ---------------------------------------------------------- */

START_TEST(support_and_elite)
{
    /* Emperor: 2 ordinary + 2 Sardaukar against Atreides.  Full strength
     * 2 + 4 = 6 with 4 spice; with 2 spice on the Sardaukar 4 + 1 = 5. */
    nx_game *g = nxt_battle_new(AHE, 3, 1);
    nxt_put(g, A, "the_great_flat", 6, 0);
    nxt_put(g, E, "the_great_flat", 2, 2);
    nxt_go(g);
    nxt_refused(g, E, "\"type\":\"battle_plan\",\"leader\":\"leader:bashar\",\"dial\":7,\"spice\":4", "illegal", "makes a dial of 7");
    nxt_refused(g, E, "\"type\":\"battle_plan\",\"leader\":\"leader:bashar\",\"dial\":6,\"spice\":11", "illegal", "you have 10 spice");
    nxt_refused(g, E, "\"type\":\"battle_plan\",\"leader\":\"leader:bashar\",\"dial\":3,\"spice\":3,\"elite\":0", "illegal", "no such set");
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":5,\"spice\":2");
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":2.5,\"spice\":2");
    nxt_no_calls(g);
    /* 5 + 2 against 2.5 + 1: the Emperor wins, loses the 2 supported
     * Sardaukar and the 2 half-strength ordinary forces it dialed; both pay. */
    ck_assert_int_eq(nxt_tanks(g, E), 4);
    ck_assert_int_eq(nxt_spice(g, E), 8);
    ck_assert_int_eq(nxt_spice(g, A), 8);
    ck_assert_int_eq(nxt_here(g, A, "the_great_flat"), 0);
    nx_game_free(g);

    /* Against Fremen, Sardaukar count single: 2 supported are 2, and the
     * Fremen count full without spice (and may pay none). */
    static const nx_faction ef[] = { NX_EMPEROR, NX_FREMEN };
    g = nxt_battle_new(ef, 2, 1);
    nxt_put(g, 0, "the_great_flat", 0, 2);
    nxt_put(g, 1, "the_great_flat", 2, 1);
    nxt_go(g);
    nxt_refused(g, 0, "\"type\":\"battle_plan\",\"leader\":\"leader:bashar\",\"dial\":4,\"spice\":2", "illegal", "makes a dial of 4");
    nxt_refused(g, 1, "\"type\":\"battle_plan\",\"leader\":\"leader:jamis\",\"dial\":4,\"spice\":1", "illegal", "need no spice");
    nxt_plan(g, 0, "\"leader\":\"leader:bashar\",\"dial\":1.5,\"spice\":1");
    nxt_plan(g, 1, "\"leader\":\"leader:jamis\",\"dial\":4");
    nxt_no_calls(g);
    /* 4 + 2 against 1.5 + 2: the Fremen win and lose 2 ordinary + 1 Fedaykin (2). */
    ck_assert_int_eq(nxt_here(g, 0, "the_great_flat"), 0);
    ck_assert_int_eq(nxt_tanks(g, 1), 3);
    ck_assert_int_eq(nxt_spice(g, 0), 9);
    nx_game_free(g);
}
END_TEST

START_TEST(support_readings)
{
    /* turn.battle_support_payer "winner_only": the loser keeps its spice. */
    nx_game *g = fight(1);
    nxt_mut(g)->play.rule[NX_RULE_SUPPORT_PAYS] = NX_RS_TURN_BATTLE_SUPPORT_PAYER_WINNER_ONLY;
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":4,\"spice\":4");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1,\"spice\":1");
    nxt_no_calls(g);
    ck_assert_int_eq(nxt_spice(g, A), 6);
    ck_assert_int_eq(nxt_spice(g, H), 10);
    nx_game_free(g);
}
END_TEST

/* ---- the winner's cards ----------------------------------------------------------------------------- */

START_TEST(winner_cards)
{
    /* A worthless card is kept or discarded like any other (LV 1.07.06). */
    {
        nx_game *g = fight(0);
        nxt_hand(g, A, "treachery:kulon", "treachery:snooper#2", NULL);
        nxt_go(g);
        nxt_plan(g, A, "\"leader\":\"leader:thufir_hawat\",\"dial\":1,\"weapon\":\"treachery:kulon\",\"defense\":\"treachery:snooper#2\"");
        nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1");
        nxt_no_calls(g);
        const nx_pending *p = nxt_decision(g, A, NX_PEND_BATTLE_CARDS);
        ck_assert_int_eq(p->noptions, 2);
        ck_assert_int_eq(nxt_card_zone(g, "treachery:kulon"), NX_Z_SEAT(A, NX_ZS_TREACHERY));
        nxt_refused(g, A, "\"type\":\"keep_cards\",\"keep\":[\"treachery:lasgun\"]", "illegal", "not a card you played");
        nxt_refused(g, A, "\"type\":\"keep_cards\",\"keep\":\"all\"", "malformed", "must be a list");
        nxt_ok(g, A, "\"type\":\"keep_cards\",\"keep\":[\"treachery:snooper#2\"]");
        ck_assert_int_eq(nxt_card_zone(g, "treachery:snooper#2"), NX_Z_SEAT(A, NX_ZS_TREACHERY));
        ck_assert_int_eq(nxt_card_zone(g, "treachery:kulon"), NX_Z_TREACHERY_DISCARD);
        nx_game_free(g);
    }
}
END_TEST

/* ---- Harkonnen capture (Advanced) --------------------------------------------------------------------- */

static nx_game *harkonnen_wins(void)
{
    nx_game *g = fight(1);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":1,\"spice\":1");
    nxt_no_calls(g);
    return g;
}

START_TEST(capture)
{
    nx_game *g = harkonnen_wins();
    const nx_pending *p = nxt_decision(g, H, NX_PEND_CAPTURE);
    ck_assert_ptr_nonnull(p);
    int l = nx_comp_leader(p->options[0]);
    ck_assert_int_eq(nx_leader_get(l)->faction, NX_ATREIDES);
    nxt_ok(g, H, "\"type\":\"capture\",\"mode\":\"capture\"");
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nx_comp_leader_disc(l)], NX_Z_SEAT(H, NX_ZS_LEADERS));
    nx_game_free(g);

    g = harkonnen_wins();
    nxt_refused(g, H, "\"type\":\"capture\",\"mode\":\"eat\"", "malformed", "\"mode\" must be");
    l = nx_comp_leader(nxt_decision(g, H, NX_PEND_CAPTURE)->options[0]);
    nxt_ok_logs(g, H, "\"type\":\"capture\",\"mode\":\"kill\"", "lies face down in the Tanks");
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nx_comp_leader_disc(l)], NX_Z_TANKS);
    /* Every view records the leader face down, not as an ordinary death. */
    json_t *v = nx_view_json(nx_game_state(g), -1);
    json_t *down = json_object_get(json_object_get(v, "board"), "leaders_face_down");
    ck_assert_int_eq(json_array_size(down), 1);
    ck_assert_str_eq(json_string_value(json_array_get(down, 0)), nx_comp_id(nx_comp_leader_disc(l)));
    json_decref(v);
    ck_assert_int_eq(nxt_spice(g, H), 10 - 1 + 2);
    /* Killed by the Harkonnen, it lies face down: its owner cannot revive
     * it before its other leaders have died again (LV 2.05; issue 13 item 10). */
    ck_assert(nx_play_bit(nx_game_state(g)->play.leader_again, l));
    ck_assert(!nx_board_leader_revivable(nx_game_state(g), l));
    nx_game_free(g);

    /* Basic: no capture. */
    g = fight(0);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":1");
    nxt_no_calls(g);
    ck_assert_ptr_null(nxt_decision(g, H, NX_PEND_CAPTURE));
    nx_game_free(g);
}
END_TEST

START_TEST(captive_fights_then_goes_home)
{
    /* Harkonnen holds Duncan Idaho captive and fields him; he survives
     * and goes back to Atreides at the end of the phase. */
    nx_game *g = nxt_battle_new(AHE, 3, 1);
    nx_custody_move(&nxt_mut(g)->custody, nx_comp_leader_disc(nx_leader_find("duncan_idaho")), NX_Z_SEAT(H, NX_ZS_LEADERS));
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_put(g, E, "the_great_flat", 1, 0);
    nxt_go(g);
    nxt_plan(g, H, "\"leader\":\"leader:duncan_idaho\",\"dial\":3,\"spice\":3");
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":0");
    nxt_no_calls(g);
    ck_assert_int_eq(nx_game_state(g)->play.battle_winner, H);
    nxt_ok(g, H, "\"type\":\"pass\"");       /* no capture this time */
    ck_assert(!nxt_in_phase(g, NX_P_BATTLE));
    ck_assert_int_eq(nxt_leader_zone(g, "duncan_idaho"), NX_Z_SEAT(A, NX_ZS_LEADERS));
    nx_game_free(g);
}
END_TEST

/* ---- bots ----------------------------------------------------------------------------------------------- */

static nx_game *calls_open(void)
{
    nx_game *g = fight(1);
    nxt_traitor(g, H, "duncan_idaho");
    nxt_hand(g, A, "treachery:lasgun", "treachery:shield#1", "treachery:chaumas");
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":1");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1");
    return g;
}

static nx_game *plans_open(void)
{
    nx_game *g = fight(1);
    nxt_hand(g, A, "treachery:lasgun", "treachery:shield#1", "treachery:cheap_hero#2");
    nxt_hand(g, H, "treachery:chaumas", "treachery:snooper#1", "treachery:la_la_la");
    nxt_go(g);
    return g;
}

static nx_game *sardaukar_plans(void)
{
    nx_game *g = nxt_battle_new(AHE, 3, 1);
    nxt_put(g, A, "the_great_flat", 6, 0);
    nxt_put(g, E, "the_great_flat", 3, 3);
    nxt_go(g);
    return g;
}

START_TEST(bots_list_legal_moves)
{
    nxt_stage_check_moves(plans_open, A);
    nxt_stage_check_moves(plans_open, H);
    nxt_stage_check_moves(sardaukar_plans, E);
    nxt_stage_check_moves(sardaukar_plans, A);
    nxt_stage_check_moves(calls_open, H);
    nxt_stage_check_moves(calls_open, A);
    nxt_stage_check_moves(harkonnen_wins, H);
    /* The bot calls the traitor it holds. */
    nx_game *g = calls_open();
    nxt_play_best(g, H);
    nxt_ok(g, A, "\"type\":\"pass\"");
    ck_assert(nxt_leader_dead(g, "duncan_idaho"));
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("battle_resolve");
    TCase *tc = tcase_create("resolve");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, weapon_defence_pairs);
    tcase_add_test(tc, every_base_pair);
    tcase_add_test(tc, explosion_takes_the_territory);
    tcase_add_test(tc, tie_goes_to_the_aggressor);
    tcase_add_test(tc, killed_leaders_pay_the_winner);
    tcase_add_test(tc, single_traitor);
    tcase_add_test(tc, two_traitors);
    tcase_add_test(tc, harkonnen_calls_for_its_ally);
    tcase_add_test(tc, support_and_elite);
    tcase_add_test(tc, support_readings);
    tcase_add_test(tc, winner_cards);
    tcase_add_test(tc, capture);
    tcase_add_test(tc, captive_fights_then_goes_home);
    tcase_add_test(tc, bots_list_legal_moves);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
