/*
 * Shipment and Movement (docs/rules/phase-shipment-movement.md; turn.md
 * 2.6).  Players act in storm order; each ships, then moves, then its turn
 * ends, before the next begins.  The procedure walks the storm order with
 * play.cursor; play.mover is the seat whose turn is under way.
 *
 *  - The turn's decision, NX_PEND_SHIP_MOVE, answered by "ship" (once),
 *    "move" (once; a Hajr card gives one more), "pass" (ends the turn)
 *    and, for the Guild at its own place, "delay".  A turn ends by itself
 *    after the move.
 *  - The Advanced Guild's free timing (LV 2.06.12): before each other
 *    seat's turn the Guild is asked NX_PEND_GUILD_TIMING: "now" takes its
 *    turn then, "delay" lets that seat go first, "own_turn" (before its
 *    place) stops the offers until its place.  At its own place "delay"
 *    (the turn's decision) passes the turn on; once everyone else is done
 *    it must act.  Taking the turn out of storm order is the ability a
 *    Karama cancels: "now" before its place and "delay" at it are held
 *    acts (the end of this file); cancelled, the Guild takes its turn at
 *    its place (play.guild_timing).
 *  - A shipment that lets the Bene Gesserit send a spiritual advisor
 *    (turn.advisor_trigger) opens NX_PEND_ADVISOR; the shipper's turn
 *    continues after it.
 *  - Advanced Bene Gesserit: before the first turn, NX_PEND_WARTIME lets
 *    them turn advisors into fighters, territory by territory; when
 *    another faction's forces enter a territory where they have fighters,
 *    NX_PEND_INTRUSION (before the advisor's) lets them turn those into
 *    advisors.  play.intrusion_at holds the territory until answered.
 *  - Allies pay for each other's shipments: the shipper pays what it
 *    can, its ally the rest, as for Treachery Cards (LV 1.10).
 *  - At the end of each turn the seat's forces sharing a territory with
 *    its ally go to the Tanks, and lone advisors become fighters.
 *  - Nexus cards played inside the seat's own turn (turn/nx_ship_nexus.c):
 *    shipping terms ("allow" effects: Guild rates, routes, five priced as
 *    one) that the next shipment uses up, Guild Cunning's second shipment
 *    after the turn, and Bene Gesserit Cunning's "flip".
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_adv_windows.h"
#include "nx_movement.h"
#include "nx_bot_eval.h"
#include "nx_play.h"
#include "nx_invoice.h"
#include "nx_ship_invoice.h"
#include "nx_ship_nexus.h"
#include "nx_spice.h"
#include "nx_words.h"
#include "nx_legal.h"

#define BIT(seat) ((uint8_t)(1u << (seat)))
#define RESERVES NX_SHIP_RESERVES   /* a ship_req end that is the seat's reserves */
#define NO_ADVISOR 0xff
#define NO_INTRUSION 0xff

enum { STEP_START, STEP_TURNS, STEP_DONE };

static int advanced(const nx_state *s) { return (s->options & NX_OPT_ADVANCED) != 0; }

static uint8_t guild_seat(const nx_state *s) { return nx_state_seat_of(s, NX_SPACING_GUILD); }

/* Ahead of Schedule / Holding Pattern: an Advanced ability (LV 2.06.12). */
static int guild_free_timing(const nx_state *s)
{
    return guild_seat(s) != NX_NO_SEAT && advanced(s);
}

/* The Guild's position in this turn's storm order. */
static int guild_place(const nx_state *s)
{
    uint8_t order[NX_MAX_SEATS], g = guild_seat(s);
    nx_state_storm_order(s, order);
    for (int i = 0; i < s->nseats; i++)
        if (order[i] == g) return i;
    assert(0 && "the Guild is seated");
    return 0;
}

/* Is the procedure's cursor before, at or past the Guild's place? */
static int before_guild_place(const nx_state *s) { return s->play.cursor < guild_place(s); }
static int at_guild_place(const nx_state *s) { return s->play.cursor == guild_place(s); }

/* The Guild and its ally ship at half price and may cross-ship (LV 2.06). */
static int guild_rates(const nx_state *s, uint8_t seat)
{
    uint8_t g = guild_seat(s);
    return g != NX_NO_SEAT && (seat == g || s->seats[seat].ally == g);
}

static int polar_sink_section(void) { return nx_map_section_parse("polar_sink"); }

static int has_reserves(const nx_state *s, uint8_t seat)
{
    return nx_board_reserves(s, seat, NX_FORCE_NORMAL) + nx_board_reserves(s, seat, NX_FORCE_ELITE) > 0;
}

/* ---- shipping ----------------------------------------------------------------- */

typedef struct ship_req {
    uint8_t seat;
    int from;               /* a board section (cross-ship, ship back) or RESERVES */
    int to;                 /* a board section, or RESERVES (the Guild ships back) */
    int normal, elite;
    int karama;             /* a Karama card buys it at Guild rates, paid to the bank */
} ship_req;

typedef struct ship_plan {
    int cost;
    uint8_t payee;          /* the Guild's seat, or NX_NO_SEAT for the bank */
    int sends;              /* Fremen sending: free, within range of the Great Flat */
    int lost[NX_FORCE_KINDS];   /* Fremen sent into the storm lose half, rounded up */
    nx_comp karama_card;
    int from_ally;          /* the part of the cost the shipper's ally pays */
} ship_plan;

static int spice_of(const nx_state *s, uint8_t seat) { return s->seats[seat].spice > 0 ? s->seats[seat].spice : 0; }

/* The spice a seat may spend on a shipment: its own and the aid its ally
 * offered it this phase, since allies may pay for each other's shipments
 * (LV 1.10; nx_ally_aid.c). */
static int purse(const nx_state *s, uint8_t seat) { return spice_of(s, seat) + nx_spice_aid_for(s, seat); }

static int check_origin(const nx_state *s, const ship_req *r, char *why, size_t len)
{
    const nx_seat *st = &s->seats[r->seat];
    char from[64];
    if (r->from == RESERVES) {
        if (st->forces[NX_PLACE_RESERVES][NX_FORCE_NORMAL] < r->normal || st->forces[NX_PLACE_RESERVES][NX_FORCE_ELITE] < r->elite)
            return nx_move_refuse(why, len, "you have only %d ordinary and %d elite forces in reserve",
                                  st->forces[NX_PLACE_RESERVES][NX_FORCE_NORMAL], st->forces[NX_PLACE_RESERVES][NX_FORCE_ELITE]);
        return 0;
    }
    if (why) nx_move_section_label(r->from, from, sizeof from);   /* named only in a reason read */
    unsigned allowed = nx_effect_allowed(s, r->seat);
    if (r->to == RESERVES && st->faction != NX_SPACING_GUILD && !(allowed & NX_ALLOW_SHIP_BACK))
        return nx_move_refuse(why, len, "only the Spacing Guild ships forces back to its reserves");
    if (r->to != RESERVES && !guild_rates(s, r->seat) && !(allowed & NX_ALLOW_CROSS_SHIP))
        return nx_move_refuse(why, len, "only the Spacing Guild and its ally may ship forces from one territory to another");
    /* A Karama cancelled the ability this turn: the shipper retakes its
     * shipment without it (LV "How to use this guide"). */
    if (r->to == RESERVES && !(allowed & NX_ALLOW_SHIP_BACK) && nx_adv_stopped(s, NX_ADVO_GUILD_SHIP_BACK))
        return nx_move_refuse(why, len, "a Karama cancelled your shipment back to your reserves: this turn you may not ship back");
    if (r->to != RESERVES && !(allowed & NX_ALLOW_CROSS_SHIP) && nx_adv_stopped(s, NX_ADVO_GUILD_CROSS_SHIP))
        return nx_move_refuse(why, len, "a Karama cancelled your cross-shipment: this turn you ship from your reserves only");
    if (r->karama) return nx_move_refuse(why, len, "a Karama card buys a shipment from reserves only");
    if (st->forces[NX_PLACE_BOARD(r->from)][NX_FORCE_NORMAL] < r->normal || st->forces[NX_PLACE_BOARD(r->from)][NX_FORCE_ELITE] < r->elite)
        return nx_move_refuse(why, len, "you have only %d ordinary and %d elite forces in %s",
                              st->forces[NX_PLACE_BOARD(r->from)][NX_FORCE_NORMAL],
                              st->forces[NX_PLACE_BOARD(r->from)][NX_FORCE_ELITE], from);
    if (nx_board_section_in_storm(s, r->from))
        return nx_move_refuse(why, len, "%s is in the storm: no force may ship out of it", from);
    if (r->to != RESERVES && nx_map_section_territory(r->to) == nx_map_section_territory(r->from))
        return nx_move_refuse(why, len, "a cross-shipment goes to another territory");
    return 0;
}

/* Storm, occupancy and the Bene Gesserit stance rule at the destination. */
static int check_landing(const nx_state *s, const ship_req *r, ship_plan *plan, char *why, size_t len)
{
    char to[64];
    int t = nx_map_section_territory(r->to), n = r->normal + r->elite;
    if (why) nx_move_section_label(r->to, to, sizeof to);   /* named only in a reason read */
    if (plan->sends && !nx_map_in_fremen_range(t))
        return nx_move_refuse(why, len, "the Fremen send forces only to the Great Flat or a territory within two of it, not %s", to);
    if (nx_board_section_in_storm(s, r->to)) {
        /* Storm Migration (Advanced Fremen): into the storm at half loss. */
        if (!(plan->sends && advanced(s))) return nx_move_refuse(why, len, "%s is in the storm: no force may ship into it", to);
        if (!nx_board_protected(s, t)) {
            int half = (n + 1) / 2;
            plan->lost[NX_FORCE_NORMAL] = half < r->normal ? half : r->normal;
            plan->lost[NX_FORCE_ELITE] = half - plan->lost[NX_FORCE_NORMAL];
        }
    }
    if (nx_move_stronghold_full(s, r->seat, t))
        return nx_move_refuse(why, len, "%s is already held by two other factions", to);
    if (advanced(s) && s->seats[r->seat].faction == NX_BENE_GESSERIT && nx_move_territory_advisors(s, t))
        return nx_move_refuse(why, len, "Bene Gesserit ship as fighters, and fighters may not ship into %s where your advisors are", to);
    return 0;
}

static int check_cost(const nx_state *s, const ship_req *r, ship_plan *plan, char *why, size_t len)
{
    int n = r->normal + r->elite;
    uint8_t g = guild_seat(s);
    if (plan->sends) return 0;
    unsigned allowed = nx_effect_allowed(s, r->seat);
    if (r->to == RESERVES) {
        plan->cost = (n + 1) / 2;       /* 1 spice per 2 forces (Retreat Calculations) */
    } else {
        /* Richese Secret Ally: the forces are priced as one. */
        int priced = (allowed & NX_ALLOW_FIVE_AS_ONE) ? 1 : n;
        plan->cost = priced * (nx_map_is_stronghold(nx_map_section_territory(r->to)) ? 1 : 2);
        /* Half price stopped by a Karama: the normal rates this turn. */
        int guild_half = guild_rates(s, r->seat) && !nx_adv_stopped(s, NX_ADVO_GUILD_HALF_PRICE);
        if (r->karama || guild_half || (allowed & NX_ALLOW_GUILD_RATES)) plan->cost = (plan->cost + 1) / 2;
        if (!r->karama && g != NX_NO_SEAT && g != r->seat) plan->payee = g;
    }
    if (r->karama && (plan->karama_card = nx_move_card_in_hand(s, r->seat, NX_TR_KARAMA)) == NX_COMP_NONE)
        return nx_move_refuse(why, len, "you hold no Karama card");
    if (purse(s, r->seat) < plan->cost)
        return nx_move_refuse(why, len, "the shipment costs %d spice and you have %d%s", plan->cost, purse(s, r->seat),
                              s->seats[r->seat].ally != NX_NO_SEAT ? " with your ally's aid" : "");
    /* The shipper pays what it can, its ally the rest (as in Bidding). */
    if (plan->cost > spice_of(s, r->seat)) plan->from_ally = plan->cost - spice_of(s, r->seat);
    return 0;
}

static int check_ship(const nx_state *s, const ship_req *r, ship_plan *plan, char *why, size_t len)
{
    memset(plan, 0, sizeof *plan);
    plan->payee = NX_NO_SEAT;
    plan->karama_card = NX_COMP_NONE;
    if (r->normal < 0 || r->elite < 0 || r->normal + r->elite < 1) return nx_move_refuse(why, len, "ship at least one force");
    if (r->from == RESERVES && r->to == RESERVES) return nx_move_refuse(why, len, "a shipment goes onto the board");
    /* A Fremen holder of Richese Secret Ally ships normally under it
     * (richese.secret_ally.fremen_holder: normal_shipment). */
    plan->sends = s->seats[r->seat].faction == NX_FREMEN && r->from == RESERVES &&
                  !(nx_effect_allowed(s, r->seat) & NX_ALLOW_FIVE_AS_ONE);
    if (nx_ship_terms_refusal(s, r->seat, r->from == RESERVES, r->to == RESERVES, r->normal + r->elite, r->karama, why, len))
        return -1;
    if (plan->sends && r->karama) return nx_move_refuse(why, len, "the Fremen send their reserves free; there is nothing to buy with Karama");
    if (check_origin(s, r, why, len)) return -1;
    if (r->to != RESERVES && check_landing(s, r, plan, why, len)) return -1;
    return check_cost(s, r, plan, why, len);
}

/* The Guild's ability (its ally's too) a checked shipment uses, which a
 * Karama may cancel when it is attempted (LV 2.06, a star after each), or
 * 0.  None when a Nexus card grants the same terms: it is then the card's,
 * not the Guild's.  A cross-shipment is one use, its half price with it. */
static int guild_use(const nx_state *s, const ship_req *r, const ship_plan *plan)
{
    unsigned allowed = nx_effect_allowed(s, r->seat);
    if (plan->sends || r->karama) return 0;
    if (r->to == RESERVES) return (allowed & NX_ALLOW_SHIP_BACK) ? 0 : NX_ADVO_GUILD_SHIP_BACK;
    if (!guild_rates(s, r->seat)) return 0;
    if (r->from != RESERVES && !(allowed & NX_ALLOW_CROSS_SHIP)) return NX_ADVO_GUILD_CROSS_SHIP;
    if ((allowed & NX_ALLOW_GUILD_RATES) || nx_adv_stopped(s, NX_ADVO_GUILD_HALF_PRICE)) return 0;
    return NX_ADVO_GUILD_HALF_PRICE;
}

/* Spacing Guild Cunning's second shipment uses the Guild's native rates and
 * routes.  Under spacing_guild.cunning.karama_split one_target the shipment
 * and those uses are one use, answered in the Cunning's own window
 * (nx_use_window.c) before the shipment is made: they get no window of
 * their own.  Under separate_targets each native use keeps its own. */
static int in_cunning_use(nx_act *a, uint8_t seat)
{
    return nx_ship_second_under_way(a->s, seat) && NX_SETTING_IS(a, SPACING_GUILD_CUNNING_KARAMA_SPLIT, ONE_TARGET);
}

/* Abilities whose cancellation binds the rest of the seat's turn: it
 * retakes the act without them (end_turn forgets them). */
static const int turn_bound[] = { NX_ADVO_FREMEN_MOVE, NX_ADVO_GUILD_HALF_PRICE, NX_ADVO_GUILD_CROSS_SHIP,
                                  NX_ADVO_GUILD_SHIP_BACK, NX_ADVO_TAKE_UP_ARMS };

static int binds_turn(int adv)
{
    for (size_t i = 0; i < sizeof turn_bound / sizeof turn_bound[0]; i++)
        if (turn_bound[i] == adv) return 1;
    return 0;
}

static int turn_has_stop(const nx_state *s)
{
    for (size_t i = 0; i < sizeof turn_bound / sizeof turn_bound[0]; i++)
        if (nx_adv_stopped(s, turn_bound[i])) return 1;
    return 0;
}

static void forget_turn_stops(nx_state *s)
{
    for (size_t i = 0; i < sizeof turn_bound / sizeof turn_bound[0]; i++) nx_adv_forget(s, turn_bound[i]);
}

/* May the Bene Gesserit send a spiritual advisor after this shipment? */
static int advisor_may_follow(const nx_state *s, const ship_req *r, const ship_plan *plan)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    if (bg == NX_NO_SEAT || bg == r->seat || r->to == RESERVES || !has_reserves(s, bg)) return 0;
    /* Only a shipment from off-planet (LV 2.02.05): Fremen sending and the
     * Guild's cross-ship start on Dune. */
    return r->from == RESERVES && !plan->sends;
}

static void log_shipment(nx_act *a, const ship_req *r, const ship_plan *plan)
{
    const nx_state *s = a->s;
    char who[64], forces[48], from[64], to[64], paid[96] = "";
    nx_act_who(s, r->seat, who, sizeof who);
    nx_move_forces_label(r->normal, r->elite, forces, sizeof forces);
    if (r->to != RESERVES) nx_move_section_label(r->to, to, sizeof to);
    if (r->from != RESERVES) nx_move_section_label(r->from, from, sizeof from);
    if (plan->payee != NX_NO_SEAT) {
        char g[64];
        nx_fmt(paid, sizeof paid, " for %d spice, paid to %s", plan->cost, nx_act_who(s, plan->payee, g, sizeof g));
    } else if (!plan->sends) {
        nx_fmt(paid, sizeof paid, " for %d spice, paid to the bank%s", plan->cost, r->karama ? " with a Karama card" : "");
    }
    if (plan->sends) nx_act_log(a, "%s sends %s to %s", who, forces, to);
    else if (r->from == RESERVES) nx_act_log(a, "%s ships %s to %s%s", who, forces, to, paid);
    else if (r->to == RESERVES) nx_act_log(a, "%s ships %s from %s back to its reserves%s", who, forces, from, paid);
    else nx_act_log(a, "%s cross-ships %s from %s to %s%s", who, forces, from, to, paid);
    if (plan->from_ally) {
        char ally[64];
        /* No amount: it would tell the table the shipper is left with none
         * (the shipper pays first; phase-shipment-movement.md). */
        nx_act_log(a, "%s's ally %s helps to pay", who, nx_act_who(s, s->seats[r->seat].ally, ally, sizeof ally));
    }
    if (plan->lost[NX_FORCE_NORMAL] + plan->lost[NX_FORCE_ELITE])
        nx_act_log(a, "the storm destroys %s of them", nx_move_forces_label(plan->lost[NX_FORCE_NORMAL], plan->lost[NX_FORCE_ELITE], forces, sizeof forces));
}

/* Forces of `seat` entered territory t: the Bene Gesserit may answer with
 * Intrusion before anything else happens (the procedure asks). */
static void note_entry(nx_state *s, uint8_t seat, int t)
{
    if (nx_move_intrusion_due(s, seat, t)) s->play.intrusion_at = (uint8_t)t;
}

static void apply_ship(nx_act *a, const ship_req *r, const ship_plan *plan)
{
    nx_state *s = a->s;
    int from = r->from == RESERVES ? NX_PLACE_RESERVES : NX_PLACE_BOARD(r->from);
    int to = r->to == RESERVES ? NX_PLACE_RESERVES : NX_PLACE_BOARD(r->to);
    nx_state_move_forces(s, r->seat, NX_FORCE_NORMAL, from, to, r->normal);
    nx_state_move_forces(s, r->seat, NX_FORCE_ELITE, from, to, r->elite);
    /* check_cost kept the cost within both purses.  The payment is quoted
     * into an invoice (nx_ship_invoice.h); an ally that is the payee pays
     * itself its share. */
    unsigned terms = (plan->karama_card != NX_COMP_NONE ? NX_INV_TERM_KARAMA : 0) |
                     ((nx_effect_allowed(s, r->seat) & NX_ALLOW_SHIPPING) ? NX_INV_TERM_NEXUS : 0);
    if (plan->cost > 0 && nx_ship_quote(a, r->seat, r->normal + r->elite, plan->cost,
                                        plan->payee != NX_NO_SEAT ? plan->payee : NX_INV_BANK, plan->from_ally, terms))
        return;
    if (plan->karama_card != NX_COMP_NONE) nx_custody_move(&s->custody, plan->karama_card, NX_Z_TREACHERY_DISCARD);
    s->play.shipped |= BIT(r->seat);
    if (nx_ship_second_under_way(s, r->seat)) s->play.second_shipped = 1;
    log_shipment(a, r, plan);
    nx_ship_terms_used(a, r->seat);
    if (r->to != RESERVES) nx_board_kill(s, r->seat, r->to, plan->lost[NX_FORCE_NORMAL], plan->lost[NX_FORCE_ELITE]);
    if (s->seats[r->seat].faction == NX_BENE_GESSERIT) {
        nx_move_tidy_advisors(s);
        /* Bene Gesserit ship as fighters (check_landing kept advisors out). */
        if (r->to != RESERVES) nx_move_set_stance(s, nx_map_section_territory(r->to), 0);
    }
    if (r->to != RESERVES) note_entry(s, r->seat, nx_map_section_territory(r->to));
    if (advisor_may_follow(s, r, plan)) s->play.advise_section = (uint8_t)r->to;
}

/* May the Guild's Advanced Karama power cancel this shipment (LV 1.14:
 * "cancel one off-planet shipment of any one player")?  A shipment from
 * the reserves onto Dune, Fremen sending too, of a seat not the Guild,
 * while the power is unspent and the Guild may hold a Karama by what the
 * table sees: the shipment is held before it lands, nothing is paid yet. */
static int guild_power_due(const nx_state *s, const ship_req *r)
{
    uint8_t guild = guild_seat(s);
    return advanced(s) && guild != NX_NO_SEAT && r->seat != guild && r->from == RESERVES && r->to != RESERVES &&
           !(s->play.karama_power_used & BIT(guild)) && nx_karama_may_hold(s, guild);
}

/* Acts held for a Karama window (the end of this file). */
static int hold_send(nx_act *a, const ship_req *r);
static int hold_guild(nx_act *a, const ship_req *r, int adv);
static int hold_move(nx_act *a, const nx_move_req *r, int adv);
static int hold_advisor(nx_act *a, int to);
static int hold_wartime(nx_act *a, const int *ts, int n);
static int hold_intrusion(nx_act *a, int t);
static int hold_timing(nx_act *a, int holding);
static int settle_held(nx_act *a);
static void apply_move(nx_act *a, const nx_move_req *r, const nx_move_plan *plan);
static void apply_advise(nx_act *a, int to);
static void apply_wartime(nx_act *a, const uint8_t *set);
static void apply_intrusion(nx_act *a, int t);

/* ---- the turn --------------------------------------------------------------------- */

/* Allies may not share a territory (except the Polar Sink): at the end
 * of a seat's turn its fighters beside its ally's go to the Tanks.
 * Advisors coexist with everyone, allies included. */
static void ally_rule(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    uint8_t ally = s->seats[seat].ally;
    if (ally == NX_NO_SEAT) return;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (nx_map_is_polar_sink(t) || !nx_move_fighters_in(s, seat, t) || !nx_move_fighters_in(s, ally, t)) continue;
        int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], killed = 0;
        int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
        for (int i = 0; i < n; i++)
            if (nx_move_fighters_at(s, seat, secs[i])) killed += nx_board_kill_section(s, seat, secs[i]);
        char who[64];
        nx_act_log(a, "%s shares %s with its ally: its %d force%s there go%s to the Tanks",
                   nx_act_who(s, seat, who, sizeof who), nx_map_territory_name(t), killed, nx_plural(killed, "", "s"),
                   nx_plural(killed, "es", ""));
    }
}

static void end_turn(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    /* Guild Cunning: right after its own turn, a second shipment. */
    if (nx_ship_second_begins(a, seat)) return;
    ally_rule(a, seat);
    nx_move_stewards(a);
    forget_turn_stops(s);     /* a stopped two-territory move or Guild shipment binds the turn only */
    s->play.acted |= BIT(seat);
    if (s->play.mover == seat) s->play.mover = NX_NO_SEAT;
    char who[64];
    /* A turn with neither a shipment nor a move says what was declined. */
    if (!((s->play.shipped | s->play.moved | s->play.move_begun) & BIT(seat)))
        nx_act_log(a, "%s passes in Shipment and Movement: no shipment, no move", nx_act_who(s, seat, who, sizeof who));
    else
        nx_act_log(a, "%s's shipment and movement is over", nx_act_who(s, seat, who, sizeof who));
}

/* A ship or move starts the seat's turn if it was not under way (the
 * Guild acting ahead of schedule). */
static void begin_turn(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    if (s->play.mover == seat) return;
    s->play.mover = seat;
    char who[64];
    nx_act_log(a, "%s takes its turn now, out of storm order", nx_act_who(s, seat, who, sizeof who));
}

static int others_waiting(const nx_state *s, uint8_t seat)
{
    for (int i = 0; i < s->nseats; i++)
        if (i != seat && !(s->play.acted & BIT(i))) return 1;
    return 0;
}

static int delay_refusal(const nx_state *s, uint8_t seat, char *why, size_t len)
{
    if (s->seats[seat].faction != NX_SPACING_GUILD) return nx_move_refuse(why, len, "only the Spacing Guild may delay");
    if (!guild_free_timing(s))
        return nx_move_refuse(why, len, "the Guild chooses its moment only in the Advanced game (LV 2.06.12)");
    if (s->play.guild_timing == NX_GUILD_TIMING_STORM_ORDER)
        return nx_move_refuse(why, len, "a Karama cancelled the Guild's choice of moment: this turn it takes its turn in storm order");
    if (((s->play.shipped | s->play.move_begun) & BIT(seat)) || nx_ship_second_under_way(s, seat) || turn_has_stop(s))
        return nx_move_refuse(why, len, "the Guild has begun its turn and must finish it");
    if (!others_waiting(s, seat)) return nx_move_refuse(why, len, "everyone else has finished: the Guild must act now");
    /* After "now" the turn under way is the one taken out of order. */
    if (!at_guild_place(s)) return nx_move_refuse(why, len, "the Guild has begun its turn out of storm order and must finish it");
    return 0;
}

/* "own_turn": only before the Guild's place (after a delay its place is past). */
static int own_turn_refusal(const nx_state *s, char *why, size_t len)
{
    if (!before_guild_place(s)) return nx_move_refuse(why, len, "the Guild's place in storm order is past: take your turn now, or delay");
    return 0;
}

static int open_decision(nx_act *a, nx_pending_kind kind, uint8_t seat, const char *prompt)
{
    nx_pending *p = nx_state_add_pending(a->s, kind, seat);
    p->event = nx_state_new_event(a->s);
    nx_fmt(p->prompt, sizeof p->prompt, "%s", prompt);
    return 1;
}

static int open_advisor(nx_act *a)
{
    nx_state *s = a->s;
    char prompt[sizeof ((nx_pending *)0)->prompt], where[64];
    nx_move_section_label(s->play.advise_section, where, sizeof where);
    if (advanced(s)) nx_fmt(prompt, sizeof prompt, "Send a spiritual advisor to the Polar Sink or to %s, or pass", where);
    else nx_fmt(prompt, sizeof prompt, "Send a spiritual advisor to the Polar Sink, or pass");
    return open_decision(a, NX_PEND_ADVISOR, nx_state_seat_of(s, NX_BENE_GESSERIT), prompt);
}

/* Territories where Wartime may turn the advisors into fighters now. */
static int wartime_choices(const nx_state *s, int out[NX_MAP_TERRITORIES])
{
    int n = 0;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (!nx_move_flip_refusal(s, t, NULL, 0)) out[n++] = t;
    return n;
}

/* Wartime: before Shipment and Movement, the Advanced Bene Gesserit may
 * flip advisors to fighters (LV 2.02 Wartime).  Asked only when some
 * flip is possible: the board is public, so asking reveals nothing. */
static int open_wartime(nx_act *a)
{
    int choices[NX_MAP_TERRITORIES], n = wartime_choices(a->s, choices);
    if (!n) return 0;
    char prompt[sizeof ((nx_pending *)0)->prompt];
    nx_fmt(prompt, sizeof prompt, "Wartime: advisors in %d territories may become fighters; name them, or pass", n);
    return open_decision(a, NX_PEND_WARTIME, nx_state_seat_of(a->s, NX_BENE_GESSERIT), prompt);
}

int nx_move_open_intrusion(nx_act *a)
{
    char prompt[sizeof ((nx_pending *)0)->prompt];
    nx_fmt(prompt, sizeof prompt, "Intrusion: make your fighters in %s advisors, or pass",
             nx_map_territory_name(a->s->play.intrusion_at));
    return open_decision(a, NX_PEND_INTRUSION, nx_state_seat_of(a->s, NX_BENE_GESSERIT), prompt);
}

static int open_guild_offer(nx_act *a, uint8_t guild, uint8_t next)
{
    char prompt[sizeof ((nx_pending *)0)->prompt], who[64];
    nx_act_who(a->s, next, who, sizeof who);
    if (before_guild_place(a->s)) nx_fmt(prompt, sizeof prompt, "Take your turn now, before %s, delay, or wait for your own turn", who);
    else nx_fmt(prompt, sizeof prompt, "Take your turn now, before %s, or delay", who);
    return open_decision(a, NX_PEND_GUILD_TIMING, guild, prompt);
}

/* Before anyone ships, the Atreides look at the top card of the Spice Deck
 * (LV 2.01; UBG factions: "at the start of the Movement Phase, before
 * anyone moves"): a private receipt; the look itself is public.  An empty
 * deck shows nothing (it is rebuilt only when a card is drawn). */
static void atreides_look(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t atreides = nx_state_seat_of(s, NX_ATREIDES);
    if (atreides == NX_NO_SEAT || !nx_custody_count(&s->custody, NX_Z_SPICE_DECK) || nx_adv_stopped(s, NX_ADVO_WORMSIGN)) return;
    nx_comp top = nx_custody_top(&s->custody, NX_Z_SPICE_DECK);
    nx_state_add_receipt(s, atreides, NX_RCPT_SAW, nx_state_new_event(s), &top, 1);
    char who[64];
    nx_act_log(a, "%s looks at the top card of the Spice Deck", nx_act_who(s, atreides, who, sizeof who));
}

static int shipment_procedure(nx_act *a)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    if (p->step == STEP_START) {
        /* Karama may prevent the look (LV 2.01.07 ✷ before and after). */
        uint8_t atreides = nx_state_seat_of(s, NX_ATREIDES);
        if (nx_custody_count(&s->custody, NX_Z_SPICE_DECK) && nx_adv_window(a, NX_ADVO_WORMSIGN, atreides)) return 1;
        p->shipped = p->moved = p->acted = p->move_begun = p->ornithopters = 0;
        p->guild_delayed = 0;
        p->guild_timing = NX_GUILD_TIMING_FREE;
        p->ship_window = 0;
        p->cursor = 0;
        p->mover = NX_NO_SEAT;
        p->advise_section = NO_ADVISOR;
        p->intrusion_at = NO_INTRUSION;
        nx_ship_nexus_reset(s);
        p->step = STEP_TURNS;
        atreides_look(a);
        nx_adv_use_done(s);
        int asked = nx_ally_aid_open(a, "shipments");   /* beside Wartime: neither depends on the other */
        if (open_wartime(a) || asked) return 1;
    }
    while (p->step == STEP_TURNS) {
        /* An act held for its Karama window (nx_adv.h) settles first. */
        if (p->advh) {
            if (settle_held(a)) return 1;
            continue;
        }
        if (p->mover != NX_NO_SEAT) {
            /* A shipment's payment is settled before anything else of the
             * turn, after its windows (nx_ship_invoice.h). */
            if (nx_ship_invoice_steps(a)) return 1;
            /* A Karama window against a Nexus use settles first; a stopped
             * second shipment ends the Guild's turn. */
            if (p->use_window) {
                int settled = nx_ship_use_settle(a);
                if (settled == NX_USE_WAITING) return 1;
                if (settled == NX_USE_TURN_ENDS) end_turn(a, p->mover);
                continue;
            }
            /* Intrusion first: advisors may then accompany the shipment. */
            if (p->intrusion_at != NO_INTRUSION) return nx_move_open_intrusion(a);
            if (p->advise_section != NO_ADVISOR) return open_advisor(a);
            if (p->second_stage) {
                if (!nx_ship_second_over(s)) return open_decision(a, NX_PEND_SHIP_MOVE, p->mover, nx_ship_second_prompt(s));
                p->second_stage = 0;
                end_turn(a, p->mover);
                continue;
            }
            if (p->moved & BIT(p->mover)) {
                end_turn(a, p->mover);
                continue;
            }
            return open_decision(a, NX_PEND_SHIP_MOVE, p->mover, "Ship, then move; pass ends your turn");
        }
        uint8_t order[NX_MAX_SEATS];
        nx_state_storm_order(s, order);
        uint8_t guild = guild_free_timing(s) ? guild_seat(s) : NX_NO_SEAT;
        if (guild != NX_NO_SEAT && (p->acted & BIT(guild))) guild = NX_NO_SEAT;
        if (p->cursor >= s->nseats) {
            if (guild != NX_NO_SEAT) p->mover = guild;     /* the Guild held back to the end */
            else p->step = STEP_DONE;
            continue;
        }
        uint8_t next = order[p->cursor];
        if (p->acted & BIT(next)) {
            p->cursor++;
            p->guild_delayed = 0;      /* a new moment for the Guild to choose */
            continue;
        }
        /* Asked before each other seat's turn while its moment is free. */
        if (guild != NX_NO_SEAT && guild != next && !p->guild_delayed && p->guild_timing == NX_GUILD_TIMING_FREE)
            return open_guild_offer(a, guild, next);
        p->mover = next;
    }
    return 0;
}

/* ---- reading the actions ------------------------------------------------------------ */

static int bool_arg(nx_act *a, const char *key, int *out)
{
    json_t *j = json_object_get(a->action, key);
    if (j && !json_is_boolean(j)) return nx_act_fail(a, "malformed", "\"%s\" must be true or false", key);
    *out = json_is_true(j);
    return 0;
}

static int counts_arg(nx_act *a, int *normal, int *elite)
{
    return nx_arg_int_opt(a, "count", 0, 20, 0, normal) || nx_arg_int_opt(a, "elite", 0, 20, 0, elite);
}

/* "reserves" (the Guild shipping back) or a board section. */
static int ship_end_arg(nx_act *a, const char *key, int *out)
{
    const char *v = json_string_value(json_object_get(a->action, key));
    if (v && !strcmp(v, "reserves")) {
        *out = RESERVES;
        return 0;
    }
    return nx_arg_section(a, key, out);
}

/* "from" of a move: a territory (any of its sections that can make the
 * move) or one section of a territory that spans several. */
static int move_from_arg(nx_act *a, int *territory, int *section)
{
    const char *v = json_string_value(json_object_get(a->action, "from"));
    int t = v ? nx_map_territory_parse(v) : -1, sec = v ? nx_map_section_parse(v) : -1;
    if (t < 0 && sec < 0)
        return nx_act_fail(a, "malformed", "\"from\" must name a territory (\"arrakeen\") or a section (\"false_wall_east.far_north\")");
    *territory = t >= 0 ? t : nx_map_section_territory(sec);
    *section = t >= 0 ? -1 : sec;
    return 0;
}

static const nx_pending *turn_decision(nx_act *a) { return nx_act_need(a, NX_PEND_SHIP_MOVE); }

/* The turn's order, shared by the actions and the legal-move space (nx_legal.h). */
const char *nx_ship_order_refusal(const nx_state *s, uint8_t seat)
{
    int second = nx_ship_second_under_way(s, seat);
    if (second && s->play.second_shipped) return "you have already made the second shipment";
    if (!second && (s->play.shipped & BIT(seat))) return "you have already shipped this turn";
    if (!second && (s->play.move_begun & BIT(seat))) return "you have begun moving: the shipment comes first";
    return NULL;
}

const char *nx_move_order_refusal(const nx_state *s, uint8_t seat, int hajr)
{
    if (!hajr && nx_ship_second_under_way(s, seat))
        return "after Spacing Guild Cunning's second shipment only a Hajr card's extra move remains";
    if (!hajr && (s->play.moved & BIT(seat))) return "you have already moved this turn";
    return NULL;
}

int nx_ship_delay_refusal(const nx_state *s, uint8_t seat, char *why, size_t len) { return delay_refusal(s, seat, why, len); }

int nx_ship_check(const nx_state *s, uint8_t seat, int from, int to, int normal, int elite, int karama, int *cost,
                  char *why, size_t len)
{
    ship_req r = { .seat = seat, .from = from, .to = to, .normal = normal, .elite = elite, .karama = karama };
    ship_plan plan;
    if (check_ship(s, &r, &plan, why, len)) return -1;
    if (cost) *cost = plan.cost;
    return 0;
}

static int act_ship(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("from", "to", "count", "elite", "karama", "nexus"))) return -1;
    const nx_pending *p = turn_decision(a);
    if (!p) return -1;
    ship_req r = { .seat = p->seat, .from = RESERVES };
    int nexus = 0;
    if (json_object_get(a->action, "from") && nx_arg_section(a, "from", &r.from)) return -1;
    if (ship_end_arg(a, "to", &r.to) || counts_arg(a, &r.normal, &r.elite) || bool_arg(a, "karama", &r.karama) ||
        bool_arg(a, "nexus", &nexus))
        return -1;
    nx_state *s = a->s;
    const char *order = nx_ship_order_refusal(s, r.seat);
    if (order) return nx_act_fail(a, "illegal", "%s", order);
    /* A shipment backed by the held Nexus card: the card is played first,
     * in this same action, so a refused shipment keeps the card. */
    if (nexus && nx_ship_play_terms(a)) return -1;
    p = turn_decision(a);
    if (!p) return -1;
    ship_plan plan;
    char why[256];
    if (check_ship(s, &r, &plan, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_state_remove_pending(s, p);
    begin_turn(a, r.seat);
    if (plan.sends) return hold_send(a, &r);
    int adv = in_cunning_use(a, r.seat) ? 0 : guild_use(s, &r, &plan);
    if (adv) return hold_guild(a, &r, adv);
    if (guild_power_due(s, &r)) return hold_guild(a, &r, NX_ADVO_GUILD_POWER);
    apply_ship(a, &r, &plan);
    return 0;
}

static void apply_move(nx_act *a, const nx_move_req *r, const nx_move_plan *plan)
{
    nx_move_apply(a, r, plan);
    int to_t = nx_map_section_territory(r->to);
    if (to_t != r->from_t) note_entry(a->s, r->seat, to_t);
}

static int act_move(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("from", "to", "count", "elite", "hajr", "fight"))) return -1;
    const nx_pending *p = turn_decision(a);
    if (!p) return -1;
    nx_move_req r = { .seat = p->seat };
    if (move_from_arg(a, &r.from_t, &r.from_sec) || nx_arg_section(a, "to", &r.to) ||
        counts_arg(a, &r.normal, &r.elite) || bool_arg(a, "hajr", &r.hajr) || bool_arg(a, "fight", &r.fight))
        return -1;
    nx_state *s = a->s;
    const char *order = nx_move_order_refusal(s, r.seat, r.hajr);
    if (order) return nx_act_fail(a, "illegal", "%s", order);
    nx_move_plan plan;
    char why[256];
    if (nx_move_check(s, &r, &plan, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_state_remove_pending(s, p);
    begin_turn(a, r.seat);
    if (nx_move_uses_double(s, &r)) return hold_move(a, &r, NX_ADVO_FREMEN_MOVE);
    if (r.fight) return hold_move(a, &r, NX_ADVO_TAKE_UP_ARMS);    /* checked: the advisors take up arms */
    apply_move(a, &r, &plan);
    return 0;
}

/* The Guild lets the seat whose turn comes go first: not a use of its
 * timing (it waits), so nothing is held. */
static int offer_delay(nx_act *a, const nx_pending *p)
{
    nx_state *s = a->s;
    char who[64];
    nx_act_who(s, p->seat, who, sizeof who);
    nx_state_remove_pending(s, p);
    s->play.guild_delayed = 1;
    nx_act_log(a, "%s delays", who);
    return 0;
}

/* "delay": at an offer, the next seat goes first; at the Guild's own
 * place (its turn's decision), Holding Pattern, held for its window. */
static int act_delay(nx_act *a)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    nx_state *s = a->s;
    const nx_pending *offer = a->seat >= 0 ? nx_pending_find(s, (uint8_t)a->seat, NX_PEND_GUILD_TIMING) : NULL;
    if (offer) return offer_delay(a, offer);
    const nx_pending *p = turn_decision(a);
    if (!p) return -1;
    char why[160];
    if (delay_refusal(s, p->seat, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_state_remove_pending(s, p);
    return hold_timing(a, 1);
}

/* "now": the Guild takes its turn before the seat whose turn comes.
 * Ahead of its place it is the timing ability, held for its window;
 * past its place (after a Holding Pattern) the use is already made. */
static int act_now(nx_act *a)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_GUILD_TIMING);
    if (!p) return -1;
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    nx_state_remove_pending(s, p);
    if (before_guild_place(s)) return hold_timing(a, 0);
    begin_turn(a, seat);
    return 0;
}

/* "own_turn": no more offers before the Guild's place (where it may
 * still delay); its timing is not used. */
static int act_own_turn(nx_act *a)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_GUILD_TIMING);
    if (!p) return -1;
    nx_state *s = a->s;
    char why[160], who[64];
    if (own_turn_refusal(s, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_act_who(s, p->seat, who, sizeof who);
    nx_state_remove_pending(s, p);
    s->play.guild_timing = NX_GUILD_TIMING_OWN_TURN;
    nx_act_log(a, "%s waits for its place in storm order", who);
    return 0;
}

int nx_ship_own_turn_refusal(const nx_state *s, char *why, size_t len) { return own_turn_refusal(s, why, len); }

static int pass_ship_move(nx_act *a, const nx_pending *p)
{
    uint8_t seat = p->seat;
    nx_state_remove_pending(a->s, p);
    end_turn(a, seat);
    return 0;
}

/* ---- the spiritual advisor ------------------------------------------------------------- */

static int check_advise(const nx_state *s, int to, char *why, size_t len)
{
    int landed = s->play.advise_section;
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    char where[64];
    if (!has_reserves(s, bg)) return nx_move_refuse(why, len, "you have no forces in reserve to send");
    if (to == polar_sink_section()) return 0;
    nx_move_section_label(landed, where, sizeof where);
    if (!advanced(s)) return nx_move_refuse(why, len, "in the Basic game the spiritual advisor goes to the Polar Sink");
    if (to != landed) return nx_move_refuse(why, len, "the advisor goes to the Polar Sink or to %s, where the shipment landed", where);
    if (nx_board_section_in_storm(s, to)) return nx_move_refuse(why, len, "%s is in the storm", where);
    if (nx_move_fighters_in(s, bg, nx_map_section_territory(to)))
        return nx_move_refuse(why, len, "your fighters are already in %s: an advisor may not join them", where);
    return 0;
}

static int act_advise(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("to"))) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_ADVISOR);
    if (!p) return -1;
    nx_state *s = a->s;
    int to = polar_sink_section();
    if (json_object_get(a->action, "to") && nx_arg_section(a, "to", &to)) return -1;
    char why[160];
    if (check_advise(s, to, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_state_remove_pending(s, p);
    return hold_advisor(a, to);
}

static void apply_advise(nx_act *a, int to)
{
    nx_state *s = a->s;
    char where[64];
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    int t = nx_map_section_territory(to);
    /* An advisor with the shipment; a fighter to the Polar Sink, unless
     * Bene Gesserit there are advisors already (one stance a territory). */
    int advisors = to != polar_sink_section() || nx_move_territory_advisors(s, t);
    int kind = nx_board_reserves(s, bg, NX_FORCE_NORMAL) ? NX_FORCE_NORMAL : NX_FORCE_ELITE;
    nx_state_move_forces(s, bg, kind, NX_PLACE_RESERVES, NX_PLACE_BOARD(to), 1);
    nx_move_set_stance(s, t, advisors && advanced(s));
    /* Bene Gesserit Cunning tells these apart (bene_gesserit.cunning.accompanied_advisors). */
    if (advisors && advanced(s)) nx_play_set_bit(s->play.accompanied, t, 1);
    s->play.advise_section = NO_ADVISOR;
    nx_move_section_label(to, where, sizeof where);
    nx_act_log(a, "the Bene Gesserit send a free %s to %s%s (Spiritual Advisors)", advisors && advanced(s) ? "advisor" : "force",
               to == polar_sink_section() ? "the " : "", where);
}

static int pass_advisor(nx_act *a, const nx_pending *p)
{
    a->s->play.advise_section = NO_ADVISOR;
    nx_state_remove_pending(a->s, p);
    nx_act_log(a, "the Bene Gesserit send no advisor");
    return 0;
}

/* ---- Advanced Bene Gesserit flips -------------------------------------------------------- */

/* "territories": distinct territory ids, at least one. */
static int act_wartime(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("territories"))) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_WARTIME);
    int ts[NX_MAP_TERRITORIES], n;
    if (!p || nx_arg_territories(a, ts, &n)) return -1;
    nx_state *s = a->s;
    char why[160];
    for (int i = 0; i < n; i++)
        if (nx_move_flip_refusal(s, ts[i], why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_state_remove_pending(s, p);
    return hold_wartime(a, ts, n);
}

static void apply_wartime(nx_act *a, const uint8_t *set)
{
    /* Publicly announced (LV 2.02 Wartime). */
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_play_bit(set, t)) continue;
        nx_move_set_stance(a->s, t, 0);
        nx_act_log(a, "Wartime: the Bene Gesserit advisors in %s become fighters", nx_map_territory_name(t));
    }
}

static int pass_wartime(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    nx_act_log(a, "Wartime: the Bene Gesserit keep their advisors");
    return 0;
}

static void apply_intrusion(nx_act *a, int t)
{
    nx_move_set_stance(a->s, t, 1);
    nx_act_log(a, "Intrusion: the Bene Gesserit fighters in %s become advisors", nx_map_territory_name(t));
}

static int act_intrusion(nx_act *a)
{
    if (nx_arg_keys(a, NX_NO_KEYS)) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_INTRUSION);
    if (!p) return -1;
    nx_state *s = a->s;
    int t = s->play.intrusion_at;
    s->play.intrusion_at = NO_INTRUSION;
    nx_state_remove_pending(s, p);
    /* Outside Shipment and Movement (a worm ride's arrival) the flip is
     * made at once: no procedure there settles a held act yet. */
    if (s->phase == NX_P_SHIPMENT_MOVEMENT) return hold_intrusion(a, t);
    apply_intrusion(a, t);
    return 0;
}

static int pass_intrusion(nx_act *a, const nx_pending *p)
{
    nx_state *s = a->s;
    nx_act_log(a, "the Bene Gesserit fighters in %s stay fighters", nx_map_territory_name(s->play.intrusion_at));
    s->play.intrusion_at = NO_INTRUSION;
    nx_state_remove_pending(s, p);
    return 0;
}

/* ---- bots ------------------------------------------------------------------------------- */

#define MAX_CANDIDATES 200

/* Where a bot looks: the strongholds and the sections with spice. */
static int targets(const nx_state *s, int out[NX_MAP_SECTIONS])
{
    int n = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (s->play.spice[sec] || nx_map_is_stronghold(nx_map_section_territory(sec))) out[n++] = sec;
    return n;
}

static json_t *counted(const char *type, int normal, int elite)
{
    return json_pack("{s:s, s:i, s:i}", "type", type, "count", normal, "elite", elite);
}

/* A candidate's check, whose reason nobody reads: none is formatted
 * (formatting every refused candidate's reason was 3% of a bot game).
 * Debug builds confirm the verdict with the reason written. */
static int ship_refused(const nx_state *s, const ship_req *r, ship_plan *plan)
{
    int refused = check_ship(s, r, plan, NULL, 0);
#ifndef NDEBUG
    char why[256];
    ship_plan again;
    assert(check_ship(s, r, &again, why, sizeof why) == refused && !memcmp(&again, plan, sizeof again));
#endif
    return refused;
}

static int move_refused(const nx_state *s, const nx_move_req *r, nx_move_plan *plan)
{
    int refused = nx_move_check(s, r, plan, NULL, 0);
#ifndef NDEBUG
    char why[256];
    nx_move_plan again;
    assert(nx_move_check(s, r, &again, why, sizeof why) == refused);
#endif
    return refused;
}

/* A shipment is scored by what its forces are worth where they land
 * (nx_bot_eval) less half its price: spice buys cards and battles too,
 * and the ally's spice is the alliance's, a little dearer. */
static int add_ship(const nx_state *s, uint8_t seat, int to, int n, json_t *out)
{
    int reserve_normal = nx_board_reserves(s, seat, NX_FORCE_NORMAL);
    ship_req r = { .seat = seat, .from = RESERVES, .to = to };
    r.normal = n < reserve_normal ? n : reserve_normal;
    r.elite = n - r.normal;
    ship_plan plan;
    if (ship_refused(s, &r, &plan)) return INT32_MIN;
    json_t *act = counted("ship", r.normal, r.elite);
    json_object_set_new(act, "to", json_string(nx_map_section_id(to)));
    int score = nx_eval_arrival(s, seat, to, n, -1) - plan.cost / 2 - plan.from_ally / 2;
    nx_moves_add(out, score, act);
    return score;
}

/* Every target, with the most the seat can afford there, half that, one,
 * and the counts that take an empty stronghold (5) or beat its defender
 * by three; returns the best score listed. */
static int ship_candidates(const nx_state *s, uint8_t seat, json_t *out)
{
    int secs[NX_MAP_SECTIONS], nt = targets(s, secs), best = INT32_MIN;
    int reserves = nx_board_reserves(s, seat, NX_FORCE_NORMAL) + nx_board_reserves(s, seat, NX_FORCE_ELITE);
    for (int i = 0; i < nt && json_array_size(out) < MAX_CANDIDATES; i++) {
        int most = reserves;
        ship_plan plan;
        for (; most > 0; most--) {
            int normal = nx_board_reserves(s, seat, NX_FORCE_NORMAL);
            ship_req r = { .seat = seat, .from = RESERVES, .to = secs[i], .normal = most < normal ? most : normal };
            r.elite = most - r.normal;
            if (!ship_refused(s, &r, &plan)) break;
        }
        if (most <= 0) continue;
        int beat = nx_eval_enemy_fighters(s, seat, nx_map_section_territory(secs[i]), NULL) + 3;
        int counts[5] = { most, most / 2, 1, beat, 5 };
        for (int k = 0; k < 5; k++) {
            int n = counts[k], seen = 0;
            for (int j = 0; j < k; j++) seen |= counts[j] == n;
            if (n < 1 || n > most || seen) continue;
            int sc = add_ship(s, seat, secs[i], n, out);
            if (sc > best) best = sc;
        }
    }
    return best;
}

static void add_move(const nx_state *s, const nx_move_req *r, int score, json_t *out)
{
    nx_move_plan plan;
    if (move_refused(s, r, &plan)) return;
    json_t *act = counted("move", r->normal, r->elite);
    json_object_set_new(act, "from", json_string(nx_map_territory_id(r->from_t)));
    json_object_set_new(act, "to", json_string(nx_map_section_id(r->to)));
    nx_moves_add(out, score, act);
}

/* A group's move: what it gains where it arrives less what it gives up
 * where it was (a stronghold held alone above all). */
static int move_score(const nx_state *s, uint8_t seat, const nx_move_req *r)
{
    int n = r->normal + r->elite;
    return nx_eval_arrival(s, seat, r->to, n, r->from_t) - nx_eval_departure(s, seat, r->from_t, n);
}

static void move_candidates(const nx_state *s, uint8_t seat, json_t *out)
{
    int secs[NX_MAP_SECTIONS], nt = targets(s, secs);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_board_forces_in(s, seat, t)) continue;
        for (int i = 0; i < nt && json_array_size(out) < MAX_CANDIDATES; i++) {
            if (nx_map_section_territory(secs[i]) == t) continue;
            nx_move_req r = { .seat = seat, .from_t = t, .from_sec = -1, .to = secs[i] };
            int avail[NX_FORCE_KINDS];
            nx_move_available(s, &r, avail);
            if (avail[NX_FORCE_NORMAL] + avail[NX_FORCE_ELITE] == 0) continue;
            /* All, half, all but one (a guard stays), and enough to beat
             * the defender by three. */
            int all = avail[NX_FORCE_NORMAL] + avail[NX_FORCE_ELITE];
            int beat = nx_eval_enemy_fighters(s, seat, nx_map_section_territory(secs[i]), NULL) + 3;
            int counts[4] = { all, all / 2, all - 1, beat };
            for (int k = 0; k < 4; k++) {
                int n = counts[k], seen = 0;
                for (int j = 0; j < k; j++) seen |= counts[j] == n;
                if (n < 1 || n > all || seen) continue;
                r.elite = n < avail[NX_FORCE_ELITE] ? n : avail[NX_FORCE_ELITE];
                r.normal = n - r.elite;
                add_move(s, &r, move_score(s, seat, &r), out);
            }
        }
    }
}

static void ship_move_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    uint8_t seat = p->seat;
    char why[160];
    nx_moves_add(out, 1, json_pack("{s:s}", "type", "pass"));
    if (!delay_refusal(s, seat, why, sizeof why)) nx_moves_add(out, 4, json_pack("{s:s}", "type", "delay"));
    if (nx_ship_second_under_way(s, seat)) {
        /* The second shipment: ship or pass (bots keep a Hajr card). */
        if (!s->play.second_shipped) ship_candidates(s, seat, out);
        return;
    }
    int best_ship = INT32_MIN;
    if (!((s->play.shipped | s->play.move_begun) & BIT(seat))) best_ship = ship_candidates(s, seat, out);
    /* A move now would forgo the shipment: ship first when it pays (the
     * move follows it). */
    if (!(s->play.moved & BIT(seat)) && best_ship <= 2) move_candidates(s, seat, out);
    nx_ship_flip_moves(s, seat, out);
}

/* The best score among the turn's candidates (a pass is 1). */
static int best_turn_score(const nx_state *s, uint8_t seat)
{
    json_t *cands = json_array();
    ship_candidates(s, seat, cands);
    move_candidates(s, seat, cands);
    int best = 1;
    size_t i;
    json_t *c;
    json_array_foreach(cands, i, c) {
        int sc = (int)json_integer_value(json_object_get(c, "score"));
        if (sc > best) best = sc;
    }
    json_decref(cands);
    return best;
}

/* The Guild's moment, for bots: now when its turn is worth more than
 * waiting (as when the offer was answered by the turn itself). */
static void guild_timing_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    char why[160];
    nx_moves_add(out, 4, json_pack("{s:s}", "type", "delay"));
    nx_moves_add(out, best_turn_score(s, p->seat), json_pack("{s:s}", "type", "now"));
    if (!own_turn_refusal(s, why, sizeof why)) nx_moves_add(out, 2, json_pack("{s:s}", "type", "own_turn"));
}

/* "pass" at an offer is "delay": the seat whose turn comes goes first. */
static int pass_guild_timing(nx_act *a, const nx_pending *p) { return offer_delay(a, p); }

static void advisor_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)p;
    char why[160];
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    nx_moves_add(out, 2, json_pack("{s:s}", "type", "advise"));
    if (!check_advise(s, s->play.advise_section, why, sizeof why))
        nx_moves_add(out, 3, json_pack("{s:s, s:s}", "type", "advise", "to", nx_map_section_id(s->play.advise_section)));
}

/* The most fighters any faction but the Bene Gesserit has in t. */
static int strongest_other(const nx_state *s, uint8_t bg, int t)
{
    int most = 0;
    for (uint8_t i = 0; i < s->nseats; i++) {
        int n = i == bg ? 0 : nx_move_fighters_in(s, i, t);
        if (n > most) most = n;
    }
    return most;
}

/* Wartime, for bots: fighters that outnumber everyone there are worth
 * having, most in a stronghold or on spice; outnumbered ones would only
 * lose a battle. */
static int wartime_value(const nx_state *s, uint8_t bg, int t)
{
    if (nx_board_forces_in(s, bg, t) <= strongest_other(s, bg, t)) return -5;
    return nx_map_is_stronghold(t) ? 20 : 2 + nx_board_spice_in(s, t) / 2;
}

static json_t *wartime_action(const int *ts, int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(list, json_string(nx_map_territory_id(ts[i])));
    return json_pack("{s:s, s:o}", "type", "wartime", "territories", list);
}

/* Pass, each territory alone, and every territory worth it together. */
static void wartime_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int choices[NX_MAP_TERRITORIES], n = wartime_choices(s, choices), good[NX_MAP_TERRITORIES], ngood = 0, sum = 0;
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    for (int i = 0; i < n; i++) {
        int v = wartime_value(s, p->seat, choices[i]);
        nx_moves_add(out, v, wartime_action(&choices[i], 1));
        if (v > 0) {
            good[ngood++] = choices[i];
            sum += v;
        }
    }
    if (ngood > 1) nx_moves_add(out, sum, wartime_action(good, ngood));
}

/* Intrusion, for bots: outnumbered fighters had better become advisors. */
static void intrusion_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    int t = s->play.intrusion_at;
    int outnumbered = nx_move_fighters_in(s, p->seat, t) < strongest_other(s, p->seat, t);
    nx_moves_add(out, 3, json_pack("{s:s}", "type", "pass"));
    nx_moves_add(out, outnumbered ? 5 : 1, json_pack("{s:s}", "type", "intrusion"));
}

/* Bene Gesserit Cunning, for bots: as Wartime, territories worth having as
 * fighters, alone and together (only the paths no open question shuts). */
void nx_ship_flip_moves(const nx_state *s, uint8_t seat, json_t *out)
{
    if (s->play.mover != seat || !(nx_effect_allowed(s, seat) & NX_ALLOW_ADVISOR_FLIP)) return;
    int choices[NX_MAP_TERRITORIES], n = nx_ship_flip_choices(s, choices), good[NX_MAP_TERRITORIES], ngood = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        int v = wartime_value(s, seat, choices[i]);
        json_t *act = wartime_action(&choices[i], 1);
        json_object_set_new(act, "type", json_string("flip"));
        nx_moves_add(out, v + 5, act);
        if (v > 0) {
            good[ngood++] = choices[i];
            sum += v;
        }
    }
    if (ngood > 1) {
        json_t *act = wartime_action(good, ngood);
        json_object_set_new(act, "type", json_string("flip"));
        nx_moves_add(out, sum + 5, act);
    }
}

/* ---- acts held for a Karama window ------------------------------------------------------------ */

/*
 * A Karama cancels these advantages "when another player attempts to use
 * them" (LV's star after the ability; docs/rules/karama.md): the act is
 * checked, announced and held in play.advh/advh_arg while the uniform
 * window is answered (nx_adv_windows.h), then made or not.  Nothing else
 * happens in between, so the check made at the act still holds.
 */
enum { H_TO, H_NORMAL, H_ELITE, H_FROM_T, H_FROM_SEC, H_FLAGS, H_SEAT };
_Static_assert(H_SEAT < NX_ADVH_ARGS && NX_TERRITORY_BYTES <= NX_ADVH_ARGS, "NX_ADVH_ARGS too small");
#define H_RESERVES 0xff     /* a Guild shipment's end that is the reserves */

static int is_guild_use(int adv)
{
    return adv == NX_ADVO_GUILD_HALF_PRICE || adv == NX_ADVO_GUILD_CROSS_SHIP || adv == NX_ADVO_GUILD_SHIP_BACK;
}

/* A held shipment: a Guild use, or one held for the Guild's power (its
 * user is the shipper, H_SEAT). */
static int is_held_shipment(int adv) { return is_guild_use(adv) || adv == NX_ADVO_GUILD_POWER; }

static int s_sends(const nx_state *s, const ship_req *r)
{
    return s->seats[r->seat].faction == NX_FREMEN && r->from == RESERVES && !(nx_effect_allowed(s, r->seat) & NX_ALLOW_FIVE_AS_ONE);
}

int nx_ship_held_forces(const nx_state *s)
{
    return s->play.advh ? s->play.advh_arg[H_NORMAL] + s->play.advh_arg[H_ELITE] : 0;
}

/* The seat using the held advantage: the Guild's ally may use its shipping. */
static uint8_t held_user(const nx_state *s, int adv)
{
    if (is_held_shipment(adv)) return s->play.advh_arg[H_SEAT];
    return nx_state_seat_of(s, nx_adv_get(adv)->faction);
}

static int hold(nx_act *a, int adv, const char *what)
{
    nx_state *s = a->s;
    char who[64];
    s->play.advh = (uint8_t)adv;
    nx_act_log(a, "%s means to %s", nx_act_who(s, held_user(s, adv), who, sizeof who), what);
    return 0;
}

static uint8_t ship_end_byte(int end) { return end == RESERVES ? H_RESERVES : (uint8_t)end; }
static int ship_end_of(uint8_t b) { return b == H_RESERVES ? RESERVES : b; }

static int hold_guild(nx_act *a, const ship_req *r, int adv)
{
    uint8_t *h = a->s->play.advh_arg;
    char forces[48], from[64], to[64], what[200];
    h[H_SEAT] = r->seat;
    h[H_FROM_T] = ship_end_byte(r->from);
    h[H_TO] = ship_end_byte(r->to);
    h[H_NORMAL] = (uint8_t)r->normal;
    h[H_ELITE] = (uint8_t)r->elite;
    nx_move_forces_label(r->normal, r->elite, forces, sizeof forces);
    if (r->from != RESERVES) nx_move_section_label(r->from, from, sizeof from);
    if (r->to != RESERVES) nx_move_section_label(r->to, to, sizeof to);
    if (adv == NX_ADVO_GUILD_POWER) nx_fmt(what, sizeof what, "%s %s to %s", r->karama || !s_sends(a->s, r) ? "ship" : "send", forces, to);
    else if (adv == NX_ADVO_GUILD_SHIP_BACK) nx_fmt(what, sizeof what, "ship %s from %s back to its reserves", forces, from);
    else if (adv == NX_ADVO_GUILD_CROSS_SHIP) nx_fmt(what, sizeof what, "cross-ship %s from %s to %s", forces, from, to);
    else nx_fmt(what, sizeof what, "ship %s to %s at half price", forces, to);
    return hold(a, adv, what);
}

static int hold_send(nx_act *a, const ship_req *r)
{
    uint8_t *h = a->s->play.advh_arg;
    char forces[48], to[64], what[160];
    h[H_TO] = (uint8_t)r->to;
    h[H_NORMAL] = (uint8_t)r->normal;
    h[H_ELITE] = (uint8_t)r->elite;
    nx_move_forces_label(r->normal, r->elite, forces, sizeof forces);
    nx_move_section_label(r->to, to, sizeof to);
    nx_fmt(what, sizeof what, "send %s to %s free", forces, to);
    return hold(a, NX_ADVO_FREMEN_SEND, what);
}

/* A move that uses an advantage: the Fremen's two territories, or the
 * Bene Gesserit advisors taking up arms as they enter. */
static int hold_move(nx_act *a, const nx_move_req *r, int adv)
{
    uint8_t *h = a->s->play.advh_arg;
    char forces[48], to[64], what[200];
    h[H_FROM_T] = (uint8_t)r->from_t;
    h[H_FROM_SEC] = r->from_sec < 0 ? 0xff : (uint8_t)r->from_sec;
    h[H_TO] = (uint8_t)r->to;
    h[H_NORMAL] = (uint8_t)r->normal;
    h[H_ELITE] = (uint8_t)r->elite;
    h[H_FLAGS] = (uint8_t)((r->hajr ? 1 : 0) | (r->fight ? 2 : 0));
    nx_move_forces_label(r->normal, r->elite, forces, sizeof forces);
    nx_move_section_label(r->to, to, sizeof to);
    nx_fmt(what, sizeof what, "move %s from %s to %s, %s", forces, nx_map_territory_name(r->from_t), to,
           adv == NX_ADVO_FREMEN_MOVE ? "two territories" : "the advisors taking up arms as they enter");
    return hold(a, adv, what);
}

static int hold_advisor(nx_act *a, int to)
{
    char where[64], what[120];
    a->s->play.advh_arg[H_TO] = (uint8_t)to;
    nx_move_section_label(to, where, sizeof where);
    nx_fmt(what, sizeof what, "send a spiritual advisor to %s%s", to == polar_sink_section() ? "the " : "", where);
    return hold(a, NX_ADVO_ADVISOR, what);
}

static int hold_wartime(nx_act *a, const int *ts, int n)
{
    char what[120];
    for (int i = 0; i < n; i++) nx_play_set_bit(a->s->play.advh_arg, ts[i], 1);
    nx_fmt(what, sizeof what, "make its advisors fighters in %d territor%s (Wartime)", n, n == 1 ? "y" : "ies");
    return hold(a, NX_ADVO_WARTIME, what);
}

static int hold_intrusion(nx_act *a, int t)
{
    char what[120];
    a->s->play.advh_arg[H_TO] = (uint8_t)t;
    nx_fmt(what, sizeof what, "make its fighters in %s advisors (Intrusion)", nx_map_territory_name(t));
    return hold(a, NX_ADVO_INTRUSION, what);
}

/* The Guild's timing (LV 2.06.12): 0 its turn now, ahead of its place;
 * 1 Holding Pattern at its place.  The seat whose turn comes is the
 * cursor's, unchanged while the act is held. */
static int hold_timing(nx_act *a, int holding)
{
    nx_state *s = a->s;
    uint8_t order[NX_MAX_SEATS];
    char who[64], what[160];
    nx_state_storm_order(s, order);
    assert(s->play.cursor < s->nseats);
    s->play.advh_arg[H_TO] = (uint8_t)holding;
    if (holding) nx_fmt(what, sizeof what, "delay its turn past its place in storm order");
    else nx_fmt(what, sizeof what, "take its turn now, before %s, out of storm order",
                nx_act_who(s, order[s->play.cursor], who, sizeof who));
    return hold(a, NX_ADVO_GUILD_TIMING, what);
}

static void held_timing_made(nx_act *a, uint8_t seat, int holding)
{
    nx_state *s = a->s;
    char who[64];
    if (!holding) {
        begin_turn(a, seat);
        return;
    }
    /* Holding Pattern: the next seat goes first; the Guild is asked again
     * before each later seat's turn. */
    assert(s->play.mover == seat);
    s->play.mover = NX_NO_SEAT;
    s->play.cursor++;
    s->play.guild_delayed = 1;
    s->play.guild_timing = NX_GUILD_TIMING_FREE;
    nx_act_log(a, "%s delays", nx_act_who(s, seat, who, sizeof who));
}

static void held_made(nx_act *a, int adv, uint8_t seat, const uint8_t *h)
{
    nx_state *s = a->s;
    char why[256];
    if (adv == NX_ADVO_GUILD_TIMING) {
        held_timing_made(a, seat, h[H_TO]);
        return;
    }
    if (adv == NX_ADVO_FREMEN_SEND || is_held_shipment(adv)) {
        int guild = is_held_shipment(adv);
        ship_req r = { .seat = seat, .from = guild ? ship_end_of(h[H_FROM_T]) : RESERVES,
                       .to = guild ? ship_end_of(h[H_TO]) : h[H_TO], .normal = h[H_NORMAL], .elite = h[H_ELITE] };
        ship_plan plan;
        int refused = check_ship(s, &r, &plan, why, sizeof why);
        assert(!refused && (guild || plan.sends));     /* checked at the act; only Karama cards moved since */
        (void)refused;
        /* Not stopped: before it lands, the Guild's power may cancel it. */
        if (adv != NX_ADVO_GUILD_POWER && guild_power_due(s, &r)) {
            hold_guild(a, &r, NX_ADVO_GUILD_POWER);
            return;
        }
        apply_ship(a, &r, &plan);
    } else if (adv == NX_ADVO_FREMEN_MOVE || adv == NX_ADVO_TAKE_UP_ARMS) {
        nx_move_req r = { .seat = seat, .from_t = h[H_FROM_T], .from_sec = h[H_FROM_SEC] == 0xff ? -1 : h[H_FROM_SEC],
                          .to = h[H_TO], .normal = h[H_NORMAL], .elite = h[H_ELITE], .hajr = h[H_FLAGS] & 1,
                          .fight = (h[H_FLAGS] >> 1) & 1 };
        nx_move_plan plan;
        int refused = nx_move_check(s, &r, &plan, why, sizeof why);
        assert(!refused);
        (void)refused;
        apply_move(a, &r, &plan);
    } else if (adv == NX_ADVO_ADVISOR) {
        apply_advise(a, h[H_TO]);
    } else if (adv == NX_ADVO_WARTIME) {
        apply_wartime(a, h);
    } else {
        assert(adv == NX_ADVO_INTRUSION);
        apply_intrusion(a, h[H_TO]);
    }
}

/* The stopped use does not happen, and "the faction whose ability is
 * cancelled may recalculate and retake that same action without the
 * ability" (LV "How to use this guide").  The Fremen cannot ship but by
 * sending, so a cancelled free shipment is their shipment of the turn; a
 * cancelled two-territory move leaves them their move, one territory far;
 * a cancelled Guild shipment leaves the shipper its shipment, without the
 * ability for the rest of the turn. */
static void held_stopped(nx_act *a, int adv, uint8_t seat, const uint8_t *h)
{
    nx_state *s = a->s;
    char who[64];
    nx_act_who(s, seat, who, sizeof who);
    if (adv == NX_ADVO_FREMEN_SEND) {
        s->play.shipped |= BIT(seat);
        nx_act_log(a, "%s's forces stay in its reserves: its shipment this turn is spent", who);
    } else if (adv == NX_ADVO_FREMEN_MOVE) {
        nx_act_log(a, "%s's forces stay where they are: this turn they move one territory only", who);
    } else if (adv == NX_ADVO_TAKE_UP_ARMS) {
        nx_act_log(a, "%s's advisors stay in %s: this turn they may move, but not take up arms", who,
                   nx_map_territory_name(h[H_FROM_T]));
    } else if (adv == NX_ADVO_ADVISOR) {
        s->play.advise_section = NO_ADVISOR;
        nx_act_log(a, "the Bene Gesserit send no advisor");
    } else if (adv == NX_ADVO_WARTIME) {
        nx_act_log(a, "Wartime: the Bene Gesserit keep their advisors");
    } else if (adv == NX_ADVO_GUILD_POWER) {
        /* Read here: the shipment is the shipper's of the turn, cancelled
         * before it lands, so it pays nothing (docs/rules/karama.md). */
        s->play.shipped |= BIT(seat);
        s->play.karama_power_used |= BIT(guild_seat(s));
        nx_act_log(a, "the Spacing Guild's Karama power cancels the shipment: %s's forces stay in its reserves and it pays nothing; "
                      "its shipment this turn is spent", who);
    } else if (adv == NX_ADVO_GUILD_TIMING) {
        /* Retaken without the ability (LV "How to use this guide"): the
         * Guild's turn in storm order, at its place, with no delay. */
        s->play.guild_timing = NX_GUILD_TIMING_STORM_ORDER;
        if (h[H_TO]) nx_act_log(a, "%s does not delay: it takes its turn now, at its place in storm order", who);
        else nx_act_log(a, "%s waits: it takes its turn at its place in storm order, and may not delay", who);
    } else if (adv == NX_ADVO_GUILD_HALF_PRICE) {
        nx_act_log(a, "%s's shipment is not made: it may ship again, at the normal rates", who);
    } else if (adv == NX_ADVO_GUILD_CROSS_SHIP || adv == NX_ADVO_GUILD_SHIP_BACK) {
        char from[64];
        nx_move_section_label(ship_end_of(h[H_FROM_T]), from, sizeof from);
        nx_act_log(a, "%s's forces stay in %s: it may ship again, %s", who, from,
                   adv == NX_ADVO_GUILD_CROSS_SHIP ? "from its reserves only" : "but not back to its reserves");
    } else {
        assert(adv == NX_ADVO_INTRUSION);
        nx_act_log(a, "the Bene Gesserit fighters in %s stay fighters", nx_map_territory_name(h[H_TO]));
    }
}

static int settle_held(nx_act *a)
{
    nx_state *s = a->s;
    int adv = s->play.advh;
    assert(nx_adv_get(adv));
    uint8_t seat = held_user(s, adv);
    if (adv == NX_ADVO_GUILD_POWER ? nx_adv_window_for(a, adv, seat, guild_seat(s)) : nx_adv_window(a, adv, seat)) return 1;
    int stopped = nx_adv_stopped(s, adv);
    uint8_t h[NX_ADVH_ARGS];
    memcpy(h, s->play.advh_arg, sizeof h);
    s->play.advh = 0;
    memset(s->play.advh_arg, 0, sizeof s->play.advh_arg);
    if (stopped) held_stopped(a, adv, seat, h);
    else held_made(a, adv, seat, h);
    /* A stopped two-territory move or Guild shipment binds the rest of the turn (end_turn forgets it). */
    if (!(stopped && binds_turn(adv))) nx_adv_forget(s, adv);
    return 0;
}

/* ---- the module ------------------------------------------------------------------------------ */

static const nx_act_entry shipment_actions[] = {
    { "ship", act_ship, 0 },
    { "move", act_move, 0 },
    { "delay", act_delay, 0 },
    { "now", act_now, 0 },
    { "own_turn", act_own_turn, 0 },
    { "advise", act_advise, 0 },
    { "wartime", act_wartime, 0 },
    { "intrusion", act_intrusion, 0 },
    { "flip", nx_ship_act_flip, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops shipment_decisions[] = {
    { NX_PEND_SHIP_MOVE, pass_ship_move, ship_move_moves },
    { NX_PEND_GUILD_TIMING, pass_guild_timing, guild_timing_moves },
    { NX_PEND_ADVISOR, pass_advisor, advisor_moves },
    { NX_PEND_WARTIME, pass_wartime, wartime_moves },
    { NX_PEND_INTRUSION, pass_intrusion, intrusion_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_shipment = { "shipment", NX_P_SHIPMENT_MOVEMENT, shipment_procedure, shipment_actions,
                                    shipment_decisions };
