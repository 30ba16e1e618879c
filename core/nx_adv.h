/*
 * nx_adv: faction advantages a Karama may stop outside the battle, and
 * the Advanced once-a-game faction Karama powers (docs/rules/karama.md).
 *
 * The battle's own advantages (Kwisatz Haderach, Voice, Prescience, the
 * elite bonuses, the capture) are NX_ADV_* of interpreter/battle/.  These
 * are the others: each has an id (views, logs, tests), a text naming the
 * use, the faction it belongs to and whether a Karama prevents it before
 * the use (LV's star before and after) or cancels it once attempted (a
 * star after only).  The engine opens a uniform window at every use
 * (interpreter/turn/nx_adv_windows.c); play.advw_* hold it.
 */
#ifndef NX_ADV_H
#define NX_ADV_H

#include <stddef.h>

#include "nx_faction.h"

typedef enum {
    NX_ADVO_NONE,
    NX_ADVO_BID_LOOK,           /* Atreides look at the card up for bid (LV 2.01.05, prevent) */
    NX_ADVO_WORMSIGN,           /* Atreides look at the top Spice card (LV 2.01.07, prevent) */
    NX_ADVO_TREACHERY_PAYMENT,  /* Emperor is paid for a Treachery card (LV 2.03.04, cancel) */
    NX_ADVO_TOP_CARD,           /* Harkonnen's free card after a purchase (LV 2.05.08, cancel) */
    NX_ADVO_SHIPMENT_PAYMENT,   /* the Guild is paid for another's shipment (LV 2.06.04, cancel) */
    NX_ADVO_FREMEN_SEND,        /* Fremen send their reserves free (LV 2.04 Shipment, cancel) */
    NX_ADVO_FREMEN_MOVE,        /* Fremen move two territories (LV 2.04 Movement, cancel) */
    NX_ADVO_ADVISOR,            /* Bene Gesserit spiritual advisor (LV 2.02.05, cancel) */
    NX_ADVO_INTRUSION,          /* Advanced Bene Gesserit Intrusion flip (LV 2.02, cancel) */
    NX_ADVO_WARTIME,            /* Advanced Bene Gesserit Wartime flips (LV 2.02, cancel) */
    NX_ADVO_FREMEN_ALLY_REVIVAL,    /* the Fremen's ally revives three free (LV 2.04 Alliance, cancel) */
    NX_ADVO_EMPEROR_ALLY_REVIVAL,   /* the Emperor pays for three extra ally revivals (LV 2.03 Alliance, cancel) */
    NX_ADVO_WORM_RIDE,          /* the Fremen ride Shai-Hulud (LV 2.04 Beast of Burden, cancel) */
    NX_ADVO_GUILD_HALF_PRICE,   /* the Guild or its ally ships from reserves at half price (LV 2.06, cancel) */
    NX_ADVO_GUILD_CROSS_SHIP,   /* the Guild or its ally ships from one territory to another (LV 2.06, cancel) */
    NX_ADVO_GUILD_SHIP_BACK,    /* the Guild ships forces back to its reserves (LV 2.06, cancel) */
    NX_ADVO_BG_CHARITY,         /* Advanced Bene Gesserit charity whatever their spice (LV 2.02 Charity, cancel) */
    NX_ADVO_TAKE_UP_ARMS,       /* Advanced Bene Gesserit advisors entering an occupied territory as fighters (LV 2.02, cancel) */
    NX_ADVO_NEXUS_PLAY,         /* a Nexus card play held for Karama (common.karama.nexus_effects) */
    NX_ADVO_STORM_LOOK,         /* Fremen look at next turn's storm card (LV 2.04 There's a storm coming, prevent) */
    NX_ADVO_GUILD_POWER,        /* an off-planet shipment the Guild's Karama power may cancel (LV 1.14; the Guild
                                   alone is asked, answering "karama_power"; the user is the shipper) */
    NX_ADVO_GUILD_TIMING,       /* the Guild takes its turn out of storm order (LV 2.06.12, Advanced, cancel) */
    NX_ADVO_SECOND_SHIPMENT,    /* Spacing Guild Cunning's second shipment (a Cunning use, nx_use_window.c) */
    NX_ADVO_CUNNING_FLIP,       /* Bene Gesserit Cunning's announced flip set (a Cunning use, nx_use_window.c) */
    NX_ADVO_COUNT
} nx_adv_out;

typedef struct nx_adv_def {
    const char *id;             /* "bid_look" */
    const char *text;           /* "look at the card up for bid" (after "<seat>'s") */
    nx_faction faction;
    int prevent;                /* 1: stopped before the use; 0: cancelled once attempted */
} nx_adv_def;

const nx_adv_def *nx_adv_get(int adv);   /* NULL out of range or NX_ADVO_NONE */

struct nx_state;
/* What a use is called after "<seat>'s": the definition's text, or for
 * the held Nexus play the card and mode it was announced as ("play of the
 * Ecaz Nexus card as Secret Ally"). */
const char *nx_adv_use_text(const struct nx_state *s, int adv, char *buf, size_t len);

#endif
