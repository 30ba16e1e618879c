#include "nx_effects.h"

#include <stdio.h>
#include <string.h>

#include "nx_map.h"
#include "nx_source.h"
#include "nx_treachery.h"

static const char *const kind_ids[NX_EFF_COUNT] = { NULL, "stop", "virtual_elite", "grant", "used", "revival_grant",
                                                    "leader_grant", "no_worm_riding", "no_two_territory_move",
                                                    "worm_protection", "remote_ride", "cancelled", "owed_draw",
                                                    "retained", "allow" };
static const char *const end_ids[NX_END_COUNT] = { "attempt", "battle", "phase", "turn", "mentat_pause" };

const char *nx_effect_kind_id(nx_effect_kind k) { return k > NX_EFF_NONE && k < NX_EFF_COUNT ? kind_ids[k] : "none"; }
const char *nx_effect_end_id(nx_effect_end e) { return e < NX_END_COUNT ? end_ids[e] : "none"; }

int nx_effect_end_parse(const char *id)
{
    for (int e = 0; e < NX_END_COUNT; e++)
        if (!strcmp(id, end_ids[e])) return e;
    return -1;
}

static void blank(nx_play *p, int i)
{
    p->effect_kind[i] = NX_EFF_NONE;
    p->effect_seat[i] = NX_NO_SEAT;
    p->effect_source[i] = p->effect_end[i] = p->effect_arg[i] = p->effect_turn[i] = 0;
    p->effect_territory[i] = 0xff;
}

int nx_effect_add(nx_state *s, const nx_effect *e)
{
    nx_play *p = &s->play;
    for (int i = 0; i < NX_MAX_EFFECTS; i++) {
        if (p->effect_kind[i] != NX_EFF_NONE) continue;
        p->effect_kind[i] = (uint8_t)e->kind;
        p->effect_seat[i] = e->seat;
        p->effect_source[i] = e->source;
        p->effect_end[i] = (uint8_t)e->end;
        p->effect_arg[i] = e->arg;
        p->effect_territory[i] = p->battle_t;
        p->effect_turn[i] = s->turn;
        return i;
    }
    return -1;
}

int nx_effect_find(const nx_state *s, nx_effect_kind kind, uint8_t seat, int arg)
{
    const nx_play *p = &s->play;
    for (int i = 0; i < NX_MAX_EFFECTS; i++)
        if (p->effect_kind[i] == kind && (seat == NX_NO_SEAT || p->effect_seat[i] == seat) &&
            (arg < 0 || p->effect_arg[i] == arg))
            return i;
    return -1;
}

void nx_effect_remove(nx_state *s, int slot)
{
    if (slot >= 0 && slot < NX_MAX_EFFECTS) blank(&s->play, slot);
}

void nx_effects_expire(nx_state *s, nx_effect_end level)
{
    if (level >= NX_END_MENTAT) level = NX_END_TURN;
    for (int i = 0; i < NX_MAX_EFFECTS; i++)
        if (s->play.effect_kind[i] != NX_EFF_NONE && s->play.effect_end[i] <= level) blank(&s->play, i);
}

unsigned nx_effect_allowed(const nx_state *s, uint8_t seat)
{
    unsigned bits = 0;
    for (int i = 0; i < NX_MAX_EFFECTS; i++)
        if (s->play.effect_kind[i] == NX_EFF_ALLOW && s->play.effect_seat[i] == seat) bits |= s->play.effect_arg[i];
    return bits;
}

unsigned nx_effect_use_allowed(nx_state *s, uint8_t seat, unsigned bits)
{
    unsigned had = 0;
    for (int i = 0; i < NX_MAX_EFFECTS; i++) {
        if (s->play.effect_kind[i] != NX_EFF_ALLOW || s->play.effect_seat[i] != seat) continue;
        had |= s->play.effect_arg[i] & bits;
        s->play.effect_arg[i] = (uint8_t)(s->play.effect_arg[i] & ~bits);
        if (!s->play.effect_arg[i]) blank(&s->play, i);
    }
    return had;
}

int nx_effects_check(const nx_state *s, char *msg, size_t len)
{
    const nx_play *p = &s->play;
    for (int i = 0; i < NX_MAX_EFFECTS; i++) {
        if (p->effect_kind[i] == NX_EFF_NONE) {
            if (p->effect_seat[i] != NX_NO_SEAT || p->effect_source[i] || p->effect_end[i] || p->effect_arg[i] ||
                p->effect_turn[i] || p->effect_territory[i] != 0xff) {
                snprintf(msg, len, "effect slot %d is empty but not blank", i);
                return -1;
            }
            continue;
        }
        if (p->effect_kind[i] >= NX_EFF_COUNT || p->effect_end[i] >= NX_END_COUNT) {
            snprintf(msg, len, "effect %d: kind %d or scope %d out of range", i, p->effect_kind[i], p->effect_end[i]);
            return -1;
        }
        if (p->effect_kind[i] == NX_EFF_ALLOW && (!p->effect_arg[i] || p->effect_arg[i] >> NX_ALLOW_BITS)) {
            snprintf(msg, len, "effect %d (allow) permits %#x, not a set of known permissions", i, p->effect_arg[i]);
            return -1;
        }
        if (p->effect_seat[i] >= s->nseats) {
            snprintf(msg, len, "effect %d (%s) belongs to seat %d, which is not seated", i,
                     kind_ids[p->effect_kind[i]], p->effect_seat[i]);
            return -1;
        }
        /* A bound card is a card of the right kind; an owed draw owes 1..6. */
        nx_effect_kind k = (nx_effect_kind)p->effect_kind[i];
        nx_comp card = p->effect_arg[i];
        if ((k == NX_EFF_CANCELLED && (card >= NX_COMP_COUNT || nx_comp_kind_of(card) != NX_COMP_TRAITOR)) ||
            (k == NX_EFF_RETAINED && (card >= NX_COMP_COUNT || nx_comp_kind_of(card) != NX_COMP_TREACHERY)) ||
            (k == NX_EFF_OWED_DRAW && (p->effect_arg[i] < 1 || p->effect_arg[i] > NX_RECEIPT_CARDS))) {
            snprintf(msg, len, "effect %d (%s) binds %d, which it cannot", i, kind_ids[k], p->effect_arg[i]);
            return -1;
        }
        if (p->effect_territory[i] != 0xff && p->effect_territory[i] >= NX_MAP_TERRITORIES) {
            snprintf(msg, len, "effect %d is bound to territory %d, which does not exist", i, p->effect_territory[i]);
            return -1;
        }
    }
    return 0;
}

json_t *nx_effects_view(const nx_state *s)
{
    const nx_play *p = &s->play;
    json_t *a = json_array();
    for (int i = 0; i < NX_MAX_EFFECTS; i++) {
        if (p->effect_kind[i] == NX_EFF_NONE) continue;
        json_t *o = json_pack("{s:s, s:i, s:s, s:i, s:i}", "kind", kind_ids[p->effect_kind[i]], "seat", p->effect_seat[i],
                              "scope", end_ids[p->effect_end[i]], "arg", p->effect_arg[i], "turn", p->effect_turn[i]);
        json_object_set_new(o, "battle", p->effect_territory[i] == 0xff ? json_null()
                                                                        : json_string(nx_map_territory_id(p->effect_territory[i])));
        json_object_set_new(o, "source", json_integer(p->effect_source[i]));
        /* A bound card is public by then: a called traitor was revealed, a
         * retained card was in a revealed plan (shown by its design, as
         * revealed plans are, never by component id). */
        nx_comp card = p->effect_arg[i];
        if (p->effect_kind[i] == NX_EFF_CANCELLED && nx_comp_kind_of(card) == NX_COMP_TRAITOR)
            json_object_set_new(o, "card", json_string(nx_comp_id(card)));
        if (p->effect_kind[i] == NX_EFF_RETAINED && nx_comp_kind_of(card) == NX_COMP_TREACHERY)
            json_object_set_new(o, "card", json_string(nx_treachery_name(nx_treachery_copy_card(card - NX_COMP_TREACHERY_FIRST))));
        /* The panel that made it, or the engine. */
        char panel[48];
        const char *id = nx_source_panel_id(p->effect_source[i], panel, sizeof panel);
        json_object_set_new(o, "panel", id ? json_string(id) : json_null());
        json_array_append_new(a, o);
    }
    return a;
}
