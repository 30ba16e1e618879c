#include "nx_token.h"

#include <string.h>
#include <sys/random.h>

#include "nx_sha256.h"

int nx_token_new(char out[NX_TOKEN_CHARS + 1])
{
    unsigned char raw[NX_TOKEN_CHARS / 2];
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n <= 0) return -1;
        got += (size_t)n;
    }
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[NX_TOKEN_CHARS] = '\0';
    return 0;
}

void nx_token_hash(const char *token, char out[NX_TOKEN_HASH_CHARS + 1])
{
    nx_sha256_hex_of(token, strlen(token), out);
}

int nx_token_matches(const char *token, const char *hash)
{
    if (!token || !hash || strlen(token) != NX_TOKEN_CHARS || strlen(hash) != NX_TOKEN_HASH_CHARS) return 0;
    char mine[NX_TOKEN_HASH_CHARS + 1];
    nx_token_hash(token, mine);
    unsigned char diff = 0;
    for (size_t i = 0; i < NX_TOKEN_HASH_CHARS; i++) diff |= (unsigned char)(mine[i] ^ hash[i]);
    return diff == 0;
}
