/*
 * nx_token: the serve protocol's bearer tokens.
 *
 * A room has a host token and one token per seat, each 128 random bits
 * from the kernel (getrandom), shown once, in the reply that created the
 * room, and stored only as SHA-256 hashes in the room's meta: a copy of
 * the store lets nobody act as a seat.  Comparison is in constant time
 * over the hashes, so timing tells nothing about how much of a guess was
 * right.
 */
#ifndef NX_TOKEN_H
#define NX_TOKEN_H

#include <stddef.h>

#define NX_TOKEN_CHARS 32          /* hex digits of 16 random bytes */
#define NX_TOKEN_HASH_CHARS 64     /* hex SHA-256 */

/* A fresh token into out[NX_TOKEN_CHARS + 1]; -1 when the kernel gives no
 * randomness (nothing is created without it). */
int nx_token_new(char out[NX_TOKEN_CHARS + 1]);

/* The stored form of a token into out[NX_TOKEN_HASH_CHARS + 1]. */
void nx_token_hash(const char *token, char out[NX_TOKEN_HASH_CHARS + 1]);

/* Does token hash to `hash`?  0 for a NULL or malformed token. */
int nx_token_matches(const char *token, const char *hash);

#endif
