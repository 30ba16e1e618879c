#include "nx_view.h"
#include "nx_adv.h"

#include <assert.h>
#include <string.h>

#include "nx_battle_codes.h"
#include "nx_board.h"
#include "nx_effects.h"
#include "nx_invoice.h"
#include "nx_source.h"
#include "nx_events.h"
#include "nx_play.h"
#include "nx_ruling_names.h"

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
    json_object_set_new(o, "storm_card", zone_view(s, NX_Z_SEAT(i, NX_ZS_STORM_CARD), viewer));
    json_object_set_new(o, "forces", forces_view(st));
    /* Bribes lie in front of the shield, in plain sight (FAQ). */
    json_object_set_new(o, "bribes", json_integer(st->bribes));
    /* An offer of aid is between the allies (interpreter/turn/nx_ally_aid.c). */
    if (st->ally != NX_NO_SEAT && (i == viewer || st->ally == viewer)) json_object_set_new(o, "aid", json_integer(st->aid));
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
    if ((p->min || p->max) && (!p->private_options || p->seat == viewer)) {
        json_object_set_new(o, "min", json_integer(p->min));
        json_object_set_new(o, "max", json_integer(p->max));
    }
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
    /* A panel's ask of another kind than cards (interpreter/nexus/nx_ask.h):
     * its kind and offered values, to its owner only, like options. */
    if (p->kind == NX_PEND_PANEL && p->seat == viewer) {
        json_t *saved = json_loads(p->saved, 0, NULL);
        json_t *ask = json_object_get(saved, "ask");
        if (ask) json_object_set(o, "ask", ask);
        json_decref(saved);
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
        json_t *o = json_pack("{s:I, s:s, s:o}", "event", (json_int_t)r->event, "kind",
                              nx_receipt_kind_name((nx_receipt_kind)r->kind), "cards", cards);
        if (r->kind == NX_RCPT_TOLD) {
            json_object_set_new(o, "note", json_string(r->note));
            json_object_set_new(o, "value", r->value == NX_RECEIPT_NO_VALUE ? json_null() : json_integer(r->value));
        }
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *seat_mask(uint8_t mask, int nseats)
{
    json_t *a = json_array();
    for (int i = 0; i < nseats; i++)
        if (mask & (1u << i)) json_array_append_new(a, json_integer(i));
    return a;
}

static json_t *seat_or_null(uint8_t seat) { return seat == NX_NO_SEAT ? json_null() : json_integer(seat); }

/* A revealed plan slot: a leader disc by id (leader pools are public); a
 * Treachery card by its design id only, since it still lies in an
 * owner-only hand until discarded. */
static json_t *slot_view(nx_comp c)
{
    if (c == NX_COMP_NONE) return json_null();
    if (nx_comp_kind_of(c) == NX_COMP_LEADER) return json_string(nx_comp_id(c));
    return json_string(nx_treachery_id(nx_treachery_copy_card(c - NX_COMP_TREACHERY_FIRST)));
}

/* Before the plans (interpreter/battle/nx_battle_voice.c): the Voice's command,
 * the element Prescience asked for and, to those who may see it (the
 * Atreides and the ally it asked for; everyone under
 * turn.battle_prescience_seen "table"), the committed answer; what a
 * Karama stopped; the Kwisatz Haderach's count (Advanced Atreides). */
static void advantages_view(const nx_state *s, int viewer, json_t *o)
{
    const nx_play *p = &s->play;
    if (p->voice_mode)
        json_object_set_new(o, "voice", json_pack("{s:s, s:s}", "command", p->voice_mode == NX_VOICE_PLAY ? "play" : "not_play", "what",
                                                  nx_board_voice_what_id(p->voice_what)));
    json_t *stopped = json_array();
    for (int i = NX_ADV_NONE + 1; i < NX_ADV_COUNT; i++)
        if ((p->battle_stopped >> i) & 1) json_array_append_new(stopped, json_string(nx_adv_ids[i]));
    json_object_set_new(o, "karama_stopped", stopped);
    json_object_set_new(o, "karama_window", p->karama_window ? json_string(nx_adv_ids[p->karama_window]) : json_null());
    uint8_t atreides = nx_state_seat_of(s, NX_ATREIDES);
    if (p->prescience_elem) {
        json_t *pr = json_pack("{s:s}", "element", nx_elem_ids[p->prescience_elem]);
        int t = p->battle_fixed[0] ? 0 : p->battle_fixed[1] ? 1 : -1;
        int sees = p->rule[NX_RULE_PRESCIENCE_SEEN] == NX_RS_TURN_BATTLE_PRESCIENCE_SEEN_TABLE || viewer == atreides || (t >= 0 && viewer == p->battle_seats[1 - t]);
        if (t >= 0) json_object_set_new(pr, "shown_by", json_integer(p->battle_seats[t]));
        if (t >= 0 && sees) {
            const uint8_t *slot[NX_ELEM_DIAL] = { NULL, p->battle_leader, p->battle_weapon, p->battle_defence };
            if (p->prescience_elem < NX_ELEM_DIAL) json_object_set_new(pr, "answer", slot_view(slot[p->prescience_elem][t]));
            else json_object_set_new(pr, "answer", json_real(p->battle_dial[t] / 2.0));
            if (p->battle_fixed[t] & NX_FIX_SUPPORT) json_object_set_new(pr, "spice", json_integer(p->battle_support[t]));
        }
        json_object_set_new(o, "prescience", pr);
    }
    if ((s->options & NX_OPT_ADVANCED) && atreides != NX_NO_SEAT)
        json_object_set_new(o, "kwisatz_haderach",
                            json_pack("{s:i, s:b, s:b, s:o}", "losses", p->kh_losses, "awakened", p->kh_losses >= NX_KH_AWAKENS, "dead",
                                      p->kh_dead, "used_in", p->kh_used ? json_string(nx_map_territory_id(p->kh_used - 1)) : json_null()));
}

/* The battle in hand: who fights where, whose plan is in, and both plans
 * once revealed; the leaders committed to a territory this phase. */
static json_t *battle_view(const nx_state *s, int viewer)
{
    const nx_play *p = &s->play;
    json_t *fought = json_object();
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (p->leader_fought[l])
            json_object_set_new(fought, nx_comp_id(nx_comp_leader_disc(l)), json_string(nx_map_territory_id(p->leader_fought[l] - 1)));
    json_t *o = json_pack("{s:o}", "leaders_fought", fought);
    advantages_view(s, viewer, o);
    if (p->battle_t == 0xff) return o;
    json_object_set_new(o, "territory", json_string(nx_map_territory_id(p->battle_t)));
    json_object_set_new(o, "aggressor", seat_or_null(p->battle_seats[0]));
    json_object_set_new(o, "opponent", seat_or_null(p->battle_seats[1]));
    json_t *planned = json_array(), *plans = json_array();
    for (int i = 0; i < 2; i++) {
        if (p->battle_planned & (1u << i)) json_array_append_new(planned, seat_or_null(p->battle_seats[i]));
        json_array_append_new(plans, json_pack("{s:o, s:o, s:o, s:o, s:f, s:i}", "seat", seat_or_null(p->battle_seats[i]),
                                               "leader", slot_view(p->battle_leader[i]), "weapon", slot_view(p->battle_weapon[i]),
                                               "defense", slot_view(p->battle_defence[i]), "dial", p->battle_dial[i] / 2.0,
                                               "spice", p->battle_support[i]));
        json_object_set_new(json_array_get(plans, (size_t)i), "kwisatz_haderach", json_boolean((p->battle_kh >> i) & 1));
    }
    json_object_set_new(o, "planned", planned);
    if (p->battle_shown) json_object_set_new(o, "plans", plans);
    else json_decref(plans);
    json_object_set_new(o, "winner", seat_or_null(p->battle_winner));
    return o;
}

/* The board and the phase in hand: public, except the Bene Gesserit
 * prediction (its owner only). */
/* Karama outside the battle (core/nx_adv.h): the window open now, the
 * advantages it stopped at the use in hand, the faction powers spent,
 * the cards Harkonnen's power still owes (all public: each is announced). */
static json_t *karama_view(const nx_state *s)
{
    const nx_play *p = &s->play;
    json_t *stopped = json_array(), *used = json_array();
    for (int i = NX_ADVO_NONE + 1; i < NX_ADVO_COUNT; i++)
        if (nx_play_bit(p->advw_stopped, i)) json_array_append_new(stopped, json_string(nx_adv_get(i)->id));
    for (int i = 0; i < s->nseats; i++)
        if ((p->karama_power_used >> i) & 1) json_array_append_new(used, json_integer(i));
    json_t *window = p->advw ? json_pack("{s:s, s:i}", "advantage", nx_adv_get(p->advw)->id, "user", p->advw_user) : json_null();
    /* A held Nexus play: the panel it was announced as (its card is then
     * public), never the answers, which stay unseen until all are in. */
    if (p->advw && p->nxh_source) {
        char panel[48], text[96];
        json_object_set_new(window, "panel", json_string(nx_source_panel_id(p->nxh_source, panel, sizeof panel)));
        json_object_set_new(window, "text", json_string(nx_adv_use_text(s, p->advw, text, sizeof text)));
    }
    json_t *give = p->karama_give ? json_pack("{s:i, s:i}", "to", p->karama_give_to, "count", p->karama_give) : json_null();
    return json_pack("{s:o, s:o, s:o, s:o}", "window", window, "stopped", stopped, "powers_used", used, "give_back", give);
}

static json_t *play_view(const nx_state *s, int viewer)
{
    const nx_play *p = &s->play;
    json_t *spice = json_object(), *advisors = json_array(), *circles = json_array();
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        if (p->spice[sec]) json_object_set_new(spice, nx_map_section_id(sec), json_integer(p->spice[sec]));
        if (nx_play_bit(p->advisors, sec)) json_array_append_new(advisors, json_string(nx_map_section_id(sec)));
    }
    for (int i = 0; i < s->nseats; i++) json_array_append_new(circles, json_integer(p->circle[i]));
    json_t *o = json_pack("{s:i, s:o, s:o, s:b, s:o, s:o}", "storm_sector", p->storm_sector, "player_circles",
                          circles, "storm_dialers", json_pack("[o, o]", seat_or_null(p->dialers[0]), seat_or_null(p->dialers[1])),
                          "shield_wall_destroyed", p->shield_wall_down, "spice_on_board", spice, "advisors", advisors);
    json_object_set_new(o, "bidding", json_pack("{s:i, s:i, s:i, s:o, s:o, s:o}", "lots", p->bid_lots, "lot",
                                                p->bid_lot, "high_bid", p->bid_high, "high_bidder",
                                                seat_or_null(p->bid_winner), "to_bid", seat_or_null(p->bid_turn),
                                                "passed", seat_mask(p->bid_passed, s->nseats)));
    json_t *bidding = json_object_get(o, "bidding");
    json_object_set_new(bidding, "eligible", seat_mask(p->bid_eligible, s->nseats));
    json_object_set_new(bidding, "opener", seat_or_null(p->bid_opener));
    /* Storm phase: the movement once known, Weather Control's once played. */
    json_object_set_new(o, "storm_movement", p->storm_move ? json_integer(p->storm_move - 1) : json_null());
    json_object_set_new(o, "weather_control", p->weather ? json_integer(p->weather - 1) : json_null());
    /* A Karama prevented the Fremen's look: the next storm card waits, unseen, on the Storm Deck. */
    json_object_set_new(o, "storm_card_unseen", json_boolean(p->storm_unseen));
    json_object_set_new(o, "revived", seat_mask(p->revived, s->nseats));
    json_object_set_new(o, "shipped", seat_mask(p->shipped, s->nseats));
    json_object_set_new(o, "moved", seat_mask(p->moved, s->nseats));
    /* Shipment and Movement: whose turn is under way, whose is over. */
    static const char *const timing[] = { "free", "own_turn", "storm_order" };
    json_object_set_new(o, "shipment", json_pack("{s:o, s:o, s:b, s:s}", "acting", seat_or_null(p->mover), "done",
                                                 seat_mask(p->acted, s->nseats), "guild_delayed", p->guild_delayed,
                                                 "guild_timing", timing[p->guild_timing]));
    /* The Nexus uses of Shipment and Movement (turn/nx_ship_nexus.h): all announced at the table. */
    json_t *shipment = json_object_get(o, "shipment"), *accompanied = json_array(), *announced = json_array();
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (nx_play_bit(p->accompanied, t)) json_array_append_new(accompanied, json_string(nx_map_territory_id(t)));
        if (nx_play_bit(p->flip_set, t)) json_array_append_new(announced, json_string(nx_map_territory_id(t)));
    }
    json_object_set_new(shipment, "accompanied", accompanied);
    json_object_set_new(shipment, "flip_announced", announced);
    json_object_set_new(shipment, "second_shipment", p->second_stage ? json_integer(p->second_stage - 1) : json_null());
    json_object_set_new(o, "over", json_boolean(p->over));
    json_object_set_new(o, "winners", seat_mask(p->winners, s->nseats));
    json_object_set_new(o, "battle", battle_view(s, viewer));
    json_object_set_new(o, "karama", karama_view(s));
    /* Leaders lying face down in the Tanks (LV 1.05 Dead Again, LV 2.05
     * Kill): public, as the disc's side is. */
    json_t *face_down = json_array();
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_play_bit(p->leader_again, l) && s->custody.zone[nx_comp_leader_disc(l)] == NX_Z_TANKS)
            json_array_append_new(face_down, json_string(nx_comp_id(nx_comp_leader_disc(l))));
    json_object_set_new(o, "leaders_face_down", face_down);
    /* Spice Blow and Nexus: the pile in hand, worms, rides and the talks. */
    json_t *rides = json_array();
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (nx_play_bit(p->ride_from, t)) json_array_append_new(rides, json_string(nx_map_territory_id(t)));
    json_object_set_new(o, "spice_blow", json_pack("{s:s, s:i, s:o, s:o, s:o, s:o}", "pile", p->blow_pile ? "B" : "A",
                                                   "worms", p->blow_worms, "ride_from", rides, "riding_from",
                                                   p->ride_territory == 0xff ? json_null()
                                                   : p->ride_territory == 0xfe ? json_string("any_desert")   /* Fremen Cunning's remote ride */
                                                                               : json_string(nx_map_territory_id(p->ride_territory)),
                                                   "nexus_done", seat_mask(p->nexus_done, s->nseats),
                                                   "set_aside", zone_ids(s, NX_Z_SET_ASIDE)));
    /* The worm occurrence at hand (interpreter/turn/nx_worm.h): public. */
    json_object_set_new(json_object_get(o, "spice_blow"), "worm",
                        p->worm_window && p->worm_at != 0xff
                            ? json_pack("{s:i, s:s, s:b}", "occurrence", p->worm_seq, "territory",
                                        nx_map_territory_id(p->worm_at), "empty_at_appearance", p->worm_empty)
                            : json_null());
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    if (bg != NX_NO_SEAT && viewer == bg && p->prediction_faction != 0xff)
        json_object_set_new(o, "prediction", json_pack("{s:s, s:i}", "faction",
                                                       nx_faction_id((nx_faction)p->prediction_faction),
                                                       "turn", p->prediction_turn));
    return o;
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
    /* Cards set aside face down during a draw opportunity are counted with
     * the deck: a count of their own would show who set one aside
     * (common.lifecycle.redraw_discard).  Nobody sees the deck's cards, so
     * the sum is all any viewer gets. */
    json_object_set_new(v, "nexus_deck", json_integer(nx_custody_count(&s->custody, NX_Z_NEXUS_DECK) +
                                                      nx_custody_count(&s->custody, NX_Z_NEXUS_FACE_DOWN)));
    json_object_set_new(v, "nexus_discard", zone_view(s, NX_Z_NEXUS_DISCARD, seat));
    json_object_set_new(v, "traitor_deck", zone_view(s, NX_Z_TRAITOR_DECK, seat));
    json_object_set_new(v, "tanks", zone_view(s, NX_Z_TANKS, seat));
    json_object_set_new(v, "treachery_deck", zone_view(s, NX_Z_TREACHERY_DECK, seat));
    json_object_set_new(v, "treachery_discard", zone_view(s, NX_Z_TREACHERY_DISCARD, seat));
    json_object_set_new(v, "board", play_view(s, seat));
    json_object_set_new(v, "spice_deck", zone_view(s, NX_Z_SPICE_DECK, seat));
    json_object_set_new(v, "spice_discard_a", zone_view(s, NX_Z_SPICE_DISCARD_A, seat));
    json_object_set_new(v, "spice_discard_b", zone_view(s, NX_Z_SPICE_DISCARD_B, seat));
    json_object_set_new(v, "auction", zone_view(s, NX_Z_AUCTION, seat));
    json_t *pend = json_array();
    for (int i = 0; i < s->npending; i++) json_array_append_new(pend, pending_view(&s->pending[i], seat));
    json_object_set_new(v, "pending", pend);
    /* The moment being raised and the effects that outlive their cards:
     * all public (each is announced at the table when made). */
    const nx_event_def *ev = nx_event_get(s->play.event_now);
    json_object_set_new(v, "event", ev ? json_string(ev->id) : json_null());
    json_object_set_new(v, "effects", nx_effects_view(s));
    json_object_set_new(v, "invoices", nx_invoices_view(s, seat));
    if (seat >= 0) json_object_set_new(v, "receipts", receipts_view(s, seat));
    return v;
}
