#include "nx_cli.h"
#include "nx_text.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nx_util.h"
#include "nx_version.h"
#include "nx_words.h"

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
    { "serve", nx_cmd_serve, "serve [--store DB | --store postgresql://... | --store pg:CONNINFO] [--lease-ms N] [--listen unix:PATH | tcp:[ADDRESS:]PORT]",
      "the host line protocol: JSON requests on stdin (or on a socket, many connections), JSON replies" },
    { "schema", nx_cmd_schema, "schema (pack|card|rulings|settings|scenario | --out DIR)",
      "JSON Schemas of the Nexus files, from the loaders' own tables (cards/schema/)" },
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
    { "verify", nx_cmd_verify, "verify FILE",
      "replay a saved game's whole log: every result and the final state must be the saved ones" },
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

static const char *build_bin_dir, *build_source_pack;

void nx_cli_build_tree(const char *bin_dir, const char *source_pack)
{
    build_bin_dir = bin_dir;
    build_source_pack = source_pack;
}

/* The directory of the running executable, resolved (0 or -1). */
static int exe_dir(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    if (n <= 0 || (size_t)n >= cap - 1) return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash) return -1;
    *slash = '\0';
    return 0;
}

/* Is this process the binary in its build tree (not an installed copy)?
 * The same directory, compared by device and inode. */
static int in_build_tree(const char *exe)
{
    struct stat here, built;
    return build_bin_dir && !stat(exe, &here) && !stat(build_bin_dir, &built) && here.st_dev == built.st_dev &&
           here.st_ino == built.st_ino;
}

/* The pack installed beside this executable: <prefix>/bin/nexus ->
 * <prefix>/share/nexus/cards/pack.yaml (wherever the prefix was moved). */
static const char *installed_pack(const char *exe)
{
    static char path[PATH_MAX + sizeof "/../share/nexus/cards/pack.yaml"];
    nx_fmt(path, sizeof path, "%s/../share/nexus/cards/pack.yaml", exe);
    return readable(path) ? path : NULL;
}

const char *nx_cli_default_pack(void)
{
    const char *env = getenv("NEXUS_PACK");
    if (env && *env) return env;
    char exe[PATH_MAX];
    if (exe_dir(exe, sizeof exe)) return NX_DEFAULT_PACK;
    if (in_build_tree(exe) && readable(build_source_pack)) return build_source_pack;
    const char *beside = installed_pack(exe);
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
                nx_plural(d.n, "", "s"), cli->pack_path);
    }
    nx_diags_free(&d);
    return rc;
}

/* The options that take a value, in any command ("--seed 3" or
 * "--seed=3").  Every command's parser takes its values from this set. */
static const char *const value_options[] = {
    "--pack", "--seed", "--factions", "--seats", "--rulings", "--set",
    "--save", "--seat", "--bots", "--store", "--match",
};

static int takes_value(const char *arg, size_t len)
{
    for (size_t i = 0; i < sizeof value_options / sizeof value_options[0]; i++)
        if (strlen(value_options[i]) == len && !strncmp(arg, value_options[i], len)) return 1;
    return 0;
}

/* A copy of argv with each "--opt=value" of a value option split into
 * "--opt" "value"; an argument that is itself an option's value ("--match
 * --x=y") is left whole.  Free with free_args. */
static char **split_values(int argc, char **argv, int *out_argc)
{
    char **v = nx_xcalloc((size_t)argc * 2 + 1, sizeof *v);
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *eq = strchr(a, '=');
        int is_value = i > 0 && takes_value(argv[i - 1], strlen(argv[i - 1]));
        if (!is_value && !strncmp(a, "--", 2) && eq && takes_value(a, (size_t)(eq - a))) {
            v[n++] = nx_xstrndup(a, (size_t)(eq - a));
            v[n++] = nx_xstrdup(eq + 1);
        } else {
            v[n++] = nx_xstrdup(a);
        }
    }
    *out_argc = n;
    return v;
}

static void free_args(int argc, char **v)
{
    for (int i = 0; i < argc; i++) free(v[i]);
    free(v);
}

/* Does a command's argument list ask for its help (skipping option values)? */
static int asks_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
        if (takes_value(argv[i], strlen(argv[i]))) i++;
    }
    return 0;
}

static int command_help(const nx_command *c)
{
    printf("usage: nexus [--pack FILE] %s\n\n%s\n\n"
           "Long options take their value as \"--opt value\" or \"--opt=value\".\n"
           "exit codes: 0 success, 1 invalid input, 2 usage error\n",
           c->usage, c->summary);
    return NX_EXIT_OK;
}

static int run_cli(nx_cli *cli, int argc, char **argv)
{
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
            if (++i >= argc) return nx_cli_usage_error(cli, NULL, "--pack needs a file");
            cli->pack_path = argv[i];
            continue;
        }
        return nx_cli_usage_error(cli, NULL, "unknown option '%s'", argv[i]);
    }
    if (i >= argc) {
        print_help(stderr);
        return NX_EXIT_USAGE;
    }
    for (size_t c = 0; c < NCOMMANDS; c++) {
        if (strcmp(argv[i], commands[c].name)) continue;
        cli->argc = argc - i;
        cli->argv = argv + i;
        if (asks_help(cli->argc, cli->argv)) return command_help(&commands[c]);
        return commands[c].run(cli);
    }
    return nx_cli_usage_error(cli, NULL, "unknown command '%s'", argv[i]);
}

int nx_cli_main(int argc, char **argv)
{
    nx_cli cli = { .pack_path = nx_cli_default_pack(), .out = stdout, .err = stderr };
    int n;
    char **args = split_values(argc, argv, &n);
    int rc = run_cli(&cli, n, args);
    free_args(n, args);
    return rc;
}
