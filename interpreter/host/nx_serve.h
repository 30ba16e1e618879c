/*
 * nx_serve: the host's line protocol (`nexus serve`), one request at a
 * time.  See docs/protocol.md, "The line protocol".
 *
 * A server holds open rooms (games) in memory, each also kept in the
 * store: an action is answered ok only once the store committed it.
 * Every request line gets exactly one reply, a single line of valid JSON
 * (no newline inside), whatever bytes the line holds.
 */
#ifndef NX_SERVE_H
#define NX_SERVE_H

#include <stddef.h>

#include "nx_runtime.h"
#include "nx_store.h"

/* The longest request line, not counting its newline. */
#define NX_SERVE_MAX_LINE 65536

typedef struct nx_server nx_server;

/* A server over a loaded runtime and an open store (both stay the
 * caller's and must outlive the server). */
nx_server *nx_server_new(const nx_runtime *rt, nx_store *st);
/* How long a room's lease lasts in a PostgreSQL store (renewed a third of
 * that while the server runs; default 15000 ms). */
void nx_server_set_lease_ms(nx_server *sv, int ms);
/* Drops the open rooms from memory (they stay in the store). */
void nx_server_free(nx_server *sv);

/*
 * One input line of `len` bytes, without its newline (it may hold any
 * byte; a reader that met a longer line passes len > NX_SERVE_MAX_LINE).
 * Returns the reply text (caller frees), or NULL for a blank line, which
 * is counted but not answered.
 */
char *nx_server_handle(nx_server *sv, const char *line, size_t len);

/*
 * Group commit: the requests of one poll round (many rooms) committed
 * with one flush of the store, none answered before that flush.  Between
 * begin and end, nx_server_handle_held handles a line as
 * nx_server_handle does but keeps its reply (a blank line has none);
 * end commits the store's group (nx_store_group_begin), then hands every
 * held reply to deliver, in the order handled, with the tag given.
 * Should the commit fail, nothing of the group was kept: every reply of a
 * request that named a room becomes a "store" error, and those rooms are
 * put back in memory as the store holds them (one created in the group
 * leaves memory); end returns -1.  Replies of a group never ended (the
 * process dies, or the server is freed) are never handed over.
 */
typedef void (*nx_server_deliver_fn)(void *ctx, void *tag, const char *reply);
void nx_server_group_begin(nx_server *sv);
void nx_server_handle_held(nx_server *sv, const char *line, size_t len, void *tag);
int nx_server_group_end(nx_server *sv, nx_server_deliver_fn deliver, void *ctx);

/* One move of one engine bot a host seated, in some room where a bot is to
 * act (round robin over the rooms): the listening loop calls it while no
 * request is waiting, so bots move between requests, one action at a
 * time.  Returns 1 when a bot moved, 0 when none had anything to do. */
int nx_server_idle(nx_server *sv);

#endif
