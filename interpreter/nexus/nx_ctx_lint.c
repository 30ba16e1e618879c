/*
 * `nexus check`: calls of ctx methods that do not exist.
 *
 * Lua resolves `ctx:drw(...)` only when the line runs, so a misspelt
 * method passes loading and fails in the middle of a game.  The scan reads
 * each panel script for `ctx:name` and `ctx.name` (panels name their
 * argument ctx by convention, docs/dsl.md) outside comments and strings,
 * and reports a name the ctx method table does not know at its file, line
 * and column.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_panel_ctx.h"
#include "nx_util.h"

static int ident(int c) { return isalnum(c) || c == '_'; }

/* Skip a string literal starting at s[i] (quote q); returns the index after it. */
static size_t skip_string(const char *s, size_t i, int *line)
{
    char q = s[i++];
    while (s[i] && s[i] != q) {
        if (s[i] == '\\' && s[i + 1]) i++;
        if (s[i] == '\n') (*line)++;
        i++;
    }
    return s[i] ? i + 1 : i;
}

/* Skip a long bracket ([[...]], [==[...]==]) at s[i]; 0 when there is none. */
static size_t skip_long(const char *s, size_t i, int *line)
{
    size_t j = i + 1, level = 0;
    while (s[j] == '=') j++, level++;
    if (s[i] != '[' || s[j] != '[') return 0;
    for (j++; s[j]; j++) {
        if (s[j] == '\n') (*line)++;
        if (s[j] != ']') continue;
        size_t k = j + 1, l = 0;
        while (s[k] == '=') k++, l++;
        if (l == level && s[k] == ']') return k + 1;
    }
    return j;
}

int nx_ctx_lint_text(const char *file, const char *s, nx_diags *d)
{
    int line = 1, bad = 0;
    size_t bol = 0;
    for (size_t i = 0; s[i];) {
        if (s[i] == '\n') {
            line++;
            bol = ++i;
            continue;
        }
        if (s[i] == '-' && s[i + 1] == '-') {
            size_t e = skip_long(s, i + 2, &line);
            if (e) i = e;
            else while (s[i] && s[i] != '\n') i++;
            continue;
        }
        if (s[i] == '"' || s[i] == '\'') {
            i = skip_string(s, i, &line);
            continue;
        }
        if (s[i] == '[') {
            size_t e = skip_long(s, i, &line);
            if (e) {
                i = e;
                continue;
            }
        }
        if (!strncmp(s + i, "ctx", 3) && (i == 0 || !ident((unsigned char)s[i - 1])) && (s[i + 3] == ':' || s[i + 3] == '.')) {
            size_t n = i + 4, start = n;
            while (ident((unsigned char)s[n])) n++;
            if (n > start) {
                char name[64];
                size_t len = n - start < sizeof name - 1 ? n - start : sizeof name - 1;
                memcpy(name, s + start, len);
                name[len] = 0;
                if (!nx_panel_ctx_known(name)) {
                    const char *close = nx_panel_ctx_suggest(name);
                    nx_diags_add(d, file, line, (int)(start - bol) + 1, "ctx has no method or field '%s'%s%s%s",
                                 name, close ? " (did you mean '" : "", close ? close : "", close ? "'?)" : "");
                    bad = 1;
                }
            }
            i = n;
            continue;
        }
        i++;
    }
    return bad ? -1 : 0;
}

int nx_ctx_lint_pack(const nx_pack *pack, nx_diags *d)
{
    int bad = 0;
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *p = &pack->cards[f].panels[m];
            if (!p->script_path) continue;
            const char *why = NULL;
            char *text = nx_read_file(p->script_path, NULL, &why);
            if (!text) continue;   /* the loader already reported an unreadable script */
            bad |= nx_ctx_lint_text(p->script_path, text, d) != 0;
            free(text);
        }
    /* The shared helpers of cards/lib take the panel's ctx too. */
    char *dir = nx_path_join(pack->dir, "lib");
    char **paths = NULL;
    size_t n = 0;
    if (nx_list_files(dir, ".lua", &paths, &n) != 0) n = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(paths[i]);
        if (len > 6 && !strcmp(paths[i] + len - 6, ".d.lua")) continue;   /* the stubs define ctx */
        const char *why = NULL;
        char *text = nx_read_file(paths[i], NULL, &why);
        if (text) bad |= nx_ctx_lint_text(paths[i], text, d) != 0;
        free(text);
    }
    nx_strings_free(paths, n);
    free(dir);
    return bad ? -1 : 0;
}
