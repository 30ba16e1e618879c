#include "nx_util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void nx_oom(void)
{
    fputs("nexus: out of memory\n", stderr);
    abort();
}

void *nx_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) nx_oom();
    return p;
}

void *nx_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) nx_oom();
    return p;
}

void *nx_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) nx_oom();
    return q;
}

char *nx_xstrdup(const char *s) { return nx_xstrndup(s, strlen(s)); }

char *nx_xstrndup(const char *s, size_t n)
{
    char *p = nx_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *nx_vasprintf(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return nx_xstrdup("(format error)");
    char *p = nx_xmalloc((size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

char *nx_asprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = nx_vasprintf(fmt, ap);
    va_end(ap);
    return p;
}

char *nx_read_file(const char *path, size_t *len, const char **err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = strerror(errno);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = nx_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) buf = nx_xrealloc(buf, cap *= 2);
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        *err = "read error";
        return NULL;
    }
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}

char *nx_path_join(const char *dir, const char *rel)
{
    if (rel[0] == '/' || !dir || !dir[0]) return nx_xstrdup(rel);
    return nx_asprintf("%s/%s", dir, rel);
}

char *nx_path_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return nx_xstrdup(".");
    if (slash == path) return nx_xstrdup("/");
    return nx_xstrndup(path, (size_t)(slash - path));
}

static int ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    return n > k && !strcmp(name + n - k, suffix);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int nx_list_files(const char *dir, const char *suffix, char ***out, size_t *n)
{
    DIR *dp = opendir(dir);
    *out = NULL;
    *n = 0;
    if (!dp) return -1;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.' || !ends_with(e->d_name, suffix)) continue;
        char *path = nx_path_join(dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            *out = nx_xrealloc(*out, (*n + 1) * sizeof **out);
            (*out)[(*n)++] = path;
        } else {
            free(path);
        }
    }
    closedir(dp);
    /* readdir order depends on the file system: sort for determinism. */
    if (*n) qsort(*out, *n, sizeof **out, cmp_str);
    return 0;
}

void nx_strings_free(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i]);
    free(v);
}
