/*
 * nx_view: what one seat (or a spectator) may see of a state, as JSON.
 *
 * Secrecy by construction: the view is built only from zone visibility
 * (nx_zone_visibility) and the seat's own receipts, never by filtering a
 * full dump.  Held Nexus identities, Traitor hands, deck order, the own-
 * faction draw policy, private decision options and receipts reach only
 * their owner.  Counts of hidden zones are public (they are physical
 * piles on the table).
 */
#ifndef NX_VIEW_H
#define NX_VIEW_H

#include <jansson.h>

#include "nx_names.h"
#include "nx_state.h"

/* seat -1: the spectator view. */
json_t *nx_view_json(const nx_state *s, int seat);

#endif
