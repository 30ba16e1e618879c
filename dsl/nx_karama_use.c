/*
 * The Karama families of the panels (nx_pack.h, `karama_use` in the card
 * files) and which of them a setting of common.karama.nexus_effects makes
 * a Karama target (rulings/common.yaml; docs/rules/karama.md, "Karama
 * against a Nexus play").
 */
#include <string.h>

#include "nx_pack.h"

static const char *const ids[NX_KU_COUNT] = {
    [NX_KU_ENHANCES] = "enhances",
    [NX_KU_LENDS] = "lends",
    [NX_KU_INSTRUCTION] = "instruction",
};

const char *nx_karama_use_id(nx_karama_use u)
{
    return u > NX_KU_NONE && u < NX_KU_COUNT ? ids[u] : NULL;
}

int nx_karama_use_targets(const char *setting, nx_karama_use u, nx_mode m)
{
    if (!setting || u <= NX_KU_NONE || u >= NX_KU_COUNT) return 0;
    if (!strcmp(setting, "every_play")) return 1;
    if (!strcmp(setting, "advantage_uses")) return u == NX_KU_ENHANCES || u == NX_KU_LENDS;
    if (!strcmp(setting, "cunning_only")) return u == NX_KU_ENHANCES && m == NX_MODE_CUNNING;
    return 0;   /* immune; unresolved shuts the gated panels */
}
