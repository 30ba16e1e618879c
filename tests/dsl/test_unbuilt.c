/*
 * Settings the engine offers but has not built: the card files'
 * `unbuilt_under` (dsl/nx_unbuilt) and the rulings' `unbuilt` map, and
 * availability telling the truth about them.
 *
 * The walk: for every implemented panel of the built-in pack, every ruling
 * it cites and every setting of that ruling (each tried on top of the
 * provisional profile), a script must never refuse for lack of machinery
 * while availability calls the panel open.  A script's refusal for lack
 * of machinery is a string literal saying "not built" or "no Karama
 * window"; the setting it is keyed on is the ruling id and setting name
 * the literal names.  Such a case belongs in the card file
 * (`unbuilt_under`), where availability shuts it and the script is never
 * asked, so a literal that names no (ruling, setting) fails too.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_avail.h"
#include "nx_pack.h"
#include "nx_rulings.h"
#include "nx_testutil.h"
#include "nx_util.h"

/* ---- helpers ---------------------------------------------------------- */

static void load_pack_at(const char *pack_yaml, nx_pack *p)
{
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_pack_load(pack_yaml, p, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    nx_diags_free(&d);
}

static void load_builtin(nx_pack *p)
{
    char *path = nx_source_path("cards/pack.yaml");
    load_pack_at(path, p);
    free(path);
}

static void load_provisional(const nx_pack *p, nx_settings *s)
{
    char *path = nx_source_path("rulings/profiles/provisional.yaml");
    nx_diags d;
    nx_diags_init(&d);
    nx_settings_init(s);
    int rc = nx_settings_load_file(path, &p->rulings, s, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    nx_diags_free(&d);
    free(path);
}

static void set(nx_settings *s, const nx_pack *p, const char *id, const char *value)
{
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_settings_set(s, &p->rulings, id, value, &d);
    nx_diags_print(&d, stderr);
    ck_assert_int_eq(rc, 0);
    nx_diags_free(&d);
}

/* The double-quoted string literals of a Lua file, escapes kept as written
 * (the panel scripts write their messages in double quotes). */
typedef struct literals {
    char **v;
    size_t n;
} literals;

static void scan_literals(const char *text, literals *out)
{
    memset(out, 0, sizeof *out);
    for (const char *c = text; *c; c++) {
        if (c[0] == '-' && c[1] == '-') {           /* a comment: to the end of the line */
            while (*c && *c != '\n') c++;
            if (!*c) break;
            continue;
        }
        if (*c == '\'') {                           /* skip single-quoted strings */
            for (c++; *c && *c != '\''; c++)
                if (*c == '\\' && c[1]) c++;
            if (!*c) break;
            continue;
        }
        if (*c != '"') continue;
        const char *start = ++c;
        for (; *c && *c != '"'; c++)
            if (*c == '\\' && c[1]) c++;
        out->v = nx_xrealloc(out->v, (out->n + 1) * sizeof *out->v);
        out->v[out->n++] = nx_xstrndup(start, (size_t)(c - start));
        if (!*c) break;
    }
}

static void literals_free(literals *l)
{
    nx_strings_free(l->v, l->n);
    memset(l, 0, sizeof *l);
}

static int says_unbuilt(const char *lit)
{
    return strstr(lit, "not built") || strstr(lit, "no Karama window") || strstr(lit, "No Karama window");
}

/* Does `word` occur in s delimited by characters that cannot continue a
 * setting name? */
static int has_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(s, word); p; p = strstr(p + 1, word)) {
        int before = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.');
        int after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (before && after) return 1;
    }
    return 0;
}

/* Every (ruling, setting) a literal names: a ruling id of the pack, and
 * one of its settings other than unresolved.  Returns how many; calls
 * fn for each. */
typedef void (*pair_fn)(const nx_ruling *r, const char *setting, void *arg);

static size_t named_pairs(const nx_pack *p, const char *lit, pair_fn fn, void *arg)
{
    size_t n = 0;
    for (size_t i = 0; i < p->rulings.n; i++) {
        const nx_ruling *r = &p->rulings.v[i];
        if (!has_word(lit, r->id)) continue;
        for (size_t k = 0; k < r->nsettings; k++) {
            const char *set = r->settings[k].name;
            if (!strcmp(set, NX_UNRESOLVED) || !has_word(lit, set)) continue;
            n++;
            if (fn) fn(r, set, arg);
        }
    }
    return n;
}

/* ---- the walk ----------------------------------------------------------- */

typedef struct walk {
    const nx_pack *pack;
    const nx_panel *panel;
    const char *lit;
    size_t failures;
    char first[1024];
} walk;

static void report(walk *w, const char *fmt, const char *a, const char *b, const char *c)
{
    if (!w->failures++) snprintf(w->first, sizeof w->first, fmt, a, b, c);
    fprintf(stderr, fmt, a, b, c);
    fputc('\n', stderr);
}

/* The literal refuses under (r, setting): availability must not call the
 * panel open there. */
static void check_pair(const nx_ruling *r, const char *setting, void *arg)
{
    walk *w = arg;
    nx_settings s;
    load_provisional(w->pack, &s);
    set(&s, w->pack, r->id, setting);
    nx_avail av;
    nx_avail_compute(w->pack, &s, &av);
    if (nx_avail_path_open(&av, w->panel->id, NULL)) {
        char *what = nx_asprintf("%s under %s", w->panel->id, r->id);
        report(w, "%s: %s is available, yet its script refuses: \"%s\"", what, setting, w->lit);
        free(what);
    }
    nx_avail_free(&av);
    nx_settings_free(&s);
}

static void walk_script(walk *w)
{
    size_t len;
    const char *err;
    char *text = nx_read_file(w->panel->script_path, &len, &err);
    ck_assert_msg(text != NULL, "%s: %s", w->panel->script_path, err);
    literals l;
    scan_literals(text, &l);
    for (size_t i = 0; i < l.n; i++) {
        if (!says_unbuilt(l.v[i])) continue;
        w->lit = l.v[i];
        if (!named_pairs(w->pack, l.v[i], check_pair, w))
            report(w, "%s (%s): a refusal for lack of machinery names no ruling setting: \"%s\"", w->panel->id,
                 w->panel->script, l.v[i]);
    }
    literals_free(&l);
    free(text);
}

/* Under every cited (ruling, setting), the panel's reasons are coherent:
 * a "not built under R: S" reason names a ruling the panel cites, set so. */
static void walk_settings(walk *w)
{
    const nx_panel *p = w->panel;
    for (size_t i = 0; i < p->nrulings; i++) {
        const nx_ruling *r = nx_rulings_find(&w->pack->rulings, p->rulings[i]);
        ck_assert_ptr_nonnull(r);
        for (size_t k = 0; k < r->nsettings; k++) {
            nx_settings s;
            load_provisional(w->pack, &s);
            set(&s, w->pack, r->id, r->settings[k].name);
            nx_avail av;
            nx_avail_compute(w->pack, &s, &av);
            const nx_panel_avail *pa = nx_avail_panel(&av, p->id);
            ck_assert_ptr_nonnull(pa);
            for (size_t j = 0; j < pa->nreasons; j++) {
                const nx_reason *q = &pa->reasons[j];
                if (!q->ruling) continue;
                const nx_ruling *by = nx_rulings_find(&w->pack->rulings, q->ruling);
                ck_assert_msg(by && strstr(q->text, by->id), "%s: reason '%s' does not name its ruling", p->id,
                              q->text);
            }
            nx_avail_free(&av);
            nx_settings_free(&s);
        }
    }
}

START_TEST(test_no_open_panel_refuses_as_unbuilt)
{
    nx_pack p;
    load_builtin(&p);
    walk w = { .pack = &p };
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *panel = &p.cards[f].panels[m];
            if (!panel->implemented || !panel->script_path) continue;
            w.panel = panel;
            walk_script(&w);
            walk_settings(&w);
        }
    ck_assert_msg(w.failures == 0, "%zu refusal(s) for lack of machinery under a setting availability calls open; "
                  "first: %s", w.failures, w.first);
    nx_pack_free(&p);
}
END_TEST

/* ---- the cases the audit found, each shut with its true reason ------------ */

static const struct {
    const char *panel, *path;   /* path NULL: the whole panel */
    const char *ruling, *setting;
    const char *also_ruling, *also_setting;   /* a second setting the case needs, or NULL */
} audited[] = {
    { "emperor.secret_ally", "contested_revival", "emperor.secret_ally.free_revival_income", "free_revival", NULL, NULL },
    /* The ruling's own `unbuilt` map: every gate of it is shut. */
    { "moritani.secret_ally", NULL, "common.reactions.private_policy", "advance_instruction", NULL, NULL },
    { "fremen.secret_ally", "worm_protection", "common.reactions.private_policy", "advance_instruction", NULL, NULL },
};

static const nx_reason *reason_naming(const nx_reason *v, size_t n, const char *ruling)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].ruling && !strcmp(v[i].ruling, ruling)) return &v[i];
    return NULL;
}

START_TEST(test_audited_cases_are_shut)
{
    nx_pack p;
    load_builtin(&p);
    for (size_t i = 0; i < sizeof audited / sizeof *audited; i++) {
        nx_settings s;
        load_provisional(&p, &s);
        nx_avail av;
        nx_avail_compute(&p, &s, &av);
        ck_assert_msg(nx_avail_path_open(&av, audited[i].panel, audited[i].path), "%s %s is shut under the "
                      "provisional profile", audited[i].panel, audited[i].path ? audited[i].path : "");
        nx_avail_free(&av);
        set(&s, &p, audited[i].ruling, audited[i].setting);
        if (audited[i].also_ruling) set(&s, &p, audited[i].also_ruling, audited[i].also_setting);
        nx_avail_compute(&p, &s, &av);
        ck_assert_msg(!nx_avail_path_open(&av, audited[i].panel, audited[i].path), "%s %s is open under %s: %s",
                      audited[i].panel, audited[i].path ? audited[i].path : "", audited[i].ruling, audited[i].setting);
        const nx_panel_avail *pa = nx_avail_panel(&av, audited[i].panel);
        const nx_reason *q = reason_naming(pa->reasons, pa->nreasons, audited[i].ruling);
        for (size_t k = 0; !q && audited[i].path && k < pa->npaths; k++)
            if (!strcmp(pa->paths[k].path->id, audited[i].path))
                q = reason_naming(pa->paths[k].reasons, pa->paths[k].nreasons, audited[i].ruling);
        ck_assert_msg(q != NULL, "%s: no reason names %s", audited[i].panel, audited[i].ruling);
        char *head = nx_asprintf("not built under %s: %s: ", audited[i].ruling, audited[i].setting);
        ck_assert_msg(!strncmp(q->text, head, strlen(head)), "%s: reason '%s'", audited[i].panel, q->text);
        free(head);
        nx_avail_free(&av);
        nx_settings_free(&s);
    }
    nx_pack_free(&p);
}
END_TEST

/* The cases the Karama window against a Nexus play opened
 * (docs/rules/karama.md): open under the setting that makes them targets. */
static const struct {
    const char *panel, *path, *setting;
} held_open[] = {
    { "ecaz.secret_ally", NULL, "every_play" },
    { "choam.secret_ally", NULL, "every_play" },
    { "moritani.secret_ally", NULL, "every_play" },
    { "fremen.secret_ally", "worm_protection", "every_play" },
    { "fremen.secret_ally", "worm_protection", "advantage_uses" },
    { "ixians.secret_ally", NULL, "advantage_uses" },
    { "ixians.secret_ally", NULL, "every_play" },
    /* Held at the closing of the response window they answer. */
    { "atreides.betrayal", NULL, "every_play" },
    /* Held where they are played: a Nexus window, or no decision pending. */
    { "spacing_guild.betrayal", NULL, "every_play" },
    { "fremen.betrayal", NULL, "every_play" },
    /* Held inside the holder's own act, which waits with them. */
    { "spacing_guild.secret_ally", NULL, "every_play" },
    { "spacing_guild.secret_ally", NULL, "advantage_uses" },
    { "fremen.secret_ally", "revival", "every_play" },
    { "fremen.secret_ally", "revival", "advantage_uses" },
    { "tleilaxu.secret_ally", NULL, "every_play" },
    { "richese.secret_ally", NULL, "every_play" },
};

START_TEST(test_held_plays_are_open)
{
    nx_pack p;
    load_builtin(&p);
    for (size_t i = 0; i < sizeof held_open / sizeof *held_open; i++) {
        nx_settings s;
        load_provisional(&p, &s);
        set(&s, &p, "common.karama.nexus_effects", held_open[i].setting);
        nx_avail av;
        nx_avail_compute(&p, &s, &av);
        ck_assert_msg(nx_avail_path_open(&av, held_open[i].panel, held_open[i].path), "%s %s is shut under %s",
                      held_open[i].panel, held_open[i].path ? held_open[i].path : "", held_open[i].setting);
        const nx_panel *pp = nx_pack_panel(&p, held_open[i].panel);
        ck_assert(pp && !pp->karama_native);
        ck_assert(nx_karama_use_targets(held_open[i].setting, pp->karama_use, pp->mode));
        nx_avail_free(&av);
        nx_settings_free(&s);
    }
    nx_pack_free(&p);
}
END_TEST

/* A family with a ruling of its own names it (karama_target): Emperor
 * Secret Ally is open, and a target, under emperor.secret_ally.karama
 * cancellable; not a target under immune. */
START_TEST(test_own_ruling_targets_are_open)
{
    nx_pack p;
    load_builtin(&p);
    const nx_panel *pp = nx_pack_panel(&p, "emperor.secret_ally");
    ck_assert(pp && pp->karama_target.ruling && !strcmp(pp->karama_target.ruling, "emperor.secret_ally.karama"));
    ck_assert(nx_karama_target_has(&pp->karama_target, "cancellable"));
    ck_assert(!nx_karama_target_has(&pp->karama_target, "immune"));
    ck_assert(!nx_karama_target_has(&pp->karama_target, NULL));
    nx_settings s;
    load_provisional(&p, &s);
    set(&s, &p, "emperor.secret_ally.karama", "cancellable");
    nx_avail av;
    nx_avail_compute(&p, &s, &av);
    ck_assert(nx_avail_path_open(&av, "emperor.secret_ally", "purchase"));
    ck_assert(nx_avail_path_open(&av, "emperor.secret_ally", "revival"));
    nx_avail_free(&av);
    /* Guild Cunning's native uses keep their own windows under separate_targets. */
    set(&s, &p, "spacing_guild.cunning.karama_split", "separate_targets");
    nx_avail_compute(&p, &s, &av);
    ck_assert(nx_avail_path_open(&av, "spacing_guild.cunning", NULL));
    nx_avail_free(&av);
    nx_settings_free(&s);
    nx_pack_free(&p);
}
END_TEST

/* Every panel names its family; the settings pick the families the
 * ruling's text names. */
START_TEST(test_karama_families)
{
    nx_pack p;
    load_builtin(&p);
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        for (int m = 0; m < NX_MODE_COUNT; m++) {
            const nx_panel *pp = &p.cards[f].panels[m];
            if (!pp->id) continue;
            ck_assert_msg(pp->karama_use > NX_KU_NONE && pp->karama_use < NX_KU_COUNT, "%s names no family", pp->id);
            if (m == NX_MODE_CUNNING) ck_assert_msg(pp->karama_use == NX_KU_ENHANCES && pp->karama_native, "%s", pp->id);
        }
    nx_pack_free(&p);
    ck_assert(nx_karama_use_targets("every_play", NX_KU_INSTRUCTION, NX_MODE_BETRAYAL));
    ck_assert(nx_karama_use_targets("advantage_uses", NX_KU_LENDS, NX_MODE_SECRET_ALLY));
    ck_assert(!nx_karama_use_targets("advantage_uses", NX_KU_INSTRUCTION, NX_MODE_SECRET_ALLY));
    ck_assert(nx_karama_use_targets("cunning_only", NX_KU_ENHANCES, NX_MODE_CUNNING));
    ck_assert(!nx_karama_use_targets("cunning_only", NX_KU_LENDS, NX_MODE_SECRET_ALLY));
    ck_assert(!nx_karama_use_targets("immune", NX_KU_ENHANCES, NX_MODE_CUNNING));
    ck_assert(!nx_karama_use_targets("unresolved", NX_KU_INSTRUCTION, NX_MODE_BETRAYAL));
    ck_assert_str_eq(nx_karama_use_id(NX_KU_LENDS), "lends");
}
END_TEST

static void replace_in_file(const char *path, const char *old, const char *new);

START_TEST(test_while_leaves_the_other_settings_open)
{
    /* No card file narrows an entry with `while` today: a copy of the pack
     * gets one (Fremen Cunning shut under all_rides while Nexus effects
     * are every_play), open under any other setting of the second ruling. */
    char *dir = nx_copy_pack();
    char *file = nx_asprintf("%s/cards/nexus/fremen.yaml", dir);
    replace_in_file(file, "    script: fremen/cunning.lua\n",
                    "    script: fremen/cunning.lua\n"
                    "    unbuilt_under:\n"
                    "      - ruling: fremen.cunning.karama_target\n"
                    "        settings: [all_rides]\n"
                    "        while: { ruling: common.karama.nexus_effects, settings: [every_play] }\n"
                    "        reason: >-\n"
                    "          A test's entry.\n");
    char *pack_yaml = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_pack p;
    load_pack_at(pack_yaml, &p);
    const char *const second[] = { "immune", "cunning_only", "every_play" };
    for (size_t i = 0; i < sizeof second / sizeof *second; i++) {
        nx_settings s;
        load_provisional(&p, &s);
        set(&s, &p, "fremen.cunning.karama_target", "all_rides");
        set(&s, &p, "common.karama.nexus_effects", second[i]);
        nx_avail av;
        nx_avail_compute(&p, &s, &av);
        int shut = !strcmp(second[i], "every_play");
        ck_assert_msg(nx_avail_path_open(&av, "fremen.cunning", NULL) == !shut, "fremen.cunning under all_rides and %s",
                      second[i]);
        nx_avail_free(&av);
        nx_settings_free(&s);
    }
    nx_pack_free(&p);
    nx_remove_tree(dir);
    free(pack_yaml);
    free(file);
    free(dir);
}
END_TEST

START_TEST(test_scanner_sees_a_keyed_refusal)
{
    /* The walk's own eyes: a refusal keyed on a setting, as today's
     * scripts wrote them before the card files shut those cases. */
    nx_pack p;
    load_builtin(&p);
    literals l;
    scan_literals("-- \"not built\" in a comment\nreturn false, 'not built' .. \"naming an amount is not built "
                  "(emperor.betrayal.forced_funding: holder_names_amount)\"", &l);
    ck_assert_uint_eq(l.n, 1);
    ck_assert(says_unbuilt(l.v[0]));
    ck_assert_uint_eq(named_pairs(&p, l.v[0], NULL, NULL), 1);
    literals_free(&l);
    scan_literals("x = \"a window is not built (common.karama.nexus_effects: \" .. k .. \")\"", &l);
    ck_assert_uint_eq(l.n, 2);
    ck_assert_uint_eq(named_pairs(&p, l.v[0], NULL, NULL), 0);   /* unattributed: the walk fails it */
    literals_free(&l);
    nx_pack_free(&p);
}
END_TEST

/* ---- the loader ----------------------------------------------------------- */

static void replace_in_file(const char *path, const char *old, const char *new)
{
    size_t len;
    const char *err;
    char *text = nx_read_file(path, &len, &err);
    ck_assert_msg(text != NULL, "%s: %s", path, err);
    char *at = strstr(text, old);
    ck_assert_msg(at != NULL, "%s lacks '%s'", path, old);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fwrite(text, 1, (size_t)(at - text), f);
    fputs(new, f);
    fputs(at + strlen(old), f);
    fclose(f);
    free(text);
}

static const struct {
    const char *file, *old, *new, *msg;
} bad_cases[] = {
    { "cards/nexus/emperor.yaml", "            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "            settings: [every_turn]\n            reason: >-\n              Tleilaxu's income", "offers no setting 'every_turn'" },
    { "cards/nexus/emperor.yaml", "            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "            settings: [unresolved]\n            reason: >-\n              Tleilaxu's income", "shuts its gates already" },
    { "cards/nexus/emperor.yaml", "          - ruling: emperor.secret_ally.free_revival_income\n            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "          - ruling: fremen.cunning.karama_target\n            settings: [all_rides]\n            reason: >-\n              Tleilaxu's income",
      "does not list it under rulings" },
    { "cards/nexus/emperor.yaml", "          - ruling: emperor.secret_ally.free_revival_income\n            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "          - ruling: emperor.secret_ally.free_revival_incme\n            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "which does not exist" },
    { "cards/nexus/emperor.yaml", "            settings: [free_revival]\n            reason: >-\n              Tleilaxu's income",
      "            settings: [free_revival]\n            reasons: >-\n              Tleilaxu's income", "reasons" },
    { "rulings/common.yaml", "    advance_instruction: >-\n      The engine keeps",
      "    advance_instructions: >-\n      The engine keeps", "is not one of its settings" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancelable] }",
      "offers no setting 'cancelable'" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [unresolved] }",
      "shuts the panel" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: emperor.secret_ally.karma, settings: [cancellable] }",
      "which does not exist" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: common.karama.nexus_effects, settings: [every_play] }",
      "does not list it under rulings" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [] }",
      "names no setting" },
    { "cards/nexus/emperor.yaml", "    karama_target: { ruling: emperor.secret_ally.karama, settings: [cancellable] }", "    karama_target: { ruling: emperor.secret_ally.karama, setting: [cancellable] }",
      "setting" },
    { "rulings/common.yaml", "    advance_instruction: >-\n      The engine keeps",
      "    unresolved: >-\n      The engine keeps", "cannot be unbuilt" },
};

START_TEST(test_loader_refuses_bad_entries)
{
    char *dir = nx_copy_pack();
    char *file = nx_asprintf("%s/%s", dir, bad_cases[_i].file);
    replace_in_file(file, bad_cases[_i].old, bad_cases[_i].new);
    char *pack_yaml = nx_asprintf("%s/cards/pack.yaml", dir);
    nx_pack p;
    nx_diags d;
    nx_diags_init(&d);
    ck_assert_int_ne(nx_pack_load(pack_yaml, &p, &d), 0);
    int found = 0;
    for (size_t i = 0; i < d.n; i++) found |= strstr(d.v[i].msg, bad_cases[_i].msg) != NULL;
    if (!found) nx_diags_print(&d, stderr);
    ck_assert_msg(found, "no diagnostic says '%s'", bad_cases[_i].msg);
    nx_diags_free(&d);
    nx_remove_tree(dir);
    free(pack_yaml);
    free(file);
    free(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("unbuilt");
    TCase *tc = tcase_create("builtin");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_no_open_panel_refuses_as_unbuilt);
    tcase_add_test(tc, test_audited_cases_are_shut);
    tcase_add_test(tc, test_held_plays_are_open);
    tcase_add_test(tc, test_own_ruling_targets_are_open);
    tcase_add_test(tc, test_karama_families);
    tcase_add_test(tc, test_while_leaves_the_other_settings_open);
    tcase_add_test(tc, test_scanner_sees_a_keyed_refusal);
    tcase_add_loop_test(tc, test_loader_refuses_bad_entries, 0, (int)(sizeof bad_cases / sizeof *bad_cases));
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
