/*
 * nx_sandbox: the Lua 5.4 host for panel scripts (see nx_sandbox.h).
 *
 * How the limits hold:
 *
 *   Memory  Every Lua allocation goes through sb_alloc, which tracks the
 *           heap and, while a call or a load runs, refuses any growth past
 *           sb->cap (heap at the start + limits.memory_bytes).  Nothing
 *           outlives a call (see Fresh), so nothing accumulates either.
 *   Time    A count hook fires every SB_HOOK_PERIOD VM instructions and
 *           charges them to the call.  Work done inside one instruction or
 *           one C function is charged by its size: every new long string
 *           SB_STRING_BYTES_PER_UNIT bytes per unit (concatenation, rep,
 *           upper, format, table.concat...), functions that scan a string
 *           (utf8.len, string.byte, tonumber...) one unit per byte,
 *           table.concat/unpack one per element, table.insert, remove and
 *           move their iterations, table.sort four units per comparison,
 *           string.find one unit per byte it examines, pairs/next per key.
 *           What no count sees (comparing two long strings is one
 *           instruction) meets the CPU-time backstop (limits.cpu_ms),
 *           checked at every tick: a safety net far beyond what the
 *           deterministic budget allows, failing the call like the budget.
 *   Strings Panels get no Lua patterns: the matcher runs in C where the
 *           hook cannot fire, and a pattern such as ".-b" on a long subject
 *           takes seconds (more wildcards: cubic).  string.match, gmatch and
 *           gsub are absent, and string.find only searches plain text (it is
 *           forbidden without plain = true), both in the panels' string
 *           tables and through the string metatable ("x"):find(...).
 *           string.rep of an empty string and separator returns at once
 *           (Lua would spin through the count copying nothing).
 *   Reach   Scripts never see the real global table (it is emptied): each
 *           run of a panel's chunk gets a fresh environment reading through
 *           to a whitelist of safe globals; the library tables there are
 *           read-only proxies.  The shared string metatable is locked and
 *           holds no string.dump.  There is no coroutine library: Lua
 *           5.4.4's coroutine.close nesting bug cannot be reached.
 *   Fresh   Every call re-runs the panel's compiled main chunk in a fresh
 *           environment before calling the function (sb_push_fresh_function):
 *           upvalues, the returned table and globals are new each time, so
 *           no call, room or game sees what another wrote.
 *   Order   pairs and next visit keys in a fixed order (nx_sbiter), not in
 *           hash order, which Lua seeds per process.  collectgarbage is
 *           absent ("count" told the heap size, which depends on other
 *           games), table.sort refuses more than 100 elements (Lua takes a
 *           larger sort's pivot from the clock).
 *   Poison  Once a call exceeds a limit or attempts something forbidden it
 *           is "poisoned": the hook raises again at every tick, and pcall
 *           and xpcall re-raise instead of returning, and refuse to start
 *           anything, so no script can catch its way past a limit.
 *   Hooks   When the count hook raises, Lua has set L->allowhook = 0 for
 *           the hook and turns it back on only where a protected call
 *           catches the error (luaD_pcall restores the value it saw on
 *           entry).  Script code that Lua runs in between is unmetered, and
 *           a protected call entered in between would even restore
 *           allowhook = 0 when it catches.  Lua runs script code there in
 *           xpcall message handlers: luaG_errormsg calls the handler at the
 *           raise point, i.e. inside the hook.  So xpcall installs
 *           sb_xpcall_msgh, which skips the script's handler for a poisoned
 *           run (every error the hook raises is one).  Before it did,
 *           `xpcall(function() error("x") end, function() while true do end
 *           end)` hung for ever.  (Coroutines killed inside the hook were
 *           the other way in, through their __close handlers; panels have
 *           no coroutines.)
 */
#include "nx_sandbox.h"
#include "nx_text.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "nx_luaval.h"
#include "nx_sbiter.h"
#include "nx_util.h"

/* VM instructions between two invocations of the count hook. */
#define SB_HOOK_PERIOD 1000

/* Registry keys: the addresses are what matters. */
static const char sb_key_safe = 's';    /* master table of safe globals */
static const char sb_key_panels = 'p';  /* panel id -> the table its load returned */
static const char sb_key_chunks = 'c';  /* panel id -> its compiled main chunk */
static const char sb_key_files = 'f';   /* panel id -> script path as shown */
static const char sb_key_frozen = 'z';  /* read-only proxy -> its target */
static const char sb_key_globals_mt = 'g'; /* metatable of every panel environment */
static const char sb_key_libs = 'l';    /* library name -> its compiled chunk (cards/lib) */

/* The last allocation the allocator refused (see sb_note_refusal). */
typedef struct sb_refusal {
    const void *ptr;
    size_t osize, nsize;
    int valid;
} sb_refusal;

/* One protected run (a load or a call) and where its report goes. */
typedef struct sb_run {
    nx_script_error *err;
    const char *panel_id;
    const char *path;               /* script file (loads only) */
    const char *fn;                 /* NULL when loading */
    nx_sandbox_push_fn push;
    nx_sandbox_take_fn take;
    void *ud;
    int handled;                    /* the message handler filled err */
    nx_script_status handled_poison;  /* sb->poison when it did */
    int missing;                    /* no such panel or function */
    int take_failed;                /* take returned nonzero */
    int lib;                        /* loading a library of cards/lib, not a panel */
    int value;                      /* fn may name a plain value: it is the one result */
} sb_run;

/* Libraries a require may nest (a chain of libraries requiring others). */
#define SB_REQUIRE_DEPTH 8
#define SB_LIB_NAME_MAX 40

struct nx_sandbox {
    lua_State *L;
    nx_sandbox_limits limits;
    size_t heap;                    /* bytes held by the Lua heap */
    size_t cap;                     /* growth past this is refused */
    int metering;                   /* a load or call is running */
    uint64_t used;                  /* instructions charged so far */
    nx_script_status poison;        /* NX_SCRIPT_OK or why the run must stop */
    char poison_msg[256];
    sb_refusal refused;
    sb_run *run;
    nx_sandbox_rng_fn rng;
    void *rng_ud;
    lua_CFunction orig_setmetatable;
    lua_CFunction orig_rawset;
    lua_CFunction orig_sort;
    lua_CFunction orig_rep;
    lua_CFunction orig_format;
    int clock_started;              /* the run reached its first hook tick */
    int require_depth;              /* libraries being run by require now */
    char requiring[SB_REQUIRE_DEPTH][SB_LIB_NAME_MAX + 1];
    struct timespec wall0, cpu0;    /* the clocks at that tick */
};

static nx_sandbox *sb_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

/* Copy with truncation, never cutting a UTF-8 sequence in two. */
static void sb_copy_str(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) n = nx_luaval_utf8_cut(src, size - 1);
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static size_t sb_add_sat(size_t a, size_t b)
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* ------------------------------------------------------------------ */
/* Allocator and poison                                                */
/* ------------------------------------------------------------------ */

static void sb_poison_memory(nx_sandbox *sb)
{
    if (!sb->metering || sb->poison != NX_SCRIPT_OK) return;
    sb->poison = NX_SCRIPT_MEMORY;
    nx_fmt(sb->poison_msg, sizeof sb->poison_msg,
             "memory limit exceeded (a script may hold %zu more bytes)",
             sb->limits.memory_bytes);
}

/*
 * Lua answers a refused allocation with an emergency collection and one
 * retry of the very same request.  Only a second refusal of that request
 * means the run really holds too much; the first may just be garbage that
 * the collector had not reclaimed yet.
 */
static void sb_note_refusal(nx_sandbox *sb, const void *ptr, size_t osize,
                            size_t nsize)
{
    sb_refusal *r = &sb->refused;
    if (r->valid && r->ptr == ptr && r->osize == osize && r->nsize == nsize) {
        sb_poison_memory(sb);
        return;
    }
    r->ptr = ptr;
    r->osize = osize;
    r->nsize = nsize;
    r->valid = 1;
}

static int sb_refuses(nx_sandbox *sb, const void *ptr, size_t osize,
                      size_t nsize)
{
    size_t old = ptr ? osize : 0;   /* without ptr, osize is a type tag */
    size_t room = sb->heap < sb->cap ? sb->cap - sb->heap : 0;
    if (nsize <= old || nsize - old <= room) return 0;
    sb_note_refusal(sb, ptr, osize, nsize);
    return 1;
}

/*
 * Building a long string costs time in proportion to its length (copying,
 * formatting, case mapping), inside one VM instruction or one C function:
 * `s .. s`, string.rep, string.upper, table.concat...  So every new long
 * string is charged SB_STRING_BYTES_PER_UNIT bytes per unit of budget.
 * Only long strings: they are always allocated afresh, so the charge is
 * the same in every process, whereas whether a short string (interned,
 * at most 40 bytes) allocates depends on which strings happen to be alive.
 * The allocator cannot raise: it marks the run poisoned and makes the
 * count hook fire at the very next instruction (lua_sethook may be called
 * anywhere, even from a signal handler), which stops the run.  Waiting
 * for the usual tick could take SB_HOOK_PERIOD expensive instructions.
 */
static void sb_hook(lua_State *L, lua_Debug *ar);

#define SB_STRING_BYTES_PER_UNIT 8
#define SB_LONG_STRING_BYTES 96

static void sb_charge_string(nx_sandbox *sb, size_t nsize)
{
    if (!sb->metering || nsize < SB_LONG_STRING_BYTES || sb->poison != NX_SCRIPT_OK) return;
    sb->used += nsize / SB_STRING_BYTES_PER_UNIT;
    if (sb->used <= sb->limits.instructions) return;
    sb->poison = NX_SCRIPT_BUDGET;
    snprintf(sb->poison_msg, sizeof sb->poison_msg, "instruction budget exceeded (%llu instructions)",
             (unsigned long long)sb->limits.instructions);
    lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, 1);  /* panels run on the main thread only */
}

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    nx_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        assert(sb->heap >= old);    /* every block was counted when made */
        sb->heap -= old;
        return NULL;
    }
    /* Shrinking never fails (Lua relies on it); only growth is capped. */
    if (sb_refuses(sb, ptr, osize, nsize)) return NULL;
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    if (!ptr && osize == LUA_TSTRING) sb_charge_string(sb, nsize);
    sb->heap = sb->heap - old + nsize;
    if (nsize > old) sb->refused.valid = 0;
    return p;
}

static int sb_panic(lua_State *L)
{
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                     : "(not a string)";
    fprintf(stderr, "nexus: unprotected Lua error in the sandbox: %s\n", msg);
    fflush(stderr);
    abort();
}

/* "short_src:line: " of the innermost Lua function on the stack, or "". */
static void sb_where(lua_State *L, char *buf, size_t size)
{
    lua_Debug ar;
    buf[0] = '\0';
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            nx_fmt(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

/* Mark the running call as poisoned; the first reason wins. */
static void sb_poison(lua_State *L, nx_sandbox *sb, nx_script_status why,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void sb_poison(lua_State *L, nx_sandbox *sb, nx_script_status why,
                      const char *fmt, ...)
{
    if (!sb->metering || sb->poison != NX_SCRIPT_OK) return;
    char where[LUA_IDSIZE + 32];
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    nx_vclip(what, sizeof what, fmt, ap);
    va_end(ap);
    sb_where(L, where, sizeof where);
    sb->poison = why;
    nx_fmt(sb->poison_msg, sizeof sb->poison_msg, "%s%s", where, what);
}

/* Raise the poison message.  Never returns. */
static int sb_raise_poison(lua_State *L, nx_sandbox *sb)
{
    assert(sb->poison != NX_SCRIPT_OK);
    /* The message is a small host allocation: it must not fail to the cap
     * that the run has just exhausted. */
    size_t cap = sb->cap;
    sb->cap = SIZE_MAX;
    lua_pushstring(L, sb->poison_msg);
    sb->cap = cap;
    return lua_error(L);
}

static int64_t sb_ms_since(const struct timespec *t0, clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)(t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * The CPU-time backstop.  The clocks start at the run's first hook tick
 * (runs shorter than SB_HOOK_PERIOD instructions never read them); the
 * cheap monotonic clock is read at every tick and the thread's CPU clock
 * (a system call) only once the wall time alone exceeds the limit, since
 * CPU time never exceeds wall time.
 */
static int sb_cpu_exceeded(nx_sandbox *sb)
{
    if (!sb->clock_started) {
        clock_gettime(CLOCK_MONOTONIC, &sb->wall0);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &sb->cpu0);
        sb->clock_started = 1;
        return 0;
    }
    int64_t limit = (int64_t)sb->limits.cpu_ms;
    return sb_ms_since(&sb->wall0, CLOCK_MONOTONIC) > limit &&
           sb_ms_since(&sb->cpu0, CLOCK_THREAD_CPUTIME_ID) > limit;
}

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    nx_sandbox *sb = sb_of(L);
    (void)ar;
    if (!sb->metering) return;
    if (sb->poison == NX_SCRIPT_OK) {
        sb->used += SB_HOOK_PERIOD;
        if (sb->used > sb->limits.instructions)
            sb_poison(L, sb, NX_SCRIPT_BUDGET,
                      "instruction budget exceeded (%llu instructions)",
                      (unsigned long long)sb->limits.instructions);
        else if (sb_cpu_exceeded(sb))
            sb_poison(L, sb, NX_SCRIPT_BUDGET,
                      "CPU time limit exceeded (%u ms, the safety net beyond the instruction budget)",
                      sb->limits.cpu_ms);
        else
            return;
    }
    /* Poisoned: raise at every tick, whatever caught the last error. */
    sb_raise_poison(L, sb);
}

/* Charge `n` units of C work to the budget of the running call. */
static void sb_charge(lua_State *L, lua_Unsigned n)
{
    nx_sandbox *sb = sb_of(L);
    if (!sb->metering) return;
    if (sb->poison == NX_SCRIPT_OK) {
        uint64_t limit = sb->limits.instructions;
        uint64_t left = limit > sb->used ? limit - sb->used : 0;
        if (n <= left) {
            sb->used += n;
            return;
        }
        sb->used = limit + 1;
        sb_poison(L, sb, NX_SCRIPT_BUDGET,
                  "instruction budget exceeded (%llu instructions)",
                  (unsigned long long)limit);
    }
    sb_raise_poison(L, sb);
}

void nx_sandbox_charge(lua_State *L, uint64_t units)
{
    if (lua_getallocf(L, NULL) == sb_alloc) sb_charge(L, (lua_Unsigned)units);
}

/*
 * Called where a script caught an error: a poisoned call keeps unwinding.
 * LUA_ERRMEM poisons too: it also covers refusals Lua does not retry
 * (lauxlib's buffers call the allocator once, and lua_error turns their
 * "not enough memory" into LUA_ERRMEM).
 */
static void sb_rethrow_if_poisoned(lua_State *L, int status)
{
    nx_sandbox *sb = sb_of(L);
    if (status == LUA_ERRMEM) sb_poison_memory(sb);
    if (sb->metering && sb->poison != NX_SCRIPT_OK) sb_raise_poison(L, sb);
}

/*
 * Called by every wrapper before it starts script code (pcall, xpcall,
 * resume...) and after script code returns to it: a poisoned run starts
 * nothing more.  Above all, no protected call may start while a hook error
 * is in flight, when hooks may be off (see "Hooks" above).
 */
static void sb_stop_if_poisoned(lua_State *L)
{
    sb_rethrow_if_poisoned(L, LUA_OK);
}

/* Membership in a registry set (a table keyed by the members). */
static int sb_in_set(lua_State *L, const void *key, int idx)
{
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    lua_pushvalue(L, idx);
    int in = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return in;
}

/* ------------------------------------------------------------------ */
/* Safe replacements for base functions                                */
/* ------------------------------------------------------------------ */

int nx_sandbox_forbid(lua_State *L, const char *what)
{
    lua_Alloc f = lua_getallocf(L, NULL);
    if (f == sb_alloc) {
        nx_sandbox *sb = sb_of(L);
        if (sb->metering) {
            sb_poison(L, sb, NX_SCRIPT_FORBIDDEN, "forbidden: %s", what);
            return sb_raise_poison(L, sb);
        }
    }
    return luaL_error(L, "forbidden: %s", what);
}

static int sb_finish_pcall(lua_State *L, int status, lua_KContext extra)
{
    /* Whatever the status: C code may have swallowed the limit's error. */
    sb_rethrow_if_poisoned(L, status);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* pcall(f, ...): as in the base library, but see sb_finish_pcall. */
static int sb_pcall(lua_State *L)
{
    sb_stop_if_poisoned(L);
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0,
                            sb_finish_pcall);
    return sb_finish_pcall(L, status, 0);
}

/*
 * The message handler xpcall really installs: the script's handler is its
 * upvalue.  A poisoned run's error may come from inside the count hook, and
 * Lua calls message handlers right there (luaG_errormsg, before unwinding),
 * with hooks still disabled: the script's handler would run unmetered, and
 * a handler that loops would never stop.  So it is skipped, and the error
 * goes on unchanged to sb_finish_pcall, which re-raises it.
 */
static int sb_xpcall_msgh(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    if (sb->metering && sb->poison != NX_SCRIPT_OK) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* xpcall(f, msgh, ...): as in the base library, but see sb_finish_pcall
 * and sb_xpcall_msgh. */
static int sb_xpcall(lua_State *L)
{
    sb_stop_if_poisoned(L);
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, sb_xpcall_msgh, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, sb_finish_pcall);
    return sb_finish_pcall(L, status, 2);
}

/* Finalizers would run during collections, outside any budget. */
static int sb_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int t = lua_rawget(L, 2);
        lua_pop(L, 1);
        if (t != LUA_TNIL)
            return nx_sandbox_forbid(L, "setmetatable with a __gc field "
                                        "(finalizers run outside the budget)");
    }
    return sb_of(L)->orig_setmetatable(L);
}

/* rawset would bypass a read-only proxy's __newindex. */
static int sb_rawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    if (sb_in_set(L, &sb_key_frozen, 1))
        return nx_sandbox_forbid(L, "rawset on a library table (libraries are read-only)");
    return sb_of(L)->orig_rawset(L);
}

/* Nothing: the options steer the collector, and "count" tells the heap
 * size, which depends on what other games left behind (not replayable). */
static int sb_collectgarbage(lua_State *L)
{
    const char *opt = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "collect";
    char what[80];
    snprintf(what, sizeof what, "collectgarbage(\"%.40s\")", opt);
    nx_luaval_sanitize(what);
    return nx_sandbox_forbid(L, what);
}

/* ------------------------------------------------------------------ */
/* table.insert / table.remove / table.move, with their loops charged  */
/* ------------------------------------------------------------------ */

enum { SB_TAB_R = 1, SB_TAB_W = 2, SB_TAB_L = 4 };

static int sb_has_metafield(lua_State *L, const char *name)
{
    lua_pushstring(L, name);
    int t = lua_rawget(L, -2);
    lua_pop(L, 1);
    return t != LUA_TNIL;
}

/* A table, or a value whose metatable provides what the operation uses. */
static void sb_checktab(lua_State *L, int arg, int what)
{
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        int ok = (!(what & SB_TAB_R) || sb_has_metafield(L, "__index")) &&
                 (!(what & SB_TAB_W) || sb_has_metafield(L, "__newindex")) &&
                 (!(what & SB_TAB_L) || sb_has_metafield(L, "__len"));
        lua_pop(L, 1);
        if (ok) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

static lua_Integer sb_len(lua_State *L, int arg, int what)
{
    sb_checktab(L, arg, what | SB_TAB_L);
    return luaL_len(L, arg);
}

static int sb_tinsert(lua_State *L)
{
    lua_Integer e = (lua_Integer)((lua_Unsigned)sb_len(L, 1, SB_TAB_R | SB_TAB_W) + 1u);
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2,
                      "position out of bounds");
        if (e > pos) sb_charge(L, (lua_Unsigned)e - (lua_Unsigned)pos);
        for (lua_Integer i = e; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int sb_tremove(lua_State *L)
{
    lua_Integer size = sb_len(L, 1, SB_TAB_R | SB_TAB_W);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2,
                      "position out of bounds");
    lua_geti(L, 1, pos);
    if (size > pos) sb_charge(L, (lua_Unsigned)size - (lua_Unsigned)pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int sb_tmove(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = lua_isnoneornil(L, 5) ? 1 : 5;
    sb_checktab(L, 1, SB_TAB_R);
    sb_checktab(L, tt, SB_TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                      "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4,
                      "destination wrap around");
        sb_charge(L, (lua_Unsigned)n);
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

/*
 * table.sort: the library's, with every comparison charged.  Its loops do
 * O(1) work per comparison, and with the default order, a C comparator
 * (rawequal...) and C metamethods (__len returning 2^31 - 2, __index =
 * type, __newindex = rawequal) no Lua instruction would ever run.  A
 * comparison with its reads costs about as much as a few VM instructions.
 */
#define SB_SORT_COST 4

static int sb_sort_lt(lua_State *L)
{
    sb_charge(L, SB_SORT_COST);
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
}

/* The script's comparator (upvalue 1), charged. */
static int sb_sort_cmp(lua_State *L)
{
    sb_charge(L, SB_SORT_COST);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* Above this many elements Lua 5.4 picks its quicksort pivot from clock()
 * and time(): the order of equal elements would differ between runs and
 * break exact replay.  Panels sort a handful of cards. */
#define SB_SORT_MAX 100

static int sb_tsort(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    if (lua_gettop(L) >= 1 && lua_type(L, 1) == LUA_TTABLE && luaL_len(L, 1) > SB_SORT_MAX)
        return nx_sandbox_forbid(L, "table.sort of more than 100 elements (Lua would pick "
                                    "its pivot from the clock, making games unrepeatable)");
    if (lua_gettop(L) >= 1) {
        if (lua_isnoneornil(L, 2)) {
            lua_settop(L, 1);
            lua_pushcfunction(L, sb_sort_lt);
        } else {
            luaL_checktype(L, 2, LUA_TFUNCTION);
            lua_settop(L, 2);
            lua_pushcclosure(L, sb_sort_cmp, 1);
        }
    }
    return sb->orig_sort(L);
}

/* ------------------------------------------------------------------ */
/* string.find (plain text only) and string.rep                        */
/* ------------------------------------------------------------------ */

/* Bytes examined between two calls of sb_charge. */
#define SB_FIND_CHUNK 256
#define SB_FIND_BATCH 65536

/* Start position as string.find reads it: 1-based, negative from the end. */
static size_t sb_find_start(lua_Integer pos, size_t len)
{
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

/*
 * The library's plain search (lmemfind), with its work charged: one unit
 * per byte memchr skips or memcmp reads.  Plain search is quadratic at
 * worst (s = ("a"):rep(2^20), text = ("a"):rep(2^19) .. "b"): charged, it
 * stops at the budget instead of running for seconds.
 */
static const char *sb_memfind(lua_State *L, const char *s, size_t ls,
                              const char *p, size_t lp)
{
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    size_t last = ls - lp;              /* the last possible start */
    size_t i = 0;
    lua_Unsigned work = 0;
    const char *found = NULL;
    while (i <= last) {
        const char *c = memchr(s + i, (unsigned char)p[0], last - i + 1);
        if (!c) {
            work += last - i + 1;
            break;
        }
        size_t at = (size_t)(c - s);
        work += at - i + 1;
        size_t off = 1;
        while (off < lp) {              /* compare the rest, in chunks */
            size_t n = lp - off < SB_FIND_CHUNK ? lp - off : SB_FIND_CHUNK;
            work += n;
            if (memcmp(c + off, p + off, n) != 0) break;
            off += n;
            if (work >= SB_FIND_BATCH) {
                sb_charge(L, work);
                work = 0;
            }
        }
        if (off >= lp) {
            found = c;
            break;
        }
        i = at + 1;
        if (work >= SB_FIND_BATCH) {
            sb_charge(L, work);
            work = 0;
        }
    }
    sb_charge(L, work);
    return found;
}

/* string.find(s, text [, init], true): the plain search only. */
static int sb_str_find(lua_State *L)
{
    if (!lua_toboolean(L, 4))
        return nx_sandbox_forbid(L, "string patterns are not available in "
                                    "panels; use string.find(s, text, init, "
                                    "true)");
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = sb_find_start(luaL_optinteger(L, 3, 1), ls) - 1;
    const char *hit = init > ls ? NULL : sb_memfind(L, s + init, ls - init, p, lp);
    if (!hit) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
    lua_pushinteger(L, (lua_Integer)(hit - s) + (lua_Integer)lp);
    return 2;
}

/*
 * string.rep: the library's, whose memory the cap bounds, except that
 * repeating nothing returns at once: Lua would loop `n` times (up to 2^63)
 * copying zero bytes.
 */
static int sb_str_rep(lua_State *L)
{
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (l == 0 && lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    return sb_of(L)->orig_rep(L);
}

/* ------------------------------------------------------------------ */
/* tostring and string.format without addresses                        */
/* ------------------------------------------------------------------ */

/*
 * Lua writes a table, function or userdata without __tostring as its type
 * and address ("table: 0x55d0c2a4e2f0"): an address differs between
 * processes, so a panel that logged or saved one would not replay.  The
 * sandbox writes the type (or __name) alone.
 */
static int sb_addressed(lua_State *L, int idx)
{
    int t = lua_type(L, idx);
    if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TUSERDATA && t != LUA_TTHREAD &&
        t != LUA_TLIGHTUSERDATA)
        return 0;
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

static void sb_push_type_name(lua_State *L, int idx)
{
    int t = luaL_getmetafield(L, idx, "__name");
    if (t == LUA_TSTRING) return;
    if (t != LUA_TNIL) lua_pop(L, 1);
    lua_pushstring(L, luaL_typename(L, idx));
}

static int sb_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    if (sb_addressed(L, 1)) sb_push_type_name(L, 1);
    else luaL_tolstring(L, 1, NULL);
    return 1;
}

/* string.format: no %p, and %s of an addressed value gives its type. */
static int sb_str_format(lua_State *L)
{
    size_t lf;
    const char *f = luaL_checklstring(L, 1, &lf);
    for (size_t i = 0; i + 1 < lf; i++) {
        if (f[i] != '%') continue;
        size_t j = i + 1;
        if (f[j] == '%') {
            i = j;
            continue;
        }
        while (j < lf && strchr("-+ #0123456789.", f[j])) j++;
        if (j < lf && f[j] == 'p')
            return nx_sandbox_forbid(L, "string.format(\"%p\") (an address differs between processes)");
        i = j;
    }
    for (int k = 2; k <= lua_gettop(L); k++)
        if (sb_addressed(L, k)) {
            sb_push_type_name(L, k);
            lua_replace(L, k);
        }
    return sb_of(L)->orig_format(L);
}

/* ------------------------------------------------------------------ */
/* math.random on the engine's generator                               */
/* ------------------------------------------------------------------ */

static uint32_t sb_draw(lua_State *L, nx_sandbox *sb, uint32_t bound)
{
    assert(bound >= 1);
    uint32_t r = sb->rng(sb->rng_ud, bound);
    if (r >= bound)
        luaL_error(L, "math.random: the engine's generator returned %I "
                      "for a bound of %I", (lua_Integer)r, (lua_Integer)bound);
    return r;
}

static uint64_t sb_draw64(lua_State *L, nx_sandbox *sb)
{
    uint64_t v = 0;
    for (int i = 0; i < 4; i++) v = (v << 16) | sb_draw(L, sb, 65536u);
    return v;
}

/* Uniform in [0, span], span >= UINT32_MAX: masked draws with rejection. */
static uint64_t sb_draw_wide(lua_State *L, nx_sandbox *sb, uint64_t span)
{
    uint64_t mask = span;
    for (int s = 1; s < 64; s <<= 1) mask |= mask >> s;
    uint64_t v = 0;
    /* A fair generator needs fewer than two draws on average; the bound
     * keeps a degenerate one from looping forever in C. */
    for (int tries = 0; tries < 64; tries++) {
        v = sb_draw64(L, sb) & mask;
        if (v <= span) return v;
    }
    return v % (span + 1);          /* span < mask <= UINT64_MAX here */
}

static lua_Integer sb_random_range(lua_State *L, nx_sandbox *sb,
                                   lua_Integer lo, lua_Integer hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    uint64_t off = span < UINT32_MAX ? sb_draw(L, sb, (uint32_t)span + 1u)
                                     : sb_draw_wide(L, sb, span);
    return (lua_Integer)((uint64_t)lo + off);
}

/* math.random(), (m), (m, n) with Lua 5.4's meaning, on the engine's rng. */
static int sb_random(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    lua_Integer lo, hi;
    if (!sb->rng)
        return luaL_error(L, "math.random: no random generator is "
                             "available to scripts here");
    switch (lua_gettop(L)) {
    case 0: {
        uint64_t bits = ((uint64_t)sb_draw(L, sb, 1u << 26) << 27) |
                        sb_draw(L, sb, 1u << 27);
        lua_pushnumber(L, (lua_Number)bits * 0x1p-53);
        return 1;
    }
    case 1:
        lo = 1;
        hi = luaL_checkinteger(L, 1);
        if (hi == 0) {              /* math.random(0): any integer */
            lua_pushinteger(L, (lua_Integer)sb_draw64(L, sb));
            return 1;
        }
        break;
    case 2:
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, lo <= hi, 1, "interval is empty");
    lua_pushinteger(L, sb_random_range(L, sb, lo, hi));
    return 1;
}

static int sb_randomseed(lua_State *L)
{
    return nx_sandbox_forbid(L, "math.randomseed (the engine seeds the "
                                "generator)");
}

/* ------------------------------------------------------------------ */
/* Library functions charged by the size of their input                */
/* ------------------------------------------------------------------ */

/*
 * Functions that scan a string argument without building anything of its
 * size (utf8.len of 4 MiB is one instruction): one unit per byte of their
 * string arguments, charged before the original (upvalue 1) runs.
 */
static int sb_charged_scan(lua_State *L)
{
    int n = lua_gettop(L);
    uint64_t bytes = 0;
    for (int i = 1; i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    sb_charge(L, (lua_Unsigned)bytes);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/*
 * table.concat(t, sep, i, j) and table.unpack(t, i, j) loop over i..j in
 * C: one unit per element, charged before the original (upvalue 1) runs;
 * upvalue 2 is the argument position of i.
 */
static int sb_charged_range(lua_State *L)
{
    int first = (int)lua_tointeger(L, lua_upvalueindex(2));
    lua_Integer i = luaL_optinteger(L, first, 1);
    lua_Integer j = lua_isnoneornil(L, first + 1) ? sb_len(L, 1, SB_TAB_R) : luaL_checkinteger(L, first + 1);
    if (j >= i) sb_charge(L, (lua_Unsigned)j - (lua_Unsigned)i + 1u);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

typedef struct sb_charged {
    const char *lib;                /* NULL: the base library */
    const char *name;
    int range_arg;                  /* 0: charged by string bytes */
} sb_charged;

static const sb_charged sb_charged_fns[] = {
    {NULL, "tonumber", 0},
    {"string", "byte", 0}, {"string", "pack", 0}, {"string", "packsize", 0}, {"string", "unpack", 0},
    {"utf8", "len", 0}, {"utf8", "offset", 0}, {"utf8", "codepoint", 0},
    {"table", "concat", 3}, {"table", "unpack", 2},
};

/* Replace the charged functions of library `lib` in the table at `t`. */
static void sb_wrap_charged(lua_State *L, int t, const char *lib)
{
    t = lua_absindex(L, t);
    for (size_t k = 0; k < sizeof sb_charged_fns / sizeof sb_charged_fns[0]; k++) {
        const sb_charged *c = &sb_charged_fns[k];
        if (lib ? !c->lib || strcmp(c->lib, lib) : c->lib != NULL) continue;
        lua_getfield(L, t, c->name);
        assert(lua_iscfunction(L, -1));     /* the library defines it */
        if (c->range_arg) {
            lua_pushinteger(L, c->range_arg);
            lua_pushcclosure(L, sb_charged_range, 2);
        } else {
            lua_pushcclosure(L, sb_charged_scan, 1);
        }
        lua_setfield(L, t, c->name);
    }
}

/* ------------------------------------------------------------------ */
/* Building the safe globals                                           */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* require: the shared helpers of cards/lib                             */
/* ------------------------------------------------------------------ */

static void sb_push_panel_env(lua_State *L);
static int sb_registry_get(lua_State *L, const void *key, const char *id);

/* Lower-case letters, digits and _, starting with a letter: a file name of
 * cards/lib and nothing else (no dots, no slashes, no way out). */
int nx_sandbox_lib_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > SB_LIB_NAME_MAX || !islower((unsigned char)name[0])) return 0;
    for (size_t i = 0; i < n; i++)
        if (!islower((unsigned char)name[i]) && !isdigit((unsigned char)name[i]) && name[i] != '_') return 0;
    return 1;
}

/* Run the library chunk at `f` in a fresh environment of its own; leaves
 * its table.  Every require runs the library again, so no call sees what
 * another call did to it (the panels' isolation holds through libraries). */
static int sb_require_run(lua_State *L)
{
    int f = 1;
    sb_push_panel_env(L);
    const char *up = lua_setupvalue(L, f, 1);
    if (!up || strcmp(up, "_ENV") != 0) return luaL_error(L, "require: the library has no _ENV to sandbox");
    lua_pushvalue(L, f);
    lua_call(L, 0, 1);
    return 1;
}

static int sb_require(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    const char *name = nx_luaval_name(L, 1, "require: a library name");
    if (!nx_sandbox_lib_name_ok(name))
        return luaL_error(L, "require: '%s' is not a library name (cards/lib/<name>.lua: a-z, 0-9, _)", name);
    for (int i = 0; i < sb->require_depth; i++)
        if (!strcmp(sb->requiring[i], name)) return luaL_error(L, "require: '%s' requires itself", name);
    if (sb->require_depth == SB_REQUIRE_DEPTH)
        return luaL_error(L, "require: libraries nest more than %d deep", SB_REQUIRE_DEPTH);
    lua_settop(L, 1);
    if (sb_registry_get(L, &sb_key_libs, name) != LUA_TFUNCTION)
        return luaL_error(L, "require: no library '%s' in cards/lib", name);
    memcpy(sb->requiring[sb->require_depth++], name, strlen(name) + 1);
    lua_pushcfunction(L, sb_require_run);
    lua_insert(L, -2);
    /* Protected so that the nesting is undone however the library fails;
     * the error (a budget stop included) is raised again unchanged. */
    int st = lua_pcall(L, 1, 1, 0);
    sb->require_depth--;
    if (st != LUA_OK) return lua_error(L);
    if (!lua_istable(L, -1))
        return luaL_error(L, "require: library '%s' must return a table (it returned a %s value)", name,
                          luaL_typename(L, -1));
    return 1;
}

static const char *const sb_base_keep[] = {
    "assert", "error", "getmetatable", "ipairs",
    "rawequal", "rawget", "rawlen", "select", "tonumber",
    "type", "_VERSION", NULL
};
static const luaL_Reg sb_base_override[] = {
    {"tostring", sb_tostring},
    {"pairs", nx_sbiter_pairs},
    {"next", nx_sbiter_next},
    {"pcall", sb_pcall},
    {"xpcall", sb_xpcall},
    {"setmetatable", sb_setmetatable},
    {"rawset", sb_rawset},
    {"collectgarbage", sb_collectgarbage},
    {"require", sb_require},
    {NULL, NULL}
};
/* No match, gmatch, gsub: see "Strings" above. */
static const char *const sb_string_keep[] = {
    "byte", "char", "format", "len", "lower", "reverse", "sub", "upper",
    "pack", "packsize", "unpack", NULL
};
static const luaL_Reg sb_string_override[] = {
    {"find", sb_str_find},
    {"format", sb_str_format},
    {"rep", sb_str_rep},
    {NULL, NULL}
};
static const char *const sb_table_keep[] = {
    "concat", "pack", "unpack", NULL
};
static const luaL_Reg sb_table_override[] = {
    {"insert", sb_tinsert},
    {"remove", sb_tremove},
    {"move", sb_tmove},
    {"sort", sb_tsort},
    {NULL, NULL}
};
static const char *const sb_math_keep[] = {
    "abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor",
    "fmod", "huge", "log", "max", "maxinteger", "min", "mininteger",
    "modf", "pi", "rad", "sin", "sqrt", "tan", "tointeger", "type", "ult",
    NULL
};
static const luaL_Reg sb_math_override[] = {
    {"random", sb_random},
    {"randomseed", sb_randomseed},
    {NULL, NULL}
};
static const char *const sb_utf8_keep[] = {
    "char", "charpattern", "codepoint", "codes", "len", "offset", NULL
};
typedef struct sb_lib {
    const char *name;
    lua_CFunction open;
    const char *const *keep;        /* copied as they are */
    const luaL_Reg *override;       /* replaced by sandbox versions */
} sb_lib;

static const sb_lib sb_libs[] = {
    {"string", luaopen_string, sb_string_keep, sb_string_override},
    {"table", luaopen_table, sb_table_keep, sb_table_override},
    {"math", luaopen_math, sb_math_keep, sb_math_override},
    {"utf8", luaopen_utf8, sb_utf8_keep, NULL},
};
#define SB_NLIBS (sizeof sb_libs / sizeof sb_libs[0])

static int sb_listed(const char *const *names, const char *name)
{
    for (; *names; names++)
        if (strcmp(*names, name) == 0) return 1;
    return 0;
}

static lua_CFunction sb_cfield(lua_State *L, int t, const char *name)
{
    lua_getfield(L, t, name);
    lua_CFunction f = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    assert(f != NULL);              /* the standard libraries define these */
    return f;
}

/* Push a new table with src's `keep` fields and the `override` functions. */
static void sb_push_filtered(lua_State *L, int src, const char *const *keep,
                             const luaL_Reg *override)
{
    src = lua_absindex(L, src);
    lua_newtable(L);
    for (const char *const *k = keep; *k; k++) {
        lua_getfield(L, src, *k);
        assert(!lua_isnil(L, -1));  /* a whitelist names existing fields */
        lua_setfield(L, -2, *k);
    }
    if (override) luaL_setfuncs(L, override, 0);
}

static void sb_clear_table(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);           /* clearing during traversal is allowed */
    }
}

/* Remove every field not in `keep` (the table stays shared, see below). */
static void sb_trim_table(lua_State *L, int t, const char *const *keep)
{
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || !sb_listed(keep, lua_tostring(L, -1))) {
            lua_pushvalue(L, -1);
            lua_pushnil(L);
            lua_rawset(L, t);
        }
    }
}

static int sb_readonly_newindex(lua_State *L)
{
    return nx_sandbox_forbid(L, "assignment to a library table (libraries are read-only)");
}

/* __pairs of a read-only proxy: the target's keys, in the sandbox order. */
static int sb_readonly_pairs(lua_State *L)
{
    return nx_sbiter_push_sorted(L, lua_upvalueindex(1));
}

/*
 * Push a read-only view of the table at `t`: an empty table whose hidden
 * metatable reads through to t and refuses every assignment (rawset too,
 * see sb_rawset).  Library tables are shared by every call of every panel,
 * so a write there would be state kept across calls and games.
 */
static void sb_push_readonly(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, t);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, sb_readonly_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, t);
    lua_pushcclosure(L, sb_readonly_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &sb_key_frozen);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, t);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

static void sb_setup_lib(lua_State *L, nx_sandbox *sb, const sb_lib *lib,
                         int safe)
{
    luaL_requiref(L, lib->name, lib->open, 0);
    if (lib->open == luaopen_table)
        sb->orig_sort = sb_cfield(L, -1, "sort");
    /* In the library's own table: for string, the one strings index. */
    sb_wrap_charged(L, -1, lib->name);
    if (lib->open == luaopen_string) {
        sb->orig_rep = sb_cfield(L, -1, "rep");
        sb->orig_format = sb_cfield(L, -1, "format");
        /* The string metatable's __index is this very table, reachable
         * from every string (("").dump, ("x"):gsub(...)): trim it and put
         * the overrides in, not only in our copy. */
        sb_trim_table(L, -1, lib->keep);
        luaL_setfuncs(L, lib->override, 0);
    }
    sb_push_filtered(L, -1, lib->keep, lib->override);
    sb_push_readonly(L, -1);
    lua_setfield(L, safe, lib->name);
    lua_pop(L, 2);
}

/* getmetatable("") must not hand out the table shared by all strings. */
static void sb_lock_string_metatable(lua_State *L)
{
    lua_pushliteral(L, "");
    int has = lua_getmetatable(L, -1);
    assert(has);                    /* luaopen_string installed it */
    (void)has;
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

static void sb_new_registry_table(lua_State *L, const void *key,
                                  const char *mode)
{
    lua_newtable(L);
    if (mode) {
        lua_createtable(L, 0, 1);
        lua_pushstring(L, mode);
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

/* What pairs and next charge their work to (nx_sbiter.h). */
static const nx_sbiter_budget sb_iter_budget = { nx_sandbox_charge };

static int sb_setup(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    nx_sbiter_bind(L, &sb_iter_budget);
    sb_new_registry_table(L, &sb_key_frozen, NULL);
    lua_newtable(L);                /* 1: master safe globals */
    luaL_requiref(L, LUA_GNAME, luaopen_base, 0);
    sb_wrap_charged(L, -1, NULL);
    sb->orig_setmetatable = sb_cfield(L, -1, "setmetatable");
    sb->orig_rawset = sb_cfield(L, -1, "rawset");
    sb_push_filtered(L, -1, sb_base_keep, sb_base_override);
    /* Copy the filtered base functions into the master table. */
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 1);
    }
    lua_pop(L, 2);
    for (size_t i = 0; i < SB_NLIBS; i++) sb_setup_lib(L, sb, &sb_libs[i], 1);
    sb_lock_string_metatable(L);
    /* A call's globals layer reads through to the master, which no script
     * can reach (every metatable on the way is hidden). */
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &sb_key_globals_mt);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &sb_key_safe);
    sb_new_registry_table(L, &sb_key_panels, NULL);
    sb_new_registry_table(L, &sb_key_chunks, NULL);
    sb_new_registry_table(L, &sb_key_files, NULL);
    sb_new_registry_table(L, &sb_key_libs, NULL);
    /* Defence in depth: chunks get their own _ENV before they run, but if
     * one ever saw the real globals it would find nothing there. */
    lua_pushglobaltable(L);
    sb_clear_table(L, -1);
    lua_pop(L, 1);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Panel environments                                                   */
/* ------------------------------------------------------------------ */

/*
 * Push a fresh environment for one run of a panel's chunk: an empty table
 * whose (shared, hidden) metatable reads through to the read-only safe
 * globals; _G names the environment itself.  The globals a run assigns
 * live in its own environment and die with it: no call sees another's.
 */
static void sb_push_panel_env(lua_State *L)
{
    lua_createtable(L, 0, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &sb_key_globals_mt);
    lua_setmetatable(L, -2);
    lua_pushliteral(L, "_G");
    lua_pushvalue(L, -2);
    lua_rawset(L, -3);
}

/* registry[key][id] = value at `idx`. */
static void sb_registry_set(lua_State *L, const void *key, const char *id,
                            int idx)
{
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, id);        /* plain table: no metamethods */
    lua_pop(L, 1);
}

/* Push registry[key][id] and return its type. */
static int sb_registry_get(lua_State *L, const void *key, const char *id)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    lua_pushstring(L, id);
    int t = lua_rawget(L, -2);
    lua_remove(L, -2);
    return t;
}

/* ------------------------------------------------------------------ */
/* Error reports                                                        */
/* ------------------------------------------------------------------ */

static void sb_err_reset(nx_script_error *err, const char *panel,
                         const char *file)
{
    memset(err, 0, sizeof *err);
    err->status = NX_SCRIPT_OK;
    sb_copy_str(err->panel, sizeof err->panel, panel ? panel : "");
    sb_copy_str(err->file, sizeof err->file, file ? file : "");
}

/*
 * Split a Lua message "where:line: rest".  Returns rest, or NULL when the
 * message does not start with a location; `where` receives the text before
 * the line number (a chunk's short_src, at most LUA_IDSIZE characters).
 */
static const char *sb_split_location(const char *msg, char *where,
                                     size_t wsize, int *line)
{
    for (const char *p = msg; *p && *p != '\n'; p++) {
        if (p[0] != ':' || !isdigit((unsigned char)p[1])) continue;
        const char *q = p + 1;
        long n = 0;
        while (isdigit((unsigned char)*q) && n < 100000000) n = n * 10 + (*q++ - '0');
        if (*q != ':' || p == msg || (size_t)(p - msg) >= wsize) continue;
        memcpy(where, msg, (size_t)(p - msg));
        where[p - msg] = '\0';
        *line = (int)n;
        q++;
        return *q == ' ' ? q + 1 : q;
    }
    return NULL;
}

/* Does a short_src ("path" or "...tail") name `path`? */
static int sb_where_is(const char *where, const char *path)
{
    if (strcmp(where, path) == 0) return 1;
    if (strncmp(where, "...", 3) != 0) return 0;
    size_t wl = strlen(where + 3), pl = strlen(path);
    return wl > 0 && wl <= pl && strcmp(path + pl - wl, where + 3) == 0;
}

/* Map a message's `where` to a file: the panel's own, or a frame's. */
static int sb_resolve_where(lua_State *L, int use_stack, const char *where,
                            nx_script_error *err)
{
    if (err->file[0] && sb_where_is(where, err->file)) return 1;
    if (!use_stack) return 0;
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "S", &ar) && strcmp(ar.short_src, where) == 0) {
            const char *src = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
            sb_copy_str(err->file, sizeof err->file, src);
            return 1;
        }
    }
    return 0;
}

/* The file and line of the innermost Lua function on the stack. */
static void sb_locate_from_stack(lua_State *L, nx_script_error *err)
{
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            const char *src = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
            sb_copy_str(err->file, sizeof err->file, src);
            err->line = ar.currentline;
            return;
        }
    }
}

/* Fill err->file/line/message from `msg` (and the stack, if still there). */
static void sb_report(lua_State *L, nx_script_error *err, const char *msg,
                      int use_stack)
{
    char where[LUA_IDSIZE + 8];
    int line = 0;
    const char *rest = sb_split_location(msg, where, sizeof where, &line);
    if (rest && sb_resolve_where(L, use_stack, where, err)) {
        err->line = line;
        msg = rest;
    } else if (use_stack) {
        sb_locate_from_stack(L, err);
    }
    sb_copy_str(err->message, sizeof err->message, msg);
    /* Script text reaches players' replies, which are JSON. */
    nx_luaval_sanitize(err->message);
}

/*
 * The text of the error object at `idx`.  Non-string objects are described,
 * never converted: __tostring would run script code outside the budget.
 */
static const char *sb_error_text(lua_State *L, int idx, char *buf, size_t size)
{
    nx_sandbox *sb = sb_of(L);
    if (sb->poison != NX_SCRIPT_OK) return sb->poison_msg;
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING) return lua_tostring(L, idx);
    if (t == LUA_TNUMBER && lua_isinteger(L, idx))
        nx_fmt(buf, size, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, idx));
    else if (t == LUA_TNUMBER)
        nx_fmt(buf, size, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, idx));
    else
        nx_fmt(buf, size, "(error object is a %s value)", lua_typename(L, t));
    return buf;
}

/* Message handler of every protected run: report while the stack lives. */
static int sb_msgh(lua_State *L)
{
    nx_sandbox *sb = sb_of(L);
    sb_run *run = sb->run;
    assert(run != NULL);            /* only installed by sb_protected */
    /* The report is bounded host work; the run's cap must not break it.
     * It is restored before any script code (a __close) can run again. */
    size_t cap = sb->cap;
    sb->cap = SIZE_MAX;
    char buf[64];
    sb_report(L, run->err, sb_error_text(L, 1, buf, sizeof buf), 1);
    luaL_traceback(L, L, NULL, 1);
    sb_copy_str(run->err->traceback, sizeof run->err->traceback,
                lua_tostring(L, -1));
    nx_luaval_sanitize(run->err->traceback);
    run->handled = 1;
    run->handled_poison = sb->poison;
    sb->cap = cap;
    return 1;
}

static nx_script_status sb_status_of(const nx_sandbox *sb, int lua_status)
{
    if (sb->poison != NX_SCRIPT_OK) return sb->poison;
    switch (lua_status) {
    case LUA_ERRMEM: return NX_SCRIPT_MEMORY;
    case LUA_ERRSYNTAX: return NX_SCRIPT_SYNTAX;
    default: return NX_SCRIPT_ERROR;
    }
}

/* ------------------------------------------------------------------ */
/* Metered, protected runs                                              */
/* ------------------------------------------------------------------ */

static void sb_meter_begin(nx_sandbox *sb, sb_run *run)
{
    /* Runs never nest: bindings must not call back into the sandbox. */
    assert(!sb->metering && sb->run == NULL);
    sb->metering = 1;
    sb->run = run;
    sb->used = 0;
    sb->poison = NX_SCRIPT_OK;
    sb->poison_msg[0] = '\0';
    sb->refused.valid = 0;
    sb->clock_started = 0;
    sb->require_depth = 0;
    sb->cap = sb_add_sat(sb->heap, sb->limits.memory_bytes);
    /* Restart the main thread's count so each run gets a whole budget. */
    lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, SB_HOOK_PERIOD);
}

static void sb_meter_end(nx_sandbox *sb)
{
    sb->metering = 0;
    sb->run = NULL;
    sb->cap = SIZE_MAX;
}

/*
 * Call body(run, extra...) in protected mode with sb_msgh; the `nextra`
 * values on top of the stack become its extra arguments.  Leaves the
 * message handler (and, on error, the error object) on the stack.
 */
static int sb_protected(nx_sandbox *sb, sb_run *run, lua_CFunction body,
                        int nextra)
{
    lua_State *L = sb->L;
    int base = lua_gettop(L) - nextra;
    lua_pushcfunction(L, sb_msgh);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, run);
    lua_rotate(L, base + 1, 3);
    return lua_pcall(L, 1 + nextra, 0, base + 1);
}

/* Turn the outcome of a run into err and a return code. */
static int sb_conclude(nx_sandbox *sb, sb_run *run, int st)
{
    lua_State *L = sb->L;
    nx_script_error *err = run->err;
    if (st == LUA_OK && sb->poison == NX_SCRIPT_OK) {
        if (run->missing) err->status = NX_SCRIPT_MISSING;
        else if (run->take_failed) err->status = NX_SCRIPT_ERROR;
        return err->status == NX_SCRIPT_OK ? 0 : -1;
    }
    /* A poisoned run never reports success, even if C code swallowed the
     * last error. */
    err->status = sb_status_of(sb, st);
    if (run->handled && run->handled_poison != sb->poison) {
        /* Poisoned after the report, while unwinding (a __close): the
         * limit is what stopped the run; keep the first traceback. */
        err->line = 0;
        sb_report(L, err, sb->poison_msg, 0);
    } else if (!run->handled) {
        char buf[64];
        const char *msg = st == LUA_OK ? sb->poison_msg
                                       : sb_error_text(L, -1, buf, sizeof buf);
        sb_report(L, err, msg, 0);
    }
    return -1;
}

/* After a failed run: drop everything it left and collect, uncapped. */
static void sb_recover(nx_sandbox *sb)
{
    assert(!sb->metering);
    lua_gc(sb->L, LUA_GCCOLLECT);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

nx_sandbox *nx_sandbox_new(const nx_sandbox_limits *limits)
{
    nx_sandbox *sb = nx_xcalloc(1, sizeof *sb);
    if (limits) sb->limits = *limits;
    if (!sb->limits.instructions)
        sb->limits.instructions = NX_SANDBOX_DEFAULT_INSTRUCTIONS;
    if (!sb->limits.memory_bytes)
        sb->limits.memory_bytes = NX_SANDBOX_DEFAULT_MEMORY;
    if (!sb->limits.cpu_ms)
        sb->limits.cpu_ms = NX_SANDBOX_DEFAULT_CPU_MS;
    sb->cap = SIZE_MAX;
    sb->L = lua_newstate(sb_alloc, sb);
    if (!sb->L) {
        fputs("nexus: out of memory creating the Lua sandbox\n", stderr);
        abort();
    }
    lua_State *L = sb->L;
    lua_atpanic(L, sb_panic);
    /* Installed once on the main thread: every coroutine created later
     * inherits it, whether during a load or a call. */
    lua_sethook(L, sb_hook, LUA_MASKCOUNT, SB_HOOK_PERIOD);
    lua_pushcfunction(L, sb_setup);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        fprintf(stderr, "nexus: cannot set up the Lua sandbox: %s\n",
                lua_tostring(L, -1));
        abort();
    }
    assert(lua_gettop(L) == 0);
    return sb;
}

void nx_sandbox_free(nx_sandbox *sb)
{
    if (!sb) return;
    assert(!sb->metering);
    lua_close(sb->L);
    assert(sb->heap == 0);          /* the allocator saw every block freed */
    free(sb);
}

lua_State *nx_sandbox_lua(nx_sandbox *sb) { return sb->L; }

size_t nx_sandbox_heap_bytes(const nx_sandbox *sb) { return sb->heap; }

void nx_sandbox_set_rng(nx_sandbox *sb, nx_sandbox_rng_fn fn, void *ud)
{
    sb->rng = fn;
    sb->rng_ud = ud;
}

static int sb_is_binary(const char *s, size_t len)
{
    return len > 0 && s[0] == LUA_SIGNATURE[0];
}

static const char *sb_skip_bom(const char *s, size_t *len)
{
    if (*len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
        *len -= 3;
        return s + 3;
    }
    return s;
}

int nx_sandbox_check_file(const char *path, nx_diags *d)
{
    size_t len = 0;
    const char *why = NULL;
    char *src = nx_read_file(path, &len, &why);
    if (!src) {
        nx_diags_add(d, path, 0, 0, "cannot read: %s", why);
        return -1;
    }
    const char *text = sb_skip_bom(src, &len);
    if (sb_is_binary(text, len)) {
        nx_diags_add(d, path, 0, 0, "binary chunks are not allowed "
                                    "(scripts are loaded as text)");
        free(src);
        return -1;
    }
    lua_State *L = luaL_newstate();
    if (!L) {
        fputs("nexus: out of memory checking a script\n", stderr);
        abort();
    }
    lua_atpanic(L, sb_panic);
    char *chunkname = nx_asprintf("@%s", path);
    int st = luaL_loadbufferx(L, text, len, chunkname, "t");
    if (st != LUA_OK) {
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                         : "cannot compile";
        char where[LUA_IDSIZE + 8];
        int line = 0;
        const char *rest = sb_split_location(msg, where, sizeof where, &line);
        if (rest && sb_where_is(where, path)) msg = rest;
        else line = 0;
        nx_diags_add(d, path, line, 0, "%s", msg);
    }
    lua_close(L);
    free(chunkname);
    free(src);
    return st == LUA_OK ? 0 : -1;
}

/* Run a compiled chunk (at 2) in a fresh environment and keep its table. */
/* Run a compiled library chunk (at 2) once, to check it returns a table,
 * and keep the chunk for require. */
static int sb_lib_body(lua_State *L)
{
    sb_run *run = lua_touserdata(L, 1);
    /* Kept first, so that a library requiring itself meets the cycle check
     * (nx_sandbox_load_lib removes it again when the run fails). */
    sb_registry_set(L, &sb_key_libs, run->panel_id, 2);
    lua_pushcfunction(L, sb_require);
    lua_pushstring(L, run->panel_id);
    lua_call(L, 1, 1);                                      /* 3 */
    return 0;
}

static int sb_load_body(lua_State *L)
{
    sb_run *run = lua_touserdata(L, 1);
    sb_push_panel_env(L);                                   /* 3 */
    lua_pushvalue(L, 3);
    const char *up = lua_setupvalue(L, 2, 1);
    /* A main chunk's only upvalue is _ENV; if it were not, the chunk
     * must not run with whatever it would otherwise see. */
    if (!up || strcmp(up, "_ENV") != 0) {
        if (!up) lua_pop(L, 1);
        return luaL_error(L, "the chunk has no _ENV to sandbox");
    }
    lua_pushvalue(L, 2);
    lua_call(L, 0, 1);                                      /* 4 */
    if (!lua_istable(L, 4))
        return luaL_error(L, "panel script must return a table (it returned "
                             "a %s value)", luaL_typename(L, 4));
    sb_registry_set(L, &sb_key_panels, run->panel_id, 4);
    sb_registry_set(L, &sb_key_chunks, run->panel_id, 2);
    lua_pushstring(L, run->path);
    sb_registry_set(L, &sb_key_files, run->panel_id, -1);
    return 0;
}

static int sb_load_source(nx_sandbox *sb, const char *panel_id,
                          const char *path, const char *src, size_t len,
                          nx_script_error *err, int lib)
{
    lua_State *L = sb->L;
    const char *text = sb_skip_bom(src, &len);
    if (sb_is_binary(text, len)) {
        err->status = NX_SCRIPT_FORBIDDEN;
        sb_copy_str(err->message, sizeof err->message,
                    "binary chunks are not allowed (panels are loaded as text)");
        return -1;
    }
    char *chunkname = nx_asprintf("@%s", path);
    sb_run run = {.err = err, .panel_id = panel_id, .path = path, .lib = lib};
    sb_meter_begin(sb, &run);
    int st = luaL_loadbufferx(L, text, len, chunkname, "t");
    free(chunkname);
    int rc;
    if (st != LUA_OK) {
        rc = sb_conclude(sb, &run, st);         /* no stack: a syntax error */
    } else {
        st = sb_protected(sb, &run, lib ? sb_lib_body : sb_load_body, 1);
        rc = sb_conclude(sb, &run, st);
    }
    sb_meter_end(sb);
    return rc;
}

int nx_sandbox_load_panel(nx_sandbox *sb, const char *panel_id,
                          const char *path, nx_script_error *err)
{
    return nx_sandbox_load_panel_as(sb, panel_id, path, path, err);
}

/* A script's source, or NULL with err saying why it cannot be read. */
static char *sb_read_script(const char *path, size_t *len, nx_script_error *err)
{
    const char *why = NULL;
    char *src = nx_read_file(path, len, &why);
    if (!src) {
        err->status = NX_SCRIPT_MISSING;
        nx_clip(err->message, sizeof err->message, "cannot read: %s", why);
    }
    return src;
}

int nx_sandbox_load_panel_as(nx_sandbox *sb, const char *panel_id,
                             const char *path, const char *shown,
                             nx_script_error *err)
{
    nx_script_error scratch;
    if (!err) err = &scratch;
    lua_State *L = sb->L;
    int top = lua_gettop(L);
    sb_err_reset(err, panel_id, shown);
    size_t len = 0;
    char *src = sb_read_script(path, &len, err);
    if (!src) return -1;
    /* On failure a panel already loaded under this id stays as it was. */
    int rc = sb_load_source(sb, panel_id, shown, src, len, err, 0);
    free(src);
    lua_settop(L, top);
    if (rc != 0) sb_recover(sb);
    assert(lua_gettop(L) == top);   /* stack discipline of every entry point */
    return rc;
}

int nx_sandbox_load_lib(nx_sandbox *sb, const char *name, const char *path, const char *shown,
                        nx_script_error *err)
{
    nx_script_error scratch;
    if (!err) err = &scratch;
    lua_State *L = sb->L;
    int top = lua_gettop(L);
    sb_err_reset(err, name, shown);
    if (!nx_sandbox_lib_name_ok(name)) {
        err->status = NX_SCRIPT_FORBIDDEN;
        nx_clip(err->message, sizeof err->message, "'%s' is not a library name (a-z, 0-9, _)", name);
        return -1;
    }
    size_t len = 0;
    char *src = sb_read_script(path, &len, err);
    if (!src) return -1;
    int rc = sb_load_source(sb, name, shown, src, len, err, 1);
    free(src);
    lua_settop(L, top);
    if (rc != 0) {
        sb_recover(sb);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &sb_key_libs);
        lua_pushnil(L);
        lua_setfield(L, -2, name);
        lua_pop(L, 1);
    }
    assert(lua_gettop(L) == top);
    return rc;
}

int nx_sandbox_has_function(nx_sandbox *sb, const char *panel_id,
                            const char *fn)
{
    lua_State *L = sb->L;
    int top = lua_gettop(L);
    int found = 0;
    /* Bindings may ask during a call, from inside a coroutine, when the
     * main thread's frame has no free slots of its own. */
    if (!lua_checkstack(L, 4)) return 0;
    if (sb_registry_get(L, &sb_key_panels, panel_id) == LUA_TTABLE) {
        lua_pushstring(L, fn);
        found = lua_rawget(L, -2) == LUA_TFUNCTION;  /* raw: no script code */
    }
    lua_settop(L, top);
    return found;
}

/* Is fn a function of the table the panel's load returned?  Otherwise set
 * run->missing and return 0. */
static int sb_check_panel_function(lua_State *L, sb_run *run)
{
    nx_script_error *err = run->err;
    if (sb_registry_get(L, &sb_key_files, run->panel_id) == LUA_TSTRING)
        sb_copy_str(err->file, sizeof err->file, lua_tostring(L, -1));
    lua_pop(L, 1);
    int t = sb_registry_get(L, &sb_key_panels, run->panel_id);
    int found = t == LUA_TTABLE;
    if (!found) {
        snprintf(err->message, sizeof err->message,
                 "no panel '%s' is loaded", run->panel_id);
    } else {
        lua_pushstring(L, run->fn);
        int ft = lua_rawget(L, -2);                      /* raw: no script code */
        found = ft == LUA_TFUNCTION || (run->value && ft != LUA_TNIL);
        lua_pop(L, 1);
        if (!found)
            snprintf(err->message, sizeof err->message,
                     "panel '%s' has no function '%s'", run->panel_id, run->fn);
    }
    lua_pop(L, 1);
    run->missing = !found;
    return found;
}

/*
 * Push panel[fn] of a fresh instance of the panel: its main chunk runs
 * again, in a new environment, so that the call starts from the panel's
 * clean state whatever earlier calls did (upvalues, the returned table and
 * the globals are all new; the libraries are read-only).  Lua 5.4 creates
 * new closures and upvalues at each run of a chunk, so re-running the
 * compiled closure is as fresh as loading the text again, at the cost of
 * one small chunk run per call.
 */
static void sb_push_fresh_function(lua_State *L, sb_run *run)
{
    int top = lua_gettop(L);
    sb_registry_get(L, &sb_key_chunks, run->panel_id);     /* top + 1 */
    assert(lua_isfunction(L, top + 1));     /* stored with the panel table */
    sb_push_panel_env(L);                                   /* top + 2 */
    lua_pushvalue(L, top + 2);
    const char *up = lua_setupvalue(L, top + 1, 1);
    assert(up && strcmp(up, "_ENV") == 0);  /* checked at load */
    (void)up;
    lua_pushvalue(L, top + 1);
    lua_call(L, 0, 1);                                      /* top + 3 */
    if (!lua_istable(L, top + 3))
        luaL_error(L, "panel script must return a table (it returned a %s value)",
                   luaL_typename(L, top + 3));
    lua_pushstring(L, run->fn);
    int t = lua_rawget(L, top + 3);
    if (t != LUA_TFUNCTION && !(run->value && t != LUA_TNIL))
        luaL_error(L, "panel '%s' has no function '%s' in this call", run->panel_id, run->fn);
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
}

static int sb_call_body(lua_State *L)
{
    sb_run *run = lua_touserdata(L, 1);
    int base = lua_gettop(L);
    if (!sb_check_panel_function(L, run)) return 0;
    sb_push_fresh_function(L, run);
    if (!lua_isfunction(L, base + 1)) {     /* a plain value (run->value): no call */
        if (run->take && run->take(L, 1, run->ud, run->err) != 0) run->take_failed = 1;
        return 0;
    }
    int nargs = run->push ? run->push(L, run->ud) : 0;
    /* push must report exactly what it pushed, or the call is skewed. */
    assert(nargs >= 0 && lua_gettop(L) == base + 1 + nargs);
    lua_call(L, nargs, LUA_MULTRET);
    int nresults = lua_gettop(L) - base;
    if (run->take && run->take(L, nresults, run->ud, run->err) != 0)
        run->take_failed = 1;
    return 0;
}

static int sb_call(nx_sandbox *sb, const char *panel_id, const char *fn,
                   nx_sandbox_push_fn push, nx_sandbox_take_fn take,
                   void *ud, nx_script_error *err, int value)
{
    nx_script_error scratch;
    if (!err) err = &scratch;
    lua_State *L = sb->L;
    int top = lua_gettop(L);
    sb_err_reset(err, panel_id, NULL);
    sb_run run = {.err = err, .panel_id = panel_id, .fn = fn,
                  .push = push, .take = take, .ud = ud, .value = value};
    sb_meter_begin(sb, &run);
    int st = sb_protected(sb, &run, sb_call_body, 0);
    int rc = sb_conclude(sb, &run, st);
    sb_meter_end(sb);
    lua_settop(L, top);
    if (rc != 0 && err->status != NX_SCRIPT_MISSING) sb_recover(sb);
    assert(lua_gettop(L) == top);   /* stack discipline of every entry point */
    return rc;
}

int nx_sandbox_call(nx_sandbox *sb, const char *panel_id, const char *fn,
                    nx_sandbox_push_fn push, nx_sandbox_take_fn take,
                    void *ud, nx_script_error *err)
{
    return sb_call(sb, panel_id, fn, push, take, ud, err, 0);
}

int nx_sandbox_call_value(nx_sandbox *sb, const char *panel_id, const char *field,
                          nx_sandbox_push_fn push, nx_sandbox_take_fn take,
                          void *ud, nx_script_error *err)
{
    return sb_call(sb, panel_id, field, push, take, ud, err, 1);
}

int nx_sandbox_has_field(nx_sandbox *sb, const char *panel_id, const char *field)
{
    lua_State *L = sb->L;
    int top = lua_gettop(L);
    int found = 0;
    if (!lua_checkstack(L, 4)) return 0;
    if (sb_registry_get(L, &sb_key_panels, panel_id) == LUA_TTABLE) {
        lua_pushstring(L, field);
        found = lua_rawget(L, -2) != LUA_TNIL;  /* raw: no script code */
    }
    lua_settop(L, top);
    return found;
}

static const char *sb_status_name(nx_script_status s)
{
    switch (s) {
    case NX_SCRIPT_OK: return "ok";
    case NX_SCRIPT_ERROR: return "error";
    case NX_SCRIPT_BUDGET: return "budget";
    case NX_SCRIPT_MEMORY: return "memory";
    case NX_SCRIPT_FORBIDDEN: return "forbidden";
    case NX_SCRIPT_SYNTAX: return "syntax";
    case NX_SCRIPT_MISSING: return "missing";
    }
    return "?";
}

void nx_script_error_format(const nx_script_error *e, char *buf, size_t len)
{
    if (!buf || len == 0) return;
    size_t n = 0;
    buf[0] = '\0';
    /* Script text of any length: clipped visibly, never cut silently. */
#define SB_APPEND(...) nx_clip_append(buf, len, &n, __VA_ARGS__)
    if (e->file[0] && e->line > 0) SB_APPEND("%s:%d: ", e->file, e->line);
    else if (e->file[0]) SB_APPEND("%s: ", e->file);
    if (e->panel[0]) SB_APPEND("%s: ", e->panel);
    SB_APPEND("%s", e->message[0] ? e->message : sb_status_name(e->status));
    if (e->traceback[0]) SB_APPEND("\n%s", e->traceback);
#undef SB_APPEND
    /* nx_clip_append ends a cut on a character boundary with "..."; an
     * uncut text is checked here too (n may exceed strlen after a cut). */
    buf[nx_luaval_utf8_cut(buf, strlen(buf))] = '\0';
}
