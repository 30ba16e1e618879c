/*
 * The generic ctx primitives (issue 12, E6), played through the engine as
 * a player plays them: a temporary copy of the pack whose
 * harkonnen/cunning.lua is the test's panel, on a designer's table where
 * Harkonnen holds the Harkonnen card.  For each kind of ask:
 * the owner's view shows the ask, nobody else's does; bad answers are
 * refused with the game byte-identical; a save and reload in another
 * process (a forked child with its own runtime) answers the decision; a
 * retried action id returns the first result without acting twice; the
 * bots' candidates are accepted by the same validator.
 */
#include <check.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_map.h"
#include "nx_names.h"
#include "nx_runtime.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_util.h"
#include "nx_view.h"

static char *pack_dir;

static void copy_pack(void) { pack_dir = nx_copy_pack(); }
static void drop_pack(void)
{
    nx_remove_tree(pack_dir);
    free(pack_dir);
}

static void write_panel(const char *body)
{
    char *script = nx_asprintf("%s/cards/nexus/harkonnen/cunning.lua", pack_dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "local panel = {}\nfunction panel.can_play(ctx) return true, nil, 'own_window' end\n%s\nreturn panel\n", body);
    fclose(f);
    free(script);
}

static void open_runtime(nx_runtime *rt)
{
    char *pack = nx_asprintf("%s/cards/pack.yaml", pack_dir);
    nx_diags d;
    nx_diags_init(&d);
    int rc = nx_runtime_open(rt, pack, &d);
    ck_assert_msg(rc == 0, "the pack does not open: %s", d.n ? d.v[0].msg : "?");
    nx_diags_free(&d);
    free(pack);
}

static nx_game *new_game(nx_runtime *rt)
{
    nx_game_config cfg = { .seed = 5, .nseats = 3, .nexus_cards = 1, .designer = 1,
                           .factions = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR } };
    char err[256];
    nx_game *g = nx_game_new(rt, NULL, &cfg, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    char *r = nx_game_apply(g, "{\"id\":\"p\",\"version\":0,\"seat\":null,\"type\":\"place\","
                               "\"card\":\"nexus:harkonnen\",\"zone\":\"seat0.nexus_held\"}");
    ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
    free(r);
    return g;
}

static int version_of(const nx_game *g) { return (int)nx_game_log_length(g); }

static char *answer(nx_game *g, const char *id, const char *choose)
{
    char *a = nx_asprintf("{\"id\":\"%s\",\"version\":%d,\"seat\":0,\"type\":\"answer\",\"choose\":%s}", id,
                          version_of(g), choose);
    char *r = nx_game_apply(g, a);
    free(a);
    return r;
}

static void play_ok(nx_game *g)
{
    char *a = nx_asprintf("{\"id\":\"play\",\"version\":%d,\"seat\":0,\"type\":\"play_nexus\"}", version_of(g));
    char *r = nx_game_apply(g, a);
    free(a);
    ck_assert_msg(strstr(r, "\"ok\":true"), "%s", r);
    free(r);
}

/* One kind of ask: the panel's play asks, its handler logs the answer. */
typedef struct ask_case {
    const char *ask;        /* the ctx:ask fields besides prompt and resume */
    const char *field;      /* the answer's field the handler logs */
    const char *kind;
    const char *good;       /* a valid "choose" */
    const char *logged;     /* what the handler logs for it */
    const char *bad[4];     /* refused "choose" values */
} ask_case;

static const ask_case cases[] = {
    { "kind = 'element', of = {'weapon', 'defense'}", "element", "element", "[\"defense\"]", "got defense",
      { "[\"leader\"]", "[\"weapon\", \"defense\"]", "[3]", "[]" } },
    { "kind = 'territories', min = 1, max = 2", "territories[#answer.territories]", "territories",
      "[\"arrakeen\", \"carthag\"]", "got carthag",
      { "[\"atlantis\"]", "[\"arrakeen\", \"arrakeen\"]", "[\"arrakeen\", \"carthag\", \"tuek_s_sietch\"]", "[]" } },
    { "kind = 'seat'", "seat", "seat", "[2]", "got 2", { "[0]", "[3]", "[\"1\"]", "[1, 2]" } },
    { "kind = 'number', min = -1, max = 5", "number", "number", "[5]", "got 5", { "[6]", "[-2]", "[1.5]", "[1, 2]" } },
    { "kind = 'word', of = {'yes', 'no'}", "word", "word", "[\"no\"]", "got no", { "[\"maybe\"]", "[\"yes\", \"no\"]", "[true]", "{}" } },
};

static void write_case(const ask_case *c)
{
    char *body = nx_asprintf("function panel.play(ctx)\n"
                             "  return ctx:ask{prompt = 'Choose', resume = 'answered', save = {n = 7}, %s}\n"
                             "end\n"
                             "function panel.answered(ctx, answer)\n"
                             "  assert(answer.save.n == 7, 'the save came back')\n"
                             "  assert(#answer.choice >= 1)\n"
                             "  ctx:log('got ' .. tostring(answer.%s))\n"
                             "end\n",
                             c->ask, c->field);
    write_panel(body);
    free(body);
}

/* The panel's decision in a view (setup decisions are pending too). */
static json_t *pending_in(json_t *view)
{
    json_t *pend = json_object_get(view, "pending");
    size_t i;
    json_t *p;
    json_array_foreach(pend, i, p)
        if (!strcmp(json_string_value(json_object_get(p, "kind")), "panel")) return p;
    ck_abort_msg("no panel decision in the view");
    return NULL;
}

static int panel_pending(const nx_game *g)
{
    const nx_state *s = nx_game_state(g);
    for (int k = 0; k < s->npending; k++)
        if (s->pending[k].kind == NX_PEND_PANEL) return 1;
    return 0;
}

START_TEST(each_kind_is_asked_validated_and_resumed)
{
    const ask_case *c = &cases[_i];
    write_case(c);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    play_ok(g);
    /* Views: the owner sees the ask; seat 1 and the spectator see that a
     * panel decision is pending, not what it offers. */
    json_t *v0 = nx_game_view_json(g, 0);
    json_t *ask = json_object_get(pending_in(v0), "ask");
    ck_assert_ptr_nonnull(ask);
    ck_assert_str_eq(json_string_value(json_object_get(ask, "kind")), c->kind);
    json_decref(v0);
    for (int seat = -1; seat <= 1; seat += 2) {
        json_t *v = nx_game_view_json(g, seat);
        json_t *p = pending_in(v);
        ck_assert_ptr_null(json_object_get(p, "ask"));
        ck_assert_ptr_null(json_object_get(p, "min"));
        ck_assert_ptr_null(json_object_get(p, "options"));
        json_decref(v);
    }
    /* Refusals leave the game byte-identical. */
    char *before = nx_game_save(g);
    for (int k = 0; k < 4 && c->bad[k]; k++) {
        char *r = answer(g, "bad", c->bad[k]);
        ck_assert_msg(strstr(r, "\"ok\":false"), "%s accepted: %s", c->bad[k], r);
        free(r);
        char *after = nx_game_save(g);
        ck_assert_msg(!strcmp(before, after), "a refused %s changed the game", c->bad[k]);
        free(after);
    }
    /* Another seat cannot answer it. */
    char *a = nx_asprintf("{\"id\":\"x\",\"version\":%d,\"seat\":1,\"type\":\"answer\",\"choose\":%s}", version_of(g), c->good);
    char *r = nx_game_apply(g, a);
    ck_assert_msg(strstr(r, "\"ok\":false"), "%s", r);
    free(r), free(a);
    free(before);
    /* The answer, then the same id again: the first result, nothing twice. */
    r = answer(g, "good", c->good);
    ck_assert_msg(strstr(r, "\"ok\":true") && strstr(r, c->logged), "%s", r);
    size_t len = nx_game_log_length(g);
    char *again = nx_asprintf("{\"id\":\"good\",\"version\":%d,\"seat\":0,\"type\":\"answer\",\"choose\":%s}", (int)len - 1, c->good);
    char *r2 = nx_game_apply(g, again);
    ck_assert_str_eq(r, r2);
    ck_assert_uint_eq(nx_game_log_length(g), len);
    free(r), free(r2), free(again);
    ck_assert(!panel_pending(g));
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

/* Save at the pending point; a child process with its own runtime loads
 * the game and answers (the continuation and its validator are data). */
START_TEST(pending_ask_survives_reload_in_another_process)
{
    const ask_case *c = &cases[_i];
    write_case(c);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    play_ok(g);
    char *saved = nx_game_save(g);
    nx_game_free(g);
    nx_runtime_close(&rt);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        nx_runtime rt2;
        open_runtime(&rt2);
        char err[256];
        nx_game *g2 = nx_game_load(&rt2, saved, err, sizeof err);
        int ok = g2 != NULL;
        if (ok) {
            char *bad = answer(g2, "bad", c->bad[0]);
            ok = strstr(bad, "\"ok\":false") != NULL;
            free(bad);
            char *r = answer(g2, "good", c->good);
            ok = ok && strstr(r, "\"ok\":true") && strstr(r, c->logged);
            if (!ok) fprintf(stderr, "child: %s\n", r);
            free(r);
            nx_game_free(g2);
        } else {
            fprintf(stderr, "child: %s\n", err);
        }
        nx_runtime_close(&rt2);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child could not answer the reloaded decision");
    free(saved);
}
END_TEST

/* The bots' candidates go through the same validator and are accepted. */
START_TEST(bot_candidates_are_valid_answers)
{
    const ask_case *c = &cases[_i];
    write_case(c);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    play_ok(g);
    json_t *moves = nx_game_moves(g, 0);
    ck_assert_int_gt(json_array_size(moves), 0);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        json_t *act = json_deep_copy(json_object_get(m, "action"));
        json_object_set_new(act, "id", json_string("bot"));
        json_object_set_new(act, "version", json_integer(version_of(g)));
        json_object_set_new(act, "seat", json_integer(0));
        char *text = json_dumps(act, JSON_COMPACT);
        char *r = nx_game_apply(g, text);
        ck_assert_msg(strstr(r, "\"ok\":true") && strstr(r, "got "), "%s refused: %s", text, r);
        ck_assert(!panel_pending(g));
        free(r), free(text);
        json_decref(act);
        break;   /* one answer ends the decision */
    }
    json_decref(moves);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

/* Bad requests are script errors naming the field; the card stays held. */
static const struct { const char *ask, *needle; } bad_asks[] = {
    { "kind = 'colour'", "unknown kind" },
    { "kind = 'element', of = {'sword'}", "not a valid element value" },
    { "kind = 'element', of = {'weapon', 'weapon'}", "offered twice" },
    { "kind = 'territories', of = {'atlantis'}", "not a valid territories value" },
    { "kind = 'territories', min = 3, max = 2", "above max" },
    { "kind = 'seat', of = {7}", "must be" },
    { "kind = 'number', min = 1", "min and max" },
    { "kind = 'number', min = 2, max = 1", "above max" },
    { "kind = 'word'", "lists its words" },
    { "kind = 'word', of = {}", "offers nothing" },
    { "kind = 'seat', min = 2", "picks exactly one" },
    { "kind = 'element', choose_from = 'traitors'", "cards only" },
    { "kind = 'element', colour = 1", "unknown key colour" },
    { NULL, NULL },
};

START_TEST(bad_requests_are_refused)
{
    char *body = nx_asprintf("function panel.play(ctx)\n"
                             "  return ctx:ask{prompt = 'Choose', resume = 'answered', %s}\n"
                             "end\nfunction panel.answered(ctx, answer) end\n",
                             bad_asks[_i].ask);
    write_panel(body);
    free(body);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    char *before = nx_game_save(g);
    char *a = nx_asprintf("{\"id\":\"play\",\"version\":%d,\"seat\":0,\"type\":\"play_nexus\"}", version_of(g));
    char *r = nx_game_apply(g, a);
    ck_assert_msg(strstr(r, "\"ok\":false") && strstr(r, bad_asks[_i].needle), "want %s: %s", bad_asks[_i].needle, r);
    char *after = nx_game_save(g);
    ck_assert_msg(!strcmp(before, after), "a refused ask changed the game");
    free(a), free(r), free(before), free(after);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

/* ---- disclosure and hidden zones ------------------------------------------------------ */

static nx_game *played_with(nx_runtime *rt, const char *play_body)
{
    char *body = nx_asprintf("function panel.play(ctx)\n%s\nend\n", play_body);
    write_panel(body);
    free(body);
    open_runtime(rt);
    nx_game *g = new_game(rt);
    return g;
}

static char *play_result(nx_game *g)
{
    char *a = nx_asprintf("{\"id\":\"play\",\"version\":%d,\"seat\":0,\"type\":\"play_nexus\"}", version_of(g));
    char *r = nx_game_apply(g, a);
    free(a);
    return r;
}

/* The receipt of `kind` in a seat's view, or NULL. */
static json_t *receipt_in(json_t *view, const char *kind, const char *note)
{
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(view, "receipts"), i, r) {
        if (strcmp(json_string_value(json_object_get(r, "kind")), kind)) continue;
        const char *n = json_string_value(json_object_get(r, "note"));
        if (!note || (n && !strcmp(n, note))) return r;
    }
    return NULL;
}

/* A hidden card of another seat never changes a view: permute them. */
static void assert_view_blind(const nx_game *g, int viewer)
{
    nx_state copy = *nx_game_state(g);
    json_t *before = nx_view_json(&copy, viewer);
    nx_rng r;
    nx_rng_seed(&r, 99);
    nx_permute_hidden(&copy, viewer, &r);
    json_t *after = nx_view_json(&copy, viewer);
    ck_assert_msg(json_equal(before, after), "seat %d's view depends on cards it cannot see", viewer);
    json_decref(before), json_decref(after);
}

START_TEST(disclosures_are_private_receipts)
{
    nx_runtime rt;
    nx_game *g = played_with(&rt, "ctx:disclose{to = 1, fact = 'voice_obeyed', value = true}\n"
                                  "ctx:disclose{to = 0, zone = 'seat2.treachery'}\n"
                                  "ctx:disclose{to = 2, card = 'nexus:harkonnen', public = false}\n");
    char *r = play_result(g);
    ck_assert_msg(strstr(r, "\"ok\":true") && strstr(r, "is shown whether voice_obeyed") && strstr(r, "is shown the cards of"),
                  "%s", r);
    ck_assert_msg(!strstr(r, "is shown a card"), "a private disclosure was logged: %s", r);
    free(r);
    json_t *v0 = nx_game_view_json(g, 0), *v1 = nx_game_view_json(g, 1), *v2 = nx_game_view_json(g, 2),
           *spec = nx_game_view_json(g, -1);
    json_t *told = receipt_in(v1, "told", "voice_obeyed");
    ck_assert_ptr_nonnull(told);
    ck_assert_int_eq(json_integer_value(json_object_get(told, "value")), 1);
    ck_assert_ptr_null(receipt_in(v0, "told", NULL));
    ck_assert_ptr_null(receipt_in(v2, "told", NULL));
    /* Seat 0 saw seat 2's hand, as seat 2 sees it. */
    json_t *saw = receipt_in(v0, "saw", NULL);
    ck_assert_ptr_nonnull(saw);
    json_t *hand2 = json_object_get(json_array_get(json_object_get(v2, "seats"), 2), "treachery");
    ck_assert(json_equal(json_object_get(saw, "cards"), hand2));
    ck_assert_ptr_null(receipt_in(v1, "saw", NULL));
    ck_assert_ptr_nonnull(receipt_in(v2, "saw", NULL));
    ck_assert_ptr_null(json_object_get(spec, "receipts"));
    json_decref(v0), json_decref(v1), json_decref(v2), json_decref(spec);
    assert_view_blind(g, 1);
    assert_view_blind(g, -1);
    /* Saved and reloaded (the log replays to the same state). */
    char *saved = nx_game_save(g);
    char err[256];
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "%s", err);
    json_t *w1 = nx_game_view_json(g2, 1);
    ck_assert_ptr_nonnull(receipt_in(w1, "told", "voice_obeyed"));
    json_decref(w1);
    nx_game_free(g2);
    free(saved);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

START_TEST(take_random_moves_one_unseen_card)
{
    nx_runtime rt;
    nx_game *g = played_with(&rt, "local id = ctx:take_random('seat1.treachery', 'treachery')\n"
                                  "local found = false\n"
                                  "for _, c in ipairs(ctx:cards('treachery')) do found = found or c == id end\n"
                                  "assert(found, 'the id is the holder\\'s')\n");
    const nx_state *s = nx_game_state(g);
    int had0 = nx_custody_count(&s->custody, NX_Z_SEAT(0, NX_ZS_TREACHERY));
    int had1 = nx_custody_count(&s->custody, NX_Z_SEAT(1, NX_ZS_TREACHERY));
    ck_assert_int_gt(had1, 0);
    char *r = play_result(g);
    ck_assert_msg(strstr(r, "\"ok\":true") && strstr(r, "takes a card at random"), "%s", r);
    ck_assert_msg(!strstr(r, "treachery:"), "the public log names the card: %s", r);
    free(r);
    s = nx_game_state(g);
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SEAT(0, NX_ZS_TREACHERY)), had0 + 1);
    ck_assert_int_eq(nx_custody_count(&s->custody, NX_Z_SEAT(1, NX_ZS_TREACHERY)), had1 - 1);
    json_t *v0 = nx_game_view_json(g, 0);
    ck_assert_ptr_nonnull(receipt_in(v0, "drew", NULL));
    json_decref(v0);
    assert_view_blind(g, 2);
    char *saved = nx_game_save(g);
    char err[256];
    nx_game *g2 = nx_game_load(&rt, saved, err, sizeof err);
    ck_assert_msg(g2 != NULL, "the replay picked another card: %s", err);
    nx_game_free(g2);
    free(saved);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

/* A panel body that must be refused with `needle` in the reason, the game
 * saved byte for byte as it was before the play. */
static void assert_refused_unchanged(const char *body, const char *needle)
{
    nx_runtime rt;
    nx_game *g = played_with(&rt, body);
    char *before = nx_game_save(g);
    char *r = play_result(g);
    ck_assert_msg(strstr(r, "\"ok\":false") && strstr(r, needle), "want %s: %s", needle, r);
    char *after = nx_game_save(g);
    ck_assert_msg(!strcmp(before, after), "a refused play changed the game");
    free(r), free(before), free(after);
    nx_game_free(g);
    nx_runtime_close(&rt);
}

static const struct { const char *body, *needle; } bad_moves[] = {
    { "ctx:disclose{to = 1, element = 'weapon', of = 2}", "not fighting a battle" },
    { "ctx:disclose{to = 1, card = 'traitor:duncan_idaho'}", "cannot see" },
    { "ctx:disclose{to = 1, card = 'nexus:harkonnen', fact = 'x', value = true}", "exactly one" },
    { "ctx:disclose{to = 1, fact = 'x'}", "value is a boolean" },
    { "ctx:disclose{to = 7, fact = 'x', value = true}", "must be from 0 to 2" },
    { "ctx:disclose{to = 1, fact = 'x', value = true, colour = 1}", "unknown key" },
    { "ctx:disclose{to = 1, element = 'sword', of = 2}", "unknown element" },
    { "ctx:take_random('seat1.treachery', 'traitors')", "same kind" },
    { "ctx:take_random('treachery', 'treachery')", "another seat" },
    { "ctx:take_random('seat1.nexus_held', 'nexus_held')", "empty" },
    { "ctx:disclose{to = 1, fact = 'x', value = true}\nerror('after a disclosure')", "after a disclosure" },
    { NULL, NULL },
};

START_TEST(bad_disclosures_and_takes_are_refused)
{
    assert_refused_unchanged(bad_moves[_i].body, bad_moves[_i].needle);
}
END_TEST

/* ---- spice and forces --------------------------------------------------------------------- */

START_TEST(spice_and_forces_go_through_the_engine)
{
    nx_runtime rt;
    nx_game *g = played_with(&rt, "assert(ctx:spice{from = 0, to = 1, amount = 2} == 2)\n"
                                  "ctx:spice{from = 'bank', to = 0, amount = 3}\n"
                                  "local paid = ctx:spice{from = 2, to = 0, amount = 999, up_to = true}\n"
                                  "assert(paid >= 0 and paid < 999)\n"
                                  "ctx:forces{from = 'reserves', to = 'tanks', count = 2}\n"
                                  "ctx:forces{from = 'carthag', to = 'tanks', count = 1}\n"
                                  "ctx:forces{from = 'reserves', to = 'arrakeen', count = 1}\n"
                                  "ctx:forces{seat = 1, from = 'arrakeen', to = 'reserves', count = 1}\n");
    nx_state before = *nx_game_state(g);
    char *r = play_result(g);
    ck_assert_msg(strstr(r, "\"ok\":true") && strstr(r, "pays 2 spice to Atreides"), "%s", r);
    free(r);
    const nx_state *s = nx_game_state(g);
    int carthag = nx_map_section_parse("carthag"), arrakeen = nx_map_section_parse("arrakeen");
    ck_assert_int_eq(s->seats[1].spice, before.seats[1].spice + 2);
    ck_assert_int_eq(s->seats[2].spice, 0);
    ck_assert_int_eq(s->seats[0].spice, before.seats[0].spice - 2 + 3 + before.seats[2].spice);
    const nx_seat *h = &s->seats[0], *h0 = &before.seats[0];
    ck_assert_int_eq(h->forces[NX_PLACE_RESERVES][0], h0->forces[NX_PLACE_RESERVES][0] - 3);
    ck_assert_int_eq(h->forces[NX_PLACE_TANKS][0], h0->forces[NX_PLACE_TANKS][0] + 3);
    ck_assert_int_eq(h->forces[NX_PLACE_BOARD(carthag)][0], h0->forces[NX_PLACE_BOARD(carthag)][0] - 1);
    ck_assert_int_eq(h->forces[NX_PLACE_BOARD(arrakeen)][0], 1);
    ck_assert_int_eq(s->seats[1].forces[NX_PLACE_BOARD(arrakeen)][0], before.seats[1].forces[NX_PLACE_BOARD(arrakeen)][0] - 1);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

static const struct { const char *body, *needle; } bad_verbs[] = {
    { "ctx:spice{from = 0, to = 1, amount = 999}", "spice" },
    { "ctx:spice{from = 0, to = 0, amount = 1}", "the same" },
    { "ctx:spice{from = 'guild', to = 0, amount = 1}", "seat number or" },
    { "ctx:spice{from = 0, to = 1, amount = -1}", "must be from 0" },
    { "ctx:spice{from = 0, to = 1}", "give from, to and amount" },
    { "ctx:spice{from = 0, to = 1, amount = 1}\nerror('after paying')", "after paying" },
    { "ctx:forces{from = 'reserves', to = 'tanks', count = 30}", "not 30" },
    { "ctx:forces{from = 'reserves', to = 'reserves', count = 1}", "same place" },
    { "ctx:forces{from = 'reserves', to = 'atlantis', count = 1}", "not reserves, tanks or a section" },
    { "ctx:forces{from = 'reserves', to = 'tanks'}", "at least one" },
    { "ctx:forces{from = 'tanks', to = 'reserves', count = 1}", "not 1" },
    { "ctx:forces{from = 'reserves', to = 'tanks', count = 1, colour = 2}", "unknown key" },
    { NULL, NULL },
};

START_TEST(bad_verbs_are_refused)
{
    assert_refused_unchanged(bad_verbs[_i].body, bad_verbs[_i].needle);
}
END_TEST

/* ---- bot hints -------------------------------------------------------------------------------- */

static int hint_refusals;
static void count_refusal(void *ctx, int seat, const char *action, const char *result)
{
    (void)ctx, (void)seat;
    fprintf(stderr, "refused %s: %s\n", action, result);
    hint_refusals++;
}

/* Run bot steps until `done` says so (or n steps); returns whether a step's
 * result contained `needle`. */
static int bot_run(nx_runtime *rt, nx_game *g, int n, const char *needle)
{
    nx_bot bot;
    nx_bot_init(&bot, rt, NX_BOT_SIMPLE, 3);
    bot.on_refusal = count_refusal;
    int seen = 0;
    char id[16];
    for (int i = 0; i < n && !seen; i++) {
        nx_bot_move m;
        nx_fmt(id, sizeof id, "b%d", i);
        if (nx_bot_step(&bot, g, id, &m) <= 0) break;
        seen = strstr(m.result, needle) != NULL;
        nx_bot_move_free(&m);
    }
    return seen;
}

START_TEST(bots_answer_through_the_panels_hint)
{
    write_panel("function panel.play(ctx)\n"
                "  return ctx:ask{prompt = 'How many?', kind = 'number', min = -1, max = 5, resume = 'answered', save = {want = 4}}\n"
                "end\n"
                "function panel.answered(ctx, answer) ctx:log('got ' .. answer.number) end\n"
                "function panel.bot(ctx, q)\n"
                "  if q == nil then return nil end\n"
                "  assert(q.kind == 'number' and q.resume == 'answered' and #q.options >= 2)\n"
                "  return {q.save.want}\n"
                "end\n");
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    play_ok(g);
    hint_refusals = 0;
    /* 4 is none of the default candidates (-1, 5, 2): the hint answered. */
    ck_assert(bot_run(&rt, g, 40, "got 4"));
    ck_assert_int_eq(hint_refusals, 0);
    nx_game_free(g);
    nx_runtime_close(&rt);
}
END_TEST

static int play_hint_game(const char *says)
{
    char *body = nx_asprintf("function panel.play(ctx) ctx:log('played') end\n"
                             "function panel.bot(ctx, q) return %s end\n", says);
    write_panel(body);
    free(body);
    nx_runtime rt;
    open_runtime(&rt);
    nx_game *g = new_game(&rt);
    hint_refusals = 0;
    int played = bot_run(&rt, g, 120, "plays the Harkonnen");
    ck_assert_int_eq(hint_refusals, 0);
    nx_game_free(g);
    nx_runtime_close(&rt);
    return played;
}

START_TEST(bots_play_when_the_hint_says_so)
{
    ck_assert_msg(!play_hint_game("false"), "a bot played against its panel's hint");
    ck_assert_msg(play_hint_game("true"), "a bot never played though its panel's hint said so");
    /* A hint that fails is no hint: the default applies, the game goes on. */
    ck_assert(play_hint_game("error('broken hint')") || 1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ctx_ask");
    TCase *tc = tcase_create("ask");
    tcase_add_unchecked_fixture(tc, copy_pack, drop_pack);
    tcase_set_timeout(tc, 120);
    int ncases = (int)(sizeof cases / sizeof cases[0]);
    tcase_add_loop_test(tc, each_kind_is_asked_validated_and_resumed, 0, ncases);
    tcase_add_loop_test(tc, pending_ask_survives_reload_in_another_process, 0, ncases);
    tcase_add_loop_test(tc, bot_candidates_are_valid_answers, 0, ncases);
    int nbad = 0;
    while (bad_asks[nbad].ask) nbad++;
    tcase_add_loop_test(tc, bad_requests_are_refused, 0, nbad);
    tcase_add_test(tc, disclosures_are_private_receipts);
    tcase_add_test(tc, take_random_moves_one_unseen_card);
    int nmoves = 0;
    while (bad_moves[nmoves].body) nmoves++;
    tcase_add_loop_test(tc, bad_disclosures_and_takes_are_refused, 0, nmoves);
    tcase_add_test(tc, spice_and_forces_go_through_the_engine);
    tcase_add_test(tc, bots_answer_through_the_panels_hint);
    tcase_add_test(tc, bots_play_when_the_hint_says_so);
    int nverbs = 0;
    while (bad_verbs[nverbs].body) nverbs++;
    tcase_add_loop_test(tc, bad_verbs_are_refused, 0, nverbs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
