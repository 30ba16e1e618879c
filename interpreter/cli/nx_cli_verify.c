/*
 * nexus verify FILE: replay a saved game's whole log and compare.
 *
 * A load trusts the saved state of a file whose checksum matches
 * (nx_game_load); verify always rebuilds the game from its log
 * (nx_game_load_verified): every action's result and the final state must
 * be the saved ones, or the first difference is named.  For auditors, and
 * for a file whose producer is in doubt.
 */
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_util.h"

int nx_cmd_verify(nx_cli *cli)
{
    if (cli->argc != 2 || cli->argv[1][0] == '-')
        return nx_cli_usage_error(cli, "verify", "usage: nexus verify FILE");
    const char *file = cli->argv[1];
    const char *why;
    char *text = nx_read_file(file, NULL, &why);
    if (!text) {
        fprintf(cli->err, "%s: cannot read: %s\n", file, why);
        return NX_EXIT_INVALID;
    }
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) {
        free(text);
        return NX_EXIT_INVALID;
    }
    char err[4096] = "";
    nx_game *g = nx_game_load_verified(&rt, text, err, sizeof err);
    free(text);
    int rc = NX_EXIT_INVALID;
    if (g) {
        size_t n = nx_game_log_length(g);
        fprintf(cli->out, "%s: %zu action%s replayed; every result and the final state are the saved ones\n", file,
                n, n == 1 ? "" : "s");
        rc = NX_EXIT_OK;
        nx_game_free(g);
    } else fprintf(cli->err, "%s: refused: %s\n", file, err);
    nx_runtime_close(&rt);
    return rc;
}
