/*
 * nx_avail: which of the 36 panels can be played under a pack and a set of
 * ruling settings, and why not.
 *
 * A panel is available when it is implemented and every ruling gating the
 * whole panel has a setting other than "unresolved".  A panel with paths
 * is available when at least one path is; a path is shut by a ruling that
 * gates it.  Reasons name the ruling or the implementation gap.
 */
#ifndef NX_AVAIL_H
#define NX_AVAIL_H

#include <stddef.h>

#include "nx_pack.h"
#include "nx_rulings.h"

typedef struct nx_reason {
    char *ruling;       /* ruling id, or NULL for an implementation reason */
    char *text;
} nx_reason;

typedef struct nx_path_avail {
    const nx_panel_path *path;
    int available;
    nx_reason *reasons;
    size_t nreasons;
} nx_path_avail;

typedef struct nx_panel_avail {
    const nx_panel *panel;
    int available;
    nx_reason *reasons;
    size_t nreasons;
    nx_path_avail *paths;
    size_t npaths;
} nx_panel_avail;

typedef struct nx_avail {
    nx_panel_avail panels[NX_FACTION_COUNT * NX_MODE_COUNT]; /* card-major */
    size_t available;   /* how many panels are available */
} nx_avail;

void nx_avail_compute(const nx_pack *pack, const nx_settings *s, nx_avail *out);
void nx_avail_free(nx_avail *a);
const nx_panel_avail *nx_avail_panel(const nx_avail *a, const char *panel_id);
/* Is one path (or, with path NULL, the panel) available? */
int nx_avail_path_open(const nx_avail *a, const char *panel_id, const char *path);

#endif
