/*
 * Helpers shared by the game-turn suites (test_phase_setup.c,
 * test_phase_storm.c, test_phase_spice.c): a runtime on the built-in
 * pack, games with chosen factions and rulings, actions by seat with
 * their outcome checked, staging a position, and the check that every
 * candidate a decision's `moves` lists is accepted.
 *
 * Header-only (static functions): each suite is its own executable.
 */
#ifndef PHASE_HELPERS_H
#define PHASE_HELPERS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_board.h"
#include "nx_game.h"
#include "nx_testutil.h"

static nx_runtime rt;

static inline void open_rt(void)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    int rc = nx_runtime_open(&rt, pack, &d);
    nx_diags_print(&d, stderr);
    free(pack);
    nx_diags_free(&d);
    ck_assert_int_eq(rc, 0);
}

static inline void close_rt(void) { nx_runtime_close(&rt); }

typedef struct game_spec {
    int advanced, designer, nseats;
    nx_faction factions[NX_MAX_SEATS];
    const char *ruling, *setting;     /* one ruling to set, or NULL */
    uint64_t seed;
} game_spec;

/* The spec of each game made here, so a staged position can be copied. */
static struct {
    const nx_game *g;
    game_spec gs;
} made[64];
static int nmade;

static inline const game_spec *spec_of(const nx_game *g)
{
    /* Newest first: a freed game's address may be reused. */
    for (int k = 0; k < nmade && k < 64; k++)
        if (made[(nmade - 1 - k) % 64].g == g) return &made[(nmade - 1 - k) % 64].gs;
    ck_abort_msg("the game was not made by new_game");
    return NULL;
}

static inline nx_game *make_game(const game_spec *gs)
{
    nx_game_config cfg = { .seed = gs->seed ? gs->seed : 5, .advanced = gs->advanced, .designer = gs->designer,
                           .nseats = gs->nseats };
    memcpy(cfg.factions, gs->factions, (size_t)gs->nseats * sizeof gs->factions[0]);
    nx_settings st;
    nx_settings_init(&st);
    if (gs->ruling) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(&st, &rt.pack.rulings, gs->ruling, gs->setting, &d);
        nx_diags_print(&d, stderr);
        nx_diags_free(&d);
        ck_assert_int_eq(rc, 0);
    }
    char err[256];
    nx_game *g = nx_game_new(&rt, &st, &cfg, err, sizeof err);
    nx_settings_free(&st);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

static inline nx_game *new_game(const game_spec *gs)
{
    nx_game *g = make_game(gs);
    made[nmade % 64].g = g;
    made[nmade % 64].gs = *gs;
    nmade++;
    return g;
}

/* A copy of a game's position (a staged one too): a game of the same
 * spec whose state is overwritten with the original's. */
static inline nx_game *copy_game(const nx_game *g)
{
    nx_game *c = make_game(spec_of(g));
    *nx_game_state_mut(c) = *nx_game_state(g);
    return c;
}

/* The six classic factions in a fixed seat order. */
static const nx_faction classic6[6] __attribute__((unused)) = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR,
                                        NX_FREMEN, NX_HARKONNEN, NX_SPACING_GUILD };
enum { ATR, BG, EMP, FRE, HAR, GLD };  /* their seats */

static inline nx_game *classic_game(int advanced)
{
    game_spec gs = { .advanced = advanced, .nseats = 6 };
    memcpy(gs.factions, classic6, sizeof classic6);
    return new_game(&gs);
}

/* Apply `body` (the action's own keys, JSON without braces) for a seat;
 * returns the result object. */
static inline json_t *act(nx_game *g, int seat, const char *body)
{
    static int next;
    char text[2048];
    snprintf(text, sizeof text, "{\"id\":\"t%d\",\"version\":%u,\"seat\":%d,%s}", ++next,
             nx_game_state(g)->version, seat, body);
    char *r = nx_game_apply(g, text);
    json_t *j = json_loads(r, 0, NULL);
    free(r);
    return j;
}

static inline const char *result_error(json_t *r) { return json_string_value(json_object_get(r, "error")); }

static inline void ok(nx_game *g, int seat, const char *body)
{
    json_t *r = act(g, seat, body);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "seat %d %s refused: %s", seat, body, result_error(r));
    json_decref(r);
}

/* As ok, and the public log of the action has a line containing `needle`. */
static inline void ok_logs(nx_game *g, int seat, const char *body, const char *needle)
{
    json_t *r = act(g, seat, body);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "seat %d %s refused: %s", seat, body, result_error(r));
    char *log = json_dumps(json_object_get(r, "log"), JSON_COMPACT);
    ck_assert_msg(strstr(log, needle) != NULL, "log lacks \"%s\": %s", needle, log);
    free(log);
    json_decref(r);
}

/* Refused with `code` and a reason containing `why`; nothing changed. */
static inline void refused(nx_game *g, int seat, const char *body, const char *code, const char *why)
{
    nx_state before = *nx_game_state(g);
    json_t *r = act(g, seat, body);
    ck_assert_msg(!json_is_true(json_object_get(r, "ok")), "seat %d %s was accepted", seat, body);
    ck_assert_str_eq(json_string_value(json_object_get(r, "code")), code);
    ck_assert_msg(strstr(result_error(r), why) != NULL, "reason \"%s\" lacks \"%s\"", result_error(r), why);
    ck_assert_int_eq(memcmp(&before, nx_game_state(g), sizeof before), 0);
    json_decref(r);
}

/* Does the public log of the last action have a line containing needle? */
static inline int log_has(json_t *r, const char *needle)
{
    char *log = json_dumps(json_object_get(r, "log"), JSON_COMPACT);
    int hit = strstr(log, needle) != NULL;
    free(log);
    return hit;
}

/* The seat's best-scored candidate, applied. */
static inline void play_best(nx_game *g, int seat)
{
    json_t *moves = nx_game_moves(g, seat);
    ck_assert_msg(json_array_size(moves) > 0, "seat %d has no candidate move", seat);
    json_t *best = NULL;
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m)
        if (!best || json_integer_value(json_object_get(m, "score")) > json_integer_value(json_object_get(best, "score")))
            best = m;
    char *body = json_dumps(json_object_get(best, "action"), JSON_COMPACT);
    body[strlen(body) - 1] = '\0';  /* drop the braces: act adds its own */
    ok(g, seat, body + 1);
    free(body);
    json_decref(moves);
}

/* Answer every setup decision with the best candidate. */
static inline void finish_setup(nx_game *g)
{
    while (nx_game_state(g)->phase == NX_P_SETUP && nx_game_state(g)->npending)
        play_best(g, nx_game_state(g)->pending[0].seat);
}

/* Every candidate the seat's decision lists is accepted (each tried on a
 * copy of the position); returns how many there were. */
static inline int all_moves_accepted(const nx_game *g, int seat)
{
    json_t *moves = nx_game_moves(g, seat);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        nx_game *copy = copy_game(g);
        char *body = json_dumps(json_object_get(m, "action"), JSON_COMPACT);
        body[strlen(body) - 1] = '\0';
        ok(copy, seat, body + 1);
        free(body);
        nx_game_free(copy);
    }
    int n = (int)json_array_size(moves);
    json_decref(moves);
    return n;
}

/* ---- staging ---------------------------------------------------------------- */

static inline nx_state *mut(nx_game *g) { return nx_game_state_mut(g); }

static inline void clear_pending(nx_state *s)
{
    while (s->npending) nx_state_remove_pending(s, &s->pending[0]);
}

/* Stage the start of a phase on a turn; `poke` then runs its procedure. */
static inline void stage_phase(nx_game *g, int phase, int turn)
{
    nx_state *s = mut(g);
    clear_pending(s);
    s->phase = (uint8_t)phase;
    s->turn = (uint8_t)turn;
    s->play.step = s->play.cursor = s->play.closing = 0;
    s->negotiating = 0;
    s->nexus_occurred = 0;
}

/* An always-legal action: the game settles (runs procedures) after it. */
static inline json_t *poke(nx_game *g) { return act(g, 0, "\"type\":\"set_policy\",\"policy\":\"keep\""); }

static inline int section(const char *id)
{
    int sec = nx_map_section_parse(id);
    ck_assert_msg(sec >= 0, "no section %s", id);
    return sec;
}

/* Put n ordinary (and e elite) counters of a seat from reserve on a section. */
static inline void put(nx_game *g, int seat, const char *sec, int n, int e)
{
    nx_state *s = mut(g);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(section(sec)), n);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_BOARD(section(sec)), e);
}

/* Everything a seat has on the board back in reserve. */
static inline void clear_board(nx_game *g, int seat)
{
    nx_state *s = mut(g);
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        for (int k = 0; k < NX_FORCE_KINDS; k++)
            nx_state_move_forces(s, (uint8_t)seat, k, NX_PLACE_BOARD(sec), NX_PLACE_RESERVES,
                                 s->seats[seat].forces[NX_PLACE_BOARD(sec)][k]);
    memset(s->play.advisors, 0, sizeof s->play.advisors);
}

static inline int at(const nx_game *g, int seat, const char *sec, int kind)
{
    return nx_game_state(g)->seats[seat].forces[NX_PLACE_BOARD(section(sec))][kind];
}

static inline int tanks(const nx_game *g, int seat)
{
    const uint8_t *t = nx_game_state(g)->seats[seat].forces[NX_PLACE_TANKS];
    return t[0] + t[1];
}

static inline nx_comp comp(const char *id)
{
    nx_comp c = nx_comp_parse(id);
    ck_assert_msg(c != NX_COMP_NONE, "no component %s", id);
    return c;
}

/* Put Spice cards on top of the Spice Deck: ids[0] on top (NULL ends). */
static inline void stack_deck(nx_game *g, const char *const *ids)
{
    int n = 0;
    while (ids[n]) n++;
    for (int i = n - 1; i >= 0; i--) nx_custody_move(&mut(g)->custody, comp(ids[i]), NX_Z_SPICE_DECK);
}
#define STACK(g, ...) stack_deck(g, (const char *const[]){ __VA_ARGS__, NULL })

/* A seat's view, as JSON text. */
static inline char *view_text(const nx_game *g, int seat)
{
    json_t *v = nx_game_view_json(g, seat);
    char *t = json_dumps(v, JSON_COMPACT);
    json_decref(v);
    return t;
}

/* ---- the first storm ---------------------------------------------------------- */

static inline const char *dial(int v)
{
    static char body[64];
    snprintf(body, sizeof body, "\"type\":\"dial\",\"value\":%d", v);
    return body;
}

/* A six-seat game whose setup is answered: the first storm's dials are open. */
static inline nx_game *at_first_storm(int advanced)
{
    nx_game *g = classic_game(advanced);
    finish_setup(g);
    ck_assert_int_eq(nx_game_state(g)->phase, NX_P_STORM);
    return g;
}

/* From the first storm's dials (Harkonnen and Guild), the storm ends in
 * sector `to` (1..18). */
static inline void first_storm_to(nx_game *g, int to)
{
    ok(g, HAR, dial(to / 2));
    ok(g, GLD, dial(to - to / 2));
    ck_assert_int_eq(nx_game_state(g)->play.storm_sector, to);
}

#endif
