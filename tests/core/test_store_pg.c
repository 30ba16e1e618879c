/*
 * The PostgreSQL store (core/nx_store_pg.c) against a real server: the
 * suite re-runs itself under tests/host/pg_cluster.py, which starts a
 * throwaway PostgreSQL and passes its address in NX_TEST_PG (exit 77,
 * skipped, where there is no PostgreSQL).  Two handles play two servers:
 * ownership, takeover after expiry with a raised fence, a stale owner's
 * write refused and nothing of it stored, renewals, delete by the owner
 * only, checksums and schema versions checked on load and open.  A build
 * without libpq checks that a PostgreSQL store is refused saying why.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nx_store.h"
#include "nx_testutil.h"

static const char *url;

static void sleep_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000 };
    nanosleep(&t, NULL);
}

#ifndef NX_HAVE_LIBPQ

START_TEST(refused_without_libpq)
{
    char err[512];
    ck_assert_ptr_null(nx_store_open("pg:host=/nowhere", err, sizeof err));
    ck_assert_msg(strstr(err, "without PostgreSQL support") && strstr(err, "libpq"), "%s", err);
}
END_TEST

#else

#include <libpq-fe.h>

static void sql(const char *q)
{
    PGconn *c = PQconnectdb(url + 3);
    ck_assert_int_eq(PQstatus(c), CONNECTION_OK);
    PGresult *r = PQexec(c, q);
    ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK, "%s: %s", q,
                  PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(c);
}

static nx_store *open_ok(void)
{
    char err[512];
    nx_store *st = nx_store_open(url, err, sizeof err);
    ck_assert_msg(st != NULL, "%s", err);
    ck_assert_str_eq(nx_store_backend(st), "postgresql");
    return st;
}

static void append_ok(nx_store *st, const char *room, uint32_t seq, const char *action)
{
    char err[512];
    ck_assert_msg(!nx_store_append(st, room, seq, action, "{\"ok\":true}", NULL, err, sizeof err), "%s", err);
}

START_TEST(owner_takeover_and_fencing)
{
    char err[512];
    nx_store *a = open_ok(), *b = open_ok();
    nx_store_set_lease_ms(a, 200);
    nx_store_set_lease_ms(b, 200);
    ck_assert_msg(!nx_store_create_room(a, "f", "{\"m\":1}", "{\"snap\":0}", err, sizeof err), "%s", err);
    ck_assert(nx_store_owns(a, "f") && !nx_store_owns(b, "f"));
    append_ok(a, "f", 1, "{\"id\":\"a1\"}");
    /* b has not claimed it: its write is refused before any claim. */
    ck_assert_int_eq(nx_store_append(b, "f", 2, "{\"id\":\"b0\"}", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not owned by this server"), "%s", err);
    ck_assert_int_eq(nx_store_claim(b, "f", err, sizeof err), -2);
    ck_assert_msg(strstr(err, "owned by another server"), "%s", err);
    /* A renewal keeps the room a's past its first lease. */
    sleep_ms(120);
    ck_assert(!nx_store_renew(a, err, sizeof err));
    sleep_ms(120);
    ck_assert_int_eq(nx_store_claim(b, "f", err, sizeof err), -2);
    /* a stops renewing; once the lease expired b takes the room over. */
    sleep_ms(300);
    ck_assert_msg(!nx_store_claim(b, "f", err, sizeof err), "%s", err);
    append_ok(b, "f", 2, "{\"id\":\"b1\"}");
    /* a, stale, writes the same seq b just did, and a later one: both
     * refused by the fence, not by the seq check. */
    ck_assert_int_eq(nx_store_append(a, "f", 2, "{\"id\":\"a2\"}", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "lost its lease"), "%s", err);
    ck_assert(!nx_store_owns(a, "f"));
    ck_assert_int_eq(nx_store_append(a, "f", 3, "{\"id\":\"a3\"}", "{}", NULL, err, sizeof err), -1);
    ck_assert_int_eq(nx_store_delete_room(a, "f", err, sizeof err), -2);
    nx_store_room r;
    ck_assert_msg(!nx_store_load(a, "f", &r, err, sizeof err), "%s", err);
    ck_assert_uint_eq(r.nactions, 2);
    ck_assert_str_eq(r.actions[1].action, "{\"id\":\"b1\"}");
    nx_store_room_free(&r);
    /* The fence went up by one with the takeover. */
    PGconn *c = PQconnectdb(url + 3);
    PGresult *q = PQexec(c, "SELECT fence FROM nx_leases WHERE room = 'f'");
    ck_assert_str_eq(PQgetvalue(q, 0, 0), "2");
    PQclear(q);
    PQfinish(c);
    /* The owner deletes; the rows go with the room. */
    ck_assert_msg(!nx_store_delete_room(b, "f", err, sizeof err), "%s", err);
    ck_assert_int_eq(nx_store_load(b, "f", &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "no room 'f'"), "%s", err);
    ck_assert_int_eq(nx_store_claim(b, "f", err, sizeof err), -1);
    nx_store_close(a);
    nx_store_close(b);
}
END_TEST

START_TEST(sequence_snapshots_and_listing)
{
    char err[512];
    nx_store *a = open_ok();
    ck_assert(!nx_store_create_room(a, "s", "{}", "{\"snap\":0}", err, sizeof err));
    ck_assert_int_eq(nx_store_create_room(a, "s", "{}", "{}", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "already exists"), "%s", err);
    append_ok(a, "s", 1, "{\"n\":1}");
    ck_assert(!nx_store_append(a, "s", 2, "{\"n\":2}", "{}", "{\"snap\":2}", err, sizeof err));
    append_ok(a, "s", 3, "{\"n\":3}");
    ck_assert_int_eq(nx_store_append(a, "s", 5, "{}", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "expected action 4"), "%s", err);
    ck_assert_int_eq(nx_store_append(a, "s", 4, "{\"n\":", "{}", NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not JSON"), "%s", err);
    nx_store_room r;
    ck_assert(!nx_store_load(a, "s", &r, err, sizeof err));
    ck_assert_str_eq(r.snapshot, "{\"snap\":2}");
    ck_assert_uint_eq(r.snapshot_seq, 2);
    ck_assert_uint_eq(r.nactions, 1);
    ck_assert_uint_eq(r.actions[0].seq, 3);
    nx_store_room_free(&r);
    ck_assert(!nx_store_create_room(a, "a-first", "{}", "{}", err, sizeof err));
    char **names;
    size_t n;
    ck_assert(!nx_store_list_rooms(a, &names, &n, err, sizeof err));
    ck_assert_uint_ge(n, 2);
    ck_assert_str_eq(names[0], "a-first");
    nx_store_rooms_free(names, n);
    /* A damaged row is refused on load, naming it. */
    sql("UPDATE nx_actions SET action = '{\"n\":33}' WHERE room = 's' AND seq = 3");
    ck_assert_int_eq(nx_store_load(a, "s", &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "room 's' action 3: checksum mismatch"), "%s", err);
    nx_store_close(a);
}
END_TEST

START_TEST(schema_version_checked)
{
    char err[512];
    nx_store_close(open_ok());
    sql("UPDATE nx_info SET value = '9' WHERE key = 'schema_version'");
    ck_assert_ptr_null(nx_store_open(url, err, sizeof err));
    ck_assert_msg(strstr(err, "schema version 9"), "%s", err);
    sql("UPDATE nx_info SET value = '1' WHERE key = 'schema_version'");
    ck_assert_ptr_null(nx_store_open("pg:host=/nowhere-at-all port=1", err, sizeof err));
    ck_assert_msg(strstr(err, "cannot connect"), "%s", err);
}
END_TEST

#endif

static Suite *suite(void)
{
    Suite *s = suite_create("store_pg");
    TCase *tc = tcase_create("pg");
    tcase_set_timeout(tc, 120);
#ifdef NX_HAVE_LIBPQ
    tcase_add_test(tc, owner_takeover_and_fencing);
    tcase_add_test(tc, sequence_snapshots_and_listing);
    tcase_add_test(tc, schema_version_checked);
#else
    tcase_add_test(tc, refused_without_libpq);
#endif
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    url = getenv("NX_TEST_PG");
#ifdef NX_HAVE_LIBPQ
    if (!url) {
        /* Under a throwaway server: pg_cluster.py runs this again with
         * NX_TEST_PG set, or exits 77 where PostgreSQL is absent. */
        execlp("python3", "python3", NX_TEST_SOURCE_DIR "/tests/host/pg_cluster.py", argv[0], (char *)NULL);
        perror("test_store_pg: python3");
        return 1;
    }
#else
    (void)argv;
#endif
    return nx_run_suite(suite());
}
