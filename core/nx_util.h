/*
 * nx_util: allocation that never returns NULL, and small string helpers.
 *
 * Out-of-memory in the host process is fatal: the engine cannot keep a
 * game consistent without memory, and every caller would otherwise have
 * to unwind a half-built structure.  (Lua scripts have their own capped
 * allocator in dsl/nx_sandbox.c and fail softly.)
 */
#ifndef NX_UTIL_H
#define NX_UTIL_H

#include <stdarg.h>
#include <stddef.h>

void *nx_xmalloc(size_t n);
void *nx_xcalloc(size_t n, size_t size);
void *nx_xrealloc(void *p, size_t n);
char *nx_xstrdup(const char *s);
char *nx_xstrndup(const char *s, size_t n);
char *nx_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *nx_vasprintf(const char *fmt, va_list ap);

/* Read a whole file; returns NULL and sets *err (static text) on failure. */
char *nx_read_file(const char *path, size_t *len, const char **err);

/* The regular files of `dir` whose names end in `suffix` (dot files
 * excluded), as full paths sorted by name; -1 if the directory cannot be
 * read.  Free with nx_strings_free. */
int nx_list_files(const char *dir, const char *suffix, char ***out, size_t *n);
void nx_strings_free(char **v, size_t n);

/* Join a directory and a relative path ("a/b" + "c.lua" -> "a/b/c.lua"). */
char *nx_path_join(const char *dir, const char *rel);

/* The directory part of a path ("a/b/c.yaml" -> "a/b", "c" -> "."). */
char *nx_path_dir(const char *path);

#endif
