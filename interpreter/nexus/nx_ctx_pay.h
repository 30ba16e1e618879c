/*
 * nx_ctx_pay: the ctx methods over payments and grants (internal to
 * interpreter/nexus): reading and redirecting the invoice being paid
 * (core/nx_invoice.h), a yes/no fact about a seat's means, discarding a
 * Treachery Card, and a revival allowance inside the holder's own
 * revival decision.  They are listed in nx_panel_ctx.c's one method
 * table; these functions reach the call through nx_ctx_call.
 */
#ifndef NX_CTX_PAY_H
#define NX_CTX_PAY_H

#include <stdint.h>

#include "nx_act.h"

typedef struct lua_State lua_State;

/* The call a ctx method runs in (nx_panel_ctx.c): the action, the holder,
 * the panel's effect source; raises "forbidden" when `what` is non-NULL
 * and the call is read-only (can_play). */
typedef struct nx_ctx_call {
    nx_act *a;
    uint8_t holder;
    uint8_t source;
    uint32_t event;
    const char *panel_id;
} nx_ctx_call;
nx_ctx_call nx_ctx_call_of(lua_State *L, const char *what);

int nx_ctx_invoice(lua_State *L);
int nx_ctx_invoice_cover(lua_State *L);
int nx_ctx_redirect_invoice(lua_State *L);
int nx_ctx_take_invoice(lua_State *L);
int nx_ctx_discard(lua_State *L);
int nx_ctx_grant_revival(lua_State *L);
int nx_ctx_tanks(lua_State *L);

#endif
