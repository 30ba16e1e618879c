/*
 * nx_sha256: SHA-256 (FIPS 180-4), small and dependency-free.
 *
 * Used for the card pack digest: a fingerprint of every file a pack is
 * made of, so a game record can name the exact rules it was played under.
 * Streaming interface: init, update any number of times, final.
 */
#ifndef NX_SHA256_H
#define NX_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define NX_SHA256_BYTES 32
#define NX_SHA256_HEX_LEN 64   /* hex digits, without the NUL */

typedef struct nx_sha256 {
    uint32_t state[8];
    uint64_t total;            /* bytes hashed so far */
    uint8_t block[64];         /* pending input, `used` bytes of it */
    size_t used;
} nx_sha256;

void nx_sha256_init(nx_sha256 *c);
void nx_sha256_update(nx_sha256 *c, const void *data, size_t len);
/* Finish and write the 32-byte digest; the context must be re-initialised
 * before it is used again. */
void nx_sha256_final(nx_sha256 *c, uint8_t out[NX_SHA256_BYTES]);

/* Lower-case hex of a digest into out[65] (NUL-terminated). */
void nx_sha256_hex(const uint8_t digest[NX_SHA256_BYTES],
                   char out[NX_SHA256_HEX_LEN + 1]);

/* One-shot: hex digest of a buffer. */
void nx_sha256_hex_of(const void *data, size_t len,
                      char out[NX_SHA256_HEX_LEN + 1]);

#endif
