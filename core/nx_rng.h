/*
 * nx_rng: the one seeded generator inside a game state (xoshiro256**,
 * seeded through splitmix64).  No other source of randomness exists in
 * the engine: no clock, no addresses, no libc rand.
 */
#ifndef NX_RNG_H
#define NX_RNG_H

#include <stdint.h>

typedef struct nx_rng {
    uint64_t s[4];
} nx_rng;

void nx_rng_seed(nx_rng *r, uint64_t seed);
uint64_t nx_rng_next(nx_rng *r);
/* Uniform in [0, bound) without modulo bias; bound >= 1. */
uint32_t nx_rng_below(nx_rng *r, uint32_t bound);

#endif
