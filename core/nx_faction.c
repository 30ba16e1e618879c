#include "nx_faction.h"

#include <assert.h>
#include <string.h>

static const struct {
    const char *name;
    const char *id;
} faction_table[NX_FACTION_COUNT] = {
    [NX_ATREIDES] = { "Atreides", "atreides" },
    [NX_BENE_GESSERIT] = { "Bene Gesserit", "bene_gesserit" },
    [NX_EMPEROR] = { "Emperor", "emperor" },
    [NX_FREMEN] = { "Fremen", "fremen" },
    [NX_HARKONNEN] = { "Harkonnen", "harkonnen" },
    [NX_SPACING_GUILD] = { "Spacing Guild", "spacing_guild" },
    [NX_IXIANS] = { "Ixians", "ixians" },
    [NX_TLEILAXU] = { "Tleilaxu", "tleilaxu" },
    [NX_CHOAM] = { "CHOAM", "choam" },
    [NX_RICHESE] = { "Richese", "richese" },
    [NX_ECAZ] = { "Ecaz", "ecaz" },
    [NX_MORITANI] = { "Moritani", "moritani" },
};

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
