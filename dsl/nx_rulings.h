/*
 * nx_rulings: the rulings registry and the settings an auditor or host
 * chooses.
 *
 * A ruling is a point the rules sources leave open, written as data
 * (rulings/ *.yaml).  Three kinds:
 *   - an open question the Nexus card contracts leave unresolved, and
 *   - a provisional product choice they make: both name the panel, the
 *     path of a panel or the lifecycle part they gate.  The setting
 *     "unresolved" keeps the gate shut: that panel or path is unavailable
 *     and its reason names the ruling.  Any other setting opens it.
 *   - a rules reading: a base-game rule the sources leave open
 *     (docs/rules/turn.md section 5).  It gates nothing; the game turn
 *     follows the chosen reading (interpreter/engine/nx_rules.c maps each to
 *     nx_rule), so it never offers "unresolved".
 */
#ifndef NX_RULINGS_H
#define NX_RULINGS_H

#include <jansson.h>
#include <stddef.h>

#include "nx_diag.h"

#define NX_UNRESOLVED "unresolved"

typedef enum {
    NX_RULING_OPEN_QUESTION,
    NX_RULING_PROVISIONAL,
    NX_RULING_RULES_READING,
    NX_RULING_KIND_COUNT
} nx_ruling_kind;

/* "open_question", as written in a rulings file. */
const char *nx_ruling_kind_id(nx_ruling_kind k);
/* "open question", for people. */
const char *nx_ruling_kind_name(nx_ruling_kind k);
/* Does a ruling of this kind gate panels or lifecycle parts? */
int nx_ruling_kind_gates(nx_ruling_kind k);

typedef struct nx_ruling_setting {
    char *name;        /* "permit" */
    char *meaning;     /* what the engine does under it */
    char *unbuilt;     /* NULL, or what the engine still lacks to carry it out:
                          under it every gate of the ruling is shut, with this
                          as the reason (the ruling's `unbuilt` map) */
} nx_ruling_setting;

/* A gate is a panel (or one path of it), or a part of the common Nexus
 * card lifecycle: exactly one of `panel` and `lifecycle` is set. */
typedef struct nx_ruling_gate {
    char *panel;       /* "bene_gesserit.cunning", or NULL */
    char *path;        /* NULL: the whole panel; else one path of it */
    char *lifecycle;   /* "nexus_deal" / "nexus_draw", or NULL */
    int line, col;
} nx_ruling_gate;

/* The lifecycle parts a ruling may gate.  An unresolved lifecycle gate
 * keeps the whole Nexus card module from starting. */
/* What a ruling id looks like: 2 to 4 dot-separated words. */
#define NX_RULING_ID_PATTERN "^[a-z][a-z_]*(\\.[a-z][a-z_]*){1,3}$"

#define NX_LIFECYCLE_PARTS { "nexus_deal", "nexus_draw", NULL }

typedef struct nx_ruling {
    char *id;          /* "bene_gesserit.cunning.storm_stronghold" */
    nx_ruling_kind kind;
    char *question;
    char *source_file;     /* "000_4cf5a8a221e98e36.txt" or "docs/rules/turn.md" */
    char *source_section;  /* "Material boundaries requiring a ruling, 2" */
    char **source_tags;    /* optional: the original sources as that file tags
                            * them ("LV 1.01.03", "TO"); NULL when none */
    size_t nsource_tags;
    nx_ruling_setting *settings;
    size_t nsettings;
    char *default_setting;
    nx_ruling_gate *gates;     /* none for a rules reading */
    size_t ngates;
    char *notes;       /* optional */
    char *file;        /* where it was declared */
    int line, col;
} nx_ruling;

typedef struct nx_rulings {
    nx_ruling *v;      /* sorted by id */
    size_t n;
} nx_rulings;

/* Load every *.yaml in `dir` (sorted by name).  Reports every problem;
 * returns 0 when there were none. */
int nx_rulings_load_dir(const char *dir, nx_rulings *out, nx_diags *d);
/* The same, but on problems *out keeps every ruling that has a valid,
 * unique id (with its valid parts), so a caller can go on cross-checking
 * (nx_pack_load does).  Free *out with nx_rulings_free in every case. */
int nx_rulings_load_dir_partial(const char *dir, nx_rulings *out, nx_diags *d);
void nx_rulings_free(nx_rulings *r);
const nx_ruling *nx_rulings_find(const nx_rulings *r, const char *id);
/* The declared ruling id closest to a mistyped one, or NULL (nx_suggest). */
const char *nx_rulings_suggest(const nx_rulings *r, const char *id);

/* The shapes of a rulings file and a settings file (nx_shape; the loaders
 * check keys with them), and a settings file's JSON Schema with every
 * ruling of r and its own settings.  Caller owns the schema. */
struct nx_shape;
const struct nx_shape *nx_rulings_file_shape(void);
const struct nx_shape *nx_settings_file_shape(void);
json_t *nx_settings_schema(const nx_rulings *r, const char *id);
int nx_ruling_has_setting(const nx_ruling *r, const char *setting);
/* What the engine lacks to carry out `setting`, or NULL when it is built
 * (or not offered). */
const char *nx_ruling_setting_unbuilt(const nx_ruling *r, const char *setting);

/* Chosen settings.  Rulings not mentioned keep their default. */
struct nx_settings;
/* The first ruling (by id) that gates a lifecycle part and is unresolved
 * (or set to a setting the engine has not built) under `s`, or NULL when the Nexus card module may start. */
const nx_ruling *nx_rulings_lifecycle_blocker(const nx_rulings *r, const struct nx_settings *s);

typedef struct nx_settings {
    size_t n;
    char **ids;
    char **values;
} nx_settings;

void nx_settings_init(nx_settings *s);
void nx_settings_free(nx_settings *s);
/* Load a settings file:  rulings: { <id>: <setting>, ... }.  Unknown ids
 * and settings are errors with file:line:col. */
int nx_settings_load_file(const char *path, const nx_rulings *r,
                          nx_settings *out, nx_diags *d);
/* Set one value (used by the CLI's --set ID=VALUE); -1 + diag if invalid. */
int nx_settings_set(nx_settings *s, const nx_rulings *r, const char *id,
                    const char *value, nx_diags *d);
/* The effective setting of a ruling: the chosen one, else its default. */
const char *nx_settings_get(const nx_settings *s, const nx_ruling *r);

#endif
