#include "nx_battle_codes.h"

#include <stddef.h>

const char *const nx_adv_ids[NX_ADV_COUNT] = {
    NULL, "kwisatz_haderach", "voice", "prescience", "sardaukar", "fremen", "capture",
};

const char *const nx_elem_ids[NX_ELEM_COUNT] = { NULL, "leader", "weapon", "defense", "dial" };
