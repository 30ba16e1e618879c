/*
 * nx_advice: a panel's bot advice (docs/dsl.md, "Bot advice"), read from
 * the value its script's `advice` field holds or its function returns:
 *
 *   { keep = bool, avoid = { "elite_forces", ... }, prefer = bool, seek_battle = n }
 *
 * Each field is optional (unsaid: the bot's default).  The reader names
 * the field of anything else (an unknown key, a wrong type, an unknown
 * avoid word) in a Lua error, raised inside the sandbox's protected call
 * so that it comes back as a script error naming the panel's file.
 */
#ifndef NX_ADVICE_H
#define NX_ADVICE_H

#include <stdint.h>

#include <lua.h>

/* Things a holder avoids doing while the advice holds. */
typedef enum {
    NX_AVOID_ELITE_FORCES = 1u << 0,   /* shipping or moving elite forces (ordinary ones in their place) */
} nx_avoid;

typedef struct nx_advice {
    int8_t keep;      /* -1 unsaid, 0, 1: the card is worth holding (and drawing or replacing for) */
    int8_t prefer;    /* -1 unsaid, 0, 1: play it now */
    uint32_t avoid;   /* nx_avoid bits */
    /* 0 unsaid, 1..NX_ADVICE_MAX_SEEK: the card pays in a battle of its
     * holder's with at least this many of the holder's forces, so the
     * holder seeks one (docs/dsl.md, "Bot advice"). */
    uint8_t seek_battle;
} nx_advice;

#define NX_ADVICE_MAX_SEEK 20

/* Everything unsaid. */
void nx_advice_init(nx_advice *a);

/* Read the advice at stack index idx (nil: nothing said) into *out, or
 * raise a Lua error naming the field. */
void nx_advice_read(lua_State *L, int idx, nx_advice *out);

/* The name of one avoid bit ("elite_forces"), or NULL. */
const char *nx_avoid_name(uint32_t bit);

#endif
