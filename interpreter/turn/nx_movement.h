/*
 * nx_movement: how forces cross the board (internal to interpreter/;
 * docs/rules/phase-shipment-movement.md).
 *
 * The map data knows which territories touch, not which sections do, so
 * movement works on a model of section contact (the "section graph"):
 *
 *   - two sections of one territory touch when their sectors are next to
 *     each other (a territory's sectors are contiguous on the board);
 *   - sections of two adjacent territories touch when their sectors are
 *     the same or next to each other;
 *   - the Polar Sink (no sector) touches every section of its neighbours.
 *
 * A stormed section can be neither entered, left nor crossed, so a
 * territory partly in storm can be crossed only in its clear sections,
 * and a storm sector can be got round only through the Polar Sink, as on
 * the board.  Range counts territories entered; moving to another sector
 * of the same territory costs no range but is still the move.
 *
 * Battle uses the same contact within a territory to say which forces the
 * storm separates (nx_move_same_group).
 */
#ifndef NX_MOVEMENT_H
#define NX_MOVEMENT_H

#include <stddef.h>

#include "nx_act.h"

/* "Old Gap (East)", or the territory name for a one-section territory. */
const char *nx_move_section_label(int section, char *buf, size_t len);

/* Two sections of one territory not separated by the storm: both clear
 * and joined through clear sections, or the very same section. */
int nx_move_same_group(const nx_state *s, int a, int b);

/* Forces of `seat` that count as fighters on a section / in a territory
 * (Advanced Bene Gesserit advisors do not). */
int nx_move_fighters_at(const nx_state *s, uint8_t seat, int section);
int nx_move_fighters_in(const nx_state *s, uint8_t seat, int t);

/* A stronghold that fighters of two factions other than `seat` already
 * hold: `seat` may not ship, send or move into or through it. */
int nx_move_stronghold_full(const nx_state *s, uint8_t seat, int t);

/* Bene Gesserit advisors on this section (Advanced only). */
int nx_move_is_advisor(const nx_state *s, uint8_t seat, int section);
/* Is the Bene Gesserit stance in territory t "advisors"? */
int nx_move_territory_advisors(const nx_state *s, int t);
/* Put every Bene Gesserit stack of territory t in one stance. */
void nx_move_set_stance(nx_state *s, int t, int advisors);
/* Clear advisor marks where Bene Gesserit have no forces left. */
void nx_move_tidy_advisors(nx_state *s);
/* Universal Stewards: advisors alone in a territory (not under storm)
 * become fighters; logged. */
void nx_move_stewards(nx_act *a);
/* Why the Bene Gesserit advisors of territory t may not all become
 * fighters in place now (Wartime): none there, Stormed In, Peacetime, or
 * a stronghold two other factions' fighters hold (our reading: a flip
 * obeys the occupancy limit as Take Up Arms does).  0 when they may. */
int nx_move_flip_refusal(const nx_state *s, int t, char *why, size_t len);
/* Intrusion: forces of `seat` have just entered territory t; may the
 * Advanced Bene Gesserit, not allied to it, turn their fighters there
 * into advisors? */
int nx_move_intrusion_due(const nx_state *s, uint8_t seat, int t);
/* Open the Intrusion decision for s->play.intrusion_at (any phase where
 * forces arrive: shipment and movement, a worm ride); returns 1. */
int nx_move_open_intrusion(nx_act *a);

/* A movement request, as read from a "move" action. */
typedef struct nx_move_req {
    uint8_t seat;
    int from_t;         /* the territory the group leaves */
    int from_sec;       /* one section of it, or -1: any that can make the move */
    int to;             /* destination section */
    int normal, elite;  /* counters moved, by kind */
    int hajr;           /* the extra move a Hajr card gives */
    int fight;          /* Bene Gesserit advisors take up arms on arrival */
} nx_move_req;

/* What a legal move does. */
typedef struct nx_move_plan {
    int nsrc;
    int src[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int take[NX_MAP_MAX_SECTIONS_PER_TERRITORY][NX_FORCE_KINDS];
    int range;
    int ornithopters;
    int advisors_in, advisors_out;  /* the group's stance before and after */
    nx_comp hajr_card;
} nx_move_plan;

/* Has the seat fighters in Arrakeen or Carthag (ornithopters, and the
 * collection rate of 3)? */
int nx_move_holds_a_city(const nx_state *s, uint8_t seat);
/* The seat's movement range for a group (advisors never fly). */
int nx_move_range(const nx_state *s, uint8_t seat, int advisors);

/* Does this legal move need the Fremen's two-territory range (a move
 * the group could not make at range 1)?  A Karama may cancel it. */
int nx_move_uses_double(const nx_state *s, const nx_move_req *r);

/* Counters of each kind in r->from_t (or r->from_sec) that could reach
 * r->to this move, ignoring r->normal/elite. */
void nx_move_available(const nx_state *s, const nx_move_req *r, int avail[NX_FORCE_KINDS]);

/* Is the move legal (apart from whose turn it is)?  0 with the plan, or
 * -1 with the reason in why. */
int nx_move_check(const nx_state *s, const nx_move_req *r, nx_move_plan *plan, char *why, size_t len);
/* Carry out a checked move and log it. */
void nx_move_apply(nx_act *a, const nx_move_req *r, const nx_move_plan *plan);

/* Write a refusal reason; returns -1.  A why of NULL (len 0) says nobody
 * reads the reason (a bot's candidate search asks only whether): nothing
 * is formatted.  Every check taking why, len accepts that. */
int nx_move_refuse(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "5 forces" or "5 forces (2 elite)". */
const char *nx_move_forces_label(int normal, int elite, char *buf, size_t len);

/* A Treachery card of this design in the seat's hand, or NX_COMP_NONE. */
nx_comp nx_move_card_in_hand(const nx_state *s, uint8_t seat, nx_treachery_card card);

#endif
