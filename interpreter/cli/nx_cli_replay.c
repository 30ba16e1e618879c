/*
 * nexus replay FILE --html OUT [--seat S | --spectator]: one self-contained
 * page that steps through a saved game action by action.
 *
 * The saved game is loaded (which verifies it), then its logged actions
 * are applied one by one to a fresh game with the same set-up, and the
 * seat's view is taken after each: the picture of every step is drawn
 * from a view (nx_svg.h), never from the state or the action log, which
 * hold other seats' secrets.  A step shows its public log lines, and the
 * action itself only to the seat that sent it.
 *
 * Size: the map is embedded once; each view's pieces are split into parts
 * (nx_svg_pieces_parts) and every distinct part is kept once, a step being
 * a list of part numbers.  The page draws a step by joining its parts.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_svg.h"
#include "nx_util.h"

typedef struct parts_table {
    json_t *list;    /* distinct parts, in order of first use */
    json_t *index;   /* part text -> its number */
} parts_table;

static json_int_t part_number(parts_table *t, char *text)
{
    json_t *known = json_object_get(t->index, text);
    json_int_t n = known ? json_integer_value(known) : (json_int_t)json_array_size(t->list);
    if (!known) {
        json_array_append_new(t->list, json_string(text));
        json_object_set_new(t->index, text, json_integer(n));
    }
    free(text);
    return n;
}

static json_t *step_json(parts_table *t, const nx_game *g, int seat, json_t *log, json_t *own_action)
{
    json_t *view = nx_game_view_json(g, seat);
    char *parts[NX_SVG_MAX_PARTS];
    int n = nx_svg_pieces_parts(view, parts, NX_SVG_MAX_PARTS);
    json_t *p = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(p, json_integer(part_number(t, parts[i])));
    json_t *step = json_pack("{s:o, s:o, s:I, s:s}", "p", p, "log", log, "turn",
                             json_integer_value(json_object_get(view, "turn")), "phase",
                             json_string_value(json_object_get(view, "phase")));
    if (own_action) json_object_set_new(step, "action", own_action);
    json_decref(view);
    return step;
}

/* The action, when it is the viewer's own; NULL otherwise. */
static json_t *own_action(const char *action_text, int seat)
{
    json_t *a = json_loads(action_text, 0, NULL);
    json_t *who = json_object_get(a, "seat");
    if (seat >= 0 && json_is_integer(who) && json_integer_value(who) == seat) return a;
    json_decref(a);
    return NULL;
}

/* Every step's view, replayed on a fresh game; NULL after printing why. */
static json_t *replay_steps(nx_cli *cli, const nx_game *g, int seat, parts_table *t)
{
    char err[512];
    nx_game *fresh = nx_game_restart(g, err, sizeof err);
    if (!fresh) {
        fprintf(cli->err, "nexus replay: %s\n", err);
        return NULL;
    }
    json_t *steps = json_array();
    json_array_append_new(steps, step_json(t, fresh, seat, json_loads(nx_game_setup_log(g), 0, NULL), NULL));
    for (size_t i = 0; i < nx_game_log_length(g); i++) {
        char *r = nx_game_apply(fresh, nx_game_log_action(g, i));
        json_t *res = json_loads(r, 0, NULL);
        /* Loading verified the log, so a different result is an engine bug. */
        if (strcmp(r, nx_game_log_result(g, i)))
            fprintf(cli->err, "nexus replay: log[%zu] replays differently: %s\n", i, r);
        json_t *log = json_incref(json_object_get(res, "log"));
        if (!log) log = json_array();
        json_array_append_new(steps, step_json(t, fresh, seat, log, own_action(nx_game_log_action(g, i), seat)));
        json_decref(res);
        free(r);
    }
    nx_game_free(fresh);
    return steps;
}

/* The page around the data (nx_replay_page.c). */
extern const char nx_replay_page_head[], nx_replay_page_controls[], nx_replay_page_tail[];

static char *page(const char *title, json_t *data)
{
    char *open = nx_svg_open(), *map = nx_svg_map();
    /* JSON_ESCAPE_SLASH: no "</script>" can end the data early. */
    char *json = json_dumps(data, JSON_COMPACT | JSON_ESCAPE_SLASH);
    char *all = nx_asprintf("%s<title>%s</title>\n</head>\n<body>\n%s"
                            "<div id=\"board\">%s%s<g id=\"pieces\"></g></svg></div>\n"
                            "<script type=\"application/json\" id=\"data\">%s</script>\n%s",
                            nx_replay_page_head, title, nx_replay_page_controls, open, map, json, nx_replay_page_tail);
    free(open);
    free(map);
    free(json);
    return all;
}

int nx_cmd_replay(nx_cli *cli)
{
    nx_view_args v;
    int rc = nx_cli_view_args(cli, "--html", &v);
    if (rc) return rc;
    nx_runtime rt;
    if (nx_cli_open_runtime(cli, &rt)) return NX_EXIT_INVALID;
    nx_game *g = nx_cli_load_game(cli, &rt, v.file, 1);
    int seat;
    rc = !g ? NX_EXIT_INVALID : nx_cli_view_seat(cli, &v, g, &seat);
    parts_table t = { json_array(), json_object() };
    json_t *steps = rc ? NULL : replay_steps(cli, g, seat, &t);
    if (!rc && !steps) rc = NX_EXIT_INVALID;
    if (!rc) {
        char *who = seat < 0 ? nx_xstrdup("a spectator") : nx_asprintf("seat %d", seat);
        json_t *data = json_pack("{s:s, s:o, s:o}", "viewer", who, "parts", json_incref(t.list), "steps", steps);
        char *title = nx_asprintf("Nexus replay (as %s)", who);
        char *html = page(title, data);
        rc = nx_cli_write_text(cli, v.out, html) ? NX_EXIT_INVALID : NX_EXIT_OK;
        if (!rc)
            fprintf(cli->out, "wrote %s: %zu steps, %zu distinct board parts, %zu bytes\n", v.out, json_array_size(steps),
                    json_array_size(t.list), strlen(html) + 1);
        free(html);
        free(title);
        free(who);
        json_decref(data);
    }
    json_decref(t.list);
    json_decref(t.index);
    nx_game_free(g);
    nx_runtime_close(&rt);
    return rc;
}
