/*
 * `nexus serve`: the host's line protocol.  One JSON object per input line,
 * one JSON object per output line, in order.  Rooms live in memory and in
 * the embedded store (every committed action is one store transaction), so
 * a host process can be restarted and reopen its rooms.  See
 * docs/protocol.md, "The line protocol".
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_text.h"
#include "nx_game.h"
#include "nx_room.h"
#include "nx_util.h"

#define SERVE_MAX_LINE 65536

typedef struct room {
    char *name;
    nx_game *g;
} room;

typedef struct server {
    nx_runtime rt;
    nx_store *store;
    room *rooms;
    size_t nrooms;
    long line;
} server;

static json_t *fail(const server *sv, const char *code, const char *msg)
{
    return json_pack("{s:b, s:s, s:s, s:i}", "ok", 0, "code", code, "error", msg, "line", (int)sv->line);
}

static room *find_room(server *sv, const char *name)
{
    for (size_t i = 0; i < sv->nrooms; i++)
        if (!strcmp(sv->rooms[i].name, name)) return &sv->rooms[i];
    return NULL;
}

static room *add_room(server *sv, const char *name, nx_game *g)
{
    sv->rooms = nx_xrealloc(sv->rooms, (sv->nrooms + 1) * sizeof *sv->rooms);
    sv->rooms[sv->nrooms] = (room){ nx_xstrdup(name), g };
    return &sv->rooms[sv->nrooms++];
}

/* Build a game config from a "new" request; NULL or an error object. */
static json_t *read_config(const server *sv, json_t *req, nx_game_config *cfg, nx_settings *s)
{
    memset(cfg, 0, sizeof *cfg);
    json_t *factions = json_object_get(req, "factions");
    if (!json_is_array(factions) || json_array_size(factions) < 2 || json_array_size(factions) > NX_MAX_SEATS)
        return fail(sv, "malformed", "\"factions\" must list 2 to 6 factions");
    cfg->nseats = (int)json_array_size(factions);
    for (int i = 0; i < cfg->nseats; i++) {
        const char *f = json_string_value(json_array_get(factions, (size_t)i));
        cfg->factions[i] = f ? nx_faction_parse(f) : NX_NO_FACTION;
        if (cfg->factions[i] == NX_NO_FACTION) return fail(sv, "malformed", "unknown faction in \"factions\"");
    }
    json_t *seed = json_object_get(req, "seed");
    if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0))
        return fail(sv, "malformed", "\"seed\" must be a non-negative integer");
    cfg->seed = seed ? (uint64_t)json_integer_value(seed) : 1;
    cfg->nexus_cards = json_is_true(json_object_get(req, "nexus_cards"));
    cfg->advanced = json_is_true(json_object_get(req, "advanced"));
    cfg->designer = json_is_true(json_object_get(req, "designer"));
    cfg->staging = json_is_true(json_object_get(req, "staging"));
    const char *id;
    json_t *v;
    json_object_foreach(json_object_get(req, "rulings"), id, v) {
        nx_diags d;
        nx_diags_init(&d);
        int rc = nx_settings_set(s, &sv->rt.pack.rulings, id, json_is_string(v) ? json_string_value(v) : "", &d);
        json_t *err = rc ? fail(sv, "malformed", d.n ? d.v[0].msg : "bad setting") : NULL;
        nx_diags_free(&d);
        if (err) return err;
    }
    return NULL;
}

static json_t *cmd_new(server *sv, json_t *req, const char *name)
{
    if (find_room(sv, name)) return fail(sv, "illegal", "a room of that name is open");
    nx_game_config cfg;
    nx_settings s;
    nx_settings_init(&s);
    json_t *err = read_config(sv, req, &cfg, &s);
    char msg[512];
    nx_game *g = err ? NULL : nx_game_new(&sv->rt, &s, &cfg, msg, sizeof msg);
    nx_settings_free(&s);
    if (err) return err;
    if (!g) return fail(sv, "illegal", msg);
    if (nx_room_create(sv->store, name, g, msg, sizeof msg)) {
        nx_game_free(g);
        return fail(sv, "store", msg);
    }
    add_room(sv, name, g);
    return json_pack("{s:b, s:s, s:I}", "ok", 1, "room", name, "version", (json_int_t)nx_game_state(g)->version);
}

static json_t *cmd_open(server *sv, const char *name)
{
    if (find_room(sv, name)) return fail(sv, "illegal", "the room is already open");
    char msg[512];
    nx_game *g = nx_room_open(sv->store, name, &sv->rt, msg, sizeof msg);
    if (!g) return fail(sv, "store", msg);
    add_room(sv, name, g);
    return json_pack("{s:b, s:s, s:I}", "ok", 1, "room", name, "version", (json_int_t)nx_game_state(g)->version);
}

static json_t *cmd_apply(server *sv, room *r, json_t *req)
{
    json_t *action = json_object_get(req, "action");
    if (!json_is_object(action)) return fail(sv, "malformed", "\"action\" must be an action object");
    size_t before = nx_game_log_length(r->g);
    char *text = json_dumps(action, JSON_COMPACT);
    char *res = nx_game_apply(r->g, text);
    free(text);
    json_t *out = json_loads(res, 0, NULL);
    free(res);
    char msg[512];
    /* Only a newly committed action goes to the store (not a retry). */
    if (nx_game_log_length(r->g) > before && nx_room_record(sv->store, r->name, r->g, msg, sizeof msg)) {
        json_decref(out);
        return fail(sv, "store", msg);
    }
    return out;
}

static json_t *cmd_view(server *sv, room *r, json_t *req)
{
    json_t *seat = json_object_get(req, "seat");
    int n = nx_game_state(r->g)->nseats;
    if (seat && !json_is_null(seat) &&
        (!json_is_integer(seat) || json_integer_value(seat) < 0 || json_integer_value(seat) >= n))
        return fail(sv, "malformed", "\"seat\" must be a seat number or null for a spectator");
    int s = json_is_integer(seat) ? (int)json_integer_value(seat) : -1;
    return json_pack("{s:b, s:o}", "ok", 1, "view", nx_game_view_json(r->g, s));
}

static void drop_room(server *sv, room *r)
{
    nx_game_free(r->g);
    free(r->name);
    size_t i = (size_t)(r - sv->rooms);
    memmove(r, r + 1, (sv->nrooms - i - 1) * sizeof *r);
    sv->nrooms--;
}

static json_t *cmd_close(server *sv, room *r)
{
    drop_room(sv, r);
    return json_pack("{s:b}", "ok", 1);
}

static json_t *cmd_rooms(server *sv)
{
    json_t *open = json_array();
    for (size_t i = 0; i < sv->nrooms; i++) json_array_append_new(open, json_string(sv->rooms[i].name));
    return json_pack("{s:b, s:o}", "ok", 1, "open", open);
}

static json_t *dispatch(server *sv, json_t *req)
{
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    if (!cmd) return fail(sv, "malformed", "a request needs \"cmd\"");
    if (!strcmp(cmd, "rooms")) return cmd_rooms(sv);
    const char *name = json_string_value(json_object_get(req, "room"));
    if (!name || !name[0] || strlen(name) > 64) return fail(sv, "malformed", "\"room\" must be a name of 1 to 64 characters");
    if (!strcmp(cmd, "new")) return cmd_new(sv, req, name);
    if (!strcmp(cmd, "open")) return cmd_open(sv, name);
    room *r = find_room(sv, name);
    if (!strcmp(cmd, "apply") || !strcmp(cmd, "view") || !strcmp(cmd, "save") || !strcmp(cmd, "close")) {
        if (!r) return fail(sv, "illegal", "no open room of that name (new or open it first)");
        if (!strcmp(cmd, "apply")) return cmd_apply(sv, r, req);
        if (!strcmp(cmd, "view")) return cmd_view(sv, r, req);
        if (!strcmp(cmd, "close")) return cmd_close(sv, r);
        char *saved = nx_game_save(r->g);
        json_t *out = json_pack("{s:b, s:o}", "ok", 1, "game", json_loads(saved, 0, NULL));
        free(saved);
        return out;
    }
    return fail(sv, "malformed", "unknown \"cmd\" (new, open, apply, view, save, close, rooms)");
}

static json_t *handle_line(server *sv, const char *line)
{
    json_error_t je;
    json_t *req = json_loads(line, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(req)) {
        char msg[300];
        nx_clip(msg, sizeof msg, "not a JSON object: %s", req ? "wrong type" : je.text);
        json_decref(req);
        return fail(sv, "malformed", msg);
    }
    json_t *out = dispatch(sv, req);
    json_decref(req);
    return out;
}

int nx_cmd_serve(nx_cli *cli)
{
    const char *store_path = ":memory:";
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--store") && i + 1 < cli->argc) store_path = cli->argv[++i];
        else return nx_cli_usage_error(cli, "serve", "usage: nexus serve [--store DB]");
    }
    server sv = { 0 };
    nx_diags d;
    nx_diags_init(&d);
    int bad = nx_runtime_open(&sv.rt, cli->pack_path, &d);
    nx_diags_print(&d, cli->err);
    nx_diags_free(&d);
    if (bad) return NX_EXIT_INVALID;
    char err[512];
    sv.store = nx_store_open(store_path, err, sizeof err);
    if (!sv.store) {
        fprintf(cli->err, "nexus serve: %s\n", err);
        nx_runtime_close(&sv.rt);
        return NX_EXIT_INVALID;
    }
    char *line = nx_xmalloc(SERVE_MAX_LINE);
    while (fgets(line, SERVE_MAX_LINE, stdin)) {
        sv.line++;
        size_t len = strlen(line);
        json_t *out;
        if (len == SERVE_MAX_LINE - 1 && line[len - 1] != '\n') {
            out = fail(&sv, "malformed", "line longer than 65535 bytes");
            int c;
            while ((c = getchar()) != EOF && c != '\n') {}
        } else if (line[strspn(line, " \t\r\n")] == '\0') {
            continue;
        } else {
            out = handle_line(&sv, line);
        }
        char *text = json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS);
        fprintf(cli->out, "%s\n", text);
        fflush(cli->out);
        free(text);
        json_decref(out);
    }
    free(line);
    while (sv.nrooms) drop_room(&sv, &sv.rooms[0]);
    free(sv.rooms);
    nx_store_close(sv.store);
    nx_runtime_close(&sv.rt);
    return NX_EXIT_OK;
}
