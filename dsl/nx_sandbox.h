/*
 * nx_sandbox: the Lua 5.4 host that runs panel scripts.
 *
 * One sandbox holds the compiled panels of one card pack.  Scripts see a
 * small, explicit surface: the safe parts of the base library (pairs and
 * next in a fixed key order), string (without Lua patterns: no match,
 * gmatch or gsub, and string.find only with plain = true), table, math
 * (with math.random routed to the engine's seeded generator) and utf8, all
 * read-only, plus whatever the caller passes in (the panel `ctx`).  They
 * cannot reach io, os, package/require, debug, coroutines, load,
 * string.dump, collectgarbage, files, clocks, the network or any other
 * panel's globals.
 *
 * The promises (docs/ARCHITECTURE.md, "The sandbox's limits"):
 *   - CPU: every call runs under an instruction budget (count hook) that
 *     also counts the work of library functions by input size, and a
 *     CPU-time backstop (limits.cpu_ms) for what no count sees.
 *   - Memory: a cap per call (custom allocator); nothing survives a call.
 *   - Isolation: every call starts from the panel's clean state (its chunk
 *     runs again in a fresh environment); library tables are read-only.
 *   - Determinism: the same call with the same game gives the same result
 *     in every process (no hash order, no addresses, no clocks, no heap
 *     size reach a script; the backstop is beyond the budget).
 * A script that errors, loops forever, allocates without bound or tries to
 * escape gets an nx_script_error and the sandbox stays usable for the next
 * call.  Values a binding reads from Lua go through nx_luaval.
 */
#ifndef NX_SANDBOX_H
#define NX_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

#include "nx_diag.h"

typedef struct lua_State lua_State;
typedef struct nx_sandbox nx_sandbox;

typedef struct nx_sandbox_limits {
    uint64_t instructions;   /* VM instructions per call (0: default) */
    size_t memory_bytes;     /* extra heap a single call may hold (0: default) */
    unsigned cpu_ms;         /* CPU-time backstop per call (0: default) */
} nx_sandbox_limits;

#define NX_SANDBOX_DEFAULT_INSTRUCTIONS 10000000ull
#define NX_SANDBOX_DEFAULT_MEMORY (8u * 1024u * 1024u)
#define NX_SANDBOX_DEFAULT_CPU_MS 1000u

typedef enum {
    NX_SCRIPT_OK = 0,
    NX_SCRIPT_ERROR,        /* runtime error raised by the script or the API */
    NX_SCRIPT_BUDGET,       /* instruction budget exhausted */
    NX_SCRIPT_MEMORY,       /* memory cap exceeded */
    NX_SCRIPT_FORBIDDEN,    /* attempt to use something outside the sandbox */
    NX_SCRIPT_SYNTAX,       /* the file does not compile */
    NX_SCRIPT_MISSING       /* no such panel or function */
} nx_script_status;

typedef struct nx_script_error {
    nx_script_status status;
    char panel[96];         /* "harkonnen.cunning" */
    char file[512];         /* script path */
    int line;               /* line in the script, 0 if unknown */
    char message[512];
    char traceback[2048];
} nx_script_error;

/* Human-readable "file:line: panel: message" (+ traceback). */
void nx_script_error_format(const nx_script_error *e, char *buf, size_t len);

nx_sandbox *nx_sandbox_new(const nx_sandbox_limits *limits);
void nx_sandbox_free(nx_sandbox *sb);

/*
 * Compile a script file without running it.  Returns 0, or -1 with one
 * diagnostic at the file and line of the syntax error.  Binary chunks are
 * refused.
 */
int nx_sandbox_check_file(const char *path, nx_diags *d);

/*
 * Load a panel: compile the file as text, run its chunk under the budget
 * in a fresh environment, and keep the compiled chunk under `panel_id`
 * (with the functions its table names, for nx_sandbox_has_function).
 * Each call runs the chunk again in a new environment: a global a call
 * assigns lives in that call only.
 */
int nx_sandbox_load_panel(nx_sandbox *sb, const char *panel_id,
                          const char *path, nx_script_error *err);
/* The same, but errors and tracebacks name the script `shown` (the path
 * relative to its pack: players must not see the host's directories). */
int nx_sandbox_load_panel_as(nx_sandbox *sb, const char *panel_id,
                             const char *path, const char *shown,
                             nx_script_error *err);

/*
 * Load a library of shared helpers (cards/lib/<name>.lua): compiled as
 * text, run once to check that it returns a table, then kept for the
 * scripts' `require(name)`.  require takes only such names (a-z, 0-9, _),
 * runs the library again in a fresh environment of its own at every
 * require (no state survives a call, none is shared between panels), under
 * the calling run's budget and memory cap, and refuses a library that
 * requires itself.
 */
int nx_sandbox_load_lib(nx_sandbox *sb, const char *name, const char *path, const char *shown,
                        nx_script_error *err);
/* Is `name` a library name require accepts? */
int nx_sandbox_lib_name_ok(const char *name);

/* Does the loaded panel define function `fn`? */
int nx_sandbox_has_function(nx_sandbox *sb, const char *panel_id,
                            const char *fn);

/* The engine's seeded generator: uniform in [0, bound), bound >= 1. */
typedef uint32_t (*nx_sandbox_rng_fn)(void *ud, uint32_t bound);
void nx_sandbox_set_rng(nx_sandbox *sb, nx_sandbox_rng_fn fn, void *ud);

/*
 * Call panel.fn(args...).  `push` pushes the arguments (typically the ctx
 * userdata then plain values) and returns how many it pushed; `take` reads
 * the results (at the top of the stack, `nresults` of them) and returns 0,
 * or -1 after filling err->message.  Both callbacks run inside the
 * protected call, so they may raise Lua errors.
 */
typedef int (*nx_sandbox_push_fn)(lua_State *L, void *ud);
typedef int (*nx_sandbox_take_fn)(lua_State *L, int nresults, void *ud,
                                  nx_script_error *err);
int nx_sandbox_call(nx_sandbox *sb, const char *panel_id, const char *fn,
                    nx_sandbox_push_fn push, nx_sandbox_take_fn take,
                    void *ud, nx_script_error *err);

/* The same for a field that may hold a plain value or a function
 * (a panel's `advice`): a function is called with push's arguments, a
 * value is handed to take as the one result, without a call. */
int nx_sandbox_call_value(nx_sandbox *sb, const char *panel_id, const char *field,
                          nx_sandbox_push_fn push, nx_sandbox_take_fn take,
                          void *ud, nx_script_error *err);
/* Does the loaded panel's table hold a non-nil `field`? */
int nx_sandbox_has_field(nx_sandbox *sb, const char *panel_id, const char *field);

/*
 * For binding modules (the panel ctx) only: the Lua state, to register
 * metatables at start-up.  Never call Lua on it outside nx_sandbox_call.
 */
lua_State *nx_sandbox_lua(nx_sandbox *sb);

/*
 * Charge `units` of work to the running call's budget (one unit is about
 * one VM instruction), from a C function bound into Lua whose work grows
 * with its input.  Raises the budget error when the budget is spent; does
 * nothing outside a call.
 */
void nx_sandbox_charge(lua_State *L, uint64_t units);

/* Raise a forbidden-operation error from a C function bound into Lua. */
int nx_sandbox_forbid(lua_State *L, const char *what);

/* Bytes currently held by the Lua heap (for benchmarks). */
size_t nx_sandbox_heap_bytes(const nx_sandbox *sb);

#endif
