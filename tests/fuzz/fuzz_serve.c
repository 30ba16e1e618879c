/* The serve line handler (nx_server_handle): the input is a session, one
 * request per line, on a fresh server with an in-memory store.  Every
 * line gets exactly one reply, a single line of valid JSON with "ok". */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nx_fuzz.h"
#include "nx_serve.h"

#define MAX_LINES 64

static void check_reply(const char *reply)
{
    if (strchr(reply, '\n')) nx_fuzz_fail("a reply spans lines: %s", reply);
    json_t *j = json_loads(reply, 0, NULL);
    if (!json_is_boolean(json_object_get(j, "ok"))) nx_fuzz_fail("a reply is not a JSON object with ok: %s", reply);
    json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const nx_runtime *rt = nx_fuzz_runtime();
    char err[256];
    nx_store *st = nx_store_open(":memory:", err, sizeof err);
    if (!st) nx_fuzz_fail("%s", err);
    nx_server *sv = nx_server_new(rt, st);
    const char *p = (const char *)data, *end = p + size;
    for (int n = 0; p < end && n < MAX_LINES; n++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        char *reply = nx_server_handle(sv, p, len);
        if (reply) check_reply(reply);
        free(reply);
        p += len + (nl != NULL);
    }
    nx_server_free(sv);
    nx_store_close(st);
    return 0;
}
