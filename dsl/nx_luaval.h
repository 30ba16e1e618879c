/*
 * nx_luaval: the one gate for values that cross from a panel script into
 * the engine.
 *
 * Every C function bound into the sandbox (the panel ctx methods, the
 * results a panel function returns) reads its Lua arguments through these
 * checks and nothing else.  A value that fails a check raises a Lua error
 * "<what>: <why>" from inside the call; the sandbox turns it into a script
 * error that names the panel, the file and the line, and the action that
 * ran the panel fails with the game unchanged.  The rules:
 *
 *   text     a Lua string (numbers are not converted), valid UTF-8 (no
 *            overlong forms, no surrogates, at most U+10FFFF), no control
 *            character (C0 or DEL: no NUL, no newline, no terminal escape),
 *            at most `max` bytes.  Text ends up in views, logs, replies and
 *            saved games, which are JSON: invalid UTF-8 there is refused by
 *            the encoder, so it is refused here, where the panel and line
 *            are known.
 *   name     text of at most NX_LUAVAL_NAME_MAX bytes of [A-Za-z0-9_.:#-]:
 *            zone names, card ids, handler names, ruling ids.  Names are echoed in
 *            error messages, so they are checked before any lookup.
 *   integer  a Lua number with an exact integer value (2.0 is 2; 2.5, NaN
 *            and infinities are refused; strings are not converted),
 *            within [lo, hi].
 *   number   a Lua number that is finite.
 *   data     what a panel may save across a decision: nil, booleans,
 *            integers (all 64 bits), finite floats, text (as above, any
 *            length up to the save's size cap), and tables without a
 *            metatable that are either lists (keys exactly 1..n, n >= 1) or
 *            maps (every key a text); at most NX_LUAVAL_DATA_DEPTH levels
 *            and NX_LUAVAL_DATA_ITEMS values.  Data comes back exactly as
 *            saved: an integer stays an integer, a float stays a float with
 *            the same bits (-0.0 and 2.0 included), an empty table comes
 *            back as an empty table.  Checking reads raw (no metamethod,
 *            no script code) and is bounded by the item cap.
 *
 * nx_luaval_data_json converts checked data to JSON and never raises, so
 * that no host allocation can be stranded by a Lua error (a raise while a
 * JSON tree is half built leaked it).
 */
#ifndef NX_LUAVAL_H
#define NX_LUAVAL_H

#include <stddef.h>

#include <jansson.h>
#include <lua.h>

#define NX_LUAVAL_NAME_MAX 63
#define NX_LUAVAL_DATA_DEPTH 6
#define NX_LUAVAL_DATA_ITEMS 256

/* The text at stack index `arg`, checked as above; raises otherwise. */
const char *nx_luaval_text(lua_State *L, int arg, const char *what, size_t max);
/* Same, but nil or none gives NULL. */
const char *nx_luaval_opt_text(lua_State *L, int arg, const char *what, size_t max);
const char *nx_luaval_name(lua_State *L, int arg, const char *what);
lua_Integer nx_luaval_integer(lua_State *L, int arg, const char *what, lua_Integer lo,
                              lua_Integer hi);
lua_Number nx_luaval_number(lua_State *L, int arg, const char *what);

/* Check the value at `idx` as data; raises "<what>: ..." otherwise. */
void nx_luaval_check_data(lua_State *L, int idx, const char *what);
/* JSON of data already checked; NULL only when the host is out of memory. */
json_t *nx_luaval_data_json(lua_State *L, int idx);
/* Push the Lua value of JSON written by nx_luaval_data_json. */
void nx_luaval_push_json(lua_State *L, const json_t *j);

/* Is s[0..n) valid UTF-8 (the rules above, controls allowed)? */
int nx_luaval_utf8_ok(const char *s, size_t n);
/* Host side: make a NUL-terminated message fit for a JSON reply in place:
 * invalid UTF-8 bytes and control characters other than newline and tab
 * become '?'. */
void nx_luaval_sanitize(char *s);
/* The largest length <= n that does not cut a UTF-8 sequence of s. */
size_t nx_luaval_utf8_cut(const char *s, size_t n);

#endif
