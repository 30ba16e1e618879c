/*
 * nx_text: formatting into fixed buffers without silent truncation.
 *
 * Two kinds of text go into fixed buffers, and each has its own call:
 *
 *  - nx_fmt: text made only from the engine's own tables and numbers
 *    (prompts, ids, log lines, rule explanations).  Its buffer is sized for
 *    the worst case, so an overflow is a bug in that sizing: it aborts,
 *    naming the call site, instead of handing a player a prompt cut short.
 *
 *  - nx_clip: diagnostics that echo foreign text of any length (a key of a
 *    JSON action, a Lua error, a parser's message).  No buffer can hold
 *    every input, so the cut is deliberate and visible: the text ends in
 *    "..." when it did not fit.
 *
 * Both return the length written (without the terminator).
 */
#ifndef NX_TEXT_H
#define NX_TEXT_H

#include <stdarg.h>
#include <stddef.h>

#define nx_fmt(buf, cap, ...) nx_fmt_at(__FILE__, __LINE__, (buf), (cap), __VA_ARGS__)
#define nx_vfmt(buf, cap, fmt, ap) nx_vfmt_at(__FILE__, __LINE__, (buf), (cap), (fmt), (ap))

int nx_fmt_at(const char *file, int line, char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int nx_vfmt_at(const char *file, int line, char *buf, size_t cap, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));

/* The mark that ends clipped text. */
#define NX_CLIP_MARK "..."

int nx_clip(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int nx_vclip(char *buf, size_t cap, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

/* A refusal's message, clipped like nx_clip into err (when err and cap
 * are given), and -1: what every "fail with a reason" helper returns. */
int nx_clip_fail(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Appends to the *used bytes already in buf, clipping like nx_clip; once
 * the buffer is full (*used == cap - 1) further appends change nothing. */
void nx_clip_append(char *buf, size_t cap, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void nx_vclip_append(char *buf, size_t cap, size_t *used, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));

#endif
