/*
 * nx_ctx: what the files of the panel ctx share (internal to
 * interpreter/nexus).  nx_panel_ctx.c holds the ctx object and the one
 * method table, nx_ctx_check.c the checks every method makes; each
 * nx_ctx_<concept>.c implements the methods of one concept (reads, cards,
 * effects, the battle, spice and forces, disclosure, asks, payments);
 * nx_panel_play.c calls panels with a ctx.  The method
 * functions keep the table's ctx_ names (the shared library exports none
 * of them: only nexus.h's API).
 */
#ifndef NX_CTX_H
#define NX_CTX_H

#include <lauxlib.h>
#include <lua.h>

#include "nx_act.h"
#include "nx_ask.h"
#include "nx_effects.h"
#include "nx_pack.h"

#define CTX_META "nexus.ctx"

/* A panel's request for a decision, recorded by ctx:ask. */
typedef struct ctx_ask_req {
    int asked;
    char prompt[96];
    char resume[24];
    int count;
    int noptions;
    nx_comp options[NX_MAX_OPTIONS];
    nx_ask q;                  /* a choice other than cards (q.kind != NX_ASK_CARDS) */
    char save[sizeof ((nx_pending *)0)->saved]; /* JSON: path, the panel's saved values, the ask */
} ctx_ask_req;

/* What a panel may save across one decision, as JSON. */
#define CTX_SAVE_MAX 200

/* What one call of a panel function sees.  Lives on the C stack for the
 * duration of nx_sandbox_call; the sandbox's ctx userdata points at it and
 * is detached afterwards, so a kept ctx cannot reach a finished action. */
typedef struct nx_ctx {
    nx_act *a;
    const nx_panel *panel;
    uint8_t holder;
    int readonly;              /* can_play: checking never changes the game */
    const char *path;          /* the path played: the action's, the resumed
                                  decision's, or path_buf */
    char path_buf[32];         /* a path can_play named (its call's buffers end
                                  with the call) */
    uint32_t event;
    ctx_ask_req ask;
    int nlogs;                 /* ctx:log lines written by this call */
    nx_comp released[2];       /* another seat's cards this step bound (a cancelled
                                  call's Traitor Card): the step may move them */
    int nreleased;
} nx_ctx;

/* What one call may make the host keep: log lines are bounded in length
 * and number (a panel logs a line or two; the cap keeps a script from
 * making the host store megabytes for it). */
#define CTX_LOG_MAX_BYTES 200
#define CTX_LOG_MAX_LINES 8

/* Spend the holder's card and run the panel's play (nx_panel_play.c). */
int nx_panel_spend_and_play(nx_act *a, nx_ctx *c);

/* ---- Karama against a Nexus play (nx_panel_karama.c) ----------------------------- */

/* Is a play of the panel (path) a Karama target under the game's settings? */
int nx_panel_karama_target(nx_act *a, const nx_panel *p, const char *path);
/* Hold a checked play for its Karama window: 1 held (announced, window
 * open), 0 not held (play it now), -1 refused (state unchanged).
 * own_moment: played at a Nexus window or with nothing pending. */
int nx_panel_karama_hold(nx_act *a, const nx_ctx *c, int own_moment);

/* The registry key of the one ctx userdata of a sandbox (nx_panel_ctx.c). */
extern const char nx_ctx_key;

/* ---- checks and arguments (nx_ctx_check.c) --------------------------------------- */

/* The call a method runs in; a method of a finished call raises.  _mutable
 * also raises "forbidden" (what) in a read-only call (can_play). */
nx_ctx *nx_ctx_check(lua_State *L);
nx_ctx *nx_ctx_mutable(lua_State *L, const char *what);
/* A zone named relative to the holder (argument arg). */
nx_zone nx_ctx_zone(lua_State *L, nx_ctx *c, int arg);
/* May the holder see what zone z holds? */
int nx_ctx_holder_sees(const nx_ctx *c, nx_zone z);
/* Push a list of component ids. */
void nx_ctx_push_ids(lua_State *L, const nx_comp *v, int n);
/* Read a list of component ids (argument arg) held in the holder's own
 * zones (or released to this step); returns how many. */
int nx_ctx_own_cards(lua_State *L, nx_ctx *c, int arg, nx_comp *out, int cap);
/* Argument checks through dsl/nx_luaval.h: a name, an integer in range;
 * push t[key] and say whether it is present; refuse keys of t not in keys. */
const char *nx_ctx_arg_word(lua_State *L, int arg, const char *what);
lua_Integer nx_ctx_arg_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi, const char *what);
int nx_ctx_opt_field(lua_State *L, int t, const char *key);
void nx_ctx_only_keys(lua_State *L, int t, const char *const *keys, const char *what);

/* A JSON value boxed in Lua: the collector frees it should a Lua error
 * interrupt a conversion (nx_ctx_check.c). */
json_t **nx_ctx_json_box(lua_State *L);
/* The allow terms' names, by NX_ALLOW_* bit (nx_ctx_read.c). */
extern const char *const nx_ctx_allow_ids[];
/* Which panel made an effect (1 + faction * 3 + mode), and an effect of
 * the holder's from this panel (nx_ctx_check.c, nx_ctx_effects.c). */
uint8_t nx_ctx_source(const nx_ctx *c);
void nx_ctx_add_effect(lua_State *L, nx_ctx *c, nx_effect_kind kind, nx_effect_end end, int arg);

/* ---- the methods (listed in nx_panel_ctx.c's table) ------------------------------- */

/* nx_ctx_read.c */
int ctx_count(lua_State *L);
int ctx_cards(lua_State *L);
int ctx_others_deciding(lua_State *L);
int ctx_setting(lua_State *L);
int ctx_event(lua_State *L);
int ctx_battle(lua_State *L);
int ctx_seat(lua_State *L);
int ctx_forces_in(lua_State *L);
int ctx_effects(lua_State *L);
int ctx_seats(lua_State *L);
int ctx_shipping(lua_State *L);
/* nx_ctx_cards.c */
int ctx_draw(lua_State *L);
int ctx_shuffle_into(lua_State *L);
int ctx_card(lua_State *L);
int ctx_discard(lua_State *L);
/* nx_ctx_effects.c */
int ctx_stop(lua_State *L);
int ctx_grant(lua_State *L);
int ctx_modify(lua_State *L);
int ctx_allow(lua_State *L);
/* nx_ctx_battle.c */
int ctx_cancel_call(lua_State *L);
int ctx_owe(lua_State *L);
int ctx_retain(lua_State *L);
/* nx_ctx_move.c */
int ctx_gain_spice(lua_State *L);
int ctx_spice(lua_State *L);
int ctx_forces(lua_State *L);
/* nx_ctx_disclose.c */
int ctx_traitor_question(lua_State *L);
int ctx_look_random(lua_State *L);
int ctx_disclose(lua_State *L);
int ctx_take_random(lua_State *L);
/* nx_ctx_ask.c */
int ctx_ask(lua_State *L);

#endif
