#include "nx_source.h"

#include <assert.h>
#include <stdio.h>

static const char *const mode_ids[NX_SOURCE_MODES] = { "cunning", "betrayal", "secret_ally" };
static const char *const mode_names[NX_SOURCE_MODES] = { "Cunning", "Betrayal", "Secret Ally" };

uint8_t nx_source_of(nx_faction f, int mode)
{
    assert(f >= 0 && f < NX_FACTION_COUNT && mode >= 0 && mode < NX_SOURCE_MODES);
    return (uint8_t)(1 + (int)f * NX_SOURCE_MODES + mode);
}

nx_faction nx_source_faction(int source) { return (nx_faction)((source - 1) / NX_SOURCE_MODES); }
int nx_source_mode(int source) { return (source - 1) % NX_SOURCE_MODES; }

const char *nx_source_panel_id(int source, char *buf, size_t len)
{
    if (source <= 0) return NULL;
    snprintf(buf, len, "%s.%s", nx_faction_id(nx_source_faction(source)), mode_ids[nx_source_mode(source)]);
    return buf;
}

const char *nx_source_mode_name(int source) { return source > 0 ? mode_names[nx_source_mode(source)] : ""; }
