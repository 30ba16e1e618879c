/* `nexus serve --store DB` killed with SIGKILL at random points of a bot
 * game: after each kill the store reopens (its writer lock died with the
 * process), every acknowledged action is in it, nothing is half-applied
 * (the stored actions are a prefix of what was sent, each with its exact
 * result), and the room reopens and plays on. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_testutil.h"
#include "nx_util.h"

#define KILLS 10
#define MAX_BATCH 80

static nx_runtime rt;
static char *pack, *db, dir[32];

static void setup(void)
{
    nx_diags d;
    nx_diags_init(&d);
    pack = nx_source_path("cards/pack.yaml");
    ck_assert_int_eq(nx_runtime_open(&rt, pack, &d), 0);
    nx_diags_free(&d);
    snprintf(dir, sizeof dir, "/tmp/nx-kill-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    db = nx_asprintf("%s/rooms.db", dir);
}

static void teardown(void)
{
    nx_store_remove_files(db);
    rmdir(dir);
    free(db);
    free(pack);
    nx_runtime_close(&rt);
}

static nx_store *open_store(void)
{
    char err[256];
    nx_store *st = nx_store_open(db, err, sizeof err);
    ck_assert_msg(st != NULL, "the store does not reopen: %s", err);
    return st;
}

static nx_game *reopen_room(void)
{
    char err[512];
    nx_store *st = open_store();
    nx_game *g = nx_room_open(st, "r", &rt, err, sizeof err);
    ck_assert_msg(g != NULL, "the room does not reopen: %s", err);
    nx_store_close(st);
    return g;
}

typedef struct server {
    pid_t pid;
    FILE *to, *from;
} server;

static server spawn(void)
{
    int in[2], out[2];
    ck_assert_int_eq(pipe(in), 0);
    ck_assert_int_eq(pipe(out), 0);
    server s = { .pid = fork() };
    ck_assert_int_ge(s.pid, 0);
    if (s.pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(NX_CLI_PATH, "nexus", "--pack", pack, "serve", "--store", db, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    s.to = fdopen(in[1], "w");
    s.from = fdopen(out[0], "r");
    return s;
}

static void sleep_us(long us)
{
    struct timespec t = { us / 1000000, (us % 1000000) * 1000 };
    nanosleep(&t, NULL);
}

/* Reply lines until EOF; every one must be ok (nothing here is refused).
 * Returns how many there were. */
static int count_oks(FILE *from, int limit)
{
    char line[1 << 16];
    int n = 0;
    while (n < limit && fgets(line, sizeof line, from)) {
        json_t *j = json_loads(line, 0, NULL);
        ck_assert_msg(json_is_true(json_object_get(j, "ok")), "refused: %s", line);
        json_decref(j);
        n++;
    }
    return n;
}

/* The next actions of the game, played ahead on the mirror by its bot. */
static size_t plan_batch(nx_game *mirror, nx_bot *bot, int kill, size_t want, char **lines)
{
    size_t n = 0;
    for (; n < want; n++) {
        char id[32];
        snprintf(id, sizeof id, "k%d-%zu", kill, n);
        nx_bot_move m;
        if (nx_bot_step(bot, mirror, id, &m) != 1) break;
        lines[n] = nx_asprintf("{\"cmd\":\"apply\",\"room\":\"r\",\"action\":%s}\n", m.action);
        nx_bot_move_free(&m);
    }
    return n;
}

START_TEST(sigkill_loses_no_acknowledged_action)
{
    signal(SIGPIPE, SIG_IGN);
    nx_game_config cfg = { .seed = 2, .nexus_cards = 1, .advanced = 1 };
    nx_game_classic_factions(&cfg, 6);
    char err[512];
    nx_game *mirror = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(mirror != NULL, "%s", err);
    nx_store *st = open_store();
    ck_assert_msg(!nx_room_create(st, "r", mirror, err, sizeof err), "%s", err);
    nx_store_close(st);

    nx_rng rng;
    nx_rng_seed(&rng, 77);
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, 5);
    int mid_batch = 0, acked_total = 0;
    for (int kill_no = 0; kill_no < KILLS; kill_no++) {
        size_t base = nx_game_log_length(mirror);
        char *lines[MAX_BATCH];
        size_t n = plan_batch(mirror, &bot, kill_no, 20 + nx_rng_below(&rng, MAX_BATCH - 20), lines);
        if (!n) break; /* the game is over */

        server s = spawn();
        fputs("{\"cmd\":\"open\",\"room\":\"r\"}\n", s.to);
        for (size_t i = 0; i < n; i++) fputs(lines[i], s.to);
        fflush(s.to);
        /* The kill comes after a random number of replies, a random few
         * milliseconds later: at startup, mid-replay or mid-commit. */
        int wait_for = (int)nx_rng_below(&rng, (uint32_t)n + 1);
        int got = count_oks(s.from, wait_for);
        sleep_us((long)nx_rng_below(&rng, 4000));
        kill(s.pid, SIGKILL);
        int status;
        ck_assert_int_eq(waitpid(s.pid, &status, 0), s.pid);
        ck_assert(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 0));
        /* Replies already in the pipe were acknowledgements too. */
        got += count_oks(s.from, (int)n + 1);
        fclose(s.to);
        fclose(s.from);
        int acked = got > 0 ? got - 1 : 0; /* the first reply is the open */

        nx_game *again = reopen_room();
        size_t stored = nx_game_log_length(again);
        ck_assert_msg(stored >= base + (size_t)acked && stored <= base + n,
                      "kill %d: %zu actions stored, %d of %zu acknowledged after %zu", kill_no, stored, acked, n,
                      base);
        for (size_t i = 0; i < stored; i++) {
            ck_assert_str_eq(nx_game_log_action(again, i), nx_game_log_action(mirror, i));
            ck_assert_str_eq(nx_game_log_result(again, i), nx_game_log_result(mirror, i));
        }
        fprintf(stderr, "kill %d: base %zu sent %zu acked %d stored %zu\n", kill_no, base, n, acked, stored);
        mid_batch += stored < base + n;
        acked_total += acked;
        for (size_t i = 0; i < n; i++) free(lines[i]);
        /* Play on from what the store holds. */
        nx_game_free(mirror);
        mirror = again;
    }
    /* The kills did land inside the work, not only after it. */
    ck_assert_int_gt(mid_batch, 0);
    ck_assert_int_gt(acked_total, 0);
    nx_game_free(mirror);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("kill");
    TCase *tc = tcase_create("sigkill");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, sigkill_loses_no_acknowledged_action);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
