#include "nx_game.h"
#include "nx_log.h"
#include "nx_text.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_module.h"
#include "nx_avail_share.h"
#include "nx_json_text.h"
#include "nx_json_write.h"
#include "nx_module.h"
#include "nx_state_json.h"
#include "nx_util.h"
#include "nx_version.h"
#include "nx_view.h"

struct nx_game {
    const nx_runtime *rt;
    nx_settings settings;        /* pinned: every ruling's effective setting */
    /* Panel availability under them, once needed: a reference to the one
     * every game of the same pack and settings shares (nx_avail_share.h),
     * given back when the game is freed. */
    const nx_avail *avail;
    nx_game_config cfg;
    nx_state state;
    char *setup_log;             /* public log lines of setup, JSON array text */
    /* The action log: each committed action's canonical text and its
     * result's text, by id for retries; and the host's record of an
     * entry's log lines when it says more than the public log (NULL: the
     * same; a loaded entry has none).  A record is never saved and never
     * in a result: it holds what the shields hide. */
    nx_log log;
};

static char *dump(const json_t *j);

/* ---- creation ------------------------------------------------------------ */

void nx_game_classic_factions(nx_game_config *cfg, int k)
{
    nx_faction pool[6] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_EMPEROR,
                           NX_FREMEN, NX_HARKONNEN, NX_SPACING_GUILD };
    assert(k >= 2 && k <= 6);
    /* A generator of its own, so the game's seed sequence is untouched. */
    nx_rng r;
    nx_rng_seed(&r, cfg->seed ^ 0x5eed5eedull);
    for (int i = 5; i > 0; i--) {
        int j = (int)nx_rng_below(&r, (uint32_t)i + 1);
        nx_faction t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    cfg->nseats = k;
    memcpy(cfg->factions, pool, (size_t)k * sizeof *pool);
}

static int check_config(const nx_game_config *cfg, char *err, size_t len)
{
    if (cfg->nseats < 2 || cfg->nseats > NX_MAX_SEATS) {
        nx_fmt(err, len, "a game has 2 to %d seats, not %d", NX_MAX_SEATS, cfg->nseats);
        return -1;
    }
    for (int i = 0; i < cfg->nseats; i++) {
        if (cfg->factions[i] < 0 || cfg->factions[i] >= NX_FACTION_COUNT) {
            nx_fmt(err, len, "seat %d has no faction", i);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (cfg->factions[j] == cfg->factions[i]) {
                nx_fmt(err, len, "%s is chosen twice", nx_faction_name(cfg->factions[i]));
                return -1;
            }
    }
    /* A designer's table runs no procedure, so there is nothing to stage
     * a phase for: it sets positions up with "place" and "advance". */
    if (cfg->designer && cfg->staging) {
        nx_fmt(err, len, "a game is a designer's table or a staging table, not both");
        return -1;
    }
    return 0;
}

/* Pin every ruling's effective setting, so the game keeps them even if
 * the defaults change later. */
static void pin_settings(nx_game *g, const nx_settings *chosen)
{
    nx_settings_init(&g->settings);
    const nx_rulings *r = &g->rt->pack.rulings;
    for (size_t i = 0; i < r->n; i++) {
        const char *v = chosen ? nx_settings_get(chosen, &r->v[i]) : r->v[i].default_setting;
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(&g->settings, r, r->v[i].id, v, &d);
        assert(rc == 0); /* the value came from the registry itself */
        (void)rc;
        nx_diags_free(&d);
    }
}

static nx_game *game_alloc(const nx_runtime *rt, const nx_settings *settings,
                           const nx_game_config *cfg)
{
    nx_game *g = nx_xcalloc(1, sizeof *g);
    g->rt = rt;
    g->cfg = *cfg;
    nx_log_init(&g->log);
    pin_settings(g, settings);
    return g;
}

nx_game *nx_game_new(const nx_runtime *rt, const nx_settings *settings,
                     const nx_game_config *cfg, char *err, size_t errlen)
{
    if (check_config(cfg, err, errlen)) return NULL;
    assert(rt->rules); /* an open runtime carries its ruleset (nx_runtime_open) */
    nx_game *g = game_alloc(rt, settings, cfg);
    const nx_ruling *blocker = cfg->nexus_cards ? nx_rulings_lifecycle_blocker(&rt->pack.rulings, &g->settings) : NULL;
    if (blocker) {
        nx_fmt(err, errlen, "the Nexus card module cannot start: ruling %s is unresolved", blocker->id);
        nx_game_free(g);
        return NULL;
    }
    uint8_t options = (uint8_t)((cfg->nexus_cards ? NX_OPT_NEXUS_CARDS : 0) |
                                (cfg->advanced ? NX_OPT_ADVANCED : 0) |
                                (cfg->designer ? NX_OPT_DESIGNER : 0) |
                                (cfg->staging ? NX_OPT_STAGING : 0));
    nx_state_init(&g->state, cfg->seed, options);
    nx_act a = { .s = &g->state, .rt = rt, .settings = &g->settings, .game_avail = &g->avail,
                 .seat = -1, .log = json_array() };
    rt->rules->setup(&a, cfg->factions, cfg->nseats, options);
    rt->rules->settle(&a);
    if (a.avail_ready) nx_avail_free(&a.avail);
    g->setup_log = dump(a.log);
    json_decref(a.log);
    char msg[256];
    if (nx_state_check(&g->state, msg, sizeof msg)) {
        nx_fmt(err, errlen, "setup broke an invariant: %s", msg);
        nx_game_free(g);
        return NULL;
    }
    return g;
}

void nx_game_free(nx_game *g)
{
    if (!g) return;
    nx_log_free(&g->log);
    free(g->setup_log);
    nx_avail_release(g->avail);
    nx_settings_free(&g->settings);
    free(g);
}

const nx_state *nx_game_state(const nx_game *g) { return &g->state; }
nx_state *nx_game_state_mut(nx_game *g) { return &g->state; }

int nx_game_panel_available(const nx_game *g, const char *panel_id)
{
    /* Availability depends on the pack and the pinned settings alone, so
     * the first question takes the shared one for the game's life (a
     * cache: the game's observable state is unchanged, hence the const).
     * Bots ask at every decision; recomputing it was 85% of a bot game's
     * time. */
    if (!g->avail) ((nx_game *)g)->avail = nx_avail_acquire(&g->rt->pack, &g->settings);
    return nx_avail_path_open(g->avail, panel_id, NULL);
}

size_t nx_game_log_length(const nx_game *g) { return g->log.n; }
const char *nx_game_setup_log(const nx_game *g) { return g->setup_log; }

json_t *nx_game_moves(const nx_game *g, int seat)
{
    json_t *out = json_array();
    if (seat >= 0 && seat < g->state.nseats) nx_ruleset_moves(g->rt->rules, &g->state, (uint8_t)seat, out);
    return out;
}
json_t *nx_game_bot_hint(const nx_game *g, int seat)
{
    if (seat < 0 || seat >= g->state.nseats) return NULL;
    return g->rt->rules->bot_hint(g->rt, &g->settings, &g->state, (uint8_t)seat);
}
int nx_game_bot_advice(const nx_game *g, int seat, const char *panel_id, nx_advice *out, char *err, size_t len)
{
    nx_advice_init(out);
    if (seat < 0 || seat >= g->state.nseats || !g->rt->rules->bot_advice) return 0;
    return g->rt->rules->bot_advice(g->rt, &g->settings, &g->state, (uint8_t)seat, panel_id, out, err, len);
}
const char *nx_game_log_action(const nx_game *g, size_t i) { return nx_log_action(&g->log, i); }
const char *nx_game_log_result(const nx_game *g, size_t i) { return nx_log_result(&g->log, i); }
const char *nx_game_log_record(const nx_game *g, size_t i) { return nx_log_record(&g->log, i); }
size_t nx_game_log_heap_bytes(const nx_game *g) { return nx_log_heap_bytes(&g->log); }

/* ---- applying actions ---------------------------------------------------- */

/* json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS), byte for byte (nx_json_write.h). */
static char *dump(const json_t *j)
{
    return nx_json_dump_canonical(j);
}

static char *error_result(const char *code, const char *msg)
{
    json_t *r = json_pack("{s:b, s:s, s:s}", "ok", 0, "code", code, "error", msg);
    char *text = dump(r);
    json_decref(r);
    return text;
}

/* Read id, version and seat; NULL on success or an error result. */
static char *read_envelope(const nx_game *g, const json_t *j, const char **id,
                           int *seat, long *retry)
{
    char msg[256];
    *retry = -1;
    if (!json_is_object(j)) return error_result("malformed", "an action is a JSON object");
    json_t *jid = json_object_get(j, "id");
    json_t *jver = json_object_get(j, "version");
    json_t *jseat = json_object_get(j, "seat");
    json_t *jtype = json_object_get(j, "type");
    if (!json_is_string(jid) || !json_string_length(jid) || json_string_length(jid) > 64)
        return error_result("malformed", "\"id\" must be a string of 1 to 64 characters");
    *id = json_string_value(jid);
    if ((*retry = nx_log_find(&g->log, *id)) >= 0) return NULL;
    if (!json_is_string(jtype)) return error_result("malformed", "\"type\" must be a string");
    if (!json_is_integer(jver))
        return error_result("malformed", "\"version\" must be the state version the action expects");
    if (json_integer_value(jver) != (json_int_t)g->state.version) {
        nx_fmt(msg, sizeof msg, "stale version: the action expects %lld, the game is at %u",
                 (long long)json_integer_value(jver), g->state.version);
        return error_result("stale", msg);
    }
    if (jseat && !json_is_null(jseat) &&
        (!json_is_integer(jseat) || json_integer_value(jseat) < 0 ||
         json_integer_value(jseat) >= g->state.nseats)) {
        nx_fmt(msg, sizeof msg, "\"seat\" must be a seat number from 0 to %d, or null for the host",
                 g->state.nseats - 1);
        return error_result("malformed", msg);
    }
    *seat = json_is_integer(jseat) ? (int)json_integer_value(jseat) : -1;
    return NULL;
}

/* Run the handler on the game's state and verify it; a refusal puts the
 * state back from *saved (nx_state_save: the state less its unused
 * pending slots, a third of its bytes), so a refused action leaves it
 * exactly as it was.  Copying the whole state to a scratch state and
 * back cost 30 KB of copying per action, 22% of a bot game's
 * instructions.  The copy lives on the caller's stack, not in the game:
 * rooms do not each carry a second state. */
static int run_in_place(nx_game *g, nx_state *saved, nx_act *a, nx_act_fn fn)
{
    assert(nx_state_tail_clear(&g->state));
    nx_state_save(saved, &g->state);
    a->s = &g->state;
    if (g->state.play.over) return nx_act_fail(a, "illegal", "the game is over");
    int rc = -1;
    char msg[256];
    if (a->rt->rules->holds(a) || fn(a)) goto refused;
    a->rt->rules->settle(a);
    if (a->failed_late) goto refused;
    if (nx_state_check(&g->state, msg, sizeof msg)) {
        nx_act_fail(a, "invariant", "the action would break an invariant: %s", msg);
        goto refused;
    }
    g->state.version++;
    return 0;
refused:
    nx_state_restore(&g->state, saved);
    return rc;
}

/* Keep the new state (already in place) and its log entry, then let the
 * host commit them durably; a refused commit puts back the state (from
 * *saved) and the log exactly as before, so nothing unstored stays in
 * memory (and a retry runs afresh). */
static char *keep(nx_game *g, const nx_state *saved, const char *id, char *canonical, json_t *log,
                  json_t *record, nx_game_commit_fn commit, void *ctx)
{
    json_t *res = json_pack("{s:b, s:I, s:o}", "ok", 1, "version", (json_int_t)g->state.version, "log", log);
    char *result = dump(res);
    json_decref(res);
    nx_log_append(&g->log, id, canonical, result);
    free(canonical);
    if (record) nx_log_set_record(&g->log, dump(record));
    char msg[512] = "";
    if (commit && commit(ctx, g, msg, sizeof msg)) {
        nx_log_drop_last(&g->log);
        nx_state_restore(&g->state, saved);
        free(result);
        result = error_result("store", msg[0] ? msg : "the store did not commit the action");
    }
    return result;
}

static char *apply_parsed(nx_game *g, json_t *j, nx_game_commit_fn commit, void *ctx)
{
    const char *id = NULL;
    int seat = -1;
    long retry;
    char *err = read_envelope(g, j, &id, &seat, &retry);
    if (err) return err;
    char *canonical = dump(j);
    if (!canonical) return error_result("malformed", "the action cannot be written as JSON text");
    if (retry >= 0) {
        /* A retried id returns the original result; reusing an id for a
         * different action is a client bug worth reporting. */
        char *r = strcmp(nx_log_action(&g->log, (size_t)retry), canonical)
                      ? error_result("malformed", "this action id was already used for a different action")
                      : nx_xstrdup(nx_log_result(&g->log, (size_t)retry));
        free(canonical);
        return r;
    }
    const char *type = json_string_value(json_object_get(j, "type"));
    int host_only = 0;
    nx_act_fn fn = nx_ruleset_action(g->rt->rules, type, &host_only);
    nx_act a = { .rt = g->rt, .settings = &g->settings, .game_avail = &g->avail, .action = j,
                 .seat = seat, .log = json_array(), .keep_record = 1 };
    nx_state saved;
    int rc;
    if (!fn) rc = nx_act_fail(&a, "malformed", "unknown action type '%s'", type);
    else if (host_only && seat >= 0) rc = nx_act_fail(&a, "illegal", "'%s' is the host's action (seat null)", type);
    else if (!host_only && seat < 0) rc = nx_act_fail(&a, "malformed", "'%s' needs the acting \"seat\"", type);
    else rc = run_in_place(g, &saved, &a, fn);
    if (a.avail_ready) nx_avail_free(&a.avail);
    if (rc) {
        json_decref(a.log);
        json_decref(a.record);
        free(canonical);
        return error_result(a.code ? a.code : "illegal", a.err);
    }
    char *res = keep(g, &saved, id, canonical, a.log, a.record, commit, ctx);
    json_decref(a.record);
    return res;
}

char *nx_game_apply(nx_game *g, const char *action_json)
{
    return nx_game_apply_durable(g, action_json, NULL, NULL);
}

char *nx_game_apply_durable(nx_game *g, const char *action_json, nx_game_commit_fn commit, void *ctx)
{
    json_error_t je;
    json_t *j = json_loads(action_json, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        char msg[400];
        nx_clip(msg, sizeof msg, "action is not valid JSON (line %d, column %d): %s",
                 je.line, je.column, je.text);
        return error_result("malformed", msg);
    }
    char *r = apply_parsed(g, j, commit, ctx);
    json_decref(j);
    return r;
}

char *nx_game_apply_value(nx_game *g, json_t *action)
{
    /* The text path parses, then writes the canonical text from the parsed
     * value; a value in hand skips the parse and writes the same text
     * (jansson writes a value it read back as it wrote it).  A value
     * jansson cannot write as text is refused as such a text would be. */
    if (!action) return error_result("malformed", "an action is a JSON object");
    return apply_parsed(g, action, NULL, NULL);
}

json_t *nx_game_view_json(const nx_game *g, int seat) { return nx_view_json(&g->state, seat); }

char *nx_game_view(const nx_game *g, int seat)
{
    json_t *v = nx_view_json(&g->state, seat);
    char *text = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(v);
    return text;
}

/* ---- save and load --------------------------------------------------------- */

#define NX_SAVE_FORMAT 1

static json_t *config_json(const nx_game_config *cfg)
{
    char seed[24];
    nx_fmt(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
    json_t *factions = json_array();
    for (int i = 0; i < cfg->nseats; i++)
        json_array_append_new(factions, json_string(nx_faction_id(cfg->factions[i])));
    return json_pack("{s:s, s:o, s:b, s:b, s:b, s:b}", "seed", seed, "factions", factions,
                     "nexus_cards", cfg->nexus_cards, "advanced", cfg->advanced,
                     "designer", cfg->designer, "staging", cfg->staging);
}

#define LOG_KEY ",\n \"log\": "
#define CHECKSUM_KEY ",\n \"checksum\": \""
#define ENTRY_ACTION "  {\"action\": "
#define ENTRY_RESULT "\n   \"result\": "

/* Every saved member but the log, as jansson lays it out. */
static char *save_head(const nx_game *g)
{
    json_t *rulings = json_object();
    for (size_t i = 0; i < g->settings.n; i++)
        json_object_set_new(rulings, g->settings.ids[i], json_string(g->settings.values[i]));
    json_t *root = json_pack(
        "{s:i, s:s, s:{s:s, s:s, s:s}, s:o, s:o, s:o}", "nexus_save", NX_SAVE_FORMAT,
        "engine", NX_VERSION, "pack", "name", g->rt->pack.name, "version",
        g->rt->pack.version, "digest", g->rt->pack.digest, "config", config_json(&g->cfg),
        "rulings", rulings, "state", nx_state_json_encode(&g->state));
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}

/* The log goes last, each entry's canonical texts written as they are
 * kept, its action on one line and its result on the next (parsing each
 * back into a tree for jansson to lay out was 87% of a save).  Compact
 * JSON holds no raw line break (a string escapes it), so a load finds
 * every text between line breaks without parsing (read_log_text). */
typedef struct save_out {
    nx_strbuf b;
    int more;   /* an entry is written already */
} save_out;

static void save_entry(void *ctx, const char *action, const char *result)
{
    save_out *o = ctx;
    nx_strbuf *b = &o->b;
    nx_strbuf_puts(b, o->more++ ? ",\n" ENTRY_ACTION : "\n" ENTRY_ACTION);
    nx_strbuf_puts(b, action);
    nx_strbuf_puts(b, "," ENTRY_RESULT);
    nx_strbuf_puts(b, result);
    nx_strbuf_puts(b, "}");
}

char *nx_game_save(const nx_game *g)
{
    char *head = save_head(g);
    if (!head) return NULL;
    size_t n = strlen(head), need = n + 64 + nx_log_text_bytes(&g->log) + 32 * g->log.n;
    assert(n >= 2 && !strcmp(head + n - 2, "\n}"));
    save_out o = { { 0 }, 0 };
    nx_strbuf_reserve(&o.b, need);
    nx_strbuf_put(&o.b, head, n - 2);
    free(head);
    nx_strbuf_puts(&o.b, g->log.n ? LOG_KEY "[" : LOG_KEY "[]");
    nx_log_each(&g->log, save_entry, &o);
    nx_strbuf b = o.b;
    nx_strbuf_puts(&b, g->log.n ? "\n ]" : "");
    /* Last, the checksum of every byte before it: a load that finds it
     * matching takes the saved state as it is (load_snapshot). */
    char sum[17];
    nx_checksum64_hex(b.s, b.n, sum);
    nx_strbuf_puts(&b, CHECKSUM_KEY);
    nx_strbuf_puts(&b, sum);
    nx_strbuf_puts(&b, "\"\n}");
    return nx_strbuf_take(&b);
}

static int load_config(const json_t *j, nx_game_config *cfg, char *err, size_t len)
{
    memset(cfg, 0, sizeof *cfg);
    json_t *factions = json_object_get(j, "factions");
    const char *seed = json_string_value(json_object_get(j, "seed"));
    json_t *nexus = json_object_get(j, "nexus_cards"), *adv = json_object_get(j, "advanced");
    json_t *designer = json_object_get(j, "designer");
    /* "staging" came later: a save without it is not a staging table. */
    json_t *staging = json_object_get(j, "staging");
    if (!json_is_object(j) || !seed || !json_is_array(factions) || !json_is_boolean(nexus) ||
        !json_is_boolean(adv) || !json_is_boolean(designer) || (staging && !json_is_boolean(staging)) ||
        json_object_size(j) != (staging ? 6u : 5u))
        return nx_clip_fail(err, len, "config: expected seed, factions, nexus_cards, advanced, designer, staging");
    char *end;
    cfg->seed = strtoull(seed, &end, 10);
    if (!*seed || *end) return nx_clip_fail(err, len, "config.seed: not a decimal number");
    if (json_array_size(factions) < 2 || json_array_size(factions) > NX_MAX_SEATS)
        return nx_clip_fail(err, len, "config.factions: 2 to %d factions", NX_MAX_SEATS);
    cfg->nseats = (int)json_array_size(factions);
    for (int i = 0; i < cfg->nseats; i++) {
        const char *f = json_string_value(json_array_get(factions, (size_t)i));
        cfg->factions[i] = f ? nx_faction_parse(f) : NX_NO_FACTION;
        if (cfg->factions[i] == NX_NO_FACTION)
            return nx_clip_fail(err, len, "config.factions[%d]: unknown faction", i);
    }
    cfg->nexus_cards = json_is_true(nexus);
    cfg->advanced = json_is_true(adv);
    cfg->designer = json_is_true(designer);
    cfg->staging = json_is_true(staging);
    return 0;
}

static int load_settings(const nx_runtime *rt, const json_t *j, nx_settings *s,
                         char *err, size_t len)
{
    nx_settings_init(s);
    if (!json_is_object(j)) return nx_clip_fail(err, len, "rulings: expected an object");
    const char *id;
    json_t *v;
    json_object_foreach((json_t *)j, id, v) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = json_is_string(v) ? nx_settings_set(s, &rt->pack.rulings, id, json_string_value(v), &d) : -1;
        if (rc) {
            nx_clip_fail(err, len, "rulings.%s: %s", id, d.n ? d.v[0].msg : "expected a setting name");
            nx_diags_free(&d);
            return -1;
        }
        nx_diags_free(&d);
    }
    /* Every ruling is pinned at creation (pin_settings), so a save that
     * lacks one was damaged: taking today's default would change the game. */
    const nx_rulings *r = &rt->pack.rulings;
    for (size_t i = 0; i < r->n; i++)
        if (!json_object_get(j, r->v[i].id))
            return nx_clip_fail(err, len, "rulings.%s: missing (a saved game pins every ruling of its pack)",
                             r->v[i].id);
    return 0;
}

/* "0.1.0" and "0.1.7" share MAJOR.MINOR: a patch release changes no rule
 * and no format, so it loads what the other saved (and the log's replay,
 * which must give every saved result, would catch it if one did). */
static int same_minor(const char *a, const char *b)
{
    const char *da = strchr(a, '.'), *db = strchr(b, '.');
    if (!da || !db) return 0;
    const char *ea = strchr(da + 1, '.'), *eb = strchr(db + 1, '.');
    size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
    return la == lb && !strncmp(a, b, la);
}

static int check_header(const nx_runtime *rt, const json_t *root, int pinned, char *err, size_t len)
{
    if (!json_is_object(root)) return nx_clip_fail(err, len, "a saved game is a JSON object");
    json_t *fmt = json_object_get(root, "nexus_save");
    if (!json_is_integer(fmt) || json_integer_value(fmt) != NX_SAVE_FORMAT)
        return nx_clip_fail(err, len, "nexus_save: not a Nexus saved game of format %d", NX_SAVE_FORMAT);
    const char *engine = json_string_value(json_object_get(root, "engine"));
    if (!engine || !same_minor(engine, NX_VERSION))
        return nx_clip_fail(err, len, "engine: saved by engine %s, this is %s (a saved game loads in an "
                         "engine of the same MAJOR.MINOR)", engine ? engine : "?", NX_VERSION);
    const char *digest = json_string_value(json_object_get(json_object_get(root, "pack"), "digest"));
    if (pinned && (!digest || strcmp(digest, rt->pack.digest)))
        return nx_clip_fail(err, len, "pack.digest: saved with pack %s, the loaded pack is %s",
                         digest ? digest : "?", rt->pack.digest);
    return 0;
}

/* Replay the log on a fresh game; every result must match the saved one. */
static int replay(nx_game *g, const json_t *log, char *err, size_t len)
{
    if (!json_is_array(log)) return nx_clip_fail(err, len, "log: expected an array");
    size_t i;
    json_t *entry;
    json_array_foreach(log, i, entry) {
        json_t *action = json_object_get(entry, "action");
        json_t *saved = json_object_get(entry, "result");
        if (!json_is_object(action) || !json_is_object(saved))
            return nx_clip_fail(err, len, "log[%zu]: expected {action, result}", i);
        char *text = dump(action);
        char *result = nx_game_apply(g, text);
        free(text);
        json_t *got = json_loads(result, 0, NULL);
        int same = json_equal(got, saved);
        json_decref(got);
        if (!same) {
            /* Name the action and both results: `nexus repin` reports this. */
            char *want = dump(saved);
            const char *id = json_string_value(json_object_get(action, "id"));
            nx_clip_fail(err, len, "log[%zu] (id %s): replaying the action does not give the saved result: saved %s, got %s", i,
                      id ? id : "?", want, result);
            free(want);
            free(result);
            return -1;
        }
        free(result);
    }
    return 0;
}

static nx_game *load_replayed(const nx_runtime *rt, const char *json, int pinned, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        nx_clip(err, errlen, "not valid JSON (line %d, column %d): %s", je.line, je.column, je.text);
        return NULL;
    }
    nx_game *g = NULL;
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    if (check_header(rt, root, pinned, err, errlen) ||
        load_config(json_object_get(root, "config"), &cfg, err, errlen) ||
        load_settings(rt, json_object_get(root, "rulings"), &s, err, errlen))
        goto done;
    g = nx_game_new(rt, &s, &cfg, err, errlen);
    if (!g) goto done;
    nx_state saved;
    nx_state_init(&saved, 0, 0);
    char msg[256];
    int bad = replay(g, json_object_get(root, "log"), err, errlen);
    if (!bad && nx_state_json_decode(json_object_get(root, "state"), &saved, msg, sizeof msg) < 0)
        bad = nx_clip_fail(err, errlen, "state: %s", msg);
    /* The log is the authority; the stored state must be what it rebuilds. */
    if (!bad && memcmp(&saved, &g->state, sizeof saved))
        bad = nx_clip_fail(err, errlen, "state: the saved state is not what its log rebuilds");
    if (bad) {
        nx_game_free(g);
        g = NULL;
    }
done:
    nx_settings_free(&s);
    json_decref(root);
    return g;
}

/* ---- loading a snapshot ------------------------------------------------------ */

/* The start of the checksum member when JSON ends with one matching every
 * byte before it (the file is what nx_game_save wrote); NULL otherwise. */
static const char *checked_end(const char *json)
{
    size_t n = strlen(json), key = strlen(CHECKSUM_KEY), tail = key + 16 + 3;
    while (n && (json[n - 1] == '\n' || json[n - 1] == ' ')) n--;
    if (n < tail) return NULL;
    const char *t = json + n - tail;
    if (strncmp(t, CHECKSUM_KEY, key) || strncmp(t + key + 16, "\"\n}", 3)) return NULL;
    char sum[17];
    nx_checksum64_hex(json, (size_t)(t - json), sum);
    return memcmp(sum, t + key, 16) ? NULL : t;
}

static int expect(const char **p, const char *want)
{
    size_t n = strlen(want);
    if (strncmp(*p, want, n)) return -1;
    *p += n;
    return 0;
}

/* Copy the text from *P up to the next line break, less its last TRIM
 * bytes (which must be TAIL), NUL-terminated at *O; both move on. */
static int take_line(const char **p, const char *end, const char *tail, char **o)
{
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    size_t trim = strlen(tail);
    if (!nl || (size_t)(nl - *p) <= trim || strncmp(nl - trim, tail, trim)) return -1;
    size_t n = (size_t)(nl - *p) - trim;
    memcpy(*o, *p, n);
    (*o)[n] = '\0';
    *o += n + 1;
    *p = nl;
    return 0;
}

/* The log between P (just after LOG_KEY) and END, into g's log (nx_log
 * copies each entry's texts into its blocks; one scratch buffer, reused,
 * holds each entry's texts on the way).  -1 where the text is not laid out
 * as nx_game_save lays it (the caller then frees g). */
static int read_log_text(nx_game *g, const char *p, const char *end)
{
    if (!strncmp(p, "[]", 2)) return p + 2 == end ? 0 : -1;
    if (*p++ != '[') return -1;
    assert(g->log.n == 0); /* a fresh game's log is empty */
    char *scratch = nx_xmalloc((size_t)(end - p) + 2);
    int rc = -1;
    for (;;) {
        char *o = scratch, *action = o;
        if (expect(&p, "\n" ENTRY_ACTION) || take_line(&p, end, ",", &o) || expect(&p, ENTRY_RESULT)) break;
        char *result = o;
        char id[65];
        /* The result's line ends "}," or, the last, "}" before "\n ]". */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        int last = nl && nl + 2 <= end && !strncmp(nl, "\n ]", 3) && nl + 3 == end;
        if (take_line(&p, end, last ? "}" : "},", &o) || nx_log_action_id(action, id) ||
            nx_log_find(&g->log, id) >= 0)
            break;
        nx_log_append(&g->log, id, action, result);
        if (last) {
            rc = 0;
            break;
        }
    }
    free(scratch);
    return rc;
}

/* A file nx_game_save wrote (its checksum matches), saved by this very
 * engine with this pack: its state is taken as saved and its log kept as
 * text, without replaying it (a full load replays every action: over 90%
 * of its time).  The replay stays the authority: any doubt (another
 * engine patch release, a layout this does not expect) returns NULL with
 * *refused 0 and the caller replays; *refused 1 means the file is wrong
 * however it is read. */
static nx_game *load_snapshot(const nx_runtime *rt, const char *json, const char *end, int *refused,
                              char *err, size_t errlen)
{
    *refused = 0;
    const char *log = strstr(json, LOG_KEY);
    if (!log || log > end) return NULL;
    nx_strbuf head = { 0 };
    nx_strbuf_put(&head, json, (size_t)(log - json));
    nx_strbuf_puts(&head, "\n}");
    json_t *root = json_loads(head.s, JSON_REJECT_DUPLICATES, NULL);
    free(head.s);
    const char *engine = json_string_value(json_object_get(root, "engine"));
    nx_game *g = NULL;
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    if (!root || !engine || strcmp(engine, NX_VERSION)) goto done;
    if (check_header(rt, root, 1, err, errlen) ||
        load_config(json_object_get(root, "config"), &cfg, err, errlen) ||
        load_settings(rt, json_object_get(root, "rulings"), &s, err, errlen)) {
        *refused = 1;
        goto done;
    }
    g = nx_game_new(rt, &s, &cfg, err, errlen);
    if (!g) {
        *refused = 1;
        goto done;
    }
    char msg[256];
    /* The decoder runs nx_state_check and leaves g's state alone on failure. */
    if (nx_state_json_decode(json_object_get(root, "state"), &g->state, msg, sizeof msg) < 0 ||
        read_log_text(g, log + strlen(LOG_KEY), end)) {
        nx_game_free(g);
        g = NULL;
    }
done:
    nx_settings_free(&s);
    json_decref(root);
    return g;
}

nx_game *nx_game_load(const nx_runtime *rt, const char *json, char *err, size_t errlen)
{
    const char *end = checked_end(json);
    if (end) {
        int refused;
        nx_game *g = load_snapshot(rt, json, end, &refused, err, errlen);
        if (g || refused) return g;
    }
    return load_replayed(rt, json, 1, err, errlen);
}

nx_game *nx_game_load_verified(const nx_runtime *rt, const char *json, char *err, size_t errlen)
{
    return load_replayed(rt, json, 1, err, errlen);
}

nx_game *nx_game_load_unpinned(const nx_runtime *rt, const char *json, char *err, size_t errlen)
{
    return load_replayed(rt, json, 0, err, errlen);
}

nx_game *nx_game_restart(const nx_game *g, char *err, size_t errlen)
{
    return nx_game_new(g->rt, &g->settings, &g->cfg, err, errlen);
}
