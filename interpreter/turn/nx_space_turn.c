/*
 * The legal-move space of Shipment and Movement, Bidding and Revival
 * (docs/protocol.md "The space").  Nothing here knows a rule: every entry
 * is what the phase's own check (nx_legal.h) accepted, walked over every
 * candidate and folded into runs, so a client that picks any point of the
 * space sends an action the engine takes.  Where a check's answer does
 * not depend on a dimension (how a shipment splits into ordinary and elite
 * forces: the check reads only the counts in reserve and the total), the
 * space states that dimension as a range of its own.
 */
#include <string.h>

#include "nx_board.h"
#include "nx_legal.h"
#include "nx_map.h"
#include "nx_movement.h"
#include "nx_revival.h"
#include "nx_space_turn.h"

#define BIT(seat) ((uint8_t)(1u << (seat)))
#define FORCES_MAX 40       /* more than any seat's counters */

json_t *nx_space_range(int lo, int hi) { return json_pack("[i, i]", lo, hi); }

static const char *end_id(int place) { return place == NX_SHIP_RESERVES ? "reserves" : nx_map_section_id(place); }

/* ---- shipment ---------------------------------------------------------------------------- */

static void origin_counts(const nx_state *s, uint8_t seat, int from, int have[NX_FORCE_KINDS])
{
    int place = from == NX_SHIP_RESERVES ? NX_PLACE_RESERVES : NX_PLACE_BOARD(from);
    for (int k = 0; k < NX_FORCE_KINDS; k++) have[k] = s->seats[seat].forces[place][k];
}

/* One route's legal totals, walked 1..all with the ordinary forces first
 * (the check reads the total and the counts at the origin only); each run
 * of legal totals is one entry, with the cost of each total in the run. */
static void ship_route(const nx_state *s, uint8_t seat, int from, int to, int karama, json_t *routes)
{
    int have[NX_FORCE_KINDS];
    origin_counts(s, seat, from, have);
    int all = have[NX_FORCE_NORMAL] + have[NX_FORCE_ELITE];
    json_t *run = NULL, *costs = NULL;
    int lo = 0;
    char why[256];
    for (int n = 1; n <= all + 1; n++) {
        int normal = n < have[NX_FORCE_NORMAL] ? n : have[NX_FORCE_NORMAL], cost = 0;
        int legal = n <= all && !nx_ship_check(s, seat, from, to, normal, n - normal, karama, &cost, why, sizeof why);
        if (legal && !run) {
            lo = n;
            costs = json_array();
            run = json_pack("{s:s, s:s, s:b, s:o, s:o}", "from", end_id(from), "to", end_id(to), "karama", karama,
                            "count", nx_space_range(0, have[NX_FORCE_NORMAL]), "elite",
                            nx_space_range(0, have[NX_FORCE_ELITE]));
        }
        if (legal) json_array_append_new(costs, json_integer(cost));
        if (!legal && run) {
            json_object_set_new(run, "total", nx_space_range(lo, n - 1));
            json_object_set_new(run, "cost", costs);
            json_array_append_new(routes, run);
            run = NULL;
        }
    }
}

static json_t *ship_space(const nx_state *s, uint8_t seat)
{
    json_t *routes = json_array();
    int karama = nx_move_card_in_hand(s, seat, NX_TR_KARAMA) != NX_COMP_NONE;
    for (int from = NX_SHIP_RESERVES; from < NX_MAP_SECTIONS; from++) {
        int have[NX_FORCE_KINDS];
        origin_counts(s, seat, from, have);
        if (!have[NX_FORCE_NORMAL] && !have[NX_FORCE_ELITE]) continue;
        for (int to = NX_SHIP_RESERVES; to < NX_MAP_SECTIONS; to++)
            for (int k = 0; k <= karama; k++) ship_route(s, seat, from, to, k, routes);
    }
    return routes;
}

/* ---- movement ---------------------------------------------------------------------------- */

static int move_ok(const nx_state *s, nx_move_req r, int normal, int elite)
{
    nx_move_plan plan;
    r.normal = normal;
    r.elite = elite;
    return !nx_move_check(s, &r, &plan, NULL, 0);   /* whether only: no reason formatted */
}

static json_t *move_entry(const nx_state *s, const nx_move_req *r, int n_lo, int n_hi, int e_lo, int e_hi)
{
    (void)s;
    return json_pack("{s:s, s:s, s:o, s:o, s:b, s:b}", "from", nx_map_territory_id(r->from_t), "to",
                     nx_map_section_id(r->to), "count", nx_space_range(n_lo, n_hi), "elite", nx_space_range(e_lo, e_hi),
                     "hajr", r->hajr, "fight", r->fight);
}

/* The group of territory from_t that may reach r->to: the counters
 * nx_move_available finds, any of them (at least one) when the check
 * takes the corners of that box; else each pair the check takes. */
static void move_route(const nx_state *s, nx_move_req r, json_t *routes)
{
    int avail[NX_FORCE_KINDS];
    nx_move_available(s, &r, avail);
    int an = avail[NX_FORCE_NORMAL], ae = avail[NX_FORCE_ELITE];
    if (an + ae == 0) return;
    int box = move_ok(s, r, an, ae) && (!an || move_ok(s, r, 1, 0)) && (!ae || move_ok(s, r, 0, 1)) &&
              (!an || !ae || (move_ok(s, r, an, 0) && move_ok(s, r, 0, ae)));
    if (box) {
        json_array_append_new(routes, move_entry(s, &r, 0, an, 0, ae));
        return;
    }
    for (int n = 0; n <= an; n++)
        for (int e = 0; e <= ae; e++)
            if (n + e && move_ok(s, r, n, e)) json_array_append_new(routes, move_entry(s, &r, n, n, e, e));
}

static json_t *move_space(const nx_state *s, uint8_t seat)
{
    json_t *routes = json_array();
    int hajr_card = nx_move_card_in_hand(s, seat, NX_TR_HAJR) != NX_COMP_NONE;
    int bg = (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
    for (int hajr = 0; hajr <= hajr_card; hajr++) {
        if (nx_move_order_refusal(s, seat, hajr)) continue;
        for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
            if (!nx_board_forces_in(s, seat, t)) continue;
            for (int to = 0; to < NX_MAP_SECTIONS; to++)
                for (int fight = 0; fight <= bg; fight++) {
                    nx_move_req r = { .seat = seat, .from_t = t, .from_sec = -1, .to = to, .hajr = hajr, .fight = fight };
                    move_route(s, r, routes);
                }
        }
    }
    return routes;
}

json_t *nx_space_ship_move(const nx_state *s, uint8_t seat)
{
    char why[160];
    json_t *o = json_pack("{s:b, s:b}", "pass", 1, "delay", !nx_ship_delay_refusal(s, seat, why, sizeof why));
    json_object_set_new(o, "ship", json_pack("{s:o}", "routes", nx_ship_order_refusal(s, seat) ? json_array() : ship_space(s, seat)));
    json_object_set_new(o, "move", json_pack("{s:o}", "routes", move_space(s, seat)));
    return o;
}

/* The offer's answers are few: the space names which are legal ("pass" is "delay"). */
json_t *nx_space_guild_timing(const nx_state *s, uint8_t seat)
{
    (void)seat;
    char why[160];
    return json_pack("{s:b, s:b, s:b, s:b}", "pass", 1, "now", 1, "delay", 1, "own_turn",
                     !nx_ship_own_turn_refusal(s, why, sizeof why));
}

/* ---- bidding ----------------------------------------------------------------------------- */

json_t *nx_space_bid(const nx_state *s, uint8_t seat)
{
    json_t *runs = json_array();
    char why[160];
    for (int karama = 0; karama <= 1; karama++) {
        int lo = 0;
        for (int amount = 1; amount <= NX_BID_CAP + 1; amount++) {
            int legal = amount <= NX_BID_CAP && !nx_bid_check(s, seat, amount, karama, why, sizeof why);
            if (legal && !lo) lo = amount;
            if (!legal && lo) {
                json_array_append_new(runs, json_pack("{s:b, s:i, s:i}", "karama", karama, "min", lo, "max", amount - 1));
                lo = 0;
            }
        }
    }
    return json_pack("{s:b, s:o}", "pass", 1, "bid", runs);
}

/* ---- revival ----------------------------------------------------------------------------- */

static json_t *revival_entry(const nx_revival_plan *pl, int cost)
{
    json_t *o = json_pack("{s:i}", "cost", cost);
    nx_revival_plan_fields(pl, o);
    return o;
}

/* The seat's leaders, and -1 (none); returns how many. */
static int own_leaders(const nx_state *s, uint8_t seat, int out[NX_LEADER_COUNT + 1])
{
    int n = 0;
    out[n++] = -1;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_get(l)->faction == s->seats[seat].faction) out[n++] = l;
    return n;
}

/* Every plan within what "revive" reads that the check takes (a few
 * hundred at most: the limits are three forces, one leader, three of the
 * Emperor's ally's). */
json_t *nx_space_revival(const nx_state *s, uint8_t seat)
{
    json_t *plans = json_array();
    int ls[NX_LEADER_COUNT + 1], nl = own_leaders(s, seat, ls);
    int grants = nx_revival_grant_open(s, seat), emperor = s->seats[seat].faction == NX_EMPEROR;
    int atreides = s->seats[seat].faction == NX_ATREIDES;
    int gmax = grants ? NX_REVIVAL_GRANT_READ_MAX : 0, gl = grants ? nl : 1, amax = emperor ? NX_REVIVAL_READ_MAX : 0;
    char why[200];
    for (int f = 0; f <= NX_REVIVAL_READ_MAX; f++)
        for (int e = 0; e + f <= NX_REVIVAL_READ_MAX; e++)
            for (int l = 0; l < nl; l++)
                for (int kh = 0; kh <= atreides; kh++)
                    for (int af = 0; af <= amax; af++)
                        for (int ae = 0; ae + af <= amax; ae++)
                            for (int gf = 0; gf <= gmax; gf++)
                                for (int ge = 0; ge <= gmax; ge++)
                                    for (int g = 0; g < gl; g++) {
                                        nx_revival_plan pl = { .forces = f, .elite = e, .leader = ls[l], .kh = kh,
                                                               .ally_forces = af, .ally_elite = ae, .grant_forces = gf,
                                                               .grant_elite = ge, .grant_leader = ls[g] };
                                        int cost;
                                        if (f + e + af + ae + gf + ge == 0 && pl.leader < 0 && !kh && pl.grant_leader < 0)
                                            continue;   /* reviving nothing: that is "pass" */
                                        if (!nx_revival_check(s, seat, &pl, &cost, why, sizeof why))
                                            json_array_append_new(plans, revival_entry(&pl, cost));
                                    }
    return json_pack("{s:b, s:o}", "pass", 1, "revive", plans);
}
