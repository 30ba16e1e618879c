/*
 * nx_unbuilt: "not built under these settings", a panel's or a path's
 * `unbuilt_under` list in its card file.
 *
 * Some candidate settings of a ruling ask for machinery the engine does
 * not have yet (a Karama window against a play, a player naming an
 * amount).  Rather than let the panel's script refuse every play under
 * such a setting while availability says the panel is open, the card file
 * names the ruling, the settings and what is missing:
 *
 *   unbuilt_under:
 *     - ruling: common.karama.nexus_effects
 *       settings: [every_play]
 *       reason: no Karama window faces a Betrayal take of a shipment payment
 *
 * An entry may also hold only `while` another ruling has one of some
 * settings (`while: { ruling: ID, settings: [...] }`): Fremen Cunning's
 * all_rides asks for nothing while Nexus effects are immune to Karama.
 *
 * nx_avail then shuts the panel (or the path) under those settings with
 * that reason, so the script is never called there.  The loader checks
 * that the ruling exists and is listed by the panel, and that each setting
 * is one the ruling offers other than "unresolved" (which shuts anyway).
 */
#ifndef NX_UNBUILT_H
#define NX_UNBUILT_H

#include <stddef.h>

#include "nx_diag.h"
#include "nx_rulings.h"
#include "nx_yaml.h"

struct nx_shape;

typedef struct nx_unbuilt {
    char *ruling;        /* ruling id */
    char **settings;     /* the settings under which it is not built */
    size_t nsettings;
    char *reason;        /* what the engine lacks */
    char *while_ruling;  /* NULL, or it holds only while this ruling ... */
    char **while_settings;   /* ... has one of these settings */
    size_t nwhile_settings;
    char *file;          /* where it was written (for the cross-check) */
    int line, col;
} nx_unbuilt;

typedef struct nx_unbuilt_list {
    nx_unbuilt *v;
    size_t n;
} nx_unbuilt_list;

/* The shape of an `unbuilt_under` value (for the card file's tables). */
extern const struct nx_shape nx_unbuilt_under_shape;

/* Parse owner's `unbuilt_under` (absent: empty list); problems go to d. */
void nx_unbuilt_parse(nx_diags *d, const nx_ynode *owner, const char *what, nx_unbuilt_list *out);

/* Check each entry against the registry and the panel's own rulings list. */
void nx_unbuilt_check(nx_diags *d, const nx_rulings *rs, const nx_unbuilt_list *l, const char *what,
                      char *const *listed, size_t nlisted);

/* The first entry whose ruling has, under s, one of its settings. */
const nx_unbuilt *nx_unbuilt_match(const nx_unbuilt_list *l, const nx_rulings *rs, const nx_settings *s);

void nx_unbuilt_free(nx_unbuilt_list *l);

/* Shared with other card-file entries that name a ruling and some of its
 * settings (nx_karama_target.h).  A YAML list of setting names into *v
 * (never empty on success; problems go to d, naming `what`). */
void nx_ruling_settings_parse(nx_diags *d, const nx_ynode *list, const char *what, char ***v, size_t *n);
/* The ruling exists and the panel lists it ("<what> <role> ruling 'R', which
 * does not exist"); each setting is offered, and is not unresolved
 * ("<what>: 'unresolved' <unresolved_note>"). */
void nx_ruling_pair_check(nx_diags *d, const nx_rulings *rs, const char *file, int line, int col, const char *what,
                          const char *role, const char *unresolved_note, const char *ruling, char *const *settings,
                          size_t nsettings, char *const *listed, size_t nlisted);

#endif
