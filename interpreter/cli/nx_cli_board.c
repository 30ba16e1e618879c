/* nexus board FILE [--seat S | --spectator] --svg OUT: a picture of the
 * board as one seat (or a spectator) sees it, drawn from its view. */
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_svg.h"
#include "nx_util.h"

nx_game *nx_cli_load_game(nx_cli *cli, const nx_runtime *rt, const char *path, int pinned)
{
    const char *why;
    char *text = nx_read_file(path, NULL, &why);
    if (!text) {
        fprintf(cli->err, "%s: cannot read: %s\n", path, why);
        return NULL;
    }
    char err[4096] = "";
    nx_game *g = pinned ? nx_game_load(rt, text, err, sizeof err) : nx_game_load_unpinned(rt, text, err, sizeof err);
    free(text);
    if (!g) fprintf(cli->err, "%s: refused: %s\n", path, err);
    return g;
}

int nx_cli_view_args(nx_cli *cli, const char *out_flag, nx_view_args *v)
{
    memset(v, 0, sizeof *v);
    const char *cmd = cli->argv[0];
    for (int i = 1; i < cli->argc; i++) {
        const char *s = cli->argv[i];
        int value = !strcmp(s, "--seat") || !strcmp(s, out_flag);
        if (value && i + 1 >= cli->argc) return nx_cli_usage_error(cli, cmd, "%s needs a value", s);
        if (!strcmp(s, "--seat")) v->seat = cli->argv[++i];
        else if (!strcmp(s, out_flag)) v->out = cli->argv[++i];
        else if (!strcmp(s, "--spectator")) v->spectator = 1;
        else if (s[0] == '-' && s[1]) return nx_cli_usage_error(cli, cmd, "unknown option '%s'", s);
        else if (v->file) return nx_cli_usage_error(cli, cmd, "unexpected argument '%s'", s);
        else v->file = s;
    }
    if (!v->file) return nx_cli_usage_error(cli, cmd, "which saved game? (usage: nexus %s FILE [--seat S | --spectator] %s OUT)", cmd, out_flag);
    if (!v->out) return nx_cli_usage_error(cli, cmd, "%s OUT is required", out_flag);
    if (v->seat && v->spectator) return nx_cli_usage_error(cli, cmd, "choose one of --seat S and --spectator");
    return 0;
}

int nx_cli_view_seat(nx_cli *cli, const nx_view_args *v, const nx_game *g, int *seat)
{
    int n = nx_game_state(g)->nseats;
    *seat = -1;
    if (!v->seat) return 0;
    char *end = NULL;
    long s = strtol(v->seat, &end, 10);
    if (!*v->seat || *end || s < 0 || s >= n)
        return nx_cli_usage_error(cli, cli->argv[0], "--seat must be 0 to %d, not '%s'", n - 1, v->seat);
    *seat = (int)s;
    return 0;
}

int nx_cmd_board(nx_cli *cli)
{
    nx_view_args v;
    int rc = nx_cli_view_args(cli, "--svg", &v);
    if (rc) return rc;
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) return NX_EXIT_INVALID;
    nx_game *g = nx_cli_load_game(cli, &rt, v.file, 1);
    int seat;
    rc = !g ? NX_EXIT_INVALID : nx_cli_view_seat(cli, &v, g, &seat);
    if (!rc) {
        json_t *view = nx_game_view_json(g, seat);
        char *svg = nx_svg_board(view);
        json_decref(view);
        rc = nx_cli_write_text(cli, v.out, svg) ? NX_EXIT_INVALID : NX_EXIT_OK;
        if (!rc) fprintf(cli->out, "wrote %s\n", v.out);
        free(svg);
    }
    nx_game_free(g);
    nx_runtime_close(&rt);
    return rc;
}
