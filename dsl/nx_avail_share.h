/*
 * nx_avail_share: one panel availability (nx_avail) for every holder of
 * the same pack and the same ruling settings.
 *
 * Availability depends on the pack and the effective settings alone, and
 * every room of a host has the same pack and, most often, the same
 * settings: computed once per room it was about 22 KB a room, the same
 * 22 KB in each.  Here it is computed by the first holder's acquire and
 * freed by the last holder's release; in between it is immutable.
 *
 * Owner: this module owns every shared nx_avail and its key; a holder
 * (a game, nx_game.c) owns one reference, taken once and given back once.
 * The key is the pack's address and the effective setting of each of its
 * rulings (nx_settings_get, so settings that differ only in how they spell
 * a default share).  The pack's address is a sound key because an entry
 * lives only while a holder does, and a holder keeps its pack open (a
 * game holds its runtime): a later pack at the same address cannot meet a
 * stale entry.  Panels and paths in the shared value point into that pack.
 *
 * Thread-safe: games on different threads (nexus.h: a game belongs to one
 * thread at a time, not every game to the same one) acquire and release
 * under one mutex; the value itself is only read once published.
 */
#ifndef NX_AVAIL_SHARE_H
#define NX_AVAIL_SHARE_H

#include <stddef.h>

#include "nx_avail.h"

/* The shared availability of (pack, s), with one more reference. */
const nx_avail *nx_avail_acquire(const nx_pack *pack, const nx_settings *s);
/* Give back a reference from nx_avail_acquire; the last frees it. */
void nx_avail_release(const nx_avail *a);
/* How many distinct availabilities are alive (tests, benchmarks). */
size_t nx_avail_shared_count(void);

#endif
