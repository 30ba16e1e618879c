/* nx_words: counts that read as English (nx_words.h). */
#include "nx_words.h"

#include "nx_text.h"

const char *nx_plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

const char *nx_count(char *buf, size_t len, int n, const char *one, const char *many, int none)
{
    if (n == 0 && none) nx_fmt(buf, len, "no %s", many);
    else nx_fmt(buf, len, "%d %s", n, nx_plural(n, one, many));
    return buf;
}
