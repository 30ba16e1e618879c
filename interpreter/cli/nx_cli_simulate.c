/*
 * `nexus simulate`: a batch of seeded bot games and its report
 * (docs/simulate.md).
 *
 *   nexus simulate -n N [--seed-start S] [game options] [--jobs J]
 *                  [--shard I/N] [--json OUT] [--html OUT]
 *   nexus simulate --compare A B -n N ...   the same seeds under two settings
 *   nexus simulate --merge R1.json R2.json ... [--json OUT] [--html OUT]
 *
 * Without --json or --html a summary is printed.  Progress goes to
 * standard error: a bar on a terminal, a line per tenth otherwise.
 * Exit 1 when any game of the batch failed (each is listed with its seed
 * and a replay command), after writing the reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nx_cli.h"
#include "nx_sim.h"
#include "nx_util.h"

static const char *usage =
    "usage: nexus simulate -n N [--seed-start S] [--seats K | --factions A,B,..] [--advanced] [--nexus-cards]\n"
    "       [--secrecy]\n"
    "       [--rulings FILE] [--set ID=SETTING]... [--bots random|simple | --bot SEAT=KIND...] [--jobs J]\n"
    "       [--shard I/N] [--json OUT] [--html OUT]\n"
    "   or: nexus simulate --compare A B -n N ...   (A, B: settings files, or 'default')\n"
    "   or: nexus simulate --merge REPORT.json... [--json OUT] [--html OUT]";

typedef struct sim_args {
    nx_sim_config c;
    int jobs, merge, compare, quiet;
    const char *json, *html, *cmp[2];
    const char **sets, **files;
    size_t nfiles;
    int have_n;
} sim_args;

/* ---- options ------------------------------------------------------------------------- */

static int bad(nx_cli *cli, const char *fmt, const char *arg)
{
    return nx_cli_usage_error(cli, "simulate", fmt, arg);
}

static int parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end = NULL;
    if (!*s || *s == '-') return -1;
    *out = strtoull(s, &end, 10);
    return *end || *out > max ? -1 : 0;
}

static int parse_factions(sim_args *a, const char *list)
{
    char *copy = nx_xstrdup(list), *save = NULL;
    int rc = 0;
    a->c.nfactions = 0;
    for (char *t = strtok_r(copy, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save)) {
        nx_faction f = nx_faction_parse(t);
        if (f == NX_NO_FACTION || a->c.nfactions == NX_MAX_SEATS) rc = -1;
        else a->c.factions[a->c.nfactions++] = f;
    }
    free(copy);
    return rc || a->c.nfactions < 2 ? -1 : 0;
}

static int parse_seat_bot(sim_args *a, const char *v)
{
    int seat = -1, used = 0;
    if (sscanf(v, "%d=%n", &seat, &used) != 1 || !used || seat < 0 || seat >= NX_MAX_SEATS) return -1;
    int kind = nx_bot_kind_parse(v + used);
    if (kind < 0) return -1;
    a->c.seat_bot[seat] = kind;
    a->c.nseat_bots++;
    return 0;
}

/* The options that take a value; "--opt=value" is accepted for each. */
static const char *const valued[] = { "-n", "--seed-start", "--seats", "--factions", "--rulings", "--set", "--bots",
                                      "--bot", "--jobs", "--json", "--html", "--shard", NULL };

static int takes_value(const char *opt)
{
    for (size_t i = 0; valued[i]; i++)
        if (!strcmp(opt, valued[i])) return 1;
    return 0;
}

static int apply_value(nx_cli *cli, sim_args *a, const char *opt, const char *v)
{
    unsigned long long x;
    if (!strcmp(opt, "-n")) {
        if (parse_uint(v, 10000000, &x) || !x) return bad(cli, "-n needs a number of games, not '%s'", v);
        a->c.n = (unsigned)x;
        a->have_n = 1;
    } else if (!strcmp(opt, "--seed-start")) {
        if (parse_uint(v, UINT64_MAX / 2, &x)) return bad(cli, "--seed-start needs a number, not '%s'", v);
        a->c.seed_start = x;
    } else if (!strcmp(opt, "--seats")) {
        if (parse_uint(v, 6, &x) || x < 2) return bad(cli, "--seats needs 2 to 6, not '%s'", v);
        a->c.seats = (int)x;
    } else if (!strcmp(opt, "--factions")) {
        if (parse_factions(a, v)) return bad(cli, "--factions needs 2 to 6 known factions, not '%s'", v);
    } else if (!strcmp(opt, "--rulings")) a->c.rulings_file = v;
    else if (!strcmp(opt, "--set")) a->sets[a->c.nsets++] = v;
    else if (!strcmp(opt, "--bots")) {
        int k = nx_bot_kind_parse(v);
        if (k < 0) return bad(cli, "--bots must be random or simple, not '%s'", v);
        a->c.bot = (nx_bot_kind)k;
    } else if (!strcmp(opt, "--bot")) {
        if (parse_seat_bot(a, v)) return bad(cli, "--bot needs SEAT=random|simple (seat 0 to 5), not '%s'", v);
    } else if (!strcmp(opt, "--jobs")) {
        if (parse_uint(v, 1024, &x) || !x) return bad(cli, "--jobs needs a number from 1, not '%s'", v);
        a->jobs = (int)x;
    } else if (!strcmp(opt, "--json")) a->json = v;
    else if (!strcmp(opt, "--html")) a->html = v;
    else if (!strcmp(opt, "--shard")) {
        unsigned i = 0, n = 0;
        int used = 0;
        if (sscanf(v, "%u/%u%n", &i, &n, &used) != 2 || v[used] || !n || i < 1 || i > n)
            return bad(cli, "--shard needs I/N with 1 <= I <= N, not '%s'", v);
        a->c.shard = i;
        a->c.nshards = n;
    }
    return 0;
}

static int parse_option(nx_cli *cli, sim_args *a, int *i)
{
    const char *s = cli->argv[*i];
    char opt[32];
    const char *eq = strchr(s, '='), *v = NULL;
    if (eq && (size_t)(eq - s) < sizeof opt && s[1] == '-') {
        memcpy(opt, s, (size_t)(eq - s));
        opt[eq - s] = '\0';
        v = eq + 1;
    } else {
        snprintf(opt, sizeof opt, "%s", s);
    }
    if (takes_value(opt)) {
        if (!v && *i + 1 >= cli->argc) return bad(cli, "%s needs a value", opt);
        return apply_value(cli, a, opt, v ? v : cli->argv[++*i]);
    }
    if (v) return bad(cli, "%s takes no value", opt);
    if (!strcmp(opt, "--advanced")) a->c.advanced = 1;
    else if (!strcmp(opt, "--nexus-cards")) a->c.nexus_cards = 1;
    else if (!strcmp(opt, "--secrecy")) a->c.secrecy = 1;
    else if (!strcmp(opt, "--quiet")) a->quiet = 1;
    else if (!strcmp(opt, "--merge")) a->merge = 1;
    else if (!strcmp(opt, "--compare")) {
        if (*i + 2 >= cli->argc) return bad(cli, "%s needs two settings files (or 'default')", opt);
        a->compare = 1;
        a->cmp[0] = cli->argv[++*i];
        a->cmp[1] = cli->argv[++*i];
    } else return nx_cli_usage_error(cli, "simulate", "unknown option '%s'\n%s", s, usage);
    return 0;
}

static int parse_args(nx_cli *cli, sim_args *a)
{
    memset(a, 0, sizeof *a);
    a->c.bot = NX_BOT_SIMPLE;
    a->c.seed_start = 1;
    for (int s = 0; s < NX_MAX_SEATS; s++) a->c.seat_bot[s] = -1;
    a->sets = nx_xcalloc((size_t)cli->argc, sizeof *a->sets);
    a->files = nx_xcalloc((size_t)cli->argc, sizeof *a->files);
    a->c.sets = a->sets;
    for (int i = 1; i < cli->argc; i++) {
        const char *s = cli->argv[i];
        if (s[0] == '-' && s[1]) {
            int rc = parse_option(cli, a, &i);
            if (rc) return rc;
        } else {
            a->files[a->nfiles++] = s;
        }
    }
    if (a->merge) {
        if (!a->nfiles) return bad(cli, "--merge needs report files%s", "");
        if (a->have_n || a->compare) return bad(cli, "--merge takes only report files, --json and --html%s", "");
        return 0;
    }
    if (a->nfiles) return nx_cli_usage_error(cli, "simulate", "unexpected argument '%s'\n%s", a->files[0], usage);
    if (!a->have_n) return nx_cli_usage_error(cli, "simulate", "-n N is required\n%s", usage);
    if (a->c.nfactions && a->c.seats) return bad(cli, "choose --seats or --factions, not both%s", "");
    if (a->compare && a->c.rulings_file) return bad(cli, "--compare names the two settings files: no --rulings%s", "");
    if (!a->jobs) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        a->jobs = cores > 0 ? (int)cores : 1;
    }
    if (!a->c.nshards) a->c.shard = a->c.nshards = 1;
    return 0;
}

/* ---- progress ------------------------------------------------------------------------ */

typedef struct progress {
    FILE *err;
    int tty, quiet;
    struct timespec t0;
    size_t last_tenth;
    const char *label;
} progress;

static double elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void show_progress(void *ctx, size_t done, size_t total)
{
    progress *p = ctx;
    if (p->quiet) return;
    double secs = elapsed(&p->t0), rate = secs > 0 ? (double)done / secs : 0;
    if (p->tty) {
        char bar[41];
        size_t fill = total ? done * 40 / total : 40;
        for (size_t i = 0; i < 40; i++) bar[i] = i < fill ? '#' : '.';
        bar[40] = '\0';
        fprintf(p->err, "\r%s[%s] %zu/%zu games, %.1f games/s", p->label, bar, done, total, rate);
        if (done == total) fputc('\n', p->err);
    } else {
        size_t tenth = total ? done * 10 / total : 10;
        if (tenth == p->last_tenth && done != total) return;
        p->last_tenth = tenth;
        fprintf(p->err, "nexus simulate: %s%zu/%zu games (%.1f games/s)\n", p->label, done, total, rate);
    }
    fflush(p->err);
}

/* ---- running --------------------------------------------------------------------------- */

/* One batch under one settings source (a file, "default", or --rulings). */
static json_t *run_one(nx_cli *cli, const nx_runtime *rt, sim_args *a, const char *settings_file,
                       const char *label)
{
    nx_settings st;
    if (nx_cli_settings(cli, &rt->pack.rulings, settings_file, a->sets, a->c.nsets, &st)) {
        nx_settings_free(&st);
        return NULL;
    }
    nx_sim_config c = a->c;
    c.rulings_file = settings_file;
    /* The replay command names the pack only when it is not the default. */
    c.pack_path = strcmp(cli->pack_path, nx_cli_default_pack()) ? cli->pack_path : NULL;
    uint64_t *seeds;
    size_t n = nx_sim_shard_seeds(&c, &seeds);
    progress p = { .err = cli->err, .tty = isatty(fileno(cli->err)), .quiet = a->quiet, .label = label,
                   .last_tenth = (size_t)-1 };
    clock_gettime(CLOCK_MONOTONIC, &p.t0);
    json_t *games = nx_sim_run_batch(rt, &st, &c, seeds, n, a->jobs, show_progress, &p);
    json_t *meta = nx_sim_meta(rt, &st, &c);
    json_t *report = nx_sim_report(meta, games);
    json_decref(meta);
    json_decref(games);
    free(seeds);
    nx_settings_free(&st);
    return report;
}

static const char *settings_name(const char *s) { return strcmp(s, "default") ? s : NULL; }

static json_t *run(nx_cli *cli, sim_args *a)
{
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) return NULL;
    json_t *out = NULL;
    if (!a->compare) {
        out = run_one(cli, &rt, a, a->c.rulings_file, "");
    } else {
        json_t *ra = run_one(cli, &rt, a, settings_name(a->cmp[0]), "A ");
        json_t *rb = ra ? run_one(cli, &rt, a, settings_name(a->cmp[1]), "B ") : NULL;
        if (rb) out = nx_sim_compare(ra, rb, a->cmp[0], a->cmp[1]);
        json_decref(ra);
        json_decref(rb);
    }
    nx_runtime_close(&rt);
    return out;
}

static json_t *merge(nx_cli *cli, sim_args *a)
{
    json_t **reports = nx_xcalloc(a->nfiles, sizeof *reports), *out = NULL;
    size_t loaded = 0;
    for (; loaded < a->nfiles; loaded++) {
        json_error_t je;
        reports[loaded] = json_load_file(a->files[loaded], 0, &je);
        if (!reports[loaded]) {
            fprintf(cli->err, "%s:%d:%d: cannot read the report: %s\n", a->files[loaded], je.line, je.column, je.text);
            break;
        }
    }
    if (loaded == a->nfiles) {
        char err[256];
        out = nx_sim_merge(reports, a->nfiles, err, sizeof err);
        if (!out) fprintf(cli->err, "nexus simulate --merge: %s\n", err);
    }
    for (size_t i = 0; i < loaded; i++) json_decref(reports[i]);
    free(reports);
    return out;
}

/* ---- output ------------------------------------------------------------------------------ */

static void print_summary(FILE *out, const json_t *r)
{
    const json_t *sum = json_object_get(r, "summary");
    fprintf(out, "%lld games: %lld completed, %lld failed\n", json_integer_value(json_object_get(sum, "games")),
            json_integer_value(json_object_get(sum, "completed")), json_integer_value(json_object_get(sum, "failed")));
    size_t i;
    json_t *f;
    fprintf(out, "Win rates (95%% Wilson interval):\n");
    json_array_foreach(json_object_get(r, "factions"), i, f)
        fprintf(out, "  %-14s %5.1f%%  [%5.1f%%, %5.1f%%]  %lld of %lld\n",
                json_string_value(json_object_get(f, "faction")), 100 * json_real_value(json_object_get(f, "rate")),
                100 * json_real_value(json_object_get(f, "ci_low")), 100 * json_real_value(json_object_get(f, "ci_high")),
                json_integer_value(json_object_get(f, "wins")), json_integer_value(json_object_get(f, "games")));
    const char *kind;
    json_t *v;
    fprintf(out, "Victories:");
    json_object_foreach(json_object_get(r, "victory"), kind, v) fprintf(out, " %s %lld;", kind, json_integer_value(v));
    const json_t *turns = json_object_get(json_object_get(r, "length"), "turns");
    fprintf(out, "\nMean length: %.2f turns, %.1f actions\n", json_real_value(json_object_get(turns, "mean")),
            json_real_value(json_object_get(json_object_get(json_object_get(r, "length"), "actions"), "mean")));
    json_array_foreach(json_object_get(r, "panels"), i, f)
        if (json_integer_value(json_object_get(f, "held")))
            fprintf(out, "Panel %s: held %lld moments in %lld games, playable %lld, played %lld\n",
                    json_string_value(json_object_get(f, "panel")), json_integer_value(json_object_get(f, "held")),
                    json_integer_value(json_object_get(f, "games_held")), json_integer_value(json_object_get(f, "playable")),
                    json_integer_value(json_object_get(f, "played")));
    json_array_foreach(json_object_get(r, "rulings"), i, f)
        if (json_integer_value(json_object_get(f, "games_arose")))
            fprintf(out, "Ruling %s: arose in %lld games (%lld moments); %s\n", json_string_value(json_object_get(f, "id")),
                    json_integer_value(json_object_get(f, "games_arose")), json_integer_value(json_object_get(f, "moments")),
                    json_string_value(json_object_get(f, "outcome")));
    json_array_foreach(json_object_get(r, "failures"), i, f)
        fprintf(out, "FAILED seed %lld (%s): %s\n  replay: %s\n", json_integer_value(json_object_get(f, "seed")),
                json_string_value(json_object_get(f, "kind")), json_string_value(json_object_get(f, "message")),
                json_string_value(json_object_get(f, "replay")));
}

static long failed_games(const json_t *r)
{
    if (json_object_get(r, "a"))
        return failed_games(json_object_get(r, "a")) + failed_games(json_object_get(r, "b"));
    return (long)json_integer_value(json_object_get(json_object_get(r, "summary"), "failed"));
}

static int write_outputs(nx_cli *cli, const sim_args *a, json_t *r)
{
    int rc = 0;
    if (a->json) {
        char *text = json_dumps(r, JSON_INDENT(1) | JSON_SORT_KEYS);
        if (!strcmp(a->json, "-")) fprintf(cli->out, "%s\n", text);
        else rc |= nx_cli_write_text(cli, a->json, text);
        free(text);
    }
    if (a->html) {
        char *page = nx_sim_html(r);
        rc |= nx_cli_write_text(cli, a->html, page);
        free(page);
    }
    if (!a->json && !a->html) {
        if (json_object_get(r, "a")) {
            fprintf(cli->out, "== A: %s ==\n", json_string_value(json_object_get(r, "name_a")));
            print_summary(cli->out, json_object_get(r, "a"));
            fprintf(cli->out, "== B: %s ==\n", json_string_value(json_object_get(r, "name_b")));
            print_summary(cli->out, json_object_get(r, "b"));
        } else {
            print_summary(cli->out, r);
        }
    }
    return rc;
}

static int wants_help(const nx_cli *cli)
{
    for (int i = 1; i < cli->argc; i++)
        if (!strcmp(cli->argv[i], "--help") || !strcmp(cli->argv[i], "-h")) return 1;
    return 0;
}

int nx_cmd_simulate(nx_cli *cli)
{
    if (wants_help(cli)) {
        fprintf(cli->out, "%s\n\nSee docs/simulate.md for the report and what it counts.\n", usage);
        return NX_EXIT_OK;
    }
    sim_args a;
    int rc = parse_args(cli, &a);
    if (!rc) {
        json_t *r = a.merge ? merge(cli, &a) : run(cli, &a);
        rc = !r || write_outputs(cli, &a, r) || failed_games(r) ? NX_EXIT_INVALID : NX_EXIT_OK;
        if (r && failed_games(r))
            fprintf(cli->err, "nexus simulate: %ld games failed (listed in the report with their replay commands)\n",
                    failed_games(r));
        json_decref(r);
    }
    free(a.sets);
    free(a.files);
    return rc;
}
