/*
 * `nexus serve --listen`: the line protocol over a Unix or TCP socket,
 * many connections at once.
 *
 * One thread, one poll() loop: every connection's complete lines are
 * answered in arrival order, each request by nx_server_handle, so rooms
 * need no locks and a room's actions stay in one order.  The bound on how
 * long one room's work holds up another's: one poll round (the requests
 * read in it, then their group commit: nx_server_group_end), or one bot
 * move; bots move only between
 * requests (nx_server_idle), one action at a time, and a request on a
 * room first lets that room's own bots finish (nx_serve.c).  Replies are
 * queued per connection and written as the socket accepts them, so a
 * client that does not read cannot stall the others.
 */
#include "nx_listen.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "nx_util.h"

/* Connections beyond this are accepted and closed at once. */
#define LISTEN_MAX_CLIENTS 1024
/* A client whose unread replies pass this is disconnected. */
#define LISTEN_MAX_PENDING_OUT (16u << 20)

typedef struct client {
    int fd;
    char *in;           /* bytes of the current, incomplete line */
    size_t nin;
    int overlong;       /* the current line passed NX_SERVE_MAX_LINE: read to its end */
    char *out;          /* replies not yet written */
    size_t nout, out_off;
} client;

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static int set_nonblocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* "unix:PATH", "tcp:PORT" (loopback) or "tcp:ADDRESS:PORT". */
static int open_listener(const char *spec, FILE *err)
{
    int fd = -1;
    if (!strncmp(spec, "unix:", 5)) {
        struct sockaddr_un a = { .sun_family = AF_UNIX };
        if (strlen(spec + 5) == 0 || strlen(spec + 5) >= sizeof a.sun_path) {
            fprintf(err, "nexus serve: --listen unix:PATH needs a path of 1 to %zu bytes\n", sizeof a.sun_path - 1);
            return -1;
        }
        memcpy(a.sun_path, spec + 5, strlen(spec + 5) + 1);
        unlink(a.sun_path);   /* a stale socket file from an earlier run */
        fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 64)) goto fail;
    } else if (!strncmp(spec, "tcp:", 4)) {
        const char *rest = spec + 4, *colon = strrchr(rest, ':');
        char host[64] = "127.0.0.1";
        if (colon) {
            size_t n = (size_t)(colon - rest);
            if (n == 0 || n >= sizeof host) {
                fprintf(err, "nexus serve: --listen tcp:[ADDRESS:]PORT, not '%s'\n", spec);
                return -1;
            }
            memcpy(host, rest, n);
            host[n] = '\0';
            rest = colon + 1;
        }
        char *end;
        long port = strtol(rest, &end, 10);
        struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
        if (*end || port < 0 || port > 65535 || inet_pton(AF_INET, host, &a.sin_addr) != 1) {
            fprintf(err, "nexus serve: --listen tcp:[ADDRESS:]PORT with an IPv4 address, not '%s'\n", spec);
            return -1;
        }
        fd = socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
            bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 64))
            goto fail;
    } else {
        fprintf(err, "nexus serve: --listen unix:PATH or tcp:[ADDRESS:]PORT, not '%s'\n", spec);
        return -1;
    }
    if (set_nonblocking(fd)) goto fail;
    return fd;
fail:
    fprintf(err, "nexus serve: cannot listen on %s: %s\n", spec, strerror(errno));
    if (fd >= 0) close(fd);
    return -1;
}

static void queue_reply(client *c, const char *reply)
{
    size_t n = strlen(reply);
    c->out = nx_xrealloc(c->out, c->nout + n + 1);
    memcpy(c->out + c->nout, reply, n);
    c->out[c->nout + n] = '\n';
    c->nout += n + 1;
}

/* Held until the round's group is committed (nx_server_group_end). */
static void handle_line(nx_server *sv, client *c, const char *line, size_t len)
{
    nx_server_handle_held(sv, line, len, c);
}

static void deliver(void *ctx, void *tag, const char *reply)
{
    (void)ctx;
    queue_reply(tag, reply);
}

/* Take in what was read: each complete line is answered. */
static void take_bytes(nx_server *sv, client *c, const char *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (buf[i] == '\n') {
            /* An overlong line is answered as one line over the limit. */
            handle_line(sv, c, c->in ? c->in : "", c->overlong ? NX_SERVE_MAX_LINE + 1 : c->nin);
            c->nin = 0;
            c->overlong = 0;
        } else if (c->nin < NX_SERVE_MAX_LINE) {
            if (!c->in) c->in = nx_xmalloc(NX_SERVE_MAX_LINE + 1);
            c->in[c->nin++] = buf[i];
        } else {
            c->overlong = 1;
        }
    }
}

/* Write what the socket takes; -1 when the client is gone. */
static int flush_out(client *c)
{
    while (c->out_off < c->nout) {
        ssize_t w = write(c->fd, c->out + c->out_off, c->nout - c->out_off);
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (w <= 0) return -1;
        c->out_off += (size_t)w;
    }
    if (c->out_off == c->nout) c->nout = c->out_off = 0;
    return c->nout - c->out_off > LISTEN_MAX_PENDING_OUT ? -1 : 0;
}

static void drop_client(client *cs, size_t *n, size_t i)
{
    close(cs[i].fd);
    free(cs[i].in);
    free(cs[i].out);
    cs[i] = cs[--*n];
}

static void accept_all(int lfd, client *cs, size_t *n)
{
    for (;;) {
        int fd = accept(lfd, NULL, NULL);
        if (fd < 0) return;
        if (*n >= LISTEN_MAX_CLIENTS || set_nonblocking(fd)) {
            close(fd);
            continue;
        }
        cs[(*n)++] = (client){ .fd = fd };
    }
}

/* Read what a readable client sent; -1 when it closed or failed. */
static int read_client(nx_server *sv, client *c)
{
    char buf[8192];
    for (;;) {
        ssize_t r = read(c->fd, buf, sizeof buf);
        if (r > 0) {
            take_bytes(sv, c, buf, (size_t)r);
            continue;
        }
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        if (r < 0 && errno == EINTR) continue;
        /* End of input: a last line without its newline is still a line. */
        if (c->nin || c->overlong) take_bytes(sv, c, "\n", 1);
        return -1;
    }
}

int nx_serve_listen(nx_server *sv, const char *spec, FILE *err)
{
    int lfd = open_listener(spec, err);
    if (lfd < 0) return -1;
    stop_requested = 0;
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);   /* a client gone mid-write is a failed write, not a dead server */
    fprintf(err, "nexus serve: listening on %s\n", spec);
    fflush(err);
    client *cs = nx_xcalloc(LISTEN_MAX_CLIENTS, sizeof *cs);
    struct pollfd *pf = nx_xcalloc(LISTEN_MAX_CLIENTS + 1, sizeof *pf);
    char *gone = nx_xcalloc(LISTEN_MAX_CLIENTS, 1);
    size_t n = 0;
    int busy = 0;   /* bots had a move last time: poll without waiting */
    while (!stop_requested) {
        pf[0] = (struct pollfd){ .fd = lfd, .events = POLLIN };
        for (size_t i = 0; i < n; i++)
            pf[i + 1] = (struct pollfd){ .fd = cs[i].fd, .events = POLLIN | (cs[i].nout ? POLLOUT : 0) };
        int ready = poll(pf, n + 1, busy ? 0 : 1000);
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) {
            busy = nx_server_idle(sv);
            continue;
        }
        /* Clients polled this round are cs[0..polled); a new one waits
         * for the next round.  Back to front: dropping a client moves the
         * last one (already handled, or new) into its slot. */
        size_t polled = n;
        if (pf[0].revents & POLLIN) accept_all(lfd, cs, &n);
        /* Group commit: every request of the round is handled, then the
         * round's writes are committed with one flush, and only then is
         * any reply queued (nothing acknowledged before it is durable).
         * Clients stay in place until the replies are queued. */
        nx_server_group_begin(sv);
        for (size_t k = 0; k < polled; k++) {
            short ev = pf[k + 1].revents;
            gone[k] = (ev & (POLLIN | POLLHUP | POLLERR)) && read_client(sv, &cs[k]);
        }
        nx_server_group_end(sv, deliver, NULL);
        for (size_t k = polled; k-- > 0;)
            if (pf[k + 1].revents && (flush_out(&cs[k]) || gone[k])) drop_client(cs, &n, k);
        busy = nx_server_idle(sv);
    }
    while (n) drop_client(cs, &n, n - 1);
    free(cs);
    free(pf);
    free(gone);
    close(lfd);
    if (!strncmp(spec, "unix:", 5)) unlink(spec + 5);
    return 0;
}
