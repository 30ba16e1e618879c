/*
 * nx_karama_target: a panel's `karama_target` in its card file, for the
 * families that answer Karama by a ruling of their own rather than by
 * common.karama.nexus_effects (docs/rules/karama.md, "Karama against a
 * Nexus play"):
 *
 *   karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }
 *
 * Under one of those settings a play of the panel is a Karama target and
 * is held for the window against a Nexus play, as the nine families that
 * common.karama.nexus_effects gates are.  The loader checks that the
 * ruling exists and is listed by the panel, and that each setting is one
 * it offers other than "unresolved" (under which the panel is shut).
 */
#ifndef NX_KARAMA_TARGET_H
#define NX_KARAMA_TARGET_H

#include <stddef.h>

#include "nx_diag.h"
#include "nx_rulings.h"
#include "nx_yaml.h"

struct nx_shape;

typedef struct nx_karama_target {
    char *ruling;        /* NULL: not declared */
    char **settings;     /* the settings under which a play is a target */
    size_t nsettings;
    char *file;          /* where it was written */
    int line, col;
} nx_karama_target;

extern const struct nx_shape nx_karama_target_shape;

/* Parse owner's `karama_target` (absent: all zero); problems go to d. */
void nx_karama_target_parse(nx_diags *d, const nx_ynode *owner, const char *what, nx_karama_target *out);
/* Check it against the registry and the panel's own rulings list. */
void nx_karama_target_check(nx_diags *d, const nx_rulings *rs, const nx_karama_target *t, const char *what,
                            char *const *listed, size_t nlisted);
/* Is `setting` (the ruling's setting in the game) one of the target's? */
int nx_karama_target_has(const nx_karama_target *t, const char *setting);
void nx_karama_target_free(nx_karama_target *t);

#endif
