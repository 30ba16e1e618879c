/*
 * nx_panel_ctx: the `ctx` a panel script receives, and playing/resuming
 * panels.  The full vocabulary is documented in docs/dsl.md ("The panel
 * API"); it is deliberately small and generic so that thirty-six panels
 * are short scripts over one set of words.
 */
#ifndef NX_PANEL_CTX_H
#define NX_PANEL_CTX_H

#include <stdio.h>

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

#endif
