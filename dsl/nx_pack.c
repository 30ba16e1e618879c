/*
 * nx_pack: loading and validating a card pack (see docs/dsl.md).
 *
 * Order of work: pack.yaml; the rulings directory (kept even when some
 * rulings are broken, so the cross-checks still run); every card file;
 * the factions left without a card; the cross-checks between panels and
 * rulings; and, for a clean pack only, the digest.  Every problem is
 * reported; a pack with any problem is freed and not returned.
 */
#include "nx_pack.h"

#include "nx_events.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


#include "nx_sandbox.h"
#include "nx_sha256.h"
#include "nx_shape.h"
#include "nx_state.h"
#include "nx_patterns.h"
#include "nx_suggest.h"
#include "nx_text.h"
#include "nx_util.h"
#include "nx_version.h"
#include "nx_yaml.h"

/* ---- vocabularies ----------------------------------------------------- */

static const char *const mode_ids[NX_MODE_COUNT] = {
    [NX_MODE_CUNNING] = "cunning",
    [NX_MODE_BETRAYAL] = "betrayal",
    [NX_MODE_SECRET_ALLY] = "secret_ally",
};

static const char *const mode_names[NX_MODE_COUNT] = {
    [NX_MODE_CUNNING] = "Cunning",
    [NX_MODE_BETRAYAL] = "Betrayal",
    [NX_MODE_SECRET_ALLY] = "Secret Ally",
};

static const char *const phase_ids[NX_PHASE_COUNT] = {
    [NX_PHASE_STORM] = "storm",
    [NX_PHASE_SPICE_BLOW] = "spice_blow",
    [NX_PHASE_CHOAM_CHARITY] = "choam_charity",
    [NX_PHASE_BIDDING] = "bidding",
    [NX_PHASE_REVIVAL] = "revival",
    [NX_PHASE_SHIPMENT_MOVEMENT] = "shipment_movement",
    [NX_PHASE_BATTLE] = "battle",
    [NX_PHASE_SPICE_COLLECTION] = "spice_collection",
    [NX_PHASE_MENTAT_PAUSE] = "mentat_pause",
};

/* The moments a panel's `when` may name: the engine's one list of events
 * (core/nx_events.c), which the engine raises and ctx:event() reads. */

const char *nx_mode_id(nx_mode m)
{
    assert(m >= 0 && m < NX_MODE_COUNT);   /* tables are indexed by mode */
    return mode_ids[m];
}

const char *nx_mode_name(nx_mode m)
{
    assert(m >= 0 && m < NX_MODE_COUNT);   /* tables are indexed by mode */
    return mode_names[m];
}

/* What the log calls a panel: its card's faction and its mode.  The id
 * ("<card>.<mode>") is the files' and the protocol's name, not a reader's. */
const char *nx_panel_title(const nx_panel *p, char *buf, size_t len)
{
    char card[32];
    const char *dot = strchr(p->id, '.');
    size_t n = dot ? (size_t)(dot - p->id) : strlen(p->id);
    nx_clip(card, sizeof card, "%.*s", (int)n, p->id);
    nx_faction f = nx_faction_parse(card);
    if (f == NX_NO_FACTION) nx_clip(buf, len, "%s", p->id);   /* a fixture's card: its id is all there is */
    else nx_fmt(buf, len, "%s %s", nx_faction_name(f), nx_mode_name(p->mode));
    return buf;
}

const char *nx_phase_id(nx_phase p)
{
    assert(p >= 0 && p < NX_PHASE_COUNT);  /* tables are indexed by phase */
    return phase_ids[p];
}

nx_phase nx_phase_parse(const char *id)
{
    for (int p = 0; p < NX_PHASE_COUNT; p++)
        if (!strcmp(id, phase_ids[p])) return (nx_phase)p;
    return NX_PHASE_ANY;
}

static int mode_parse(const char *id)
{
    for (int m = 0; m < NX_MODE_COUNT; m++)
        if (!strcmp(id, mode_ids[m])) return m;
    return -1;
}

static int event_known(const char *id) { return nx_event_parse(id) != NX_EV_NONE; }

/* "did you mean 'x'? " when a valid name is a plausible typo of word, else
 * "" (the message lists every valid name after it either way). */
static const char *did_you_mean(char *buf, size_t cap, const char *word,
                                const char *const *names, size_t n)
{
    const char *close = nx_suggest(word, names, n);
    if (!close) return "";
    nx_clip(buf, cap, "did you mean '%s'? ", close);
    return buf;
}

static const char *event_did_you_mean(char *buf, size_t cap, const char *word)
{
    const char *ids[NX_EV_COUNT];
    size_t n = 0;
    for (int k = NX_EV_NONE + 1; k < NX_EV_COUNT; k++) ids[n++] = nx_event_get(k)->id;
    return did_you_mean(buf, cap, word, ids, n);
}

/* "own_action, battle_start, ..." for messages.  Caller frees. */
static char *event_list(void)
{
    char *list = nx_xstrdup("");
    for (int k = NX_EV_NONE + 1; k < NX_EV_COUNT; k++) {
        char *next = nx_asprintf("%s%s%s", list, k > 1 ? ", " : "", nx_event_get(k)->id);
        free(list);
        list = next;
    }
    return list;
}

/* "a, b, c" for messages.  Caller frees. */
static char *word_list(const char *const *words, size_t n)
{
    char *list = nx_xstrdup("");
    for (size_t i = 0; i < n; i++) {
        char *next = nx_asprintf("%s%s%s", list, i ? ", " : "", words[i]);
        free(list);
        list = next;
    }
    return list;
}

/* "<card>.<mode>" -> faction and mode; 0 when the card is not a faction
 * id or the mode is not one of the three. */
static int split_panel_id(const char *id, nx_faction *f, nx_mode *m)
{
    const char *dot = strrchr(id, '.');
    if (!dot || mode_parse(dot + 1) < 0) return 0;
    size_t len = (size_t)(dot - id);
    for (int i = 0; i < NX_FACTION_COUNT; i++) {
        const char *fid = nx_faction_id((nx_faction)i);
        if (strlen(fid) == len && !strncmp(fid, id, len)) {
            *f = (nx_faction)i;
            *m = (nx_mode)mode_parse(dot + 1);
            return 1;
        }
    }
    return 0;
}

/* ---- engine compatibility --------------------------------------------- */

/* "MAJOR.MINOR" at the start of s; *end after it.  0 when malformed. */
static int parse_major_minor(const char *s, unsigned long *major,
                             unsigned long *minor, const char **end)
{
    char *e;
    if (!isdigit((unsigned char)s[0])) return 0;
    errno = 0;
    *major = strtoul(s, &e, 10);
    if (errno || e[0] != '.' || !isdigit((unsigned char)e[1])) return 0;
    *minor = strtoul(e + 1, &e, 10);
    if (errno) return 0;
    *end = e;
    return 1;
}

int nx_engine_compatible(const char *requirement, const char *engine_version)
{
    unsigned long rmaj, rmin, vmaj, vmin;
    const char *end;
    if (!requirement || !engine_version || strncmp(requirement, ">=", 2)) return 0;
    if (!parse_major_minor(requirement + 2, &rmaj, &rmin, &end) || *end) return 0;
    if (!parse_major_minor(engine_version, &vmaj, &vmin, &end)) return 0;
    /* After MAJOR.MINOR a version may go on with .PATCH, -pre or +build. */
    if (*end && *end != '.' && *end != '-' && *end != '+') return 0;
    return vmaj > rmaj || (vmaj == rmaj && vmin >= rmin);
}

/* ---- the loader ------------------------------------------------------- */

enum {
    RE_PACK_NAME,
    RE_SEMVER,
    RE_ENGINE,
    RE_CARD_ID,
    RE_SCRIPT,
    RE_PATH_ID,
    RE_COUNT
};

#define PAT_PACK_NAME "^[a-z][a-z0-9-]*$"
#define PAT_SEMVER "^\\d+\\.\\d+\\.\\d+$"
#define PAT_ENGINE "^>=\\d+\\.\\d+$"
#define PAT_CARD_ID "^[a-z][a-z_]*[a-z]$"
#define PAT_SCRIPT "^[a-z][a-z_]*/[a-z][a-z_]*\\.lua$"
#define PAT_PATH_ID "^[a-z][a-z_]*$"

static const char *const pattern_text[RE_COUNT] = {
    [RE_PACK_NAME] = PAT_PACK_NAME,
    [RE_SEMVER] = PAT_SEMVER,
    [RE_ENGINE] = PAT_ENGINE,
    [RE_CARD_ID] = PAT_CARD_ID,
    [RE_SCRIPT] = PAT_SCRIPT,
    [RE_PATH_ID] = PAT_PATH_ID,
};

/* ---- shapes: the keys the loader checks, and `nexus schema` ---------- */

static size_t phase_words(const void *ctx, const char **out, size_t cap)
{
    (void)ctx;
    size_t n = 0;
    for (int p = 0; p < NX_PHASE_COUNT && n < cap; p++) out[n++] = phase_ids[p];
    return n;
}

static size_t event_words(const void *ctx, const char **out, size_t cap)
{
    (void)ctx;
    size_t n = 0;
    for (int k = NX_EV_NONE + 1; k < NX_EV_COUNT && n < cap; k++) out[n++] = nx_event_get(k)->id;
    return n;
}

static const nx_shape sh_text = { .kind = NX_SH_STRING };
static const nx_shape sh_notes = { .kind = NX_SH_STRING, .doc = "free text for people; the engine ignores it" };

static const nx_field pack_fields[] = {
    { "name", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the pack's name", .pattern = PAT_PACK_NAME } },
    { "version", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "MAJOR.MINOR.PATCH", .pattern = PAT_SEMVER } },
    { "engine", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the oldest engine it needs: \">=MAJOR.MINOR\" (quoted)", .pattern = PAT_ENGINE } },
    { "cards", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the card files' directory, relative to pack.yaml" } },
    { "rulings", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the rulings directory, relative to pack.yaml" } },
    { "description", 0, &sh_notes },
    { NULL, 0, NULL }
};

static const nx_field when_fields[] = {
    { "phase", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the phase in which it may be played", .words_fn = phase_words } },
    { "event", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the moment it answers (core/nx_events)", .words_fn = event_words } },
    { NULL, 0, NULL }
};

static const nx_shape sh_when = {
    .kind = NX_SH_EITHER, .doc = "when it may be played: anytime, or a phase and/or an event",
    .either = (const nx_shape *const[]){
        &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[]){ "anytime", NULL } },
        &(nx_shape){ .kind = NX_SH_OBJECT, .fields = when_fields },
        NULL }
};

static const nx_shape sh_karama_use = {
    .kind = NX_SH_STRING,
    .doc = "what a Karama against a play stops: enhances (a Cunning enhancing its native advantage), "
           "lends (a Secret Ally lending a named advantage), instruction (a stand-alone card instruction); "
           "with common.karama.nexus_effects it decides whether the play is a Karama target",
    .words = (const char *const[]){ "enhances", "lends", "instruction", NULL }
};

static const nx_field path_fields[] = {
    { "id", 1, &(nx_shape){ .kind = NX_SH_STRING, .pattern = PAT_PATH_ID } },
    { "text", 1, &sh_text },
    { "label", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "what the path does, as the log prints it after 'to' (\"buy the card without paying the bank\")" } },
    { "when", 0, &sh_when },
    { "unbuilt", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "why the engine cannot play this path yet (it is shut)" } },
    { "unbuilt_under", 0, &nx_unbuilt_under_shape },
    { "karama_use", 0, &sh_karama_use },
    { NULL, 0, NULL }
};

static const nx_field panel_fields[] = {
    { "when", 1, &sh_when },
    { "text", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "a paraphrase of the printed panel" } },
    { "sources", 1, &(nx_shape){ .kind = NX_SH_LIST, .items = &sh_text, .min_items = 1 } },
    { "status", 1, &(nx_shape){ .kind = NX_SH_STRING, .words = (const char *const[]){ "available", "unavailable", NULL } } },
    { "reason", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "why an unavailable panel cannot be played" } },
    { "script", 0, &(nx_shape){ .kind = NX_SH_STRING, .doc = "<dir>/<name>.lua, relative to the cards directory", .pattern = PAT_SCRIPT } },
    { "rulings", 0, &(nx_shape){ .kind = NX_SH_LIST, .items = &(nx_shape){ .kind = NX_SH_STRING, .pattern = NX_RULING_ID_PATTERN } } },
    { "paths", 0, &(nx_shape){ .kind = NX_SH_LIST, .items = &(nx_shape){ .kind = NX_SH_OBJECT, .fields = path_fields } } },
    { "unbuilt_under", 0, &nx_unbuilt_under_shape },
    { "karama_use", 1, &sh_karama_use },
    { "karama_target", 0, &nx_karama_target_shape },
    { "karama_window", 0, &(nx_shape){ .kind = NX_SH_STRING,
        .doc = "where a Karama target play is answered: held (the generic window against a Nexus play; default but "
               "for enhances) or native_use (the window of the faction-advantage use the play makes; default for enhances)",
        .words = (const char *const[]){ "held", "native_use", NULL } } },
    { "notes", 0, &sh_notes },
    { NULL, 0, NULL }
};

static const nx_shape sh_panel = { .kind = NX_SH_OBJECT, .fields = panel_fields };

/* Keyed by mode_ids (asserted in nx_card_file_shape). */
static const nx_field panels_fields[] = {
    { "cunning", 1, &sh_panel },
    { "betrayal", 1, &sh_panel },
    { "secret_ally", 1, &sh_panel },
    { NULL, 0, NULL }
};

static const nx_field card_fields[] = {
    { "id", 1, &(nx_shape){ .kind = NX_SH_STRING, .doc = "the faction's id", .pattern = PAT_CARD_ID } },
    { "faction", 1, &(nx_shape){ .kind = NX_SH_STRING, .words_fn = nx_shape_faction_words } },
    { "panels", 1, &(nx_shape){ .kind = NX_SH_OBJECT, .fields = panels_fields } },
    { "notes", 0, &sh_notes },
    { NULL, 0, NULL }
};

const nx_shape *nx_pack_file_shape(void)
{
    static const nx_shape s = { .kind = NX_SH_OBJECT, .doc = "a Nexus card pack", .fields = pack_fields };
    return &s;
}

const nx_shape *nx_card_file_shape(void)
{
    static const nx_shape s = { .kind = NX_SH_OBJECT, .doc = "one faction's Nexus card: three panels", .fields = card_fields };
    for (int m = 0; m < NX_MODE_COUNT; m++) assert(!strcmp(panels_fields[m].name, mode_ids[m]));
    return &s;
}

/* One card file while the pack loads. */
typedef struct card_file {
    char *path;          /* full path */
    const char *name;    /* file name, inside path */
    nx_ydoc doc;         /* root NULL when it did not parse */
    char *id;            /* its id when valid and first of its name */
    int id_line, id_col;
    nx_faction slot;     /* its place in pack->cards, or NX_NO_FACTION */
} card_file;

typedef struct pload {
    nx_diags *d;
    nx_pack *pack;
    nx_patterns *re;              /* compiled once per load */
    nx_ydoc doc;                  /* pack.yaml */
    const char *cards_rel;        /* `cards:` as written; NULL if unusable */
    const char *rulings_rel;      /* `rulings:` as written; NULL if unusable */
    card_file *files;
    size_t nfiles;
} pload;

static void pload_init(pload *L, nx_pack *pack, nx_diags *d)
{
    memset(L, 0, sizeof *L);
    L->d = d;
    L->pack = pack;
    L->re = nx_patterns_compile(pattern_text, RE_COUNT);
}

static void pload_release(pload *L)
{
    for (size_t i = 0; i < L->nfiles; i++) {
        free(L->files[i].path);
        free(L->files[i].id);
        nx_ydoc_free(&L->files[i].doc);
    }
    free(L->files);
    nx_ydoc_free(&L->doc);
    nx_patterns_free(L->re);
}

/* text_field that must also match pattern `re`; `rule` ends the message. */
static char *pattern_field(pload *L, const nx_ynode *map, const char *key,
                           const char *what, int re, const char *rule)
{
    char *s = nx_ytext(L->d, map, key, what);
    if (s && !nx_patterns_match(L->re, re, s)) {
        nx_yerr(L->d, nx_ymap_get(map, key), "%s '%s' of %s %s", key, s, what, rule);
        free(s);
        return NULL;
    }
    return s;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- freeing ---------------------------------------------------------- */

static void panel_free(nx_panel *p)
{
    free(p->id);
    free(p->when.event);
    free(p->text);
    nx_strings_free(p->sources, p->nsources);
    for (size_t i = 0; i < p->npaths; i++) {
        free(p->paths[i].id);
        free(p->paths[i].text);
        free(p->paths[i].label);
        free(p->paths[i].unbuilt);
        nx_unbuilt_free(&p->paths[i].unbuilt_under);
        free(p->paths[i].when.event);
    }
    free(p->paths);
    nx_strings_free(p->rulings, p->nrulings);
    free(p->reason);
    nx_unbuilt_free(&p->unbuilt_under);
    nx_karama_target_free(&p->karama_target);
    free(p->script);
    free(p->script_path);
    free(p->file);
    memset(p, 0, sizeof *p);
}

static void card_free(nx_card *c)
{
    free(c->id);
    free(c->file);
    for (int m = 0; m < NX_MODE_COUNT; m++) panel_free(&c->panels[m]);
    memset(c, 0, sizeof *c);
}

void nx_pack_free(nx_pack *pack)
{
    free(pack->name);
    free(pack->version);
    free(pack->engine);
    free(pack->file);
    free(pack->dir);
    free(pack->cards_dir);
    free(pack->rulings_dir);
    for (int f = 0; f < NX_FACTION_COUNT; f++) card_free(&pack->cards[f]);
    nx_rulings_free(&pack->rulings);
    memset(pack, 0, sizeof *pack);
}

/* ---- pack.yaml -------------------------------------------------------- */


/* A directory named relative to pack.yaml; its full path, or NULL
 * (reported).  *rel: the value as written. */
static char *dir_field(pload *L, const char *key, const char **rel)
{
    const nx_ynode *n = nx_ymap_get(L->doc.root, key);
    char *written = nx_ytext(L->d, L->doc.root, key, "the pack");
    if (!written) return NULL;
    char *full = nx_path_join(L->pack->dir, written);
    struct stat st;
    if (stat(full, &st) != 0 || !S_ISDIR(st.st_mode)) {
        nx_yerr(L->d, n, "%s directory '%s' not found (looked for %s)", key,
                written, full);
        free(full);
        full = NULL;
    } else {
        *rel = n->scalar;
    }
    free(written);
    return full;
}

static void check_engine(pload *L, const nx_ynode *root)
{
    nx_pack *p = L->pack;
    p->engine = pattern_field(L, root, "engine", "the pack", RE_ENGINE,
                              "must have the form \">=MAJOR.MINOR\" (quoted)");
    if (p->engine && !nx_engine_compatible(p->engine, NX_VERSION))
        nx_yerr(L->d, nx_ymap_get(root, "engine"), "the pack needs engine %s, "
                "but this is Nexus %s", p->engine, NX_VERSION);
}

/* 0 when pack.yaml could be read as a mapping, so the rest can go on. */
static int load_pack_yaml(pload *L, const char *path)
{
    nx_pack *p = L->pack;
    p->file = nx_xstrdup(path);
    p->dir = nx_path_dir(path);
    if (nx_ydoc_load_file(path, &L->doc, L->d) != 0) return -1;
    const nx_ynode *root = L->doc.root;
    if (!root) {
        nx_diags_add(L->d, path, 1, 1, "empty pack file: expected name, version, "
                     "engine, cards and rulings");
        return -1;
    }
    nx_ycheck_fields(root, "pack.yaml", pack_fields, L->d);
    if (root->kind != NX_Y_MAP) return -1;
    p->name = pattern_field(L, root, "name", "the pack", RE_PACK_NAME,
                            "must match ^[a-z][a-z0-9-]*$");
    p->version = pattern_field(L, root, "version", "the pack", RE_SEMVER,
                               "must be MAJOR.MINOR.PATCH, e.g. 1.0.0");
    check_engine(L, root);
    free(nx_ytext(L->d, root, "description", "the pack"));
    p->cards_dir = dir_field(L, "cards", &L->cards_rel);
    p->rulings_dir = dir_field(L, "rulings", &L->rulings_rel);
    return 0;
}

/* ---- panels ----------------------------------------------------------- */

static void parse_when(pload *L, const nx_ynode *n, const char *what, nx_when *w)
{
    if (!n) return;
    if (n->kind == NX_Y_SCALAR && !strcmp(n->scalar, "anytime")) {
        w->anytime = 1;
        return;
    }
    if (n->kind != NX_Y_MAP) {
        nx_yerr(L->d, n, "when of %s must be 'anytime' or a mapping with a phase "
                "and/or an event", what);
        return;
    }
    char *wwhat = nx_asprintf("when of %s", what);
    nx_ycheck_fields(n, wwhat, when_fields, L->d);
    if (!nx_ymap_get(n, "phase") && !nx_ymap_get(n, "event"))
        nx_yerr(L->d, n, "when of %s needs a phase, an event or both", what);
    char *phase = nx_ytext(L->d, n, "phase", wwhat);
    char *event = nx_ytext(L->d, n, "event", wwhat);
    if (phase && (w->phase = nx_phase_parse(phase)) == NX_PHASE_ANY) {
        char *list = word_list(phase_ids, NX_PHASE_COUNT), hint[96];
        nx_yerr(L->d, nx_ymap_get(n, "phase"), "unknown phase '%s' in %s "
                "(%sphases: %s)", phase, wwhat,
                did_you_mean(hint, sizeof hint, phase, phase_ids, NX_PHASE_COUNT), list);
        free(list);
    }
    if (event && !event_known(event)) {
        char *list = event_list(), hint[96];
        nx_yerr(L->d, nx_ymap_get(n, "event"), "unknown event '%s' in %s "
                "(%sevents: %s)", event, wwhat, event_did_you_mean(hint, sizeof hint, event),
                list);
        free(list);
        free(event);
        event = NULL;
    }
    w->event = event;
    free(phase);
    free(wwhat);
}

static void parse_sources(pload *L, const nx_ynode *panel, const char *what,
                          nx_panel *p)
{
    const nx_ynode *s = nx_ymember(L->d, panel, "sources", NX_Y_SEQ, what);
    if (!s) return;
    if (s->n == 0) nx_yerr(L->d, s, "sources of %s must list at least one source", what);
    p->sources = nx_xcalloc(s->n, sizeof *p->sources);
    for (size_t i = 0; i < s->n; i++) {
        const nx_ynode *it = s->items[i];
        if (it->kind != NX_Y_SCALAR || nx_yis_null(it) || !it->scalar[0])
            nx_yerr(L->d, it, "source %zu of %s must be a non-empty string", i + 1, what);
        else
            p->sources[p->nsources++] = nx_xstrdup(it->scalar);
    }
}

static void parse_script(pload *L, const nx_ynode *panel, const char *what,
                         nx_panel *p)
{
    p->script = pattern_field(L, panel, "script", what, RE_SCRIPT,
                              "must be <dir>/<name>.lua in lower case "
                              "(^[a-z][a-z_]*/[a-z][a-z_]*\\.lua$)");
    if (!p->script) return;
    /* Scripts are only read once the cards directory is known. */
    assert(L->pack->cards_dir);
    char *path = nx_path_join(L->pack->cards_dir, p->script);
    if (!is_regular_file(path)) {
        nx_yerr(L->d, nx_ymap_get(panel, "script"), "script '%s' not found "
                "(looked for %s)", p->script, path);
        free(path);
        return;
    }
    p->script_path = path;
    nx_sandbox_check_file(path, L->d);
}

/* status, reason and script, which depend on each other. */
static void parse_status(pload *L, const nx_ynode *panel, const char *what,
                         nx_panel *p)
{
    char *status = nx_ytext(L->d, panel, "status", what);
    const nx_ynode *sn = nx_ymap_get(panel, "status");
    int known = 0;
    if (status && !strcmp(status, "available")) known = p->implemented = 1;
    else if (status && !strcmp(status, "unavailable")) known = 1;
    else if (status)
        nx_yerr(L->d, sn, "status of %s must be available or unavailable, not '%s'",
                what, status);
    free(status);
    p->reason = nx_ytext(L->d, panel, "reason", what);
    if (known && p->implemented && nx_ymap_key(panel, "reason"))
        nx_yerr(L->d, nx_ymap_key(panel, "reason"), "%s is available, so it must "
                "not give a reason", what);
    if (known && !p->implemented && !nx_ymap_key(panel, "reason"))
        nx_yerr(L->d, sn, "%s is unavailable, so it must give a reason", what);
    if (known && p->implemented && !nx_ymap_key(panel, "script"))
        nx_yerr(L->d, sn, "%s is available, so it must name a script", what);
    if (p->implemented) {   /* only unavailable panels carry a reason */
        free(p->reason);
        p->reason = NULL;
    }
    parse_script(L, panel, what, p);
}

static int in_strings(char *const *v, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i], s)) return 1;
    return 0;
}

static void parse_panel_rulings(pload *L, const nx_ynode *panel, const char *what,
                                nx_panel *p)
{
    const nx_ynode *r = nx_ymember(L->d, panel, "rulings", NX_Y_SEQ, what);
    if (!r) return;
    p->rulings = nx_xcalloc(r->n, sizeof *p->rulings);
    for (size_t i = 0; i < r->n; i++) {
        const nx_ynode *it = r->items[i];
        if (it->kind != NX_Y_SCALAR || nx_yis_null(it) || !it->scalar[0])
            nx_yerr(L->d, it, "ruling %zu of %s must be a ruling id", i + 1, what);
        else if (in_strings(p->rulings, p->nrulings, it->scalar))
            nx_yerr(L->d, it, "ruling '%s' is listed twice in %s", it->scalar, what);
        else
            p->rulings[p->nrulings++] = nx_xstrdup(it->scalar);
    }
}

static int panel_has_path(const nx_panel *p, const char *id)
{
    for (size_t i = 0; i < p->npaths; i++)
        if (!strcmp(p->paths[i].id, id)) return 1;
    return 0;
}

/* karama_use, when present: 0 and *out, or -1 after a clear error. */
static nx_karama_use parse_karama_use(pload *L, const nx_ynode *n, const char *what)
{
    const nx_ynode *v = nx_ymap_get(n, "karama_use");
    if (!v) return NX_KU_NONE;
    char *word = nx_ytext(L->d, n, "karama_use", what);
    nx_karama_use u = NX_KU_NONE;
    for (int i = NX_KU_NONE + 1; word && i < NX_KU_COUNT; i++)
        if (!strcmp(word, nx_karama_use_id((nx_karama_use)i))) u = (nx_karama_use)i;
    if (word && u == NX_KU_NONE)
        nx_yerr(L->d, v, "karama_use of %s must be enhances, lends or instruction, not '%s'", what, word);
    free(word);
    return u;
}

static void parse_one_path(pload *L, const nx_ynode *n, const char *what,
                           nx_panel *p)
{
    char *pwhat = nx_asprintf("a path of %s", what);
    nx_ycheck_fields(n, pwhat, path_fields, L->d);
    /* A path may print its own moment (E2); it then replaces the panel's. */
    nx_when when = { .phase = NX_PHASE_ANY };
    const nx_ynode *wn = nx_ymap_get(n, "when");
    if (wn) parse_when(L, wn, pwhat, &when);
    char *id = pattern_field(L, n, "id", pwhat, RE_PATH_ID, "must match ^[a-z][a-z_]*$");
    char *text = nx_ytext(L->d, n, "text", pwhat);
    char *label = nx_ytext(L->d, n, "label", pwhat);
    /* A path of an implemented panel that the engine cannot play yet says
     * why, and is shut (nx_avail), rather than refused by its script. */
    char *unbuilt = nx_ymap_get(n, "unbuilt") ? nx_ytext(L->d, n, "unbuilt", pwhat) : NULL;
    nx_unbuilt_list under;
    nx_unbuilt_parse(L->d, n, pwhat, &under);
    nx_karama_use ku = parse_karama_use(L, n, pwhat);
    free(pwhat);
    if (id && panel_has_path(p, id)) {
        nx_yerr(L->d, nx_ymap_get(n, "id"), "path '%s' is declared twice in %s",
                id, what);
        free(id);
        id = NULL;
    }
    /* A path with a good id is kept even without text, so rulings that
     * gate it are not reported as gating nothing. */
    if (!id) {
        free(text);
        free(label);
        free(unbuilt);
        nx_unbuilt_free(&under);
        free(when.event);
        return;
    }
    p->paths[p->npaths++] = (nx_panel_path){ id, text, label, wn != NULL, when, unbuilt, under, ku };
}

static void parse_paths(pload *L, const nx_ynode *panel, const char *what,
                        nx_panel *p)
{
    const nx_ynode *ps = nx_ymember(L->d, panel, "paths", NX_Y_SEQ, what);
    if (!ps) return;
    p->paths = nx_xcalloc(ps->n, sizeof *p->paths);
    for (size_t i = 0; i < ps->n; i++) parse_one_path(L, ps->items[i], what, p);
}


static void parse_panel(pload *L, const char *card_id, nx_mode m,
                        const nx_ynode *key, const nx_ynode *val, nx_panel *p)
{
    p->id = nx_asprintf("%s.%s", card_id, mode_ids[m]);
    /* A pending decision carries the panel id in a fixed field. */
    if (strlen(p->id) >= sizeof ((nx_pending *)0)->panel)
        nx_yerr(L->d, key, "panel id '%s' is longer than %zu characters", p->id, sizeof ((nx_pending *)0)->panel - 1);
    p->mode = m;
    p->file = nx_xstrdup(key->file);
    p->line = key->line;
    p->col = key->col;
    p->when.phase = NX_PHASE_ANY;
    char *what = nx_asprintf("panel %s", p->id);
    nx_ycheck_fields(val, what, panel_fields, L->d);
    if (val->kind == NX_Y_MAP) {
        parse_when(L, nx_ymap_get(val, "when"), what, &p->when);
        p->text = nx_ytext(L->d, val, "text", what);
        parse_sources(L, val, what, p);
        parse_status(L, val, what, p);
        parse_panel_rulings(L, val, what, p);
        parse_paths(L, val, what, p);
        nx_unbuilt_parse(L->d, val, what, &p->unbuilt_under);
        p->karama_use = parse_karama_use(L, val, what);
        p->karama_native = p->karama_use == NX_KU_ENHANCES;
        nx_karama_target_parse(L->d, val, what, &p->karama_target);
        if (nx_ymap_get(val, "karama_window")) {
            char *w = nx_ytext(L->d, val, "karama_window", what);
            if (w && !strcmp(w, "native_use")) p->karama_native = 1;
            else if (w && !strcmp(w, "held")) p->karama_native = 0;
            else if (w)
                nx_yerr(L->d, nx_ymap_get(val, "karama_window"), "karama_window of %s must be held or native_use, not '%s'",
                        what, w);
            free(w);
        }
        free(nx_ytext(L->d, val, "notes", what));
    }
    free(what);
}

static void parse_panels(pload *L, const nx_ynode *root, const char *card_id,
                         nx_card *card)
{
    const nx_ynode *panels = nx_ymap_get(root, "panels");
    if (!panels) return;
    char *what = nx_asprintf("panels of card %s", card_id);
    int ok = nx_yexpect(panels, NX_Y_MAP, what, L->d);
    free(what);
    if (!ok) return;
    for (size_t i = 0; i < panels->n; i++)
        if (mode_parse(panels->keys[i]->scalar) < 0) {
            char hint[96];
            nx_yerr(L->d, panels->keys[i], "unknown panel '%s' in card %s (%spanels "
                    "are cunning, betrayal and secret_ally)", panels->keys[i]->scalar, card_id,
                    did_you_mean(hint, sizeof hint, panels->keys[i]->scalar, mode_ids,
                                 NX_MODE_COUNT));
        }
    for (int m = 0; m < NX_MODE_COUNT; m++) {
        const nx_ynode *key = nx_ymap_key(panels, mode_ids[m]);
        if (!key)
            nx_yerr(L->d, nx_ymap_key(root, "panels"), "missing panel '%s' in card %s",
                    mode_ids[m], card_id);
        else
            parse_panel(L, card_id, (nx_mode)m, key, nx_ymap_get(panels, mode_ids[m]),
                        &card->panels[m]);
    }
}

/* ---- cards ------------------------------------------------------------ */


static const card_file *file_with_id(const pload *L, const char *id)
{
    for (size_t i = 0; i < L->nfiles; i++)
        if (L->files[i].id && !strcmp(L->files[i].id, id)) return &L->files[i];
    return NULL;
}

/* The card's id; cf->id is set only when it is valid and the first of its
 * name, which is what entitles the card to a place in the pack. */
static char *parse_card_id(pload *L, card_file *cf, const char *base)
{
    const nx_ynode *root = cf->doc.root;
    const nx_ynode *n = nx_ymap_get(root, "id");
    char *id = pattern_field(L, root, "id", "a card", RE_CARD_ID,
                             "must match ^[a-z][a-z_]*[a-z]$");
    if (!id) return NULL;
    if (strcmp(id, base))
        nx_yerr(L->d, n, "card id '%s' does not match its file name '%s'", id,
                cf->name);
    const card_file *first = file_with_id(L, id);
    if (first) {
        nx_yerr(L->d, n, "duplicate card id '%s' (also at %s:%d:%d)", id,
                first->path, first->id_line, first->id_col);
        return id;
    }
    cf->id = nx_xstrdup(id);
    cf->id_line = n->line;
    cf->id_col = n->col;
    return id;
}

static nx_faction parse_card_faction(pload *L, const nx_ynode *root,
                                     const char *id)
{
    char *name = nx_ytext(L->d, root, "faction", "a card");
    if (!name) return NX_NO_FACTION;
    nx_faction f = nx_faction_parse(name);
    if (f == NX_NO_FACTION)
        nx_yerr(L->d, nx_ymap_get(root, "faction"), "card for unknown faction '%s'",
                name);
    else if (id && strcmp(id, nx_faction_id(f)))
        nx_yerr(L->d, nx_ymap_get(root, "id"), "card id '%s' does not match faction "
                "%s (expected '%s')", id, nx_faction_name(f), nx_faction_id(f));
    free(name);
    return f;
}

/* Give the card its faction's place, or free it. */
static void place_card(pload *L, card_file *cf, nx_card *card)
{
    nx_faction f = card->faction;
    if (cf->id && f != NX_NO_FACTION && !strcmp(cf->id, nx_faction_id(f))) {
        /* Ids are unique and equal their faction's id, so no two cards
         * can claim the same place. */
        assert(!L->pack->cards[f].id);
        L->pack->cards[f] = *card;
        cf->slot = f;
        return;
    }
    card_free(card);
}

static void load_card_file(pload *L, card_file *cf)
{
    if (nx_ydoc_load_file(cf->path, &cf->doc, L->d) != 0) return;
    const nx_ynode *root = cf->doc.root;
    if (!root) {
        nx_diags_add(L->d, cf->path, 1, 1, "empty card file: expected id, faction "
                     "and panels");
        return;
    }
    if (!nx_yexpect(root, NX_Y_MAP, "a card file", L->d)) return;
    char *base = nx_xstrndup(cf->name, strlen(cf->name) - strlen(".yaml"));
    nx_card card = { .faction = NX_NO_FACTION };
    card.file = nx_xstrdup(cf->path);
    card.id = parse_card_id(L, cf, base);
    const char *cid = card.id ? card.id : base;
    char *what = nx_asprintf("card %s", cid);
    nx_ycheck_fields(root, what, card_fields, L->d);
    card.faction = parse_card_faction(L, root, card.id);
    free(nx_ytext(L->d, root, "notes", what));
    parse_panels(L, root, cid, &card);
    place_card(L, cf, &card);
    free(what);
    free(base);
}

static void load_cards(pload *L)
{
    char **paths;
    size_t n;
    if (nx_list_files(L->pack->cards_dir, ".yaml", &paths, &n) != 0) {
        nx_diags_add(L->d, L->pack->cards_dir, 0, 0, "cannot open cards directory: %s",
                     strerror(errno));
        return;
    }
    L->files = nx_xcalloc(n, sizeof *L->files);
    for (size_t i = 0; i < n; i++) {
        card_file *cf = &L->files[L->nfiles++];
        cf->path = paths[i];
        cf->name = base_name(cf->path);
        cf->slot = NX_NO_FACTION;
        load_card_file(L, cf);
    }
    free(paths);
}

/* A faction whose card file exists but is broken was reported already. */
static int has_card_file(const pload *L, nx_faction f)
{
    char *name = nx_asprintf("%s.yaml", nx_faction_id(f));
    int found = 0;
    for (size_t i = 0; i < L->nfiles && !found; i++)
        found = !strcmp(L->files[i].name, name);
    free(name);
    return found;
}

static void check_every_faction(pload *L)
{
    const nx_ynode *at = nx_ymap_get(L->doc.root, "cards");
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        if (!L->pack->cards[f].id && !has_card_file(L, (nx_faction)f))
            nx_yerr(L->d, at, "faction %s has no card (expected %s.yaml)",
                    nx_faction_name((nx_faction)f), nx_faction_id((nx_faction)f));
}

/* ---- cross-checks ----------------------------------------------------- */

static const card_file *file_of_slot(const pload *L, nx_faction f)
{
    for (size_t i = 0; i < L->nfiles; i++)
        if (L->files[i].slot == f) return &L->files[i];
    return NULL;
}

/* The YAML node of a placed card's panel. */
static const nx_ynode *panel_node(const pload *L, nx_faction f, nx_mode m)
{
    const card_file *cf = file_of_slot(L, f);
    /* A card only has a place when its file parsed. */
    assert(cf && cf->doc.root);
    return nx_ymap_get(nx_ymap_get(cf->doc.root, "panels"), mode_ids[m]);
}

/* Where to report a panel/ruling inconsistency: the panel's `rulings` key,
 * or the panel itself when it has none. */
static void report_at_rulings(pload *L, nx_faction f, nx_mode m, const char *fmt,
                              const char *a, const char *b)
{
    const nx_ynode *key = nx_ymap_key(panel_node(L, f, m), "rulings");
    const nx_panel *p = &L->pack->cards[f].panels[m];
    if (key) nx_yerr(L->d, key, fmt, a, b);
    else nx_diags_add(L->d, p->file, p->line, p->col, fmt, a, b);
}

static int ruling_gates_panel(const nx_ruling *r, const char *panel_id)
{
    for (size_t i = 0; i < r->ngates; i++)
        if (r->gates[i].panel && !strcmp(r->gates[i].panel, panel_id)) return 1;
    return 0;
}

static void check_gate(pload *L, const nx_ruling *r, size_t gi)
{
    const nx_ruling_gate *g = &r->gates[gi];
    if (g->lifecycle) return;   /* validated by the rulings loader */
    nx_faction f;
    nx_mode m;
    if (!split_panel_id(g->panel, &f, &m)) {
        nx_diags_add(L->d, r->file, g->line, g->col, "ruling '%s' gates panel '%s', "
                     "which does not exist", r->id, g->panel);
        return;
    }
    const nx_panel *p = &L->pack->cards[f].panels[m];
    if (!L->pack->cards[f].id || !p->id) return;  /* missing: reported already */
    if (g->path && !panel_has_path(p, g->path))
        nx_diags_add(L->d, r->file, g->line, g->col, "ruling '%s' gates path '%s' "
                     "of panel %s, which has no such path", r->id, g->path, p->id);
    for (size_t i = 0; i < gi; i++)   /* one report per ruling and panel */
        if (r->gates[i].panel && !strcmp(r->gates[i].panel, g->panel)) return;
    if (!in_strings(p->rulings, p->nrulings, r->id))
        report_at_rulings(L, f, m, "panel %s is gated by ruling '%s' but does "
                          "not list it under rulings", p->id, r->id);
}

/* Position of the first item naming `id` in a panel's rulings list. */
static const nx_ynode *listed_item(const nx_ynode *panel, const char *id)
{
    const nx_ynode *list = nx_ymap_get(panel, "rulings");
    for (size_t i = 0; list && i < list->n; i++)
        if (list->items[i]->kind == NX_Y_SCALAR && !strcmp(list->items[i]->scalar, id))
            return list->items[i];
    return NULL;
}

static void check_panel_list(pload *L, nx_faction f, nx_mode m)
{
    const nx_panel *p = &L->pack->cards[f].panels[m];
    const nx_ynode *pn = panel_node(L, f, m);
    for (size_t i = 0; i < p->nrulings; i++) {
        const nx_ruling *r = nx_rulings_find(&L->pack->rulings, p->rulings[i]);
        const char *close = r ? NULL : nx_rulings_suggest(&L->pack->rulings, p->rulings[i]);
        if (!r)
            nx_yerr(L->d, listed_item(pn, p->rulings[i]), "ruling '%s' does not exist%s%s%s",
                    p->rulings[i], close ? " (did you mean '" : "", close ? close : "",
                    close ? "'?)" : "");
        else if (!ruling_gates_panel(r, p->id))
            report_at_rulings(L, f, m, "panel %s lists ruling '%s', which does not "
                              "gate it or any of its paths", p->id, r->id);
    }
    char *what = nx_asprintf("panel %s", p->id);
    nx_unbuilt_check(L->d, &L->pack->rulings, &p->unbuilt_under, what, p->rulings, p->nrulings);
    nx_karama_target_check(L->d, &L->pack->rulings, &p->karama_target, what, p->rulings, p->nrulings);
    free(what);
    for (size_t i = 0; i < p->npaths; i++) {
        what = nx_asprintf("path %s of panel %s", p->paths[i].id, p->id);
        nx_unbuilt_check(L->d, &L->pack->rulings, &p->paths[i].unbuilt_under, what, p->rulings, p->nrulings);
        free(what);
    }
}

static void cross_check(pload *L)
{
    const nx_rulings *rs = &L->pack->rulings;
    for (size_t i = 0; i < rs->n; i++)
        for (size_t g = 0; g < rs->v[i].ngates; g++) check_gate(L, &rs->v[i], g);
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        if (!L->pack->cards[f].id) continue;
        for (int m = 0; m < NX_MODE_COUNT; m++)
            if (L->pack->cards[f].panels[m].id)
                check_panel_list(L, (nx_faction)f, (nx_mode)m);
    }
}

/* ---- digest ----------------------------------------------------------- */

typedef struct digest_file {
    char *rel;     /* path relative to the pack directory: what is hashed */
    char *full;    /* where to read it */
} digest_file;

typedef struct digest_list {
    digest_file *v;
    size_t n;
} digest_list;

static void digest_add(digest_list *dl, char *rel, char *full)
{
    dl->v = nx_xrealloc(dl->v, (dl->n + 1) * sizeof *dl->v);
    dl->v[dl->n++] = (digest_file){ rel, full };
}

static int cmp_digest_file(const void *a, const void *b)
{
    return strcmp(((const digest_file *)a)->rel, ((const digest_file *)b)->rel);
}

/* pack.yaml, every card file, every script, every ruling file. */
static void digest_collect(const pload *L, digest_list *dl)
{
    const nx_pack *p = L->pack;
    digest_add(dl, nx_xstrdup(base_name(p->file)), nx_xstrdup(p->file));
    for (size_t i = 0; i < L->nfiles; i++)
        digest_add(dl, nx_path_join(L->cards_rel, L->files[i].name),
                   nx_xstrdup(L->files[i].path));
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *pn = &p->cards[f].panels[m];
            if (pn->script_path)
                digest_add(dl, nx_path_join(L->cards_rel, pn->script),
                           nx_xstrdup(pn->script_path));
        }
    /* The shared helpers scripts require (every lib/<name>.lua but the LuaLS stubs). */
    char *libdir = nx_path_join(p->dir, "lib"), **libs;
    size_t nlibs;
    if (nx_list_files(libdir, ".lua", &libs, &nlibs) == 0) {
        for (size_t i = 0; i < nlibs; i++) {
            const char *b = base_name(libs[i]);
            size_t bl = strlen(b);
            if (bl > 6 && !strcmp(b + bl - 6, ".d.lua")) free(libs[i]);
            else digest_add(dl, nx_path_join("lib", b), libs[i]);
        }
        free(libs);
    }
    free(libdir);
    char **rulings;
    size_t n;
    if (nx_list_files(p->rulings_dir, ".yaml", &rulings, &n) != 0) return;
    for (size_t i = 0; i < n; i++)
        digest_add(dl, nx_path_join(L->rulings_rel, base_name(rulings[i])), rulings[i]);
    free(rulings);
}

/* path, NUL, the length as 8 bytes big-endian, the contents. */
static int digest_one(nx_sha256 *c, const digest_file *f, nx_diags *d)
{
    const char *err = NULL;
    size_t len = 0;
    char *text = nx_read_file(f->full, &len, &err);
    if (!text) {
        nx_diags_add(d, f->full, 0, 0, "cannot read: %s", err);
        return -1;
    }
    uint8_t be[8];
    for (int i = 0; i < 8; i++) be[i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    nx_sha256_update(c, f->rel, strlen(f->rel) + 1);
    nx_sha256_update(c, be, sizeof be);
    nx_sha256_update(c, text, len);
    free(text);
    return 0;
}

static void compute_digest(pload *L)
{
    /* Only a complete pack has a digest: every directory was read. */
    assert(L->cards_rel && L->rulings_rel);
    digest_list dl = { 0 };
    digest_collect(L, &dl);
    qsort(dl.v, dl.n, sizeof *dl.v, cmp_digest_file);
    nx_sha256 c;
    nx_sha256_init(&c);
    int ok = 1;
    for (size_t i = 0; i < dl.n; i++) {
        /* A script shared by several panels counts once. */
        if (i == 0 || strcmp(dl.v[i].rel, dl.v[i - 1].rel))
            ok &= digest_one(&c, &dl.v[i], L->d) == 0;
    }
    for (size_t i = 0; i < dl.n; i++) {
        free(dl.v[i].rel);
        free(dl.v[i].full);
    }
    free(dl.v);
    uint8_t out[NX_SHA256_BYTES];
    nx_sha256_final(&c, out);
    if (ok) nx_sha256_hex(out, L->pack->digest);
}

/* ---- entry points ----------------------------------------------------- */

int nx_pack_load(const char *pack_yaml, nx_pack *pack, nx_diags *d)
{
    memset(pack, 0, sizeof *pack);
    size_t before = d->n;
    pload L;
    pload_init(&L, pack, d);
    if (load_pack_yaml(&L, pack_yaml) == 0) {
        if (pack->rulings_dir)
            nx_rulings_load_dir_partial(pack->rulings_dir, &pack->rulings, d);
        if (pack->cards_dir) {
            load_cards(&L);
            check_every_faction(&L);
            if (pack->rulings_dir) cross_check(&L);
        }
    }
    if (d->n == before) compute_digest(&L);
    pload_release(&L);
    if (d->n == before) return 0;
    nx_pack_free(pack);
    return -1;
}

const nx_card *nx_pack_card(const nx_pack *pack, nx_faction f)
{
    if (f < 0 || f >= NX_FACTION_COUNT || !pack->cards[f].id) return NULL;
    return &pack->cards[f];
}

const nx_panel *nx_pack_panel(const nx_pack *pack, const char *panel_id)
{
    nx_faction f;
    nx_mode m;
    if (!split_panel_id(panel_id, &f, &m) || !pack->cards[f].id) return NULL;
    const nx_panel *p = &pack->cards[f].panels[m];
    return p->id ? p : NULL;
}
