/* Without libFuzzer: run each file named on the command line (or each
 * file in a named directory) through the target once.  The crash fixtures
 * in tests/fuzz/regress/ run this way in the normal test suite; a fixture
 * that crashes again fails its test. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nx_fuzz.h"
#include "nx_util.h"

static int run_file(const char *path)
{
    size_t len;
    const char *why;
    char *data = nx_read_file(path, &len, &why);
    if (!data) {
        fprintf(stderr, "%s: %s\n", path, why);
        return 1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)data, len);
    free(data);
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The directory's files in name order, so a run is reproducible. */
static int run_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot open\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') {
            names = nx_xrealloc(names, (n + 1) * sizeof *names);
            names[n++] = nx_asprintf("%s/%s", dir, e->d_name);
        }
    closedir(d);
    qsort(names, n, sizeof *names, cmp);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        bad |= run_file(names[i]);
        free(names[i]);
        (*count)++;
    }
    free(names);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (!stat(argv[i], &st) && S_ISDIR(st.st_mode)) bad |= run_dir(argv[i], &count);
        else bad |= run_file(argv[i]), count++;
    }
    printf("%s: %d inputs ran\n", argv[0], count);
    return bad;
}
