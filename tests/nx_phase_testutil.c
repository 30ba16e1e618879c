/* Shared helpers for the game-turn suites: see nx_phase_testutil.h. */
#include "nx_phase_testutil.h"
#include "nx_text.h"

#include <stdarg.h>

nx_runtime nxt_rt;

void nxt_open(void)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    int rc = nx_runtime_open(&nxt_rt, pack, &d);
    nx_diags_print(&d, stderr);
    free(pack);
    nx_diags_free(&d);
    ck_assert_int_eq(rc, 0);
}

void nxt_close(void) { nx_runtime_close(&nxt_rt); }

/* ---- games -------------------------------------------------------------------- */

const nx_faction nxt_classic6[6] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR,
                                     NX_FREMEN, NX_HARKONNEN, NX_SPACING_GUILD };

/* The spec of each game made here, so a staged position can be copied. */
static struct {
    const nx_game *g;
    nxt_spec gs;
} made[64];
static int nmade;

static const nxt_spec *spec_of(const nx_game *g)
{
    /* Newest first: a freed game's address may be reused. */
    for (int k = 0; k < nmade && k < 64; k++)
        if (made[(nmade - 1 - k) % 64].g == g) return &made[(nmade - 1 - k) % 64].gs;
    ck_abort_msg("the game was not made by nxt_new_game");
    return NULL;
}

static nx_game *make_game(const nxt_spec *gs)
{
    nx_game_config cfg = { .seed = gs->seed ? gs->seed : 5, .advanced = gs->advanced, .designer = gs->designer,
                           .nseats = gs->nseats };
    memcpy(cfg.factions, gs->factions, (size_t)gs->nseats * sizeof gs->factions[0]);
    nx_settings st;
    nx_settings_init(&st);
    if (gs->ruling) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(&st, &nxt_rt.pack.rulings, gs->ruling, gs->setting, &d);
        nx_diags_print(&d, stderr);
        nx_diags_free(&d);
        ck_assert_int_eq(rc, 0);
    }
    char err[256];
    nx_game *g = nx_game_new(&nxt_rt, &st, &cfg, err, sizeof err);
    nx_settings_free(&st);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

nx_game *nxt_new_game(const nxt_spec *gs)
{
    nx_game *g = make_game(gs);
    made[nmade % 64].g = g;
    made[nmade % 64].gs = *gs;
    nmade++;
    return g;
}

nx_game *nxt_copy_game(const nx_game *g)
{
    nx_game *c = make_game(spec_of(g));
    *nx_game_state_mut(c) = *nx_game_state(g);
    return c;
}

nx_game *nxt_classic_game(int advanced)
{
    nxt_spec gs = { .advanced = advanced, .nseats = 6 };
    memcpy(gs.factions, nxt_classic6, sizeof nxt_classic6);
    return nxt_new_game(&gs);
}

/* ---- actions (body form) -------------------------------------------------------- */

static int action_ids;

json_t *nxt_act(nx_game *g, int seat, const char *body)
{
    char text[2048];
    nx_fmt(text, sizeof text, "{\"id\":\"t%d\",\"version\":%u,\"seat\":%d,%s}", ++action_ids,
             nx_game_state(g)->version, seat, body);
    char *r = nx_game_apply(g, text);
    json_t *j = json_loads(r, 0, NULL);
    free(r);
    return j;
}

const char *nxt_result_error(json_t *r) { return json_string_value(json_object_get(r, "error")); }

json_t *nxt_done(nx_game *g, int seat, const char *body)
{
    json_t *r = nxt_act(g, seat, body);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "seat %d %s refused: %s", seat, body, nxt_result_error(r));
    return r;
}

void nxt_ok(nx_game *g, int seat, const char *body) { json_decref(nxt_done(g, seat, body)); }

void nxt_ok_logs(nx_game *g, int seat, const char *body, const char *needle)
{
    json_t *r = nxt_done(g, seat, body);
    char *log = json_dumps(json_object_get(r, "log"), JSON_COMPACT);
    ck_assert_msg(strstr(log, needle) != NULL, "log lacks \"%s\": %s", needle, log);
    free(log);
    json_decref(r);
}

void nxt_refused(nx_game *g, int seat, const char *body, const char *code, const char *why)
{
    nx_state before = *nx_game_state(g);
    json_t *r = nxt_act(g, seat, body);
    ck_assert_msg(!json_is_true(json_object_get(r, "ok")), "seat %d %s was accepted", seat, body);
    ck_assert_str_eq(json_string_value(json_object_get(r, "code")), code);
    ck_assert_msg(strstr(nxt_result_error(r), why) != NULL, "reason \"%s\" lacks \"%s\"", nxt_result_error(r), why);
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    json_decref(r);
}

int nxt_log_has(json_t *r, const char *needle)
{
    char *log = json_dumps(json_object_get(r, "log"), JSON_COMPACT);
    int hit = strstr(log, needle) != NULL;
    free(log);
    return hit;
}

int nxt_pass_karama_windows(nx_game *g)
{
    int n = 0;
    for (int again = 1; again;) {
        again = 0;
        const nx_state *s = nx_game_state(g);
        for (int i = 0; i < s->npending && !again; i++)
            if (s->pending[i].kind == NX_PEND_ADV_KARAMA) {
                nxt_ok(g, s->pending[i].seat, "\"type\":\"pass\"");
                again = 1;
                n++;
            }
    }
    return n;
}

json_t *nxt_poke(nx_game *g) { return nxt_act(g, 0, "\"type\":\"set_policy\",\"policy\":\"keep\""); }

json_t *nxt_stage_go(nx_game *g)
{
    json_t *r = nxt_poke(g);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "poke refused: %s", nxt_result_error(r));
    return r;
}

void nxt_settle(nx_game *g) { json_decref(nxt_stage_go(g)); }

int nxt_offer_aid(nx_game *g, int amount)
{
    int n = 0;
    for (int seat = 0; seat < nx_game_state(g)->nseats; seat++) {
        if (!nxt_decision(g, seat, NX_PEND_ALLY_AID)) continue;
        int spice = nxt_spice(g, seat), offer = amount < 0 || amount > spice ? spice : amount;
        char body[64];
        nx_fmt(body, sizeof body, "\"type\":\"ally_aid\",\"amount\":%d", offer);
        nxt_ok(g, seat, body);
        n++;
    }
    return n;
}

/* ---- actions (printf form) ------------------------------------------------------ */

char *nxt_apply(nx_game *g, int seat, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    nx_vfmt(text, sizeof text, fmt, ap);
    va_end(ap);
    json_error_t je;
    json_t *a = json_loads(text, 0, &je);
    ck_assert_msg(a != NULL, "bad test JSON %s: %s", text, je.text);
    char id[16];
    nx_fmt(id, sizeof id, "fx%d", ++action_ids);
    json_object_set_new(a, "id", json_string(id));
    json_object_set_new(a, "version", json_integer(nx_game_state(g)->version));
    json_object_set_new(a, "seat", json_integer(seat));
    char *dumped = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    nx_state before = *nx_game_state(g);
    char *r = nx_game_apply(g, dumped);
    free(dumped);
    if (!nxt_accepted(r))
        ck_assert_msg(!memcmp(&before, nx_game_state(g), sizeof before), "refused %s changed the game", text);
    return r;
}

int nxt_accepted(const char *result) { return strstr(result, "\"ok\": true") || strstr(result, "\"ok\":true"); }

/* ---- bots ----------------------------------------------------------------------- */

/* Apply a candidate's action (an object) for a seat, asserting it is accepted. */
static void ok_candidate(nx_game *g, int seat, json_t *m)
{
    char *body = json_dumps(json_object_get(m, "action"), JSON_COMPACT);
    body[strlen(body) - 1] = '\0';  /* drop the braces: nxt_act adds its own */
    nxt_ok(g, seat, body + 1);
    free(body);
}

void nxt_play_best(nx_game *g, int seat)
{
    json_t *moves = nx_game_moves(g, seat);
    ck_assert_msg(json_array_size(moves) > 0, "seat %d has no candidate move", seat);
    json_t *best = NULL;
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m)
        if (!best || json_integer_value(json_object_get(m, "score")) > json_integer_value(json_object_get(best, "score")))
            best = m;
    ok_candidate(g, seat, best);
    json_decref(moves);
}

void nxt_finish_setup(nx_game *g)
{
    while (nx_game_state(g)->phase == NX_P_SETUP && nx_game_state(g)->npending)
        nxt_play_best(g, nx_game_state(g)->pending[0].seat);
}

int nxt_all_moves_accepted(const nx_game *g, int seat)
{
    json_t *moves = nx_game_moves(g, seat);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        nx_game *copy = nxt_copy_game(g);
        ok_candidate(copy, seat, m);
        nx_game_free(copy);
    }
    int n = (int)json_array_size(moves);
    json_decref(moves);
    return n;
}

void nxt_stage_check_moves(nx_game *(*make)(void), int seat)
{
    nx_game *g = make();
    json_t *moves = nx_game_moves(g, seat);
    ck_assert_msg(json_array_size(moves) > 0, "seat %d has no candidate moves", seat);
    nx_game_free(g);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        g = make();
        ok_candidate(g, seat, m);
        nx_game_free(g);
    }
    json_decref(moves);
}

/* ---- staging -------------------------------------------------------------------- */

nx_state *nxt_mut(nx_game *g) { return nx_game_state_mut(g); }

void nxt_clear_pending(nx_state *s)
{
    while (s->npending) nx_state_remove_pending(s, &s->pending[0]);
}

void nxt_stage_phase(nx_game *g, int phase, int turn)
{
    nx_state *s = nxt_mut(g);
    nxt_clear_pending(s);
    s->phase = (uint8_t)phase;
    s->turn = (uint8_t)turn;
    s->play.step = s->play.cursor = s->play.closing = 0;
    s->negotiating = 0;
    s->nexus_occurred = 0;
}

/* Outside the battle a staged table holds no Karama out of sight: both
 * lie in the discard, so the Karama windows against faction advantages
 * (interpreter/turn/nx_adv_windows.c) open only where a test hands one
 * out (nxt_hand).  The battle's tests keep theirs where the deal put them. */
static void karama_to_discard(nx_state *s, int phase)
{
    if (phase == NX_P_BATTLE) return;
    for (int c = 0; c < NX_TREACHERY_COPY_COUNT; c++)
        if (nx_treachery_copy_card(c) == NX_TR_KARAMA) nx_custody_move(&s->custody, nx_comp_treachery(c), NX_Z_TREACHERY_DISCARD);
}

nx_game *nxt_stage_new(const nx_faction *factions, int n, int advanced, int phase)
{
    nxt_spec gs = { .advanced = advanced, .nseats = n, .seed = 7 };
    memcpy(gs.factions, factions, (size_t)n * sizeof *factions);
    nx_game *g = nxt_new_game(&gs);
    nx_setup_deal_state(nxt_mut(g));      /* as setup would have, after its choices */
    nxt_stage_phase(g, phase, NX_LAST_TURN);
    nx_state *s = nxt_mut(g);
    for (uint8_t i = 0; i < n; i++) {
        nx_state_reserve_all_forces(s, i);
        s->seats[i].spice = 0;
        s->seats[i].ally = NX_NO_SEAT;
    }
    memset(s->play.advisors, 0, sizeof s->play.advisors);
    s->first_seat = 0;
    karama_to_discard(s, phase);
    return g;
}

nx_game *nxt_stage_turn2(const nx_faction *factions, int nseats, int advanced, int phase, int storm_sector, int spice)
{
    nx_game_config cfg = { .seed = 11, .nseats = nseats, .advanced = advanced };
    memcpy(cfg.factions, factions, (size_t)nseats * sizeof *factions);
    char err[256];
    nx_game *g = nx_game_new(&nxt_rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_state *s = nxt_mut(g);
    nx_setup_deal_state(s);               /* as setup would have, after its choices */
    memset(s->pending, 0, sizeof s->pending);
    s->npending = 0;
    for (int i = 0; i < nseats; i++) {
        nx_state_reserve_all_forces(s, (uint8_t)i);
        s->seats[i].ally = NX_NO_SEAT;
        s->seats[i].offers = 0;
        s->seats[i].spice = (int16_t)spice;
    }
    memset(s->play.spice, 0, sizeof s->play.spice);
    memset(s->play.advisors, 0, sizeof s->play.advisors);
    s->play.storm_sector = (uint8_t)storm_sector;
    s->play.prediction_faction = 0xff;
    s->play.prediction_turn = 0;
    s->play.winners = 0;
    s->play.over = 0;
    s->first_seat = 0;
    s->turn = 2;
    s->phase = (uint8_t)phase;
    s->play.step = 0;
    s->play.cursor = 0;
    s->play.closing = 0;
    s->negotiating = 0;
    karama_to_discard(s, phase);
    return g;
}

nx_game *nxt_battle_new(const nx_faction *f, int n, int advanced)
{
    static const nx_comp none = NX_COMP_NONE;
    nx_game *g = nxt_stage_new(f, n, advanced, NX_P_BATTLE);
    nx_state *s = nxt_mut(g);
    for (uint8_t seat = 0; seat < n; seat++) {
        nxt_stage_hand(g, seat, &none);
        const int kinds[2] = { NX_ZS_TRAITORS, NX_ZS_TRAITOR_OFFER };
        for (int k = 0; k < 2; k++) {
            nx_comp held[NX_COMP_COUNT];
            int m = nx_custody_list(&s->custody, NX_Z_SEAT(seat, kinds[k]), held, NX_COMP_COUNT);
            for (int i = 0; i < m; i++) nx_custody_move(&s->custody, held[i], NX_Z_TRAITOR_DECK);
        }
        s->seats[seat].spice = 10;
    }
    memset(s->play.spice, 0, sizeof s->play.spice);
    s->play.storm_sector = 0;
    return g;
}

void nxt_stage_hand(nx_game *g, uint8_t seat, const nx_comp *cards)
{
    nx_state *s = nxt_mut(g);
    nx_zone hand = NX_Z_SEAT(seat, NX_ZS_TREACHERY);
    nx_comp held[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand, held, NX_COMP_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move_bottom(&s->custody, held[i], NX_Z_TREACHERY_DECK);
    for (; *cards != NX_COMP_NONE; cards++) nx_custody_move(&s->custody, *cards, hand);
}

void nxt_hand(nx_game *g, uint8_t seat, const char *a, const char *b, const char *c)
{
    nx_comp cards[4] = { NX_COMP_NONE, NX_COMP_NONE, NX_COMP_NONE, NX_COMP_NONE };
    const char *ids[3] = { a, b, c };
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (ids[i]) cards[n++] = nxt_comp(ids[i]);
    nxt_stage_hand(g, seat, cards);
}

void nxt_traitor(nx_game *g, uint8_t seat, const char *leader)
{
    nx_custody_move(&nxt_mut(g)->custody, nx_comp_traitor(nx_leader_find(leader)), NX_Z_SEAT(seat, NX_ZS_TRAITORS));
}

void nxt_ally(nx_game *g, int a, int b)
{
    nx_state *s = nxt_mut(g);
    s->seats[a].ally = (uint8_t)b;
    s->seats[b].ally = (uint8_t)a;
}

int nxt_section(const char *id)
{
    int sec = nx_map_section_parse(id);
    ck_assert_msg(sec >= 0, "no section %s", id);
    return sec;
}

nx_comp nxt_comp(const char *id)
{
    nx_comp c = nx_comp_parse(id);
    ck_assert_msg(c != NX_COMP_NONE, "no component %s", id);
    return c;
}

void nxt_put(nx_game *g, int seat, const char *sec, int n, int e)
{
    nx_state *s = nxt_mut(g);
    int where = nxt_section(sec);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(where), n);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_BOARD(where), e);
}

void nxt_clear_board(nx_game *g, int seat)
{
    nx_state *s = nxt_mut(g);
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        for (int k = 0; k < NX_FORCE_KINDS; k++)
            nx_state_move_forces(s, (uint8_t)seat, k, NX_PLACE_BOARD(sec), NX_PLACE_RESERVES,
                                 s->seats[seat].forces[NX_PLACE_BOARD(sec)][k]);
    memset(s->play.advisors, 0, sizeof s->play.advisors);
}

void nxt_stack_deck(nx_game *g, const char *const *ids)
{
    int n = 0;
    while (ids[n]) n++;
    for (int i = n - 1; i >= 0; i--) nx_custody_move(&nxt_mut(g)->custody, nxt_comp(ids[i]), NX_Z_SPICE_DECK);
}

void nxt_leader_to_tanks(nx_game *g, const char *leader)
{
    nx_custody_move(&nxt_mut(g)->custody, nx_comp_leader_disc(nx_leader_find(leader)), NX_Z_TANKS);
}

/* ---- looking -------------------------------------------------------------------- */

int nxt_at(const nx_game *g, int seat, const char *sec, int kind)
{
    return nx_game_state(g)->seats[seat].forces[NX_PLACE_BOARD(nxt_section(sec))][kind];
}

int nxt_here(const nx_game *g, int seat, const char *sec)
{
    const uint8_t *f = nx_game_state(g)->seats[seat].forces[NX_PLACE_BOARD(nxt_section(sec))];
    return f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
}

int nxt_tanks(const nx_game *g, int seat)
{
    const uint8_t *f = nx_game_state(g)->seats[seat].forces[NX_PLACE_TANKS];
    return f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
}

int nxt_spice(const nx_game *g, int seat) { return nx_game_state(g)->seats[seat].spice; }

nx_zone nxt_leader_zone(const nx_game *g, const char *leader)
{
    return nx_game_state(g)->custody.zone[nx_comp_leader_disc(nx_leader_find(leader))];
}

int nxt_leader_dead(const nx_game *g, const char *leader) { return nxt_leader_zone(g, leader) == NX_Z_TANKS; }

int nxt_card_zone(const nx_game *g, const char *id) { return nx_game_state(g)->custody.zone[nxt_comp(id)]; }

const nx_pending *nxt_pending(const nx_game *g, int seat)
{
    return nx_state_pending_of(nx_game_state(g), (uint8_t)seat);
}

const nx_pending *nxt_decision(const nx_game *g, int seat, nx_pending_kind kind)
{
    return nx_pending_find(nx_game_state(g), (uint8_t)seat, kind);
}

int nxt_in_phase(const nx_game *g, int phase) { return nx_game_state(g)->phase == phase; }

char *nxt_view_text(const nx_game *g, int seat)
{
    json_t *v = nx_game_view_json(g, seat);
    char *t = json_dumps(v, JSON_COMPACT);
    json_decref(v);
    return t;
}

int nxt_view_has(const nx_game *g, int seat, const char *text)
{
    char *v = nxt_view_text(g, seat);
    int found = strstr(v, text) != NULL;
    free(v);
    return found;
}

/* ---- modules run directly ------------------------------------------------------- */

json_t *nxt_run(nx_game *g, const nx_module *m)
{
    nx_act a = { .rt = &nxt_rt, .action = NULL, .seat = -1, .log = json_array() };
    a.s = nxt_mut(g);
    ck_assert_int_eq(m->run(&a), 0);
    char msg[256];
    ck_assert_msg(nx_state_check(a.s, msg, sizeof msg) == 0, "%s", msg);
    return a.log;
}

int nxt_logged(const json_t *log, const char *text)
{
    size_t i;
    json_t *line;
    json_array_foreach(log, i, line)
        if (strstr(json_string_value(line), text)) return 1;
    return 0;
}

/* ---- storms --------------------------------------------------------------------- */

const char *nxt_dial(int v)
{
    static char body[64];
    nx_fmt(body, sizeof body, "\"type\":\"dial\",\"value\":%d", v);
    return body;
}

nx_game *nxt_at_first_storm(int advanced)
{
    nx_game *g = nxt_classic_game(advanced);
    nxt_finish_setup(g);
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_STORM);
    return g;
}

void nxt_pass_adv_windows(nx_game *g)
{
    for (int i = 0; i < nx_game_state(g)->npending;) {
        const nx_pending *p = &nx_game_state(g)->pending[i];
        if (p->kind != NX_PEND_ADV_KARAMA) {
            i++;
            continue;
        }
        nxt_ok(g, p->seat, "\"type\":\"pass\"");
        i = 0;
    }
}

void nxt_first_storm_to(nx_game *g, int to)
{
    nxt_ok(g, NXT_HAR, nxt_dial(to / 2));
    nxt_ok(g, NXT_GLD, nxt_dial(to - to / 2));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, to);
    /* Advanced: the Karama window before the Fremen's look at the storm card. */
    nxt_pass_adv_windows(g);
}

/* ---- battles -------------------------------------------------------------------- */

int nxt_before_plans(uint8_t kind)
{
    return kind == NX_PEND_VOICE || kind == NX_PEND_PRESCIENCE || kind == NX_PEND_KARAMA;
}

void nxt_no_advantages(nx_game *g)
{
    for (;;) {
        const nx_state *s = nx_game_state(g);
        int i = 0;
        while (i < s->npending && !nxt_before_plans(s->pending[i].kind)) i++;
        if (i == s->npending) return;
        nxt_ok(g, s->pending[i].seat, "\"type\":\"pass\"");
    }
}

void nxt_go(nx_game *g)
{
    json_decref(nxt_stage_go(g));
    nxt_no_advantages(g);
}

void nxt_no_calls(nx_game *g)
{
    const nx_state *s = nx_game_state(g);
    for (int i = s->npending - 1; i >= 0; i--)
        if (s->pending[i].kind == NX_PEND_TRAITOR_CALL) nxt_ok(g, s->pending[i].seat, "\"type\":\"pass\"");
}

void nxt_plan(nx_game *g, int seat, const char *keys)
{
    char body[512];
    nx_fmt(body, sizeof body, "\"type\":\"battle_plan\", %s", keys);
    nxt_ok(g, seat, body);
}

json_t *nxt_best_action(nx_game *g, int seat, char **listed)
{
    json_t *moves = nx_game_moves(g, seat), *best = NULL, *m;
    size_t i;
    json_array_foreach(moves, i, m)
        if (!best || json_integer_value(json_object_get(m, "score")) > json_integer_value(json_object_get(best, "score"))) best = m;
    json_t *action = best ? json_incref(json_object_get(best, "action")) : NULL;
    if (listed) *listed = json_dumps(moves, JSON_COMPACT);
    json_decref(moves);
    return action;
}
