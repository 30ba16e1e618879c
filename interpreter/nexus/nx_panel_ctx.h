/*
 * nx_panel_ctx: the `ctx` a panel script receives, and playing/resuming
 * panels.  The full vocabulary is documented in docs/dsl.md ("The panel
 * API"); it is deliberately small and generic so that thirty-six panels
 * are short scripts over one set of words.
 */
#ifndef NX_PANEL_CTX_H
#define NX_PANEL_CTX_H

#include <stdio.h>

#include "nx_pack.h"

typedef struct lua_State lua_State;

/* Register the ctx metatable in a sandbox's Lua state (once, at start). */
void nx_panel_ctx_register(lua_State *L);

/* Is `name` a ctx method or field?  (`nexus check` refuses calls of
 * unknown ones at their file and line.) */
int nx_panel_ctx_known(const char *name);
/* The ctx method or field closest to a mistyped name, or NULL. */
const char *nx_panel_ctx_suggest(const char *name);
/* Write the LuaLS annotation stubs of the whole ctx API. */
void nx_panel_ctx_stubs(FILE *out);

/* Calls of unknown ctx methods in panel scripts (nx_ctx_lint.c): each at
 * its file:line:col in d; 0, or -1 when any. */
int nx_ctx_lint_text(const char *file, const char *text, nx_diags *d);
int nx_ctx_lint_pack(const nx_pack *pack, nx_diags *d);

#endif
