/*
 * Revival (phase 5; docs/rules/phase-revival.md).
 *
 * Everyone revives at once (LV 1.05): every seat with something to
 * revive gets an NX_PEND_REVIVAL decision, all open together, answered
 * in any order by "revive" or "pass".
 *
 *  - Forces: at most 3 a turn, from the Tanks to reserves.  The faction's
 *    free revivals come first (the cost counts them first), each further
 *    force costs 2 spice to the bank.  Free revivals are part of the
 *    decision (min 0): taking them is optional in the rules.
 *  - Elite forces (Sardaukar, Fedaykin) count as one force each; at most
 *    one per faction per turn by any route (FAQ-N p.2) when the limit
 *    applies (Advanced games: LV 2.03, 2.04).
 *  - A leader: one a turn, cost = its strength, only while the revival
 *    condition holds (nx_board_leader_revivable); the disc moves from the
 *    Tanks to the seat's leader pool.
 *  - Alliances: the Fremen's ally has 3 free revivals (LV 2.04; we grant
 *    it without asking the Fremen, as it costs them nothing); the Emperor
 *    may pay 2 spice each for up to 3 revivals of its ally beyond the
 *    ally's limit, named in the Emperor's own decision ("ally_forces",
 *    "ally_elite"; LV 2.03 Alliance).
 *
 *  - The Kwisatz Haderach (Advanced Atreides, LV 2.01 Reawaken): once
 *    killed (play.kh_dead) it is revived like a leader, in the same
 *    "revive" ("kwisatz_haderach": true): it takes the turn's one leader
 *    revival, needs the leader revival condition (LV 1.05, as read by
 *    default) and costs 2, its strength (battle.md 10.1; the sources
 *    name no other price).
 *
 * Tleilaxu Ghola (LV 3.01.20): at any time its holder revives one of its
 * leaders in the Tanks, or up to 5 of its forces, free and on top of
 * everything above; the one-elite-a-turn limit still applies (FAQ-N p.2).
 * It answers no decision ("ghola"), like the Emperor's gift.
 *
 * Procedure state: step (OPEN, DONE), play.revived (seats that answered
 * with a revival this phase), play.revived_elite (seats that got an elite
 * back this turn, by any route; the Storm phase clears it).
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_revival.h"
#include "nx_spice.h"
#include "nx_effects.h"
#include "nx_invoice.h"
#include "nx_invoice_pay.h"
#include "nx_words.h"
#include "nx_adv_windows.h"

enum { STEP_OPEN, STEP_DONE };

#define REVIVAL_LIMIT 3        /* forces per player per turn (LV 1.05) */
#define FORCE_COST 2           /* spice per force beyond the free ones */
#define EMPEROR_EXTRA 3        /* revivals the Emperor may buy its ally */
#define FREMEN_ALLY_FREE 3     /* the Fremen's ally's free revival */
#define GHOLA_FORCES 5         /* Tleilaxu Ghola: up to 5 forces */
#define KH_COST 2              /* the Kwisatz Haderach's strength (+2), as a leader's */

/* Free revivals per faction: classic six from LV 2.01-2.06 (and both
 * engines); the expansion factions from the two engines only
 * (docs/rules/turn.md section 3). */
static const uint8_t free_revivals[NX_FACTION_COUNT] = {
    [NX_ATREIDES] = 2, [NX_BENE_GESSERIT] = 1, [NX_EMPEROR] = 1, [NX_FREMEN] = 3,
    [NX_HARKONNEN] = 2, [NX_SPACING_GUILD] = 1, [NX_IXIANS] = 1, [NX_TLEILAXU] = 2,
    [NX_CHOAM] = 0, [NX_RICHESE] = 2, [NX_ECAZ] = 2, [NX_MORITANI] = 2,
};

/* A revival request: what "revive" names (nx_revival.h). */
typedef nx_revival_plan plan;

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static int in_tanks(const nx_state *s, uint8_t seat, int kind) { return s->seats[seat].forces[NX_PLACE_TANKS][kind]; }

static int spice_of(const nx_state *s, uint8_t seat) { return s->seats[seat].spice > 0 ? s->seats[seat].spice : 0; }

/* ---- grants ------------------------------------------------------------------------
 * A Nexus card played inside the seat's own revival decision (E3) leaves a
 * grant (core/nx_effects.h, scope: this phase) that the decision's
 * "revive" spends: `grant_forces`/`grant_elite` on a force grant, with its
 * own count, price per force and ledger (apart from the ordinary limit,
 * within it, or as the free rate), and `grant_leader` on a leader grant
 * (free; in the turn's one leader revival under its usual condition, or
 * an extra leader from the Tanks).  The one-elite-a-turn cap holds for
 * every route (FAQ-N p.2). */

static int force_grant(const nx_state *s, uint8_t seat) { return nx_effect_find(s, NX_EFF_REVIVAL_GRANT, seat, -1); }
static int leader_grant(const nx_state *s, uint8_t seat) { return nx_effect_find(s, NX_EFF_LEADER_GRANT, seat, -1); }

static int grant_arg(const nx_state *s, int slot) { return slot >= 0 ? s->play.effect_arg[slot] : 0; }

static int free_for(const nx_state *s, uint8_t seat)
{
    int n = free_revivals[s->seats[seat].faction];
    uint8_t ally = s->seats[seat].ally;
    if (ally != NX_NO_SEAT && s->seats[ally].faction == NX_FREMEN && n < FREMEN_ALLY_FREE &&
        !nx_adv_stopped(s, NX_ADVO_FREMEN_ALLY_REVIVAL))
        n = FREMEN_ALLY_FREE;
    int g = force_grant(s, seat), arg = grant_arg(s, g);
    if (g >= 0 && NX_GRANT_LEDGER(arg) == NX_GRANT_FREE_RATE && n < NX_GRANT_FORCES(arg)) n = NX_GRANT_FORCES(arg);
    return n;
}

/* Elite forces a seat may still get back this turn. */
static int elite_room(const nx_state *s, uint8_t seat)
{
    /* An Advanced limit (LV 2.03, 2.04): in Basic starred forces are ordinary. */
    int limited = (s->options & NX_OPT_ADVANCED) != 0;
    if (!limited) return REVIVAL_LIMIT + EMPEROR_EXTRA;
    return (s->play.revived_elite & bit(seat)) ? 0 : 1;
}

int nx_revival_elite_room(const nx_state *s, uint8_t seat) { return elite_room(s, seat); }

/* The Emperor's ally, when the Emperor may pay for its revivals. */
static uint8_t emperor_ally(const nx_state *s, uint8_t seat)
{
    if (nx_adv_stopped(s, NX_ADVO_EMPEROR_ALLY_REVIVAL)) return NX_NO_SEAT;    /* a Karama cancelled it this turn */
    return s->seats[seat].faction == NX_EMPEROR ? s->seats[seat].ally : NX_NO_SEAT;
}

/* A leader costs its strength; Zoal's variable strength costs nothing
 * (expansion, not settled: docs/rules/phase-revival.md). */
static int leader_cost(int leader)
{
    int strength = nx_leader_get(leader)->strength;
    return strength > 0 ? strength : 0;
}

static int plan_cost(const nx_state *s, uint8_t seat, const plan *pl)
{
    int paid = pl->forces + pl->elite - free_for(s, seat);
    int cost = (paid > 0 ? paid : 0) * FORCE_COST + (pl->ally_forces + pl->ally_elite) * FORCE_COST;
    cost += (pl->grant_forces + pl->grant_elite) * NX_GRANT_COST(grant_arg(s, force_grant(s, seat)));
    return cost + (pl->leader >= 0 ? leader_cost(pl->leader) : 0) + (pl->kh ? KH_COST : 0);
}

/* Why the seat may not revive the Kwisatz Haderach now, or NULL.  The
 * leader revival condition (LV 1.05): every Atreides leader has died at
 * least once, or none is in the Atreides pool. */
static const char *kh_refusal(const nx_state *s, uint8_t seat)
{
    if (!(s->options & NX_OPT_ADVANCED) || s->seats[seat].faction != NX_ATREIDES)
        return "only the Atreides have the Kwisatz Haderach, in the Advanced game";
    if (!s->play.kh_dead) return "it is not dead";
    int all_died = 1, active = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        if (nx_leader_get(l)->faction != NX_ATREIDES) continue;
        all_died &= nx_play_bit(s->play.leader_died, l) != 0;
        active += s->custody.zone[nx_comp_leader_disc(l)] == NX_Z_SEAT(seat, NX_ZS_LEADERS);
    }
    if (!all_died && active) return "the leader revival condition does not hold (a leader is active that has never died)";
    return NULL;
}

/* Forces of `who` the plan takes: enough in the Tanks, within the elite room. */
static int force_problem(const nx_state *s, uint8_t who, int forces, int elite, const char *whose, char *why, size_t len)
{
    if (forces > in_tanks(s, who, NX_FORCE_NORMAL) || elite > in_tanks(s, who, NX_FORCE_ELITE)) {
        nx_fmt(why, len, "%s Tanks hold %d ordinary and %d elite forces, fewer than asked", whose,
                 in_tanks(s, who, NX_FORCE_NORMAL), in_tanks(s, who, NX_FORCE_ELITE));
        return -1;
    }
    if (elite > elite_room(s, who)) {
        nx_fmt(why, len, "only one elite force (Sardaukar, Fedaykin) of a faction may be revived a turn");
        return -1;
    }
    return 0;
}

/* The grants the plan spends: each within its count (all of it when the
 * grant is exact), a leader from the Tanks on a leader grant. */
static int grant_problem(const nx_state *s, uint8_t seat, const plan *pl, char *why, size_t len)
{
    int g = force_grant(s, seat), arg = grant_arg(s, g), n = pl->grant_forces + pl->grant_elite;
    if (n && (g < 0 || NX_GRANT_LEDGER(arg) == NX_GRANT_FREE_RATE))
        return nx_move_refuse(why, len, "grant_forces: no card lets seat %d revive forces of its own beyond its revival", seat);
    if (g >= 0 && NX_GRANT_LEDGER(arg) != NX_GRANT_FREE_RATE) {
        if (n > NX_GRANT_FORCES(arg))
            return nx_move_refuse(why, len, "grant_forces: the card lets seat %d revive %d forces, not %d", seat, NX_GRANT_FORCES(arg), n);
        if (NX_GRANT_EXACT(arg) && n && n != NX_GRANT_FORCES(arg))
            return nx_move_refuse(why, len, "grant_forces: the card revives exactly %d forces, not %d", NX_GRANT_FORCES(arg), n);
    }
    int lg = leader_grant(s, seat);
    if (pl->grant_leader < 0) {
        if (lg >= 0 && (grant_arg(s, lg) & NX_GRANT_LEADER_WITH_FORCES) && n)
            return nx_move_refuse(why, len, "grant_leader: the card revives a leader and forces together, or neither");
        return 0;
    }
    if (lg < 0) return nx_move_refuse(why, len, "grant_leader: no card lets seat %d revive a leader free", seat);
    if ((grant_arg(s, lg) & NX_GRANT_LEADER_WITH_FORCES) && !n)
        return nx_move_refuse(why, len, "grant_leader: the card revives a leader and forces together, or neither");
    const nx_leader *ld = nx_leader_get(pl->grant_leader);
    if (ld->faction != s->seats[seat].faction) return nx_move_refuse(why, len, "%s is not one of seat %d's leaders", ld->name, seat);
    if ((grant_arg(s, lg) & 1) == NX_GRANT_LEADER_EXTRA) {
        if (s->custody.zone[nx_comp_leader_disc(pl->grant_leader)] != NX_Z_TANKS)
            return nx_move_refuse(why, len, "%s is not in the Tanks", ld->name);
        if (pl->leader == pl->grant_leader) return nx_move_refuse(why, len, "%s is named twice", ld->name);
        return 0;
    }
    /* The turn's one leader revival, under its usual condition; the card
     * only waives its cost (tleilaxu.secret_ally.leader_slot). */
    if (pl->leader >= 0 || pl->kh)
        return nx_move_refuse(why, len, "grant_leader: the free leader is the turn's one leader revival");
    if (!nx_board_leader_revivable(s, pl->grant_leader))
        return nx_move_refuse(why, len, "%s cannot be revived now (it is not in the Tanks, or the leader revival condition does not hold)", ld->name);
    return 0;
}

/* Why `seat` may not revive `pl` now (0 when it may). */
static int grant_problem(const nx_state *s, uint8_t seat, const plan *pl, char *why, size_t len);

static int plan_problem(const nx_state *s, uint8_t seat, const plan *pl, char *why, size_t len)
{
    int g = force_grant(s, seat), within = g >= 0 && NX_GRANT_LEDGER(grant_arg(s, g)) == NX_GRANT_WITHIN_LIMIT;
    int counted = pl->forces + pl->elite + (within ? pl->grant_forces + pl->grant_elite : 0);
    if (counted > REVIVAL_LIMIT) {
        nx_fmt(why, len, "at most %d forces may be revived a turn%s", REVIVAL_LIMIT, within ? ", the card's forces included" : "");
        return -1;
    }
    if (grant_problem(s, seat, pl, why, len)) return -1;
    if (force_problem(s, seat, pl->forces + pl->grant_forces, pl->elite + pl->grant_elite, "its", why, len)) return -1;
    if (pl->leader >= 0) {
        if (nx_leader_get(pl->leader)->faction != s->seats[seat].faction) {
            nx_fmt(why, len, "%s is not one of seat %d's leaders", nx_leader_get(pl->leader)->name, seat);
            return -1;
        }
        if (!nx_board_leader_revivable(s, pl->leader)) {
            nx_fmt(why, len, "%s cannot be revived now (it is not in the Tanks, or the leader revival condition does not hold)",
                     nx_leader_get(pl->leader)->name);
            return -1;
        }
    }
    if (pl->kh) {
        const char *r = kh_refusal(s, seat);
        if (r) {
            nx_fmt(why, len, "kwisatz_haderach: %s", r);
            return -1;
        }
        if (pl->leader >= 0) {
            nx_fmt(why, len, "kwisatz_haderach: it takes the turn's one leader revival; revive %s another turn",
                     nx_leader_get(pl->leader)->name);
            return -1;
        }
    }
    int extra = pl->ally_forces + pl->ally_elite;
    if (extra) {
        uint8_t ally = emperor_ally(s, seat);
        if (ally == NX_NO_SEAT && nx_adv_stopped(s, NX_ADVO_EMPEROR_ALLY_REVIVAL)) {
            nx_fmt(why, len, "a Karama cancelled the Emperor's payment for its ally's revivals this turn");
            return -1;
        }
        if (ally == NX_NO_SEAT) {
            nx_fmt(why, len, "only the Emperor may pay for its ally's revivals, and only with an ally");
            return -1;
        }
        if (extra > EMPEROR_EXTRA) {
            nx_fmt(why, len, "the Emperor may pay for at most %d of its ally's revivals", EMPEROR_EXTRA);
            return -1;
        }
        if (force_problem(s, ally, pl->ally_forces, pl->ally_elite, "the ally's", why, len)) return -1;
    }
    if (plan_cost(s, seat, pl) > spice_of(s, seat)) {
        nx_fmt(why, len, "this revival costs %d spice; seat %d has %d", plan_cost(s, seat, pl), seat, spice_of(s, seat));
        return -1;
    }
    return 0;
}

int nx_revival_check(const nx_state *s, uint8_t seat, const nx_revival_plan *pl, int *cost, char *why, size_t len)
{
    if (plan_problem(s, seat, pl, why, len)) return -1;
    if (cost) *cost = plan_cost(s, seat, pl);
    return 0;
}

int nx_revival_grant_open(const nx_state *s, uint8_t seat) { return force_grant(s, seat) >= 0 || leader_grant(s, seat) >= 0; }

static void revive_forces(nx_state *s, uint8_t who, int forces, int elite)
{
    nx_state_move_forces(s, who, NX_FORCE_NORMAL, NX_PLACE_TANKS, NX_PLACE_RESERVES, forces);
    nx_state_move_forces(s, who, NX_FORCE_ELITE, NX_PLACE_TANKS, NX_PLACE_RESERVES, elite);
    if (elite) s->play.revived_elite |= bit(who);
}

/* A paid revival is an invoice to the bank (core/nx_invoice.h), settled at
 * once: nothing is asked between the revive and its payment. */
static void pay_revival(nx_act *a, uint8_t seat, const plan *pl, int cost)
{
    nx_state *s = a->s;
    if (!cost) return;
    nx_invoice inv = { .kind = NX_INV_REVIVAL, .buyer = seat, .payee = NX_INV_BANK, .item = NX_COMP_NONE,
                       .lot = (uint8_t)(pl->forces + pl->elite + pl->grant_forces + pl->grant_elite), .price = (uint8_t)cost,
                       .payer = { seat, NX_NO_SEAT, NX_NO_SEAT }, .share = { (uint8_t)cost, 0, 0 } };
    int i = nx_invoice_open(s, &inv);
    if (i < 0) {
        a->failed_late = 1;
        nx_act_fail(a, "invariant", "no room for another invoice (%d are open)", NX_MAX_INVOICES);
        return;
    }
    if (!nx_invoice_settle(a, i, "revival")) nx_invoice_close(s, i);
}

/* The grants' forces and leader come back; a grant is spent by the revive
 * that uses it. */
static void apply_grants(nx_act *a, uint8_t seat, const plan *pl)
{
    nx_state *s = a->s;
    char who[64], forces[48];
    nx_act_who(s, seat, who, sizeof who);
    int g = force_grant(s, seat);
    if (pl->grant_forces + pl->grant_elite) {
        int cost = NX_GRANT_COST(grant_arg(s, g)) * (pl->grant_forces + pl->grant_elite);
        revive_forces(s, seat, pl->grant_forces, pl->grant_elite);
        nx_move_forces_label(pl->grant_forces, pl->grant_elite, forces, sizeof forces);
        if (cost) nx_act_log(a, "%s revives %s on its card's grant, for %d spice", who, forces, cost);
        else nx_act_log(a, "%s revives %s free on its card's grant", who, forces);
    }
    if (g >= 0 && NX_GRANT_LEDGER(grant_arg(s, g)) != NX_GRANT_FREE_RATE) nx_effect_remove(s, g);
    int lg = leader_grant(s, seat);
    if (pl->grant_leader >= 0) {
        nx_custody_move(&s->custody, nx_comp_leader_disc(pl->grant_leader), NX_Z_SEAT(seat, NX_ZS_LEADERS));
        nx_act_log(a, "%s revives %s free on its card's grant", who, nx_leader_get(pl->grant_leader)->name);
    }
    if (lg >= 0) nx_effect_remove(s, lg);
}

static void plan_apply(nx_act *a, uint8_t seat, const plan *pl)
{
    nx_state *s = a->s;
    char who[64], ally_who[64];
    nx_act_who(s, seat, who, sizeof who);
    int cost = plan_cost(s, seat, pl);
    pay_revival(a, seat, pl, cost);
    revive_forces(s, seat, pl->forces, pl->elite);
    apply_grants(a, seat, pl);
    s->play.revived |= bit(seat);
    int n = pl->forces + pl->elite, paid = n - free_for(s, seat);
    paid = paid > 0 ? paid : 0;
    char forces[48];
    nx_move_forces_label(pl->forces, pl->elite, forces, sizeof forces);
    if (n && !paid) nx_act_log(a, "%s revives %s free", who, forces);
    else if (n) nx_act_log(a, "%s revives %s, %d of them for %d spice", who, forces, paid, paid * FORCE_COST);
    if (pl->leader >= 0) {
        nx_custody_move(&s->custody, nx_comp_leader_disc(pl->leader), NX_Z_SEAT(seat, NX_ZS_LEADERS));
        nx_act_log(a, "%s revives %s for %d spice", who, nx_leader_get(pl->leader)->name, leader_cost(pl->leader));
    }
    if (pl->kh) {
        s->play.kh_dead = 0;
        nx_act_log(a, "%s revives the Kwisatz Haderach for %d spice", who, KH_COST);
    }
    int extra = pl->ally_forces + pl->ally_elite;
    if (extra) {
        uint8_t ally = s->seats[seat].ally;
        revive_forces(s, ally, pl->ally_forces, pl->ally_elite);
        char theirs[48];
        nx_act_log(a, "%s pays %d spice to revive %s of its ally %s", who, extra * FORCE_COST,
                   nx_move_forces_label(pl->ally_forces, pl->ally_elite, theirs, sizeof theirs),
                   nx_act_who(s, ally, ally_who, sizeof ally_who));
    }
    if (!n && pl->leader < 0 && !pl->kh && !extra && !pl->grant_forces && !pl->grant_elite && pl->grant_leader < 0)
        nx_act_log(a, "%s revives nothing", who);
}

/* ---- the procedure -------------------------------------------------------------- */

static int revivable_leader(const nx_state *s, uint8_t seat)
{
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_get(l)->faction == s->seats[seat].faction && nx_board_leader_revivable(s, l)) return l;
    return -1;
}

static int tanks_total(const nx_state *s, uint8_t seat)
{
    return in_tanks(s, seat, NX_FORCE_NORMAL) + in_tanks(s, seat, NX_FORCE_ELITE);
}

static int has_something(const nx_state *s, uint8_t seat)
{
    uint8_t ally = emperor_ally(s, seat);
    return tanks_total(s, seat) || revivable_leader(s, seat) >= 0 || !kh_refusal(s, seat) ||
           (ally != NX_NO_SEAT && tanks_total(s, ally));
}

/* The most of its own forces a seat may revive now (the decision's max). */
static int most_forces(const nx_state *s, uint8_t seat)
{
    int elite = in_tanks(s, seat, NX_FORCE_ELITE) < elite_room(s, seat) ? in_tanks(s, seat, NX_FORCE_ELITE) : elite_room(s, seat);
    int n = in_tanks(s, seat, NX_FORCE_NORMAL) + elite, fr = free_for(s, seat);
    if (n > REVIVAL_LIMIT) n = REVIVAL_LIMIT;
    if (n > fr && n - fr > spice_of(s, seat) / FORCE_COST) n = fr + spice_of(s, seat) / FORCE_COST;
    return n;
}

static void open_revival(nx_state *s, uint8_t seat)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_REVIVAL, seat);
    p->event = nx_state_new_event(s);
    p->min = 0;
    p->max = (int16_t)most_forces(s, seat);
    p->private_options = 1;   /* the range shows what the seat can pay */
    nx_fmt(p->prompt, sizeof p->prompt, "Revive up to %d forces (%d free, then %d spice each)%s%s, or pass", REVIVAL_LIMIT,
             free_for(s, seat), FORCE_COST, revivable_leader(s, seat) >= 0 ? " and a leader" : "",
             kh_refusal(s, seat) ? "" : " or the Kwisatz Haderach");
}

/* The Fremen's ally, when the free revival of three would help it. */
static uint8_t fremen_ally_user(const nx_state *s)
{
    uint8_t fremen = nx_state_seat_of(s, NX_FREMEN);
    uint8_t ally = fremen != NX_NO_SEAT ? s->seats[fremen].ally : NX_NO_SEAT;
    if (ally == NX_NO_SEAT || free_revivals[s->seats[ally].faction] >= FREMEN_ALLY_FREE || !tanks_total(s, ally)) return NX_NO_SEAT;
    return ally;
}

/* The Emperor, when its ally has forces in the Tanks it could pay for. */
static uint8_t emperor_user(const nx_state *s)
{
    uint8_t emperor = nx_state_seat_of(s, NX_EMPEROR);
    uint8_t ally = emperor != NX_NO_SEAT ? s->seats[emperor].ally : NX_NO_SEAT;
    return ally != NX_NO_SEAT && tanks_total(s, ally) ? emperor : NX_NO_SEAT;
}

static int revival_procedure(nx_act *a)
{
    nx_state *s = a->s;
    if (s->play.step != STEP_OPEN) return 0;
    /* A Karama may cancel the allies' revival advantages (LV 2.04 and 2.03
     * Alliance, a star after each): the window opens when the revivals are
     * about to be chosen, wherever the ally has forces in the Tanks (public). */
    if (nx_adv_window(a, NX_ADVO_FREMEN_ALLY_REVIVAL, fremen_ally_user(s)) ||
        nx_adv_window(a, NX_ADVO_EMPEROR_ALLY_REVIVAL, emperor_user(s)))
        return 1;
    s->play.step = STEP_DONE;
    s->play.revived = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (has_something(s, seat)) open_revival(s, seat);
    return s->npending > 0;
}

/* ---- actions --------------------------------------------------------------------- */

static int read_leader_key(nx_act *a, const char *key, int *out)
{
    json_t *j = json_object_get(a->action, key);
    *out = -1;
    if (!j) return 0;
    nx_comp c = json_is_string(j) ? nx_comp_parse(json_string_value(j)) : NX_COMP_NONE;
    if (c == NX_COMP_NONE || nx_comp_kind_of(c) != NX_COMP_LEADER)
        return nx_act_fail(a, "malformed", "\"%s\" must name a leader disc (\"leader:duncan_idaho\")", key);
    *out = nx_comp_leader(c);
    return 0;
}

static int read_leader(nx_act *a, int *out) { return read_leader_key(a, "leader", out); }

static int read_kh(nx_act *a, int *out)
{
    json_t *j = json_object_get(a->action, "kwisatz_haderach");
    if (j && !json_is_boolean(j)) return nx_act_fail(a, "malformed", "\"kwisatz_haderach\" must be true or false");
    *out = json_is_true(j);
    return 0;
}

static int act_revive(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("forces", "elite", "leader", "ally_forces", "ally_elite", "kwisatz_haderach", "grant_forces",
                               "grant_elite", "grant_leader")))
        return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_REVIVAL);
    if (!p) return -1;
    plan pl;
    if (nx_arg_int_opt(a, "grant_forces", 0, 7, 0, &pl.grant_forces) || nx_arg_int_opt(a, "grant_elite", 0, 7, 0, &pl.grant_elite) ||
        read_leader_key(a, "grant_leader", &pl.grant_leader))
        return -1;
    if (nx_arg_int_opt(a, "forces", 0, REVIVAL_LIMIT, 0, &pl.forces) ||
        nx_arg_int_opt(a, "elite", 0, REVIVAL_LIMIT, 0, &pl.elite) || read_leader(a, &pl.leader) ||
        nx_arg_int_opt(a, "ally_forces", 0, EMPEROR_EXTRA, 0, &pl.ally_forces) ||
        nx_arg_int_opt(a, "ally_elite", 0, EMPEROR_EXTRA, 0, &pl.ally_elite) || read_kh(a, &pl.kh))
        return -1;
    char why[200];
    if (plan_problem(a->s, p->seat, &pl, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    uint8_t seat = p->seat;
    nx_state_remove_pending(a->s, p);
    plan_apply(a, seat, &pl);
    return 0;
}

static int pass_revival(nx_act *a, const nx_pending *p)
{
    char who[64];
    nx_act_log(a, "%s passes on revival", nx_act_who(a->s, p->seat, who, sizeof who));
    nx_state_remove_pending(a->s, p);
    return 0;
}

/* ---- Tleilaxu Ghola ------------------------------------------------------------------ */

/* A Ghola revival: one leader (-1: none) or forces, never both. */
typedef struct ghola {
    int leader, forces, elite;
} ghola;

static int in_tanks_disc(const nx_state *s, int leader)
{
    return s->custody.zone[nx_comp_leader_disc(leader)] == NX_Z_TANKS;
}

/* Why `seat` may not play this Ghola now (0 when it may).  A leader comes
 * back whatever the leader revival condition ("regardless of how many
 * leaders you have in the Tanks", LV 3.01.20). */
static int ghola_problem(const nx_state *s, uint8_t seat, const ghola *g, char *why, size_t len)
{
    if (nx_move_card_in_hand(s, seat, NX_TR_TLEILAXU_GHOLA) == NX_COMP_NONE)
        return nx_move_refuse(why, len, "you hold no Tleilaxu Ghola card");
    if (s->phase == NX_P_SETUP) return nx_move_refuse(why, len, "the game has not begun");
    int n = g->forces + g->elite;
    if ((g->leader >= 0) == (n > 0))
        return nx_move_refuse(why, len, "Tleilaxu Ghola revives one leader or 1 to %d forces, not both", GHOLA_FORCES);
    if (n > GHOLA_FORCES) return nx_move_refuse(why, len, "Tleilaxu Ghola revives at most %d forces", GHOLA_FORCES);
    if (g->leader < 0) return force_problem(s, seat, g->forces, g->elite, "its", why, len);
    if (nx_leader_get(g->leader)->faction != s->seats[seat].faction)
        return nx_move_refuse(why, len, "%s is not one of your leaders", nx_leader_get(g->leader)->name);
    if (!in_tanks_disc(s, g->leader))
        return nx_move_refuse(why, len, "%s is not in the Tleilaxu Tanks", nx_leader_get(g->leader)->name);
    return 0;
}

static int act_ghola(nx_act *a)
{
    ghola g;
    char why[200];
    if (nx_arg_keys(a, NX_KEYS("leader", "forces", "elite")) || read_leader(a, &g.leader) ||
        nx_arg_int_opt(a, "forces", 0, GHOLA_FORCES, 0, &g.forces) || nx_arg_int_opt(a, "elite", 0, GHOLA_FORCES, 0, &g.elite))
        return -1;
    nx_state *s = a->s;
    uint8_t seat = (uint8_t)a->seat;
    if (ghola_problem(s, seat, &g, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_custody_move(&s->custody, nx_move_card_in_hand(s, seat, NX_TR_TLEILAXU_GHOLA), NX_Z_TREACHERY_DISCARD);
    char who[64];
    nx_act_who(s, seat, who, sizeof who);
    if (g.leader >= 0) {
        nx_custody_move(&s->custody, nx_comp_leader_disc(g.leader), NX_Z_SEAT(seat, NX_ZS_LEADERS));
        nx_act_log(a, "%s plays Tleilaxu Ghola: %s returns from the Tanks", who, nx_leader_get(g.leader)->name);
    } else {
        revive_forces(s, seat, g.forces, g.elite);
        char n[48];
        nx_act_log(a, "%s plays Tleilaxu Ghola: %s return%s from the Tanks free", who,
                   nx_move_forces_label(g.forces, g.elite, n, sizeof n), nx_plural(g.forces + g.elite, "s", ""));
    }
    return 0;
}

/* ---- bots -------------------------------------------------------------------------- */

/* Up to n of the seat's own forces, elite first (they are worth more). */
static plan take_forces(const nx_state *s, uint8_t seat, int n)
{
    plan pl = { .leader = -1, .grant_leader = -1 };
    int room = elite_room(s, seat);
    pl.elite = in_tanks(s, seat, NX_FORCE_ELITE) < room ? in_tanks(s, seat, NX_FORCE_ELITE) : room;
    if (pl.elite > n) pl.elite = n;
    pl.forces = in_tanks(s, seat, NX_FORCE_NORMAL) < n - pl.elite ? in_tanks(s, seat, NX_FORCE_NORMAL) : n - pl.elite;
    return pl;
}

/* The plan's fields as a revive action spells them (the space lists the
 * same fields, nx_space_turn.c). */
void nx_revival_plan_fields(const nx_revival_plan *pl, json_t *o)
{
    const struct { const char *key; int v; } nums[] = {
        { "forces", pl->forces }, { "elite", pl->elite }, { "ally_forces", pl->ally_forces }, { "ally_elite", pl->ally_elite },
        { "grant_forces", pl->grant_forces }, { "grant_elite", pl->grant_elite },
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        if (nums[i].v) json_object_set_new(o, nums[i].key, json_integer(nums[i].v));
    if (pl->leader >= 0) json_object_set_new(o, "leader", json_string(nx_comp_id(nx_comp_leader_disc(pl->leader))));
    if (pl->kh) json_object_set_new(o, "kwisatz_haderach", json_true());
    if (pl->grant_leader >= 0)
        json_object_set_new(o, "grant_leader", json_string(nx_comp_id(nx_comp_leader_disc(pl->grant_leader))));
}

static json_t *revive_action(const plan *pl)
{
    json_t *o = json_pack("{s:s}", "type", "revive");
    nx_revival_plan_fields(pl, o);
    return o;
}

static void add_plan(const nx_state *s, uint8_t seat, const plan *pl, int score, json_t *out)
{
    char why[200];
    if (!plan_problem(s, seat, pl, why, sizeof why)) nx_moves_add(out, score, revive_action(pl));
}

/* The seat's strongest leader lying in the Tanks, or -1. */
static int strongest_dead(const nx_state *s, uint8_t seat)
{
    int best = -1;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_get(l)->faction == s->seats[seat].faction && in_tanks_disc(s, l) &&
            (best < 0 || nx_leader_get(l)->strength > nx_leader_get(best)->strength))
            best = l;
    return best;
}

/* Tleilaxu Ghola, played from the revival decision (it answers none, so
 * the decision stays open): its strongest dead leader first (25, above
 * any paid revival), else a full load of forces (12 with 4 or more). */
static void ghola_moves(const nx_state *s, uint8_t seat, json_t *out)
{
    char why[200];
    ghola g = { .leader = strongest_dead(s, seat) };
    if (g.leader >= 0 && !ghola_problem(s, seat, &g, why, sizeof why)) {
        nx_moves_add(out, 25, json_pack("{s:s, s:s}", "type", "ghola", "leader", nx_comp_id(nx_comp_leader_disc(g.leader))));
        return;
    }
    plan load = take_forces(s, seat, GHOLA_FORCES);
    g = (ghola){ .leader = -1, .forces = load.forces, .elite = load.elite };
    if (g.forces + g.elite && !ghola_problem(s, seat, &g, why, sizeof why))
        nx_moves_add(out, g.forces + g.elite >= 4 ? 12 : 0,
                     json_pack("{s:s, s:i, s:i}", "type", "ghola", "forces", g.forces, "elite", g.elite));
}

/* A card's grant is worth using whole (30 and up): its forces, elite
 * first, with the free forces on top when the Tanks hold enough, and its
 * leader (the strongest it may take). */
static void grant_moves(const nx_state *s, uint8_t seat, json_t *out)
{
    int g = force_grant(s, seat), lg = leader_grant(s, seat);
    if ((g < 0 || NX_GRANT_LEDGER(grant_arg(s, g)) == NX_GRANT_FREE_RATE) && lg < 0) return;
    plan base = { .leader = -1, .grant_leader = -1 };
    if (g >= 0 && NX_GRANT_LEDGER(grant_arg(s, g)) != NX_GRANT_FREE_RATE) {
        plan t = take_forces(s, seat, NX_GRANT_FORCES(grant_arg(s, g)));
        base.grant_forces = t.forces;
        base.grant_elite = t.elite;
    }
    if (lg >= 0) {
        int extra = (grant_arg(s, lg) & 1) == NX_GRANT_LEADER_EXTRA;
        base.grant_leader = extra ? strongest_dead(s, seat) : revivable_leader(s, seat);
    }
    plan more = base;
    int left = in_tanks(s, seat, NX_FORCE_NORMAL) - base.grant_forces, fr = free_for(s, seat);
    more.forces = left < fr ? left : fr;
    if (more.forces > 0) add_plan(s, seat, &more, 31, out);
    add_plan(s, seat, &base, 30, out);
    if (base.grant_leader >= 0) {
        plan alone = base;
        alone.grant_forces = alone.grant_elite = 0;
        add_plan(s, seat, &alone, 29, out);
    }
}

/*
 * Free forces always (score 10 and up); all it may revive when spice is
 * plentiful (10 left after paying); a leader on top when it can afford
 * it with 5 to spare, else the dead Kwisatz Haderach (a leader first:
 * only one of them a turn); the Emperor pays for its ally's forces when rich;
 * a Tleilaxu Ghola when the seat holds one (ghola_moves).
 */
static void revival_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    uint8_t seat = p->seat;
    int spice = spice_of(s, seat);
    nx_moves_add(out, 1, json_pack("{s:s}", "type", "pass"));
    plan fr = take_forces(s, seat, free_for(s, seat));
    if (fr.forces + fr.elite) add_plan(s, seat, &fr, 10 + fr.forces + fr.elite, out);
    plan all = take_forces(s, seat, most_forces(s, seat));
    if (all.forces + all.elite > fr.forces + fr.elite)
        add_plan(s, seat, &all, spice - plan_cost(s, seat, &all) >= 10 ? 15 : 2, out);
    int leader = revivable_leader(s, seat);
    if (leader >= 0) {
        plan with = fr;
        with.leader = leader;
        add_plan(s, seat, &with, spice - plan_cost(s, seat, &with) >= 5 ? 20 : 3, out);
    }
    if (!kh_refusal(s, seat)) {
        plan with = fr;
        with.kh = 1;
        add_plan(s, seat, &with, spice - plan_cost(s, seat, &with) >= 5 ? 18 : 3, out);
    }
    uint8_t ally = emperor_ally(s, seat);
    if (ally != NX_NO_SEAT && tanks_total(s, ally)) {
        plan help = { .leader = -1, .grant_leader = -1 };
        plan theirs = take_forces(s, ally, EMPEROR_EXTRA);
        help.ally_forces = theirs.forces;
        help.ally_elite = theirs.elite;
        add_plan(s, seat, &help, spice - plan_cost(s, seat, &help) >= 15 ? 8 : 0, out);
    }
    ghola_moves(s, seat, out);
    grant_moves(s, seat, out);
}

/* ---- the module --------------------------------------------------------------------- */

static const nx_act_entry revival_actions[] = {
    { "revive", act_revive, 0 },
    { "ghola", act_ghola, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops revival_decisions[] = {
    { NX_PEND_REVIVAL, pass_revival, revival_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_revival = { "revival", NX_P_REVIVAL, revival_procedure, revival_actions, revival_decisions };
