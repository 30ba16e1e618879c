/*
 * nx_state_json: an nx_state as readable, stable JSON, and back, strictly.
 *
 * The encoding is the save format of a game state (snapshots in the store,
 * fixtures, debugging).  Keys come in a fixed order and every value has
 * one canonical spelling, so encode(decode(encode(s))) is byte-identical
 * to encode(s), and the decoded struct is memcmp-equal to a state built
 * through the nx_state_* / nx_custody_* API from nx_state_init.
 *
 * Top level, in this order:
 *   format, version, seed ("decimal"), rng (four "16-hex-digit" words),
 *   nseats, options (["nexus_cards","advanced"]), phase ("setup", "storm",
 *   ...), turn, first_seat, nexus_occurred, negotiating, draw_next (null or
 *   int), event_seq,
 *   seats: [{faction, ally (null or seat), policy, offers [seats], spice}],
 *   custody: {next_top, next_bottom, in_game, sealed,
 *             zones:     {zone name: [component id, ...]}  top first,
 *             order:     {zone name: [order key, ...]}     parallel to zones,
 *             out_order: {component id: order key}},
 *   pending: [{kind, seat, count, options [ids], words [names],
 *              private_options, event, prompt, panel, resume, saved}],
 *   receipt_head,
 *   receipts: [{event, seat, kind, cards [ids]}]  oldest first.
 *
 * Custody details.  Only non-empty zones are listed and never "out": a
 * component listed nowhere is NX_Z_OUT.  Every move stamps an order key on
 * the component, even into an unordered zone (a hand), so the keys of all
 * listed zones are kept in "order" (the deck keys are what matters to the
 * game; the others only keep the struct byte-exact).  "out_order" holds
 * the non-zero keys of components that were moved back out during setup.
 * Unordered zones list their components in catalog order.
 *
 * The receipt ring is stored as it is laid out: receipt_head plus the
 * receipts oldest first, so no normalisation is needed.
 *
 * What the encoding assumes of the struct (true of every state made
 * through the API, which memsets what it fills): seats past nseats,
 * pending decisions past npending, options past noptions, receipt cards
 * past n and bytes after a string's NUL are all at their initial values.
 */
#ifndef NX_STATE_JSON_H
#define NX_STATE_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "nx_state.h"

/*
 * Encode a state.  Returns a new reference, or NULL when the state cannot
 * be written faithfully: a text field that is not valid UTF-8 (JSON cannot
 * carry it), a value with no name (unknown phase, policy, kind, option
 * bit, component or zone byte, counts past their arrays), a flag byte
 * other than 0/1, or no memory.  It does not run nx_state_check: the
 * decoder does, so an encoded invalid state is refused when read back.
 */
json_t *nx_state_json_encode(const nx_state *s);

/*
 * Decode strictly: wrong types, missing or unknown keys, out-of-range
 * numbers, unknown names, a component listed twice, strings too long for
 * their buffers and any nx_state_check failure are refused.  Returns 0, or
 * -1 with "json.path: what is wrong" in err; on failure *out is untouched.
 */
int nx_state_json_decode(const json_t *j, nx_state *out, char *err, size_t errlen);

/* Compact text of nx_state_json_encode (malloc'd, caller frees), or NULL. */
char *nx_state_json_encode_text(const nx_state *s);

/* Parse text and decode it; a parse error is reported with its line and
 * column.  Same contract as nx_state_json_decode. */
int nx_state_json_decode_text(const char *text, nx_state *out, char *err, size_t errlen);

#endif
