/* core/nx_text: nx_fmt refuses to cut text (it aborts, naming the site);
 * nx_clip cuts foreign text visibly, on a UTF-8 boundary. */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "nx_json_text.h"
#include "nx_testutil.h"
#include "nx_text.h"

START_TEST(test_fmt_fits)
{
    char buf[8];
    ck_assert_int_eq(nx_fmt(buf, sizeof buf, "%s-%d", "ab", 1234), 7);
    ck_assert_str_eq(buf, "ab-1234");
    ck_assert_int_eq(nx_fmt(NULL, 0, "%d", 42), 2);   /* no buffer: length only */
}
END_TEST

/* Run nx_fmt with too small a buffer in a child: it must abort. */
START_TEST(test_fmt_overflow_aborts)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        char buf[8];
        nx_fmt(buf, sizeof buf, "%s", "eight ch");
        _exit(0);   /* not reached */
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}
END_TEST

START_TEST(test_clip)
{
    char buf[10];
    ck_assert_int_eq(nx_clip(buf, sizeof buf, "%s", "short"), 5);
    ck_assert_str_eq(buf, "short");
    ck_assert_int_eq(nx_clip(buf, sizeof buf, "%s", "exactly9!"), 9);
    ck_assert_str_eq(buf, "exactly9!");
    ck_assert_int_eq(nx_clip(buf, sizeof buf, "%s", "ten chars!"), 9);
    ck_assert_str_eq(buf, "ten ch...");
    /* "é" is two bytes: the cut steps back rather than split it. */
    ck_assert_int_eq(nx_clip(buf, sizeof buf, "%s", "abcde\xc3\xa9xyz"), 8);
    ck_assert_str_eq(buf, "abcde...");
    char tiny[3];
    nx_clip(tiny, sizeof tiny, "%s", "abcdef");
    ck_assert_str_eq(tiny, "..");
    ck_assert_int_eq(nx_clip(NULL, 0, "%s", "x"), 0);
}
END_TEST

START_TEST(test_clip_append)
{
    char buf[12];
    size_t used = 0;
    nx_clip_append(buf, sizeof buf, &used, "%s", "path");
    nx_clip_append(buf, sizeof buf, &used, ".%s", "key");
    ck_assert_str_eq(buf, "path.key");
    ck_assert_uint_eq(used, 8);
    nx_clip_append(buf, sizeof buf, &used, ": %s", "too long");
    ck_assert_str_eq(buf, "path.key...");
    nx_clip_append(buf, sizeof buf, &used, "%s", "more");   /* full: unchanged */
    ck_assert_str_eq(buf, "path.key...");
}
END_TEST

/* nx_json_plainly_valid vouches only for texts jansson accepts, and
 * leaves everything outside its plain subset to jansson. */
START_TEST(test_json_plainly_valid)
{
    static const char *plain[] = {
        "{}", " [ ] ", "{\"a\":[1,-2,0.5,true,false,null,\"x\\n\\\"\"],\"b\":{}}", "\"caf\xc3\xa9\"", "-0", "123456789012345",
    };
    static const char *not_plain[] = {
        "", "{", "[1,]", "{\"a\":1} x", "\"\xff\"", "01", "1e5", "\"\\u0041\"", "1234567890123456",
        "\"a\x01\"", "{\"a\" 1}", "[1 2]", "tru", "\"\xed\xa0\x80\"", "1.", ".5", "+1",
    };
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++) {
        ck_assert_msg(nx_json_plainly_valid(plain[i], strlen(plain[i])), "%s", plain[i]);
        json_t *j = json_loadb(plain[i], strlen(plain[i]), JSON_DECODE_ANY, NULL);
        ck_assert_msg(j != NULL, "jansson refuses %s", plain[i]);
        json_decref(j);
    }
    for (size_t i = 0; i < sizeof not_plain / sizeof *not_plain; i++)
        ck_assert_msg(!nx_json_plainly_valid(not_plain[i], strlen(not_plain[i])), "%s", not_plain[i]);
    char deep[200] = "";
    for (int i = 0; i < 65; i++) strcat(deep, "[");
    for (int i = 0; i < 65; i++) strcat(deep, "]");
    ck_assert(!nx_json_plainly_valid(deep, strlen(deep)));
    ck_assert(nx_json_plainly_valid(deep + 1, strlen(deep) - 2));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, test_fmt_fits);
    tcase_add_test(tc, test_fmt_overflow_aborts);
    tcase_add_test(tc, test_clip);
    tcase_add_test(tc, test_clip_append);
    tcase_add_test(tc, test_json_plainly_valid);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
