/*
 * Shared pieces of the fuzz targets (tests/fuzz/fuzz_*.c).
 *
 * Each target defines LLVMFuzzerTestOneInput.  Built with clang and
 * -fsanitize=fuzzer (NX_FUZZ=ON) it is a libFuzzer binary; built with
 * replay_main.c instead it runs the files it is given once each, which is
 * how the crash fixtures in tests/fuzz/regress/ run in the normal suite.
 * A broken property calls nx_fuzz_fail, which aborts (a libFuzzer crash).
 */
#ifndef NX_FUZZ_H
#define NX_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "nx_runtime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The built-in pack, loaded once per process. */
const nx_runtime *nx_fuzz_runtime(void);
/* A private copy of the source tree's cards/ and rulings/, made once per
 * process; its directory. */
const char *nx_fuzz_pack_copy(void);
/* A NUL-terminated copy of the input (caller frees). */
char *nx_fuzz_text(const uint8_t *data, size_t size);
/* Write bytes to a file, replacing it; aborts when it cannot. */
void nx_fuzz_write(const char *path, const void *data, size_t size);
/* A file path private to this process, under /tmp, ending in `suffix`. */
const char *nx_fuzz_temp(const char *suffix);
/* Report a broken property and abort. */
void nx_fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
