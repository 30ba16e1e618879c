#include "nx_rng.h"

#include <assert.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void nx_rng_seed(nx_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nx_rng_next(nx_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t nx_rng_below(nx_rng *r, uint32_t bound)
{
    assert(bound >= 1); /* an empty range has no uniform member */
    /* Rejection sampling: values in the last partial block would favour
     * small results. */
    uint64_t limit = UINT64_MAX - (UINT64_MAX % bound);
    uint64_t x;
    do x = nx_rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % bound);
}
