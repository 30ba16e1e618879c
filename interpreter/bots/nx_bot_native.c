#include "nx_bot_native.h"

#include <string.h>

#include "nx_board.h"
#include "nx_map.h"
#include "nx_names.h"
#include "nx_nexus.h"
#include "nx_text.h"

/* The native panels worth keeping a card for: played by the holder of its
 * own faction's card, and (for the Emperor) only in the Advanced game. */
static int keeps_own(const nx_state *s, nx_faction f)
{
    if (f == NX_ATREIDES) return 1;
    return f == NX_EMPEROR && (s->options & NX_OPT_ADVANCED);
}

int nx_bot_native_keeper(const nx_game *g, int seat)
{
    const nx_state *s = nx_game_state(g);
    if (!(s->options & NX_OPT_NEXUS_CARDS) || seat < 0 || seat >= s->nseats) return 0;
    nx_faction f = (nx_faction)s->seats[seat].faction;
    if (!keeps_own(s, f)) return 0;
    char id[64];
    nx_fmt(id, sizeof id, "%s.cunning", nx_faction_id(f));
    return nx_game_panel_available(g, id) == 1;
}

static nx_comp held(const nx_state *s, int seat)
{
    return nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
}

/* At a draw-or-replace opportunity, another faction's card goes back for
 * a chance at one's own. */
static json_t *replace_other(const nx_state *s, const nx_pending *p)
{
    nx_comp c = held(s, p->seat);
    if (p->kind != NX_PEND_NEXUS_DRAW || c == NX_COMP_NONE || nx_comp_nexus_faction(c) == s->seats[p->seat].faction)
        return NULL;
    return json_pack("{s:s, s:s}", "type", "answer", "word", "replace");
}

/* Ordinary forces of the seat in territory t. */
static int ordinary_in(const nx_state *s, int seat, int t)
{
    int n = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (nx_map_section_territory(sec) == t) n += s->seats[seat].forces[NX_PLACE_BOARD(sec)][NX_FORCE_NORMAL];
    return n;
}

/* The best-scored ship or move, when it carries Sardaukar, with as many
 * ordinary forces as can go in their place (none: NULL). */
static json_t *without_sardaukar(const nx_game *g, const nx_state *s, int seat)
{
    json_t *cands = nx_game_moves(g, seat), *best = NULL, *out = NULL;
    json_int_t top = 0;
    size_t i;
    json_t *c;
    json_array_foreach(cands, i, c) {
        json_int_t sc = json_integer_value(json_object_get(c, "score"));
        if (!best || sc > top) {
            best = c;
            top = sc;
        }
    }
    json_t *act = best ? json_object_get(best, "action") : NULL;
    const char *type = act ? json_string_value(json_object_get(act, "type")) : NULL;
    int elite = (int)json_integer_value(json_object_get(act, "elite"));
    if (type && elite > 0 && (!strcmp(type, "ship") || !strcmp(type, "move"))) {
        int n = (int)json_integer_value(json_object_get(act, "count")) + elite;
        int from_t = !strcmp(type, "move") ? nx_map_territory_parse(json_string_value(json_object_get(act, "from"))) : -1;
        int have = from_t >= 0 ? ordinary_in(s, seat, from_t) : nx_board_reserves(s, (uint8_t)seat, NX_FORCE_NORMAL);
        if (have > 0) {
            out = json_copy(act);
            json_object_set_new(out, "count", json_integer(n < have ? n : have));
            json_object_set_new(out, "elite", json_integer(0));
        }
    }
    json_decref(cands);
    return out;
}

json_t *nx_bot_native_move(const nx_game *g, int *seat_out)
{
    const nx_state *s = nx_game_state(g);
    if (!s->npending || s->play.over) return NULL;
    const nx_pending *p = &s->pending[0];
    int seat = p->seat;
    if (!nx_bot_native_keeper(g, seat)) return NULL;
    json_t *a = replace_other(s, p);
    nx_comp c = held(s, seat);
    if (!a && p->kind == NX_PEND_SHIP_MOVE && s->play.mover == seat && s->seats[seat].faction == NX_EMPEROR &&
        c != NX_COMP_NONE && nx_comp_nexus_faction(c) == NX_EMPEROR)
        a = without_sardaukar(g, s, seat);
    if (a) *seat_out = seat;
    return a;
}
