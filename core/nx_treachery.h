/*
 * nx_treachery: the Treachery Deck as data.
 *
 * The one place that says what each Treachery Card *is*: its printed
 * classification (weapon, defence, worthless, special), the facts a battle
 * needs (which slot it fills, what it protects against, whether it must be
 * discarded after use), the category Bene Gesserit Voice sees, and which
 * expansion brought it.  Voice, Prescience, battles and the Nexus panels
 * read these tables; none of them keeps its own list of card kinds.
 *
 * Two levels of identity:
 *   - a *card* (nx_treachery_card) is a design: "Shield";
 *   - a *copy* (an int, 0 <= copy < NX_TREACHERY_COPY_COUNT) is one physical
 *     component: "shield#3".  Copies are numbered once, over every expansion
 *     in a fixed order (base first), so a copy's number never depends on which
 *     expansions a game enables.
 *
 * Sources and every doubtful classification: docs/rules/treachery.md.
 */
#ifndef NX_TREACHERY_H
#define NX_TREACHERY_H

#include <stddef.h>

/* The sets that contain Treachery Cards.  The base deck is always present. */
typedef enum nx_treachery_set {
    NX_TREACHERY_SET_BASE,
    NX_TREACHERY_SET_IXIANS_TLEILAXU,
    NX_TREACHERY_SET_ECAZ_MORITANI,
    NX_TREACHERY_SET_COUNT
} nx_treachery_set;

/* Expansion flags for nx_treachery_card_count / nx_treachery_deck: one bit
 * per set, (1u << set).  The base bit may be given or not; base is always in. */
#define NX_TREACHERY_EXP_BASE            (1u << NX_TREACHERY_SET_BASE)
#define NX_TREACHERY_EXP_IXIANS_TLEILAXU (1u << NX_TREACHERY_SET_IXIANS_TLEILAXU)
#define NX_TREACHERY_EXP_ECAZ_MORITANI   (1u << NX_TREACHERY_SET_ECAZ_MORITANI)
#define NX_TREACHERY_EXP_ALL \
    (NX_TREACHERY_EXP_BASE | NX_TREACHERY_EXP_IXIANS_TLEILAXU | NX_TREACHERY_EXP_ECAZ_MORITANI)

/* Every distinct card design, base first in the order of treachery_base.csv,
 * then the expansion cards in the order of treachery_expansions.csv (the
 * expansion Shield and Snooper are further copies of the base designs). */
typedef enum nx_treachery_card {
    /* base */
    NX_TR_LASGUN,
    NX_TR_CHAUMAS,
    NX_TR_CHAUMURKY,
    NX_TR_ELLACA_DRUG,
    NX_TR_GOM_JABBAR,
    NX_TR_STUNNER,
    NX_TR_SLIP_TIP,
    NX_TR_MAULA_PISTOL,
    NX_TR_CRYSKNIFE,
    NX_TR_SHIELD,
    NX_TR_SNOOPER,
    NX_TR_LA_LA_LA,
    NX_TR_BALISET,
    NX_TR_KULON,
    NX_TR_TRIP_TO_GAMONT,
    NX_TR_JUBBA_CLOAK,
    NX_TR_TLEILAXU_GHOLA,
    NX_TR_TRUTHTRANCE,
    NX_TR_WEATHER_CONTROL,
    NX_TR_KARAMA,
    NX_TR_FAMILY_ATOMICS,
    NX_TR_HAJR,
    NX_TR_CHEAP_HERO,
    NX_TR_CHEAP_HEROINE,
    /* Ixians & Tleilaxu */
    NX_TR_AMAL,
    NX_TR_ARTILLERY_STRIKE,
    NX_TR_BASILIA_WEAPON,
    NX_TR_CHEMISTRY,
    NX_TR_HARVESTER,
    NX_TR_HUNTER_SEEKER,
    NX_TR_KULL_WAHAD,
    NX_TR_POISON_BLADE,
    NX_TR_POISON_TOOTH,
    NX_TR_SHIELD_SNOOPER,
    NX_TR_THUMPER,
    NX_TR_WEIRDING_WAY,
    /* Ecaz & Moritani */
    NX_TR_HARASS_AND_WITHDRAW,
    NX_TR_RECRUITS,
    NX_TR_REINFORCEMENTS,
    NX_TR_CARD_COUNT,
    NX_TR_NONE = -1
} nx_treachery_card;

/* Physical copies over all sets: 33 base + 14 Ixians & Tleilaxu + 3 Ecaz &
 * Moritani.  Copy indices 0..32 are the base deck. */
#define NX_TREACHERY_BASE_COUNT 33
#define NX_TREACHERY_COPY_COUNT 50

/* Printed classification, one bit per word of the card's type line
 * ("Weapon - Poison - Special" is WEAPON_POISON | WEAPON_SPECIAL). */
enum {
    NX_TRK_WEAPON_PROJECTILE  = 1u << 0,
    NX_TRK_WEAPON_POISON      = 1u << 1,
    NX_TRK_WEAPON_SPECIAL     = 1u << 2,
    NX_TRK_DEFENCE_PROJECTILE = 1u << 3,
    NX_TRK_DEFENCE_POISON     = 1u << 4,
    NX_TRK_DEFENCE_SPECIAL    = 1u << 5,
    NX_TRK_WORTHLESS          = 1u << 6,
    NX_TRK_SPECIAL            = 1u << 7,  /* "Special": no weapon or defence role */
    NX_TRK_SPICE_BLOW         = 1u << 8,  /* "Spice Blow - Special": Harvester, Thumper */
};
#define NX_TRK_WEAPON  (NX_TRK_WEAPON_PROJECTILE | NX_TRK_WEAPON_POISON | NX_TRK_WEAPON_SPECIAL)
#define NX_TRK_DEFENCE (NX_TRK_DEFENCE_PROJECTILE | NX_TRK_DEFENCE_POISON | NX_TRK_DEFENCE_SPECIAL)

/* Where a card goes when it is used.  A battle plan has a leader slot (where
 * a Cheap Hero stands in for a leader), a weapon slot and a defence slot. */
typedef enum nx_treachery_slot {
    NX_TR_SLOT_NONE,     /* not part of a battle plan (Karama, Hajr, ...) */
    NX_TR_SLOT_LEADER,   /* Cheap Hero, Cheap Heroine */
    NX_TR_SLOT_WEAPON,
    NX_TR_SLOT_DEFENCE,
    NX_TR_SLOT_EITHER    /* worthless cards; Harass and Withdraw; Reinforcements */
} nx_treachery_slot;

/* What a card does in a slot, for battle resolution (nx_treachery_effect). */
enum {
    NX_TRE_PROJECTILE = 1u << 0,  /* weapon: a projectile attack; defence: stops one */
    NX_TRE_POISON     = 1u << 1,  /* weapon: a poison attack; defence: stops one */
    NX_TRE_SHIELD     = 1u << 2,  /* defence: is a Shield (Lasgun explosion, Artillery Strike) */
};

/* Bene Gesserit Voice: a command requires or forbids one of these.  (Whether
 * it requires or forbids does not change which cards it concerns.) */
typedef enum nx_voice_kind {
    NX_VOICE_PROJECTILE_WEAPON,
    NX_VOICE_POISON_WEAPON,
    NX_VOICE_PROJECTILE_DEFENCE,   /* "shield" */
    NX_VOICE_POISON_DEFENCE,       /* "snooper" */
    NX_VOICE_WORTHLESS,
    NX_VOICE_CHEAP_HERO,
    NX_VOICE_NAMED,                /* one specific special weapon or defence, by name */
    NX_VOICE_KIND_COUNT,
    NX_VOICE_NONE = -1             /* as a card's class: answers to no generic command */
} nx_voice_kind;

typedef struct nx_voice_command {
    nx_voice_kind kind;
    nx_treachery_card card;        /* NX_VOICE_NAMED only; NX_TR_NONE otherwise */
} nx_voice_command;

/* Everything about one design.  Strings are static. */
typedef struct nx_treachery_info {
    const char *id;                 /* "trip_to_gamont" */
    const char *name;               /* "Trip to Gamont", as in the source CSV */
    const char *type_line;          /* "Worthless Card", the CSV's kind column */
    unsigned kind;                  /* NX_TRK_* */
    nx_treachery_set set;           /* expansion of origin of the design */
    unsigned char copies[NX_TREACHERY_SET_COUNT];  /* physical copies per set */
    nx_treachery_slot slot;         /* default slot */
    unsigned char alt_needs_partner; /* its other slot needs the default slot filled */
    unsigned char cheap_hero;
    unsigned char discard_after_use; /* mandatory discard once used, even by a winner */
    unsigned char weapon_effect;    /* NX_TRE_* when played as a weapon */
    unsigned char defence_effect;   /* NX_TRE_* when played as a defence */
    nx_voice_kind voice;            /* generic Voice class, or NX_VOICE_NONE */
    unsigned char voice_nameable;   /* may be the target of a NX_VOICE_NAMED command */
} nx_treachery_info;

/* ---- designs ---- */

const nx_treachery_info *nx_treachery_get(nx_treachery_card c);  /* asserts 0 <= c < COUNT */
const char *nx_treachery_id(nx_treachery_card c);
const char *nx_treachery_name(nx_treachery_card c);
/* By id ("gom_jabbar") or exact name ("Gom Jabbar"); NX_TR_NONE when unknown. */
nx_treachery_card nx_treachery_parse(const char *id_or_name);

unsigned nx_treachery_kind(nx_treachery_card c);        /* NX_TRK_* */
int nx_treachery_is_weapon(nx_treachery_card c);        /* may fill the weapon slot (not counting worthless) */
int nx_treachery_is_defence(nx_treachery_card c);       /* may fill the defence slot (not counting worthless) */
int nx_treachery_is_worthless(nx_treachery_card c);
int nx_treachery_is_special(nx_treachery_card c);       /* "Special" type line, Cheap Hero included */
int nx_treachery_is_cheap_hero(nx_treachery_card c);
int nx_treachery_discard_after_use(nx_treachery_card c);
nx_treachery_set nx_treachery_origin(nx_treachery_card c);
nx_treachery_slot nx_treachery_default_slot(nx_treachery_card c);
/* NX_TRE_* bits for the card played in `slot` (weapon or defence); 0 when it
 * has no generic attack or protection there, or cannot go there.  Lasgun,
 * Artillery Strike and Poison Tooth resolve by name, not by these bits. */
unsigned nx_treachery_effect(nx_treachery_card c, nx_treachery_slot slot);

/* ---- sets ---- */

const char *nx_treachery_set_id(nx_treachery_set s);    /* "ixians_tleilaxu" */
const char *nx_treachery_set_name(nx_treachery_set s);  /* "Ixians & Tleilaxu" */
int nx_treachery_set_parse(const char *id_or_name);     /* -1 when unknown */

/* ---- physical copies ---- */

/* Cards in the deck of a game with these expansion flags (33 for base only). */
int nx_treachery_card_count(unsigned flags);
/* The copies of that deck, in copy order, written to out[0..cap); returns the
 * full count (which may exceed cap: then only cap were written). */
int nx_treachery_deck(unsigned flags, int *out, int cap);
nx_treachery_card nx_treachery_copy_card(int copy);     /* asserts 0 <= copy < COPY_COUNT */
nx_treachery_set nx_treachery_copy_set(int copy);
/* 1-based ordinal of this copy among all copies of its design, all sets
 * counted in set order: the Ixians & Tleilaxu Shield is Shield number 5. */
int nx_treachery_copy_number(int copy);
/* "lasgun" for a design with one copy in all; "shield#1".."shield#5" for a
 * design with several.  Writes into buf like snprintf; returns buf. */
const char *nx_treachery_copy_id(int copy, char *buf, size_t n);
int nx_treachery_copy_parse(const char *id);            /* -1 unless canonical */

/* ---- Voice ---- */

/* The generic category the card answers to, by its default classification
 * (never by an alternate slot), or NX_VOICE_NONE. */
nx_voice_kind nx_treachery_voice_class(nx_treachery_card c);
/* Is it a legal command?  Named commands must name a special weapon or
 * defence (voice_nameable); generic commands must not name a card. */
int nx_treachery_voice_command_valid(nx_voice_command cmd);
/* Does this card fall under the command?  A named card matches only itself;
 * a generic command matches the cards whose voice class it is.  Invalid
 * commands match nothing. */
int nx_treachery_matches_voice(nx_treachery_card c, nx_voice_command cmd);
/* "projectile_weapon", "poison_weapon", "projectile_defence",
 * "poison_defence", "worthless", "cheap_hero", or the named card's id. */
const char *nx_voice_command_id(nx_voice_command cmd);
/* Inverse of nx_voice_command_id; returns 0 and fills *out, or -1. */
int nx_voice_command_parse(const char *id, nx_voice_command *out);

#endif
