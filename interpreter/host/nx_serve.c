/*
 * `nexus serve`: the host's line protocol.  One JSON object per input line,
 * one JSON object per output line, in order.  Rooms live in memory and in
 * the embedded store (every committed action is one store transaction, or
 * a savepoint of its poll round's group commit: nx_server_group_end), so
 * a host process can be restarted and reopen its rooms.  See
 * docs/protocol.md, "The line protocol".
 *
 * Every request is checked against its command's row of one table (keys,
 * types, which are required) before anything runs: an unknown key or a
 * wrong type is refused, never read as a default.
 */
#include "nx_serve.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nx_bot.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_space.h"
#include "nx_token.h"
#include "nx_util.h"
#include "nx_version.h"

#define SERVE_MAX_ROOM_NAME 64

/* The protocol's name and version (hello); a client that speaks another
 * major version should stop. */
#define SERVE_PROTOCOL "nexus-serve"
#define SERVE_PROTOCOL_VERSION 2

/* Engine bots a host seated, per kind (each with its own generator, seeded
 * from the game's seed so a replayed room plays the same). */
enum { BOT_NONE = -1 };

typedef struct room {
    char *name;
    nx_game *g;
    char host_hash[NX_TOKEN_HASH_CHARS + 1];          /* "" for a room without tokens */
    char seat_hash[NX_MAX_SEATS][NX_TOKEN_HASH_CHARS + 1];
    int bot_kind[NX_MAX_SEATS];                       /* BOT_NONE or an nx_bot_kind */
    nx_bot bots[2];                                   /* by nx_bot_kind */
    int bots_ready[2];
} room;

/* A reply held until its group is committed (nx_server_group_end). */
typedef struct held_reply {
    char *reply;
    void *tag;     /* the caller's: whose reply it is */
    char *room;    /* the room its request named, or NULL */
    json_t *id;    /* the request's id, echoed by a replacing error */
    long line;
} held_reply;

struct nx_server {
    const nx_runtime *rt;
    nx_store *store;
    room *rooms;
    size_t nrooms;
    size_t next_idle;   /* round robin of nx_server_idle */
    long line;
    int lease_ms;           /* the store's lease (a PostgreSQL store's rooms) */
    long long renewed_ms;   /* when the leases were last renewed (monotonic) */
    held_reply *held;
    size_t nheld, capheld;
};

/* ---- replies ------------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none:
 * no overlong form, no surrogate, nothing past U+10FFFF. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80) return 1;
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!len || len > n || s[0] > 0xf4) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (s[0] == 0xe0 && s[1] < 0xa0) return 0;   /* overlong */
    if (s[0] == 0xed && s[1] >= 0xa0) return 0;  /* surrogate */
    if (s[0] == 0xf0 && s[1] < 0x90) return 0;   /* overlong */
    if (s[0] == 0xf4 && s[1] >= 0x90) return 0;  /* past U+10FFFF */
    return len;
}

/* Messages may quote the request's bytes (a JSON parser's error does):
 * every byte that is not valid UTF-8, and every control byte, becomes '?',
 * so the reply can always be encoded. */
static void make_printable(char *msg)
{
    size_t n = strlen(msg);
    for (size_t i = 0; i < n;) {
        unsigned char *p = (unsigned char *)msg + i;
        size_t len = utf8_seq(p, n - i);
        if (!len || *p < 0x20 || *p == 0x7f) {
            *p = '?';
            len = 1;
        }
        i += len;
    }
}

__attribute__((format(printf, 3, 4)))
static json_t *fail(const nx_server *sv, const char *code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    make_printable(msg);
    return json_pack("{s:b, s:s, s:s, s:i}", "ok", 0, "code", code, "error", msg, "line", (int)sv->line);
}

/* The one reply line.  A reply that cannot be encoded (a bug elsewhere:
 * a value that is not valid JSON) is answered with a fixed error line. */
static char *reply_text(const nx_server *sv, json_t *out)
{
    char *text = out ? json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(out);
    if (text) return text;
    return nx_asprintf("{\"code\":\"internal\",\"error\":\"the reply could not be encoded as JSON\","
                       "\"line\":%ld,\"ok\":false}", sv->line);
}

/* ---- rooms --------------------------------------------------------------------- */

static room *find_room(nx_server *sv, const char *name)
{
    for (size_t i = 0; i < sv->nrooms; i++)
        if (!strcmp(sv->rooms[i].name, name)) return &sv->rooms[i];
    return NULL;
}

static room *add_room(nx_server *sv, const char *name, nx_game *g)
{
    sv->rooms = nx_xrealloc(sv->rooms, (sv->nrooms + 1) * sizeof *sv->rooms);
    room *r = &sv->rooms[sv->nrooms++];
    memset(r, 0, sizeof *r);
    r->name = nx_xstrdup(name);
    r->g = g;
    for (int i = 0; i < NX_MAX_SEATS; i++) r->bot_kind[i] = BOT_NONE;
    return r;
}

/* The hashed tokens of a room's meta ({"tokens": {"host": H, "seats": [H...]}}). */
static void read_tokens(room *r, const json_t *meta)
{
    const json_t *t = json_object_get(meta, "tokens");
    const char *h = json_string_value(json_object_get(t, "host"));
    if (h && strlen(h) == NX_TOKEN_HASH_CHARS) memcpy(r->host_hash, h, NX_TOKEN_HASH_CHARS + 1);
    const json_t *seats = json_object_get(t, "seats");
    for (size_t i = 0; i < json_array_size(seats) && i < NX_MAX_SEATS; i++) {
        const char *sh = json_string_value(json_array_get(seats, i));
        if (sh && strlen(sh) == NX_TOKEN_HASH_CHARS) memcpy(r->seat_hash[i], sh, NX_TOKEN_HASH_CHARS + 1);
    }
}

static void drop_room(nx_server *sv, room *r)
{
    nx_game_free(r->g);
    free(r->name);
    size_t i = (size_t)(r - sv->rooms);
    memmove(r, r + 1, (sv->nrooms - i - 1) * sizeof *r);
    sv->nrooms--;
}

static json_t *opened(const char *name, const nx_game *g)
{
    return json_pack("{s:b, s:s, s:I}", "ok", 1, "room", name, "version", (json_int_t)nx_game_state(g)->version);
}

/* ---- who may ask ----------------------------------------------------------------- */

/* The host's token opens everything in its room.  A room made without
 * tokens (by `nexus play --store` or the library, on the store's own
 * machine) has no one to tell apart and takes every request. */
static int is_host(const room *r, const char *token)
{
    return !r->host_hash[0] || nx_token_matches(token, r->host_hash);
}

/* A seat's own token, or the host's. */
static int may_act_as(const room *r, int seat, const char *token)
{
    if (is_host(r, token)) return 1;
    return seat >= 0 && seat < NX_MAX_SEATS && nx_token_matches(token, r->seat_hash[seat]);
}

static json_t *unauthorized(const nx_server *sv, const char *token, const char *who)
{
    return fail(sv, "unauthorized", "%s (\"token\" %s)", who, token ? "does not match" : "is missing");
}

/* ---- engine bots --------------------------------------------------------------------- */

static nx_bot *room_bot(nx_server *sv, room *r, int kind)
{
    if (!r->bots_ready[kind]) {
        nx_bot_init(&r->bots[kind], sv->rt, (nx_bot_kind)kind, nx_game_state(r->g)->seed ^ 0x6e62u);
        r->bots_ready[kind] = 1;
    }
    return &r->bots[kind];
}

typedef struct bot_apply_ctx {
    nx_store *store;
    const char *room;
} bot_apply_ctx;

/* A bot's action is committed like a person's: to the store first. */
static char *bot_apply(void *ctx, nx_game *g, const char *action)
{
    const bot_apply_ctx *c = ctx;
    return nx_room_apply(c->store, c->room, g, action);
}

/* One move of the bot seated where the game waits, if any: 1 when it
 * moved, 0 when the next seat is a person's (or nobody's). */
static int bot_move(nx_server *sv, room *r)
{
    int seat = nx_bot_next_seat(r->g);
    if (seat < 0 || r->bot_kind[seat] == BOT_NONE) return 0;
    nx_bot *b = room_bot(sv, r, r->bot_kind[seat]);
    bot_apply_ctx c = { sv->store, r->name };
    b->apply = bot_apply;
    b->ctx = &c;
    char id[48];
    nx_fmt(id, sizeof id, "bot-%zu", nx_game_log_length(r->g));
    nx_bot_move m;
    int rc = nx_bot_answer(b, r->g, seat, id, &m);
    b->apply = NULL;
    b->ctx = NULL;
    if (rc == 1) nx_bot_move_free(&m);
    return rc == 1;
}

/* Before a request on a room runs, its bots finish their moves up to the
 * next person's decision, so what a client sees never depends on when
 * the idle loop ran (nx_server_idle). */
static void settle_bots(nx_server *sv, room *r)
{
    while (bot_move(sv, r)) {}
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A room whose lease this server lost (another server took it over while
 * this one was paused or cut off) leaves memory: it cannot be written
 * here any more, and what it shows would go stale. */
static void drop_lost_rooms(nx_server *sv)
{
    for (size_t i = sv->nrooms; i-- > 0;)
        if (!nx_store_owns(sv->store, sv->rooms[i].name)) drop_room(sv, &sv->rooms[i]);
}

/* Leases are renewed three times per lease, so a live server keeps its
 * rooms and a dead one's expire (then another server may take them). */
static void renew_leases(nx_server *sv)
{
    long long now = now_ms();
    if (now - sv->renewed_ms < sv->lease_ms / 3) return;
    sv->renewed_ms = now;
    char msg[512];
    /* Also the rooms a refused bot write found lost since the last time. */
    nx_store_renew(sv->store, msg, sizeof msg);
    drop_lost_rooms(sv);
}

int nx_server_idle(nx_server *sv)
{
    renew_leases(sv);
    for (size_t k = 0; k < sv->nrooms; k++) {
        size_t i = (sv->next_idle + k) % sv->nrooms;
        if (bot_move(sv, &sv->rooms[i])) {
            sv->next_idle = i + 1;
            return 1;
        }
    }
    return 0;
}

/* ---- commands (the request's shape is already checked) ------------------------- */

static int flag(json_t *req, const char *key) { return json_is_true(json_object_get(req, key)); }

/* Build a game config from a "new" request; NULL or an error object. */
static json_t *read_config(const nx_server *sv, json_t *req, nx_game_config *cfg, nx_settings *s)
{
    memset(cfg, 0, sizeof *cfg);
    json_t *factions = json_object_get(req, "factions");
    if (json_array_size(factions) < 2 || json_array_size(factions) > NX_MAX_SEATS)
        return fail(sv, "malformed", "\"factions\" must list 2 to %d factions", NX_MAX_SEATS);
    cfg->nseats = (int)json_array_size(factions);
    for (int i = 0; i < cfg->nseats; i++) {
        const char *f = json_string_value(json_array_get(factions, (size_t)i));
        cfg->factions[i] = f ? nx_faction_parse(f) : NX_NO_FACTION;
        if (cfg->factions[i] == NX_NO_FACTION) return fail(sv, "malformed", "\"factions\"[%d] is not a faction", i);
    }
    json_t *seed = json_object_get(req, "seed");
    cfg->seed = seed ? (uint64_t)json_integer_value(seed) : 1;
    cfg->nexus_cards = flag(req, "nexus_cards");
    cfg->advanced = flag(req, "advanced");
    cfg->designer = flag(req, "designer");
    cfg->staging = flag(req, "staging");
    const char *id;
    json_t *v;
    json_object_foreach(json_object_get(req, "rulings"), id, v) {
        if (!json_is_string(v)) return fail(sv, "malformed", "\"rulings\".%s must be a setting name", id);
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(s, &sv->rt->pack.rulings, id, json_string_value(v), &d);
        json_t *err = rc ? fail(sv, "malformed", "%s", d.n ? d.v[0].msg : "bad setting") : NULL;
        nx_diags_free(&d);
        if (err) return err;
    }
    return NULL;
}

/* {"host": T, "seats": [T...]}: the tokens, shown once; *hashes gets the
 * stored form.  NULL when the kernel gives no randomness. */
static json_t *new_tokens(int nseats, json_t **hashes)
{
    char t[NX_TOKEN_CHARS + 1], h[NX_TOKEN_HASH_CHARS + 1];
    if (nx_token_new(t)) return NULL;
    nx_token_hash(t, h);
    json_t *shown = json_pack("{s:s, s:[]}", "host", t, "seats");
    *hashes = json_pack("{s:{s:s, s:[]}}", "tokens", "host", h, "seats");
    for (int i = 0; i < nseats; i++) {
        if (nx_token_new(t)) {
            json_decref(shown);
            json_decref(*hashes);
            return NULL;
        }
        nx_token_hash(t, h);
        json_array_append_new(json_object_get(shown, "seats"), json_string(t));
        json_array_append_new(json_object_get(json_object_get(*hashes, "tokens"), "seats"), json_string(h));
    }
    return shown;
}

static json_t *cmd_new(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)r;
    if (find_room(sv, name)) return fail(sv, "illegal", "a room of that name is open");
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    json_t *err = read_config(sv, req, &cfg, &s);
    char msg[512];
    nx_game *g = err ? NULL : nx_game_new(sv->rt, &s, &cfg, msg, sizeof msg);
    nx_settings_free(&s);
    if (err) return err;
    if (!g) return fail(sv, "illegal", "%s", msg);
    json_t *hashes = NULL, *tokens = new_tokens(cfg.nseats, &hashes);
    if (!tokens) {
        nx_game_free(g);
        return fail(sv, "internal", "no randomness for the room's tokens");
    }
    int bad = nx_room_create_meta(sv->store, name, g, hashes, msg, sizeof msg);
    if (bad) {
        json_decref(hashes);
        json_decref(tokens);
        nx_game_free(g);
        return fail(sv, "store", "%s", msg);
    }
    read_tokens(add_room(sv, name, g), hashes);
    json_decref(hashes);
    json_t *out = opened(name, g);
    json_object_set_new(out, "tokens", tokens);
    return out;
}

static json_t *cmd_open(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)r;
    if (find_room(sv, name)) return fail(sv, "illegal", "the room is already open");
    char msg[512];
    /* A room another live server owns is refused before it is read. */
    int claim = nx_store_claim(sv->store, name, msg, sizeof msg);
    if (claim) return fail(sv, claim == -2 ? "owned" : "store", "%s", msg);
    json_t *meta = nx_room_meta(sv->store, name, msg, sizeof msg);
    nx_game *g = meta ? nx_room_open(sv->store, name, sv->rt, msg, sizeof msg) : NULL;
    if (!g) {
        json_decref(meta);
        return fail(sv, "store", "%s", msg);
    }
    read_tokens(add_room(sv, name, g), meta);
    json_decref(meta);
    return opened(name, g);
}

static json_t *cmd_apply(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    json_t *action = json_object_get(req, "action"), *seat = json_object_get(action, "seat");
    const char *token = json_string_value(json_object_get(req, "token"));
    /* An action names its seat; one without (a designer's table's host
     * moves) is the host's. */
    if (json_is_integer(seat) ? !may_act_as(r, (int)json_integer_value(seat), token) : !is_host(r, token))
        return unauthorized(sv, token, json_is_integer(seat) ? "only that seat or the host may act as it"
                                                             : "only the host may send an action without a seat");
    char *text = json_dumps(action, JSON_COMPACT);
    /* Committed to the store before it is kept; a refused commit leaves
     * the game as it was and answers code "store". */
    char *res = nx_room_apply(sv->store, r->name, r->g, text);
    free(text);
    json_t *out = json_loads(res, 0, NULL);
    free(res);
    if (!nx_store_owns(sv->store, r->name)) {
        /* Fenced out: nothing was written; the room is another server's. */
        json_t *lost = fail(sv, "lease", "%s", json_string_value(json_object_get(out, "error")));
        json_decref(out);
        drop_room(sv, r);
        return lost;
    }
    return out;
}

static json_t *cmd_view(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    json_t *seat = json_object_get(req, "seat");
    int n = nx_game_state(r->g)->nseats;
    if (json_is_integer(seat) && (json_integer_value(seat) < 0 || json_integer_value(seat) >= n))
        return fail(sv, "malformed", "\"seat\" must be a seat number from 0 to %d or null for a spectator", n - 1);
    int s = json_is_integer(seat) ? (int)json_integer_value(seat) : -1;
    const char *token = json_string_value(json_object_get(req, "token"));
    if (s >= 0 && !may_act_as(r, s, token)) return unauthorized(sv, token, "a seat's view is that seat's or the host's");
    return json_pack("{s:b, s:o}", "ok", 1, "view", nx_game_view_json(r->g, s));
}

/* The seat's legal answers as the engine lists them for its bots
 * (nx_game_moves): each is a whole action a client may send as it is;
 * and for the large decisions the space of every legal answer. */
static json_t *cmd_moves(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    int n = nx_game_state(r->g)->nseats;
    json_int_t seat = json_integer_value(json_object_get(req, "seat"));
    if (seat < 0 || seat >= n) return fail(sv, "malformed", "\"seat\" must be a seat number from 0 to %d", n - 1);
    const char *token = json_string_value(json_object_get(req, "token"));
    if (!may_act_as(r, (int)seat, token)) return unauthorized(sv, token, "a seat's moves are that seat's or the host's");
    json_t *moves = json_array(), *cands = nx_game_moves(r->g, (int)seat);
    size_t i;
    json_t *c;
    json_array_foreach(cands, i, c) json_array_append(moves, json_object_get(c, "action"));
    json_decref(cands);
    json_t *reply = json_pack("{s:b, s:I, s:b, s:o}", "ok", 1, "version", (json_int_t)nx_game_state(r->g)->version,
                              "to_move", nx_bot_next_seat(r->g) == seat, "moves", moves);
    /* Where the answers are too many to list, the whole legal space
     * beside the representative moves (docs/protocol.md "The space"). */
    json_t *space = nx_space(nx_game_state(r->g), (uint8_t)seat);
    if (space) json_object_set_new(reply, "space", space);
    return reply;
}

/* Seat an engine bot (or a person again, with kind null). */
static json_t *cmd_bot(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    const char *token = json_string_value(json_object_get(req, "token"));
    if (!is_host(r, token)) return unauthorized(sv, token, "only the host seats bots");
    int n = nx_game_state(r->g)->nseats;
    json_int_t seat = json_integer_value(json_object_get(req, "seat"));
    if (seat < 0 || seat >= n) return fail(sv, "malformed", "\"seat\" must be a seat number from 0 to %d", n - 1);
    json_t *kind = json_object_get(req, "kind");
    int k = json_is_null(kind) ? BOT_NONE : nx_bot_kind_parse(json_string_value(kind));
    if (!json_is_null(kind) && k < 0) return fail(sv, "malformed", "\"kind\" must be \"random\", \"simple\" or null");
    r->bot_kind[seat] = k;
    settle_bots(sv, r);
    return json_pack("{s:b, s:I}", "ok", 1, "version", (json_int_t)nx_game_state(r->g)->version);
}

static json_t *cmd_save(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    const char *token = json_string_value(json_object_get(req, "token"));
    /* The saved game holds every hidden card: the host's alone. */
    if (!is_host(r, token)) return unauthorized(sv, token, "only the host may save the whole record");
    char *saved = nx_game_save(r->g);
    json_t *game = saved ? json_loads(saved, 0, NULL) : NULL;
    free(saved);
    if (!game) return fail(sv, "internal", "the game could not be saved as JSON");
    return json_pack("{s:b, s:o}", "ok", 1, "game", game);
}

static json_t *cmd_close(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    const char *token = json_string_value(json_object_get(req, "token"));
    if (!is_host(r, token)) return unauthorized(sv, token, "only the host may close the room");
    /* Another server may open it at once (a PostgreSQL store's lease);
     * should the release fail, the lease still expires. */
    char msg[512];
    nx_store_release(sv->store, r->name, msg, sizeof msg);
    drop_room(sv, r);
    return json_pack("{s:b}", "ok", 1);
}

/* Delete a room from the store (and from memory): open or not, with the
 * host's token checked against the stored hash. */
static json_t *cmd_delete(nx_server *sv, json_t *req, const char *name, room *r)
{
    const char *token = json_string_value(json_object_get(req, "token"));
    char msg[512];
    json_t *meta = nx_room_meta(sv->store, name, msg, sizeof msg);
    if (!meta) return fail(sv, "store", "%s", msg);
    room probe;
    memset(&probe, 0, sizeof probe);
    read_tokens(&probe, meta);
    json_decref(meta);
    if (!is_host(&probe, token)) return unauthorized(sv, token, "only the host may delete the room");
    int rc = nx_store_delete_room(sv->store, name, msg, sizeof msg);
    if (rc) return fail(sv, rc == -2 ? "owned" : "store", "%s", msg);
    if (r) drop_room(sv, r);
    return json_pack("{s:b}", "ok", 1);
}

static json_t *cmd_rooms(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)name;
    (void)r;
    json_t *open = json_array();
    for (size_t i = 0; i < sv->nrooms; i++) json_array_append_new(open, json_string(sv->rooms[i].name));
    char **names;
    size_t n;
    char msg[512];
    if (nx_store_list_rooms(sv->store, &names, &n, msg, sizeof msg)) {
        json_decref(open);
        return fail(sv, "store", "%s", msg);
    }
    json_t *stored = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(stored, json_string(names[i]));
    nx_store_rooms_free(names, n);
    return json_pack("{s:b, s:o, s:o}", "ok", 1, "open", open, "stored", stored);
}

static json_t *cmd_hello(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)sv;
    (void)req;
    (void)name;
    (void)r;
    return json_pack("{s:b, s:s, s:i, s:s}", "ok", 1, "protocol", SERVE_PROTOCOL, "protocol_version",
                     SERVE_PROTOCOL_VERSION, "engine", NX_VERSION);
}

/* ---- the request table ----------------------------------------------------------- */

typedef enum { T_NAME, T_BOOL, T_SEED, T_OBJECT, T_ARRAY, T_SEAT, T_TOKEN, T_INDEX, T_KIND } field_type;

typedef struct field {
    const char *key;
    field_type type;
    int required;
} field;

typedef json_t *(*cmd_fn)(nx_server *sv, json_t *req, const char *name, room *r);

typedef struct command {
    const char *cmd;
    cmd_fn run;
    int needs_open_room;   /* "room" must name a room open in this server */
    field fields[9];       /* besides "cmd" and "id"; ends at key NULL */
} command;

#define ROOM { "room", T_NAME, 1 }
#define TOKEN { "token", T_TOKEN, 0 }

static const command commands[] = {
    { "hello", cmd_hello, 0, { { NULL, T_NAME, 0 } } },
    { "new", cmd_new, 0, { ROOM, { "factions", T_ARRAY, 1 }, { "seed", T_SEED, 0 },
                           { "nexus_cards", T_BOOL, 0 }, { "advanced", T_BOOL, 0 },
                           { "designer", T_BOOL, 0 }, { "staging", T_BOOL, 0 },
                           { "rulings", T_OBJECT, 0 } } },
    { "open", cmd_open, 0, { ROOM } },
    { "apply", cmd_apply, 1, { ROOM, TOKEN, { "action", T_OBJECT, 1 } } },
    { "view", cmd_view, 1, { ROOM, TOKEN, { "seat", T_SEAT, 0 } } },
    { "moves", cmd_moves, 1, { ROOM, TOKEN, { "seat", T_INDEX, 1 } } },
    { "bot", cmd_bot, 1, { ROOM, TOKEN, { "seat", T_INDEX, 1 }, { "kind", T_KIND, 1 } } },
    { "save", cmd_save, 1, { ROOM, TOKEN } },
    { "close", cmd_close, 1, { ROOM, TOKEN } },
    { "delete", cmd_delete, 0, { ROOM, TOKEN } },
    { "rooms", cmd_rooms, 0, { { NULL, T_NAME, 0 } } },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* What a value of the type must be, or NULL when v is one. */
static const char *type_problem(field_type t, const json_t *v)
{
    switch (t) {
    case T_NAME:
        return json_is_string(v) && json_string_length(v) >= 1 && json_string_length(v) <= SERVE_MAX_ROOM_NAME
                   ? NULL : "a name of 1 to 64 characters";
    case T_BOOL: return json_is_boolean(v) ? NULL : "true or false";
    case T_SEED: return json_is_integer(v) && json_integer_value(v) >= 0 ? NULL : "a non-negative integer";
    case T_OBJECT: return json_is_object(v) ? NULL : "an object";
    case T_ARRAY: return json_is_array(v) ? NULL : "an array";
    case T_SEAT: return json_is_integer(v) || json_is_null(v) ? NULL : "a seat number or null for a spectator";
    case T_TOKEN: return json_is_string(v) ? NULL : "a token (a string)";
    case T_INDEX: return json_is_integer(v) ? NULL : "a seat number";
    case T_KIND: return json_is_string(v) || json_is_null(v) ? NULL : "a bot kind or null";
    }
    return "of a known type";
}

static const field *find_field(const command *c, const char *key)
{
    for (const field *f = c->fields; f->key; f++)
        if (!strcmp(f->key, key)) return f;
    return NULL;
}

static void list_keys(const command *c, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "cmd, id");
    for (const field *f = c->fields; f->key && used < len; f++)
        used += (size_t)snprintf(buf + used, len - used, ", %s", f->key);
}

/* Every key is the command's, of its type; every required key is there. */
static json_t *check_shape(const nx_server *sv, const command *c, json_t *req)
{
    const char *key;
    json_t *v;
    json_object_foreach(req, key, v) {
        if (!strcmp(key, "cmd")) continue;
        if (!strcmp(key, "id")) {
            if (!json_is_string(v) && !json_is_integer(v)) return fail(sv, "malformed", "\"id\" must be a string or an integer");
            continue;
        }
        const field *f = find_field(c, key);
        if (!f) {
            char keys[200];
            list_keys(c, keys, sizeof keys);
            return fail(sv, "malformed", "unknown key \"%.64s\" in a \"%s\" request (its keys: %s)", key, c->cmd,
                        keys);
        }
        const char *want = type_problem(f->type, v);
        if (want) return fail(sv, "malformed", "\"%s\" must be %s", key, want);
    }
    for (const field *f = c->fields; f->key; f++)
        if (f->required && !json_object_get(req, f->key))
            return fail(sv, "malformed", "a \"%s\" request needs \"%s\"", c->cmd, f->key);
    return NULL;
}

static json_t *dispatch(nx_server *sv, json_t *req)
{
    json_t *jcmd = json_object_get(req, "cmd");
    if (!json_is_string(jcmd)) return fail(sv, "malformed", "a request needs \"cmd\", a string");
    const command *c = NULL;
    for (size_t i = 0; i < NCOMMANDS && !c; i++)
        if (!strcmp(commands[i].cmd, json_string_value(jcmd))) c = &commands[i];
    if (!c) return fail(sv, "malformed", "unknown \"cmd\" (hello, new, open, apply, view, moves, bot, save, close, "
                        "delete, rooms)");
    json_t *bad = check_shape(sv, c, req);
    if (bad) return bad;
    const char *name = json_string_value(json_object_get(req, "room"));
    room *r = name ? find_room(sv, name) : NULL;
    if (c->needs_open_room && !r) return fail(sv, "illegal", "no open room of that name (new or open it first)");
    if (r) settle_bots(sv, r);
    return c->run(sv, req, name, r);
}

/* ---- lines ------------------------------------------------------------------------ */

static int is_blank(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!strchr(" \t\r", line[i]) || !line[i]) return 0;
    return 1;
}

static json_t *handle(nx_server *sv, const char *line, size_t len, held_reply *h)
{
    if (len > NX_SERVE_MAX_LINE)
        return fail(sv, "malformed", "line longer than %d bytes", NX_SERVE_MAX_LINE);
    /* A NUL byte would end the text early for any C string reader: the
     * line is refused whole, never split into requests. */
    if (memchr(line, '\0', len)) return fail(sv, "malformed", "the line holds a NUL byte");
    json_error_t je;
    json_t *req = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(req)) {
        json_decref(req);
        return fail(sv, "malformed", "not a JSON object: %s", req ? "wrong type" : je.text);
    }
    json_t *out = dispatch(sv, req);
    /* The reply echoes the request's id (checked by check_shape, or
     * refused with the rest). */
    json_t *id = json_object_get(req, "id");
    if (out && (json_is_string(id) || json_is_integer(id))) json_object_set(out, "id", id);
    if (h) {
        /* Held: a failed group commit answers for its room (nx_server_group_end). */
        const char *named = json_string_value(json_object_get(req, "room"));
        h->room = named ? nx_xstrdup(named) : NULL;
        h->id = json_is_string(id) || json_is_integer(id) ? json_incref(id) : NULL;
    }
    json_decref(req);
    return out;
}

char *nx_server_handle(nx_server *sv, const char *line, size_t len)
{
    sv->line++;
    if (len <= NX_SERVE_MAX_LINE && is_blank(line, len)) return NULL;
    return reply_text(sv, handle(sv, line, len, NULL));
}

/* ---- group commit ------------------------------------------------------------------ */

void nx_server_group_begin(nx_server *sv)
{
    char msg[512];
    /* Should the group not start (the write lock is busy), each write
     * commits on its own: the replies are held all the same. */
    nx_store_group_begin(sv->store, msg, sizeof msg);
}

void nx_server_handle_held(nx_server *sv, const char *line, size_t len, void *tag)
{
    sv->line++;
    if (len <= NX_SERVE_MAX_LINE && is_blank(line, len)) return;
    if (sv->nheld == sv->capheld) {
        sv->capheld = sv->capheld ? 2 * sv->capheld : 16;
        sv->held = nx_xrealloc(sv->held, sv->capheld * sizeof *sv->held);
    }
    held_reply *h = &sv->held[sv->nheld];
    memset(h, 0, sizeof *h);
    h->tag = tag;
    h->line = sv->line;
    h->reply = reply_text(sv, handle(sv, line, len, h));
    sv->nheld++;
}

/* After a failed group commit a room in memory is put back as the store
 * holds it (as a fresh open would find it); a room the store does not
 * hold (its creation was in the group) leaves memory. */
static void restore_room(nx_server *sv, const char *name)
{
    room *r = find_room(sv, name);
    if (!r) return;
    char msg[512];
    json_t *meta = nx_room_meta(sv->store, name, msg, sizeof msg);
    nx_game *g = meta ? nx_room_open(sv->store, name, sv->rt, msg, sizeof msg) : NULL;
    if (!g) {
        json_decref(meta);
        drop_room(sv, r);
        return;
    }
    nx_game_free(r->g);
    r->g = g;
    r->host_hash[0] = '\0';
    memset(r->seat_hash, 0, sizeof r->seat_hash);
    read_tokens(r, meta);
    json_decref(meta);
    r->bots_ready[0] = r->bots_ready[1] = 0;
}

/* The reply of a request on a room whose group did not commit. */
static char *uncommitted_reply(nx_server *sv, const held_reply *h, const char *why)
{
    long line = sv->line;
    sv->line = h->line;
    json_t *out = fail(sv, "store", "not committed, nothing of this request was kept: %s", why);
    sv->line = line;
    if (h->id) json_object_set(out, "id", h->id);
    return reply_text(sv, out);
}

static int named_before(const nx_server *sv, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (sv->held[k].room && !strcmp(sv->held[k].room, sv->held[i].room)) return 1;
    return 0;
}

int nx_server_group_end(nx_server *sv, nx_server_deliver_fn deliver, void *ctx)
{
    char msg[512];
    int failed = nx_store_in_group(sv->store) && nx_store_group_end(sv->store, msg, sizeof msg);
    /* Only now is anything of the group durable, so only now is any of
     * it answered. */
    for (size_t i = 0; failed && i < sv->nheld; i++)
        if (sv->held[i].room && !named_before(sv, i)) restore_room(sv, sv->held[i].room);
    for (size_t i = 0; i < sv->nheld; i++) {
        held_reply *h = &sv->held[i];
        if (failed && h->room) {
            free(h->reply);
            h->reply = uncommitted_reply(sv, h, msg);
        }
        deliver(ctx, h->tag, h->reply);
        free(h->reply);
        free(h->room);
        json_decref(h->id);
    }
    sv->nheld = 0;
    return failed ? -1 : 0;
}

nx_server *nx_server_new(const nx_runtime *rt, nx_store *st)
{
    nx_server *sv = nx_xcalloc(1, sizeof *sv);
    sv->rt = rt;
    sv->store = st;
    sv->lease_ms = 15000;
    sv->renewed_ms = now_ms();
    return sv;
}

void nx_server_set_lease_ms(nx_server *sv, int ms)
{
    sv->lease_ms = ms;
    nx_store_set_lease_ms(sv->store, ms);
}

void nx_server_free(nx_server *sv)
{
    if (!sv) return;
    while (sv->nrooms) drop_room(sv, &sv->rooms[0]);
    free(sv->rooms);
    /* Held replies of a group never ended are not sent: never committed. */
    for (size_t i = 0; i < sv->nheld; i++) {
        free(sv->held[i].reply);
        free(sv->held[i].room);
        json_decref(sv->held[i].id);
    }
    free(sv->held);
    free(sv);
}
