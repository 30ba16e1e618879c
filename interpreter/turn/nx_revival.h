/*
 * nx_revival: what the Revival phase tells the rest of the interpreter
 * (a panel's ctx) about a seat's revival, from the rules it owns.
 */
#ifndef NX_REVIVAL_H
#define NX_REVIVAL_H

#include <stddef.h>

#include <jansson.h>
#include "nx_state.h"

/* Elite forces (Sardaukar, Fedaykin) the seat may still get back this
 * turn by any route: one a turn in the Advanced game (FAQ-N p.2). */
int nx_revival_elite_room(const nx_state *s, uint8_t seat);

/* A revival request: what "revive" names. */
typedef struct nx_revival_plan {
    int forces, elite;             /* the seat's own, from the Tanks */
    int leader;                    /* leader index, or -1 */
    int ally_forces, ally_elite;   /* Emperor only: its ally's, paid by the Emperor */
    int kh;                        /* Atreides: the Kwisatz Haderach */
    int grant_forces, grant_elite; /* the seat's own, on a card's grant */
    int grant_leader;              /* leader index revived on a card's leader grant, or -1 */
} nx_revival_plan;

/* The check of "revive" (the legal-move space reads it): 0 with *cost
 * (may be NULL) the spice it costs, or -1 and why. */
/* Writes the plan's non-zero fields into o, as a revive action names them. */
void nx_revival_plan_fields(const nx_revival_plan *pl, json_t *o);
int nx_revival_check(const nx_state *s, uint8_t seat, const nx_revival_plan *pl, int *cost, char *why, size_t len);
/* Has a card left the seat a revival grant (grant_forces, grant_leader)? */
int nx_revival_grant_open(const nx_state *s, uint8_t seat);
/* Limits of "revive"'s numbers as the action reads them. */
#define NX_REVIVAL_READ_MAX 3       /* forces, elite, ally_forces, ally_elite */
#define NX_REVIVAL_GRANT_READ_MAX 7 /* grant_forces, grant_elite */

#endif
