/*
 * nx_battle: the parts of the Battle phase (internal to interpreter/;
 * docs/rules/phase-battle.md, docs/rules/battle.md).
 *
 *   nx_phase_battle.c   where battles happen, the procedure, the
 *                       aggressor's choice, the module's tables;
 *   nx_battle_plan.c    battle plans: what is legal, the "battle_plan"
 *                       action, the bots' plans;
 *   nx_battle_resolve.c reveal, traitor calls, resolution, the winner's
 *                       cards, Harkonnen capture.
 *
 * The battle in hand lives in s->play.battle_* (core/nx_state.h): side 0
 * is the aggressor, side 1 its opponent.  Strengths are counted in half
 * points because an Advanced dial may end in a half.
 */
#ifndef NX_BATTLE_H
#define NX_BATTLE_H

#include "nx_module.h"

#define NX_BATTLE_SIDES 2

/* ---- where battles happen (nx_phase_battle.c) ---------------------------- */

/* The sections of the battlefield that holds `sec` (the storm may cut a
 * territory in several); 0 when no battle may happen there (Polar Sink,
 * a stormed section under the default reading). */
int nx_battle_field(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY]);
/* The sections whose forces of a seat fight in the battle at `sec`: the
 * battlefield, or the whole territory (turn.battle_split_army). */
int nx_battle_region(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY]);
/* A seat's fighters (advisors excluded) in the battle's region, by kind. */
void nx_battle_fighters(const nx_state *s, uint8_t seat, int counts[NX_FORCE_KINDS]);

/* The side (0, 1) a combatant fights on, -1 for anyone else. */
int nx_battle_side(const nx_state *s, uint8_t seat);
/* The side a seat may call a traitor for: its own, or its ally's when it
 * is the Harkonnen (base p.17); -1 when none. */
int nx_battle_call_side(const nx_state *s, uint8_t seat);

/* ---- plans (nx_battle_plan.c) ----------------------------------------------- */

typedef struct nx_battle_plan {
    nx_comp leader;                 /* a leader disc, a Cheap Hero card, NX_COMP_NONE */
    nx_comp weapon, defence;        /* Treachery cards or NX_COMP_NONE */
    int dial2;                      /* strength dialed, half points */
    int spice;                      /* Advanced support */
    int elite;                      /* elite counters in the dial; -1: the fewest that fit */
    int lose[NX_FORCE_KINDS];       /* out: the counters the dial commits */
} nx_battle_plan;

/* Is the leader disc in the seat's pool and free to fight here (not
 * fought in another territory this phase)? */
int nx_battle_leader_free(const nx_state *s, uint8_t seat, int leader);
/* May the seat fill its leader slot (a free leader or a Cheap Hero)? */
int nx_battle_can_lead(const nx_state *s, uint8_t seat);
/* Why the plan is illegal for that side (0 when legal; fills pl->lose). */
int nx_battle_plan_check(const nx_state *s, int side, nx_battle_plan *pl, char *why, size_t len);
/* A leader's fighting strength (Zoal's variable strength counts 0). */
int nx_battle_strength(int leader);
/* The Treachery design of a card component. */
nx_treachery_card nx_battle_card(nx_comp c);

int nx_battle_act_plan(nx_act *a);
void nx_battle_plan_moves(const nx_state *s, const nx_pending *p, json_t *out);

/* ---- reveal and resolution (nx_battle_resolve.c) ------------------------------- */

/* Both plans public; the leaders are committed to the territory. */
void nx_battle_reveal(nx_act *a);
/* Open a traitor call for every seat that may make one; 1 if any. */
int nx_battle_open_calls(nx_act *a);
/* Settle the battle; 1 when the winner must decide about its cards. */
int nx_battle_resolve(nx_act *a);
/* Harkonnen (Advanced) won: draw a leader of the loser; 1 when drawn. */
int nx_battle_open_capture(nx_act *a);
/* Captives go home: those that fought for Harkonnen (end of phase), or
 * every one when Harkonnen has no leader of its own left. */
void nx_battle_return_captives(nx_act *a, int phase_over);

int nx_battle_act_call(nx_act *a);
int nx_battle_pass_call(nx_act *a, const nx_pending *p);
void nx_battle_call_moves(const nx_state *s, const nx_pending *p, json_t *out);
int nx_battle_act_keep(nx_act *a);
int nx_battle_pass_keep(nx_act *a, const nx_pending *p);
void nx_battle_keep_moves(const nx_state *s, const nx_pending *p, json_t *out);
int nx_battle_act_capture(nx_act *a);
int nx_battle_pass_capture(nx_act *a, const nx_pending *p);
void nx_battle_capture_moves(const nx_state *s, const nx_pending *p, json_t *out);

#endif
