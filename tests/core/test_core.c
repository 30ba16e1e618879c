/* Custody, state invariants, determinism and secrecy of views (core only). */
#include <stdlib.h>
#include <string.h>

#include "nx_adv.h"
#include "nx_custody.h"
#include "nx_json_write.h"
#include "nx_state.h"
#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_view.h"

static void seat_game(nx_state *s, int n)
{
    static const nx_faction f[] = { NX_HARKONNEN, NX_ATREIDES, NX_EMPEROR, NX_FREMEN, NX_TLEILAXU, NX_SPACING_GUILD };
    nx_state_init(s, 42, NX_OPT_NEXUS_CARDS);
    s->nseats = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        s->seats[i].faction = (int8_t)f[i];
        nx_state_reserve_all_forces(s, (uint8_t)i);
    }
    for (int fac = 0; fac < NX_FACTION_COUNT; fac++) nx_custody_move(&s->custody, nx_comp_nexus((nx_faction)fac), NX_Z_NEXUS_DECK);
    for (int l = 0; l < 25; l++) nx_custody_move(&s->custody, nx_comp_traitor(l), NX_Z_TRAITOR_DECK);
    nx_custody_shuffle(&s->custody, NX_Z_NEXUS_DECK, &s->rng);
    nx_custody_shuffle(&s->custody, NX_Z_TRAITOR_DECK, &s->rng);
    nx_custody_seal(&s->custody);
}

START_TEST(catalog_ids_round_trip)
{
    for (int c = 0; c < NX_COMP_COUNT; c++) ck_assert_int_eq(nx_comp_parse(nx_comp_id((nx_comp)c)), c);
    ck_assert_int_eq(nx_comp_parse("traitor:nobody"), NX_COMP_NONE);
    ck_assert_str_eq(nx_comp_id(nx_comp_nexus(NX_HARKONNEN)), "nexus:harkonnen");
    for (int z = 0; z < NX_ZONE_COUNT; z++) {
        char name[48];
        nx_zone_name((nx_zone)z, name, sizeof name);
        ck_assert_int_eq(nx_zone_parse(name), z);
    }
    /* The parse reads the name; only what nx_zone_name writes is a zone. */
    static const char *const not_zones[] = {
        "", "seat", "seat.traitors", "seat0", "seat0.", "seat0traitors", "seat00.traitors",
        "seat01.traitors", "seat-1.traitors", "seat+1.traitors", "seat6.traitors",
        "seat99999999999.traitors", "seat0.traitors ", "seat0.out", "Tanks", "tanks ", "traitors",
    };
    for (size_t i = 0; i < sizeof not_zones / sizeof *not_zones; i++)
        ck_assert_msg(nx_zone_parse(not_zones[i]) == -1, "\"%s\" parsed as a zone", not_zones[i]);
}
END_TEST

START_TEST(deck_order_top_and_bottom)
{
    nx_custody c;
    nx_custody_init(&c);
    nx_custody_move(&c, nx_comp_traitor(0), NX_Z_TRAITOR_DECK);
    nx_custody_move(&c, nx_comp_traitor(1), NX_Z_TRAITOR_DECK);
    nx_custody_move_bottom(&c, nx_comp_traitor(2), NX_Z_TRAITOR_DECK);
    nx_comp v[8];
    ck_assert_int_eq(nx_custody_list(&c, NX_Z_TRAITOR_DECK, v, 8), 3);
    ck_assert_int_eq(v[0], nx_comp_traitor(1));
    ck_assert_int_eq(v[2], nx_comp_traitor(2));
    ck_assert_int_eq(nx_custody_top(&c, NX_Z_TRAITOR_DECK), nx_comp_traitor(1));
}
END_TEST

START_TEST(shuffle_is_seeded_and_conserves)
{
    nx_state a, b;
    seat_game(&a, 3);
    seat_game(&b, 3);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
    nx_custody_shuffle(&a.custody, NX_Z_TRAITOR_DECK, &a.rng);
    nx_custody_shuffle(&b.custody, NX_Z_TRAITOR_DECK, &b.rng);
    ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
    ck_assert_int_eq(nx_custody_count(&a.custody, NX_Z_TRAITOR_DECK), 25);
    char msg[128];
    ck_assert_int_eq(nx_state_check(&a, msg, sizeof msg), 0);
}
END_TEST

START_TEST(invariants_catch_broken_custody)
{
    nx_state s;
    char msg[128];
    seat_game(&s, 3);
    nx_state t = s;
    t.custody.zone[nx_comp_nexus(NX_ATREIDES)] = NX_Z_SEAT(0, NX_ZS_TRAITORS);
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "cannot be in"));
    t = s;
    t.custody.zone[nx_comp_nexus(NX_ATREIDES)] = NX_Z_SEAT(0, NX_ZS_NEXUS_HELD);
    t.custody.zone[nx_comp_nexus(NX_EMPEROR)] = NX_Z_SEAT(0, NX_ZS_NEXUS_HELD);
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "more than one Nexus"));
    t = s;
    t.custody.zone[nx_comp_traitor(3)] = NX_Z_OUT; /* a card vanished */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "at setup"));
    t = s;
    t.seats[0].ally = 1; /* not mutual */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    t = s;
    t.custody.zone[nx_comp_traitor(3)] = NX_Z_SEAT(5, NX_ZS_TRAITORS); /* empty seat */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    t = s;
    t.seats[1].forces[NX_PLACE_TANKS][NX_FORCE_NORMAL]++; /* a counter out of nowhere */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "force counters"));
    t = s;
    nx_state_move_forces(&t, 2, NX_FORCE_ELITE, NX_PLACE_RESERVES, NX_PLACE_BOARD(5), 5); /* Sardaukar */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), 0);
    t = s;
    t.options = 0; /* Nexus cards in play without the module */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
}
END_TEST

/* The custody check reads zones through tables (it runs after every
 * action); every component moved into every zone must still be judged as
 * the rule reads: a Nexus card only in Nexus zones, a leader disc only
 * among leaders or in the Tanks, and so on.  Debug builds also assert,
 * inside nx_custody_check, that the table pass and the rule-by-rule pass
 * agree on each of these states. */
/* A held Nexus play lives exactly as long as its Karama window, its card in
 * its holder's hand (core/nx_state.c, check_held_play). */
START_TEST(invariants_catch_a_stray_held_play)
{
    nx_state s;
    char msg[160];
    seat_game(&s, 3);
    s.options |= NX_OPT_NEXUS_CARDS;
    s.custody.zone[nx_comp_nexus(NX_ECAZ)] = NX_Z_SEAT(1, NX_ZS_NEXUS_HELD);
    s.play.nxh_source = (uint8_t)(1 + NX_ECAZ * 3 + 2);
    s.play.nxh_seat = 1;
    s.play.advw = NX_ADVO_NEXUS_PLAY;
    ck_assert_msg(nx_state_check(&s, msg, sizeof msg) == 0, "%s", msg);
    nx_state t = s;
    t.play.advw = 0;                                  /* no window to settle it */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "held Nexus play"));
    t = s;
    t.custody.zone[nx_comp_nexus(NX_ECAZ)] = NX_Z_NEXUS_DISCARD;   /* its card gone */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "held Nexus play"));
    t = s;
    t.play.nxh_seat = 5;                              /* past the last seat */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    t = s;
    t.play.nxh_source = t.play.nxh_seat = 0;          /* a window with nothing held */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "no play held"));
}
END_TEST

START_TEST(invariants_catch_every_misplaced_component)
{
    nx_state s;
    char msg[160];
    seat_game(&s, 6);
    int refused = 0, accepted = 0;
    for (int c = 0; c < NX_COMP_COUNT; c++)
        for (int z = 0; z < NX_ZONE_COUNT; z++) {
            nx_state t = s;
            if (t.custody.zone[c] == z) continue;
            int was_out = t.custody.zone[c] == NX_Z_OUT;
            t.custody.zone[c] = (nx_zone)z;
            t.custody.order[c] = t.custody.next_top - 1; /* a key inside the deck range */
            int rc = nx_state_check(&t, msg, sizeof msg);
            if (rc) refused++;
            else accepted++;
            /* Into or out of the game: the count sealed at setup catches it. */
            if (was_out != (z == NX_Z_OUT)) ck_assert_msg(rc == -1, "%s moved to zone %d passed", nx_comp_id((nx_comp)c), z);
        }
    ck_assert_int_gt(refused, 0);
    ck_assert_int_gt(accepted, 0);
    nx_state t = s;
    t.custody.zone[nx_comp_leader_disc(0)] = NX_Z_NEXUS_DISCARD;
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "cannot be in"));
    t = s;
    nx_comp top = nx_custody_top(&t.custody, NX_Z_TRAITOR_DECK);
    t.custody.order[top] = t.custody.next_top; /* a key past the top */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "order key"));
    t = s;
    t.custody.zone[nx_comp_traitor(3)] = NX_ZONE_COUNT; /* no such zone */
    ck_assert_int_eq(nx_state_check(&t, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "invalid zone"));
}
END_TEST

/* The engine's canonical text is jansson's, byte for byte, for the values
 * it writes itself and for those it leaves to jansson. */
START_TEST(canonical_text_is_jansson_text)
{
    static const char *const texts[] = {
        "{\"type\":\"pass\",\"seat\":3,\"version\":12,\"id\":\"b7\"}",
        "{\"z\":[],\"a\":{},\"m\":[1,-2,[true,false,null]],\"B\":\"x\"}",
        "{\"log\":[\"a \\\"quoted\\\" \\\\ line\\n\\t\\r\\b\\f\",{\"k\":\"v\"}],\"ok\":true,\"version\":9223372036854775807}",
        "{\"ctl\":\"\\u0001\\u001f\",\"slash\":\"a/b\",\"utf8\":\"Shai\\u2014Hulud \\u00e9\"}",
        "{\"real\":1.5,\"big\":1e300,\"whole\":2.0,\"neg\":-0.25}",
        "[\"\",0,-1,\"aa\",\"a\",9,10,-10,100,1234567890,-9223372036854775808]",
        "{\"ab\":1,\"a\":2,\"a b\":3,\"A\":4,\"_\":5,\"~\":6}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        json_t *j = json_loads(texts[i], 0, NULL);
        ck_assert_ptr_nonnull(j);
        char *ours = nx_json_dump_canonical(j), *theirs = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
        ck_assert_str_eq(ours, theirs);
        free(ours);
        free(theirs);
        json_decref(j);
    }
    json_t *k = json_object();
    json_object_setn_new(k, "a\0b", 3, json_integer(1)); /* a key holding a NUL */
    json_object_set_new(k, "a", json_integer(2));
    char *ours = nx_json_dump_canonical(k), *theirs = json_dumps(k, JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_str_eq(ours, theirs);
    free(ours);
    free(theirs);
    json_decref(k);
}
END_TEST

START_TEST(receipt_ring_keeps_newest)
{
    nx_state s;
    seat_game(&s, 2);
    for (int i = 0; i < NX_MAX_RECEIPTS + 5; i++) {
        nx_comp c = nx_comp_traitor(i % 20);
        nx_state_add_receipt(&s, 0, NX_RCPT_SAW, (uint32_t)i, &c, 1);
    }
    ck_assert_int_eq(s.nreceipts, NX_MAX_RECEIPTS);
    ck_assert_uint_eq(nx_state_receipt(&s, 0)->event, 5);
    ck_assert_uint_eq(nx_state_receipt(&s, NX_MAX_RECEIPTS - 1)->event, NX_MAX_RECEIPTS + 4);
}
END_TEST

/* nx_state_restore puts back every byte nx_state_save saw, whatever was
 * done since: decisions added past the saved count (their slots must be
 * zero again), decisions removed, the header and the receipt ring. */
START_TEST(restore_puts_back_every_byte)
{
    nx_state s, before, saved;
    seat_game(&s, 3);
    nx_state_add_pending(&s, NX_PEND_PANEL, 0)->count = 1;
    nx_pending *p = nx_state_add_pending(&s, NX_PEND_PANEL, 2);
    nx_fmt(p->saved, sizeof p->saved, "{\"ask\": 1}");
    before = s;
    ck_assert(nx_state_tail_clear(&s));
    nx_state_save(&saved, &s);
    for (int round = 0; round < 3; round++) {
        nx_state_remove_pending(&s, &s.pending[0]);
        for (int i = 0; i < 4; i++) {
            nx_pending *q = nx_state_add_pending(&s, NX_PEND_PANEL, (uint8_t)(i % 3));
            nx_fmt(q->prompt, sizeof q->prompt, "added %d", i);
            memset(q->saved, 'x', sizeof q->saved - 1);
        }
        nx_comp c = nx_comp_traitor(3);
        for (int i = 0; i < NX_MAX_RECEIPTS + 2; i++) nx_state_add_receipt(&s, 1, NX_RCPT_SAW, 9, &c, 1);
        s.version += 7;
        s.seats[1].spice = 99;
        nx_state_restore(&s, &saved);
        ck_assert_int_eq(memcmp(&before, &s, sizeof s), 0);
        ck_assert(nx_state_tail_clear(&s));
    }
    /* A slot past the count that is not zero is what the assertion sees. */
    s.pending[NX_MAX_PENDING - 1].prompt[3] = 'y';
    ck_assert(!nx_state_tail_clear(&s));
}
END_TEST

/* Deal some cards so every seat holds something hidden. */
static void deal_some(nx_state *s)
{
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_NEXUS_DECK), NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        for (int k = 0; k < 3; k++)
            nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK), NX_Z_SEAT(seat, NX_ZS_TRAITORS));
        nx_comp c = nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_TRAITORS));
        nx_state_add_receipt(s, (uint8_t)seat, NX_RCPT_DREW, 1, &c, 1);
    }
    nx_pending *p = nx_state_add_pending(s, NX_PEND_PANEL, 1);
    p->count = 1;
    p->private_options = 1;
    p->noptions = (uint8_t)nx_custody_list(&s->custody, NX_Z_SEAT(1, NX_ZS_TRAITORS), p->options, NX_MAX_OPTIONS);
}

START_TEST(views_do_not_leak_hidden_identities)
{
    nx_rng r;
    nx_rng_seed(&r, 99);
    for (int round = 0; round < 50; round++) {
        nx_state s;
        seat_game(&s, 2 + round % 5);
        deal_some(&s);
        for (int viewer = -1; viewer < s.nseats; viewer++) {
            nx_state t = s;
            nx_permute_hidden(&t, viewer, &r);
            char msg[128];
            ck_assert_msg(nx_state_check(&t, msg, sizeof msg) == 0, "%s", msg);
            json_t *a = nx_view_json(&s, viewer), *b = nx_view_json(&t, viewer);
            ck_assert_msg(json_equal(a, b), "seat %d's view changed when hidden cards moved", viewer);
            json_decref(a);
            json_decref(b);
        }
    }
}
END_TEST

START_TEST(views_show_owner_only_what_it_owns)
{
    nx_state s;
    seat_game(&s, 3);
    deal_some(&s);
    s.seats[0].policy = NX_POLICY_REDRAW_ALWAYS;
    s.seats[0].spice = 37;
    nx_comp held0 = nx_custody_top(&s.custody, NX_Z_SEAT(0, NX_ZS_NEXUS_HELD));
    json_t *own = nx_view_json(&s, 0), *other = nx_view_json(&s, 1), *spect = nx_view_json(&s, -1);
    char *t_own = json_dumps(own, JSON_COMPACT), *t_other = json_dumps(other, JSON_COMPACT),
         *t_spect = json_dumps(spect, JSON_COMPACT);
    ck_assert_ptr_nonnull(strstr(t_own, nx_comp_id(held0)));
    ck_assert_ptr_null(strstr(t_other, nx_comp_id(held0)));
    ck_assert_ptr_null(strstr(t_spect, nx_comp_id(held0)));
    ck_assert_ptr_nonnull(strstr(t_own, "redraw_always"));
    ck_assert_ptr_null(strstr(t_other, "redraw_always"));
    ck_assert_ptr_null(strstr(t_spect, "receipts"));
    ck_assert_ptr_nonnull(strstr(t_own, "\"spice\":37"));
    ck_assert_ptr_null(strstr(t_other, "\"spice\":37"));
    ck_assert_ptr_null(strstr(t_spect, "\"spice\""));
    free(t_own), free(t_other), free(t_spect);
    json_decref(own), json_decref(other), json_decref(spect);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("custody");
    tcase_add_test(tc, catalog_ids_round_trip);
    tcase_add_test(tc, deck_order_top_and_bottom);
    tcase_add_test(tc, shuffle_is_seeded_and_conserves);
    tcase_add_test(tc, invariants_catch_broken_custody);
    tcase_add_test(tc, invariants_catch_a_stray_held_play);
    tcase_add_test(tc, invariants_catch_every_misplaced_component);
    tcase_add_test(tc, canonical_text_is_jansson_text);
    tcase_add_test(tc, receipt_ring_keeps_newest);
    tcase_add_test(tc, restore_puts_back_every_byte);
    tcase_add_test(tc, views_do_not_leak_hidden_identities);
    tcase_add_test(tc, views_show_owner_only_what_it_owns);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
