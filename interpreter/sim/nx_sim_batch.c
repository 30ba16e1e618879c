/*
 * A batch over worker processes.
 *
 * Why processes: a runtime's Lua state is single-threaded, and a crash
 * (an assertion, a sanitizer report) in one game must not take the batch
 * with it.  Each worker is forked with the parent's opened runtime (its
 * own copy) and plays the seeds at positions start, start+jobs, ...; per
 * game it writes "B <pos>" when it begins and "G <record>" when done, one
 * line each, on its own pipe.  The parent files every record at its
 * position, so the result is in seed order whatever the timing.  A worker
 * that ends before its last game reports that game as a crash, and a new
 * worker takes the positions after it.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nx_sim.h"
#include "nx_util.h"

typedef struct worker {
    pid_t pid;
    int fd;             /* read end; -1 when finished */
    size_t next;        /* the position it plays after the one in flight */
    long inflight;      /* position begun and not yet reported; -1 none */
    char *buf;
    size_t len, cap;
} worker;

typedef struct batch {
    const nx_runtime *rt;
    const nx_settings *st;
    const nx_sim_config *c;
    const uint64_t *seeds;
    size_t nseeds, jobs, done;
    json_t **records;
    nx_sim_progress_fn progress;
    void *ctx;
} batch;

static int write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

static void worker_main(const batch *b, size_t start, int fd)
{
    for (size_t pos = start; pos < b->nseeds; pos += b->jobs) {
        char head[48];
        int n = snprintf(head, sizeof head, "B %zu\n", pos);
        if (write_all(fd, head, (size_t)n)) _exit(1);
        json_t *rec = nx_sim_play(b->rt, b->st, b->c, b->seeds[pos]);
        char *text = json_dumps(rec, JSON_COMPACT | JSON_SORT_KEYS);
        json_decref(rec);
        char *line = nx_asprintf("G %s\n", text);
        int bad = write_all(fd, line, strlen(line));
        free(line);
        free(text);
        if (bad) _exit(1);
    }
    close(fd);
    _exit(0);
}

static int spawn(batch *b, worker *w, size_t start)
{
    int p[2];
    fflush(NULL);
    if (pipe(p)) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        close(p[0]);
        worker_main(b, start, p[1]);
    }
    close(p[1]);
    *w = (worker){ .pid = pid, .fd = p[0], .next = start, .inflight = -1, .buf = w->buf, .cap = w->cap };
    w->len = 0;
    return 0;
}

static void file_record(batch *b, size_t pos, json_t *rec)
{
    if (pos >= b->nseeds || b->records[pos]) {
        json_decref(rec);
        return;
    }
    b->records[pos] = rec;
    b->done++;
    if (b->progress) b->progress(b->ctx, b->done, b->nseeds);
}

static void handle_line(batch *b, worker *w, char *line)
{
    if (line[0] == 'B') {
        w->inflight = strtol(line + 2, NULL, 10);
        w->next = (size_t)w->inflight + b->jobs;
        return;
    }
    json_t *rec = line[0] == 'G' ? json_loads(line + 2, 0, NULL) : NULL;
    if (rec && w->inflight >= 0) file_record(b, (size_t)w->inflight, rec);
    else json_decref(rec);
    w->inflight = -1;
}

static void read_worker(batch *b, worker *w)
{
    if (w->cap - w->len < 65536) {
        w->cap = w->cap * 2 + 65536;
        w->buf = nx_xrealloc(w->buf, w->cap);
    }
    ssize_t n = read(w->fd, w->buf + w->len, w->cap - w->len - 1);
    if (n < 0 && errno == EINTR) return;
    if (n <= 0) {
        close(w->fd);
        w->fd = -1;
        return;
    }
    w->len += (size_t)n;
    char *start = w->buf, *nl;
    while ((nl = memchr(start, '\n', (size_t)(w->buf + w->len - start)))) {
        *nl = '\0';
        handle_line(b, w, start);
        start = nl + 1;
    }
    w->len = (size_t)(w->buf + w->len - start);
    memmove(w->buf, start, w->len);
}

static char *exit_text(int status)
{
    if (WIFSIGNALED(status)) return nx_asprintf("the worker playing it died of signal %d (%s)", WTERMSIG(status),
                                                strsignal(WTERMSIG(status)));
    return nx_asprintf("the worker playing it exited with status %d before reporting it", WEXITSTATUS(status));
}

/* A worker's pipe closed: reap it; a game in flight is its crash, and a
 * new worker takes the rest of its positions. */
static void finish_worker(batch *b, worker *w)
{
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    if (w->inflight < 0) return;
    size_t pos = (size_t)w->inflight;
    char *why = exit_text(status);
    file_record(b, pos, nx_sim_failure_record(b->c, b->seeds[pos], "crash", why));
    free(why);
    if (w->next < b->nseeds && spawn(b, w, w->next) == 0) return;
    /* Cannot fork again: the rest of its positions are failures too. */
    for (size_t p = w->next; p < b->nseeds; p += b->jobs)
        file_record(b, p, nx_sim_failure_record(b->c, b->seeds[p], "crash", "no worker could be started"));
}

static void run_workers(batch *b, worker *ws)
{
    struct pollfd *pf = nx_xcalloc(b->jobs, sizeof *pf);
    for (;;) {
        size_t live = 0;
        for (size_t i = 0; i < b->jobs; i++) {
            pf[i] = (struct pollfd){ .fd = ws[i].fd, .events = POLLIN };
            live += ws[i].fd >= 0;
        }
        if (!live) break;
        if (poll(pf, b->jobs, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (size_t i = 0; i < b->jobs; i++) {
            if (ws[i].fd < 0 || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            read_worker(b, &ws[i]);
            if (ws[i].fd < 0) finish_worker(b, &ws[i]);
        }
    }
    free(pf);
}

json_t *nx_sim_run_batch(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c,
                         const uint64_t *seeds, size_t nseeds, int jobs,
                         nx_sim_progress_fn progress, void *ctx)
{
    batch b = { .rt = rt, .st = st, .c = c, .seeds = seeds, .nseeds = nseeds, .progress = progress, .ctx = ctx };
    b.jobs = jobs < 1 ? 1 : (size_t)jobs;
    if (b.jobs > nseeds) b.jobs = nseeds ? nseeds : 1;
    b.records = nx_xcalloc(nseeds ? nseeds : 1, sizeof *b.records);
    worker *ws = nx_xcalloc(b.jobs, sizeof *ws);
    for (size_t i = 0; i < b.jobs; i++)
        if (spawn(&b, &ws[i], i)) ws[i].fd = -1;
    run_workers(&b, ws);
    json_t *out = json_array();
    for (size_t i = 0; i < nseeds; i++)
        json_array_append_new(out, b.records[i] ? b.records[i]
                                                : nx_sim_failure_record(c, seeds[i], "crash", "no worker played it"));
    for (size_t i = 0; i < b.jobs; i++) free(ws[i].buf);
    free(ws);
    free(b.records);
    return out;
}
