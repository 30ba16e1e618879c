/*
 * nx_cli: the `nexus` command line.
 *
 * Exit codes (documented in --help and README.md):
 *   0  success
 *   1  invalid input: a pack, rulings, settings, scenario or saved game
 *      with problems, an illegal action, a failed scenario expectation
 *   2  usage: unknown command or option, missing argument
 */
#ifndef NX_CLI_H
#define NX_CLI_H

#include <stdio.h>

#include "nx_game.h"
#include "nx_runtime.h"
#include "nx_pack.h"
#include "nx_panel_ctx.h"

enum { NX_EXIT_OK = 0, NX_EXIT_INVALID = 1, NX_EXIT_USAGE = 2 };

/* Options every command shares, parsed before the command name. */
typedef struct nx_cli {
    const char *pack_path;   /* --pack, $NEXUS_PACK, or the built-in pack */
    int argc;                /* the command's own arguments */
    char **argv;
    FILE *out;
    FILE *err;
} nx_cli;

int nx_cli_main(int argc, char **argv);

/* Where the executable was built and the source tree's pack: a binary run
 * from bin_dir reads source_pack, any other copy (installed) its own
 * prefix's share/nexus.  Call before nx_cli_main; without it, the
 * installed pack is the default. */
void nx_cli_build_tree(const char *bin_dir, const char *source_pack);
/* The pack a command uses when no --pack is given: $NEXUS_PACK, the source
 * tree's from the build tree's binary, else the pack installed beside it. */
const char *nx_cli_default_pack(void);

/* Load the pack named by cli->pack_path, printing diagnostics on failure. */
int nx_cli_load_pack(const nx_cli *cli, nx_pack *pack);

/* Settings from an optional --rulings FILE and any --set ID=SETTING (later
 * wins).  Prints every problem; 0 or -1. */
int nx_cli_settings(const nx_cli *cli, const nx_rulings *r, const char *file,
                    const char *const *sets, size_t nsets, nx_settings *out);

/* Print "nexus <cmd>: <message>" and return NX_EXIT_USAGE. */
int nx_cli_usage_error(const nx_cli *cli, const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The options of the game commands (new, apply, view, play), parsed by
 * nx_cli_game_args; each command refuses the ones it does not take. */
typedef struct nx_game_args {
    nx_game_config cfg;
    int have_factions, seats;
    const char *rulings, *save, *seat, *bots, *store;
    const char **sets, **rest;
    size_t nsets, nrest;
    int all, spectator;
} nx_game_args;

/* 0, or NX_EXIT_USAGE after printing why. */
int nx_cli_game_args(nx_cli *cli, nx_game_args *g);
void nx_cli_game_args_free(nx_game_args *g);
/* The pack named by cli->pack_path with its panels compiled; diagnostics
 * printed on failure. */
int nx_cli_open_runtime(nx_cli *cli, nx_runtime *rt);
/* Write a file through a temporary and a rename; 0 or -1 (printed). */
int nx_cli_write_text(nx_cli *cli, const char *path, const char *text);

/* The designer's commands (board, replay): FILE [--seat S | --spectator]
 * OUT_FLAG OUT.  0, or NX_EXIT_USAGE after printing why. */
typedef struct nx_view_args {
    const char *file, *seat, *out;
    int spectator;
} nx_view_args;
int nx_cli_view_args(nx_cli *cli, const char *out_flag, nx_view_args *v);
/* The seat a --seat names in g (-1: spectator); 0 or NX_EXIT_USAGE. */
int nx_cli_view_seat(nx_cli *cli, const nx_view_args *v, const nx_game *g, int *seat);
/* Load a saved game (pinned: refuse another pack's digest); NULL after
 * printing why. */
nx_game *nx_cli_load_game(nx_cli *cli, const nx_runtime *rt, const char *path, int pinned);

/* Commands; each gets cli->argv[0] == its own name. */
int nx_cmd_check(nx_cli *cli);
int nx_cmd_cards(nx_cli *cli);
int nx_cmd_rulings(nx_cli *cli);
int nx_cmd_availability(nx_cli *cli);
int nx_cmd_new(nx_cli *cli);
int nx_cmd_apply(nx_cli *cli);
int nx_cmd_view(nx_cli *cli);
int nx_cmd_test(nx_cli *cli);
int nx_cmd_play(nx_cli *cli);
int nx_cmd_serve(nx_cli *cli);
int nx_cmd_stubs(nx_cli *cli);
int nx_cmd_schema(nx_cli *cli);

int nx_cmd_board(nx_cli *cli);
int nx_cmd_replay(nx_cli *cli);
int nx_cmd_repin(nx_cli *cli);
int nx_cmd_verify(nx_cli *cli);
int nx_cmd_simulate(nx_cli *cli);

#endif
