/*
 * `nexus serve`: the host's line protocol.  One JSON object per input line,
 * one JSON object per output line, in order.  Rooms live in memory and in
 * the embedded store (every committed action is one store transaction), so
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

#include "nx_cli.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_util.h"

#define SERVE_MAX_ROOM_NAME 64

typedef struct room {
    char *name;
    nx_game *g;
} room;

struct nx_server {
    const nx_runtime *rt;
    nx_store *store;
    room *rooms;
    size_t nrooms;
    long line;
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

static void add_room(nx_server *sv, const char *name, nx_game *g)
{
    sv->rooms = nx_xrealloc(sv->rooms, (sv->nrooms + 1) * sizeof *sv->rooms);
    sv->rooms[sv->nrooms++] = (room){ nx_xstrdup(name), g };
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
    if (nx_room_create(sv->store, name, g, msg, sizeof msg)) {
        nx_game_free(g);
        return fail(sv, "store", "%s", msg);
    }
    add_room(sv, name, g);
    return opened(name, g);
}

static json_t *cmd_open(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)r;
    if (find_room(sv, name)) return fail(sv, "illegal", "the room is already open");
    char msg[512];
    nx_game *g = nx_room_open(sv->store, name, sv->rt, msg, sizeof msg);
    if (!g) return fail(sv, "store", "%s", msg);
    add_room(sv, name, g);
    return opened(name, g);
}

static json_t *cmd_apply(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)name;
    char *text = json_dumps(json_object_get(req, "action"), JSON_COMPACT);
    /* Committed to the store before it is kept; a refused commit leaves
     * the game as it was and answers code "store". */
    char *res = nx_room_apply(sv->store, r->name, r->g, text);
    free(text);
    json_t *out = json_loads(res, 0, NULL);
    free(res);
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
    return json_pack("{s:b, s:o}", "ok", 1, "view", nx_game_view_json(r->g, s));
}

static json_t *cmd_save(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)name;
    char *saved = nx_game_save(r->g);
    json_t *game = saved ? json_loads(saved, 0, NULL) : NULL;
    free(saved);
    if (!game) return fail(sv, "internal", "the game could not be saved as JSON");
    return json_pack("{s:b, s:o}", "ok", 1, "game", game);
}

static json_t *cmd_close(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)name;
    drop_room(sv, r);
    return json_pack("{s:b}", "ok", 1);
}

static json_t *cmd_rooms(nx_server *sv, json_t *req, const char *name, room *r)
{
    (void)req;
    (void)name;
    (void)r;
    json_t *open = json_array();
    for (size_t i = 0; i < sv->nrooms; i++) json_array_append_new(open, json_string(sv->rooms[i].name));
    return json_pack("{s:b, s:o}", "ok", 1, "open", open);
}

/* ---- the request table ----------------------------------------------------------- */

typedef enum { T_NAME, T_BOOL, T_SEED, T_OBJECT, T_ARRAY, T_SEAT } field_type;

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
    field fields[9];       /* besides "cmd"; ends at key NULL */
} command;

#define ROOM { "room", T_NAME, 1 }

static const command commands[] = {
    { "new", cmd_new, 0, { ROOM, { "factions", T_ARRAY, 1 }, { "seed", T_SEED, 0 },
                           { "nexus_cards", T_BOOL, 0 }, { "advanced", T_BOOL, 0 },
                           { "designer", T_BOOL, 0 }, { "staging", T_BOOL, 0 },
                           { "rulings", T_OBJECT, 0 } } },
    { "open", cmd_open, 0, { ROOM } },
    { "apply", cmd_apply, 1, { ROOM, { "action", T_OBJECT, 1 } } },
    { "view", cmd_view, 1, { ROOM, { "seat", T_SEAT, 0 } } },
    { "save", cmd_save, 1, { ROOM } },
    { "close", cmd_close, 1, { ROOM } },
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
    size_t used = (size_t)snprintf(buf, len, "cmd");
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
    if (!c) return fail(sv, "malformed", "unknown \"cmd\" (new, open, apply, view, save, close, rooms)");
    json_t *bad = check_shape(sv, c, req);
    if (bad) return bad;
    const char *name = json_string_value(json_object_get(req, "room"));
    room *r = name ? find_room(sv, name) : NULL;
    if (c->needs_open_room && !r) return fail(sv, "illegal", "no open room of that name (new or open it first)");
    return c->run(sv, req, name, r);
}

/* ---- lines ------------------------------------------------------------------------ */

static int is_blank(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!strchr(" \t\r", line[i]) || !line[i]) return 0;
    return 1;
}

static json_t *handle(nx_server *sv, const char *line, size_t len)
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
    json_decref(req);
    return out;
}

char *nx_server_handle(nx_server *sv, const char *line, size_t len)
{
    sv->line++;
    if (len <= NX_SERVE_MAX_LINE && is_blank(line, len)) return NULL;
    return reply_text(sv, handle(sv, line, len));
}

nx_server *nx_server_new(const nx_runtime *rt, nx_store *st)
{
    nx_server *sv = nx_xcalloc(1, sizeof *sv);
    sv->rt = rt;
    sv->store = st;
    return sv;
}

void nx_server_free(nx_server *sv)
{
    if (!sv) return;
    while (sv->nrooms) drop_room(sv, &sv->rooms[0]);
    free(sv->rooms);
    free(sv);
}

/* ---- the command ------------------------------------------------------------------ */

/* One line into buf (room for NX_SERVE_MAX_LINE + 1 bytes), without its
 * newline; a longer line is read to its end and reported one byte too
 * long.  -1 at the end of the input. */
static long read_line(FILE *in, char *buf)
{
    size_t len = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n')
        if (len <= NX_SERVE_MAX_LINE) buf[len++] = (char)c;
    if (c == EOF && len == 0) return -1;
    return (long)len;
}

int nx_cmd_serve(nx_cli *cli)
{
    const char *store_path = ":memory:";
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--store") && i + 1 < cli->argc) store_path = cli->argv[++i];
        else return nx_cli_usage_error(cli, "serve", "usage: nexus serve [--store DB]");
    }
    nx_runtime rt;
    nx_diags d;
    nx_diags_init(&d);
    int bad = nx_runtime_open(&rt, cli->pack_path, &d);
    nx_diags_print(&d, cli->err);
    nx_diags_free(&d);
    if (bad) return NX_EXIT_INVALID;
    char err[512];
    nx_store *st = nx_store_open(store_path, err, sizeof err);
    if (!st) {
        fprintf(cli->err, "nexus serve: %s\n", err);
        nx_runtime_close(&rt);
        return NX_EXIT_INVALID;
    }
    nx_server *sv = nx_server_new(&rt, st);
    char *line = nx_xmalloc(NX_SERVE_MAX_LINE + 1);
    long len;
    while ((len = read_line(stdin, line)) >= 0) {
        char *reply = nx_server_handle(sv, line, (size_t)len);
        if (!reply) continue;
        fprintf(cli->out, "%s\n", reply);
        fflush(cli->out);
        free(reply);
    }
    free(line);
    nx_server_free(sv);
    nx_store_close(st);
    nx_runtime_close(&rt);
    return NX_EXIT_OK;
}
