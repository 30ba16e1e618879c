/*
 * nexus repin FILE [--save OUT]: carry a saved game over an edit of the
 * pack that changes no rule it already ran.
 *
 * Loading refuses a game saved under another pack digest, since a
 * different pack may play its logged actions differently.  Repin is the
 * explicit way through: the log is replayed under the current pack
 * (nx_game_load_unpinned), and only when every result and the final
 * state are the saved ones is the game saved again, pinned to the
 * current pack's digest.  Otherwise the first action that differs is
 * named (log index, id, saved and replayed result) and nothing is written.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_util.h"
#include "nx_words.h"

static const char *saved_digest(json_t *root)
{
    return json_string_value(json_object_get(json_object_get(root, "pack"), "digest"));
}

int nx_cmd_repin(nx_cli *cli)
{
    const char *file = NULL, *save = NULL;
    for (int i = 1; i < cli->argc; i++) {
        const char *s = cli->argv[i];
        if (!strcmp(s, "--save")) {
            if (i + 1 >= cli->argc) return nx_cli_usage_error(cli, "repin", "--save needs a value");
            save = cli->argv[++i];
        } else if (s[0] == '-' && s[1]) return nx_cli_usage_error(cli, "repin", "unknown option '%s'", s);
        else if (file) return nx_cli_usage_error(cli, "repin", "unexpected argument '%s'", s);
        else file = s;
    }
    if (!file) return nx_cli_usage_error(cli, "repin", "usage: nexus repin FILE [--save OUT]");
    const char *why;
    char *text = nx_read_file(file, NULL, &why);
    if (!text) {
        fprintf(cli->err, "%s: cannot read: %s\n", file, why);
        return NX_EXIT_INVALID;
    }
    json_t *root = json_loads(text, 0, NULL);
    char *old = nx_xstrdup(root && saved_digest(root) ? saved_digest(root) : "?");
    json_decref(root);
    free(text);
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) {
        free(old);
        return NX_EXIT_INVALID;
    }
    int rc = NX_EXIT_INVALID;
    nx_game *g = nx_cli_load_game(cli, &rt, file, 0);
    if (g) {
        char *out = nx_game_save(g);
        if (!nx_cli_write_text(cli, save ? save : file, out)) {
            rc = NX_EXIT_OK;
            if (!strcmp(old, rt.pack.digest))
                fprintf(cli->out, "%s: already pinned to this pack (%s); %zu action%s replayed the same\n", file, old,
                        nx_game_log_length(g), nx_plural(nx_game_log_length(g), "", "s"));
            else
                fprintf(cli->out, "%s: %zu action%s replay the same under this pack: re-pinned from %s to %s%s%s\n", file,
                        nx_game_log_length(g), nx_plural(nx_game_log_length(g), "", "s"), old, rt.pack.digest,
                        save ? ", saved to " : "", save ? save : "");
        }
        free(out);
        nx_game_free(g);
    } else {
        fprintf(cli->err, "nexus repin: not re-pinned; %s is unchanged\n", file);
    }
    free(old);
    nx_runtime_close(&rt);
    return rc;
}
