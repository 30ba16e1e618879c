#include "nx_view.h"

#include <assert.h>
#include <string.h>

static json_t *zone_ids(const nx_state *s, nx_zone z)
{
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, z, v, NX_COMP_COUNT);
    json_t *a = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(a, json_string(nx_comp_id(v[i])));
    return a;
}

/* A zone as the viewer may see it: identities or just a count. */
static json_t *zone_view(const nx_state *s, nx_zone z, int viewer)
{
    nx_visibility vis = nx_zone_visibility(z);
    int sees = vis == NX_VIS_PUBLIC || (vis == NX_VIS_OWNER && nx_zone_seat(z) == viewer);
    if (sees) return zone_ids(s, z);
    return json_integer(nx_custody_count(&s->custody, z));
}

/* Force counters are public: reserves, Tanks and every occupied section. */
static json_t *forces_view(const nx_seat *st)
{
    json_t *board = json_object();
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        const uint8_t *f = st->forces[NX_PLACE_BOARD(sec)];
        if (f[NX_FORCE_NORMAL] || f[NX_FORCE_ELITE])
            json_object_set_new(board, nx_map_section_id(sec), json_pack("[i, i]", f[0], f[1]));
    }
    const uint8_t *r = st->forces[NX_PLACE_RESERVES], *t = st->forces[NX_PLACE_TANKS];
    return json_pack("{s:[i, i], s:[i, i], s:o}", "reserves", r[0], r[1], "tanks", t[0], t[1], "board", board);
}

static json_t *seat_view(const nx_state *s, int i, int viewer)
{
    const nx_seat *st = &s->seats[i];
    json_t *offers = json_array();
    for (int j = 0; j < s->nseats; j++)
        if (st->offers & (1u << j)) json_array_append_new(offers, json_integer(j));
    json_t *o = json_pack("{s:i, s:s, s:o, s:o}", "seat", i, "faction",
                          nx_faction_id((nx_faction)st->faction), "ally",
                          st->ally == NX_NO_SEAT ? json_null() : json_integer(st->ally),
                          "offers", offers);
    json_object_set_new(o, "nexus_card", zone_view(s, NX_Z_SEAT(i, NX_ZS_NEXUS_HELD), viewer));
    json_object_set_new(o, "traitors", zone_view(s, NX_Z_SEAT(i, NX_ZS_TRAITORS), viewer));
    json_object_set_new(o, "traitor_offer", zone_view(s, NX_Z_SEAT(i, NX_ZS_TRAITOR_OFFER), viewer));
    json_object_set_new(o, "revealed", zone_view(s, NX_Z_SEAT(i, NX_ZS_REVEALED), viewer));
    json_object_set_new(o, "leaders", zone_view(s, NX_Z_SEAT(i, NX_ZS_LEADERS), viewer));
    json_object_set_new(o, "treachery", zone_view(s, NX_Z_SEAT(i, NX_ZS_TREACHERY), viewer));
    json_object_set_new(o, "forces", forces_view(st));
    if (i == viewer) {
        /* Spice is kept behind the player's shield (base rules): owner only. */
        json_object_set_new(o, "spice", json_integer(st->spice));
        json_object_set_new(o, "draw_policy", json_string(nx_policy_name((nx_own_policy)st->policy)));
    }
    return o;
}

static json_t *pending_view(const nx_pending *p, int viewer)
{
    json_t *o = json_pack("{s:i, s:s, s:s, s:i, s:I}", "seat", p->seat, "kind",
                          nx_pending_kind_name((nx_pending_kind)p->kind), "prompt", p->prompt,
                          "count", p->count, "event", (json_int_t)p->event);
    if (p->words) {
        json_t *w = json_array();
        for (int b = 0; b < 4; b++)
            if (p->words & (1 << b)) json_array_append_new(w, json_string(nx_word_name((nx_word)(1 << b))));
        json_object_set_new(o, "words", w);
    }
    if (p->noptions && (!p->private_options || p->seat == viewer)) {
        json_t *opts = json_array();
        for (int k = 0; k < p->noptions; k++)
            json_array_append_new(opts, json_string(nx_comp_id(p->options[k])));
        json_object_set_new(o, "options", opts);
    } else if (p->noptions) {
        json_object_set_new(o, "options", json_integer(p->noptions));
    }
    return o;
}

static json_t *receipts_view(const nx_state *s, int viewer)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nreceipts; i++) {
        const nx_receipt *r = nx_state_receipt(s, i);
        if (r->seat != viewer) continue;
        json_t *cards = json_array();
        for (int k = 0; k < r->n; k++) json_array_append_new(cards, json_string(nx_comp_id(r->cards[k])));
        json_array_append_new(a, json_pack("{s:I, s:s, s:o}", "event", (json_int_t)r->event, "kind",
                                           nx_receipt_kind_name((nx_receipt_kind)r->kind), "cards",
                                           cards));
    }
    return a;
}

json_t *nx_view_json(const nx_state *s, int seat)
{
    assert(seat >= -1 && seat < s->nseats);
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    json_t *storm = json_array();
    for (int i = 0; i < s->nseats; i++) json_array_append_new(storm, json_integer(order[i]));
    json_t *v = json_pack("{s:o, s:I, s:i, s:s, s:o, s:b, s:b, s:b}", "viewer",
                          seat < 0 ? json_string("spectator") : json_integer(seat), "version",
                          (json_int_t)s->version, "turn", s->turn, "phase", nx_phase_name(s->phase),
                          "storm_order", storm, "nexus_cards", (s->options & NX_OPT_NEXUS_CARDS) != 0,
                          "nexus_occurred", s->nexus_occurred, "negotiating", s->negotiating);
    json_t *seats = json_array();
    for (int i = 0; i < s->nseats; i++) json_array_append_new(seats, seat_view(s, i, seat));
    json_object_set_new(v, "seats", seats);
    json_object_set_new(v, "nexus_deck", zone_view(s, NX_Z_NEXUS_DECK, seat));
    json_object_set_new(v, "nexus_discard", zone_view(s, NX_Z_NEXUS_DISCARD, seat));
    json_object_set_new(v, "traitor_deck", zone_view(s, NX_Z_TRAITOR_DECK, seat));
    json_object_set_new(v, "tanks", zone_view(s, NX_Z_TANKS, seat));
    json_object_set_new(v, "treachery_deck", zone_view(s, NX_Z_TREACHERY_DECK, seat));
    json_object_set_new(v, "treachery_discard", zone_view(s, NX_Z_TREACHERY_DISCARD, seat));
    json_t *pend = json_array();
    for (int i = 0; i < s->npending; i++) json_array_append_new(pend, pending_view(&s->pending[i], seat));
    json_object_set_new(v, "pending", pend);
    if (seat >= 0) json_object_set_new(v, "receipts", receipts_view(s, seat));
    return v;
}
