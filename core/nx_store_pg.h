/*
 * nx_store_pg: the PostgreSQL backend of nx_store (core/nx_store.h), for
 * hosts that share one database among several `nexus serve` processes.
 *
 * Same rooms, actions, snapshots and checksums as the SQLite store, plus
 * a lease per room: a row (room, owner, fence, expires).  A handle owns a
 * room once it claimed it (creating a room claims it); claiming a room
 * whose lease another live owner holds is refused; claiming one whose
 * lease expired takes it over and raises its fence.  Every write runs in
 * one transaction that first renews the lease row *with this handle's
 * owner and fence* (the row stays locked to the commit): a handle that
 * lost its lease - another took the room over - writes nothing.  Expiry
 * is the database's clock (now()), so the hosts' clocks need not agree.
 *
 * Built only when libpq was found (NX_HAVE_LIBPQ); otherwise opening says
 * so.  Called only through nx_store.c.
 */
#ifndef NX_STORE_PG_H
#define NX_STORE_PG_H

#include "nx_store.h"

typedef struct nx_store_pg nx_store_pg;

/* "postgresql://...", "postgres://..." or "pg:CONNINFO". */
int nx_store_pg_is_url(const char *path);

nx_store_pg *nx_store_pg_open(const char *url, char *err, size_t errlen);
void nx_store_pg_close(nx_store_pg *pg);
void nx_store_pg_set_busy_timeout(nx_store_pg *pg, int ms);
void nx_store_pg_set_lease_ms(nx_store_pg *pg, int ms);
const char *nx_store_pg_owner(const nx_store_pg *pg);

int nx_store_pg_create_room(nx_store_pg *pg, const char *room, const char *meta_json, const char *snapshot_json,
                            char *err, size_t errlen);
int nx_store_pg_append(nx_store_pg *pg, const char *room, uint32_t seq, const char *action_json,
                       const char *result_json, const char *snapshot_json, char *err, size_t errlen);
int nx_store_pg_load(nx_store_pg *pg, const char *room, nx_store_room *out, char *err, size_t errlen);
int nx_store_pg_list_rooms(nx_store_pg *pg, char ***rooms, size_t *n, char *err, size_t errlen);
int nx_store_pg_delete_room(nx_store_pg *pg, const char *room, char *err, size_t errlen);
int nx_store_pg_claim(nx_store_pg *pg, const char *room, char *err, size_t errlen);
int nx_store_pg_owns(const nx_store_pg *pg, const char *room);
int nx_store_pg_renew(nx_store_pg *pg, char *err, size_t errlen);
int nx_store_pg_release(nx_store_pg *pg, const char *room, char *err, size_t errlen);

#endif
