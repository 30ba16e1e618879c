/* nexus serve [--store DB | postgresql://...] [--lease-ms N] [--listen unix:PATH | tcp:[ADDRESS:]PORT]: the
 * host's line protocol (host/nx_serve.h) over stdin and stdout, or over a
 * socket (host/nx_listen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_listen.h"
#include "nx_serve.h"
#include "nx_util.h"

#define SERVE_USAGE "[--store DB | --store postgresql://... | --store pg:CONNINFO] [--lease-ms N] " \
                    "[--listen unix:PATH | tcp:[ADDRESS:]PORT]"

/* One line into buf (room for NX_SERVE_MAX_LINE + 1 bytes), without its
 * newline; a longer line is read to its end and reported one byte too
 * long.  -1 at the end of the input. */
static long read_line(FILE *in, char *buf)
{
    size_t len = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n')
        if (len <= NX_SERVE_MAX_LINE) buf[len++] = (char)c;
    if (c == EOF && len == 0) return -1;
    return (long)len;
}

int nx_cmd_serve(nx_cli *cli)
{
    const char *store_path = ":memory:", *listen_on = NULL;
    long lease_ms = 15000;
    for (int i = 1; i < cli->argc; i++) {
        const char *opt = cli->argv[i], *val = i + 1 < cli->argc ? cli->argv[i + 1] : NULL;
        if (!val) return nx_cli_usage_error(cli, "serve", "usage: nexus serve " SERVE_USAGE);
        i++;
        if (!strcmp(opt, "--store")) {
            store_path = val;
        } else if (!strcmp(opt, "--listen")) {
            listen_on = val;
        } else if (!strcmp(opt, "--lease-ms")) {
            char *end;
            lease_ms = strtol(val, &end, 10);
            if (*end || end == val || lease_ms < 300 || lease_ms > 3600000)
                return nx_cli_usage_error(cli, "serve", "--lease-ms takes milliseconds from 300 to 3600000, not '%s'", val);
        } else {
            return nx_cli_usage_error(cli, "serve", "usage: nexus serve " SERVE_USAGE);
        }
    }
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    int bad = nx_runtime_open(&rt, cli->pack_path, &d);
    nx_diags_print(&d, cli->err);
    nx_diags_free(&d);
    if (bad) return NX_EXIT_INVALID;
    char err[512];
    nx_store *st = nx_store_open(store_path, err, sizeof err);
    if (!st) {
        fprintf(cli->err, "nexus serve: %s\n", err);
        nx_runtime_close(&rt);
        return NX_EXIT_INVALID;
    }
    nx_server *sv = nx_server_new(&rt, st);
    nx_server_set_lease_ms(sv, (int)lease_ms);
    if (listen_on) {
        int rc = nx_serve_listen(sv, listen_on, cli->err);
        nx_server_free(sv);
        nx_store_close(st);
        nx_runtime_close(&rt);
        return rc ? NX_EXIT_INVALID : NX_EXIT_OK;
    }
    char *line = nx_xmalloc(NX_SERVE_MAX_LINE + 1);
    long len;
    while ((len = read_line(stdin, line)) >= 0) {
        char *reply = nx_server_handle(sv, line, (size_t)len);
        if (!reply) continue;
        fprintf(cli->out, "%s\n", reply);
        fflush(cli->out);
        free(reply);
    }
    free(line);
    nx_server_free(sv);
    nx_store_close(st);
    nx_runtime_close(&rt);
    return NX_EXIT_OK;
}
