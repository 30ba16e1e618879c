/*
 * nx_source: which panel made something, as the state keeps it in one byte
 * (effect_source, inv_redirect, play.nxh_source): 1 + faction * 3 + mode,
 * the modes in the card format's order (cunning, betrayal, secret_ally);
 * 0 is the engine.  The Nexus layer's nx_mode agrees with these numbers
 * (asserted in interpreter/nexus/nx_ctx_check.c).
 */
#ifndef NX_SOURCE_H
#define NX_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "nx_faction.h"

#define NX_SOURCE_MODES 3
enum { NX_SOURCE_CUNNING, NX_SOURCE_BETRAYAL, NX_SOURCE_SECRET_ALLY };

uint8_t nx_source_of(nx_faction f, int mode);
nx_faction nx_source_faction(int source);           /* source > 0 */
int nx_source_mode(int source);                     /* source > 0 */

/* "ecaz.secret_ally" (NULL for 0); "Secret Ally". */
const char *nx_source_panel_id(int source, char *buf, size_t len);
const char *nx_source_mode_name(int source);

#endif
