/*
 * nx_faction: the twelve factions of the Nexus module, in the order of the
 * photographed card table (001_6779c2bf82a9ae38.txt, "All twelve printed
 * effect contracts").  A faction is a small integer; names and ids are data.
 */
#ifndef NX_FACTION_H
#define NX_FACTION_H

typedef enum {
    NX_ATREIDES,
    NX_BENE_GESSERIT,
    NX_EMPEROR,
    NX_FREMEN,
    NX_HARKONNEN,
    NX_SPACING_GUILD,
    NX_IXIANS,
    NX_TLEILAXU,
    NX_CHOAM,
    NX_RICHESE,
    NX_ECAZ,
    NX_MORITANI,
    NX_FACTION_COUNT,
    NX_NO_FACTION = -1
} nx_faction;

/* "Bene Gesserit" */
const char *nx_faction_name(nx_faction f);
/* "bene_gesserit": the card id and the id used in files and JSON. */
const char *nx_faction_id(nx_faction f);
/* Look up by display name or id; NX_NO_FACTION when unknown. */
nx_faction nx_faction_parse(const char *s);

/* Force counters of a faction: ordinary ones, and elite ones (Sardaukar,
 * Fedaykin).  Every faction has twenty counters. */
int nx_faction_forces(nx_faction f);
int nx_faction_elite_forces(nx_faction f);

#endif
