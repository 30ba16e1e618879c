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

/* A revival request: what "revive" names. */
typedef struct plan {
    int forces, elite;             /* the seat's own, from the Tanks */
    int leader;                    /* leader index, or -1 */
    int ally_forces, ally_elite;   /* Emperor only: its ally's, paid by the Emperor */
    int kh;                        /* Atreides: the Kwisatz Haderach */
} plan;

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static int in_tanks(const nx_state *s, uint8_t seat, int kind) { return s->seats[seat].forces[NX_PLACE_TANKS][kind]; }

static int spice_of(const nx_state *s, uint8_t seat) { return s->seats[seat].spice > 0 ? s->seats[seat].spice : 0; }

static int free_for(const nx_state *s, uint8_t seat)
{
    int n = free_revivals[s->seats[seat].faction];
    uint8_t ally = s->seats[seat].ally;
    if (ally != NX_NO_SEAT && s->seats[ally].faction == NX_FREMEN && n < FREMEN_ALLY_FREE) n = FREMEN_ALLY_FREE;
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

/* The Emperor's ally, when the Emperor may pay for its revivals. */
static uint8_t emperor_ally(const nx_state *s, uint8_t seat)
{
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

/* Why `seat` may not revive `pl` now (0 when it may). */
static int plan_problem(const nx_state *s, uint8_t seat, const plan *pl, char *why, size_t len)
{
    if (pl->forces + pl->elite > REVIVAL_LIMIT) {
        nx_fmt(why, len, "at most %d forces may be revived a turn", REVIVAL_LIMIT);
        return -1;
    }
    if (force_problem(s, seat, pl->forces, pl->elite, "its", why, len)) return -1;
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

static void revive_forces(nx_state *s, uint8_t who, int forces, int elite)
{
    nx_state_move_forces(s, who, NX_FORCE_NORMAL, NX_PLACE_TANKS, NX_PLACE_RESERVES, forces);
    nx_state_move_forces(s, who, NX_FORCE_ELITE, NX_PLACE_TANKS, NX_PLACE_RESERVES, elite);
    if (elite) s->play.revived_elite |= bit(who);
}

static void plan_apply(nx_act *a, uint8_t seat, const plan *pl)
{
    nx_state *s = a->s;
    char who[64], ally_who[64];
    nx_act_who(s, seat, who, sizeof who);
    int cost = plan_cost(s, seat, pl);
    s->seats[seat].spice = (int16_t)(s->seats[seat].spice - cost);
    revive_forces(s, seat, pl->forces, pl->elite);
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
    if (!n && pl->leader < 0 && !pl->kh && !extra) nx_act_log(a, "%s revives nothing", who);
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

static int revival_procedure(nx_act *a)
{
    nx_state *s = a->s;
    if (s->play.step != STEP_OPEN) return 0;
    s->play.step = STEP_DONE;
    s->play.revived = 0;
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (has_something(s, seat)) open_revival(s, seat);
    return s->npending > 0;
}

/* ---- actions --------------------------------------------------------------------- */

static int read_leader(nx_act *a, int *out)
{
    json_t *j = json_object_get(a->action, "leader");
    *out = -1;
    if (!j) return 0;
    nx_comp c = json_is_string(j) ? nx_comp_parse(json_string_value(j)) : NX_COMP_NONE;
    if (c == NX_COMP_NONE || nx_comp_kind_of(c) != NX_COMP_LEADER)
        return nx_act_fail(a, "malformed", "\"leader\" must name a leader disc (\"leader:duncan_idaho\")");
    *out = nx_comp_leader(c);
    return 0;
}

static int read_kh(nx_act *a, int *out)
{
    json_t *j = json_object_get(a->action, "kwisatz_haderach");
    if (j && !json_is_boolean(j)) return nx_act_fail(a, "malformed", "\"kwisatz_haderach\" must be true or false");
    *out = json_is_true(j);
    return 0;
}

static int act_revive(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("forces", "elite", "leader", "ally_forces", "ally_elite", "kwisatz_haderach"))) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_REVIVAL);
    if (!p) return -1;
    plan pl;
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
                   nx_move_forces_label(g.forces, g.elite, n, sizeof n), g.forces + g.elite == 1 ? "s" : "");
    }
    return 0;
}

/* ---- bots -------------------------------------------------------------------------- */

/* Up to n of the seat's own forces, elite first (they are worth more). */
static plan take_forces(const nx_state *s, uint8_t seat, int n)
{
    plan pl = { .leader = -1 };
    int room = elite_room(s, seat);
    pl.elite = in_tanks(s, seat, NX_FORCE_ELITE) < room ? in_tanks(s, seat, NX_FORCE_ELITE) : room;
    if (pl.elite > n) pl.elite = n;
    pl.forces = in_tanks(s, seat, NX_FORCE_NORMAL) < n - pl.elite ? in_tanks(s, seat, NX_FORCE_NORMAL) : n - pl.elite;
    return pl;
}

static json_t *revive_action(const plan *pl)
{
    json_t *o = json_pack("{s:s}", "type", "revive");
    const struct { const char *key; int v; } nums[] = {
        { "forces", pl->forces }, { "elite", pl->elite }, { "ally_forces", pl->ally_forces }, { "ally_elite", pl->ally_elite },
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        if (nums[i].v) json_object_set_new(o, nums[i].key, json_integer(nums[i].v));
    if (pl->leader >= 0) json_object_set_new(o, "leader", json_string(nx_comp_id(nx_comp_leader_disc(pl->leader))));
    if (pl->kh) json_object_set_new(o, "kwisatz_haderach", json_true());
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
        plan help = { .leader = -1 };
        plan theirs = take_forces(s, ally, EMPEROR_EXTRA);
        help.ally_forces = theirs.forces;
        help.ally_elite = theirs.elite;
        add_plan(s, seat, &help, spice - plan_cost(s, seat, &help) >= 15 ? 8 : 0, out);
    }
    ghola_moves(s, seat, out);
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
