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
        if (adv.avoid & NX_AVOID_ELITE_FORCES) a = without_elite(g, s, seat);
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
