#include "nx_cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nx_util.h"
#include "nx_version.h"

typedef struct nx_command {
    const char *name;
    int (*run)(nx_cli *cli);
    const char *usage;
    const char *summary;
} nx_command;

static const nx_command commands[] = {
    { "check", nx_cmd_check, "check [PACK]",
      "validate a card pack (every problem as file:line:col)" },
    { "cards", nx_cmd_cards, "cards [--json]",
      "the twelve cards and their thirty-six panels" },
    { "rulings", nx_cmd_rulings,
      "rulings [list|show ID] [--match REGEX] [--json]",
      "the open questions and provisional choices that gate panels" },
    { "availability", nx_cmd_availability,
      "availability [--rulings FILE] [--set ID=SETTING]... [--json]",
      "which panels can be played under a set of ruling settings, and why not" },
    { "new", nx_cmd_new,
      "new --save FILE (--factions A,B,.. | --seats K) [--seed N] [--nexus-cards] [--advanced] [--designer | --staging] [--rulings FILE] [--set ID=SETTING]",
      "set up a game and save it" },
    { "apply", nx_cmd_apply, "apply FILE ACTION... [--save OUT]",
      "apply JSON actions (or - for one per line on stdin) to a saved game" },
    { "view", nx_cmd_view, "view FILE [--seat S | --spectator | --all]",
      "print what a seat (or a spectator, or everyone in turn) sees" },
    { "play", nx_cmd_play,
      "play [--seed N] [--seats K | --factions A,B,..] [--advanced] [--nexus-cards] [--bots random|simple] [--save FILE] [--store DB] [--rulings FILE] [--set ID=SETTING]",
      "a complete bot game, printed turn by turn, with its result" },
    { "simulate", nx_cmd_simulate,
      "simulate -n N [--seed-start S] [--seats K | --factions A,B,..] [--advanced] [--nexus-cards] [--rulings FILE] [--set ID=SETTING] [--bots random|simple | --bot SEAT=KIND] [--jobs J] [--shard I/N] [--json OUT] [--html OUT]; simulate --compare A B -n N ...; simulate --merge REPORT.json...",
      "a batch of seeded bot games in parallel: win rates, panel use and the ruling impact report (JSON, HTML)" },
    { "serve", nx_cmd_serve, "serve [--store DB]",
      "the host line protocol: JSON requests on stdin, JSON replies on stdout" },
    { "stubs", nx_cmd_stubs, "stubs",
      "LuaLS annotation stubs of the panel ctx API (cards/lib/ctx.d.lua)" },
    { "test", nx_cmd_test, "test [--trace] SCENARIO...",
      "run scenario files; every failed expectation is reported as file:line, the first failing step stops its scenario; --trace tells what each step did" },
    { "board", nx_cmd_board, "board FILE [--seat S | --spectator] --svg OUT",
      "draw the board of a saved game as that seat (default: a spectator) sees it, as SVG" },
    { "replay", nx_cmd_replay, "replay FILE --html OUT [--seat S | --spectator]",
      "one self-contained HTML page stepping through a saved game action by action" },
    { "repin", nx_cmd_repin, "repin FILE [--save OUT]",
      "re-pin a saved game to the current pack when replaying its log gives every saved result" },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_help(FILE *out)
{
    fprintf(out,
            "usage: nexus [--pack FILE] COMMAND [ARGS]\n"
            "\n"
            "Rules interpreter for the Nexus card module of GF9's Dune.\n"
            "\n"
            "commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %s\n      %s\n", commands[i].usage, commands[i].summary);
    fprintf(out,
            "\n"
            "options:\n"
            "  --pack FILE   card pack to load (default: $NEXUS_PACK, else the\n"
            "                built-in pack)\n"
            "  --help        this text\n"
            "  --version     engine version\n"
            "\n"
            "exit codes: 0 success, 1 invalid input (pack, rulings, settings,\n"
            "scenario, saved game or action; a bot game that stalls), 2 usage error\n");
}

int nx_cli_usage_error(const nx_cli *cli, const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = nx_vasprintf(fmt, ap);
    va_end(ap);
    fprintf(cli->err, "nexus%s%s: %s\n(see nexus --help)\n", cmd ? " " : "",
            cmd ? cmd : "", msg);
    free(msg);
    return NX_EXIT_USAGE;
}

static int readable(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f) fclose(f);
    return f != NULL;
}

/* The pack installed beside this executable: <prefix>/bin/nexus ->
 * <prefix>/share/nexus/cards/pack.yaml (wherever the prefix was moved). */
static const char *installed_pack(void)
{
    static char path[4096];
    char exe[3072];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = '\0';
    snprintf(path, sizeof path, "%s/../share/nexus/cards/pack.yaml", exe);
    return readable(path) ? path : NULL;
}

static const char *default_pack(void)
{
    const char *env = getenv("NEXUS_PACK");
    if (env && *env) return env;
    /* Running from a build tree: the source tree's pack. */
    if (readable(NX_SOURCE_PACK)) return NX_SOURCE_PACK;
    const char *beside = installed_pack();
    return beside ? beside : NX_DEFAULT_PACK;
}

int nx_cli_settings(const nx_cli *cli, const nx_rulings *r, const char *file,
                    const char *const *sets, size_t nsets, nx_settings *out)
{
    nx_diags d;
    nx_diags_init(&d);
    nx_settings_init(out);
    if (file) nx_settings_load_file(file, r, out, &d);
    for (size_t i = 0; i < nsets; i++) {
        const char *eq = strchr(sets[i], '=');
        if (!eq) {
            nx_diags_add(&d, "--set", 0, 0, "'%s' is not ID=SETTING", sets[i]);
            continue;
        }
        char *id = nx_xstrndup(sets[i], (size_t)(eq - sets[i]));
        nx_settings_set(out, r, id, eq + 1, &d);
        free(id);
    }
    int bad = d.n > 0;
    nx_diags_print(&d, cli->err);
    nx_diags_free(&d);
    return bad ? -1 : 0;
}

int nx_cli_load_pack(const nx_cli *cli, nx_pack *pack)
{
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(cli->pack_path, pack, &d);
    if (rc != 0) {
        nx_diags_print(&d, cli->err);
        fprintf(cli->err, "nexus: %zu problem%s in pack %s\n", d.n,
                d.n == 1 ? "" : "s", cli->pack_path);
    }
    nx_diags_free(&d);
    return rc;
}

int nx_cli_main(int argc, char **argv)
{
    nx_cli cli = { .pack_path = default_pack(), .out = stdout, .err = stderr };
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            print_help(stdout);
            return NX_EXIT_OK;
        }
        if (!strcmp(argv[i], "--version")) {
            printf("nexus %s\n", NX_VERSION);
            return NX_EXIT_OK;
        }
        if (!strcmp(argv[i], "--pack")) {
            if (++i >= argc) return nx_cli_usage_error(&cli, NULL, "--pack needs a file");
            cli.pack_path = argv[i];
            continue;
        }
        return nx_cli_usage_error(&cli, NULL, "unknown option '%s'", argv[i]);
    }
    if (i >= argc) {
        print_help(stderr);
        return NX_EXIT_USAGE;
    }
    for (size_t c = 0; c < NCOMMANDS; c++) {
        if (strcmp(argv[i], commands[c].name)) continue;
        cli.argc = argc - i;
        cli.argv = argv + i;
        return commands[c].run(&cli);
    }
    return nx_cli_usage_error(&cli, NULL, "unknown command '%s'", argv[i]);
}
