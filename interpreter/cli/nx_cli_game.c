/* The game commands: new, apply, view (and the options they share with play). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_game.h"
#include "nx_scenario.h"
#include "nx_util.h"


static int parse_factions(nx_cli *cli, const char *list, nx_game_config *cfg)
{
    char *copy = nx_xstrdup(list), *save = NULL;
    cfg->nseats = 0;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        nx_faction f = nx_faction_parse(t);
        if (f == NX_NO_FACTION || cfg->nseats == NX_MAX_SEATS) {
            free(copy);
            return nx_cli_usage_error(cli, cli->argv[0], f == NX_NO_FACTION ? "unknown faction '%s'"
                                                                            : "at most 6 factions ('%s')", t);
        }
        cfg->factions[cfg->nseats++] = f;
    }
    free(copy);
    return 0;
}

static int need_value(nx_cli *cli, int i)
{
    if (i + 1 < cli->argc) return 0;
    return nx_cli_usage_error(cli, cli->argv[0], "%s needs a value", cli->argv[i]);
}

int nx_cli_game_args(nx_cli *cli, nx_game_args *g)
{
    memset(g, 0, sizeof *g);
    g->sets = nx_xcalloc((size_t)cli->argc, sizeof *g->sets);
    g->rest = nx_xcalloc((size_t)cli->argc, sizeof *g->rest);
    for (int i = 1; i < cli->argc; i++) {
        const char *s = cli->argv[i];
        int value = !strcmp(s, "--seed") || !strcmp(s, "--factions") || !strcmp(s, "--seats") ||
                    !strcmp(s, "--rulings") || !strcmp(s, "--set") || !strcmp(s, "--save") ||
                    !strcmp(s, "--seat") || !strcmp(s, "--bots") || !strcmp(s, "--store");
        if (value && need_value(cli, i)) return NX_EXIT_USAGE;
        char *end = NULL;
        if (!strcmp(s, "--seed")) {
            g->cfg.seed = strtoull(cli->argv[++i], &end, 10);
            if (*end) return nx_cli_usage_error(cli, cli->argv[0], "--seed needs a number");
        } else if (!strcmp(s, "--factions")) {
            if (parse_factions(cli, cli->argv[++i], &g->cfg)) return NX_EXIT_USAGE;
            g->have_factions = 1;
        } else if (!strcmp(s, "--seats")) {
            g->seats = (int)strtol(cli->argv[++i], &end, 10);
            if (*end || g->seats < 2 || g->seats > 6)
                return nx_cli_usage_error(cli, cli->argv[0], "--seats needs 2 to 6");
        } else if (!strcmp(s, "--rulings")) g->rulings = cli->argv[++i];
        else if (!strcmp(s, "--set")) g->sets[g->nsets++] = cli->argv[++i];
        else if (!strcmp(s, "--save")) g->save = cli->argv[++i];
        else if (!strcmp(s, "--seat")) g->seat = cli->argv[++i];
        else if (!strcmp(s, "--bots")) g->bots = cli->argv[++i];
        else if (!strcmp(s, "--store")) g->store = cli->argv[++i];
        else if (!strcmp(s, "--nexus-cards")) g->cfg.nexus_cards = 1;
        else if (!strcmp(s, "--advanced")) g->cfg.advanced = 1;
        else if (!strcmp(s, "--designer")) g->cfg.designer = 1;
        else if (!strcmp(s, "--staging")) g->cfg.staging = 1;
        else if (!strcmp(s, "--all")) g->all = 1;
        else if (!strcmp(s, "--spectator")) g->spectator = 1;
        else if (s[0] == '-' && s[1]) return nx_cli_usage_error(cli, cli->argv[0], "unknown option '%s'", s);
        else g->rest[g->nrest++] = s;
    }
    return 0;
}

/* --bots and --store only make sense for a played game. */
static int refuse_play_options(nx_cli *cli, const nx_game_args *g)
{
    if (g->bots || g->store)
        return nx_cli_usage_error(cli, cli->argv[0], "%s is an option of \"nexus play\"", g->bots ? "--bots" : "--store");
    return 0;
}

void nx_cli_game_args_free(nx_game_args *g)
{
    free(g->sets);
    free(g->rest);
}

int nx_cli_open_runtime(nx_cli *cli, nx_runtime *rt)
{
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_runtime_open(rt, cli->pack_path, &d);
    if (rc) nx_diags_print(&d, cli->err);
    nx_diags_free(&d);
    return rc;
}

int nx_cli_write_text(nx_cli *cli, const char *path, const char *text)
{
    /* Write to a temporary and rename, so a crash never leaves half a file. */
    char *tmp = nx_asprintf("%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f)) ok = 0;
    if (ok && rename(tmp, path)) ok = 0;
    if (!ok) {
        fprintf(cli->err, "nexus: cannot write %s\n", path);
        remove(tmp);
    }
    free(tmp);
    return ok ? 0 : -1;
}

static nx_game *load_game_file(nx_cli *cli, const nx_runtime *rt, const char *path)
{
    const char *why;
    char *text = nx_read_file(path, NULL, &why);
    if (!text) {
        fprintf(cli->err, "%s: cannot read: %s\n", path, why);
        return NULL;
    }
    char err[512] = "";
    nx_game *g = nx_game_load(rt, text, err, sizeof err);
    free(text);
    if (!g) fprintf(cli->err, "%s: refused: %s\n", path, err);
    return g;
}

int nx_cmd_new(nx_cli *cli)
{
    nx_game_args a;
    int rc = nx_cli_game_args(cli, &a);
    if (!rc) rc = refuse_play_options(cli, &a);
    if (!rc && !a.save) rc = nx_cli_usage_error(cli, "new", "--save FILE is required");
    if (!rc && !a.have_factions && !a.seats) rc = nx_cli_usage_error(cli, "new", "--factions or --seats is required");
    if (!rc && a.nrest) rc = nx_cli_usage_error(cli, "new", "unexpected argument '%s'", a.rest[0]);
    nx_runtime rt;
    if (rc || nx_cli_open_runtime(cli, &rt)) {
        nx_cli_game_args_free(&a);
        return rc ? rc : NX_EXIT_INVALID;
    }
    if (!a.have_factions) nx_game_classic_factions(&a.cfg, a.seats);
    nx_settings s;
    rc = NX_EXIT_INVALID;
    if (!nx_cli_settings(cli, &rt.pack.rulings, a.rulings, a.sets, a.nsets, &s)) {
        char err[256];
        nx_game *g = nx_game_new(&rt, &s, &a.cfg, err, sizeof err);
        if (!g) fprintf(cli->err, "nexus new: %s\n", err);
        else {
            char *text = nx_game_save(g);
            if (!nx_cli_write_text(cli, a.save, text)) {
                fprintf(cli->out, "created %s (version %u)\n", a.save, nx_game_state(g)->version);
                rc = NX_EXIT_OK;
            }
            free(text);
            nx_game_free(g);
        }
    }
    nx_settings_free(&s);
    nx_runtime_close(&rt);
    nx_cli_game_args_free(&a);
    return rc;
}

/* apply FILE ACTION...: each ACTION is a JSON object, or "-" to read one
 * action per line from standard input.  Every result is printed; refused
 * actions change nothing; the file is rewritten with what was accepted. */
static int apply_one(nx_cli *cli, nx_game *g, const char *action)
{
    char *r = nx_game_apply(g, action);
    fprintf(cli->out, "%s\n", r);
    json_t *j = json_loads(r, 0, NULL);
    int ok = json_is_true(json_object_get(j, "ok"));
    json_decref(j);
    free(r);
    return ok;
}

static int apply_all(nx_cli *cli, nx_game *g, const nx_game_args *a)
{
    int failures = 0;
    for (size_t i = 1; i < a->nrest; i++) {
        if (strcmp(a->rest[i], "-")) {
            failures += !apply_one(cli, g, a->rest[i]);
            continue;
        }
        char line[8192];
        while (fgets(line, sizeof line, stdin))
            if (line[strspn(line, " \t\r\n")]) failures += !apply_one(cli, g, line);
    }
    return failures;
}

int nx_cmd_apply(nx_cli *cli)
{
    nx_game_args a;
    int rc = nx_cli_game_args(cli, &a);
    if (!rc) rc = refuse_play_options(cli, &a);
    if (!rc && a.nrest < 2) rc = nx_cli_usage_error(cli, "apply", "usage: nexus apply FILE ACTION... [--save OUT]");
    nx_runtime rt;
    if (rc || nx_cli_open_runtime(cli, &rt)) {
        nx_cli_game_args_free(&a);
        return rc ? rc : NX_EXIT_INVALID;
    }
    rc = NX_EXIT_INVALID;
    nx_game *g = load_game_file(cli, &rt, a.rest[0]);
    if (g) {
        int failures = apply_all(cli, g, &a);
        char *text = nx_game_save(g);
        if (!nx_cli_write_text(cli, a.save ? a.save : a.rest[0], text)) rc = failures ? NX_EXIT_INVALID : NX_EXIT_OK;
        free(text);
        nx_game_free(g);
    }
    nx_runtime_close(&rt);
    nx_cli_game_args_free(&a);
    return rc;
}

int nx_cmd_view(nx_cli *cli)
{
    nx_game_args a;
    int rc = nx_cli_game_args(cli, &a);
    if (!rc) rc = refuse_play_options(cli, &a);
    if (!rc && a.nrest != 1) rc = nx_cli_usage_error(cli, "view", "usage: nexus view FILE [--seat S | --spectator | --all]");
    if (!rc && (!!a.seat + a.spectator + a.all) > 1)
        rc = nx_cli_usage_error(cli, "view", "choose one of --seat S, --spectator and --all");
    nx_runtime rt;
    if (rc || nx_cli_open_runtime(cli, &rt)) {
        nx_cli_game_args_free(&a);
        return rc ? rc : NX_EXIT_INVALID;
    }
    nx_game *g = load_game_file(cli, &rt, a.rest[0]);
    rc = g ? NX_EXIT_OK : NX_EXIT_INVALID;
    if (g) {
        int n = nx_game_state(g)->nseats;
        char *end = NULL;
        int seat = a.seat ? (int)strtol(a.seat, &end, 10) : -1;
        if (a.seat && (*end || seat < 0 || seat >= n)) {
            rc = nx_cli_usage_error(cli, "view", "--seat must be 0 to %d", n - 1);
        } else {
            int from = a.all ? -1 : seat, to = a.all ? n - 1 : seat;
            for (int s = from; s <= to; s++) {
                char *v = nx_game_view(g, s);
                fprintf(cli->out, "%s\n", v);
                free(v);
            }
        }
        nx_game_free(g);
    }
    nx_runtime_close(&rt);
    nx_cli_game_args_free(&a);
    return rc;
}

int nx_cmd_test(nx_cli *cli)
{
    int trace = 0, files = 0;
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--trace")) trace = 1;
        else if (cli->argv[i][0] == '-' && cli->argv[i][1])
            return nx_cli_usage_error(cli, "test", "unknown option '%s'", cli->argv[i]);
        else files++;
    }
    if (!files) return nx_cli_usage_error(cli, "test", "usage: nexus test [--trace] SCENARIO...");
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) return NX_EXIT_INVALID;
    int passed = 0, failed = 0;
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--trace")) continue;
        nx_diags d;
        nx_diags_init(&d);
        int problems = nx_scenario_run_traced(&rt, cli->argv[i], &d, trace ? cli->out : NULL);
        nx_diags_print(&d, cli->out);
        fprintf(cli->out, "%s: %s\n", cli->argv[i], problems ? "FAILED" : "ok");
        problems ? failed++ : passed++;
        nx_diags_free(&d);
    }
    fprintf(cli->out, "%d passed, %d failed\n", passed, failed);
    nx_runtime_close(&rt);
    return failed ? NX_EXIT_INVALID : NX_EXIT_OK;
}
