/*
 * One game of a batch, played by the bots of nx_bot.c exactly as `nexus
 * play` plays it (same configuration, same bot seed), and observed from
 * outside the engine:
 *
 *   - before every step, each Nexus card holder is looked at once per
 *     phase: the panel it holds ("held"); whether the panel's printed
 *     timing fits now and the holder owes no other decision, the same test
 *     the engine's play_nexus makes before the panel's own can_play
 *     ("timely"); and whether the panel is also available under the
 *     game's rulings ("playable");
 *   - every play_nexus action goes through the bot's apply hook: accepted
 *     ("played", with the path from its log line) or refused (by the
 *     panel's can_play: "declined");
 *   - a play's effect is the change, over the play and the holder's
 *     answers to that panel's own questions, of the holder's spice, the
 *     other seats' spice, the holder's cards (Treachery and Traitor) and
 *     the forces in the Tleilaxu Tanks.  An action that also ends a phase
 *     mixes in that phase's procedures, so its change is left out and the
 *     play counts as not fully measured.
 *
 * Nothing here is saved in the game: the game is the same as a `nexus
 * play` of the seed, so the replay command reproduces it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_nexus.h"
#include "nx_text.h"
#include "nx_avail.h"
#include "nx_events.h"
#include "nx_names.h"
#include "nx_sim.h"
#include "nx_timing.h"
#include "nx_util.h"

#define SIM_MAX_ACTIONS 200000
#define NPANELS (NX_FACTION_COUNT * NX_MODE_COUNT)
#define MAX_PATHS 8

typedef struct panel_obs {
    unsigned held, timely, playable, attempts, played, declined, measured;
    unsigned refused;                /* tried, refused for another reason than can_play */
    unsigned path_plays[MAX_PATHS];
    unsigned path_shut[MAX_PATHS];   /* tries refused because the situation's path is shut */
    long spice_holder, spice_others, cards_drawn, cards_returned, tanks;
} panel_obs;

/* The fields of panel_obs as they appear in a game record, in order. */
static const char *const obs_counts[] = { "held", "timely", "playable", "attempts", "played", "declined", "refused",
                                          "measured" };

typedef struct effect_window {
    int panel;          /* -1: no play being measured */
    int seat;
    int clean;          /* every action of it was measured */
} effect_window;

typedef struct sim_game {
    const nx_runtime *rt;
    nx_game *g;
    nx_avail avail;
    nx_bot bots[2];         /* by nx_bot_kind */
    int seat_kind[NX_MAX_SEATS];
    nx_bot_kind host_kind;
    panel_obs obs[NPANELS];
    uint16_t seen_held[NX_MAX_SEATS], seen_timely[NX_MAX_SEATS];
    effect_window fx;
    unsigned actions, optional, battles, apply_calls;
    int refused;            /* a listed move was refused: the game failed */
    char failure[1024];
    const char *fail_kind;
    json_t *last_log;
    long force_refusal_from; /* test-only: refuse every apply from this call on; -1 never */
    int secrecy;            /* watch the views (nx_sim_secrecy.c) */
} sim_game;

/* ---- observing holders ------------------------------------------------------- */

static int panel_index(const nx_state *s, int seat, nx_comp card)
{
    return (int)nx_comp_nexus_faction(card) * NX_MODE_COUNT + nx_lifecycle_mode(s, (uint8_t)seat, card);
}

static const nx_panel *panel_at(const sim_game *sg, int idx)
{
    return &sg->rt->pack.cards[idx / NX_MODE_COUNT].panels[idx % NX_MODE_COUNT];
}

/* Does a moment (a panel's or a path's `when`) fit now?  The engine's own
 * timing test (nx_timing.h): an event-bound moment fits while the engine
 * raises that event. */
static int when_fits(const nx_when *w, const nx_state *s)
{
    return nx_when_check(w, s, NULL, 1) == NX_WHEN_FITS;
}

/* The panel's printed timing fits now: its own `when`, or, when its paths
 * print moments of their own, one of theirs. */
static int timing_fits(const nx_panel *p, const nx_state *s)
{
    if (s->phase == NX_P_SETUP) return 0;
    int own_moments = 0;
    for (size_t i = 0; i < p->npaths; i++) {
        if (!p->paths[i].has_when) continue;
        own_moments = 1;
        if (when_fits(&p->paths[i].when, s)) return 1;
    }
    return !own_moments && when_fits(&p->when, s);
}

static void observe_holders(sim_game *sg)
{
    const nx_state *s = nx_game_state(sg->g);
    if (!(s->options & NX_OPT_NEXUS_CARDS)) return;
    uint16_t now = (uint16_t)(s->turn * 16 + s->phase + 1);
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        if (card == NX_COMP_NONE) continue;
        int idx = panel_index(s, seat, card);
        panel_obs *o = &sg->obs[idx];
        if (sg->seen_held[seat] != now) {
            sg->seen_held[seat] = now;
            o->held++;
        }
        const nx_pending *own = nx_state_pending_of(s, (uint8_t)seat);
        /* A seat may play in its Nexus window or in a response window open
         * to it (an event-bound panel answers it); not inside another
         * decision of its own. */
        if (sg->seen_timely[seat] == now || (own && own->kind != NX_PEND_NEXUS_WINDOW && own->kind != NX_PEND_KARAMA) ||
            !timing_fits(panel_at(sg, idx), s))
            continue;
        sg->seen_timely[seat] = now;
        o->timely++;
        o->playable += (unsigned)sg->avail.panels[idx].available;
    }
}

/* ---- measuring what an action did ---------------------------------------------- */

typedef struct snapshot {
    int spice[NX_MAX_SEATS], cards[NX_MAX_SEATS], tanks;
} snapshot;

static void take_snapshot(const nx_state *s, snapshot *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < s->nseats; i++) {
        out->spice[i] = s->seats[i].spice;
        out->cards[i] = nx_custody_count(&s->custody, NX_Z_SEAT(i, NX_ZS_TREACHERY)) +
                        nx_custody_count(&s->custody, NX_Z_SEAT(i, NX_ZS_TRAITORS));
        for (int k = 0; k < NX_FORCE_KINDS; k++) out->tanks += s->seats[i].forces[NX_PLACE_TANKS][k];
    }
}

static void add_effect(panel_obs *o, const nx_state *s, int seat, const snapshot *a, const snapshot *b)
{
    for (int i = 0; i < s->nseats; i++) {
        int ds = b->spice[i] - a->spice[i];
        if (i == seat) o->spice_holder += ds;
        else o->spice_others += ds;
    }
    int dc = b->cards[seat] - a->cards[seat];
    if (dc > 0) o->cards_drawn += dc;
    else o->cards_returned -= dc;
    o->tanks += b->tanks - a->tanks;
}

/* Did an action's log open a phase ("turn N: phase")? */
static int opens_phase(const json_t *log)
{
    size_t i;
    json_t *line;
    int turn;
    char rest[2];
    json_array_foreach(log, i, line)
        if (sscanf(json_string_value(line), "turn %d: %1s", &turn, rest) == 2) return 1;
    return 0;
}

static int count_prefix(const json_t *log, const char *prefix)
{
    size_t i;
    json_t *line;
    int n = 0;
    json_array_foreach(log, i, line) n += !strncmp(json_string_value(line), prefix, strlen(prefix));
    return n;
}

/* The path a play names in its log line, by its label:
 * "... Nexus card as Cunning to <label>" (nx_panel_play.c). */
static void count_path(sim_game *sg, int idx, const json_t *log)
{
    const nx_panel *p = panel_at(sg, idx);
    size_t i;
    json_t *line;
    json_array_foreach(log, i, line) {
        const char *at = strstr(json_string_value(line), " Nexus card as ");
        const char *path = at ? strstr(at, " to ") : NULL;
        if (!path) continue;
        path += strlen(" to ");
        for (size_t k = 0; k < p->npaths && k < MAX_PATHS; k++)
            if (!strcmp(path, p->paths[k].label)) sg->obs[idx].path_plays[k]++;
        return;
    }
}

/* A refused try: the panel's can_play said no ("declined"), or the path
 * the situation calls for is shut by a ruling (nx_panel_ctx.c: "<panel>
 * path P is unavailable: ..."), or something else. */
static void count_refusal(sim_game *sg, int idx, const char *error)
{
    panel_obs *o = &sg->obs[idx];
    if (strstr(error, "cannot be played now")) {
        o->declined++;
        return;
    }
    o->refused++;
    const nx_panel *p = panel_at(sg, idx);
    const char *at = strstr(error, " path "), *end = at ? strstr(at, " is unavailable") : NULL;
    if (!end) return;
    at += strlen(" path ");
    for (size_t k = 0; k < p->npaths && k < MAX_PATHS; k++)
        if (strlen(p->paths[k].id) == (size_t)(end - at) && !strncmp(at, p->paths[k].id, (size_t)(end - at)))
            o->path_shut[k]++;
}

/* Is this action the holder answering its own panel's question? */
static int answers_panel(const nx_state *s, const effect_window *fx, const sim_game *sg)
{
    const nx_pending *own = nx_state_pending_of(s, (uint8_t)fx->seat);
    return own && own->kind == NX_PEND_PANEL && !strcmp(own->panel, panel_at(sg, fx->panel)->id);
}

static const char *error_of(const json_t *result)
{
    const char *e = json_string_value(json_object_get(result, "error"));
    return e ? e : "";
}

static int play_seat(const char *action)
{
    json_t *a = json_loads(action, 0, NULL);
    const json_t *seat = json_object_get(a, "seat");
    int n = json_is_integer(seat) ? (int)json_integer_value(seat) : -1;
    json_decref(a);
    return n;
}

/* The bots' apply hook: every action passes here. */
static char *observed_apply(void *ctx, nx_game *g, const char *action)
{
    sim_game *sg = ctx;
    sg->apply_calls++;
    if (sg->force_refusal_from >= 0 && sg->apply_calls >= (unsigned long)sg->force_refusal_from)
        return nx_xstrdup("{\"ok\": false, \"code\": \"illegal\", \"error\": "
                          "\"refused on purpose (test-only NEXUS_SIM_TEST_REFUSE)\"}");
    const nx_state *s = nx_game_state(g);
    int play = strstr(action, "\"type\":\"play_nexus\"") != NULL;
    int seat = play ? play_seat(action) : -1;
    int idx = -1;
    if (play && seat >= 0 && seat < s->nseats) {
        nx_comp card = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        if (card != NX_COMP_NONE) idx = panel_index(s, seat, card);
    }
    int measuring = sg->fx.panel >= 0 && answers_panel(s, &sg->fx, sg);
    snapshot before, after;
    take_snapshot(s, &before);
    size_t len = nx_game_log_length(g);
    char *res = nx_game_apply(g, action);
    int committed = nx_game_log_length(g) > len;
    json_t *r = json_loads(res, 0, NULL);
    const json_t *log = json_object_get(r, "log");
    if (committed) sg->battles += (unsigned)count_prefix(log, "battle in ");
    if (idx >= 0) {
        sg->obs[idx].attempts++;
        if (committed) {
            sg->obs[idx].played++;
            count_path(sg, idx, log);
            sg->fx = (effect_window){ .panel = idx, .seat = seat, .clean = 1 };
            measuring = 1;
        } else {
            count_refusal(sg, idx, error_of(r));
        }
    }
    s = nx_game_state(g);
    if (committed && measuring) {
        take_snapshot(s, &after);
        if (opens_phase(log)) sg->fx.clean = 0;
        else add_effect(&sg->obs[sg->fx.panel], s, sg->fx.seat, &before, &after);
    }
    /* The window closes once the holder owes its panel nothing more. */
    if (committed && sg->fx.panel >= 0 && !answers_panel(s, &sg->fx, sg)) {
        if (measuring) {
            sg->obs[sg->fx.panel].measured += (unsigned)sg->fx.clean;
        }
        sg->fx.panel = -1;
    }
    json_decref(r);
    return res;
}

static void on_refusal(void *ctx, int seat, const char *action, const char *result)
{
    sim_game *sg = ctx;
    if (sg->refused) return;
    sg->refused = 1;
    sg->fail_kind = "refusal";
    nx_clip(sg->failure, sizeof sg->failure, "seat %d's listed move %s was refused: %s", seat, action, result);
}

/* ---- playing ------------------------------------------------------------------- */

static void setup_bots(sim_game *sg, const nx_sim_config *c, uint64_t seed)
{
    /* Bot seed as in `nexus play`; a second kind gets a stream of its own. */
    for (int k = 0; k < 2; k++) {
        uint64_t bs = seed * 0x9e3779b97f4a7c15ull + 1 + (k == (int)c->bot ? 0 : 0x5bd1e995u);
        nx_bot_init(&sg->bots[k], sg->rt, (nx_bot_kind)k, bs);
        sg->bots[k].on_refusal = on_refusal;
        sg->bots[k].apply = observed_apply;
        sg->bots[k].ctx = sg;
    }
    sg->host_kind = c->bot;
    for (int i = 0; i < NX_MAX_SEATS; i++)
        sg->seat_kind[i] = c->nseat_bots && c->seat_bot[i] >= 0 ? c->seat_bot[i] : (int)c->bot;
}

/* Mixed bots: the bot of the seat that owes the next decision takes the
 * step (its optional moves included). */
static nx_bot *stepping_bot(sim_game *sg)
{
    int seat = nx_bot_next_seat(sg->g);
    return &sg->bots[seat >= 0 ? sg->seat_kind[seat] : (int)sg->host_kind];
}

static int play_out(sim_game *sg)
{
    char id[24];
    for (;;) {
        if (sg->actions >= SIM_MAX_ACTIONS) {
            sg->fail_kind = "stall";
            snprintf(sg->failure, sizeof sg->failure, "the game has not ended after %d actions", SIM_MAX_ACTIONS);
            return -1;
        }
        observe_holders(sg);
        snprintf(id, sizeof id, "b%u", sg->actions + 1);
        nx_bot_move m;
        int rc = nx_bot_step(stepping_bot(sg), sg->g, id, &m);
        if (sg->refused) {
            if (rc > 0) nx_bot_move_free(&m);
            return -1;
        }
        if (rc > 0 && sg->secrecy) {
            /* One viewer per action, in turn: every view is watched. */
            const nx_state *s = nx_game_state(sg->g);
            int viewer = (int)(sg->actions % (unsigned)(s->nseats + 1)) - 1;
            char msg[600];
            if (nx_sim_view_leaks(s, viewer, msg, sizeof msg)) {
                nx_bot_move_free(&m);
                sg->fail_kind = "secrecy";
                nx_clip(sg->failure, sizeof sg->failure, "after action %u: %s", sg->actions + 1, msg);
                return -1;
            }
        }
        if (rc == 0) return 0;
        if (rc < 0) {
            const nx_state *s = nx_game_state(sg->g);
            sg->fail_kind = "stall";
            snprintf(sg->failure, sizeof sg->failure, "the game stalled in turn %d (%s): no move was accepted",
                     s->turn, s->npending ? s->pending[0].prompt : "nothing pending");
            return -1;
        }
        sg->actions++;
        sg->optional += (unsigned)m.optional;
        json_t *res = json_loads(m.result, 0, NULL);
        json_decref(sg->last_log);
        sg->last_log = json_incref(json_object_get(res, "log"));
        json_decref(res);
        nx_bot_move_free(&m);
    }
}

/* ---- the record ------------------------------------------------------------------ */

/* The kind of victory, from the line the Mentat Pause logs. */
static const char *victory_kind(const json_t *log)
{
    static const char *const kinds[][2] = {
        { "prediction comes true", "bene_gesserit_prediction" },
        { "strongholds controlled", "strongholds" },
        { "Fremen special victory", "fremen_special" },
        { "Spacing Guild's default victory", "guild_default" },
        { "the most strongholds", "most_strongholds" },
    };
    size_t i;
    json_t *line;
    json_array_foreach(log, i, line) {
        const char *t = json_string_value(line);
        if (!strstr(t, " the game: ")) continue;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (strstr(t, kinds[k][0])) return kinds[k][1];
        return "other";
    }
    return "none";
}

static json_t *panel_record(const sim_game *sg, int idx)
{
    const panel_obs *o = &sg->obs[idx];
    const unsigned counts[] = { o->held, o->timely, o->playable, o->attempts, o->played, o->declined, o->refused,
                                o->measured };
    json_t *j = json_object();
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        json_object_set_new(j, obs_counts[i], json_integer(counts[i]));
    json_object_set_new(j, "spice_holder", json_integer(o->spice_holder));
    json_object_set_new(j, "spice_others", json_integer(o->spice_others));
    json_object_set_new(j, "cards_drawn", json_integer(o->cards_drawn));
    json_object_set_new(j, "cards_returned", json_integer(o->cards_returned));
    json_object_set_new(j, "tanks", json_integer(o->tanks));
    const nx_panel *p = panel_at(sg, idx);
    json_t *paths = json_object();
    for (size_t k = 0; k < p->npaths && k < MAX_PATHS; k++)
        if (o->path_plays[k]) json_object_set_new(paths, p->paths[k].id, json_integer(o->path_plays[k]));
    json_object_set_new(j, "paths", paths);
    json_t *shut = json_object();
    for (size_t k = 0; k < p->npaths && k < MAX_PATHS; k++)
        if (o->path_shut[k]) json_object_set_new(shut, p->paths[k].id, json_integer(o->path_shut[k]));
    json_object_set_new(j, "paths_shut", shut);
    return j;
}

static void set_failure(json_t *rec, const nx_sim_config *c, uint64_t seed, const char *kind, const char *message)
{
    char *replay = nx_sim_replay_command(c, seed, json_object_get(rec, "factions"));
    json_object_set_new(rec, "ok", json_false());
    json_object_set_new(rec, "failure", json_pack("{s:s, s:s, s:s}", "kind", kind, "message", message, "replay", replay));
    free(replay);
}

static json_t *game_record(sim_game *sg, const nx_sim_config *c, uint64_t seed, const nx_game_config *cfg)
{
    json_t *rec = json_object(), *factions = json_array(), *spice = json_array(), *winners = json_array();
    json_object_set_new(rec, "seed", json_integer((json_int_t)seed));
    for (int i = 0; i < cfg->nseats; i++) json_array_append_new(factions, json_string(nx_faction_id(cfg->factions[i])));
    json_object_set_new(rec, "factions", factions);
    if (sg->fail_kind) {
        set_failure(rec, c, seed, sg->fail_kind, sg->failure);
        return rec;
    }
    const nx_state *s = nx_game_state(sg->g);
    for (int i = 0; i < s->nseats; i++) {
        json_array_append_new(spice, json_integer(s->seats[i].spice));
        if (s->play.winners & (1u << i)) json_array_append_new(winners, json_integer(i));
    }
    json_object_set_new(rec, "ok", json_true());
    json_object_set_new(rec, "winners", winners);
    json_object_set_new(rec, "victory", json_string(victory_kind(sg->last_log)));
    json_object_set_new(rec, "turns", json_integer(s->turn));
    json_object_set_new(rec, "actions", json_integer(sg->actions));
    json_object_set_new(rec, "optional", json_integer(sg->optional));
    json_object_set_new(rec, "battles", json_integer(sg->battles));
    json_object_set_new(rec, "spice_end", spice);
    json_t *panels = json_object();
    for (int i = 0; i < NPANELS; i++)
        if (sg->obs[i].held || sg->obs[i].attempts)
            json_object_set_new(panels, sg->rt->pack.cards[i / NX_MODE_COUNT].panels[i % NX_MODE_COUNT].id,
                                panel_record(sg, i));
    json_object_set_new(rec, "panels", panels);
    return rec;
}

/* Test-only: NEXUS_SIM_TEST_REFUSE=SEED makes that game's actions refused
 * from the 20th on (the bots report a refused listed move);
 * NEXUS_SIM_TEST_CRASH=SEED aborts the worker playing that seed. */
static int env_seed_is(const char *name, uint64_t seed)
{
    const char *v = getenv(name);
    return v && *v && strtoull(v, NULL, 10) == seed;
}

static void build_config(const nx_sim_config *c, uint64_t seed, nx_game_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = seed;
    cfg->advanced = c->advanced;
    cfg->nexus_cards = c->nexus_cards;
    if (c->nfactions) {
        cfg->nseats = c->nfactions;
        memcpy(cfg->factions, c->factions, sizeof cfg->factions);
    } else {
        nx_game_classic_factions(cfg, c->seats ? c->seats : 6);
    }
}

json_t *nx_sim_failure_record(const nx_sim_config *c, uint64_t seed, const char *kind, const char *message)
{
    nx_game_config cfg;
    build_config(c, seed, &cfg);
    json_t *rec = json_object(), *factions = json_array();
    json_object_set_new(rec, "seed", json_integer((json_int_t)seed));
    for (int i = 0; i < cfg.nseats; i++) json_array_append_new(factions, json_string(nx_faction_id(cfg.factions[i])));
    json_object_set_new(rec, "factions", factions);
    set_failure(rec, c, seed, kind, message);
    return rec;
}

json_t *nx_sim_play(const nx_runtime *rt, const nx_settings *st, const nx_sim_config *c, uint64_t seed)
{
    if (env_seed_is("NEXUS_SIM_TEST_CRASH", seed)) abort();
    nx_game_config cfg;
    build_config(c, seed, &cfg);
    sim_game *sg = nx_xcalloc(1, sizeof *sg);
    sg->rt = rt;
    sg->fx.panel = -1;
    sg->secrecy = c->secrecy;
    sg->force_refusal_from = env_seed_is("NEXUS_SIM_TEST_REFUSE", seed) ? 20 : -1;
    nx_avail_compute(&rt->pack, st, &sg->avail);
    char err[512] = "";
    sg->g = nx_game_new(rt, st, &cfg, err, sizeof err);
    if (!sg->g) {
        sg->fail_kind = "setup";
        nx_clip(sg->failure, sizeof sg->failure, "the game could not be set up: %s", err);
    } else {
        setup_bots(sg, c, seed);
        play_out(sg);
    }
    json_t *rec = game_record(sg, c, seed, &cfg);
    json_decref(sg->last_log);
    nx_game_free(sg->g);
    nx_avail_free(&sg->avail);
    free(sg);
    return rec;
}

/* ---- the replay command ------------------------------------------------------------ */

static void append(char **s, const char *fmt, const char *arg)
{
    char *piece = nx_asprintf(fmt, arg);
    char *joined = nx_asprintf("%s%s", *s, piece);
    free(piece);
    free(*s);
    *s = joined;
}

char *nx_sim_replay_command(const nx_sim_config *c, uint64_t seed, const json_t *factions)
{
    char *cmd = nx_xstrdup("nexus");
    if (c->pack_path) append(&cmd, " --pack %s", c->pack_path);
    char seedtxt[32];
    snprintf(seedtxt, sizeof seedtxt, "%llu", (unsigned long long)seed);
    if (c->nseat_bots) append(&cmd, " simulate -n 1 --seed-start %s", seedtxt);
    else append(&cmd, " play --seed %s", seedtxt);
    size_t i;
    json_t *f;
    json_array_foreach(factions, i, f) append(&cmd, i ? ",%s" : " --factions %s", json_string_value(f));
    if (c->advanced) append(&cmd, "%s", " --advanced");
    if (c->nexus_cards) append(&cmd, "%s", " --nexus-cards");
    if (c->rulings_file) append(&cmd, " --rulings %s", c->rulings_file);
    for (size_t k = 0; k < c->nsets; k++) append(&cmd, " --set %s", c->sets[k]);
    append(&cmd, " --bots %s", nx_bot_kind_name(c->bot));
    for (int s = 0; s < NX_MAX_SEATS && c->nseat_bots; s++) {
        if (c->seat_bot[s] < 0) continue;
        char b[48];
        snprintf(b, sizeof b, "%d=%s", s, nx_bot_kind_name((nx_bot_kind)c->seat_bot[s]));
        append(&cmd, " --bot %s", b);
    }
    return cmd;
}
