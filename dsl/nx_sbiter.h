/*
 * nx_sbiter: deterministic `pairs` and `next` for the sandbox.
 *
 * Lua's own traversal order follows the hash of each key, and Lua seeds
 * string hashes per state from addresses and the clock (luai_makeseed), so
 * the same script iterating the same string-keyed table visits the keys in
 * a different order in every process, and a game that depends on it does
 * not replay.  These replacements visit keys in one fixed order, the same
 * everywhere:
 *
 *     false < true < numbers (by value; integers and floats mixed) <
 *     strings (bytewise, a prefix first)
 *
 * A table with a key of any other type (a table, a function...) has no
 * order that does not depend on addresses: pairs and next refuse it with
 * an error.  pairs takes a snapshot of the keys when it starts: keys
 * assigned nil during the loop are skipped, keys added during the loop
 * are not visited (Lua leaves that case undefined anyway).  A __pairs
 * metamethod is honoured as in Lua 5.4.  next(t, k) returns the key after
 * k in the same order (a linear scan: pairs is the efficient loop).
 *
 * The work is charged to the running call through the budget the sandbox
 * binds (nx_sbiter_bind with nx_sandbox_charge): four units per key
 * collected, sorted (n log n) or scanned.  The sandbox uses these
 * functions and binds its budget into them, so they need nothing of it.
 */
#ifndef NX_SBITER_H
#define NX_SBITER_H

#include <stdint.h>

#include <lua.h>

/* Charge `units` of work to the running call (the sandbox's
 * nx_sandbox_charge: it raises the budget error once spent). */
typedef struct nx_sbiter_budget {
    void (*charge)(lua_State *L, uint64_t units);
} nx_sbiter_budget;

/* Bind the budget pairs and next charge, once per Lua state before any
 * call (the registry keeps the pointer; the budget must outlive the
 * state).  Unbound, the work is not charged. */
void nx_sbiter_bind(lua_State *L, const nx_sbiter_budget *budget);

int nx_sbiter_pairs(lua_State *L);
int nx_sbiter_next(lua_State *L);

/* Push the sorted iterator triple (f, t, nil) for the raw table at `t`. */
int nx_sbiter_push_sorted(lua_State *L, int t);

#endif
