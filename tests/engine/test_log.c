/* The action log's storage (engine/nx_log.c): texts read back the same
 * from open and sealed blocks, ids found across blocks, a dropped newest
 * entry (a refused commit) leaves the log as before it, and records are
 * kept by position.  The game-level paths (retries, saves, loads, replays)
 * are test_game's, test_kill's and the scenarios'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_log.h"
#include "nx_testutil.h"

static void texts(size_t i, const char *id, char *action, char *result)
{
    /* Lengths vary so that blocks differ; some ids need escapes. */
    snprintf(action, 256, "{\"id\":\"%s\",\"pad\":\"%.*s\",\"version\":%zu}", id, (int)(i % 37),
             "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz", i);
    snprintf(result, 256, "{\"log\":[\"entry %zu\"],\"ok\":true,\"version\":%zu}", i, i + 1);
}

static void id_of(size_t i, char *id)
{
    if (i % 11 == 5) snprintf(id, 32, "q\\\"%zu", i);   /* the text's escape: id q"N */
    else snprintf(id, 32, "a%zu", i);
}

/* The id as the engine hands it (unescaped). */
static void plain_id(size_t i, char *id)
{
    if (i % 11 == 5) snprintf(id, 32, "q\"%zu", i);
    else snprintf(id, 32, "a%zu", i);
}

static void fill(nx_log *l, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char id[32], pid[32], a[256], r[256];
        id_of(i, id);
        plain_id(i, pid);
        texts(i, id, a, r);
        nx_log_append(l, pid, a, r);
    }
}

static size_t seen;

static void check_each(void *ctx, const char *action, const char *result)
{
    (void)ctx;
    char id[32], a[256], r[256];
    id_of(seen, id);
    texts(seen, id, a, r);
    ck_assert_str_eq(action, a);
    ck_assert_str_eq(result, r);
    seen++;
}

START_TEST(texts_and_ids_across_blocks)
{
    nx_log l;
    nx_log_init(&l);
    size_t n = 5 * NX_LOG_BLOCK + 17;
    fill(&l, n);
    ck_assert_uint_eq(l.n, n);
    ck_assert_uint_eq(l.nsealed, 5);
    /* Random order: the one-block cache is refilled as blocks change. */
    for (size_t k = 0; k < 3 * n; k++) {
        size_t i = (k * 131) % n;
        char id[32], pid[32], a[256], r[256];
        id_of(i, id);
        plain_id(i, pid);
        texts(i, id, a, r);
        ck_assert_str_eq(nx_log_action(&l, i), a);
        ck_assert_str_eq(nx_log_result(&l, i), r);
        ck_assert_int_eq(nx_log_find(&l, pid), (long)i);
    }
    ck_assert_int_eq(nx_log_find(&l, "a99999"), -1);
    ck_assert_int_eq(nx_log_find(&l, "q5"), -1);   /* only q"5 is there */
    seen = 0;
    nx_log_each(&l, check_each, NULL);
    ck_assert_uint_eq(seen, n);
    nx_log_free(&l);
}
END_TEST

START_TEST(a_dropped_entry_leaves_the_log_as_before)
{
    nx_log l;
    nx_log_init(&l);
    /* The block is full: the next entry seals it, then is dropped. */
    fill(&l, NX_LOG_BLOCK);
    nx_log_append(&l, "late", "{\"id\":\"late\",\"version\":64}", "{\"ok\":true}");
    nx_log_set_record(&l, strdup("[\"hidden\"]"));
    ck_assert_int_eq(nx_log_find(&l, "late"), NX_LOG_BLOCK);
    nx_log_drop_last(&l);
    ck_assert_uint_eq(l.n, NX_LOG_BLOCK);
    ck_assert_int_eq(nx_log_find(&l, "late"), -1);
    ck_assert_ptr_null(nx_log_record(&l, NX_LOG_BLOCK));
    /* Another id takes the place; the old one stays unknown. */
    nx_log_append(&l, "again", "{\"id\":\"again\",\"version\":64}", "{\"ok\":false}");
    ck_assert_int_eq(nx_log_find(&l, "late"), -1);
    ck_assert_int_eq(nx_log_find(&l, "again"), NX_LOG_BLOCK);
    ck_assert_str_eq(nx_log_result(&l, NX_LOG_BLOCK), "{\"ok\":false}");
    ck_assert_int_eq(nx_log_find(&l, "a3"), 3);
    ck_assert_uint_eq(nx_log_text_bytes(&l) > 0, 1);
    nx_log_free(&l);
}
END_TEST

START_TEST(records_are_kept_by_position)
{
    nx_log l;
    nx_log_init(&l);
    for (size_t i = 0; i < 3 * NX_LOG_BLOCK; i++) {
        char id[32], a[256], r[256], rec[32];
        snprintf(id, sizeof id, "r%zu", i);
        texts(i, id, a, r);
        nx_log_append(&l, id, a, r);
        snprintf(rec, sizeof rec, "[\"%zu\"]", i);
        if (i % 50 == 3) nx_log_set_record(&l, strdup(rec));
    }
    for (size_t i = 0; i < l.n; i++) {
        char rec[32];
        snprintf(rec, sizeof rec, "[\"%zu\"]", i);
        if (i % 50 == 3) ck_assert_str_eq(nx_log_record(&l, i), rec);
        else ck_assert_ptr_null(nx_log_record(&l, i));
    }
    nx_log_free(&l);
}
END_TEST

START_TEST(an_action_names_its_id)
{
    char id[65];
    ck_assert_int_eq(nx_log_action_id("{\"args\":{\"id\":\"inner\"},\"id\":\"outer\"}", id), 0);
    ck_assert_str_eq(id, "outer");
    ck_assert_int_eq(nx_log_action_id("{\"id\":\"a\\u0041\"}", id), 0);
    ck_assert_str_eq(id, "aA");
    ck_assert_int_eq(nx_log_action_id("{\"type\":\"x\"}", id), -1);
    ck_assert_int_eq(nx_log_action_id("{\"id\":7}", id), -1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("log");
    TCase *t = tcase_create("log");
    tcase_add_test(t, texts_and_ids_across_blocks);
    tcase_add_test(t, a_dropped_entry_leaves_the_log_as_before);
    tcase_add_test(t, records_are_kept_by_position);
    tcase_add_test(t, an_action_names_its_id);
    suite_add_tcase(s, t);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
