#include "nx_faction.h"

#include <assert.h>
#include <string.h>

/* Elite counters: Emperor's five Sardaukar and Fremen's three Fedaykin
 * (base rulebook, faction sheets).  The expansion factions' special
 * counters (Ixian Cyborgs and the like) are not distinguished yet: they
 * count as ordinary until the rules that treat them differently exist. */
static const struct {
    const char *name;
    const char *id;
    int elite;
} faction_table[NX_FACTION_COUNT] = {
    [NX_ATREIDES] = { "Atreides", "atreides", 0 },
    [NX_BENE_GESSERIT] = { "Bene Gesserit", "bene_gesserit", 0 },
    [NX_EMPEROR] = { "Emperor", "emperor", 5 },
    [NX_FREMEN] = { "Fremen", "fremen", 3 },
    [NX_HARKONNEN] = { "Harkonnen", "harkonnen", 0 },
    [NX_SPACING_GUILD] = { "Spacing Guild", "spacing_guild", 0 },
    [NX_IXIANS] = { "Ixians", "ixians", 0 },
    [NX_TLEILAXU] = { "Tleilaxu", "tleilaxu", 0 },
    [NX_CHOAM] = { "CHOAM", "choam", 0 },
    [NX_RICHESE] = { "Richese", "richese", 0 },
    [NX_ECAZ] = { "Ecaz", "ecaz", 0 },
    [NX_MORITANI] = { "Moritani", "moritani", 0 },
};

#define NX_FORCES_PER_FACTION 20

const char *nx_faction_name(nx_faction f)
{
    assert(f >= 0 && f < NX_FACTION_COUNT);
    return faction_table[f].name;
}

const char *nx_faction_id(nx_faction f)
{
    assert(f >= 0 && f < NX_FACTION_COUNT);
    return faction_table[f].id;
}

nx_faction nx_faction_parse(const char *s)
{
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        if (!strcmp(s, faction_table[f].name) || !strcmp(s, faction_table[f].id))
            return (nx_faction)f;
    return NX_NO_FACTION;
}

int nx_faction_elite_forces(nx_faction f)
{
    assert(f >= 0 && f < NX_FACTION_COUNT);
    return faction_table[f].elite;
}

int nx_faction_forces(nx_faction f) { return NX_FORCES_PER_FACTION - nx_faction_elite_forces(f); }
