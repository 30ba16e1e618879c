/*
 * `nexus play`: a complete bot game, printed turn by turn.
 *
 * Setup's public lines, then every committed action's public log lines
 * grouped under "== Turn N ==" headings, then the result: the winners and
 * the lines that explain them.  Nothing in the output depends on time or
 * addresses: the same options print the same bytes.
 *
 * The result ends with how many Nexus cards were played, per panel: the
 * engine's own play lines in the committed actions' logs (count_plays).
 *
 * --store DB keeps the game in the embedded SQLite store as the room
 * "play-<seed>" (one transaction per action, a rerun replaces the room),
 * reopens the room at the end and requires it to equal the played game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_act.h"
#include "nx_bot.h"
#include "nx_text.h"
#include "nx_cli.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_util.h"

/* A game that has not ended after this many actions is a bug. */
#define PLAY_MAX_ACTIONS 200000

typedef struct player {
    nx_cli *cli;
    const nx_runtime *rt;
    nx_game *g;
    nx_bot bot;
    nx_store *store;
    char room[48];
    char store_err[512];    /* the store's refusal, which ends the game */
    int turn;               /* the last turn heading printed */
    unsigned actions, optional, plays;
    unsigned played[NX_FACTION_COUNT][NX_MODE_COUNT];   /* committed plays per panel */
    json_t *last_log;       /* the final action's log lines: the result's reasons */
} player;

static const char *usage =
    "usage: nexus play [--seed N] [--seats K | --factions LIST] [--advanced] [--nexus-cards] "
    "[--bots random|simple] [--save FILE] [--store DB] [--rulings FILE] [--set ID=SETTING]...";

/* "turn 3: bidding" opens a phase; returns its turn or 0. */
static int phase_line(const char *line, const char **phase)
{
    int turn = 0, used = 0;
    if (sscanf(line, "turn %d: %n", &turn, &used) != 1 || !used) return 0;
    *phase = line + used;
    return turn;
}

/* "spice_blow" -> "Spice Blow and Nexus" (the rulebook's phase names). */
static const char *phase_title(const char *id)
{
    static const char *const titles[][2] = {
        { "storm", "Storm" }, { "spice_blow", "Spice Blow and Nexus" }, { "choam_charity", "CHOAM Charity" },
        { "bidding", "Bidding" }, { "revival", "Revival" }, { "shipment_movement", "Shipment and Movement" },
        { "battle", "Battle" }, { "spice_collection", "Spice Collection" }, { "mentat_pause", "Mentat Pause" },
    };
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (!strcmp(id, titles[i][0])) return titles[i][1];
    return id;
}

static void print_line(player *p, const char *line)
{
    const char *phase;
    int turn = phase_line(line, &phase);
    if (!turn) {
        fprintf(p->cli->out, "  %s\n", line);
        return;
    }
    if (turn != p->turn) fprintf(p->cli->out, "\n== Turn %d ==\n", turn);
    p->turn = turn;
    fprintf(p->cli->out, "-- %s --\n", phase_title(phase));
}

/* What an action that logged nothing did, without its private values, or
 * NULL to print nothing.  The engine logs what the table sees: an answer
 * in a window logs nothing (a pass and a Karama must look alike), and the
 * window's closing line says what came of it, so naming the answer's type
 * here would tell what the log keeps secret. */
static const char *silent_what(const char *type)
{
    if (type && !strcmp(type, "set_policy")) return "changes its private Nexus draw policy";
    return NULL;
}

static void print_move(player *p, const nx_bot_move *m)
{
    json_t *res = json_loads(m->result, 0, NULL);
    json_t *log = json_object_get(res, "log");
    if (json_array_size(log) == 0) {
        json_t *act = json_loads(m->action, 0, NULL);
        const nx_state *s = nx_game_state(p->g);
        const char *faction = m->seat >= 0 ? nx_faction_name((nx_faction)s->seats[m->seat].faction) : "the host";
        const char *what = silent_what(json_string_value(json_object_get(act, "type")));
        if (what) fprintf(p->cli->out, "  %s %s\n", faction, what);
        json_decref(act);
    }
    /* nexus play is the host: it prints its record of the lines (every
     * faction's spice in the standings), which the result, a seat's
     * answer, leaves out. */
    size_t n = nx_game_log_length(p->g), i;
    const char *rec = n && !strcmp(nx_game_log_result(p->g, n - 1), m->result) ? nx_game_log_record(p->g, n - 1) : NULL;
    json_t *record = rec ? json_loads(rec, 0, NULL) : NULL, *line;
    json_array_foreach(record ? record : log, i, line) print_line(p, json_string_value(line));
    json_decref(record);
    json_decref(p->last_log);
    p->last_log = json_incref(log);
    json_decref(res);
}

static void print_header(player *p, const nx_game_config *cfg)
{
    fprintf(p->cli->out, "Nexus bot game: seed %llu, %d seats, %s rules, Nexus cards %s, %s bots\n",
            (unsigned long long)cfg->seed, cfg->nseats, cfg->advanced ? "Advanced" : "Basic",
            cfg->nexus_cards ? "on" : "off", nx_bot_kind_name(p->bot.kind));
    for (int i = 0; i < cfg->nseats; i++)
        fprintf(p->cli->out, "  seat %d: %s\n", i, nx_faction_name(cfg->factions[i]));
    fprintf(p->cli->out, "\n== Setup ==\n");
    json_t *setup = json_loads(nx_game_setup_log(p->g), 0, NULL);
    size_t i;
    json_t *line;
    json_array_foreach(setup, i, line) print_line(p, json_string_value(line));
    json_decref(setup);
}

/* The lines of the final action after its last phase heading: what the
 * end-of-game check said (the Mentat Pause's standings are the board, not
 * a reason: they are left out). */
static void print_reasons(player *p)
{
    size_t from = 0, i;
    json_t *line;
    const char *phase;
    json_array_foreach(p->last_log, i, line)
        if (phase_line(json_string_value(line), &phase)) from = i + 1;
    for (i = from; i < json_array_size(p->last_log); i++) {
        const char *text = json_string_value(json_array_get(p->last_log, i));
        if (strncmp(text, "standings: ", strlen("standings: "))) fprintf(p->cli->out, "  %s\n", text);
    }
}

/* Nexus cards played per panel, in card order; only panels played. */
static void print_plays(player *p)
{
    fprintf(p->cli->out, "Nexus cards played per panel:%s\n", p->plays ? "" : " none");
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++)
            if (p->played[f][m]) {
                char title[64];
                fprintf(p->cli->out, "  %s: %u\n", nx_panel_title(&p->rt->pack.cards[f].panels[m], title, sizeof title),
                        p->played[f][m]);
            }
}

static void print_result(player *p)
{
    const nx_state *s = nx_game_state(p->g);
    fprintf(p->cli->out, "\n== Result ==\n");
    fprintf(p->cli->out, "The game ended in turn %d after %u actions (%u optional moves; %u Nexus cards played).\n",
            s->turn, p->actions, p->optional, p->plays);
    if (!s->play.winners) {
        fprintf(p->cli->out, "No winner was declared.\n");
    } else {
        fprintf(p->cli->out, "Winners:");
        const char *sep = " ";
        for (int i = 0; i < s->nseats; i++)
            if (s->play.winners & (1u << i)) {
                fprintf(p->cli->out, "%s%s", sep, nx_faction_name((nx_faction)s->seats[i].faction));
                sep = ", ";
            }
        fprintf(p->cli->out, "\nWhy:\n");
        print_reasons(p);
    }
    print_plays(p);
    if (p->bot.refused)
        fprintf(p->cli->out, "%u listed moves were refused: engine bugs, reported on standard error.\n",
                p->bot.refused);
}

/* Count the cards an action's log says were played.  The engine writes one
 * line "<seat> plays the <card> as <mode>[, path <p>]" exactly when it spends
 * a card and runs its panel (nx_panel_ctx.c), which may be in a later action
 * than the play_nexus that answered a response window, or never when an
 * earlier seat's Karama acted first. */
static void count_plays(player *p, const json_t *log)
{
    size_t i;
    json_t *line;
    json_array_foreach(log, i, line) {
        const char *at = strstr(json_string_value(line) ? json_string_value(line) : "", " plays the ");
        if (!at) continue;
        at += strlen(" plays the ");
        for (int f = 0; f < NX_FACTION_COUNT; f++) {
            const char *name = nx_comp_name(nx_comp_nexus((nx_faction)f));
            size_t n = strlen(name);
            if (strncmp(at, name, n) || strncmp(at + n, " as ", 4)) continue;
            for (int m = 0; m < NX_MODE_COUNT; m++) {
                const char *mode = nx_mode_name((nx_mode)m);
                size_t k = strlen(mode);
                if (!strncmp(at + n + 4, mode, k) && (at[n + 4 + k] == '\0' || !strncmp(at + n + 4 + k, " to ", 4))) {
                    p->played[f][m]++;
                    p->plays++;
                }
            }
        }
    }
}

/* The bots' apply hook: every committed action's log is read for plays. */
static char *counting_apply(void *ctx, nx_game *g, const char *action)
{
    player *p = ctx;
    char *result = nx_game_apply(g, action);
    json_t *r = json_loads(result, 0, NULL);
    if (json_is_true(json_object_get(r, "ok"))) count_plays(p, json_object_get(r, "log"));
    json_decref(r);
    return result;
}

static void report_refusal(void *ctx, int seat, const char *action, const char *result)
{
    player *p = ctx;
    if (p->store_err[0]) return; /* not a bug of the phase: play_out reports it */
    fprintf(p->cli->err, "nexus play: BUG: seat %d's move %s (listed by its phase, or the fallback pass) "
                         "was refused: %s\n", seat, action, result);
}

/* With --store every action is committed to the room before the game
 * keeps it (nx_room_apply); the first refusal by the store is kept. */
static char *apply_stored(void *ctx, nx_game *g, const char *action)
{
    player *p = ctx;
    /* After a refusal the game stops: no fallback move is tried. */
    if (p->store_err[0]) return nx_xstrdup("{\"ok\":false,\"code\":\"store\",\"error\":\"the store failed\"}");
    char *res = nx_room_apply(p->store, p->room, g, action);
    json_t *r = json_loads(res, 0, NULL);
    if (json_is_true(json_object_get(r, "ok"))) count_plays(p, json_object_get(r, "log"));
    const char *code = json_string_value(json_object_get(r, "code"));
    if (code && !strcmp(code, "store") && !p->store_err[0])
        nx_clip(p->store_err, sizeof p->store_err, "%s", json_string_value(json_object_get(r, "error")));
    json_decref(r);
    return res;
}

/* Play to the end; 0, or -1 with a message. */
static int play_out(player *p, char *err, size_t errlen)
{
    char id[24];
    for (;;) {
        if (p->actions >= PLAY_MAX_ACTIONS) {
            nx_fmt(err, errlen, "the game has not ended after %d actions", PLAY_MAX_ACTIONS);
            return -1;
        }
        nx_fmt(id, sizeof id, "b%u", p->actions + 1);
        nx_bot_move m;
        int rc = nx_bot_step(&p->bot, p->g, id, &m);
        if (p->store_err[0]) {
            if (rc > 0) nx_bot_move_free(&m);
            snprintf(err, errlen, "the store refused action %u: %.400s", p->actions + 1, p->store_err);
            return -1;
        }
        if (rc == 0) return 0;
        if (rc < 0) {
            const nx_state *s = nx_game_state(p->g);
            nx_fmt(err, errlen, "the game stalled in turn %d (%s): no move was accepted", s->turn,
                     s->npending ? s->pending[0].prompt : "nothing pending");
            return -1;
        }
        p->actions++;
        p->optional += (unsigned)m.optional;
        print_move(p, &m);
        nx_bot_move_free(&m);
    }
}

static int open_store(player *p, const char *path, char *err, size_t errlen)
{
    p->store = nx_store_open(path, err, errlen);
    if (!p->store) return -1;
    p->bot.apply = apply_stored;
    nx_store_delete_room(p->store, p->room, err, errlen); /* a rerun replaces its room */
    return nx_room_create(p->store, p->room, p->g, err, errlen);
}

/* Reopen the room (snapshot, then its later actions re-applied and
 * compared) and require the very same game. */
static int verify_store(player *p, const nx_runtime *rt, const char *path, char *err, size_t errlen)
{
    nx_game *again = nx_room_open(p->store, p->room, rt, err, errlen);
    if (!again) return -1;
    char *a = nx_game_save(p->g), *b = nx_game_save(again);
    int same = !strcmp(a, b);
    if (same) fprintf(p->cli->out, "Room %s kept in %s: reopened from the store, identical.\n", p->room, path);
    else nx_fmt(err, errlen, "the game reopened from the store differs");
    free(a);
    free(b);
    nx_game_free(again);
    return same ? 0 : -1;
}

static int check_play_args(nx_cli *cli, nx_game_args *a, int *kind)
{
    if (a->nrest) return nx_cli_usage_error(cli, "play", "unexpected argument '%s'\n%s", a->rest[0], usage);
    if (a->cfg.designer || a->cfg.staging || a->seat || a->all || a->spectator)
        return nx_cli_usage_error(cli, "play", "play takes no --designer, --staging, --seat, --all or --spectator\n%s", usage);
    if (a->have_factions && a->seats)
        return nx_cli_usage_error(cli, "play", "choose --seats or --factions, not both");
    *kind = a->bots ? nx_bot_kind_parse(a->bots) : NX_BOT_SIMPLE;
    if (*kind < 0) return nx_cli_usage_error(cli, "play", "--bots must be random or simple, not '%s'", a->bots);
    if (!a->have_factions) nx_game_classic_factions(&a->cfg, a->seats ? a->seats : 6);
    return 0;
}

static int run_game(player *p, const nx_runtime *rt, const nx_game_args *a, char *err, size_t errlen)
{
    if (a->store && open_store(p, a->store, err, errlen)) return -1;
    print_header(p, &a->cfg);
    int rc = play_out(p, err, errlen);
    if (!rc) print_result(p);
    if (a->save) {
        char *text = nx_game_save(p->g);
        if (nx_cli_write_text(p->cli, a->save, text)) rc = -1;
        else if (!rc) fprintf(p->cli->out, "Saved to %s.\n", a->save);
        free(text);
    }
    if (!rc && p->store) rc = verify_store(p, rt, a->store, err, errlen);
    return rc;
}

int nx_cmd_play(nx_cli *cli)
{
    nx_game_args a;
    int kind = NX_BOT_SIMPLE;
    int rc = nx_cli_game_args(cli, &a);
    if (!rc) rc = check_play_args(cli, &a, &kind);
    nx_runtime rt;
    if (rc || nx_cli_open_runtime(cli, &rt)) {
        nx_cli_game_args_free(&a);
        return rc ? rc : NX_EXIT_INVALID;
    }
    nx_settings settings;
    char err[512] = "";
    player p = { .cli = cli, .rt = &rt };
    rc = NX_EXIT_INVALID;
    if (!nx_cli_settings(cli, &rt.pack.rulings, a.rulings, a.sets, a.nsets, &settings)) {
        p.g = nx_game_new(&rt, &settings, &a.cfg, err, sizeof err);
        /* The bots' generator is the game's seed, stirred, so bot choices
         * and game randomness are independent streams. */
        nx_bot_init(&p.bot, &rt, (nx_bot_kind)kind, a.cfg.seed * 0x9e3779b97f4a7c15ull + 1);
        p.bot.on_refusal = report_refusal;
        p.bot.apply = counting_apply;
        p.bot.ctx = &p;
        nx_fmt(p.room, sizeof p.room, "play-%llu", (unsigned long long)a.cfg.seed);
        if (p.g && !run_game(&p, &rt, &a, err, sizeof err)) rc = NX_EXIT_OK;
        else if (err[0]) fprintf(cli->err, "nexus play: %s\n", err);
    }
    json_decref(p.last_log);
    if (p.store) nx_store_close(p.store);
    nx_game_free(p.g);
    nx_settings_free(&settings);
    nx_runtime_close(&rt);
    nx_cli_game_args_free(&a);
    return rc;
}
