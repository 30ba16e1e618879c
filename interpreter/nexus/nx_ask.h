/*
 * nx_ask: the kinds of choice a panel may ask for (ctx:ask), beyond cards.
 *
 * One request shape for every kind: a kind, the values offered (or the
 * kind's whole domain), and how many values the answer holds (a number's
 * bounds for "number").  The request is data: it is saved inside the
 * pending decision (its `saved` JSON, key "ask"), so the same validator
 * checks the answer after a save and reload in another process, for a
 * human's action and a bot's alike ("answer" with "choose": [values]).
 *
 * Kinds and their domains:
 *   element      leader | weapon | defense | dial   (a battle-plan element)
 *   territories  territory ids (core/nx_map.c)        a set of min..max
 *   seat         seat numbers (default: every other seat)
 *   number       an integer in min..max
 *   word         words the panel lists (names)
 * Cards keep their own form (choose_from + count, options in the pending).
 */
#ifndef NX_ASK_H
#define NX_ASK_H

#include <jansson.h>
#include <lua.h>
#include <stddef.h>
#include <stdint.h>

#include "nx_state.h"

typedef enum {
    NX_ASK_CARDS,
    NX_ASK_ELEMENT,
    NX_ASK_TERRITORIES,
    NX_ASK_SEAT,
    NX_ASK_NUMBER,
    NX_ASK_WORD,
    NX_ASK_KIND_COUNT
} nx_ask_kind;

#define NX_ASK_MAX_OF NX_MAP_TERRITORIES
#define NX_ASK_VALUE_MAX 24

typedef struct nx_ask {
    int kind;                      /* nx_ask_kind */
    int min, max;                  /* sets: how many values; number: its bounds */
    int nof;                       /* values offered; 0 with whole_domain */
    int whole_domain;              /* any value of the kind's domain */
    char of[NX_ASK_MAX_OF][NX_ASK_VALUE_MAX];
} nx_ask;

const char *nx_ask_kind_name(int kind);
/* -1 when unknown. */
int nx_ask_kind_parse(const char *name);

/* Read the choice fields of the ctx:ask request at table index t (kind is
 * given): `of`, `min`, `max`, `count`.  Raises a Lua error naming the
 * field on a bad value; nothing is allocated. */
void nx_ask_read(lua_State *L, int t, int kind, const nx_state *s, uint8_t holder, nx_ask *out);

/* The request as saved JSON, and back (0, or -1 for a malformed one). */
json_t *nx_ask_to_json(const nx_ask *q);
int nx_ask_from_json(const json_t *j, nx_ask *q);
/* The "ask" of a pending panel decision; 1 when it has one, 0 (cards) or -1. */
int nx_ask_of_pending(const nx_pending *p, nx_ask *q);

/* Check an answer's "choose" array against the request: 0, or -1 with a
 * message naming the entry (the state is untouched either way). */
int nx_ask_check(const nx_ask *q, const nx_state *s, uint8_t holder, const json_t *choose, char *msg, size_t len);

/* Set the answer's fields on the Lua table at the stack top: `choice`
 * (the list) and the kind's own field (element, territories, seat,
 * number, word). */
void nx_ask_push_answer(lua_State *L, const nx_ask *q, const json_t *choose);

/* The values a bot may pick from (the offered ones or the domain), in
 * order, as JSON values; for a number, its bounds and middle. */
json_t *nx_ask_candidates(const nx_ask *q, const nx_state *s, uint8_t holder);

#endif
