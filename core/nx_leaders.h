/*
 * nx_leaders: the leader discs of all twelve factions (transcribed from the
 * project's game-facts data, leaders.csv).  A Traitor Card names one
 * leader, so the leader table is also the Traitor Card inventory.
 */
#ifndef NX_LEADERS_H
#define NX_LEADERS_H

#include "nx_faction.h"

#define NX_LEADER_COUNT 61
#define NX_STRENGTH_VARIABLE (-1)   /* Tleilaxu's Zoal */

typedef struct nx_leader {
    nx_faction faction;
    const char *id;      /* "feyd_rautha" */
    const char *name;    /* "Feyd Rautha" */
    int strength;        /* NX_STRENGTH_VARIABLE for Zoal */
} nx_leader;

const nx_leader *nx_leader_get(int index);   /* 0 <= index < NX_LEADER_COUNT */
int nx_leader_find(const char *id_or_name);  /* -1 when unknown */
/* Does this leader have a Traitor Card?  (Every leader except CHOAM's
 * Auditor; see docs/rules/traitors.md.) */
int nx_leader_has_traitor_card(int index);

#endif
