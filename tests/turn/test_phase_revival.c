/* Revival (interpreter/turn/nx_phase_revival.c; docs/rules/phase-revival.md) and
 * the leader bookkeeping in core/nx_board.c. */
#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_phase_testutil.h"

static const nx_faction aef[] = { NX_ATREIDES, NX_EMPEROR, NX_FREMEN };

static int in_tanks(const nx_game *g, int seat, int kind) { return nx_game_state(g)->seats[seat].forces[NX_PLACE_TANKS][kind]; }
static int reserves(const nx_game *g, int seat, int kind) { return nx_game_state(g)->seats[seat].forces[NX_PLACE_RESERVES][kind]; }

/* Send n ordinary and e elite reserves of a seat to the Tanks. */
static void kill(nx_game *g, uint8_t seat, int n, int e)
{
    nx_state *s = nx_game_state_mut(g);
    nx_state_move_forces(s, seat, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_TANKS, n);
    nx_state_move_forces(s, seat, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_TANKS, e);
}

static nx_game *revival_game(int advanced)
{
    nx_game *g = nxt_stage_new(aef, 3, advanced, NX_P_REVIVAL);
    nx_state *s = nx_game_state_mut(g);
    for (int i = 0; i < 3; i++) s->seats[i].spice = 10;
    return g;
}

static const nx_pending *revival_of(const nx_game *g, int seat)
{
    return nxt_decision(g, seat, NX_PEND_REVIVAL);
}

static int pending_of(const nx_game *g, int seat) { return revival_of(g, seat) != NULL; }

static int leader_index(const char *id)
{
    int l = nx_leader_find(id);
    ck_assert_int_ge(l, 0);
    return l;
}

START_TEST(decisions_open_together)
{
    nx_game *g = revival_game(0);
    kill(g, 0, 4, 0);
    kill(g, 2, 2, 0);
    json_decref(nxt_stage_go(g));
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_REVIVAL);
    ck_assert(pending_of(g, 0));
    ck_assert(!pending_of(g, 1));   /* nothing in the Emperor's Tanks */
    ck_assert(pending_of(g, 2));
    /* Answer in any order; the phase ends with the last answer. */
    nxt_ok(g, 2, "\"type\": \"pass\"");
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_REVIVAL);
    nxt_ok(g, 0, "\"type\": \"revive\", \"forces\": 2");
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_REVIVAL);
    ck_assert_int_eq(in_tanks(g, 2, NX_FORCE_NORMAL), 2);
    nx_game_free(g);
}
END_TEST

START_TEST(free_then_paid)
{
    nx_game *g = revival_game(0);
    kill(g, 0, 5, 0);
    json_decref(nxt_stage_go(g));
    /* Atreides: 2 free, the third costs 2. */
    const nx_pending *p = revival_of(g, 0);
    ck_assert_int_eq(p->min, 0);
    ck_assert_int_eq(p->max, 3);
    json_t *r = nxt_done(g, 0, "\"type\": \"revive\", \"forces\": 3");
    ck_assert(nxt_log_has(r, "Atreides revives 3 forces, 1 of them for 2 spice"));
    json_decref(r);
    ck_assert_int_eq(nxt_spice(g, 0), 8);
    ck_assert_int_eq(in_tanks(g, 0, NX_FORCE_NORMAL), 2);
    ck_assert_int_eq(reserves(g, 0, NX_FORCE_NORMAL), 18);
    nx_game_free(g);

    g = revival_game(0);
    kill(g, 0, 5, 0);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, 0, "\"type\": \"revive\", \"forces\": 2");
    ck_assert_int_eq(nxt_spice(g, 0), 10);
    nx_game_free(g);
}
END_TEST

START_TEST(refusals)
{
    nx_game *g = revival_game(0);
    kill(g, 0, 5, 0);
    kill(g, 2, 1, 0);
    nx_game_state_mut(g)->seats[0].spice = 1;
    json_decref(nxt_stage_go(g));
    nxt_refused(g, 0, "\"type\": \"revive\", \"forces\": 4", "illegal", "\"forces\" must be from 0 to 3");          /* over the cap */
    nxt_refused(g, 0, "\"type\": \"revive\", \"forces\": 3", "illegal", "this revival costs 2 spice; seat 0 has 1");          /* cannot pay 2 */
    nxt_refused(g, 0, "\"type\": \"revive\", \"elite\": 1", "illegal", "its Tanks hold 5 ordinary and 0 elite forces");           /* none in the Tanks */
    nxt_refused(g, 0, "\"type\": \"revive\", \"forces\": 1, \"size\": 1", "malformed", "unknown key \"size\"");
    nxt_refused(g, 0, "\"type\": \"revive\", \"leader\": \"duncan_idaho\"", "malformed", "\"leader\" must name a leader disc");
    nxt_refused(g, 0, "\"type\": \"revive\", \"leader\": \"leader:duncan_idaho\"", "illegal", "Duncan Idaho cannot be revived now");   /* alive */
    nxt_refused(g, 0, "\"type\": \"revive\", \"leader\": \"leader:stilgar\"", "illegal", "Stilgar is not one of seat 0");        /* not its own */
    nxt_refused(g, 0, "\"type\": \"revive\", \"ally_forces\": 1", "illegal", "only the Emperor may pay");     /* not the Emperor */
    nxt_refused(g, 2, "\"type\": \"revive\", \"forces\": 2", "illegal", "its Tanks hold 1 ordinary");          /* one in the Tanks */
    nxt_refused(g, 1, "\"type\": \"revive\", \"forces\": 1", "illegal", "has no revival decision");          /* no decision */
    nxt_ok(g, 0, "\"type\": \"revive\", \"forces\": 2");
    nxt_refused(g, 0, "\"type\": \"revive\", \"forces\": 1", "illegal", "has no revival decision");          /* answered already */
    nx_game_free(g);
}
END_TEST

/* One Sardaukar / Fedaykin a turn: an Advanced limit (LV 2.03, 2.04),
 * never in Basic. */
START_TEST(elite_limit)
{
    for (int advanced = 0; advanced < 2; advanced++) {
        int limited = advanced;
        nx_game *g = revival_game(advanced);
        kill(g, 1, 0, 3);
        json_decref(nxt_stage_go(g));
        const char *two = "\"type\": \"revive\", \"elite\": 2";
        if (limited) {
            nxt_refused(g, 1, two, "illegal", "only one elite force");
            nxt_ok(g, 1, "\"type\": \"revive\", \"elite\": 1");
            ck_assert_int_eq(in_tanks(g, 1, NX_FORCE_ELITE), 2);
        } else {
            nxt_ok(g, 1, two);
            ck_assert_int_eq(in_tanks(g, 1, NX_FORCE_ELITE), 1);
            ck_assert_int_eq(nxt_spice(g, 1), 8);   /* Emperor: one free */
        }
        nx_game_free(g);
    }
}
END_TEST

START_TEST(fremen_ally_free_revivals)
{
    nx_game *g = revival_game(0);
    nx_state *s = nx_game_state_mut(g);
    s->seats[0].ally = 2;
    s->seats[2].ally = 0;
    kill(g, 0, 3, 0);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, 0, "\"type\": \"revive\", \"forces\": 3");
    ck_assert_int_eq(nxt_spice(g, 0), 10);
    nx_game_free(g);
}
END_TEST

/* The Emperor pays 2 each for up to 3 of its ally's forces beyond the
 * ally's own revival, one elite at most (Advanced). */
START_TEST(emperor_pays_for_ally)
{
    nx_game *g = revival_game(1);
    nx_state *s = nx_game_state_mut(g);
    s->seats[1].ally = 2;
    s->seats[2].ally = 1;
    kill(g, 2, 6, 2);
    json_decref(nxt_stage_go(g));
    ck_assert(pending_of(g, 1));   /* only its ally has forces in the Tanks */
    nxt_refused(g, 1, "\"type\": \"revive\", \"ally_forces\": 4", "illegal", "\"ally_forces\" must be from 0 to 3");
    nxt_refused(g, 1, "\"type\": \"revive\", \"ally_forces\": 1, \"ally_elite\": 2", "illegal", "only one elite force");
    json_t *r = nxt_done(g, 1, "\"type\": \"revive\", \"ally_forces\": 2, \"ally_elite\": 1");
    ck_assert(nxt_log_has(r, "pays 6 spice to revive 3 forces (1 elite) of its ally Fremen"));
    json_decref(r);
    ck_assert_int_eq(nxt_spice(g, 1), 4);
    ck_assert_int_eq(in_tanks(g, 2, NX_FORCE_NORMAL), 4);
    ck_assert_int_eq(in_tanks(g, 2, NX_FORCE_ELITE), 1);
    /* The Fedaykin revived by the Emperor was this turn's one. */
    nxt_refused(g, 2, "\"type\": \"revive\", \"elite\": 1", "illegal", "only one elite force");
    nxt_ok(g, 2, "\"type\": \"revive\", \"forces\": 3");
    ck_assert_int_eq(nxt_spice(g, 2), 10);
    nx_game_free(g);
}
END_TEST

/* LV 1.05: a leader revives once all the faction's leaders have died, one
 * a turn, for its strength; killed again, it lies face down until the
 * others have died twice too. */
START_TEST(leader_revival_all_died_once)
{
    static const char *const ids[] = { "dr_yueh", "duncan_idaho", "gurney_halleck", "lady_jessica", "thufir_hawat" };
    nx_game *g = revival_game(0);
    nx_state *s = nx_game_state_mut(g);
    for (int i = 0; i < 4; i++) nx_board_leader_killed(s, leader_index(ids[i]));
    ck_assert(!nx_board_leader_revivable(s, leader_index("duncan_idaho")));
    ck_assert(!nx_board_leader_revivable(s, leader_index("thufir_hawat")));   /* alive */
    nx_board_leader_killed(s, leader_index("thufir_hawat"));
    for (int i = 0; i < 5; i++) ck_assert(nx_board_leader_revivable(s, leader_index(ids[i])));
    json_decref(nxt_stage_go(g));
    ck_assert(pending_of(g, 0));   /* a leader to revive, no forces */
    nxt_refused(g, 0, "\"type\": \"revive\", \"leader\": \"leader:bashar\"", "illegal", "Bashar is not one of seat 0");
    json_t *r = nxt_done(g, 0, "\"type\": \"revive\", \"leader\": \"leader:gurney_halleck\"");
    ck_assert(nxt_log_has(r, "Atreides revives Gurney Halleck for 4 spice"));
    json_decref(r);
    s = nx_game_state_mut(g);
    ck_assert_int_eq(nxt_spice(g, 0), 6);
    ck_assert_int_eq(s->custody.zone[nx_comp_leader_disc(leader_index("gurney_halleck"))], NX_Z_SEAT(0, NX_ZS_LEADERS));
    /* Gurney dies again: face down; the others still come back. */
    nx_board_leader_killed(s, leader_index("gurney_halleck"));
    ck_assert(!nx_board_leader_revivable(s, leader_index("gurney_halleck")));
    ck_assert(nx_board_leader_revivable(s, leader_index("dr_yueh")));
    nx_game_free(g);
}
END_TEST

START_TEST(leader_revival_no_active_leader)
{
    nx_game *g = revival_game(0);
    nx_state *s = nx_game_state_mut(g);
    /* Four Atreides leaders captured (held by the Emperor's seat here):
     * Atreides has no active leader once its last one dies. */
    static const char *const held[] = { "dr_yueh", "duncan_idaho", "gurney_halleck", "lady_jessica" };
    for (int i = 0; i < 4; i++)
        nx_custody_move(&s->custody, nx_comp_leader_disc(leader_index(held[i])), NX_Z_SEAT(1, NX_ZS_LEADERS));
    nx_board_leader_killed(s, leader_index("thufir_hawat"));
    ck_assert(nx_board_leader_revivable(s, leader_index("thufir_hawat")));
    nx_game_free(g);
}
END_TEST

/* ---- the Kwisatz Haderach (Advanced, LV 2.01 Reawaken) ---------------------------------------- */

/* The Kwisatz Haderach died; every Atreides leader has died once (Gurney
 * is still in the Tanks) when `condition`, else none has. */
static nx_game *kh_dead_game(int condition)
{
    nx_game *g = revival_game(1);
    nx_state *s = nx_game_state_mut(g);
    s->play.kh_losses = 7;
    s->play.kh_dead = 1;
    if (condition) {
        for (int l = 0; l < NX_LEADER_COUNT; l++)
            if (nx_leader_get(l)->faction == NX_ATREIDES) nx_board_leader_killed(s, l);
        for (int l = 0; l < NX_LEADER_COUNT; l++)
            if (nx_leader_get(l)->faction == NX_ATREIDES && l != leader_index("gurney_halleck"))
                nx_custody_move(&s->custody, nx_comp_leader_disc(l), NX_Z_SEAT(0, NX_ZS_LEADERS));
    }
    kill(g, 0, 1, 0);
    json_decref(nxt_stage_go(g));
    return g;
}

static nx_game *kh_revivable(void) { return kh_dead_game(1); }

START_TEST(kh_revival)
{
    nx_game *g = kh_dead_game(1);
    ck_assert(strstr(revival_of(g, 0)->prompt, "Kwisatz Haderach") != NULL);
    nxt_refused(g, 0, "\"type\": \"revive\", \"kwisatz_haderach\": 1", "malformed", "must be true or false");
    nxt_refused(g, 0, "\"type\": \"revive\", \"kwisatz_haderach\": true, \"leader\": \"leader:gurney_halleck\"", "illegal",
                "takes the turn's one leader revival");
    nx_game_state_mut(g)->seats[0].spice = 1;
    nxt_refused(g, 0, "\"type\": \"revive\", \"kwisatz_haderach\": true", "illegal", "this revival costs 2 spice; seat 0 has 1");
    nx_game_state_mut(g)->seats[0].spice = 10;
    json_t *r = nxt_done(g, 0, "\"type\": \"revive\", \"forces\": 1, \"kwisatz_haderach\": true");
    ck_assert(nxt_log_has(r, "Atreides revives the Kwisatz Haderach for 2 spice"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.kh_dead, 0);
    ck_assert_int_eq(nxt_spice(g, 0), 8);
    ck_assert_int_eq(nx_game_state(g)->play.kh_losses, 7);   /* still awakened */
    nx_game_free(g);

    /* The leader revival condition does not hold: refused. */
    g = kh_dead_game(0);
    nxt_refused(g, 0, "\"type\": \"revive\", \"kwisatz_haderach\": true", "illegal", "leader revival condition does not hold");
    nx_game_free(g);

    /* Alive: nothing to revive. */
    g = kh_dead_game(1);
    nx_game_state_mut(g)->play.kh_dead = 0;
    nxt_refused(g, 0, "\"type\": \"revive\", \"kwisatz_haderach\": true", "illegal", "it is not dead");
    nx_game_free(g);
}
END_TEST

START_TEST(kh_revival_bots)
{
    nxt_stage_check_moves(kh_revivable, 0);
    /* With a leader to revive too, the bots prefer the leader; with no
     * leader in the Tanks they take the Kwisatz Haderach. */
    nx_game *g = kh_dead_game(1);
    nx_state *s = nx_game_state_mut(g);
    nx_custody_move(&s->custody, nx_comp_leader_disc(leader_index("gurney_halleck")), NX_Z_SEAT(0, NX_ZS_LEADERS));
    nxt_play_best(g, 0);
    ck_assert_int_eq(nx_game_state(g)->play.kh_dead, 0);
    nx_game_free(g);
    /* Too poor: not proposed. */
    g = kh_dead_game(1);
    nx_game_state_mut(g)->seats[0].spice = 1;
    json_t *moves = nx_game_moves(g, 0);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) ck_assert_ptr_null(json_object_get(json_object_get(m, "action"), "kwisatz_haderach"));
    json_decref(moves);
    nx_game_free(g);
}
END_TEST

/* Atreides: 4 in the Tanks and every leader dead; Emperor: an ally with
 * forces in the Tanks and 1 Sardaukar of its own. */
static nx_game *bots_position(void)
{
    nx_game *g = revival_game(1);
    nx_state *s = nx_game_state_mut(g);
    s->seats[1].spice = 20;
    s->seats[1].ally = 0;
    s->seats[0].ally = 1;
    kill(g, 0, 4, 0);
    kill(g, 1, 0, 1);
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_get(l)->faction == NX_ATREIDES) nx_board_leader_killed(s, l);
    json_decref(nxt_stage_go(g));
    return g;
}

START_TEST(bot_moves_are_legal)
{
    nxt_stage_check_moves(bots_position, 0);
    nxt_stage_check_moves(bots_position, 1);
    /* The free forces are the bots' favourite when spice is short. */
    nx_game *g = bots_position();
    nx_game_state_mut(g)->seats[0].spice = 0;
    json_t *moves = nx_game_moves(g, 0);
    json_t *best = NULL;
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m)
        if (!best || json_integer_value(json_object_get(m, "score")) > json_integer_value(json_object_get(best, "score"))) best = m;
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(best, "action"), "forces")), 2);
    json_decref(moves);
    nx_game_free(g);
}
END_TEST

/* Atreides holds a card's grant of exactly three free forces beyond the
 * limit (Emperor Secret Ally), 6 forces in the Tanks and no spice. */
static nx_game *grant_position(void)
{
    nx_game *g = revival_game(1);
    kill(g, 0, 6, 0);
    nx_game_state_mut(g)->seats[0].spice = 0;
    json_decref(nxt_stage_go(g));
    nx_effect e = { .kind = NX_EFF_REVIVAL_GRANT, .seat = 0, .source = (uint8_t)(1 + NX_EMPEROR * 3 + 2), .end = NX_END_PHASE,
                    .arg = NX_GRANT_ARG(3, 0, NX_GRANT_SEPARATE, 1) };
    ck_assert_int_ge(nx_effect_add(nx_game_state_mut(g), &e), 0);
    return g;
}

START_TEST(grant_bot_moves)
{
    nxt_stage_check_moves(grant_position, 0);
    /* The bots use the grant whole, with the free forces on top. */
    nx_game *g = grant_position();
    char *dbg;
    json_t *act = nxt_best_action(g, 0, &dbg);
    ck_assert_msg(json_integer_value(json_object_get(act, "grant_forces")) == 3, "%s", dbg);
    free(dbg);
    ck_assert_int_eq(json_integer_value(json_object_get(act, "forces")), 2);
    json_decref(act);
    /* Applied: five come back, the grant is spent, nothing is paid. */
    nxt_ok(g, 0, "\"type\": \"revive\", \"forces\": 2, \"grant_forces\": 3");
    ck_assert_int_eq(in_tanks(g, 0, NX_FORCE_NORMAL), 1);
    ck_assert_int_eq(nx_effect_find(nx_game_state(g), NX_EFF_REVIVAL_GRANT, 0, -1), -1);
    ck_assert_int_eq(nx_game_state(g)->seats[0].spice, 0);
    nx_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("phase_revival");
    TCase *tc = tcase_create("revival");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, decisions_open_together);
    tcase_add_test(tc, free_then_paid);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, elite_limit);
    tcase_add_test(tc, fremen_ally_free_revivals);
    tcase_add_test(tc, emperor_pays_for_ally);
    tcase_add_test(tc, leader_revival_all_died_once);
    tcase_add_test(tc, leader_revival_no_active_leader);
    tcase_add_test(tc, bot_moves_are_legal);
    tcase_add_test(tc, grant_bot_moves);
    tcase_add_test(tc, kh_revival);
    tcase_add_test(tc, kh_revival_bots);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
