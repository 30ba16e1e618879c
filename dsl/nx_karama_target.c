/*
 * nx_karama_target: a panel's `karama_target` (nx_karama_target.h).
 */
#include "nx_karama_target.h"

#include <stdlib.h>
#include <string.h>

#include "nx_shape.h"
#include "nx_unbuilt.h"
#include "nx_util.h"

static const nx_field target_fields[] = {
    { "ruling", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the panel's own ruling on Karama against its plays",
                                 .pattern = NX_RULING_ID_PATTERN } },
    { "settings", 1, &(nx_shape){ .kind = NX_SH_LIST, .min_items = 1, .doc = "the settings under which a play is a Karama target",
                                   .items = &(nx_shape){ .kind = NX_SH_STRING, .pattern = "^[a-z][a-z_]*$" } } },
    { NULL, 0, NULL }
};

const nx_shape nx_karama_target_shape = {
    .kind = NX_SH_OBJECT, .fields = target_fields,
    .doc = "for a family that answers Karama by a ruling of its own: under these settings of it a play is a Karama "
           "target, held for the window against a Nexus play (instead of common.karama.nexus_effects)" };

int nx_karama_target_has(const nx_karama_target *t, const char *setting)
{
    for (size_t i = 0; setting && i < t->nsettings; i++)
        if (!strcmp(t->settings[i], setting)) return 1;
    return 0;
}

void nx_karama_target_parse(nx_diags *d, const nx_ynode *owner, const char *what, nx_karama_target *out)
{
    memset(out, 0, sizeof *out);
    const nx_ynode *n = nx_ymember(d, owner, "karama_target", NX_Y_MAP, what);
    if (!n) return;
    char *twhat = nx_asprintf("the karama_target of %s", what);
    nx_ycheck_fields(n, twhat, target_fields, d);
    char *ruling = nx_ytext(d, n, "ruling", twhat);
    const nx_ynode *sl = nx_ymember(d, n, "settings", NX_Y_SEQ, twhat);
    nx_karama_target t = { .file = nx_xstrdup(n->file), .line = n->line, .col = n->col };
    if (sl) nx_ruling_settings_parse(d, sl, twhat, &t.settings, &t.nsettings);
    free(twhat);
    t.ruling = ruling;
    if (!ruling || !t.nsettings) {   /* reported above: keep nothing of it */
        nx_karama_target_free(&t);
        return;
    }
    *out = t;
}

void nx_karama_target_check(nx_diags *d, const nx_rulings *rs, const nx_karama_target *t, const char *what,
                            char *const *listed, size_t nlisted)
{
    if (!t->ruling) return;
    nx_ruling_pair_check(d, rs, t->file, t->line, t->col, what, "names karama_target",
                         "shuts the panel; karama_target names settings under which it is played", t->ruling, t->settings,
                         t->nsettings, listed, nlisted);
}

void nx_karama_target_free(nx_karama_target *t)
{
    free(t->ruling);
    for (size_t i = 0; i < t->nsettings; i++) free(t->settings[i]);
    free(t->settings);
    free(t->file);
    memset(t, 0, sizeof *t);
}
