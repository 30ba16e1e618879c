/*
 * Calling panel functions, and playing, settling and resuming panels: the
 * checks before a play (availability, path, timing), the card spent, the
 * steps run in the sandbox with a ctx, the decisions a step opens, and a
 * panel's bot hint (nx_nexus.h).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "nx_ctx.h"
#include "nx_text.h"
#include "nx_nexus.h"
#include "nx_battle.h"
#include "nx_events.h"
#include "nx_luaval.h"
#include "nx_advice.h"
#include "nx_names.h"
#include "nx_timing.h"
#include "nx_util.h"

/* ---- calling panel functions ----------------------------------------------------- */

typedef struct call_io {
    nx_ctx *ctx;
    nx_ctx **slot;             /* the userdata's pointer, detached after the call */
    const nx_comp *chosen;     /* resume: the answer (cards) */
    int nchosen;
    const nx_ask *ask;         /* resume: the answer to another kind of ask */
    const json_t *values;
    int bot;                   /* a bot hint: push the question (or nothing) after ctx */
    const json_t *question;
    json_t *hint;              /* the hint's answer, plain data */
    const char *saved;         /* resume: {"path":..., "save":...} */
    int ok;                    /* can_play results */
    char reason[200];
    int npaths;                /* the paths the situation falls under */
    char paths[4][32];
} call_io;


static int push_ctx(lua_State *L, void *ud)
{
    call_io *io = ud;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &nx_ctx_key);
    io->slot = lua_touserdata(L, -1);
    /* Calls never nest: the slot is free. */
    assert(io->slot && *io->slot == NULL);
    *io->slot = io->ctx;
    if (io->bot) {
        if (!io->question) return 1;
        nx_luaval_push_json(L, io->question);
        return 2;
    }
    if (!io->saved) return 1;
    lua_newtable(L); /* answer = { cards = {...} or choice = {...}, <kind> = ..., save = ... } */
    if (io->ask) {
        nx_ask_push_answer(L, io->ask, io->values);
    } else {
        nx_ctx_push_ids(L, io->chosen, io->nchosen);
        lua_setfield(L, -2, "cards");
    }
    /* The parsed JSON lives in a box that the collector frees should a
     * Lua error (memory) interrupt the conversion. */
    json_t **box = nx_ctx_json_box(L);
    *box = json_loads(io->saved, 0, NULL);
    json_t *data = json_object_get(*box, "save");
    if (!data) return luaL_error(L, "the saved values of this decision cannot be read");
    nx_luaval_push_json(L, data);
    json_decref(*box);
    *box = NULL;
    lua_remove(L, -2);
    lua_setfield(L, -2, "save");
    return 2;
}

static int take_nothing(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)L, (void)n, (void)ud, (void)e;
    return 0;
}

/* Copy one path name returned by can_play. */
static int take_path(lua_State *L, int idx, call_io *io, nx_script_error *e)
{
    const char *path = nx_luaval_name(L, idx, "can_play: a path");
    if (strlen(path) >= sizeof io->paths[0] || io->npaths == 4) {
        nx_fmt(e->message, sizeof e->message, "can_play: a path must be a short string (at most 4)");
        return -1;
    }
    memcpy(io->paths[io->npaths++], path, strlen(path) + 1);
    return 0;
}

/* can_play returns ok [, reason [, path or {paths...}]]. */
static int take_eligibility(lua_State *L, int n, void *ud, nx_script_error *e)
{
    call_io *io = ud;
    int base = lua_gettop(L) - n + 1;
    io->ok = n >= 1 && lua_toboolean(L, base);
    const char *reason = n >= 2 ? nx_luaval_opt_text(L, base + 1, "can_play: the reason", sizeof io->reason - 1) : NULL;
    nx_clip(io->reason, sizeof io->reason, "%s", reason ? reason : "the panel's conditions are not met");
    if (n < 3 || lua_isnil(L, base + 2)) return 0;
    if (!lua_istable(L, base + 2)) return take_path(L, base + 2, io, e);
    if (lua_getmetatable(L, base + 2)) return luaL_error(L, "can_play: the paths must be a plain table");
    lua_Integer len = (lua_Integer)lua_rawlen(L, base + 2);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_rawgeti(L, base + 2, i);
        int rc = take_path(L, -1, io, e);
        lua_pop(L, 1);
        if (rc) return -1;
    }
    return 0;
}

/* bot returns plain data (a boolean, a list of values) or nil. */
static int take_hint(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)e;
    call_io *io = ud;
    int idx = lua_gettop(L) - n + 1;
    if (n < 1 || lua_isnil(L, idx)) return 0;
    nx_luaval_check_data(L, idx, "bot: the answer");
    io->hint = nx_luaval_data_json(L, idx);
    return 0;
}

static uint32_t state_rng(void *ud, uint32_t bound) { return nx_rng_below(ud, bound); }

static int call_panel(nx_act *a, call_io *io, const char *fn, nx_sandbox_take_fn take)
{
    nx_sandbox *sb = a->rt->sandbox;
    nx_sandbox_set_rng(sb, state_rng, &a->s->rng);
    nx_script_error e;
    int rc = nx_sandbox_call(sb, io->ctx->panel->id, fn, push_ctx, take, io, &e);
    if (io->slot) *io->slot = NULL; /* detach: a kept ctx must not outlive its call */
    nx_sandbox_set_rng(sb, NULL, NULL);
    if (rc) {
        char msg[sizeof a->err];
        nx_script_error_format(&e, msg, sizeof msg);
        return nx_act_fail(a, "script", "%s", msg);
    }
    return 0;
}

/* ---- play and resume ------------------------------------------------------------------ */

static const nx_panel *panel_for(const nx_act *a, uint8_t seat, nx_comp card)
{
    nx_faction f = nx_comp_nexus_faction(card);
    return &a->rt->pack.cards[f].panels[nx_lifecycle_mode(a->s, seat, card)];
}

static int check_panel_open(nx_act *a, const nx_panel *p)
{
    const nx_panel_avail *pa = nx_avail_panel(nx_act_avail(a), p->id);
    if (pa->available) return 0;
    return nx_act_fail(a, "illegal", "%s is unavailable: %s", p->id,
                       pa->nreasons ? pa->reasons[0].text : "no reason recorded");
}

static int check_path_open(nx_act *a, const nx_panel *p, const char *path)
{
    if (!p->npaths) return 0;
    if (!path) return nx_act_fail(a, "illegal", "%s has alternatives: name one with \"path\"", p->id);
    const nx_panel_avail *pa = nx_avail_panel(nx_act_avail(a), p->id);
    for (size_t i = 0; i < pa->npaths; i++) {
        if (strcmp(pa->paths[i].path->id, path)) continue;
        if (pa->paths[i].available) return 0;
        return nx_act_fail(a, "illegal", "%s path %s is unavailable: %s", p->id, path,
                           pa->paths[i].nreasons ? pa->paths[i].reasons[0].text : "shut");
    }
    return nx_act_fail(a, "illegal", "%s has no path '%s'", p->id, path);
}

/* The moment a play is bound to: its path's own `when` (E2), else the
 * panel's. */
static const nx_when *when_of(const nx_panel *p, const char *path)
{
    for (size_t i = 0; path && i < p->npaths; i++)
        if (!strcmp(p->paths[i].id, path) && p->paths[i].has_when) return &p->paths[i].when;
    return &p->when;
}

/* May the panel (or one of its paths, E2) be played inside `own` (E3)? */
static int bound_inside(const nx_panel *p, const nx_pending *own)
{
    if (p->when.event && nx_when_inside_own_act(own, nx_event_parse(p->when.event))) return 1;
    for (size_t i = 0; i < p->npaths; i++)
        if (p->paths[i].has_when && p->paths[i].when.event &&
            nx_when_inside_own_act(own, nx_event_parse(p->paths[i].when.event)))
            return 1;
    return 0;
}

/* `answered`: the holder's window at the event was answered by this play
 * (nx_panel_settle), so the event itself is the moment. */
static int check_timing(nx_act *a, const nx_panel *p, const char *path, const nx_pending *own, int answered)
{
    const nx_when *w = when_of(p, path);
    switch (nx_when_check(w, a->s, own, answered)) {
    case NX_WHEN_FITS: return 0;
    case NX_WHEN_WRONG_PHASE:
        return nx_act_fail(a, "illegal", "%s is played during %s, not %s", p->id,
                           nx_phase_name((int)w->phase), nx_phase_name(a->s->phase));
    case NX_WHEN_NOT_NOW:
        return nx_act_fail(a, "illegal", "%s is played on %s, which is not happening now", p->id, w->event);
    case NX_WHEN_NO_WINDOW: break;
    }
    return nx_act_fail(a, "illegal", "%s is played on %s in the window the engine opens then; seat %d has none open",
                       p->id, w->event, a->seat);
}

/* Settle the paths: those can_play reports for the situation (every one
 * must be open), or the one the player named when the panel offers a
 * choice.  Returns the primary path, NULL when the panel has none, or ""
 * after failing. */
static const char *settle_paths(nx_act *a, const nx_panel *p, const char *requested, const call_io *io)
{
    if (!p->npaths) return NULL;
    if (io->npaths == 0) return check_path_open(a, p, requested) ? "" : requested;
    int named = !requested;
    for (int i = 0; i < io->npaths; i++) {
        if (check_path_open(a, p, io->paths[i])) return "";
        named |= requested && !strcmp(requested, io->paths[i]);
    }
    if (!named) {
        nx_act_fail(a, "illegal", "%s: this situation calls for path %s, not %s", p->id, io->paths[0], requested);
        return "";
    }
    return requested ? requested : io->paths[0];
}

static int open_pending(nx_act *a, const nx_ctx *c)
{
    nx_pending *p = nx_state_add_pending(a->s, NX_PEND_PANEL, c->holder);
    p->count = (uint8_t)c->ask.count;
    p->noptions = (uint8_t)c->ask.noptions;
    memcpy(p->options, c->ask.options, sizeof p->options);
    if (c->ask.q.kind != NX_ASK_CARDS) {
        p->min = (int16_t)c->ask.q.min;
        p->max = (int16_t)c->ask.q.max;
    }
    p->private_options = 1;
    p->event = c->event;
    nx_fmt(p->prompt, sizeof p->prompt, "%s", c->ask.prompt);
    nx_fmt(p->panel, sizeof p->panel, "%s", c->panel->id);
    nx_fmt(p->resume, sizeof p->resume, "%s", c->ask.resume);
    nx_fmt(p->saved, sizeof p->saved, "%s", c->ask.save);
    return 0;
}

/* Run one step (play or a resume handler) with a mutable ctx. */
static int run_step(nx_act *a, nx_ctx *c, const char *fn, call_io *io)
{
    c->readonly = 0;
    if (call_panel(a, io, fn, take_nothing)) return -1;
    return c->ask.asked ? open_pending(a, c) : 0;
}

/* Everything a play is checked for before its card is spent: the panel
 * is open, can_play (read-only) accepts it, its paths are open, and its
 * moment is now.  Fills c (its path included); 0 or -1 after failing. */
static int prepare_play(nx_act *a, uint8_t seat, const char *requested_path, const nx_pending *own, int answered,
                        nx_ctx *c)
{
    nx_comp card = nx_custody_top(&a->s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
    if (card == NX_COMP_NONE) return nx_act_fail(a, "illegal", "seat %d holds no Nexus card", seat);
    const nx_panel *p = panel_for(a, seat, card);
    if (check_panel_open(a, p)) return -1;
    /* Eligibility runs read-only, before the card is spent: a refusal
     * here leaves the card in hand (003: refuse before spending). */
    *c = (nx_ctx){ .a = a, .panel = p, .holder = seat, .readonly = 1, .path = requested_path };
    call_io io = { .ctx = c, .ok = 1 };
    if (nx_sandbox_has_function(a->rt->sandbox, p->id, "can_play") &&
        call_panel(a, &io, "can_play", take_eligibility))
        return -1;
    if (!io.ok) return nx_act_fail(a, "illegal", "%s cannot be played now: %s", p->id, io.reason);
    const char *path = settle_paths(a, p, requested_path, &io);
    if (path && !path[0]) return -1;
    /* io (and the paths can_play named in it) ends with this function. */
    if (path) {
        assert(strlen(path) < sizeof c->path_buf);   /* take_path and nx_luaval_name bound it */
        memcpy(c->path_buf, path, strlen(path) + 1);
        c->path = c->path_buf;
    } else {
        c->path = NULL;
    }
    return check_timing(a, p, c->path, own, answered);
}

static const nx_panel_path *path_named(const nx_panel *p, const char *id)
{
    for (size_t i = 0; id && i < p->npaths; i++)
        if (!strcmp(p->paths[i].id, id)) return &p->paths[i];
    return NULL;   /* check_path_open admits only declared paths: none named */
}

/* Spend the card and run the panel's play. */
int nx_panel_spend_and_play(nx_act *a, nx_ctx *c)
{
    nx_state *s = a->s;
    nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(c->holder, NX_ZS_NEXUS_HELD));
    assert(card != NX_COMP_NONE);   /* prepare_play found it */
    nx_custody_move(&s->custody, card, NX_Z_NEXUS_DISCARD);
    c->event = nx_state_new_event(s);
    c->readonly = 0;
    char who[64];
    /* The path by what it does (its label), never by its id. */
    const nx_panel_path *path = path_named(c->panel, c->path);
    nx_act_log(a, "%s plays the %s as %s%s%s", nx_act_who(s, c->holder, who, sizeof who), nx_comp_name(card),
               nx_mode_name(c->panel->mode), path ? " to " : "", path ? path->label : "");
    call_io step = { .ctx = c };
    return run_step(a, c, "play", &step);
}

int nx_panel_play(nx_act *a, const char *requested_path)
{
    nx_state *s = a->s;
    uint8_t seat = (uint8_t)a->seat;
    if (nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)) == NX_COMP_NONE)
        return nx_act_fail(a, "illegal", "seat %d holds no Nexus card", seat);
    const nx_pending *own = nx_state_pending_of(s, seat);
    /* A Nexus window (nx_phases.c) or a response window open to every
     * seat (nx_battle_voice.c) is the holder's moment to play; a panel
     * bound to the holder's own act is played inside it (E3).  Any other
     * decision must be answered first. */
    int response = own && own->kind == NX_PEND_KARAMA;
    if (own && own->kind != NX_PEND_NEXUS_WINDOW && !response) {
        const nx_panel *p = panel_for(a, seat, nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)));
        if (!bound_inside(p, own))
            return nx_act_fail(a, "illegal", "seat %d must first answer its pending decision", seat);
    }
    nx_ctx c;
    if (prepare_play(a, seat, requested_path, own, 0, &c)) return -1;
    if (response) {
        /* Only a panel bound to the attempt answers its response window;
         * it is played when the window closes, so that every answer looks
         * alike until all are in (the first in storm order acts). */
        const nx_when *w = when_of(c.panel, c.path);
        if (!w->event || nx_event_parse(w->event) != s->play.event_now)
            return nx_act_fail(a, "illegal", "seat %d must first answer its pending decision", seat);
        return nx_battle_answer_nexus(a, own);
    }
    /* A Karama target is held for its window (nx_panel_karama.c) when it
     * is played at a moment of its own: a Nexus window, none pending, or
     * inside the holder's own act by a play of its own (play_nexus: the act
     * waits with it).  Played as part of another action ("nexus": true on
     * a shipment) it has none. */
    int at_window = own && own->kind == NX_PEND_NEXUS_WINDOW;
    int own_act_play = own && !at_window && nx_act_is(a, "play_nexus");
    int held = nx_panel_karama_hold(a, &c, !own || at_window || own_act_play);
    if (held < 0) return -1;
    /* Found again: a hold reorders the pending decisions (own moved). */
    if (at_window) nx_state_remove_pending(s, nx_pending_find(s, seat, NX_PEND_NEXUS_WINDOW));
    return held ? 0 : nx_panel_spend_and_play(a, &c);
}

int nx_panel_settle(nx_act *a, uint8_t seat)
{
    nx_ctx c;
    int rc = prepare_play(a, seat, NULL, NULL, 1, &c);
    /* The window's closing is the play's moment: a Karama target waits
     * there for its own window, the response window's event still raised. */
    if (!rc) rc = nx_panel_karama_hold(a, &c, 1);
    if (rc > 0) return 1;
    if (!rc) rc = nx_panel_spend_and_play(a, &c);
    if (rc) a->failed_late = 1;
    return rc;
}

static int resume_with(nx_act *a, const nx_pending *pend, const nx_comp *chosen, int n, const nx_ask *q,
                       const json_t *values)
{
    const nx_panel *p = nx_pack_panel(&a->rt->pack, pend->panel);
    if (!p) return nx_act_fail(a, "invariant", "the pending decision names an unknown panel %s", pend->panel);
    char resume[sizeof pend->resume], saved[sizeof pend->saved], path[32] = "";
    memcpy(resume, pend->resume, sizeof resume);
    memcpy(saved, pend->saved, sizeof saved);
    json_t *js = json_loads(saved, 0, NULL);
    const char *jp = json_string_value(json_object_get(js, "path"));
    if (jp) nx_clip(path, sizeof path, "%s", jp);
    json_decref(js);
    nx_ctx c = { .a = a, .panel = p, .holder = pend->seat, .event = pend->event,
                 .path = path[0] ? path : NULL };
    nx_state_remove_pending(a->s, pend);
    call_io io = { .ctx = &c, .chosen = chosen, .nchosen = n, .ask = q, .values = values, .saved = saved };
    return run_step(a, &c, resume, &io);
}

/* The question a bot hint gets for a pending panel decision: {resume=,
 * kind=, options = {...}, save=}. */
static json_t *ask_question(const nx_state *s, const nx_pending *p)
{
    nx_ask q;
    int has = nx_ask_of_pending(p, &q);
    json_t *options;
    if (has == 1) {
        options = nx_ask_candidates(&q, s, p->seat);
    } else {
        options = json_array();
        for (int k = 0; k < p->noptions; k++) json_array_append_new(options, json_string(nx_comp_id(p->options[k])));
    }
    json_t *saved = json_loads(p->saved, 0, NULL);
    json_t *save = json_object_get(saved, "save");
    json_t *o = json_pack("{s:s, s:s, s:o, s:O}", "resume", p->resume, "kind",
                          nx_ask_kind_name(has == 1 ? q.kind : NX_ASK_CARDS), "options", options, "save",
                          save ? save : json_null());
    json_decref(saved);
    return o;
}

json_t *nx_panel_bot_hint(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat)
{
    const nx_pending *own = nx_state_pending_of(s, seat);
    const nx_panel *p = NULL;
    if (own && own->kind == NX_PEND_PANEL) {
        p = nx_pack_panel(&rt->pack, own->panel);
    } else {
        nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        if (card != NX_COMP_NONE)
            p = &rt->pack.cards[nx_comp_nexus_faction(card)].panels[nx_lifecycle_mode(s, seat, card)];
    }
    if (!p || !p->implemented || !nx_sandbox_has_function(rt->sandbox, p->id, "bot")) return NULL;
    /* A copy: a hint reads, and its math.random draws from the copy's
     * generator, never the game's. */
    nx_state *copy = nx_xmalloc(sizeof *copy);
    *copy = *s;
    nx_act a = { .s = copy, .rt = rt, .settings = settings, .seat = seat };
    nx_ctx c = { .a = &a, .panel = p, .holder = seat, .readonly = 1 };
    json_t *question = own && own->kind == NX_PEND_PANEL ? ask_question(s, own) : NULL;
    call_io io = { .ctx = &c, .bot = 1, .question = question };
    if (call_panel(&a, &io, "bot", take_hint)) {
        json_decref(io.hint);
        io.hint = NULL;
    }
    json_decref(question);
    free(copy);
    return io.hint;
}

/* advice is a table, or a function of ctx returning one (nx_advice.h). */
typedef struct advice_io {
    call_io io;       /* first: push_ctx reads it as its call_io */
    nx_advice got;
} advice_io;

static int take_advice(lua_State *L, int n, void *ud, nx_script_error *e)
{
    (void)e;
    nx_advice_read(L, lua_gettop(L) - n + 1, &((advice_io *)ud)->got);
    return 0;
}

int nx_panel_advice(const nx_runtime *rt, const nx_settings *settings, const nx_state *s, uint8_t seat,
                    const char *panel_id, nx_advice *out, char *err, size_t len)
{
    nx_advice_init(out);
    if (err && len) err[0] = '\0';
    const nx_panel *p = nx_pack_panel(&rt->pack, panel_id);
    if (!p || !p->implemented) return 0;
    if (p->advice_fixed) {   /* a plain table, read at load: no script, no copy */
        *out = p->advice;
        return 0;
    }
    if (!nx_sandbox_has_field(rt->sandbox, p->id, "advice")) return 0;
    /* A function: read-only on a copy, like a bot hint, with the seat as the holder. */
    nx_state *copy = nx_xmalloc(sizeof *copy);
    *copy = *s;
    nx_act a = { .s = copy, .rt = rt, .settings = settings, .seat = seat };
    nx_ctx c = { .a = &a, .panel = p, .holder = seat, .readonly = 1 };
    advice_io ai = { .io = { .ctx = &c, .bot = 1 } };
    nx_advice_init(&ai.got);
    nx_sandbox *sb = rt->sandbox;
    nx_sandbox_set_rng(sb, state_rng, &copy->rng);
    nx_script_error e;
    int rc = nx_sandbox_call_value(sb, p->id, "advice", push_ctx, take_advice, &ai, &e);
    if (ai.io.slot) *ai.io.slot = NULL;
    nx_sandbox_set_rng(sb, NULL, NULL);
    free(copy);
    if (rc) {
        if (err && len) nx_script_error_format(&e, err, len);
        return -1;
    }
    *out = ai.got;
    return 0;
}

int nx_panel_resume(nx_act *a, const nx_pending *pend, const nx_comp *chosen, int n)
{
    return resume_with(a, pend, chosen, n, NULL, NULL);
}

int nx_panel_answer(nx_act *a, const nx_pending *pend, const json_t *choose)
{
    nx_ask q;
    int has = nx_ask_of_pending(pend, &q);
    if (has < 0) return nx_act_fail(a, "invariant", "the pending decision of %s has an unreadable ask", pend->panel);
    if (!has) return nx_act_fail(a, "invariant", "the pending decision of %s asks for cards", pend->panel);
    char msg[160];
    if (nx_ask_check(&q, a->s, pend->seat, choose, msg, sizeof msg))
        return nx_act_fail(a, json_is_array(choose) ? "illegal" : "malformed", "%s", msg);
    return resume_with(a, pend, NULL, 0, &q, choose);
}
