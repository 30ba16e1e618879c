/*
 * Staging a position for the turn-phase suites (shipment, battle,
 * collection, Mentat Pause): a rules game whose state is rewritten with
 * nx_game_state_mut, actions applied through the action API, and the
 * phase procedures run directly when a test needs one phase alone.
 * Header-only: each suite includes it once.
 */
#ifndef NX_PHASE_FIXTURE_H
#define NX_PHASE_FIXTURE_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nx_game.h"
#include "nx_module.h"
#include "nx_testutil.h"
#include "nx_util.h"

static nx_runtime fx_rt;
static int fx_ids;

static inline void fx_open(void)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    int rc = nx_runtime_open(&fx_rt, pack, &d);
    nx_diags_print(&d, stderr);
    free(pack);
    nx_diags_free(&d);
    ck_assert_int_eq(rc, 0);
}

static inline void fx_close(void) { nx_runtime_close(&fx_rt); }

static inline int fx_section(const char *id)
{
    int s = nx_map_section_parse(id);
    ck_assert_msg(s >= 0, "no section %s", id);
    return s;
}

/*
 * A rules game for these factions with a clean board: every force in
 * reserve, no spice anywhere, no decision pending, no alliance, storm in
 * `storm_sector`, storm order from seat 0, turn 2, at the start of
 * `phase`.  Each seat gets `spice`.
 */
static inline nx_game *fx_stage(const nx_faction *factions, int nseats, int advanced, int phase, int storm_sector, int spice)
{
    nx_game_config cfg = { .seed = 11, .nseats = nseats, .advanced = advanced };
    memcpy(cfg.factions, factions, (size_t)nseats * sizeof *factions);
    char err[256];
    nx_game *g = nx_game_new(&fx_rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    nx_state *s = nx_game_state_mut(g);
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
    return g;
}

/* Move counters of a seat from reserves onto a section. */
static inline void fx_put(nx_game *g, int seat, const char *section, int normal, int elite)
{
    nx_state *s = nx_game_state_mut(g);
    int sec = fx_section(section);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(sec), normal);
    nx_state_move_forces(s, (uint8_t)seat, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_BOARD(sec), elite);
}

static inline int fx_at(const nx_game *g, int seat, const char *section)
{
    const uint8_t *f = nx_game_state(g)->seats[seat].forces[NX_PLACE_BOARD(fx_section(section))];
    return f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
}

static inline int fx_tanks(const nx_game *g, int seat)
{
    const uint8_t *f = nx_game_state(g)->seats[seat].forces[NX_PLACE_TANKS];
    return f[NX_FORCE_NORMAL] + f[NX_FORCE_ELITE];
}

static inline void fx_ally(nx_game *g, int a, int b)
{
    nx_state *s = nx_game_state_mut(g);
    s->seats[a].ally = (uint8_t)b;
    s->seats[b].ally = (uint8_t)a;
}

/*
 * Apply an action (JSON text with printf arguments; id and version are
 * filled in) from a seat.  Returns the result text (caller frees).  A
 * refused action must leave the state byte-identical.
 */
static inline char *fx_apply(nx_game *g, int seat, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_error_t je;
    json_t *a = json_loads(text, 0, &je);
    ck_assert_msg(a != NULL, "bad test JSON %s: %s", text, je.text);
    char id[16];
    snprintf(id, sizeof id, "fx%d", ++fx_ids);
    json_object_set_new(a, "id", json_string(id));
    json_object_set_new(a, "version", json_integer(nx_game_state(g)->version));
    json_object_set_new(a, "seat", json_integer(seat));
    char *dumped = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    nx_state before = *nx_game_state(g);
    char *r = nx_game_apply(g, dumped);
    free(dumped);
    if (!strstr(r, "\"ok\": true") && !strstr(r, "\"ok\":true"))
        ck_assert_msg(!memcmp(&before, nx_game_state(g), sizeof before), "refused %s changed the game", text);
    return r;
}

static inline int fx_ok(const char *result) { return strstr(result, "\"ok\": true") || strstr(result, "\"ok\":true"); }

#define FX_OK(g, seat, ...)                                                     \
    do {                                                                        \
        char *r_ = fx_apply((g), (seat), __VA_ARGS__);                          \
        ck_assert_msg(fx_ok(r_), "refused: %s", r_);                            \
        free(r_);                                                               \
    } while (0)

/* The action is refused with this code and a message containing `why`. */
#define FX_REFUSED(g, seat, code, why, ...)                                     \
    do {                                                                        \
        char *r_ = fx_apply((g), (seat), __VA_ARGS__);                          \
        ck_assert_msg(!fx_ok(r_) && strstr(r_, "\"" code "\"") && strstr(r_, why), "expected %s (%s): %s", code, why, r_); \
        free(r_);                                                               \
    } while (0)

/* Run the staged phase's procedure: any seat's private "set_policy" is
 * an action that needs no decision, after which the game settles. */
static inline void fx_settle(nx_game *g) { FX_OK(g, 0, "{\"type\": \"set_policy\", \"policy\": \"keep\"}"); }

/* Run one module's procedure on the game's state directly (no action,
 * no settle): for phases tested alone.  Returns the log lines (decref). */
static inline json_t *fx_run(nx_game *g, const nx_module *m)
{
    nx_act a = { .rt = &fx_rt, .action = NULL, .seat = -1, .log = json_array() };
    a.s = nx_game_state_mut(g);
    ck_assert_int_eq(m->run(&a), 0);
    char msg[256];
    ck_assert_msg(nx_state_check(a.s, msg, sizeof msg) == 0, "%s", msg);
    return a.log;
}

/* Does a log line contain the text? */
static inline int fx_logged(const json_t *log, const char *text)
{
    size_t i;
    json_t *line;
    json_array_foreach(log, i, line)
        if (strstr(json_string_value(line), text)) return 1;
    return 0;
}

/* The pending decision of a seat, or NULL. */
static inline const nx_pending *fx_pending(const nx_game *g, int seat)
{
    return nx_state_pending_of(nx_game_state(g), (uint8_t)seat);
}

#endif
