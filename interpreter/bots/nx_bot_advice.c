#include "nx_bot_advice.h"

#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_map.h"
#include "nx_names.h"
#include "nx_nexus.h"
#include "nx_text.h"

void nx_bot_advice_for(nx_bot *b, const nx_game *g, int seat, nx_comp card, nx_advice *out)
{
    nx_advice_init(out);
    const nx_state *s = nx_game_state(g);
    if (!(s->options & NX_OPT_NEXUS_CARDS) || seat < 0 || seat >= s->nseats || card == NX_COMP_NONE) return;
    char id[64];
    nx_fmt(id, sizeof id, "%s.%s", nx_faction_id(nx_comp_nexus_faction(card)),
           nx_mode_id((nx_mode)nx_lifecycle_mode(s, (uint8_t)seat, card)));
    if (nx_game_panel_available(g, id) != 1) return;
    char err[600];
    if (nx_game_bot_advice(g, seat, id, out, err, sizeof err)) {
        b->refused++;
        if (b->on_refusal) b->on_refusal(b->ctx, seat, "(bot advice)", err);
        else fprintf(stderr, "nexus bot: BUG: bad bot advice: %s\n", err);
    }
}

int nx_bot_seeks_own(nx_bot *b, const nx_game *g, int seat)
{
    const nx_state *s = nx_game_state(g);
    if (seat < 0 || seat >= s->nseats) return 0;
    nx_advice adv;
    nx_bot_advice_for(b, g, seat, nx_comp_nexus((nx_faction)s->seats[seat].faction), &adv);
    return adv.keep == 1;
}

static nx_comp held(const nx_state *s, int seat)
{
    return nx_custody_held_nexus(&s->custody, seat);
}

static json_t *word(const char *w) { return json_pack("{s:s, s:s}", "type", "answer", "word", w); }

/* A draw-or-replace opportunity: keep a card worth keeping; replace one
 * that is not, or draw, for a chance at the card one seeks. */
static json_t *draw_answer(nx_bot *b, const nx_game *g, const nx_pending *p)
{
    const nx_state *s = nx_game_state(g);
    nx_comp c = held(s, p->seat);
    if (c != NX_COMP_NONE) {
        nx_advice adv;
        nx_bot_advice_for(b, g, p->seat, c, &adv);
        if (adv.keep == 1) return word("keep");
    }
    if (!nx_bot_seeks_own(b, g, p->seat)) return NULL;
    return word(c == NX_COMP_NONE ? "draw" : "replace");
}

/* Ordinary forces of the seat in territory t. */
static int ordinary_in(const nx_state *s, int seat, int t)
{
    int n = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (nx_map_section_territory(sec) == t) n += s->seats[seat].forces[NX_PLACE_BOARD(sec)][NX_FORCE_NORMAL];
    return n;
}

/* avoid "elite_forces": the best-scored ship or move, when it carries
 * elite forces, with as many ordinary forces as can go in their place
 * (none: NULL). */
static json_t *without_elite(const nx_game *g, const nx_state *s, int seat)
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

/* Does a ship or move land at least `want` of the seat's forces in a
 * battle: a territory where a seat other than it and its ally has
 * fighters?  With avoid "elite_forces", counted as ordinary forces and
 * only where none of its elite forces stand (the panel wants them out). */
static int lands_in_battle(const nx_state *s, int seat, const json_t *act, int want, int no_elite)
{
    const char *type = json_string_value(json_object_get(act, "type"));
    if (!type || (strcmp(type, "ship") && strcmp(type, "move"))) return 0;
    int to = nx_map_section_parse(json_string_value(json_object_get(act, "to")));
    if (to < 0) return 0;
    int t = nx_map_section_territory(to);
    uint8_t others = nx_board_occupants(s, t, 1) & (uint8_t)~(1u << seat);
    if (s->seats[seat].ally != NX_NO_SEAT) others &= (uint8_t)~(1u << s->seats[seat].ally);
    if (!others) return 0;
    int there = nx_board_forces_in(s, (uint8_t)seat, t), ordinary = ordinary_in(s, seat, t);
    if (no_elite && there > ordinary) return 0;
    int n = (int)json_integer_value(json_object_get(act, "count")) + (int)json_integer_value(json_object_get(act, "elite"));
    return there + n >= want;
}

/* How far below the best-scored candidate a battle the card pays in may
 * score and still be sought: about what a stronghold held alone is worth
 * to the board judgement (interpreter/turn/nx_bot_eval.c), so the seat
 * gives up a little position for the battle, never a winning move. */
#define SEEK_MARGIN 20

/* seek_battle: the best-scored ship or move that lands enough forces in a
 * battle, when it scores within SEEK_MARGIN of the best (none: NULL). */
static json_t *into_battle(const nx_game *g, const nx_state *s, int seat, int want, int no_elite)
{
    json_t *cands = nx_game_moves(g, seat), *pickd = NULL, *out = NULL, *c;
    json_int_t top = 0, best = 0;
    int any = 0;
    size_t i;
    json_array_foreach(cands, i, c) {
        json_int_t sc = json_integer_value(json_object_get(c, "score"));
        if (!any || sc > top) top = sc;
        any = 1;
        if (lands_in_battle(s, seat, json_object_get(c, "action"), want, no_elite) && (!pickd || sc > best)) {
            pickd = c;
            best = sc;
        }
    }
    if (pickd && best >= top - SEEK_MARGIN) out = json_copy(json_object_get(pickd, "action"));
    json_decref(cands);
    return out;
}

/* avoid "elite_forces" on a chosen ship or move: ordinary forces in
 * place of its elite ones, as many as there are. */
static void strip_elite(const nx_state *s, int seat, json_t *act)
{
    int elite = (int)json_integer_value(json_object_get(act, "elite"));
    if (elite <= 0) return;
    const char *type = json_string_value(json_object_get(act, "type"));
    int n = (int)json_integer_value(json_object_get(act, "count")) + elite;
    int from_t = !strcmp(type, "move") ? nx_map_territory_parse(json_string_value(json_object_get(act, "from"))) : -1;
    int have = from_t >= 0 ? ordinary_in(s, seat, from_t) : nx_board_reserves(s, (uint8_t)seat, NX_FORCE_NORMAL);
    json_object_set_new(act, "count", json_integer(n < have ? n : have));
    json_object_set_new(act, "elite", json_integer(0));
}

json_t *nx_bot_advised_move(nx_bot *b, const nx_game *g, int *seat_out)
{
    const nx_state *s = nx_game_state(g);
    if (!s->npending || s->play.over || !(s->options & NX_OPT_NEXUS_CARDS)) return NULL;
    const nx_pending *p = &s->pending[0];
    int seat = p->seat;
    json_t *a = NULL;
    if (p->kind == NX_PEND_NEXUS_DRAW) {
        a = draw_answer(b, g, p);
    } else if (p->kind == NX_PEND_SHIP_MOVE && s->play.mover == seat && held(s, seat) != NX_COMP_NONE) {
        nx_advice adv;
        nx_bot_advice_for(b, g, seat, held(s, seat), &adv);
        int no_elite = (adv.avoid & NX_AVOID_ELITE_FORCES) != 0;
        if (adv.seek_battle) {
            a = into_battle(g, s, seat, adv.seek_battle, no_elite);
            if (a && no_elite) strip_elite(s, seat, a);
            /* Without ordinary forces enough it is no battle sought. */
            if (a && !lands_in_battle(s, seat, a, adv.seek_battle, no_elite)) {
                json_decref(a);
                a = NULL;
            }
        }
        if (!a && no_elite) a = without_elite(g, s, seat);
    }
    if (a) *seat_out = seat;
    return a;
}

static int joins_alliance(const json_t *cand)
{
    const char *t = json_string_value(json_object_get(json_object_get(cand, "action"), "type"));
    return t && (!strcmp(t, "offer_alliance") || !strcmp(t, "accept_alliance"));
}

void nx_bot_advice_filter(nx_bot *b, const nx_game *g, int seat, json_t *cands)
{
    size_t n = json_array_size(cands), joins = 0;
    for (size_t i = 0; i < n; i++) joins += joins_alliance(json_array_get(cands, i));
    if (!joins || joins == n) return;
    const nx_state *s = nx_game_state(g);
    nx_comp c = seat >= 0 && seat < s->nseats ? held(s, seat) : NX_COMP_NONE;
    if (c == NX_COMP_NONE) return;
    nx_advice adv;
    nx_bot_advice_for(b, g, seat, c, &adv);
    if (adv.keep != 1) return;
    for (size_t i = n; i-- > 0;)
        if (joins_alliance(json_array_get(cands, i))) json_array_remove(cands, i);
}
