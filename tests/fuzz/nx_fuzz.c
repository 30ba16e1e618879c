#include "nx_fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nx_util.h"

void nx_fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "nexus fuzz: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

const nx_runtime *nx_fuzz_runtime(void)
{
    static nx_runtime rt;
    static int ready;
    if (!ready) {
        nx_diags d;
        nx_diags_init(&d);
        if (nx_runtime_open(&rt, NX_FUZZ_SOURCE_DIR "/cards/pack.yaml", &d)) {
            nx_diags_print(&d, stderr);
            nx_fuzz_fail("the built-in pack does not load");
        }
        nx_diags_free(&d);
        ready = 1;
    }
    return &rt;
}

const char *nx_fuzz_pack_copy(void)
{
    static char dir[] = "/tmp/nx-fuzz-pack-XXXXXX";
    static int ready;
    if (!ready) {
        if (!mkdtemp(dir)) nx_fuzz_fail("cannot make a temporary directory");
        char *cmd = nx_asprintf("cp -r '%s/cards' '%s/rulings' '%s/'", NX_FUZZ_SOURCE_DIR, NX_FUZZ_SOURCE_DIR, dir);
        if (system(cmd)) nx_fuzz_fail("cannot copy the pack: %s", cmd);
        free(cmd);
        ready = 1;
    }
    return dir;
}

char *nx_fuzz_text(const uint8_t *data, size_t size)
{
    char *t = nx_xmalloc(size + 1);
    if (size) memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

void nx_fuzz_write(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) nx_fuzz_fail("cannot write %s", path);
}

const char *nx_fuzz_temp(const char *suffix)
{
    static char path[128];
    snprintf(path, sizeof path, "/tmp/nx-fuzz-%ld%s", (long)getpid(), suffix);
    return path;
}
