/*
 * nx_pack: the card pack, loaded and validated from YAML.
 *
 * A pack is cards/pack.yaml plus one YAML file per card under its cards
 * directory and one Lua file per implemented panel.  The loader checks the
 * whole pack and reports every problem as file:line:col (see docs/dsl.md
 * for the format).  A pack with any problem is not returned.
 */
#ifndef NX_PACK_H
#define NX_PACK_H

#include <stddef.h>

#include "nx_advice.h"
#include "nx_diag.h"
#include "nx_faction.h"
#include "nx_phase.h"
#include "nx_rulings.h"
#include "nx_karama_target.h"
#include "nx_unbuilt.h"

typedef enum {
    NX_MODE_CUNNING,        /* native player holds it */
    NX_MODE_BETRAYAL,       /* another player controls that faction */
    NX_MODE_SECRET_ALLY,    /* that faction is absent */
    NX_MODE_COUNT
} nx_mode;

const char *nx_mode_id(nx_mode m);      /* "cunning", "betrayal", "secret_ally" */
const char *nx_mode_name(nx_mode m);    /* "Cunning", "Betrayal", "Secret Ally" */

/* The nine phases of a Dune turn, in order: the state's NX_P_* (one
 * definition, core/nx_phase.h), typed for the pack's timings. */
typedef enum {
    NX_PHASE_STORM = NX_P_STORM,
    NX_PHASE_SPICE_BLOW = NX_P_SPICE_BLOW,        /* Spice Blow and Nexus */
    NX_PHASE_CHOAM_CHARITY = NX_P_CHOAM_CHARITY,
    NX_PHASE_BIDDING = NX_P_BIDDING,
    NX_PHASE_REVIVAL = NX_P_REVIVAL,
    NX_PHASE_SHIPMENT_MOVEMENT = NX_P_SHIPMENT_MOVEMENT,
    NX_PHASE_BATTLE = NX_P_BATTLE,
    NX_PHASE_SPICE_COLLECTION = NX_P_SPICE_COLLECTION,
    NX_PHASE_MENTAT_PAUSE = NX_P_MENTAT_PAUSE,
    NX_PHASE_COUNT = NX_P_COUNT,
    NX_PHASE_ANY = -1
} nx_phase;

const char *nx_phase_id(nx_phase p);    /* "mentat_pause" */
nx_phase nx_phase_parse(const char *id);  /* NX_PHASE_ANY when unknown */

/* When a panel may be played.  anytime, or a phase, optionally narrowed
 * to an event inside it (e.g. traitor_revealed, purchase). */
typedef struct nx_when {
    int anytime;
    nx_phase phase;     /* NX_PHASE_ANY when not bound to a phase */
    char *event;        /* NULL when not bound to an event */
} nx_when;

/* One alternative effect of a panel ("purchase" / "revival"). */
/* What a Karama against a play of the panel (or path) would stop, by the
 * card's own words (`karama_use`; docs/rules/karama.md, "Karama against a
 * Nexus play"): with common.karama.nexus_effects it decides whether the
 * play is a Karama target (nx_karama_use_targets). */
typedef enum {
    NX_KU_NONE,             /* not declared (a path takes its panel's) */
    NX_KU_ENHANCES,         /* a Cunning that enhances its native advantage */
    NX_KU_LENDS,            /* a Secret Ally that lends a named faction advantage */
    NX_KU_INSTRUCTION,      /* a stand-alone instruction of the card */
    NX_KU_COUNT
} nx_karama_use;

const char *nx_karama_use_id(nx_karama_use u);   /* "enhances", ...; NULL for NONE */
/* Is a play of this family (and mode) a Karama target under the setting
 * of common.karama.nexus_effects?  every_play: all; advantage_uses:
 * enhances and lends; cunning_only: a Cunning that enhances; immune and
 * unresolved (its gated panels are shut): none. */
int nx_karama_use_targets(const char *setting, nx_karama_use u, nx_mode m);

typedef struct nx_panel_path {
    char *id;
    char *text;
    char *label;        /* what the path does, for the log: "... as Betrayal to <label>" */
    int has_when;       /* the path prints its own moment */
    nx_when when;       /* when has_when: replaces the panel's when */
    char *unbuilt;      /* NULL, or what the engine still lacks for this path:
                           it is then shut, with this as its reason */
    nx_unbuilt_list unbuilt_under;  /* settings under which it is shut (nx_unbuilt.h) */
    nx_karama_use karama_use;       /* NX_KU_NONE: the panel's */
} nx_panel_path;

typedef struct nx_panel {
    char *id;            /* "<card>.<mode>" */
    nx_mode mode;
    nx_when when;
    char *text;          /* paraphrase of the printed panel, our words */
    char **sources;
    size_t nsources;
    nx_panel_path *paths;  /* alternatives; 0 when the panel has one effect */
    size_t npaths;
    char **rulings;      /* ruling ids the panel depends on */
    size_t nrulings;
    int implemented;     /* status: available */
    char *reason;        /* status: unavailable -> why (required) */
    nx_unbuilt_list unbuilt_under;  /* settings under which the whole panel is shut */
    nx_karama_use karama_use;       /* required: what a Karama against a play stops */
    nx_karama_target karama_target; /* a ruling of its own that makes a play a Karama target,
                                       or none (ruling NULL): common.karama.nexus_effects */
    int karama_native;              /* karama_window: native_use - a Karama against the play
                                       answers the faction-advantage use it makes, in that use's
                                       own window (default for enhances); 0: held (the generic
                                       window against a Nexus play) */
    char *script;        /* as written in YAML (relative to cards dir) */
    char *script_path;   /* resolved path, NULL when no script */
    char *file;          /* the card's YAML file */
    int line, col;
    /* The panel's advice when its script gives a plain table, read once
     * when the runtime loads the script (nx_runtime_open), so a bot's
     * question runs no script and copies no state; advice_fixed is 0 for
     * advice given as a function, or none. */
    int advice_fixed;
    nx_advice advice;
} nx_panel;

typedef struct nx_card {
    char *id;            /* "harkonnen" */
    nx_faction faction;
    char *file;
    nx_panel panels[NX_MODE_COUNT];
} nx_card;

typedef struct nx_pack {
    char *name;
    char *version;
    char *engine;        /* engine compatibility, e.g. ">=0.1" */
    char *file;          /* pack.yaml */
    char *dir;           /* its directory */
    char *cards_dir;
    char *rulings_dir;
    nx_card cards[NX_FACTION_COUNT];   /* indexed by faction */
    nx_rulings rulings;
    char digest[65];     /* SHA-256 hex over every file of the pack */
} nx_pack;

/* Load and validate.  Returns 0 and fills *pack, or -1 with every problem
 * in *d and *pack empty. */
int nx_pack_load(const char *pack_yaml, nx_pack *pack, nx_diags *d);
void nx_pack_free(nx_pack *pack);

const nx_card *nx_pack_card(const nx_pack *pack, nx_faction f);
const nx_panel *nx_pack_panel(const nx_pack *pack, const char *panel_id);
/* "CHOAM Secret Ally": the panel as the log names it. */
const char *nx_panel_title(const nx_panel *p, char *buf, size_t len);

/* The shapes of pack.yaml and of a card file (nx_shape: the loader checks
 * keys with them, and `nexus schema` prints them as JSON Schemas). */
struct nx_shape;
const struct nx_shape *nx_pack_file_shape(void);
const struct nx_shape *nx_card_file_shape(void);

/* Does the engine version satisfy the pack's `engine` requirement? */
int nx_engine_compatible(const char *requirement, const char *engine_version);

#endif
