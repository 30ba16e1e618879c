/* Before the plans: the Voice, Prescience, the Karama windows and the
 * Kwisatz Haderach -- their order, what they bind in the plans, what the
 * opponent may answer, cancellation, secrecy and bots
 * (interpreter/battle/nx_battle_voice.c; docs/rules/phase-battle.md). */
#include "nx_battle.h"
#include "nx_text.h"
#include "nx_names.h"
#include "nx_phase_testutil.h"

static const nx_faction ABH[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_HARKONNEN };
enum { A, B, H };

/* The only decision open is `kind`, for `seat`. */
static void only(const nx_game *g, int seat, nx_pending_kind kind)
{
    const nx_state *s = nx_game_state(g);
    ck_assert_msg(s->npending == 1 && s->pending[0].seat == seat && s->pending[0].kind == kind,
                  "expected only %s of seat %d; %d open, the first %s of seat %d", nx_pending_kind_name(kind), seat, s->npending,
                  s->npending ? nx_pending_kind_name((nx_pending_kind)s->pending[0].kind) : "-",
                  s->npending ? s->pending[0].seat : -1);
}

/* The seats an open Karama window asks (mask). */
static unsigned karama_asked(const nx_game *g)
{
    const nx_state *s = nx_game_state(g);
    unsigned m = 0;
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].kind == NX_PEND_KARAMA) m |= 1u << s->pending[i].seat;
    return m;
}

/* Every seat in the Karama window passes; returns the last result. */
static json_t *no_karama(nx_game *g)
{
    json_t *r = NULL;
    for (unsigned m = karama_asked(g); m; m = karama_asked(g)) {
        json_decref(r);
        r = nxt_done(g, __builtin_ctz(m), "\"type\":\"pass\"");
    }
    return r;
}

static void voice(nx_game *g, const char *mode, const char *what)
{
    char body[160];
    nx_fmt(body, sizeof body, "\"type\":\"voice\",\"command\":\"%s\",\"what\":\"%s\"", mode, what);
    nxt_ok(g, B, body);
}

/* Atreides (aggressor, 5 forces) against the Bene Gesserit (4) in The
 * Great Flat. */
static nx_game *ab_fight(int advanced)
{
    nx_game *g = nxt_battle_new(ABH, 3, advanced);
    nxt_put(g, A, "the_great_flat", 5, 0);
    nxt_put(g, B, "the_great_flat", 4, 0);
    return g;
}

/* Atreides (aggressor, 5) against Harkonnen (3): Prescience, no Voice. */
static nx_game *ah_fight(int advanced)
{
    nx_game *g = nxt_battle_new(ABH, 3, advanced);
    nxt_put(g, A, "the_great_flat", 5, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    return g;
}

static void atreides_leaderless(nx_game *g)
{
    static const char *const atr[] = { "dr_yueh", "duncan_idaho", "gurney_halleck", "lady_jessica", "thufir_hawat" };
    for (int i = 0; i < 5; i++) nxt_leader_to_tanks(g, atr[i]);
}

/* ---- the order before the plans ------------------------------------------------------- */

START_TEST(voice_then_prescience_then_plans)
{
    nx_game *g = ab_fight(0);
    nxt_hand(g, A, "treachery:crysknife", "treachery:snooper#1", NULL);
    nxt_hand(g, B, "treachery:chaumas", "treachery:shield#1", NULL);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    only(g, B, NX_PEND_VOICE);                     /* the Voice comes first (battle.md 5) */
    nxt_refused(g, A, "\"type\":\"prescience\",\"element\":\"weapon\"", "illegal", "no prescience decision");
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:dr_yueh\",\"dial\":1", "illegal", "no battle_plan decision");
    json_t *r = nxt_done(g, B, "\"type\":\"voice\",\"command\":\"not_play\",\"what\":\"projectile_weapon\"");
    ck_assert(nxt_log_has(r, "Bene Gesserit uses the Voice: Atreides must not play a projectile weapon"));
    json_decref(r);
    /* Its Karama window: every seat but the Bene Gesserit that holds a card. */
    ck_assert_uint_eq(karama_asked(g), (1u << A) | (1u << H));
    r = nxt_done(g, H, "\"type\":\"pass\"");
    ck_assert_uint_eq(json_array_size(json_object_get(r, "log")), 0);   /* a pass logs nothing */
    json_decref(r);
    r = no_karama(g);
    ck_assert(nxt_log_has(r, "no Karama is played against the Voice of Bene Gesserit"));
    json_decref(r);
    /* Then Prescience, before any plan. */
    only(g, A, NX_PEND_PRESCIENCE);
    nxt_refused(g, A, "\"type\":\"prescience\",\"element\":\"hand\"", "malformed", "\"element\" must be");
    r = nxt_done(g, A, "\"type\":\"prescience\",\"element\":\"weapon\"");
    ck_assert(nxt_log_has(r, "Atreides uses Prescience: Bene Gesserit must show the weapon it will play"));
    json_decref(r);
    ck_assert_uint_eq(karama_asked(g), (1u << B) | (1u << H));
    json_decref(no_karama(g));
    only(g, B, NX_PEND_FORESEE);
    nxt_ok(g, B, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:chaumas\"");
    /* The plans, bound by both. */
    ck_assert(nxt_decision(g, A, NX_PEND_BATTLE_PLAN) && nxt_decision(g, B, NX_PEND_BATTLE_PLAN));
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:duncan_idaho\",\"dial\":3,\"weapon\":\"treachery:crysknife\"",
            "illegal", "the Voice commands you not to play a projectile weapon");
    nxt_refused(g, B, "\"type\":\"battle_plan\",\"leader\":\"leader:alia\",\"dial\":1", "illegal", "Prescience: you showed weapon Chaumas");
    nxt_refused(g, B, "\"type\":\"battle_plan\",\"leader\":\"leader:alia\",\"dial\":1,\"weapon\":\"treachery:shield#1\"", "illegal",
            "cannot be played as a weapon");
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":3,\"defense\":\"treachery:snooper#1\"");
    nxt_plan(g, B, "\"leader\":\"leader:alia\",\"dial\":1,\"weapon\":\"treachery:chaumas\"");
    nxt_no_calls(g);
    ck_assert(!nxt_leader_dead(g, "duncan_idaho"));    /* the Snooper stops the Chaumas */
    nx_game_free(g);
}
END_TEST

START_TEST(who_voices_and_foresees)
{
    /* The Bene Gesserit in its ally's battle: it voices the ally's opponent. */
    nx_game *g = ah_fight(0);
    nxt_ally(g, B, H);
    json_decref(nxt_stage_go(g));
    only(g, B, NX_PEND_VOICE);
    json_t *r = nxt_done(g, B, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"worthless\"");
    ck_assert(nxt_log_has(r, "Atreides must play a worthless card"));
    json_decref(r);
    only(g, A, NX_PEND_PRESCIENCE);                /* no one holds a card: no Karama window */
    nx_game_free(g);

    /* Neither fighting nor allied to a combatant: no Voice. */
    g = ah_fight(0);
    json_decref(nxt_stage_go(g));
    only(g, A, NX_PEND_PRESCIENCE);
    nx_game_free(g);

    /* Neither Atreides nor the Bene Gesserit: straight to the plans. */
    static const nx_faction hef[] = { NX_HARKONNEN, NX_EMPEROR, NX_FREMEN };
    g = nxt_battle_new(hef, 3, 0);
    nxt_put(g, 0, "the_great_flat", 2, 0);
    nxt_put(g, 1, "the_great_flat", 2, 0);
    nxt_hand(g, 2, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    ck_assert(nxt_decision(g, 0, NX_PEND_BATTLE_PLAN) && nxt_decision(g, 1, NX_PEND_BATTLE_PLAN));
    ck_assert_int_eq(nx_game_state(g)->npending, 2);
    nx_game_free(g);
}
END_TEST

/* ---- the Voice -------------------------------------------------------------------------- */

/* Atreides holds c1, c2 (and perhaps no leader); the Bene Gesserit
 * commands it; everything up to the plans passes. */
static nx_game *commanded(const char *c1, const char *c2, const char *mode, const char *what, int leaderless)
{
    nx_game *g = ab_fight(0);
    nxt_hand(g, A, c1, c2, NULL);
    if (leaderless) atreides_leaderless(g);
    json_decref(nxt_stage_go(g));
    voice(g, mode, what);
    nxt_no_advantages(g);
    return g;
}

START_TEST(voice_binds_the_plan)
{
    const char *P = "\"type\":\"battle_plan\",";
    char b[256];
    /* "play": a seat holding a matching card must play it. */
    nx_game *g = commanded("treachery:chaumas", "treachery:kulon", "play", "poison_weapon", 0);
    nx_fmt(b, sizeof b, "%s\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:kulon\"", P);
    nxt_refused(g, A, b, "illegal", "the Voice commands you to play a poison weapon, and you can");
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:chaumas\"");
    nx_game_free(g);

    /* A worthless card may answer "play worthless" in the defense slot. */
    g = commanded("treachery:chaumas", "treachery:kulon", "play", "worthless", 0);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:chaumas\",\"defense\":\"treachery:kulon\"");
    nx_game_free(g);

    /* Unable to comply: no matching card ... */
    g = commanded("treachery:kulon", NULL, "play", "poison_weapon", 0);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":1");
    nx_game_free(g);
    /* ... or no leader and no Cheap Hero, so no card at all. */
    g = commanded("treachery:chaumas", NULL, "play", "poison_weapon", 1);
    nxt_plan(g, A, "\"dial\":1");
    nx_game_free(g);

    /* "play cheap_hero" takes the leader slot. */
    g = commanded("treachery:cheap_hero#1", NULL, "play", "cheap_hero", 0);
    nx_fmt(b, sizeof b, "%s\"leader\":\"leader:dr_yueh\",\"dial\":1", P);
    nxt_refused(g, A, b, "illegal", "to play a Cheap Hero");
    nxt_plan(g, A, "\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":1");
    nx_game_free(g);

    /* "not_play cheap_hero" may leave a seat with no leader at all. */
    g = commanded("treachery:cheap_hero#1", "treachery:crysknife", "not_play", "cheap_hero", 1);
    nx_fmt(b, sizeof b, "%s\"cheap_hero\":\"treachery:cheap_hero#1\",\"dial\":1", P);
    nxt_refused(g, A, b, "illegal", "not to play a Cheap Hero");
    nx_fmt(b, sizeof b, "%s\"dial\":1,\"weapon\":\"treachery:crysknife\"", P);
    nxt_refused(g, A, b, "illegal", "no Treachery Card may be played");
    nxt_plan(g, A, "\"dial\":1");
    nx_game_free(g);

    /* A named special card. */
    g = commanded("treachery:lasgun", NULL, "not_play", "lasgun", 0);
    nx_fmt(b, sizeof b, "%s\"leader\":\"leader:dr_yueh\",\"dial\":1,\"weapon\":\"treachery:lasgun\"", P);
    nxt_refused(g, A, b, "illegal", "not to play the Lasgun");
    nx_game_free(g);
}
END_TEST

START_TEST(voice_commands_refused)
{
    nx_game *g = ab_fight(0);
    json_decref(nxt_stage_go(g));
    nxt_refused(g, B, "\"type\":\"voice\",\"command\":\"maybe\",\"what\":\"worthless\"", "malformed", "\"command\" must be");
    nxt_refused(g, B, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"crysknife\"", "illegal", "falls under \"projectile_weapon\"");
    nxt_refused(g, B, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"karama\"", "illegal", "no weapon or defense the Voice can name");
    nxt_refused(g, B, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"sword\"", "malformed", "\"what\" must be");
    nxt_refused(g, B, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"worthless\",\"loud\":1", "malformed", "unknown key");
    nxt_refused(g, A, "\"type\":\"voice\",\"command\":\"play\",\"what\":\"worthless\"", "illegal", "no voice decision");
    /* The core's spelling is accepted; the view uses the protocol's. */
    voice(g, "not_play", "projectile_defence");
    json_t *v = nx_game_view_json(g, -1);
    json_t *vo = json_object_get(json_object_get(json_object_get(v, "board"), "battle"), "voice");
    ck_assert_str_eq(json_string_value(json_object_get(vo, "command")), "not_play");
    ck_assert_str_eq(json_string_value(json_object_get(vo, "what")), "projectile_defense");
    json_decref(v);
    nx_game_free(g);

    /* Passing: no command binds. */
    g = ab_fight(0);
    nxt_hand(g, A, "treachery:crysknife", NULL, NULL);
    json_decref(nxt_stage_go(g));
    json_t *r = nxt_done(g, B, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "Bene Gesserit does not use the Voice"));
    json_decref(r);
    only(g, A, NX_PEND_PRESCIENCE);               /* no command: no Karama window */
    nx_game_free(g);
}
END_TEST

/* ---- Prescience ------------------------------------------------------------------------ */

/* Atreides against Harkonnen (holding c1, c2) asks for `element`. */
static nx_game *asked(const char *element, const char *c1, const char *c2, int advanced)
{
    nx_game *g = ah_fight(advanced);
    nxt_hand(g, H, c1, c2, NULL);
    json_decref(nxt_stage_go(g));
    char body[96];
    nx_fmt(body, sizeof body, "\"type\":\"prescience\",\"element\":\"%s\"", element);
    nxt_ok(g, A, body);
    nxt_no_advantages(g);
    only(g, H, NX_PEND_FORESEE);
    return g;
}

static const char *answer_in_view(const nx_game *g, int seat, char *buf, size_t len)
{
    json_t *v = nx_game_view_json(g, seat);
    json_t *pr = json_object_get(json_object_get(json_object_get(v, "board"), "battle"), "prescience");
    json_t *ans = json_object_get(pr, "answer");
    nx_fmt(buf, len, "%s", !ans ? "(hidden)" : json_is_string(ans) ? json_string_value(ans) : json_is_null(ans) ? "none" : "number");
    json_decref(v);
    return buf;
}

START_TEST(prescience_shown_to_the_asker)
{
    nx_game *g = asked("weapon", "treachery:crysknife", NULL, 0);
    json_t *r = nxt_done(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:crysknife\"");
    ck_assert(nxt_log_has(r, "Harkonnen shows its weapon to Atreides"));
    ck_assert(!nxt_log_has(r, "Crysknife"));
    json_decref(r);
    char buf[32];
    ck_assert_str_eq(answer_in_view(g, A, buf, sizeof buf), "crysknife");
    ck_assert_str_eq(answer_in_view(g, B, buf, sizeof buf), "(hidden)");
    ck_assert_str_eq(answer_in_view(g, -1, buf, sizeof buf), "(hidden)");
    ck_assert(!nxt_view_has(g, B, "crysknife") && !nxt_view_has(g, -1, "crysknife"));
    ck_assert(nxt_view_has(g, A, "treachery:crysknife"));      /* A's receipt */
    /* Bound in the plan. */
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":1", "illegal",
            "Prescience: you showed weapon Crysknife");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":1,\"weapon\":\"treachery:crysknife\"");
    nx_game_free(g);

    /* turn.battle_prescience_seen "table": the answer is public. */
    g = ah_fight(0);
    nxt_mut(g)->play.rule[NX_RULE_PRESCIENCE_SEEN] = NX_RS_TURN_BATTLE_PRESCIENCE_SEEN_TABLE;
    nxt_hand(g, H, "treachery:crysknife", NULL, NULL);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"dial\"");
    nxt_no_advantages(g);
    r = nxt_done(g, H, "\"type\":\"foresee_answer\",\"dial\":2");
    ck_assert(nxt_log_has(r, "Harkonnen will play dial 2"));
    json_decref(r);
    ck_assert_str_eq(answer_in_view(g, -1, buf, sizeof buf), "number");
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":3", "illegal", "you showed a dial of 2");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":2");
    nx_game_free(g);
}
END_TEST

START_TEST(prescience_answers_refused)
{
    nx_game *g = asked("weapon", "treachery:crysknife", "treachery:shield#1", 0);
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:lasgun\"", "illegal", "not in your hand");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:shield#1\"", "illegal", "cannot be played as a weapon");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"defense\":\"none\"", "malformed", "unknown key");
    nxt_refused(g, H, "\"type\":\"foresee_answer\"", "malformed", "answer with \"weapon\"");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"leader:feyd_rautha\"", "malformed", "must be \"none\" or name");
    nxt_refused(g, A, "\"type\":\"foresee_answer\",\"weapon\":\"none\"", "illegal", "no foresee decision");
    nxt_ok(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"none\"");
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":1,\"weapon\":\"treachery:crysknife\"",
            "illegal", "you showed weapon none");
    nx_game_free(g);

    g = asked("leader", "treachery:crysknife", NULL, 0);
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"leader\":\"none\"", "illegal", "no legal battle plan of yours has leader none");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"leader\":\"leader:duncan_idaho\"", "illegal", "not available");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"cheap_hero\":\"treachery:crysknife\"", "illegal", "not a Cheap Hero");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"leader\":\"leader:umman_kudu\",\"cheap_hero\":\"none\"", "malformed", "not both");
    nxt_ok(g, H, "\"type\":\"foresee_answer\",\"leader\":\"leader:umman_kudu\"");
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":1", "illegal",
            "you showed leader Umman Kudu");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":1");
    nx_game_free(g);

    g = asked("dial", NULL, NULL, 0);
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"dial\":4", "illegal", "makes a dial of 4");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"dial\":2,\"spice\":1", "illegal", "number dialed only");
    nx_game_free(g);

    /* turn.battle_prescience_dial "dial_and_support" (Advanced): the support is shown and kept too. */
    g = ah_fight(1);
    nxt_mut(g)->play.rule[NX_RULE_PRESCIENCE_DIAL] = NX_RS_TURN_BATTLE_PRESCIENCE_DIAL_DIAL_AND_SUPPORT;
    json_decref(nxt_stage_go(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"dial\"");
    nxt_no_advantages(g);
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"dial\":3,\"spice\":1", "illegal", "with that support");
    nxt_ok(g, H, "\"type\":\"foresee_answer\",\"dial\":2,\"spice\":1");
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":2,\"spice\":2,\"elite\":0", "illegal",
            "with 1 spice support");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":2,\"spice\":1");
    nx_game_free(g);
}
END_TEST

START_TEST(voice_binds_the_prescience_answer)
{
    /* Atreides and the Bene Gesserit allied against Harkonnen: the Voice
     * commands a projectile weapon Harkonnen holds, so it cannot show
     * "none" when Prescience asks for its weapon. */
    nx_game *g = ah_fight(0);
    nxt_ally(g, A, B);
    nxt_hand(g, H, "treachery:crysknife", "treachery:chaumas", NULL);
    json_decref(nxt_stage_go(g));
    voice(g, "play", "projectile_weapon");
    json_decref(no_karama(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"weapon\"");
    json_decref(no_karama(g));
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"none\"", "illegal", "the Voice binds you");
    nxt_refused(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:chaumas\"", "illegal", "the Voice binds you");
    nxt_ok(g, H, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:crysknife\"");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":0,\"weapon\":\"treachery:crysknife\"");
    nx_game_free(g);
}
END_TEST

START_TEST(prescience_for_the_ally)
{
    /* Atreides allied with Harkonnen, who fights the Bene Gesserit: the
     * Bene Gesserit voices Harkonnen, Atreides foresees for Harkonnen;
     * the answer is shown to both allies. */
    nx_game *g = nxt_battle_new(ABH, 3, 0);
    nxt_ally(g, A, H);
    nxt_put(g, B, "the_great_flat", 3, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, B, "treachery:gom_jabbar", NULL, NULL);
    json_decref(nxt_stage_go(g));
    only(g, B, NX_PEND_VOICE);
    json_t *r = nxt_done(g, B, "\"type\":\"voice\",\"command\":\"not_play\",\"what\":\"poison_defense\"");
    ck_assert(nxt_log_has(r, "Harkonnen must not play a poison defense"));
    json_decref(r);
    only(g, A, NX_PEND_PRESCIENCE);
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"weapon\"");
    json_decref(no_karama(g));                     /* the Bene Gesserit holds a card */
    only(g, B, NX_PEND_FORESEE);
    nxt_ok(g, B, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:gom_jabbar\"");
    char buf[32];
    ck_assert_str_eq(answer_in_view(g, A, buf, sizeof buf), "gom_jabbar");
    ck_assert_str_eq(answer_in_view(g, H, buf, sizeof buf), "gom_jabbar");
    ck_assert_str_eq(answer_in_view(g, -1, buf, sizeof buf), "(hidden)");
    nx_game_free(g);
}
END_TEST

/* ---- Karama -------------------------------------------------------------------------------- */

START_TEST(karama_stops_the_voice)
{
    nx_game *g = ab_fight(0);
    nxt_hand(g, A, "treachery:crysknife", "treachery:karama#2", NULL);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    voice(g, "not_play", "projectile_weapon");
    ck_assert_uint_eq(karama_asked(g), (1u << A) | (1u << H));
    nxt_refused(g, H, "\"type\":\"karama\",\"card\":\"treachery:karama#1\"", "malformed", "unknown key");
    json_t *r = nxt_done(g, H, "\"type\":\"karama\"");
    ck_assert_uint_eq(json_array_size(json_object_get(r, "log")), 0);   /* a Karama logs nothing, like a pass */
    json_decref(r);
    /* Both play one: the first in storm order spends its card. */
    r = nxt_done(g, A, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Atreides plays Karama: the Voice of Bene Gesserit is stopped"));
    json_decref(r);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:karama#2"), NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:karama#1"), NX_Z_SEAT(H, NX_ZS_TREACHERY));
    ck_assert(nxt_view_has(g, -1, "\"karama_stopped\":[\"voice\"]"));
    nxt_ok(g, A, "\"type\":\"pass\"");                 /* Prescience */
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":3,\"weapon\":\"treachery:crysknife\"");
    nx_game_free(g);

    /* A seat asked without a Karama may only pass. */
    g = ab_fight(0);
    nxt_hand(g, H, "treachery:baliset", NULL, NULL);
    json_decref(nxt_stage_go(g));
    voice(g, "not_play", "projectile_weapon");
    nxt_refused(g, H, "\"type\":\"karama\"", "illegal", "you hold no Karama card");
    nx_game_free(g);
}
END_TEST

START_TEST(karama_stops_prescience)
{
    nx_game *g = ah_fight(0);
    nxt_hand(g, H, "treachery:karama#1", "treachery:crysknife", NULL);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"weapon\"");
    ck_assert_uint_eq(karama_asked(g), 1u << H);
    json_t *r = nxt_done(g, H, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Harkonnen plays Karama: Prescience of Atreides is stopped"));
    json_decref(r);
    /* No answer is owed: the plans open. */
    ck_assert(nxt_decision(g, A, NX_PEND_BATTLE_PLAN) && nxt_decision(g, H, NX_PEND_BATTLE_PLAN));
    ck_assert_ptr_null(nxt_decision(g, H, NX_PEND_FORESEE));
    nx_game_free(g);

    /* Advanced Bene Gesserit may spend a worthless card as a Karama (LV 2.02). */
    g = ah_fight(1);
    nxt_hand(g, B, "treachery:baliset", NULL, NULL);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"dial\"");
    r = nxt_done(g, B, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Bene Gesserit plays Baliset as a Karama: Prescience of Atreides is stopped"));
    json_decref(r);
    ck_assert_int_eq(nxt_card_zone(g, "treachery:baliset"), NX_Z_TREACHERY_DISCARD);
    nx_game_free(g);

    /* Basic: the worthless card is no Karama. */
    g = ah_fight(0);
    nxt_hand(g, B, "treachery:baliset", NULL, NULL);
    json_decref(nxt_stage_go(g));
    nxt_ok(g, A, "\"type\":\"prescience\",\"element\":\"dial\"");
    nxt_refused(g, B, "\"type\":\"karama\"", "illegal", "you hold no Karama card");
    nx_game_free(g);
}
END_TEST

START_TEST(karama_scope)
{
    /* Two battles of Atreides against the Bene Gesserit; a Karama stops
     * the Voice in the first.  It stops that use only (FAQ-N p.7): the
     * Voice returns in the second. */
    {
        nx_game *g = nxt_battle_new(ABH, 3, 0);
        nxt_put(g, A, "the_great_flat", 3, 0);
        nxt_put(g, B, "the_great_flat", 2, 0);
        nxt_put(g, A, "funeral_plain", 3, 0);
        nxt_put(g, B, "funeral_plain", 2, 0);
        nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
        json_decref(nxt_stage_go(g));
        nxt_ok(g, A, "\"type\":\"choose_battle\",\"territory\":\"the_great_flat\",\"opponent\":1");
        voice(g, "not_play", "worthless");
        json_t *r = nxt_done(g, H, "\"type\":\"karama\"");
        ck_assert(nxt_log_has(r, "the Voice of Bene Gesserit is stopped"));
        json_decref(r);
        nxt_no_advantages(g);
        nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":3");
        nxt_plan(g, B, "\"leader\":\"leader:alia\",\"dial\":0");
        nxt_no_calls(g);
        ck_assert_str_eq(nx_map_territory_id(nx_game_state(g)->play.battle_t), "funeral_plain");
        only(g, B, NX_PEND_VOICE);
        nx_game_free(g);
    }
}
END_TEST

/* ---- the Kwisatz Haderach (Advanced) ------------------------------------------------------------ */

/* Atreides (5) against Harkonnen (3), Advanced, with `losses` counted. */
static nx_game *kh_fight(int losses)
{
    nx_game *g = ah_fight(1);
    nxt_mut(g)->play.kh_losses = (uint8_t)losses;
    return g;
}

START_TEST(kh_adds_two_and_cannot_be_betrayed)
{
    nx_game *g = kh_fight(7);
    nxt_traitor(g, H, "duncan_idaho");
    nxt_go(g);
    /* 2 + 2 (Duncan) + 2 against 1 + 4 (Rabban): Atreides wins only with it. */
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":2,\"spice\":2,\"kwisatz_haderach\":true");
    json_t *r = nxt_done(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:beast_rabban\",\"dial\":1,\"spice\":1");
    ck_assert(nxt_log_has(r, "leader Duncan Idaho (2) with the Kwisatz Haderach"));
    json_decref(r);
    /* Harkonnen holds Duncan's Traitor Card but is not asked. */
    ck_assert_ptr_null(nxt_decision(g, H, NX_PEND_TRAITOR_CALL));
    r = nxt_done(g, A, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "totals 6, Harkonnen totals 5: Atreides wins"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.kh_used, nx_map_territory_parse("the_great_flat") + 1);
    nx_game_free(g);

    /* Its leader killed: no +2. */
    g = kh_fight(7);
    nxt_hand(g, H, "treachery:crysknife", NULL, NULL);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":2,\"spice\":2,\"kwisatz_haderach\":true");
    nxt_plan(g, H, "\"leader\":\"leader:beast_rabban\",\"dial\":1,\"spice\":1,\"weapon\":\"treachery:crysknife\"");
    r = nxt_done(g, A, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "totals 2, Harkonnen totals 5"));
    json_decref(r);
    nx_game_free(g);
}
END_TEST

START_TEST(kh_refused)
{
    const char *body = "\"type\":\"battle_plan\",\"leader\":\"leader:duncan_idaho\",\"dial\":0,\"kwisatz_haderach\":true";
    nx_game *g = kh_fight(6);
    nxt_go(g);
    nxt_refused(g, A, body, "illegal", "has not awakened");
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:duncan_idaho\",\"dial\":0,\"kwisatz_haderach\":1", "malformed",
            "must be true or false");
    nxt_refused(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:feyd_rautha\",\"dial\":0,\"kwisatz_haderach\":true", "illegal",
            "only the Atreides");
    nx_game_free(g);

    g = kh_fight(7);
    nxt_mut(g)->play.kh_dead = 1;
    nxt_go(g);
    nxt_refused(g, A, body, "illegal", "died in an explosion");
    nx_game_free(g);

    g = kh_fight(7);
    atreides_leaderless(g);
    nxt_go(g);
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"dial\":0,\"kwisatz_haderach\":true", "illegal", "with a leader or a Cheap Hero");
    nx_game_free(g);

    g = ah_fight(0);
    nxt_mut(g)->play.kh_losses = 9;
    nxt_go(g);
    nxt_refused(g, A, body, "illegal", "in the Advanced game");
    nx_game_free(g);
}
END_TEST

START_TEST(kh_one_territory_a_turn)
{
    /* It fought in The Great Flat; in Funeral Plain it may not. */
    nx_game *g = kh_fight(7);
    nxt_put(g, A, "funeral_plain", 2, 0);
    nxt_put(g, H, "funeral_plain", 2, 0);
    nxt_go(g);
    nxt_ok(g, A, "\"type\":\"choose_battle\",\"territory\":\"the_great_flat\",\"opponent\":2");
    nxt_no_advantages(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":5,\"spice\":5,\"kwisatz_haderach\":true");
    nxt_plan(g, H, "\"leader\":\"leader:umman_kudu\",\"dial\":0");
    nxt_no_calls(g);
    nxt_no_advantages(g);
    ck_assert_str_eq(nx_map_territory_id(nx_game_state(g)->play.battle_t), "funeral_plain");
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:thufir_hawat\",\"dial\":0,\"kwisatz_haderach\":true", "illegal",
            "fought in another territory this turn");
    nx_game_free(g);
}
END_TEST

START_TEST(kh_dies_in_an_explosion)
{
    nx_game *g = kh_fight(7);
    nxt_hand(g, H, "treachery:lasgun", NULL, NULL);
    nxt_hand(g, A, "treachery:shield#1", NULL, NULL);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:duncan_idaho\",\"dial\":0,\"defense\":\"treachery:shield#1\",\"kwisatz_haderach\":true");
    json_t *r = nxt_done(g, H, "\"type\":\"battle_plan\",\"leader\":\"leader:beast_rabban\",\"dial\":0,\"weapon\":\"treachery:lasgun\"");
    json_decref(r);
    r = nxt_done(g, A, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "the Kwisatz Haderach is killed"));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->play.kh_dead, 1);
    ck_assert_int_eq(nx_game_state(g)->play.kh_losses, 7 + 5);   /* the explosion's losses count */
    nx_game_free(g);
}
END_TEST

START_TEST(kh_awakens)
{
    /* 5 lost before; losing this battle's 3 makes 8. */
    for (int rule = 0; rule < NX_RS_TURN_BATTLE_KH_LOSSES_COUNT_; rule++) {
        nx_game *g = kh_fight(5);
        nxt_mut(g)->play.rule[NX_RULE_KH_LOSSES] = (uint8_t)rule;
        nxt_clear_board(g, A);
        nxt_put(g, A, "the_great_flat", 3, 0);
        nxt_go(g);
        nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
        nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":1,\"spice\":1");
        nxt_no_calls(g);
        ck_assert_int_eq(nx_game_state(g)->play.kh_losses, 8);
        nx_game_free(g);
    }
    /* A traitor's losses count under any_battle only. */
    for (int rule = 0; rule < NX_RS_TURN_BATTLE_KH_LOSSES_COUNT_; rule++) {
        nx_game *g = kh_fight(5);
        nxt_mut(g)->play.rule[NX_RULE_KH_LOSSES] = (uint8_t)rule;
        nxt_traitor(g, H, "dr_yueh");
        nxt_go(g);
        nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
        nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":0");
        nxt_ok(g, H, "\"type\":\"call_traitor\"");
        json_t *r = nxt_done(g, A, "\"type\":\"pass\"");
        ck_assert(nxt_log_has(r, "the Kwisatz Haderach awakens") == !rule);
        json_decref(r);
        ck_assert_int_eq(nx_game_state(g)->play.kh_losses, rule == NX_RS_TURN_BATTLE_KH_LOSSES_ORDINARY_ONLY ? 5 : 10);
        nx_game_free(g);
    }
}
END_TEST

START_TEST(karama_prevents_the_kh)
{
    nx_game *g = kh_fight(7);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    only(g, H, NX_PEND_KARAMA);                   /* before the Voice and any plan */
    json_t *r = nxt_done(g, H, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Harkonnen plays Karama: the Kwisatz Haderach of Atreides is stopped"));
    json_decref(r);
    nxt_no_advantages(g);
    nxt_refused(g, A, "\"type\":\"battle_plan\",\"leader\":\"leader:duncan_idaho\",\"dial\":0,\"kwisatz_haderach\":true", "illegal",
            "a Karama stopped it");
    nx_game_free(g);

    /* Not yet awakened: no window. */
    g = kh_fight(3);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    only(g, A, NX_PEND_PRESCIENCE);
    nx_game_free(g);
}
END_TEST

/* ---- Karama against the elite bonuses and the capture (Advanced) ---------------------------------- */

static const nx_faction EFH[] = { NX_EMPEROR, NX_FREMEN, NX_HARKONNEN };
enum { E, F };

/* The Emperor (2 forces, 2 Sardaukar) against Harkonnen (3); Harkonnen
 * holds a Karama. */
static nx_game *sardaukar_fight(void)
{
    nx_game *g = nxt_battle_new(EFH, 3, 1);
    nxt_put(g, E, "the_great_flat", 2, 2);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    return g;
}

START_TEST(karama_stops_the_sardaukar)
{
    /* No Karama: two supported Sardaukar make 4. */
    nx_game *g = sardaukar_fight();
    only(g, H, NX_PEND_KARAMA);                   /* before any plan */
    json_t *r = nxt_done(g, H, "\"type\":\"pass\"");
    ck_assert(nxt_log_has(r, "no Karama is played against the Sardaukar bonus of Emperor"));
    json_decref(r);
    nxt_no_advantages(g);
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":4,\"spice\":2,\"elite\":2");
    nx_game_free(g);

    /* Stopped: a Sardaukar counts 1, so the same plan is refused and four
     * supported counters make 4. */
    g = sardaukar_fight();
    r = nxt_done(g, H, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Harkonnen plays Karama: the Sardaukar bonus of Emperor is stopped"));
    json_decref(r);
    ck_assert(nxt_view_has(g, -1, "\"karama_stopped\":[\"sardaukar\"]"));
    nxt_no_advantages(g);
    nxt_refused(g, E, "\"type\":\"battle_plan\",\"leader\":\"leader:bashar\",\"dial\":4,\"spice\":2,\"elite\":2", "illegal",
                "makes a dial of 4 with 2 supported");
    nxt_plan(g, E, "\"leader\":\"leader:bashar\",\"dial\":4,\"spice\":4");
    nx_game_free(g);

    /* No Sardaukar in the battle, or the Fremen opposite: no bonus, no window. */
    g = nxt_battle_new(EFH, 3, 1);
    nxt_put(g, E, "the_great_flat", 2, 0);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    ck_assert_uint_eq(karama_asked(g), 0);
    nx_game_free(g);
    g = nxt_battle_new(EFH, 3, 1);
    nxt_put(g, E, "the_great_flat", 2, 2);
    nxt_put(g, F, "the_great_flat", 3, 0);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    ck_assert_int_eq(nx_game_state(g)->play.karama_window, NX_ADV_FREMEN);
    nx_game_free(g);
}
END_TEST

/* The Fremen (2 forces, 1 Fedaykin) against Harkonnen (3), who holds a Karama. */
static nx_game *fremen_fight(void)
{
    nx_game *g = nxt_battle_new(EFH, 3, 1);
    nxt_put(g, F, "the_great_flat", 2, 1);
    nxt_put(g, H, "the_great_flat", 3, 0);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    return g;
}

static nx_game *fremen_stopped(void)
{
    nx_game *g = fremen_fight();
    json_decref(nxt_done(g, H, "\"type\":\"karama\""));
    nxt_no_advantages(g);
    return g;
}

START_TEST(karama_stops_the_fremen)
{
    /* No Karama: unsupported, the Fedaykin (2) and a force (1) make 3; spice is refused. */
    nx_game *g = fremen_fight();
    only(g, H, NX_PEND_KARAMA);
    json_decref(no_karama(g));
    nxt_no_advantages(g);
    nxt_refused(g, F, "\"type\":\"battle_plan\",\"leader\":\"leader:stilgar\",\"dial\":3,\"spice\":3", "illegal",
                "the Fremen need no spice");
    nxt_plan(g, F, "\"leader\":\"leader:stilgar\",\"dial\":3");
    nx_game_free(g);

    /* Stopped: the Fedaykin counts 1 and every counter needs spice. */
    g = fremen_fight();
    json_t *r = nxt_done(g, H, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "plays Karama: the Fedaykin bonus and free support of Fremen is stopped"));
    json_decref(r);
    ck_assert(nx_game_state(g)->play.battle_stopped & (1u << NX_ADV_FREMEN));
    nxt_no_advantages(g);
    nxt_refused(g, F, "\"type\":\"battle_plan\",\"leader\":\"leader:stilgar\",\"dial\":3", "illegal", "makes a dial of 3");
    nxt_plan(g, F, "\"leader\":\"leader:stilgar\",\"dial\":3,\"spice\":3");
    ck_assert_int_eq(nx_game_state(g)->play.battle_lose[nx_battle_side(nx_game_state(g), F)][NX_FORCE_ELITE], 1);
    nx_game_free(g);
}
END_TEST

/* Harkonnen (3) beats Atreides (5), who holds a Karama. */
static nx_game *capture_drawn(void)
{
    nx_game *g = ah_fight(1);
    nxt_hand(g, A, "treachery:karama#1", NULL, NULL);
    nxt_go(g);
    nxt_plan(g, A, "\"leader\":\"leader:dr_yueh\",\"dial\":0");
    nxt_plan(g, H, "\"leader\":\"leader:feyd_rautha\",\"dial\":1,\"spice\":1");
    nxt_no_calls(g);
    return g;
}

START_TEST(karama_stops_the_capture)
{
    nx_game *g = capture_drawn();
    only(g, A, NX_PEND_KARAMA);                   /* after the draw, before Harkonnen decides */
    int l = nx_game_state(g)->play.battle_captive;
    ck_assert_int_eq(nx_leader_get(l)->faction, NX_ATREIDES);
    json_t *r = nxt_done(g, A, "\"type\":\"karama\"");
    ck_assert(nxt_log_has(r, "Atreides plays Karama: the capture of Harkonnen is stopped"));
    json_decref(r);
    ck_assert_ptr_null(nxt_decision(g, H, NX_PEND_CAPTURE));
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nx_comp_leader_disc(l)], NX_Z_SEAT(A, NX_ZS_LEADERS));
    ck_assert_int_eq(nxt_card_zone(g, "treachery:karama#1"), NX_Z_TREACHERY_DISCARD);
    nx_game_free(g);

    /* No Karama: Harkonnen decides about the same leader. */
    g = capture_drawn();
    l = nx_game_state(g)->play.battle_captive;
    json_decref(no_karama(g));
    const nx_pending *p = nxt_decision(g, H, NX_PEND_CAPTURE);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(nx_comp_leader(p->options[0]), l);
    nxt_ok(g, H, "\"type\":\"capture\",\"mode\":\"capture\"");
    ck_assert_int_eq(nx_game_state(g)->custody.zone[nx_comp_leader_disc(l)], NX_Z_SEAT(H, NX_ZS_LEADERS));
    nx_game_free(g);
}
END_TEST

/* ---- bots ------------------------------------------------------------------------------------- */

static nx_game *at_voice(void)
{
    nx_game *g = ab_fight(0);
    nxt_hand(g, B, "treachery:crysknife", NULL, NULL);
    nxt_hand(g, A, "treachery:shield#1", "treachery:karama#1", NULL);
    json_decref(nxt_stage_go(g));
    return g;
}

static nx_game *at_voice_window(void)
{
    nx_game *g = at_voice();
    voice(g, "not_play", "projectile_defense");
    return g;
}

static nx_game *at_prescience(void)
{
    nx_game *g = at_voice_window();
    json_decref(no_karama(g));
    return g;
}

static nx_game *answering(const char *element)
{
    nx_game *g = at_prescience();
    char body[96];
    nx_fmt(body, sizeof body, "\"type\":\"prescience\",\"element\":\"%s\"", element);
    nxt_ok(g, A, body);
    json_decref(no_karama(g));
    return g;
}
static nx_game *answer_leader(void) { return answering("leader"); }
static nx_game *answer_weapon(void) { return answering("weapon"); }
static nx_game *answer_defense(void) { return answering("defense"); }
static nx_game *answer_dial(void) { return answering("dial"); }

static nx_game *plans_bound(void)
{
    nx_game *g = answer_weapon();
    nxt_ok(g, B, "\"type\":\"foresee_answer\",\"weapon\":\"treachery:crysknife\"");
    return g;
}

/* Bound to play a Cheap Hero, or forbidden one with no leader. */
static nx_game *hero_commanded(const char *mode, int leaderless)
{
    nx_game *g = ab_fight(1);
    nxt_hand(g, A, "treachery:cheap_hero#1", "treachery:chaumas", NULL);
    if (leaderless) atreides_leaderless(g);
    json_decref(nxt_stage_go(g));
    voice(g, mode, "cheap_hero");
    nxt_no_advantages(g);
    return g;
}
static nx_game *hero_demanded(void) { return hero_commanded("play", 0); }
static nx_game *hero_forbidden(void) { return hero_commanded("not_play", 1); }

static nx_game *kh_plans(void)
{
    nx_game *g = kh_fight(7);
    nxt_hand(g, H, "treachery:karama#1", NULL, NULL);
    json_decref(nxt_stage_go(g));
    return g;
}

static nx_game *kh_plans_open(void)
{
    nx_game *g = kh_plans();
    nxt_no_advantages(g);
    return g;
}

START_TEST(bots_list_legal_moves)
{
    nxt_stage_check_moves(at_voice, B);
    nxt_stage_check_moves(at_voice_window, A);
    nxt_stage_check_moves(at_prescience, A);
    nxt_stage_check_moves(answer_leader, B);
    nxt_stage_check_moves(answer_weapon, B);
    nxt_stage_check_moves(answer_defense, B);
    nxt_stage_check_moves(answer_dial, B);
    nxt_stage_check_moves(plans_bound, A);
    nxt_stage_check_moves(plans_bound, B);
    nxt_stage_check_moves(hero_demanded, A);
    nxt_stage_check_moves(hero_forbidden, A);
    nxt_stage_check_moves(kh_plans, H);
    nxt_stage_check_moves(kh_plans_open, A);
    nxt_stage_check_moves(sardaukar_fight, H);
    nxt_stage_check_moves(fremen_fight, H);
    nxt_stage_check_moves(fremen_stopped, F);
    nxt_stage_check_moves(capture_drawn, A);

    /* The Bene Gesserit holding a projectile weapon forbids the Shield;
     * Atreides asks for the weapon; the commanded Atreides, holding a
     * Shield and a Karama, stops the Voice. */
    nx_game *g = at_voice();
    nxt_play_best(g, B);
    ck_assert_int_eq(nx_game_state(g)->play.voice_mode, 2);
    ck_assert_str_eq(nx_board_voice_what_id(nx_game_state(g)->play.voice_what), "projectile_defense");
    nxt_play_best(g, A);
    ck_assert(nx_game_state(g)->play.battle_stopped & (1u << NX_ADV_VOICE));
    nxt_play_best(g, A);
    ck_assert_int_eq(nx_game_state(g)->play.prescience_elem, 2);
    nx_game_free(g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("battle_voice");
    TCase *tc = tcase_create("voice");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, voice_then_prescience_then_plans);
    tcase_add_test(tc, who_voices_and_foresees);
    tcase_add_test(tc, voice_binds_the_plan);
    tcase_add_test(tc, voice_commands_refused);
    tcase_add_test(tc, prescience_shown_to_the_asker);
    tcase_add_test(tc, prescience_answers_refused);
    tcase_add_test(tc, voice_binds_the_prescience_answer);
    tcase_add_test(tc, prescience_for_the_ally);
    tcase_add_test(tc, karama_stops_the_voice);
    tcase_add_test(tc, karama_stops_prescience);
    tcase_add_test(tc, karama_scope);
    tcase_add_test(tc, kh_adds_two_and_cannot_be_betrayed);
    tcase_add_test(tc, kh_refused);
    tcase_add_test(tc, kh_one_territory_a_turn);
    tcase_add_test(tc, kh_dies_in_an_explosion);
    tcase_add_test(tc, kh_awakens);
    tcase_add_test(tc, karama_prevents_the_kh);
    tcase_add_test(tc, karama_stops_the_sardaukar);
    tcase_add_test(tc, karama_stops_the_fremen);
    tcase_add_test(tc, karama_stops_the_capture);
    tcase_add_test(tc, bots_list_legal_moves);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
