#include "nx_patterns.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "nx_util.h"

struct nx_patterns {
    int n;
    pcre2_match_data *md;
    pcre2_code *re[];
};

nx_patterns *nx_patterns_compile(const char *const *texts, int n)
{
    nx_patterns *p = nx_xcalloc(1, sizeof *p + (size_t)n * sizeof p->re[0]);
    p->n = n;
    for (int i = 0; i < n; i++) {
        int err;
        PCRE2_SIZE off;
        p->re[i] = pcre2_compile((PCRE2_SPTR)texts[i], PCRE2_ZERO_TERMINATED, PCRE2_DOLLAR_ENDONLY,
                                 &err, &off, NULL);
        /* The patterns are constants of the calling file: one that does
         * not compile is a programming error, caught by every test run. */
        assert(p->re[i] != NULL);
        if (!p->re[i]) abort();
    }
    p->md = pcre2_match_data_create(1, NULL);
    if (!p->md) abort();
    return p;
}

int nx_patterns_match(const nx_patterns *p, int which, const char *s)
{
    assert(which >= 0 && which < p->n);
    /* rc 0 means "matched, ovector too small": still a match. */
    return pcre2_match(p->re[which], (PCRE2_SPTR)s, strlen(s), 0, 0, p->md, NULL) >= 0;
}

void nx_patterns_free(nx_patterns *p)
{
    if (!p) return;
    for (int i = 0; i < p->n; i++) pcre2_code_free(p->re[i]);
    pcre2_match_data_free(p->md);
    free(p);
}
