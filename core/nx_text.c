#include "nx_text.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int nx_vfmt_at(const char *file, int line, char *buf, size_t cap, const char *fmt, va_list ap)
{
    if (!cap) return vsnprintf(NULL, 0, fmt, ap);   /* no buffer: the caller wants no text */
    assert(buf);
    int n = vsnprintf(buf, cap, fmt, ap);
    if (n < 0 || (size_t)n >= cap) {
        /* A sizing bug, not bad input: stop before the cut text is used. */
        fprintf(stderr, "nexus: %s:%d: text of %d bytes overflows its %zu-byte buffer: \"%s\"\n", file, line, n, cap,
                buf);
        abort();
    }
    return n;
}

int nx_fmt_at(const char *file, int line, char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = nx_vfmt_at(file, line, buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

/* End a full buffer with the clip mark, on a UTF-8 character boundary. */
static void mark_clipped(char *buf, size_t cap, size_t *used)
{
    size_t mark = sizeof NX_CLIP_MARK - 1;
    if (mark > cap - 1) mark = cap - 1;   /* a tiny buffer keeps what of the mark fits */
    size_t at = cap - 1 - mark;
    while (at > 0 && ((unsigned char)buf[at] & 0xC0) == 0x80) at--;
    memcpy(buf + at, NX_CLIP_MARK, mark);
    buf[at + mark] = '\0';
    *used = cap - 1;   /* full: later appends find no room */
}

static int clipped(const char *buf)
{
    size_t len = strlen(buf), mark = strlen(NX_CLIP_MARK);
    return len >= mark && !memcmp(buf + len - mark, NX_CLIP_MARK, mark);
}

void nx_vclip_append(char *buf, size_t cap, size_t *used, const char *fmt, va_list ap)
{
    if (!cap) return;   /* no buffer: the caller wants no text */
    assert(buf && *used < cap);
    if (*used == cap - 1 && clipped(buf)) return;   /* already cut: the rest is dropped */
    int n = vsnprintf(buf + *used, cap - *used, fmt, ap);
    if (n < 0) {
        buf[*used] = '\0';
        return;
    }
    if ((size_t)n < cap - *used) *used += (size_t)n;
    else mark_clipped(buf, cap, used);
}

void nx_clip_append(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nx_vclip_append(buf, cap, used, fmt, ap);
    va_end(ap);
}

int nx_vclip(char *buf, size_t cap, const char *fmt, va_list ap)
{
    if (!cap) return 0;
    size_t used = 0;
    nx_vclip_append(buf, cap, &used, fmt, ap);
    return (int)strlen(buf);
}

int nx_clip(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = nx_vclip(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

int nx_clip_fail(char *err, size_t cap, const char *fmt, ...)
{
    if (err && cap) {
        va_list ap;
        va_start(ap, fmt);
        nx_vclip(err, cap, fmt, ap);
        va_end(ap);
    }
    return -1;
}
