#include "nx_bot.h"

#include <stdio.h>
#include <string.h>

#include "nx_act.h"

/* The first pending decision of a seat in its view, or NULL. */
static json_t *my_decision(json_t *view, int seat)
{
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(view, "pending"), i, p)
        if (json_integer_value(json_object_get(p, "seat")) == seat) return p;
    return NULL;
}

static json_t *base_action(const nx_game *g, int seat, const char *id, const char *type)
{
    return json_pack("{s:s, s:I, s:o, s:s}", "id", id, "version", (json_int_t)nx_game_state(g)->version,
                     "seat", seat < 0 ? json_null() : json_integer(seat), "type", type);
}

static json_t *pick_random(json_t *arr, nx_rng *rng)
{
    size_t n = json_array_size(arr);
    return n ? json_array_get(arr, nx_rng_below(rng, (uint32_t)n)) : NULL;
}

/* Answer a decision: `count` distinct options, or one word. */
static json_t *answer(const nx_game *g, int seat, json_t *decision, nx_rng *rng, const char *id)
{
    json_t *a = base_action(g, seat, id, "answer");
    json_t *words = json_object_get(decision, "words");
    if (words) {
        json_object_set(a, "word", pick_random(words, rng));
        return a;
    }
    json_t *opts = json_deep_copy(json_object_get(decision, "options"));
    size_t count = (size_t)json_integer_value(json_object_get(decision, "count"));
    json_t *choose = json_array();
    while (json_array_size(choose) < count && json_array_size(opts)) {
        size_t k = nx_rng_below(rng, (uint32_t)json_array_size(opts));
        json_array_append(choose, json_array_get(opts, k));
        json_array_remove(opts, k);
    }
    json_decref(opts);
    json_object_set_new(a, "choose", choose);
    return a;
}

static int holds_card(json_t *view, int seat)
{
    json_t *held = json_object_get(json_array_get(json_object_get(view, "seats"), (size_t)seat), "nexus_card");
    return json_is_array(held) && json_array_size(held) > 0;
}

/* The panel the seat's held card would be played as, from public facts:
 * the card's faction against the seated factions. */
static int held_panel_available(const nx_game *g, json_t *view, int seat)
{
    json_t *seats = json_object_get(view, "seats");
    const char *card = json_string_value(json_array_get(
        json_object_get(json_array_get(seats, (size_t)seat), "nexus_card"), 0));
    if (!card || strncmp(card, "nexus:", 6)) return 0;
    const char *faction = card + 6, *mode = "secret_ally";
    size_t i;
    json_t *st;
    json_array_foreach(seats, i, st)
        if (!strcmp(json_string_value(json_object_get(st, "faction")), faction))
            mode = (int)i == seat ? "cunning" : "betrayal";
    char panel[64];
    snprintf(panel, sizeof panel, "%s.%s", faction, mode);
    return nx_game_panel_available(g, panel);
}

static json_t *host_action(const nx_game *g, nx_rng *rng, const char *id)
{
    const nx_state *s = nx_game_state(g);
    if (s->npending) return NULL;
    /* No Nexus on turn one: the first Shai-Hulud of the game is set aside
     * (base rules, Spice Blow).  Until the Spice Deck exists the host
     * declares one on half of the later turns. */
    if (s->phase == NX_P_SPICE_BLOW && s->turn > 1 && !s->nexus_occurred && nx_rng_below(rng, 2))
        return base_action(g, -1, id, "nexus");
    return base_action(g, -1, id, "advance");
}

/* During a Nexus: offer, accept or leave an alliance. */
static json_t *negotiate(const nx_game *g, int seat, json_t *view, nx_rng *rng, const char *id)
{
    json_t *seats = json_object_get(view, "seats");
    json_t *me = json_array_get(seats, (size_t)seat);
    if (!json_is_null(json_object_get(me, "ally")))
        return nx_rng_below(rng, 8) ? NULL : base_action(g, seat, id, "leave_alliance");
    size_t i;
    json_t *other;
    json_array_foreach(seats, i, other) {
        json_t *offers = json_object_get(other, "offers");
        size_t k;
        json_t *to;
        json_array_foreach(offers, k, to)
            if (json_integer_value(to) == seat) {
                json_t *a = base_action(g, seat, id, nx_rng_below(rng, 3) ? "accept_alliance" : "refuse_alliance");
                json_object_set_new(a, "from", json_integer((json_int_t)i));
                return a;
            }
    }
    size_t target = nx_rng_below(rng, (uint32_t)json_array_size(seats));
    if ((int)target == seat || !json_is_null(json_object_get(json_array_get(seats, target), "ally"))) return NULL;
    json_t *a = base_action(g, seat, id, "offer_alliance");
    json_object_set_new(a, "to", json_integer((json_int_t)target));
    return a;
}

static json_t *seat_action(const nx_game *g, int seat, nx_bot_kind kind, nx_rng *rng, const char *id)
{
    json_t *view = nx_game_view_json(g, seat);
    json_t *out = NULL;
    json_t *decision = my_decision(view, seat);
    if (decision) out = answer(g, seat, decision, rng, id);
    else if (holds_card(view, seat) && (kind == NX_BOT_RANDOM || held_panel_available(g, view, seat)) &&
             nx_rng_below(rng, kind == NX_BOT_SIMPLE ? 2 : 4) == 0)
        out = base_action(g, seat, id, "play_nexus");
    else if (json_is_true(json_object_get(view, "negotiating")) && nx_rng_below(rng, 2))
        out = negotiate(g, seat, view, rng, id);
    else if (kind == NX_BOT_RANDOM && nx_rng_below(rng, 10) == 0) {
        static const char *const policies[] = { "keep", "redraw_once", "redraw_always" };
        out = base_action(g, seat, id, "set_policy");
        json_object_set_new(out, "policy", json_string(policies[nx_rng_below(rng, 3)]));
    }
    json_decref(view);
    return out;
}

json_t *nx_bot_propose(const nx_game *g, int seat, nx_bot_kind kind, nx_rng *rng, const char *id)
{
    return seat < 0 ? host_action(g, rng, id) : seat_action(g, seat, kind, rng, id);
}
