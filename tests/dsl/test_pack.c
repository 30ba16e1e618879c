/*
 * dsl/nx_pack: loading and validating card packs.
 *
 * Most cases copy the fixture pack tests/fixtures/packs/good into a
 * temporary directory, break one thing and check the diagnostic's file,
 * line and message.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nx_pack.h"
#include "nx_sha256.h"
#include "nx_testutil.h"
#include "nx_util.h"
#include "nx_version.h"

/* ---- file helpers ----------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

static char *read_text(const char *path)
{
    const char *err = NULL;
    char *text = nx_read_file(path, NULL, &err);
    ck_assert_msg(text != NULL, "cannot read %s: %s", path, err ? err : "?");
    return text;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void copy_tree(const char *src, const char *dst)
{
    DIR *dp = opendir(src);
    ck_assert_ptr_nonnull(dp);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *from = nx_path_join(src, e->d_name), *to = nx_path_join(dst, e->d_name);
        if (is_dir(from)) {
            ck_assert_int_eq(mkdir(to, 0700), 0);
            copy_tree(from, to);
        } else {
            char *text = read_text(from);
            write_text(to, text);
            free(text);
        }
        free(from);
        free(to);
    }
    closedir(dp);
}

static void remove_tree(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *path = nx_path_join(dir, e->d_name);
        if (is_dir(path)) remove_tree(path);
        else unlink(path);
        free(path);
    }
    closedir(dp);
    rmdir(dir);
}

/* A fresh copy of the good fixture pack.  Caller frees (drop_copy). */
static char *good_copy(void)
{
    char *dir = nx_xstrdup("/tmp/nx_pack_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *good = nx_fixture("packs/good");
    copy_tree(good, dir);
    free(good);
    return dir;
}

static void drop_copy(char *dir)
{
    remove_tree(dir);
    free(dir);
}

/* Replace the first `from` in dir/rel by `to`. */
static void edit(const char *dir, const char *rel, const char *from, const char *to)
{
    char *path = nx_path_join(dir, rel);
    char *text = read_text(path);
    char *at = strstr(text, from);
    ck_assert_msg(at != NULL, "%s lacks \"%s\"", rel, from);
    char *out = nx_asprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    write_text(path, out);
    free(out);
    free(text);
    free(path);
}

/* 1-based line of the first `needle` in dir/rel. */
static int line_of(const char *dir, const char *rel, const char *needle)
{
    char *path = nx_path_join(dir, rel);
    char *text = read_text(path);
    char *at = strstr(text, needle);
    ck_assert_msg(at != NULL, "%s lacks \"%s\"", rel, needle);
    int line = 1;
    for (const char *p = text; p < at; p++) line += *p == '\n';
    free(text);
    free(path);
    return line;
}

/* ---- diagnostics helpers ---------------------------------------------- */

/* The index of the diagnostic at file_suffix:line whose message contains
 * msg (and msg2 when given); fails listing them all when there is none. */
static size_t expect_diag2(const nx_diags *d, const char *file_suffix, int line,
                           const char *msg, const char *msg2)
{
    for (size_t i = 0; i < d->n; i++)
        if (ends_with(d->v[i].file, file_suffix) && d->v[i].line == line &&
            strstr(d->v[i].msg, msg) && (!msg2 || strstr(d->v[i].msg, msg2)))
            return i;
    nx_diags_print(d, stderr);
    ck_abort_msg("expected a diagnostic at %s:%d containing \"%s\"%s%s", file_suffix,
                 line, msg, msg2 ? " and " : "", msg2 ? msg2 : "");
    return 0;
}

static void expect_diag(const nx_diags *d, const char *file_suffix, int line,
                        const char *msg)
{
    expect_diag2(d, file_suffix, line, msg, NULL);
}

static int load_dir(const char *dir, nx_pack *pack, nx_diags *d)
{
    char *path = nx_path_join(dir, "pack.yaml");
    int rc = nx_pack_load(path, pack, d);
    free(path);
    return rc;
}

static void assert_pack_empty(const nx_pack *p)
{
    ck_assert_ptr_null(p->name);
    ck_assert_ptr_null(p->file);
    ck_assert_ptr_null(p->cards_dir);
    for (int f = 0; f < NX_FACTION_COUNT; f++) ck_assert_ptr_null(p->cards[f].id);
    ck_assert_uint_eq(p->rulings.n, 0);
    ck_assert_str_eq(p->digest, "");
}

/* ---- the good pack ---------------------------------------------------- */

static void load_good(nx_pack *pack)
{
    char *path = nx_fixture("packs/good/pack.yaml");
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(path, pack, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(d.n, 0);
    nx_diags_free(&d);
    free(path);
}

START_TEST(test_good_pack_loads)
{
    nx_pack p;
    load_good(&p);
    ck_assert_str_eq(p.name, "fixture-pack");
    ck_assert_str_eq(p.version, "1.0.0");
    ck_assert_str_eq(p.engine, ">=0.1");
    ck_assert(ends_with(p.file, "/packs/good/pack.yaml"));
    ck_assert(ends_with(p.dir, "/packs/good"));
    ck_assert(ends_with(p.cards_dir, "/packs/good/cards"));
    ck_assert(ends_with(p.rulings_dir, "/packs/good/rulings"));
    ck_assert_uint_eq(p.rulings.n, 3);
    ck_assert_uint_eq(strlen(p.digest), 64);
    ck_assert_uint_eq(strspn(p.digest, "0123456789abcdef"), 64);
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        const nx_card *c = nx_pack_card(&p, (nx_faction)f);
        ck_assert_ptr_nonnull(c);
        ck_assert_str_eq(c->id, nx_faction_id((nx_faction)f));
        ck_assert_int_eq(c->faction, f);
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            char *id = nx_asprintf("%s.%s", c->id, nx_mode_id((nx_mode)m));
            ck_assert_str_eq(c->panels[m].id, id);
            ck_assert_int_eq(c->panels[m].mode, m);
            ck_assert_ptr_eq(nx_pack_panel(&p, id), &c->panels[m]);
            free(id);
        }
    }
    nx_pack_free(&p);
    assert_pack_empty(&p);
}
END_TEST

START_TEST(test_good_pack_fields)
{
    nx_pack p;
    load_good(&p);
    const nx_panel *h = nx_pack_panel(&p, "harkonnen.cunning");
    ck_assert(h->implemented);
    ck_assert_ptr_null(h->reason);
    ck_assert(!h->when.anytime);
    ck_assert_int_eq(h->when.phase, NX_PHASE_MENTAT_PAUSE);
    ck_assert_ptr_null(h->when.event);
    ck_assert_str_eq(h->text, "Draw one Traitor Card and keep it.");
    ck_assert_uint_eq(h->nsources, 1);
    ck_assert_str_eq(h->script, "harkonnen/cunning.lua");
    ck_assert(ends_with(h->script_path, "/packs/good/cards/harkonnen/cunning.lua"));
    ck_assert(ends_with(h->file, "/packs/good/cards/harkonnen.yaml"));
    ck_assert_int_eq(h->line, 5);
    ck_assert_int_eq(h->col, 3);
    ck_assert_uint_eq(h->npaths + h->nrulings, 0);
    const nx_panel *hb = nx_pack_panel(&p, "harkonnen.betrayal");
    ck_assert_int_eq(hb->when.phase, NX_PHASE_ANY);
    ck_assert_str_eq(hb->when.event, "traitor_revealed");
    const nx_panel *bg = nx_pack_panel(&p, "bene_gesserit.cunning");
    ck_assert_int_eq(bg->when.phase, NX_PHASE_STORM);
    ck_assert_str_eq(bg->when.event, "own_action");
    ck_assert_uint_eq(bg->nrulings, 1);
    ck_assert_str_eq(bg->rulings[0], "bene_gesserit.cunning.storm_stronghold");
    const nx_panel *ch = nx_pack_panel(&p, "choam.cunning");
    ck_assert_uint_eq(ch->nsources, 2);
    ck_assert_uint_eq(ch->npaths, 2);
    ck_assert_str_eq(ch->paths[0].id, "purchase");
    ck_assert_str_eq(ch->paths[1].text, "Sell the card.");
    ck_assert_uint_eq(ch->nrulings, 2);
    const nx_panel *at = nx_pack_panel(&p, "atreides.secret_ally");
    ck_assert(at->when.anytime);
    ck_assert(!at->implemented);
    ck_assert_str_eq(at->reason, "Not implemented in the fixture pack.");
    ck_assert_ptr_null(at->script);
    ck_assert_ptr_null(at->script_path);
    nx_pack_free(&p);
}
END_TEST

START_TEST(test_lookups)
{
    nx_pack p;
    load_good(&p);
    ck_assert_ptr_null(nx_pack_panel(&p, "Harkonnen.cunning"));
    ck_assert_ptr_null(nx_pack_panel(&p, "harkonnen.sneaky"));
    ck_assert_ptr_null(nx_pack_panel(&p, "sardaukar.cunning"));
    ck_assert_ptr_null(nx_pack_panel(&p, "harkonnen"));
    ck_assert_ptr_null(nx_pack_panel(&p, "harkonnen.cunning.x"));
    ck_assert_ptr_null(nx_pack_card(&p, NX_NO_FACTION));
    ck_assert_ptr_null(nx_pack_card(&p, NX_FACTION_COUNT));
    ck_assert_str_eq(nx_pack_panel(&p, "spacing_guild.secret_ally")->id,
                     "spacing_guild.secret_ally");
    nx_pack_free(&p);
}
END_TEST

START_TEST(test_vocabularies)
{
    ck_assert_str_eq(nx_mode_id(NX_MODE_SECRET_ALLY), "secret_ally");
    ck_assert_str_eq(nx_mode_name(NX_MODE_SECRET_ALLY), "Secret Ally");
    ck_assert_str_eq(nx_mode_name(NX_MODE_CUNNING), "Cunning");
    ck_assert_str_eq(nx_phase_id(NX_PHASE_SHIPMENT_MOVEMENT), "shipment_movement");
    for (int ph = 0; ph < NX_PHASE_COUNT; ph++)
        ck_assert_int_eq(nx_phase_parse(nx_phase_id((nx_phase)ph)), ph);
    ck_assert_int_eq(nx_phase_parse("Storm"), NX_PHASE_ANY);
    ck_assert_int_eq(nx_phase_parse(""), NX_PHASE_ANY);
}
END_TEST

START_TEST(test_engine_compatible)
{
    ck_assert(nx_engine_compatible(">=0.1", "0.1.0"));
    ck_assert(nx_engine_compatible(">=0.1", "0.2.0"));
    ck_assert(nx_engine_compatible(">=0.1", "1.0.0"));
    ck_assert(nx_engine_compatible(">=0.9", "0.10.0"));   /* numeric, not lexical */
    ck_assert(nx_engine_compatible(">=1.2", "1.2"));
    ck_assert(nx_engine_compatible(">=1.2", "1.2.0-rc1"));
    ck_assert(!nx_engine_compatible(">=0.10", "0.9.0"));
    ck_assert(!nx_engine_compatible(">=0.2", "0.1.9"));
    ck_assert(!nx_engine_compatible(">=1.0", "0.9.0"));
    /* Only ">=MAJOR.MINOR" is a requirement. */
    ck_assert(!nx_engine_compatible("0.1", "0.1.0"));
    ck_assert(!nx_engine_compatible(">0.1", "0.1.0"));
    ck_assert(!nx_engine_compatible(">=0.1.0", "0.1.0"));
    ck_assert(!nx_engine_compatible(">= 0.1", "0.1.0"));
    ck_assert(!nx_engine_compatible(">=0", "0.1.0"));
    ck_assert(!nx_engine_compatible(">=a.b", "0.1.0"));
    ck_assert(!nx_engine_compatible(">=0.1", "abc"));
    ck_assert(!nx_engine_compatible(">=0.1", "0.1x"));
    ck_assert(!nx_engine_compatible(NULL, "0.1.0"));
    ck_assert(!nx_engine_compatible(">=0.1", NULL));
    /* This engine satisfies its own MAJOR.MINOR and not the next minor. */
    char *own = nx_asprintf(">=%d.%d", NX_VERSION_MAJOR, NX_VERSION_MINOR);
    char *next = nx_asprintf(">=%d.%d", NX_VERSION_MAJOR, NX_VERSION_MINOR + 1);
    ck_assert(nx_engine_compatible(own, NX_VERSION));
    ck_assert(!nx_engine_compatible(next, NX_VERSION));
    free(own);
    free(next);
}
END_TEST

/* ---- one broken thing at a time --------------------------------------- */

typedef enum { OP_EDIT, OP_WRITE, OP_DELETE, OP_RENAME, OP_COPY } op_kind;

typedef struct pack_case {
    op_kind op;
    const char *file;       /* relative to the pack directory */
    const char *a, *b;      /* EDIT: from, to; WRITE: text; RENAME/COPY: new name */
    const char *at;         /* the diagnostic's file, relative */
    const char *line_text;  /* its line: where this text first is, after the op */
    int line;               /* ... or this line when line_text is NULL */
    const char *msg, *msg2; /* substrings of the message */
} pack_case;

#define EDIT(f, from, to) OP_EDIT, f, from, to
#define WRITE(f, text) OP_WRITE, f, text, NULL
#define DELETE(f) OP_DELETE, f, NULL, NULL
#define RENAME(f, to) OP_RENAME, f, to, NULL
#define COPY(f, to) OP_COPY, f, to, NULL

#define ATR "cards/atreides.yaml"
#define HAR "cards/harkonnen.yaml"
#define BGC "cards/bene_gesserit.yaml"
#define CHO "cards/choam.yaml"
#define RCH "rulings/choam.yaml"

static const pack_case cases[] = {
    /* pack.yaml */
    { EDIT("pack.yaml", "description:", "descripton:"), "pack.yaml", "descripton", 0,
      "unknown key 'descripton' in pack.yaml", "did you mean 'description'?" },
    { EDIT("pack.yaml", "version: 1.0.0\n", ""), "pack.yaml", "name:", 0,
      "missing key 'version' in pack.yaml" },
    { EDIT("pack.yaml", "name: fixture-pack", "name: Fixture Pack"), "pack.yaml", "name:", 0,
      "name 'Fixture Pack' of the pack must match ^[a-z][a-z0-9-]*$" },
    { EDIT("pack.yaml", "version: 1.0.0", "version: 1.0"), "pack.yaml", "version:", 0,
      "version '1.0' of the pack must be MAJOR.MINOR.PATCH" },
    { EDIT("pack.yaml", "engine: \">=0.1\"", "engine: \"0.1\""), "pack.yaml", "engine:", 0,
      "engine '0.1' of the pack must have the form \">=MAJOR.MINOR\"" },
    { EDIT("pack.yaml", "engine: \">=0.1\"", "engine: \">=99.0\""), "pack.yaml", "engine:", 0,
      "the pack needs engine >=99.0, but this is Nexus " NX_VERSION },
    { EDIT("pack.yaml", "cards: cards", "cards: kards"), "pack.yaml", "cards:", 0,
      "cards directory 'kards' not found" },
    { EDIT("pack.yaml", "rulings: rulings", "rulings: rulingz"), "pack.yaml", "rulings:", 0,
      "rulings directory 'rulingz' not found" },
    { EDIT("pack.yaml", "name: fixture-pack", "name: [fixture-pack"), "pack.yaml", NULL, 4,
      "YAML syntax" },
    { WRITE("pack.yaml", ""), "pack.yaml", NULL, 1, "empty pack file" },
    { DELETE("pack.yaml"), "pack.yaml", NULL, 0, "cannot read" },
    /* cards: the file */
    { WRITE(ATR, "- a\n"), ATR, NULL, 1, "a card file must be a mapping" },
    { WRITE(ATR, ""), ATR, NULL, 1, "empty card file" },
    { EDIT(ATR, "faction: Atreides", "faction: [Atreides"), ATR, NULL, 3, "YAML syntax" },
    { EDIT(ATR, "faction: Atreides", "faction: Atreides\nfactoin: x"), ATR, "factoin", 0,
      "unknown key 'factoin' in card atreides", "did you mean 'faction'?" },
    { EDIT(ATR, "id: atreides\n", ""), ATR, "faction:", 0, "missing key 'id' in card atreides" },
    { EDIT(ATR, "id: atreides", "id: Atreides"), ATR, "id:", 0,
      "id 'Atreides' of a card must match ^[a-z][a-z_]*[a-z]$" },
    { EDIT(ATR, "id: atreides", "id: atreides_"), ATR, "id:", 0,
      "id 'atreides_' of a card must match" },
    { EDIT(ATR, "id: atreides", "id: \"atreides\\n\""), ATR, "id:", 0,
      "of a card must match" },   /* $ must not match before a final newline */
    { RENAME(ATR, "cards/atreides_card.yaml"), "cards/atreides_card.yaml", "id:", 0,
      "card id 'atreides' does not match its file name 'atreides_card.yaml'" },
    { EDIT(ATR, "faction: Atreides", "faction: Fremen"), ATR, "id:", 0,
      "card id 'atreides' does not match faction Fremen (expected 'fremen')" },
    { EDIT(ATR, "faction: Atreides", "faction: Sardaukar"), ATR, "faction:", 0,
      "card for unknown faction 'Sardaukar'" },
    { COPY(ATR, "cards/atreides_again.yaml"), "cards/atreides_again.yaml", "id:", 0,
      "duplicate card id 'atreides' (also at ", "/cards/atreides.yaml:1:5)" },
    { DELETE("cards/ecaz.yaml"), "pack.yaml", "cards:", 0,
      "faction Ecaz has no card (expected ecaz.yaml)" },
    /* cards: panels */
    { EDIT(ATR, "  betrayal:", "  treachery:"), ATR, "treachery:", 0,
      "unknown panel 'treachery' in card atreides" },
    { EDIT(ATR, "  betrayal:", "  treachery:"), ATR, "panels:", 0,
      "missing panel 'betrayal' in card atreides" },
    { EDIT(ATR, "panels:\n", "panels: none\nnot_panels:\n"), ATR, "panels:", 0,
      "panels of card atreides must be a mapping" },
    { EDIT(HAR, "    script: harkonnen", "    scirpt: harkonnen"), HAR, "scirpt", 0,
      "unknown key 'scirpt' in panel harkonnen.cunning", "did you mean 'script'?" },
    { EDIT(HAR, "    script: harkonnen", "    scirpt: harkonnen"), HAR, "status: available", 0,
      "panel harkonnen.cunning is available, so it must name a script" },
    { EDIT(ATR, "    text: Fixture panel.\n", ""), ATR, "karama_use: enhances", 0,
      "missing key 'text' in panel atreides.cunning" },
    { EDIT(ATR, "  cunning:\n", "  cunning: []\n  old_cunning:\n"), ATR, "cunning:", 0,
      "panel atreides.cunning must be a mapping" },
    /* when */
    { EDIT(ATR, "when: anytime", "when: sometimes"), ATR, "when:", 0,
      "when of panel atreides.cunning must be 'anytime' or a mapping" },
    { EDIT(ATR, "when: anytime", "when: {}"), ATR, "when:", 0,
      "when of panel atreides.cunning needs a phase, an event or both" },
    { EDIT(HAR, "phase: mentat_pause", "phase: dinner"), HAR, "phase:", 0,
      "unknown phase 'dinner' in when of panel harkonnen.cunning (phases: storm, " },
    { EDIT(HAR, "event: traitor_revealed", "event: traitor_found"), HAR, "event:", 0,
      "unknown event 'traitor_found' in when of panel harkonnen.betrayal (events: " },
    /* a typo names the closest valid word */
    { EDIT(HAR, "phase: mentat_pause", "phase: mentat_paus"), HAR, "phase:", 0,
      "unknown phase 'mentat_paus'", "(did you mean 'mentat_pause'? phases: storm, " },
    { EDIT(HAR, "event: traitor_revealed", "event: traitor_reveald"), HAR, "event:", 0,
      "unknown event 'traitor_reveald'", "(did you mean 'traitor_revealed'? events: " },
    { EDIT(ATR, "  betrayal:", "  betrayl:"), ATR, "betrayl:", 0,
      "unknown panel 'betrayl' in card atreides", "(did you mean 'betrayal'? panels are" },
    { EDIT(BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]",
           "rulings: [bene_gesserit.cunning.storm_strongold]"), BGC, "rulings:", 0,
      "ruling 'bene_gesserit.cunning.storm_strongold' does not exist",
      "(did you mean 'bene_gesserit.cunning.storm_stronghold'?)" },
    { EDIT(HAR, "      phase: mentat_pause", "      phase: mentat_pause\n      moment: x"),
      HAR, "moment", 0, "unknown key 'moment' in when of panel harkonnen.cunning", "(valid: phase, event)" },
    /* text and sources */
    { EDIT(ATR, "text: Fixture panel.", "text: ''"), ATR, "text:", 0,
      "text of panel atreides.cunning must be a non-empty string" },
    { EDIT(ATR, "sources: [\"fixture\"]", "sources: []"), ATR, "sources:", 0,
      "sources of panel atreides.cunning must list at least one source" },
    { EDIT(ATR, "sources: [\"fixture\"]", "sources: [\"fixture\", \"\"]"), ATR, "sources:", 0,
      "source 2 of panel atreides.cunning must be a non-empty string" },
    { EDIT(ATR, "sources: [\"fixture\"]", "sources: fixture"), ATR, "sources:", 0,
      "sources of panel atreides.cunning must be a sequence" },
    /* karama_use: required, one of three words (a path may override) */
    { EDIT(ATR, "  cunning:\n    karama_use: enhances\n", "  cunning:\n"), ATR, "when: anytime", 0,
      "missing key 'karama_use' in panel atreides.cunning" },
    { EDIT(ATR, "karama_use: enhances", "karama_use: stops"), ATR, "karama_use: stops", 0,
      "karama_use of panel atreides.cunning must be enhances, lends or instruction, not 'stops'" },
    { EDIT(ATR, "karama_use: enhances", "karama_use: enhances\n    karama_window: later"), ATR, "karama_window: later", 0,
      "karama_window of panel atreides.cunning must be held or native_use, not 'later'" },
    /* status, reason, script */
    { EDIT(ATR, "status: unavailable", "status: maybe"), ATR, "status:", 0,
      "status of panel atreides.cunning must be available or unavailable, not 'maybe'" },
    { EDIT(ATR, "    reason: Not implemented in the fixture pack.\n", ""), ATR, "status:", 0,
      "panel atreides.cunning is unavailable, so it must give a reason" },
    { EDIT(ATR, "reason: Not implemented in the fixture pack.", "reason: \"\""), ATR,
      "reason:", 0, "reason of panel atreides.cunning must be a non-empty string" },
    { EDIT(HAR, "    status: available\n", "    status: available\n    reason: Why not.\n"),
      HAR, "reason: Why not.", 0,
      "panel harkonnen.cunning is available, so it must not give a reason" },
    { EDIT(HAR, "    script: harkonnen/cunning.lua\n", ""), HAR, "status: available", 0,
      "panel harkonnen.cunning is available, so it must name a script" },
    { EDIT(HAR, "script: harkonnen/cunning.lua", "script: harkonnen/Cunning.lua"), HAR,
      "script:", 0, "script 'harkonnen/Cunning.lua' of panel harkonnen.cunning must be" },
    { EDIT(HAR, "script: harkonnen/cunning.lua", "script: ../harkonnen/cunning.lua"), HAR,
      "script:", 0, "script '../harkonnen/cunning.lua' of panel harkonnen.cunning must be" },
    { EDIT(HAR, "script: harkonnen/cunning.lua", "script: harkonnen/x.lua"), HAR,
      "script:", 0, "script 'harkonnen/x.lua' not found (looked for " },
    { EDIT(ATR, "    reason: Not implemented in the fixture pack.\n",
           "    reason: Not implemented in the fixture pack.\n    script: atreides/cunning.lua\n"),
      ATR, "script:", 0, "script 'atreides/cunning.lua' not found" },
    { WRITE("cards/harkonnen/cunning.lua", "return {\n  play = function(ctx)\n    if then\n"
            "  end,\n}\n"), "cards/harkonnen/cunning.lua", NULL, 3, "near 'then'" },
    /* the panel's rulings list */
    { EDIT(BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]",
           "rulings: bene_gesserit.cunning.storm_stronghold"), BGC, "rulings:", 0,
      "rulings of panel bene_gesserit.cunning must be a sequence" },
    { EDIT(BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]",
           "rulings: [bene_gesserit.cunning.storm_stronghold, bene_gesserit.cunning."
           "storm_stronghold]"), BGC, "rulings:", 0,
      "ruling 'bene_gesserit.cunning.storm_stronghold' is listed twice in panel "
      "bene_gesserit.cunning" },
    { EDIT(BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]",
           "rulings: [bene_gesserit.cunning.storm_stronghold, foo.bar]"), BGC, "rulings:", 0,
      "ruling 'foo.bar' does not exist" },
    { EDIT(BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]", "rulings: [[x]]"),
      BGC, "rulings:", 0, "ruling 1 of panel bene_gesserit.cunning must be a ruling id" },
    /* paths */
    { EDIT(CHO, "      - id: purchase", "      - id: Purchase"), CHO, "id: Purchase", 0,
      "id 'Purchase' of a path of panel choam.cunning must match ^[a-z][a-z_]*$" },
    { EDIT(CHO, "      - id: sale", "      - id: purchase"), CHO, "id: purchase", 3,
      "path 'purchase' is declared twice in panel choam.cunning" },
    { EDIT(CHO, "        text: Buy the card.\n", ""), CHO, "id: purchase", 0,
      "missing key 'text' in a path of panel choam.cunning" },
    { EDIT(CHO, "        text: Buy the card.", "        txt: Buy the card."), CHO, "txt:", 0,
      "unknown key 'txt' in a path of panel choam.cunning", "did you mean 'text'?" },
    { EDIT(CHO, "    paths:\n", "    paths: purchase\n    pathz:\n"), CHO, "paths:", 0,
      "paths of panel choam.cunning must be a sequence" },
    /* rulings files, through the pack */
    { EDIT(RCH, "kind: provisional_choice", "kind: sure"), RCH, "kind: sure", 0,
      "kind of ruling 'choam.cunning.sale_price' must be open_question or provisional_choice" },
    { EDIT(RCH, "- id: choam.cunning.purchase_limit", "- id: [choam"), RCH, NULL, 3,
      "YAML syntax" },
    /* cross-checks */
    { EDIT(RCH, "    - panel: choam.cunning\n      path: purchase",
           "    - panel: sardaukar.cunning\n      path: purchase"), RCH, "sardaukar", 0,
      "ruling 'choam.cunning.purchase_limit' gates panel 'sardaukar.cunning', which does "
      "not exist" },
    { EDIT(RCH, "      path: purchase", "      path: rent"), RCH, "- panel: choam.cunning", 0,
      "ruling 'choam.cunning.purchase_limit' gates path 'rent' of panel choam.cunning, "
      "which has no such path" },
    { EDIT(BGC, "    rulings: [bene_gesserit.cunning.storm_stronghold]\n", ""), BGC,
      "  cunning:", 0, "panel bene_gesserit.cunning is gated by ruling "
      "'bene_gesserit.cunning.storm_stronghold' but does not list it under rulings" },
    { EDIT(CHO, "      - choam.cunning.sale_price\n", ""), CHO, "    rulings:", 0,
      "panel choam.cunning is gated by ruling 'choam.cunning.sale_price' but does not "
      "list it under rulings" },
    { EDIT(HAR, "    script: harkonnen/cunning.lua\n",
           "    script: harkonnen/cunning.lua\n    rulings: [choam.cunning.sale_price]\n"),
      HAR, "rulings:", 0, "panel harkonnen.cunning lists ruling 'choam.cunning.sale_price', "
      "which does not gate it or any of its paths" },
};

static void apply_op(const char *dir, const pack_case *c)
{
    char *path = nx_path_join(dir, c->file);
    char *other = c->a ? nx_path_join(dir, c->a) : NULL;
    switch (c->op) {
    case OP_EDIT: edit(dir, c->file, c->a, c->b); break;
    case OP_WRITE: write_text(path, c->a); break;
    case OP_DELETE: ck_assert_int_eq(unlink(path), 0); break;
    case OP_RENAME: ck_assert_int_eq(rename(path, other), 0); break;
    case OP_COPY: {
        char *text = read_text(path);
        write_text(other, text);
        free(text);
        break;
    }
    }
    free(path);
    free(other);
}

START_TEST(test_broken_pack)
{
    const pack_case *c = &cases[_i];
    char *dir = good_copy();
    apply_op(dir, c);
    int line = c->line_text ? line_of(dir, c->at, c->line_text) + c->line : c->line;
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(load_dir(dir, &p, &d), -1);
    char *suffix = nx_asprintf("/%s", c->at);
    expect_diag2(&d, suffix, line, c->msg, c->msg2);
    assert_pack_empty(&p);
    free(suffix);
    nx_diags_free(&d);
    drop_copy(dir);
}
END_TEST

START_TEST(test_good_copy_loads)
{
    /* The cases fail because of their op, not because of the copy. */
    char *dir = good_copy();
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(load_dir(dir, &p, &d), 0);
    ck_assert_uint_eq(d.n, 0);
    nx_pack_free(&p);
    nx_diags_free(&d);
    drop_copy(dir);
}
END_TEST

START_TEST(test_missing_panel_reports_only_that)
{
    /* A missing panel is one problem, not a cascade. */
    char *dir = good_copy();
    edit(dir, ATR, "  secret_ally:", "  secret_ally_:");
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(load_dir(dir, &p, &d), -1);
    ck_assert_uint_eq(d.n, 2);
    expect_diag(&d, "/" ATR, line_of(dir, ATR, "panels:"), "missing panel 'secret_ally'");
    expect_diag(&d, "/" ATR, line_of(dir, ATR, "secret_ally_"), "unknown panel 'secret_ally_'");
    nx_diags_free(&d);
    drop_copy(dir);
}
END_TEST

START_TEST(test_every_problem_reported)
{
    char *dir = good_copy();
    edit(dir, "pack.yaml", "name: fixture-pack", "name: Fixture");
    edit(dir, ATR, "faction: Atreides", "faction: [Atreides");       /* does not parse */
    edit(dir, HAR, "    script: harkonnen", "    scirpt: harkonnen");
    edit(dir, "cards/emperor.yaml", "status: unavailable", "status: gone");
    edit(dir, BGC, "rulings: [bene_gesserit.cunning.storm_stronghold]",
         "rulings: [bene_gesserit.cunning.storm_stronghold, foo.bar]");
    edit(dir, RCH, "kind: provisional_choice", "kind: sure");
    char *ecaz = nx_path_join(dir, "cards/ecaz.yaml");
    ck_assert_int_eq(unlink(ecaz), 0);
    free(ecaz);
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_eq(load_dir(dir, &p, &d), -1);
    expect_diag(&d, "/pack.yaml", line_of(dir, "pack.yaml", "name:"), "name 'Fixture'");
    expect_diag(&d, "/" ATR, 3, "YAML syntax");
    expect_diag(&d, "/" HAR, line_of(dir, HAR, "scirpt"), "unknown key 'scirpt'");
    expect_diag(&d, "/" HAR, line_of(dir, HAR, "status: available"), "must name a script");
    expect_diag(&d, "/cards/emperor.yaml", line_of(dir, "cards/emperor.yaml", "status:"),
                "not 'gone'");
    expect_diag(&d, "/" BGC, line_of(dir, BGC, "rulings:"), "ruling 'foo.bar' does not exist");
    expect_diag(&d, "/" RCH, line_of(dir, RCH, "kind: sure"), "kind of ruling");
    expect_diag(&d, "/pack.yaml", line_of(dir, "pack.yaml", "cards:"), "faction Ecaz has no card");
    /* Nothing else: the broken Atreides file is not also "no card". */
    ck_assert_uint_eq(d.n, 8);
    assert_pack_empty(&p);
    nx_diags_free(&d);
    drop_copy(dir);
}
END_TEST

/* ---- the digest ------------------------------------------------------- */

static void digest_of(const char *dir, char out[65])
{
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    int rc = load_dir(dir, &p, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    memcpy(out, p.digest, 65);
    nx_pack_free(&p);
    nx_diags_free(&d);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_digest_format)
{
    /* Recompute by the documented recipe: sorted relative paths, each as
     * path, NUL, 8-byte big-endian length, contents. */
    const char *files[] = {
        "pack.yaml", "rulings/choam.yaml", "rulings/bene_gesserit.yaml",
        "cards/harkonnen/cunning.lua", "cards/choam/cunning.lua",
        "cards/bene_gesserit/cunning.lua",
        "cards/atreides.yaml", "cards/bene_gesserit.yaml", "cards/emperor.yaml",
        "cards/fremen.yaml", "cards/harkonnen.yaml", "cards/spacing_guild.yaml",
        "cards/ixians.yaml", "cards/tleilaxu.yaml", "cards/choam.yaml",
        "cards/richese.yaml", "cards/ecaz.yaml", "cards/moritani.yaml",
    };
    size_t n = sizeof files / sizeof files[0];
    qsort(files, n, sizeof files[0], cmp_str);
    char *dir = nx_fixture("packs/good");
    nx_sha256 c;
    nx_sha256_init(&c);
    for (size_t i = 0; i < n; i++) {
        char *path = nx_path_join(dir, files[i]);
        size_t len;
        const char *err;
        char *text = nx_read_file(path, &len, &err);
        ck_assert_ptr_nonnull(text);
        uint8_t be[8];
        for (int k = 0; k < 8; k++) be[k] = (uint8_t)((uint64_t)len >> (56 - 8 * k));
        nx_sha256_update(&c, files[i], strlen(files[i]) + 1);
        nx_sha256_update(&c, be, 8);
        nx_sha256_update(&c, text, len);
        free(text);
        free(path);
    }
    uint8_t raw[NX_SHA256_BYTES];
    char expected[65], got[65];
    nx_sha256_final(&c, raw);
    nx_sha256_hex(raw, expected);
    digest_of(dir, got);
    ck_assert_str_eq(got, expected);
    free(dir);
}
END_TEST

START_TEST(test_digest_tracks_content)
{
    char *good = nx_fixture("packs/good");
    char *dir = good_copy();
    char base[65], copy[65], now[65];
    digest_of(good, base);
    digest_of(dir, copy);
    ck_assert_str_eq(base, copy);          /* paths are relative: same digest */
    char *readme = nx_path_join(dir, "README.txt");
    write_text(readme, "not part of the pack\n");
    digest_of(dir, now);
    ck_assert_str_eq(now, base);           /* unreferenced files do not count */
    edit(dir, "cards/choam/cunning.lua", "does nothing", "does nothing at all");
    digest_of(dir, now);
    ck_assert_str_ne(now, base);           /* scripts count */
    memcpy(base, now, 65);
    edit(dir, RCH, "# Fixture rulings", "# Fixture  rulings");
    digest_of(dir, now);
    ck_assert_str_ne(now, base);           /* ruling files count */
    memcpy(base, now, 65);
    edit(dir, "pack.yaml", "Minimal valid", "Minimal, valid");
    digest_of(dir, now);
    ck_assert_str_ne(now, base);           /* pack.yaml counts */
    free(readme);
    free(good);
    drop_copy(dir);
}
END_TEST

/* ---- the real pack ---------------------------------------------------- */

START_TEST(test_real_pack)
{
    char *path = nx_source_path("cards/pack.yaml");
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(path, &p, &d);
    nx_diags_print(&d, stderr);
    ck_assert_uint_eq(d.n, 0);
    ck_assert_int_eq(rc, 0);
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        ck_assert_ptr_nonnull(nx_pack_card(&p, (nx_faction)f));
    ck_assert_uint_eq(strlen(p.digest), 64);
    nx_pack_free(&p);
    nx_diags_free(&d);
    free(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pack");
    TCase *good = tcase_create("good");
    tcase_add_test(good, test_good_pack_loads);
    tcase_add_test(good, test_good_pack_fields);
    tcase_add_test(good, test_lookups);
    tcase_add_test(good, test_vocabularies);
    tcase_add_test(good, test_engine_compatible);
    suite_add_tcase(s, good);
    TCase *bad = tcase_create("broken");
    tcase_set_timeout(bad, 120);
    tcase_add_test(bad, test_good_copy_loads);
    tcase_add_loop_test(bad, test_broken_pack, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(bad, test_missing_panel_reports_only_that);
    tcase_add_test(bad, test_every_problem_reported);
    suite_add_tcase(s, bad);
    TCase *dig = tcase_create("digest");
    tcase_add_test(dig, test_digest_format);
    tcase_add_test(dig, test_digest_tracks_content);
    suite_add_tcase(s, dig);
    TCase *real = tcase_create("real");
    tcase_add_test(real, test_real_pack);
    suite_add_tcase(s, real);
    return nx_run_suite(s);
}
