/*
 * nx_store: the embedded SQLite store a host keeps its rooms in.
 *
 * The store knows nothing of the game: a room is a name, a meta text, an
 * append-only list of actions (each with its result text) numbered 1, 2,
 * 3, ... and snapshots taken at some of those numbers (seq 0 is the
 * snapshot given at creation).  Every text must be JSON; each is stored
 * with its SHA-256 (hex), and both are verified when a room is loaded, so
 * a damaged row is refused instead of replayed.
 *
 * The file is opened in WAL mode with foreign keys on; its schema version
 * is PRAGMA user_version and its owner PRAGMA application_id.  A file of
 * another application, a newer schema, a corrupt file or one that is not
 * a database at all is refused at open with a message saying which.
 *
 * Every function returns 0 (or a handle), or -1 (NULL) with a message in
 * err; a failed write changes nothing (one transaction each).  A handle
 * serves one thread at a time; several handles (threads, processes) may
 * not share a file: the first open takes its writer lock ("<path>-lock",
 * flock) and a second open, in any process, is refused until it closes;
 * writes take SQLite's write lock and wait up to 5 s for another connection.
 * Opening runs PRAGMA quick_check, which reads the whole file once.
 */
#ifndef NX_STORE_H
#define NX_STORE_H

#include <stddef.h>
#include <stdint.h>

#define NX_STORE_SCHEMA_VERSION 1
#define NX_STORE_APPLICATION_ID 0x4e787331   /* "Nxs1" */

typedef struct nx_store nx_store;

/* One action row, as appended. */
typedef struct nx_store_action {
    uint32_t seq;
    char *action;
    char *result;
} nx_store_action;

/* A loaded room: meta, the latest snapshot and every action after it. */
typedef struct nx_store_room {
    char *meta;
    char *snapshot;
    uint32_t snapshot_seq;
    nx_store_action *actions;   /* seq snapshot_seq+1, +2, ... in order */
    size_t nactions;
} nx_store_room;

/* Open (creating the file and schema if absent).  A path
 * "postgresql://...", "postgres://..." or "pg:CONNINFO" opens the
 * PostgreSQL store instead (core/nx_store_pg.h: a database shared by
 * several processes, rooms owned through fenced leases); a build without
 * libpq refuses it saying so. */
nx_store *nx_store_open(const char *path, char *err, size_t errlen);
void nx_store_close(nx_store *st);
/* Remove a closed SQLite store from disk: the database and the companion
 * files SQLite and the writer lock keep beside it (-wal, -shm, -journal,
 * -lock).  The store names its own files so no caller lists them; a file
 * already absent is no error.  Returns 0, or -1 (errno set) when one could
 * not be removed. */
int nx_store_remove_files(const char *path);
/* How long a write waits for another connection's write lock (default
 * 5000 ms) before it fails and changes nothing. */
void nx_store_set_busy_timeout(nx_store *st, int ms);

/* A new room with its meta and its snapshot at seq 0; an existing name is
 * an error. */
int nx_store_create_room(nx_store *st, const char *room, const char *meta_json,
                         const char *snapshot_json, char *err, size_t errlen);

/*
 * Append action `seq` (which must be the room's last seq + 1: "expected
 * action N" otherwise) with its result, and, when snapshot_json is not
 * NULL, a snapshot taken after it.  One transaction: all or nothing.
 */
int nx_store_append(nx_store *st, const char *room, uint32_t seq, const char *action_json,
                    const char *result_json, const char *snapshot_json, char *err, size_t errlen);

/*
 * Group commit (the SQLite store).  Between nx_store_group_begin and
 * nx_store_group_end every write (create, append, delete) joins one
 * transaction, each still all or nothing on its own (a savepoint: a
 * refused append changes nothing, the group's other writes stand), and
 * reads see the group's writes.  End commits the group with one flush.
 * Nothing written in a group is durable before end returned 0, so a
 * caller acknowledges none of its writes before that; a failed end (-1)
 * rolls every write of the group back, as does closing the store with a
 * group open.  A PostgreSQL store commits each write on its own (begin
 * and end do nothing there).
 */
int nx_store_group_begin(nx_store *st, char *err, size_t errlen);
int nx_store_group_end(nx_store *st, char *err, size_t errlen);
/* Whether a group is open. */
int nx_store_in_group(const nx_store *st);
/* For tests: the next nx_store_group_end fails (rolling back) as a full
 * disk would make it. */
void nx_store_fail_next_group_commit(nx_store *st);

/*
 * Load a room: every returned text is checksum-verified and parsed as
 * JSON, the actions are checked to be gap-free.  On failure *out is
 * zeroed and nothing needs freeing.
 */
int nx_store_load(nx_store *st, const char *room, nx_store_room *out, char *err, size_t errlen);
void nx_store_room_free(nx_store_room *r);

/* Every room name, sorted; free with nx_store_rooms_free. */
int nx_store_list_rooms(nx_store *st, char ***rooms, size_t *n, char *err, size_t errlen);
void nx_store_rooms_free(char **rooms, size_t n);

/* Delete a room with its actions and snapshots; an unknown room is an error
 * (-2: another handle owns it, PostgreSQL). */
int nx_store_delete_room(nx_store *st, const char *room, char *err, size_t errlen);

/*
 * Room ownership (the PostgreSQL store's leases; a SQLite handle owns
 * every room of its file, so these succeed there).  Claim a room before
 * appending to it (creating one claims it): refused (-2) while another
 * live handle holds its lease, a takeover once that lease expired.  owns says
 * whether this handle still holds it (a refused write that found the
 * lease taken over forgets it).  renew extends every lease held (-1 when
 * one was lost).  The lease lasts lease_ms past its last claim, write or
 * renewal (default 15000).
 */
int nx_store_claim(nx_store *st, const char *room, char *err, size_t errlen);
int nx_store_owns(const nx_store *st, const char *room);
int nx_store_renew(nx_store *st, char *err, size_t errlen);
/* Give a room's lease up now (closing it; closing the store releases all). */
int nx_store_release(nx_store *st, const char *room, char *err, size_t errlen);
void nx_store_set_lease_ms(nx_store *st, int ms);
/* "sqlite" or "postgresql". */
const char *nx_store_backend(const nx_store *st);

#endif
