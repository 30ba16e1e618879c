/*
 * The special Treachery cards outside the battle plan
 * (docs/rules/special-cards.md): Weather Control and Family Atomics in the
 * Storm phase's window (interpreter/turn/nx_phase_storm.c), Tleilaxu Ghola
 * (nx_phase_revival.c), Truthtrance (nx_truthtrance.c), and the limit on the
 * Emperor's gift while its support is committed (nx_ally.c).
 *
 * Seats (nxt_classic6): Atreides, Bene Gesserit, Emperor, Fremen, Harkonnen,
 * Guild on circles 3, 6, .., 18.
 */
#include "nx_phase_testutil.h"
#include "nx_text.h"

#define CARD(id) nxt_comp("treachery:" id)
#define HAND(g, seat, ...) nxt_stage_hand((g), (seat), (const nx_comp[]){ __VA_ARGS__, NX_COMP_NONE })
#define NO_HAND(g, seat) nxt_stage_hand((g), (seat), (const nx_comp[]){ NX_COMP_NONE })

static int in_discard(const nx_game *g, nx_comp card) { return nx_game_state(g)->custody.zone[card] == NX_Z_TREACHERY_DISCARD; }

/*
 * Turn 2, storm in sector `storm`, the Atreides and the Emperor dial (an
 * Advanced game's storm card goes back to the deck); nobody on the board
 * and nobody holding a card until the test says so; the Spice Blow that
 * follows touches nothing here.
 */
static nx_game *storm_at(int storm, int advanced)
{
    nx_game *g = nxt_at_first_storm(advanced);
    nxt_first_storm_to(g, 18);
    nxt_stage_phase(g, NX_P_STORM, 2);
    nx_state *s = nxt_mut(g);
    nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(NXT_FRE, NX_ZS_STORM_CARD));
    if (card != NX_COMP_NONE) nx_custody_move(&s->custody, card, NX_Z_STORM_DECK);
    s->play.storm_sector = (uint8_t)storm;
    s->play.dialers[0] = NXT_ATR;
    s->play.dialers[1] = NXT_EMP;
    for (int seat = 0; seat < 6; seat++) {
        nxt_clear_board(g, seat);
        NO_HAND(g, (uint8_t)seat);
    }
    memset(s->play.spice, 0, sizeof s->play.spice);
    NXT_STACK(g, "spice:the_great_flat", "spice:funeral_plain");
    return g;
}

static nx_game *turn2_storm(int storm) { return storm_at(storm, 0); }

/* Poke the staged storm and dial 1 + 1. */
static void dial_two(nx_game *g)
{
    json_decref(nxt_poke(g));
    nxt_ok(g, NXT_ATR, nxt_dial(1));
    nxt_ok(g, NXT_EMP, nxt_dial(1));
}

/* Everyone still asked passes; returns the last result (decref). */
static json_t *pass_window(nx_game *g)
{
    json_t *r = NULL;
    for (int seat = 0; seat < 6; seat++)
        while (nxt_decision(g, seat, NX_PEND_STORM_CARDS)) {
            if (r) json_decref(r);
            r = nxt_done(g, seat, "\"type\":\"pass\"");
        }
    return r;
}

/* ---- the window ---------------------------------------------------------------- */

START_TEST(no_window_on_turn_one)
{
    nx_game *g = nxt_at_first_storm(0);
    HAND(g, NXT_ATR, CARD("weather_control"));
    HAND(g, NXT_HAR, CARD("family_atomics"));
    nxt_ok(g, NXT_HAR, nxt_dial(2));
    json_t *r = nxt_done(g, NXT_GLD, nxt_dial(3));
    ck_assert(nxt_log_has(r, "moves 5 sectors from sector 18 to sector 5"));
    json_decref(r);
    for (int seat = 0; seat < 6; seat++) ck_assert(!nxt_decision(g, seat, NX_PEND_STORM_CARDS));
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_STORM);
    nx_game_free(g);
}
END_TEST

START_TEST(window_asks_every_card_holder_alike)
{
    nx_game *g = turn2_storm(1);
    HAND(g, NXT_ATR, CARD("weather_control"));
    HAND(g, NXT_HAR, CARD("baliset"));
    HAND(g, NXT_FRE, CARD("family_atomics"), CARD("karama#1"));
    dial_two(g);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->phase, NX_P_STORM);
    ck_assert_int_eq(s->npending, 3);
    for (int i = 0; i < 3; i++) {
        const nx_pending *p = &s->pending[i];
        ck_assert_int_eq(p->kind, NX_PEND_STORM_CARDS);
        ck_assert_int_eq(p->min, 0);
        ck_assert_int_eq(p->max, 10);
        ck_assert_str_eq(p->prompt, s->pending[0].prompt);
        ck_assert_int_eq(p->event, s->pending[0].event);
    }
    /* The coming movement is public in the view (not in the prompt, which
     * Weather Control could make stale). */
    ck_assert_int_eq(s->play.storm_move, 2 + 1);
    ck_assert(!nxt_decision(g, NXT_BG, NX_PEND_STORM_CARDS));   /* no cards, not asked */
    /* The storm waits for every answer. */
    ck_assert_int_eq(s->play.storm_sector, 1);
    /* A holder's pass logs nothing, like anyone's; the round's last pass
     * closes the window with one line. */
    json_t *r = nxt_done(g, NXT_FRE, "\"type\":\"pass\"");
    ck_assert_uint_eq(json_array_size(json_object_get(r, "log")), 0);
    json_decref(r);
    r = pass_window(g);
    ck_assert(nxt_log_has(r, "no storm card is played"));
    ck_assert(nxt_log_has(r, "moves 2 sectors from sector 1 to sector 3"));
    json_decref(r);
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_STORM);
    nx_game_free(g);
}
END_TEST

START_TEST(no_window_once_both_cards_are_discarded)
{
    nx_game *g = turn2_storm(1);
    HAND(g, NXT_ATR, CARD("baliset"));
    nx_custody_move(&nxt_mut(g)->custody, CARD("weather_control"), NX_Z_TREACHERY_DISCARD);
    nx_custody_move(&nxt_mut(g)->custody, CARD("family_atomics"), NX_Z_TREACHERY_DISCARD);
    dial_two(g);
    ck_assert(!nxt_decision(g, NXT_ATR, NX_PEND_STORM_CARDS));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 3);
    nx_game_free(g);
}
END_TEST

/* ---- Weather Control ------------------------------------------------------------- */

START_TEST(weather_control_refusals)
{
    nx_game *g = turn2_storm(1);
    HAND(g, NXT_ATR, CARD("weather_control"));
    HAND(g, NXT_HAR, CARD("baliset"));
    dial_two(g);
    nxt_refused(g, NXT_HAR, "\"type\":\"weather_control\",\"sectors\":4", "illegal", "you hold no Weather Control");
    nxt_refused(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":11", "illegal", "\"sectors\" must be from 0 to 10");
    nxt_refused(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":-1", "illegal", "\"sectors\" must be from 0 to 10");
    nxt_refused(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":\"4\"", "malformed", "integer");
    nxt_refused(g, NXT_ATR, "\"type\":\"weather_control\"", "malformed", "\"sectors\"");
    nxt_refused(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":4,\"to\":3", "malformed", "unknown key");
    nxt_refused(g, NXT_EMP, "\"type\":\"weather_control\",\"sectors\":4", "illegal", "no storm_cards decision");
    nxt_refused(g, NXT_ATR, "\"type\":\"family_atomics\"", "illegal", "you hold no Family Atomics");
    nx_game_free(g);
}
END_TEST

/* Forces on sand in sectors 2..6; Weather Control moves the storm 5. */
START_TEST(weather_control_moves_the_storm)
{
    nx_game *g = turn2_storm(1);
    HAND(g, NXT_ATR, CARD("weather_control"));
    HAND(g, NXT_HAR, CARD("baliset"));
    nxt_put(g, NXT_HAR, "south_mesa.middle", 4, 0);      /* sector 4 */
    nxt_put(g, NXT_GLD, "the_minor_erg.north", 2, 0);    /* sector 6 */
    nxt_put(g, NXT_FRE, "sihaya_ridge", 3, 0);           /* sector 8: spared */
    dial_two(g);
    json_t *r = nxt_done(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":5");
    ck_assert(nxt_log_has(r, "Atreides plays Weather Control: the storm will move 5 sectors instead of 2"));
    json_decref(r);
    ck_assert(in_discard(g, CARD("weather_control")));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 1);
    /* A card was played: the window opens once more for every holder
     * (the Atreides hold nothing now). */
    r = pass_window(g);
    ck_assert(nxt_log_has(r, "no other storm card is played"));
    ck_assert(nxt_log_has(r, "moves 5 sectors from sector 1 to sector 6"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 6);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 4);
    ck_assert_int_eq(nxt_tanks(g, NXT_GLD), 2);
    ck_assert_int_eq(nxt_at(g, NXT_FRE, "sihaya_ridge", 0), 3);
    nx_game_free(g);
}
END_TEST

START_TEST(weather_control_zero_keeps_the_storm)
{
    nx_game *g = turn2_storm(4);
    HAND(g, NXT_ATR, CARD("weather_control"));
    nxt_put(g, NXT_HAR, "south_mesa.middle", 4, 0);      /* sector 4, under the storm */
    nxt_put(g, NXT_GLD, "south_mesa.north", 2, 0);       /* sector 5, next */
    nxt_mut(g)->play.rule[NX_RULE_STORM_START_DAMAGE] = NX_RS_TURN_STORM_START_SECTOR_DAMAGE_YES;
    dial_two(g);
    json_t *r = nxt_done(g, NXT_ATR, "\"type\":\"weather_control\",\"sectors\":0");
    /* Nobody else holds a card: the storm moves at once. */
    ck_assert(nxt_log_has(r, "the storm does not move: it stays in sector 4"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 4);
    ck_assert_int_eq(nxt_tanks(g, NXT_HAR), 0);
    ck_assert_int_eq(nxt_tanks(g, NXT_GLD), 0);
    nx_game_free(g);
}
END_TEST

/* ---- Family Atomics -------------------------------------------------------------- */

/*
 * Storm in sector 7 (on the Shield Wall's south half); Harkonnen in the
 * Imperial Basin's west (sector 10) hold Family Atomics; the Emperor on
 * the Shield Wall, the Atreides in Arrakeen (9), the Guild in Carthag
 * (10) and the Imperial Basin's centre (9).  Dials 1 + 1: the storm goes
 * to 9 and hits 8 and 9.
 */
static nx_game *atomics_position(void)
{
    nx_game *g = turn2_storm(7);
    HAND(g, NXT_HAR, CARD("family_atomics"));
    HAND(g, NXT_ATR, CARD("baliset"));
    nxt_put(g, NXT_HAR, "imperial_basin.west", 3, 0);
    nxt_put(g, NXT_EMP, "shield_wall.north", 4, 1);
    nxt_put(g, NXT_BG, "shield_wall.south", 1, 0);
    nxt_put(g, NXT_ATR, "arrakeen", 5, 0);
    nxt_put(g, NXT_GLD, "carthag", 2, 0);
    nxt_put(g, NXT_GLD, "imperial_basin.center", 3, 0);
    return g;
}

START_TEST(family_atomics_blows_the_wall)
{
    nx_game *g = atomics_position();
    dial_two(g);
    json_t *r = nxt_done(g, NXT_HAR, "\"type\":\"family_atomics\"");
    ck_assert(nxt_log_has(r, "Harkonnen plays Family Atomics"));
    ck_assert(nxt_log_has(r, "Family Atomics kills 5 forces of Emperor on Shield Wall (North)"));
    ck_assert(nxt_log_has(r, "Family Atomics kills 1 force of Bene Gesserit on Shield Wall (South)"));
    ck_assert(nxt_log_has(r, "the Shield Wall is destroyed"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->play.shield_wall_down, 1);
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 5);
    /* Set aside, out of play for good: no reshuffle brings it back. */
    ck_assert(!in_discard(g, CARD("family_atomics")));
    ck_assert_int_eq(s->custody.zone[CARD("family_atomics")], NX_Z_SET_ASIDE);
    ck_assert(nxt_view_has(g, -1, "\"shield_wall_destroyed\":true"));
    /* The storm that follows already finds the three unsheltered. */
    json_decref(pass_window(g));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 9);
    ck_assert_int_eq(nxt_tanks(g, NXT_ATR), 5);                           /* Arrakeen, sector 9 */
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "imperial_basin.center", 0), 0);  /* sector 9 */
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "carthag", 0), 2);                /* sector 10: not hit */
    ck_assert_int_eq(nxt_at(g, NXT_HAR, "imperial_basin.west", 0), 3);
    /* And for the rest of the game: next turn the storm goes 9 -> 11 and
     * takes Carthag and the west of the basin. */
    nxt_stage_phase(g, NX_P_STORM, 3);
    NXT_STACK(g, "spice:the_great_flat", "spice:funeral_plain");
    dial_two(g);
    json_decref(pass_window(g));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 11);
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "carthag", 0), 0);
    ck_assert_int_eq(nxt_at(g, NXT_HAR, "imperial_basin.west", 0), 0);
    nx_game_free(g);
}
END_TEST

START_TEST(shelter_stands_without_atomics)
{
    nx_game *g = atomics_position();
    dial_two(g);
    json_decref(pass_window(g));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, 9);
    ck_assert_int_eq(nxt_at(g, NXT_ATR, "arrakeen", 0), 5);
    ck_assert_int_eq(nxt_at(g, NXT_GLD, "imperial_basin.center", 0), 3);
    ck_assert_int_eq(nxt_at(g, NXT_EMP, "shield_wall.north", 0), 4);
    nx_game_free(g);
}
END_TEST

START_TEST(family_atomics_refusals)
{
    /* The storm in 9 stands between the west of the basin (10) and the
     * Wall (7, 8). */
    nx_game *g = atomics_position();
    nxt_mut(g)->play.storm_sector = 9;
    dial_two(g);
    nxt_refused(g, NXT_HAR, "\"type\":\"family_atomics\"", "illegal", "no storm between your sector and the Wall");
    nxt_refused(g, NXT_HAR, "\"type\":\"family_atomics\",\"sectors\":1", "malformed", "unknown key");
    nxt_refused(g, NXT_ATR, "\"type\":\"family_atomics\"", "illegal", "you hold no Family Atomics");
    nx_game_free(g);
    /* Launched from the Wall itself, storm or not. */
    g = atomics_position();
    nxt_mut(g)->play.storm_sector = 9;
    HAND(g, NXT_EMP, CARD("family_atomics"));
    dial_two(g);
    nxt_ok(g, NXT_EMP, "\"type\":\"family_atomics\"");
    ck_assert_int_eq(nxt_tanks(g, NXT_EMP), 5);
    nx_game_free(g);
    /* Next to the Wall with the storm elsewhere: the Atreides in Arrakeen
     * are not next to it (Arrakeen does not border the Shield Wall). */
    g = atomics_position();
    HAND(g, NXT_ATR, CARD("family_atomics"));
    dial_two(g);
    nxt_refused(g, NXT_ATR, "\"type\":\"family_atomics\"", "illegal", "needs your forces on the Shield Wall");
    nx_game_free(g);
    /* Once the Wall is down. */
    g = atomics_position();
    nxt_mut(g)->play.shield_wall_down = 1;
    dial_two(g);
    nxt_refused(g, NXT_HAR, "\"type\":\"family_atomics\"", "illegal", "already destroyed");
    nx_game_free(g);
}
END_TEST

/* Advanced Bene Gesserit advisors are no launch site. */
START_TEST(advisors_launch_nothing)
{
    nx_game *g = storm_at(1, 1);
    nx_state *s = nxt_mut(g);
    HAND(g, NXT_BG, CARD("family_atomics"));
    nxt_put(g, NXT_BG, "hole_in_the_rock", 1, 0);
    nx_board_set_advisor(s, nxt_section("hole_in_the_rock"), 1);
    dial_two(g);
    nxt_refused(g, NXT_BG, "\"type\":\"family_atomics\"", "illegal", "needs your forces on the Shield Wall");
    nx_board_set_advisor(nxt_mut(g), nxt_section("hole_in_the_rock"), 0);
    nxt_ok(g, NXT_BG, "\"type\":\"family_atomics\"");
    nx_game_free(g);
}
END_TEST

/* ---- secrecy and bots ------------------------------------------------------------- */

/* The same position with Weather Control in the Atreides hand or in the
 * deck (a Baliset in hand instead): every other viewer sees the same
 * thing, before and after the Atreides answer. */
static nx_game *secrecy_position(int holds)
{
    nx_game *g = turn2_storm(1);
    HAND(g, NXT_ATR, holds ? CARD("weather_control") : CARD("baliset"));
    HAND(g, NXT_HAR, CARD("kulon"));
    nx_custody_move(&nxt_mut(g)->custody, holds ? CARD("baliset") : CARD("weather_control"), NX_Z_TREACHERY_DECK);
    dial_two(g);
    return g;
}

static void same_views(nx_game *a, nx_game *b)
{
    for (int viewer = -1; viewer < 6; viewer++) {
        if (viewer == NXT_ATR) continue;
        char *va = nxt_view_text(a, viewer), *vb = nxt_view_text(b, viewer);
        ck_assert_msg(!strcmp(va, vb), "viewer %d tells the hands apart", viewer);
        free(va), free(vb);
    }
}

START_TEST(window_keeps_the_holder_secret)
{
    nx_game *a = secrecy_position(1), *b = secrecy_position(0);
    ck_assert(nxt_decision(a, NXT_ATR, NX_PEND_STORM_CARDS) && nxt_decision(b, NXT_ATR, NX_PEND_STORM_CARDS));
    same_views(a, b);
    json_t *ra = nxt_done(a, NXT_ATR, "\"type\":\"pass\""), *rb = nxt_done(b, NXT_ATR, "\"type\":\"pass\"");
    char *la = json_dumps(json_object_get(ra, "log"), 0), *lb = json_dumps(json_object_get(rb, "log"), 0);
    ck_assert_str_eq(la, lb);
    free(la), free(lb);
    json_decref(ra), json_decref(rb);
    same_views(a, b);
    nx_game_free(a), nx_game_free(b);
}
END_TEST

START_TEST(bot_candidates_are_legal)
{
    nx_game *g = atomics_position();
    HAND(g, NXT_HAR, CARD("family_atomics"), CARD("weather_control"));
    dial_two(g);
    /* pass, 11 Weather Control movements, Family Atomics. */
    ck_assert_int_eq(nxt_all_moves_accepted(g, NXT_HAR), 13);
    ck_assert_int_eq(nxt_all_moves_accepted(g, NXT_ATR), 1);
    /* Blowing the Wall kills the Emperor's 5 and opens Arrakeen and the
     * basin to this storm: the Harkonnen bot plays it. */
    nxt_play_best(g, NXT_HAR);
    ck_assert_int_eq(nx_game_state(g)->play.shield_wall_down, 1);
    nx_game_free(g);
}
END_TEST

/* ---- Tleilaxu Ghola ----------------------------------------------------------------- */

static const nx_faction aef[] = { NX_ATREIDES, NX_EMPEROR, NX_FREMEN };

/* Revival on turn 10 (staged, not yet begun): `holder` holds the Ghola;
 * the Atreides have 6 forces and Duncan Idaho in the Tanks (their other
 * leaders alive: no ordinary leader revival), the Emperor 3 Sardaukar. */
static nx_game *ghola_position(int advanced, uint8_t holder)
{
    nx_game *g = nxt_stage_new(aef, 3, advanced, NX_P_REVIVAL);
    nx_state *s = nxt_mut(g);
    HAND(g, holder, CARD("tleilaxu_ghola"));
    nx_state_move_forces(s, 0, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_TANKS, 6);
    nx_state_move_forces(s, 1, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_TANKS, 3);
    nx_board_leader_killed(s, nx_leader_find("duncan_idaho"));
    return g;
}

START_TEST(ghola_revives_beyond_limits)
{
    nx_game *g = ghola_position(0, 0);
    json_decref(nxt_stage_go(g));
    ck_assert_ptr_nonnull(nxt_decision(g, 0, NX_PEND_REVIVAL));
    ck_assert(!nx_board_leader_revivable(nx_game_state(g), nx_leader_find("duncan_idaho")));
    nx_state before = *nx_game_state(g);
    json_t *r = nxt_done(g, 0, "\"type\":\"ghola\",\"forces\":5");
    ck_assert(nxt_log_has(r, "Atreides plays Tleilaxu Ghola: 5 forces return from the Tanks free"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->seats[0].forces[NX_PLACE_TANKS][0], 1);
    ck_assert_int_eq(s->seats[0].spice, before.seats[0].spice);
    ck_assert(in_discard(g, CARD("tleilaxu_ghola")));
    /* Still the ordinary revival on top, and the decision still open. */
    ck_assert_ptr_nonnull(nxt_decision(g, 0, NX_PEND_REVIVAL));
    nxt_ok(g, 0, "\"type\":\"revive\",\"forces\":1");
    nx_game_free(g);

    /* A leader, though the revival condition does not hold. */
    g = ghola_position(0, 0);
    json_decref(nxt_stage_go(g));
    r = nxt_done(g, 0, "\"type\":\"ghola\",\"leader\":\"leader:duncan_idaho\"");
    ck_assert(nxt_log_has(r, "Duncan Idaho returns from the Tanks"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nxt_comp("leader:duncan_idaho")], NX_Z_SEAT(0, NX_ZS_LEADERS));
    nx_game_free(g);
}
END_TEST

START_TEST(ghola_refusals)
{
    nx_game *g = ghola_position(0, 0);
    json_decref(nxt_stage_go(g));
    nxt_refused(g, 0, "\"type\":\"ghola\",\"forces\":6", "illegal", "\"forces\" must be from 0 to 5");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"forces\":4,\"elite\":2", "illegal", "at most 5 forces");
    nxt_refused(g, 0, "\"type\":\"ghola\"", "illegal", "one leader or 1 to 5 forces");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"forces\":1,\"leader\":\"leader:duncan_idaho\"", "illegal", "not both");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"leader\":\"leader:thufir_hawat\"", "illegal", "not in the Tleilaxu Tanks");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"leader\":\"leader:bashar\"", "illegal", "not one of your leaders");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"leader\":\"duncan\"", "malformed", "\"leader\"");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"elite\":1", "illegal", "Tanks hold");
    nxt_refused(g, 0, "\"type\":\"ghola\",\"forces\":1,\"to\":2", "malformed", "unknown key");
    nxt_refused(g, 2, "\"type\":\"ghola\",\"forces\":1", "illegal", "you hold no Tleilaxu Ghola");
    nx_game_free(g);
}
END_TEST

/* Advanced: one Sardaukar a turn by every route, the Ghola included. */
START_TEST(ghola_keeps_the_elite_limit)
{
    nx_game *g = ghola_position(1, 1);
    json_decref(nxt_stage_go(g));
    nxt_refused(g, 1, "\"type\":\"ghola\",\"elite\":2", "illegal", "only one elite force");
    nxt_ok(g, 1, "\"type\":\"ghola\",\"elite\":1,\"forces\":0");
    nxt_refused(g, 1, "\"type\":\"revive\",\"elite\":1", "illegal", "only one elite force");
    nx_game_free(g);
}
END_TEST

static nx_game *ghola_bots(void)
{
    nx_game *g = ghola_position(0, 0);
    json_decref(nxt_stage_go(g));
    return g;
}

START_TEST(ghola_bots_play_it_for_a_leader)
{
    nxt_stage_check_moves(ghola_bots, 0);
    nx_game *g = ghola_bots();
    nxt_play_best(g, 0);
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nxt_comp("leader:duncan_idaho")], NX_Z_SEAT(0, NX_ZS_LEADERS));
    nx_game_free(g);
}
END_TEST

/* ---- Truthtrance ------------------------------------------------------------------- */

static nx_game *truth_position(void)
{
    nx_game *g = nxt_stage_new(nxt_classic6, 6, 0, NX_P_REVIVAL);
    HAND(g, NXT_ATR, CARD("truthtrance#1"), CARD("truthtrance#2"));
    HAND(g, NXT_HAR, CARD("lasgun"), CARD("shield#1"));
    nxt_mut(g)->seats[NXT_HAR].spice = 12;
    json_decref(nxt_stage_go(g));
    return g;
}

static void asks(nx_game *g, const char *body, const char *q, const char *answer)
{
    char text[512], want[256];
    nx_fmt(text, sizeof text, "\"type\":\"truthtrance\",%s", body);
    json_t *r = nxt_done(g, NXT_ATR, text);
    nx_fmt(want, sizeof want, "asks Harkonnen: \\\"%s\\\" The answer is %s.", q, answer);
    ck_assert_msg(nxt_log_has(r, want), "log lacks %s", want);
    json_decref(r);
    /* Give the card back for the next question. */
    nx_custody_move(&nxt_mut(g)->custody, CARD("truthtrance#1"), NX_Z_SEAT(NXT_ATR, NX_ZS_TREACHERY));
    nx_custody_move(&nxt_mut(g)->custody, CARD("truthtrance#2"), NX_Z_SEAT(NXT_ATR, NX_ZS_TREACHERY));
}

START_TEST(truthtrance_questions)
{
    nx_game *g = truth_position();
    const nx_state *s = nx_game_state(g);
    nx_comp traitor = nx_custody_top(&s->custody, NX_Z_SEAT(NXT_HAR, NX_ZS_TRAITORS));
    char body[160], q[160];
    asks(g, "\"to\":4,\"ask\":\"holds\",\"card\":\"lasgun\"", "Do you hold a Lasgun?", "yes");
    asks(g, "\"to\":4,\"ask\":\"holds\",\"card\":\"Karama\"", "Do you hold a Karama?", "no");
    asks(g, "\"to\":4,\"ask\":\"spice\",\"at_least\":12", "Do you have at least 12 spice?", "yes");
    asks(g, "\"to\":4,\"ask\":\"spice\",\"at_least\":13", "Do you have at least 13 spice?", "no");
    int l = nx_comp_leader(traitor);
    nx_fmt(body, sizeof body, "\"to\":4,\"ask\":\"traitor\",\"leader\":\"%s\"", nx_comp_id(nx_comp_leader_disc(l)));
    nx_fmt(q, sizeof q, "Do you hold the Traitor Card of %s?", nx_leader_get(l)->name);
    asks(g, body, q, "yes");
    /* One card goes per question. */
    nxt_ok(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"spice\",\"at_least\":1");
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_SEAT(NXT_ATR, NX_ZS_TREACHERY)), 1);
    /* With the two Karama a staged table keeps in the discard (nx_phase_testutil.c). */
    ck_assert_int_eq(nx_custody_count(&nx_game_state(g)->custody, NX_Z_TREACHERY_DISCARD), 1 + 2);
    nx_game_free(g);
}
END_TEST

START_TEST(truthtrance_refusals)
{
    nx_game *g = truth_position();
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":0,\"ask\":\"spice\",\"at_least\":1", "illegal", "another player");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"future\"", "malformed", "\"ask\" must be one of");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"holds\",\"card\":\"lasgun\",\"at_least\":1", "malformed", "unknown key");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"holds\",\"card\":\"laser\"", "malformed", "\"card\"");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":9,\"ask\":\"spice\",\"at_least\":1", "illegal", "\"to\"");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"plan\",\"card\":\"lasgun\"", "illegal", "no sealed battle plan");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"prediction\",\"faction\":\"fremen\"", "illegal", "only the Bene Gesserit");
    nxt_refused(g, NXT_HAR, "\"type\":\"truthtrance\",\"to\":0,\"ask\":\"spice\",\"at_least\":1", "illegal", "you hold no Truthtrance");
    /* Not while a Prescience question waits for its answer. */
    nx_pending *p = nx_state_add_pending(nxt_mut(g), NX_PEND_FORESEE, NXT_HAR);
    p->event = nx_state_new_event(nxt_mut(g));
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"spice\",\"at_least\":1", "illegal", "Voice or Prescience exchange");
    nx_game_free(g);
}
END_TEST

/* A sealed plan (staged directly): the Harkonnen aggressor with a Lasgun
 * and dial 4 against the Atreides. */
START_TEST(truthtrance_about_a_sealed_plan)
{
    nx_game *g = truth_position();
    nx_play *p = &nxt_mut(g)->play;
    p->battle_t = (uint8_t)nx_map_territory_parse("arrakeen");
    p->battle_seats[0] = NXT_HAR;
    p->battle_seats[1] = NXT_ATR;
    p->battle_weapon[0] = CARD("lasgun");
    p->battle_leader[0] = nxt_comp("leader:feyd_rautha");
    p->battle_dial[0] = 8;
    p->battle_planned = 1;
    asks(g, "\"to\":4,\"ask\":\"plan\",\"card\":\"lasgun\"", "Does your battle plan use a Lasgun?", "yes");
    asks(g, "\"to\":4,\"ask\":\"plan\",\"card\":\"shield\"", "Does your battle plan use a Shield?", "no");
    asks(g, "\"to\":4,\"ask\":\"plan\",\"leader\":\"leader:feyd_rautha\"", "Does Feyd Rautha lead your battle plan?", "yes");
    asks(g, "\"to\":4,\"ask\":\"plan\",\"dial_at_least\":4", "Does your battle plan dial at least 4?", "yes");
    asks(g, "\"to\":4,\"ask\":\"plan\",\"dial_at_least\":5", "Does your battle plan dial at least 5?", "no");
    nxt_refused(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":4,\"ask\":\"plan\",\"card\":\"lasgun\",\"dial_at_least\":1", "malformed", "one of");
    nx_game_free(g);
}
END_TEST

START_TEST(truthtrance_about_the_prediction)
{
    nx_game *g = truth_position();
    nxt_mut(g)->play.prediction_faction = NX_FREMEN;
    nxt_mut(g)->play.prediction_turn = 6;
    json_t *r = nxt_done(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":1,\"ask\":\"prediction\",\"faction\":\"fremen\"");
    ck_assert(nxt_log_has(r, "Did you predict that Fremen wins?\\\" The answer is yes."));
    json_decref(r);
    r = nxt_done(g, NXT_ATR, "\"type\":\"truthtrance\",\"to\":1,\"ask\":\"prediction\",\"faction\":\"fremen\",\"turn\":5");
    ck_assert(nxt_log_has(r, "The answer is no."));
    json_decref(r);
    nx_game_free(g);
}
END_TEST

/* ---- the Emperor's gift and committed support --------------------------------------- */

START_TEST(gift_keeps_committed_support)
{
    nx_game *g = nxt_stage_new(nxt_classic6, 6, 1, NX_P_REVIVAL);
    json_decref(nxt_stage_go(g));
    nx_state *s = nxt_mut(g);
    s->seats[NXT_EMP].ally = NXT_ATR;
    s->seats[NXT_ATR].ally = NXT_EMP;
    s->seats[NXT_EMP].spice = 8;
    s->play.battle_t = (uint8_t)nx_map_territory_parse("arrakeen");
    s->play.battle_seats[0] = NXT_EMP;
    s->play.battle_seats[1] = NXT_HAR;
    s->play.battle_support[0] = 5;
    s->play.battle_winner = NX_NO_SEAT;
    /* Not yet sealed: all of it may go. */
    nx_game *c = nxt_copy_game(g);
    nxt_ok(c, NXT_EMP, "\"type\":\"give_spice\",\"amount\":8");
    nx_game_free(c);
    nxt_mut(g)->play.battle_planned = 1;
    nxt_refused(g, NXT_EMP, "\"type\":\"give_spice\",\"amount\":4", "illegal", "committed 5 of its 8 spice");
    nxt_ok(g, NXT_EMP, "\"type\":\"give_spice\",\"amount\":3");
    ck_assert_int_eq(nx_game_state(g)->seats[NXT_EMP].spice, 5);
    ck_assert_int_eq(nx_game_state(g)->seats[NXT_ATR].spice, 3);
    /* Once resolved (a winner named, the support paid) the rest is free. */
    nxt_mut(g)->play.battle_winner = NXT_EMP;
    nxt_ok(g, NXT_EMP, "\"type\":\"give_spice\",\"amount\":5");
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("special_cards");
    TCase *tc = tcase_create("cards");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, no_window_on_turn_one);
    tcase_add_test(tc, window_asks_every_card_holder_alike);
    tcase_add_test(tc, no_window_once_both_cards_are_discarded);
    tcase_add_test(tc, weather_control_refusals);
    tcase_add_test(tc, weather_control_moves_the_storm);
    tcase_add_test(tc, weather_control_zero_keeps_the_storm);
    tcase_add_test(tc, family_atomics_blows_the_wall);
    tcase_add_test(tc, shelter_stands_without_atomics);
    tcase_add_test(tc, family_atomics_refusals);
    tcase_add_test(tc, advisors_launch_nothing);
    tcase_add_test(tc, window_keeps_the_holder_secret);
    tcase_add_test(tc, bot_candidates_are_legal);
    tcase_add_test(tc, ghola_revives_beyond_limits);
    tcase_add_test(tc, ghola_refusals);
    tcase_add_test(tc, ghola_keeps_the_elite_limit);
    tcase_add_test(tc, ghola_bots_play_it_for_a_leader);
    tcase_add_test(tc, truthtrance_questions);
    tcase_add_test(tc, truthtrance_refusals);
    tcase_add_test(tc, truthtrance_about_a_sealed_plan);
    tcase_add_test(tc, truthtrance_about_the_prediction);
    tcase_add_test(tc, gift_keeps_committed_support);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
