/*
 * The simulator's secrecy watch (`nexus simulate --secrecy`): along a game,
 * one view after every action, the viewers in turn (the spectator, then
 * each seat), must name no component the viewer may not see: one lying in
 * a hidden zone (a deck) or in another seat's owner-only zone (a hand).
 * The viewer's own receipts (what it was shown) and its own decisions'
 * options (its cards, or cards it was shown) are the exceptions, as in the
 * view's own rules (core/nx_view.c), and so is the traitor a cancelled
 * call revealed (tests/bots/test_play.c's scan makes the same exception).  A leak fails the game with kind
 * "secrecy", naming the component, the viewer and the JSON key.
 */
#include <stdio.h>
#include <string.h>

#include "nx_sim.h"
#include "nx_text.h"
#include "nx_view.h"

typedef struct watch {
    int viewer;
    char who[16];
    uint8_t secret[NX_COMP_COUNT];
    char *msg;
    size_t len;
    int leaked;
} watch;

static void find_secrets(const nx_state *s, watch *w)
{
    for (int c = 0; c < NX_COMP_COUNT; c++) {
        nx_zone z = s->custody.zone[c];
        nx_visibility vis = z == NX_Z_OUT ? NX_VIS_PUBLIC : nx_zone_visibility(z);
        w->secret[c] = vis == NX_VIS_HIDDEN || (vis == NX_VIS_OWNER && nx_zone_seat(z) != w->viewer);
    }
}

static void scan(const json_t *j, watch *w, const char *key);

static void scan_pending(const json_t *pending, watch *w)
{
    size_t i;
    json_t *p;
    json_array_foreach(pending, i, p) {
        json_t *seat = json_object_get(p, "seat");
        int own = json_is_integer(seat) && json_integer_value(seat) == w->viewer;
        const char *k;
        json_t *v;
        json_object_foreach(p, k, v)
            if (!(own && !strcmp(k, "options"))) scan(v, w, k);
    }
}

static void scan(const json_t *j, watch *w, const char *key)
{
    if (w->leaked) return;
    if (json_is_string(j)) {
        nx_comp c = nx_comp_parse(json_string_value(j));
        if (c == NX_COMP_NONE || !w->secret[c]) return;
        w->leaked = 1;
        nx_clip(w->msg, w->len, "the view of %s shows %s (under \"%s\"), which it cannot see", w->who,
                json_string_value(j), key);
    } else if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) scan(v, w, key);
    } else if (json_is_object(j)) {
        /* A cancelled traitor call's effect names the traitor revealed at
         * the table (Harkonnen Betrayal): a public fact while the effect
         * lasts, even once that card is shuffled into the Traitor Deck. */
        const json_t *kind = json_object_get(j, "kind");
        int revealed = !strcmp(key, "effects") && json_is_string(kind) && !strcmp(json_string_value(kind), "cancelled");
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)j, k, v) {
            if (!strcmp(k, "receipts")) continue;   /* what the viewer itself was shown */
            if (revealed && !strcmp(k, "card")) continue;
            if (!strcmp(k, "pending")) scan_pending(v, w);
            else scan(v, w, k);
        }
    }
}

int nx_sim_json_leaks(const nx_state *s, int viewer, const json_t *view, char *msg, size_t len)
{
    static _Thread_local watch w;
    w.viewer = viewer;
    w.msg = msg;
    w.len = len;
    w.leaked = 0;
    if (viewer < 0) nx_fmt(w.who, sizeof w.who, "the spectator");
    else nx_fmt(w.who, sizeof w.who, "seat %d", viewer);
    find_secrets(s, &w);
    scan(view, &w, "");
    return w.leaked;
}

int nx_sim_view_leaks(const nx_state *s, int viewer, char *msg, size_t len)
{
    json_t *v = nx_view_json(s, viewer);
    int leaked = nx_sim_json_leaks(s, viewer, v, msg, len);
    json_decref(v);
    return leaked;
}
