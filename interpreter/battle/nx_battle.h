/*
 * nx_battle: the parts of the Battle phase (internal to battle/;
 * docs/rules/phase-battle.md, docs/rules/battle.md).  Each file calls
 * only those listed above it:
 *
 *   nx_battle_sides.c   who fights: the battlefield, the sides and their
 *                       fighters, the free leaders, a card's design,
 *                       whether a Karama stopped an advantage;
 *   nx_battle_voice.c   what comes before the plans: Voice, Prescience,
 *                       the Karama windows against them and against the
 *                       Kwisatz Haderach, the Kwisatz Haderach itself,
 *                       and what they bind a plan to;
 *   nx_battle_plan.c    battle plans: what is legal, the "battle_plan"
 *                       action, the bots' plans;
 *   nx_battle_foresee.c the Prescience answer (checked against a plan);
 *   nx_battle_resolve.c reveal, traitor calls, resolution, the winner's
 *                       cards, Harkonnen capture;
 *   nx_phase_battle.c   where battles happen, the procedure, the
 *                       aggressor's choice, the module's tables.
 *
 * The battle in hand lives in s->play.battle_* (core/nx_state.h): side 0
 * is the aggressor, side 1 its opponent.  Strengths are counted in half
 * points because an Advanced dial may end in a half.
 */
#ifndef NX_BATTLE_H
#define NX_BATTLE_H

#include "nx_battle_codes.h"
#include "nx_module.h"

#define NX_BATTLE_SIDES 2

/* The advantages (NX_ADV_*), Prescience's elements and commitments
 * (NX_ELEM_*, NX_FIX_*), the Voice's command (NX_VOICE_PLAY/NOT_PLAY) and
 * NX_KH_AWAKENS are the state's codes: core/nx_battle_codes.h. */


/* ---- who fights (nx_battle_sides.c) ------------------------------------------ */

/* The sections of the battlefield that holds `sec` (the storm may cut a
 * territory in several); 0 when no battle may happen there (Polar Sink,
 * a stormed section under the default reading). */
int nx_battle_field(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY]);
/* The sections whose forces of a seat fight in the battle at `sec`: the
 * battlefield, or the whole territory (turn.battle_split_army). */
int nx_battle_region(const nx_state *s, int sec, int out[NX_MAP_MAX_SECTIONS_PER_TERRITORY]);
/* A seat's fighters (advisors excluded) on the sections secs[0..n), by kind. */
void nx_battle_fighters_on(const nx_state *s, uint8_t seat, const int *secs, int n, int counts[NX_FORCE_KINDS]);
/* A seat's fighters (advisors excluded) in the battle's region, by kind. */
void nx_battle_fighters(const nx_state *s, uint8_t seat, int counts[NX_FORCE_KINDS]);

/* The same, with Emperor Cunning's virtual elite (an NX_EFF_VIRTUAL_ELITE
 * of the seat, unless a Karama or Betrayal stopped the Sardaukar): that
 * many ordinary counters count as elite.  Strength, support and the dial
 * read these; losses are taken from the physical counters
 * (nx_battle_physical_losses). */
void nx_battle_fighters_effective(const nx_state *s, uint8_t seat, int counts[NX_FORCE_KINDS]);
/* Effective losses (elite counted as above) -> the counters removed. */
void nx_battle_physical_losses(const nx_state *s, uint8_t seat, int lose[NX_FORCE_KINDS]);

/* The side (0, 1) a combatant fights on, -1 for anyone else. */
int nx_battle_side(const nx_state *s, uint8_t seat);
/* The side a seat may call a traitor for: its own, or its ally's when it
 * is the Harkonnen (base p.17); -1 when none. */
int nx_battle_call_side(const nx_state *s, uint8_t seat);

/* Is the leader disc in the seat's pool and free to fight here (not
 * fought in another territory this phase)? */
int nx_battle_leader_free(const nx_state *s, uint8_t seat, int leader);
/* May the seat fill its leader slot (a free leader or a Cheap Hero)? */
int nx_battle_can_lead(const nx_state *s, uint8_t seat);
/* The seat's free leaders, strongest first; returns how many. */
int nx_battle_free_leaders(const nx_state *s, uint8_t seat, int out[NX_LEADER_COUNT]);
/* A Cheap Hero (or Heroine) in the seat's hand, or NX_COMP_NONE. */
nx_comp nx_battle_cheap_hero(const nx_state *s, uint8_t seat);
/* A leader's fighting strength (Zoal's variable strength counts 0). */
int nx_battle_strength(int leader);
/* The Treachery design of a card component. */
nx_treachery_card nx_battle_card(nx_comp c);
/* Did a Karama stop the advantage (this battle, or the phase)? */
int nx_battle_stopped(const nx_state *s, int adv);

/* ---- plans (nx_battle_plan.c) ----------------------------------------------- */

typedef struct nx_battle_plan {
    nx_comp leader;                 /* a leader disc, a Cheap Hero card, NX_COMP_NONE */
    nx_comp weapon, defence;        /* Treachery cards or NX_COMP_NONE */
    int dial2;                      /* strength dialed, half points */
    int spice;                      /* Advanced support */
    int elite;                      /* elite counters in the dial; -1: the fewest that fit */
    int kh;                         /* Advanced Atreides: the Kwisatz Haderach goes along */
    int lose[NX_FORCE_KINDS];       /* out: the counters the dial commits */
} nx_battle_plan;

/* Why a card or leader cannot fill that slot of the seat's plan, whatever
 * else the plan holds (0 when it may; NX_COMP_NONE always may). */
int nx_battle_slot_problem(const nx_state *s, uint8_t seat, nx_treachery_slot slot, nx_comp c, char *why, size_t len);
/* Complete a plan around the elements in `given` (NX_FIX_* bits; the dial
 * and support with NX_FIX_DIAL / NX_FIX_SUPPORT): 0 and pl filled with a
 * legal plan (the first found, dial 0 unless given), -1 when none is. */
int nx_battle_find_plan(const nx_state *s, int side, nx_battle_plan *pl, unsigned given);
/* A dial using `count` counters, elite first, supported while spice lasts. */
void nx_battle_dial_with(const nx_state *s, int side, int count, nx_battle_plan *pl);
/* A dial in half points as JSON: 3, or 2.5. */
json_t *nx_battle_dial_json(int dial2);
/* The action's "dial": a whole number, or (Advanced) one ending in a half. */
int nx_battle_read_dial(nx_act *a, int *dial2);
/* Why the plan is illegal for that side (0 when legal; fills pl->lose). */
int nx_battle_plan_check(const nx_state *s, int side, nx_battle_plan *pl, char *why, size_t len);

int nx_battle_act_plan(nx_act *a);
void nx_battle_plan_moves(const nx_state *s, const nx_pending *p, json_t *out);
/* The elements Prescience fixed in the side's plan, copied into pl;
 * returns their NX_FIX_* bits (what nx_battle_find_plan is given). */
unsigned nx_battle_fixed_elements(const nx_state *s, int side, nx_battle_plan *pl);
/* The legal-move space of the seat's battle plan (nx_space_plan.c;
 * docs/protocol.md "The space"), or NULL when it fights no battle. */
json_t *nx_space_battle_plan(const nx_state *s, uint8_t seat);
/* The space of the answer to Prescience when it named the dial, or NULL
 * (another element: its answers are few and all listed). */
json_t *nx_space_foresee(const nx_state *s, uint8_t seat);

/* ---- before the plans (nx_battle_voice.c) ----------------------------------------- */

/* The side a seat's battle advantages serve: its own, or its ally's
 * (Voice and Prescience work in the ally's battle); -1 when none. */
int nx_battle_adv_side(const nx_state *s, uint8_t seat);

/* Each opens its decisions and returns 1, or returns 0 when there is
 * nothing to ask: the Karama window against an advantage (every seat but
 * its user that may hold a Karama; NX_ADV_KH, NX_ADV_SARDAUKAR and
 * NX_ADV_FREMEN before any plan, Voice and Prescience once named,
 * NX_ADV_CAPTURE once the captive is drawn), the Voice, Prescience. */
int nx_battle_open_window(nx_act *a, int adv);
int nx_battle_open_voice(nx_act *a);
int nx_battle_open_prescience(nx_act *a);
/* The seat using an advantage: its faction's, or the Secret Ally holder
 * that borrowed it (NX_EFF_GRANT / NX_EFF_USED); NX_NO_SEAT. */
uint8_t nx_battle_user(const nx_state *s, int adv);
/* A Nexus play answers the response window p (nx_panel_play): recorded
 * like any answer, played when the window closes. */
int nx_battle_answer_nexus(nx_act *a, const nx_pending *p);
/* A panel stops an advantage for this battle, or (attempt_only, Prescience)
 * only the attempt being made (ctx:stop); -1 when it cannot. */
int nx_battle_stop(nx_act *a, int adv, uint8_t by, int attempt_only);
int nx_battle_adv_parse(const char *id);      /* "voice" -> NX_ADV_VOICE; NX_ADV_NONE */
int nx_battle_adv_event(int adv);             /* the event its response window raises */
/* Settle the Karama window once every answer is in (no-op without one):
 * 0, or 1 when the answer that acts is a Nexus play held for its own
 * Karama window; the procedure then waits and calls again once the play
 * is made or spent (that call clears the window's event). */
int nx_battle_close_window(nx_act *a);
/* The battle is over: nothing of this battle's Voice, Prescience or
 * Karama binds the next one. */
void nx_battle_clear_advantages(nx_state *s);

/* What a plan must respect besides its own cards and forces; each fills
 * why and returns -1 when the plan breaks it. */
int nx_battle_voice_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len);
int nx_battle_fixed_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len);
int nx_battle_kh_problem(const nx_state *s, int side, const nx_battle_plan *pl, char *why, size_t len);
/* The side an advantage works against (-1: none); does a Voice command
 * bind this side now?  The plan elements an answer to Prescience's
 * element fixes (NX_FIX_*); a leader's or card's name ("none"). */
int nx_battle_target_side(const nx_state *s, int adv);
int nx_battle_voiced(const nx_state *s, int side);
unsigned nx_battle_elem_fix(const nx_state *s, int e);
const char *nx_battle_comp_name(nx_comp c);
/* Does a binding Voice forbid this side its Cheap Hero? */
int nx_battle_hero_forbidden(const nx_state *s, int side);
/* Would card c break the Voice binding this side? (for bots) */
int nx_battle_voice_hits(const nx_state *s, int side, nx_comp c);
/* A Voice "play" command this side can obey; NX_COMP_NONE when none binds
 * it or it cannot (for bots: the card to play). */
nx_comp nx_battle_voice_demand(const nx_state *s, int side);
/* May this side's plan add the Kwisatz Haderach now? */
int nx_battle_kh_usable(const nx_state *s, int side);
/* Forces of a seat sent to the Tanks by a battle: Atreides counts them
 * toward the Kwisatz Haderach (`ordinary`: in case D of the resolution). */
void nx_battle_kh_losses(nx_act *a, uint8_t seat, int n, int ordinary);

int nx_battle_act_voice(nx_act *a);
int nx_battle_pass_voice(nx_act *a, const nx_pending *p);
void nx_battle_voice_moves(const nx_state *s, const nx_pending *p, json_t *out);
int nx_battle_act_prescience(nx_act *a);
int nx_battle_pass_prescience(nx_act *a, const nx_pending *p);
void nx_battle_prescience_moves(const nx_state *s, const nx_pending *p, json_t *out);
int nx_battle_act_karama(nx_act *a);
int nx_battle_pass_karama(nx_act *a, const nx_pending *p);
void nx_battle_karama_moves(const nx_state *s, const nx_pending *p, json_t *out);

/* ---- the Prescience answer (nx_battle_foresee.c) ------------------------------------ */

int nx_battle_open_foresee(nx_act *a);
int nx_battle_act_foresee(nx_act *a);
void nx_battle_foresee_moves(const nx_state *s, const nx_pending *p, json_t *out);

/* ---- reveal and resolution (nx_battle_resolve.c) ------------------------------- */

/* Both plans public; the leaders are committed to the territory. */
void nx_battle_reveal(nx_act *a);
/* Open a traitor call for every seat that may make one; 1 if any. */
int nx_battle_open_calls(nx_act *a);
/* Settle the battle; 1 when the winner must decide about its cards. */
int nx_battle_resolve(nx_act *a);
/* Harkonnen (Advanced) won: draw a leader of the loser; 1 when drawn. */
int nx_battle_draw_captive(nx_act *a);
/* Ask Harkonnen what becomes of the drawn leader, unless a Karama
 * stopped the capture; 1 when asked. */
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

/* ---- after the calls, after the battle (nx_traitor_window.c, nx_battle_after.c) ---- */

/* When Harkonnen called (for itself or its ally): reveal the calls and
 * open the traitor_revealed window for every other Nexus holder
 * (common.reactions.private_policy "uniform_window"); 1 when opened. */
int nx_battle_open_reveal(nx_act *a);
/* Cancel the call of `caller`: its bit goes, *card is the Traitor Card it
 * revealed (still in the caller's hand); -1 when it made no call. */
int nx_battle_cancel_call(nx_act *a, uint8_t caller, nx_comp *card);
/* Is the side's discard of its played cards held back for the loser's
 * step (Moritani Secret Ally)? */
int nx_battle_defers_discard(nx_act *a, int side);
/* The loser's step (battle_lost), the held-back discards, the winner's
 * step (battle_won); the opens return 1 when a window opened. */
int nx_battle_open_lost(nx_act *a);
void nx_battle_settle_discards(nx_act *a);
int nx_battle_open_won(nx_act *a);
/* A side's played Treachery cards (leader slot, weapon, defence). */
int nx_battle_played(const nx_state *s, int side, nx_comp out[3]);

/* The Battle phase's module (nx_phase_battle.c), in the Dune ruleset's list. */
extern const nx_module nx_mod_battle;

#endif
