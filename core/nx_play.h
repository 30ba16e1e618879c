/*
 * nx_play: the game turn's progress (struct nx_play in nx_state.h) as
 * data: initial values, a field table for the saved-state codec, and the
 * few board facts that depend on the state (storm, spice, advisors).
 *
 * The codec is table-driven because nx_play is a bag of small integers
 * that every phase module extends: adding a field is one line here.
 */
#ifndef NX_PLAY_H
#define NX_PLAY_H

#include <stddef.h>

#include <jansson.h>

#include "nx_state.h"

/* What nx_state_init puts in (sentinels for "none"). */
void nx_play_init(nx_play *p);

/* Encode as a JSON object (new reference), NULL if a value is out of its
 * declared range.  Decode strictly: every field present, no unknown key,
 * each value in range; "play.<field>: why" in err on failure, *out
 * untouched. */
json_t *nx_play_encode(const nx_play *p, int nseats);
int nx_play_decode(const json_t *j, int nseats, nx_play *out, char *err, size_t errlen);

/* Does the field table cover every byte of nx_play (gaps only where
 * alignment forces padding)?  0, or -1 naming the first uncovered offset:
 * a field added to the struct but not to the table is caught by a test. */
int nx_play_table_check(char *msg, size_t len);

/* The side (0: the aggressor, 1: its opponent) a seat fights on in the
 * battle in hand (play.battle_*), -1 for anyone else or when no battle
 * is in hand. */
int nx_play_battle_side(const nx_state *s, uint8_t seat);

/* Bits of a bitset field. */
int nx_play_bit(const uint8_t *bits, int i);
void nx_play_set_bit(uint8_t *bits, int i, int on);

#endif
