/*
 * nx_listen: `nexus serve --listen unix:PATH | tcp:[ADDRESS:]PORT` — the
 * line protocol of nx_serve.h over a socket, many connections at once,
 * until SIGINT or SIGTERM.  TCP listens on the loopback address unless an
 * address is given.  See nx_listen.c for the scheduling bound.
 */
#ifndef NX_LISTEN_H
#define NX_LISTEN_H

#include <stdio.h>

#include "nx_serve.h"

/* 0 after a clean stop; -1 (said on err) when it cannot listen. */
int nx_serve_listen(nx_server *sv, const char *spec, FILE *err);

#endif
