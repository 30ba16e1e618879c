/* core/nx_state_json: byte-exact round trips and strict, path-naming refusals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "nx_leaders.h"
#include "nx_text.h"
#include "nx_play.h"
#include "nx_ruling_names.h"
#include "nx_state.h"
#include "nx_state_json.h"
#include "nx_testutil.h"

/* ---- building states through the API ------------------------------------------ */

static const nx_faction FACTIONS[NX_MAX_SEATS] = {
    NX_ATREIDES, NX_HARKONNEN, NX_FREMEN, NX_EMPEROR, NX_SPACING_GUILD, NX_BENE_GESSERIT,
};

static void seat_players(nx_state *s, int nseats)
{
    s->nseats = (uint8_t)nseats;
    for (int i = 0; i < nseats; i++) {
        s->seats[i].faction = (int8_t)FACTIONS[i];
        s->seats[i].policy = (uint8_t)(i % NX_POLICY_COUNT);
        s->seats[i].spice = (int16_t)(10 * i + 3);
        nx_state_reserve_all_forces(s, (uint8_t)i);
        nx_state_move_forces(s, (uint8_t)i, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(i * 7), 4 + i);
        nx_state_move_forces(s, (uint8_t)i, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_TANKS, 1);
    }
    s->seats[0].ally = 2;
    s->seats[2].ally = 0;
    if (nseats > 3) s->seats[1].offers = (uint8_t)(1u << 3);
}

static void fill_decks(nx_state *s)
{
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        nx_custody_move(&s->custody, nx_comp_nexus((nx_faction)f), NX_Z_NEXUS_DECK);
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_has_traitor_card(l))
            nx_custody_move(&s->custody, nx_comp_traitor(l), NX_Z_TRAITOR_DECK);
    /* Out again before sealing: its stale order key must survive (out_order). */
    nx_custody_move(&s->custody, nx_comp_nexus(NX_MORITANI), NX_Z_OUT);
    nx_custody_shuffle(&s->custody, NX_Z_NEXUS_DECK, &s->rng);
    nx_custody_shuffle(&s->custody, NX_Z_TRAITOR_DECK, &s->rng);
}

/* Deal four Traitor Cards to each seat, keep one, return three to the bottom. */
static void deal_traitors(nx_state *s)
{
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_comp dealt[4];
        for (int k = 0; k < 4; k++) {
            dealt[k] = nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK);
            nx_custody_move(&s->custody, dealt[k], NX_Z_SEAT(seat, NX_ZS_TRAITOR_OFFER));
        }
        nx_custody_move(&s->custody, dealt[0], NX_Z_SEAT(seat, NX_ZS_TRAITORS));
        for (int k = 1; k < 4; k++) nx_custody_move_bottom(&s->custody, dealt[k], NX_Z_TRAITOR_DECK);
    }
    /* One seat still has an open offer: four cards in traitor_offer. */
    for (int k = 0; k < 4; k++)
        nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK),
                        NX_Z_SEAT(1, NX_ZS_TRAITOR_OFFER));
    nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK),
                    NX_Z_SEAT(0, NX_ZS_REVEALED));
}

static void draw_nexus(nx_state *s)
{
    for (int seat = 0; seat < s->nseats; seat += 2) {
        nx_comp c = nx_custody_top(&s->custody, NX_Z_NEXUS_DECK);
        nx_custody_move(&s->custody, c, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        nx_state_add_receipt(s, (uint8_t)seat, NX_RCPT_DREW, nx_state_new_event(s), &c, 1);
    }
    for (int k = 0; k < 2; k++)
        nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_NEXUS_DECK), NX_Z_NEXUS_DISCARD);
}

static void add_pendings(nx_state *s)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_TRAITOR_SELECT, 1);
    p->noptions =
        (uint8_t)nx_custody_list(&s->custody, NX_Z_SEAT(1, NX_ZS_TRAITOR_OFFER), p->options, NX_MAX_OPTIONS);
    p->count = 1;
    p->private_options = 1;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Keep one Traitor Card");

    p = nx_state_add_pending(s, NX_PEND_NEXUS_DRAW, s->nseats - 1);
    p->words = NX_WORD_DRAW | NX_WORD_DECLINE;
    p->count = 1;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Draw a Nexus card or decline — \"quotes\" \\ ok");

    p = nx_state_add_pending(s, NX_PEND_PANEL, 0);
    p->options[0] = nx_comp_nexus(NX_ATREIDES);
    p->options[1] = nx_comp_traitor(0);
    p->noptions = 2;
    p->words = NX_WORD_KEEP | NX_WORD_REPLACE;
    p->count = 1;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Choose");
    nx_fmt(p->panel, sizeof p->panel, "atreides.prescience");
    nx_fmt(p->resume, sizeof p->resume, "on_choice");
    nx_fmt(p->saved, sizeof p->saved, "{\"picked\":[1,2],\"note\":\"é\"}");
}

static void add_receipts(nx_state *s, int n)
{
    for (int i = 0; i < n; i++) {
        nx_comp cards[NX_RECEIPT_CARDS];
        int k = i % (NX_RECEIPT_CARDS + 1);
        for (int j = 0; j < k; j++) cards[j] = (nx_comp)((i + j) % NX_COMP_COUNT);
        nx_state_add_receipt(s, (uint8_t)(i % s->nseats), (nx_receipt_kind)(i % 4), nx_state_new_event(s),
                             cards, k);
    }
}

/* A mid-game state of `nseats` seats with `receipts` extra receipts. */
static void build_state(nx_state *s, int nseats, int receipts)
{
    nx_state_init(s, 0xfedcba9876543210ull, NX_OPT_NEXUS_CARDS | NX_OPT_ADVANCED);
    seat_players(s, nseats);
    fill_decks(s);
    deal_traitors(s);
    nx_custody_seal(&s->custody);
    draw_nexus(s);
    add_pendings(s);
    add_receipts(s, receipts);
    s->version = 4242;
    s->phase = NX_P_SPICE_BLOW;
    s->turn = 3;
    s->first_seat = 1;
    s->nexus_occurred = 1;
    s->negotiating = 1;
    s->draw_next = 2;
    /* The game turn's fields, each kind of codec entry at least once. */
    s->play.storm_sector = 7;
    s->play.dialers[0] = 1;
    s->play.dials[1] = 3;
    s->play.bid_winner = 2;
    s->play.bid_passed = 0x5;
    s->play.spice[nx_map_section_parse("the_great_flat")] = 10;
    s->play.spice[0] = 6;
    nx_play_set_bit(s->play.advisors, 85, 1);
    nx_play_set_bit(s->play.leader_died, 60, 1);
    s->play.rule[NX_RULE_FIRST_STORM_DAMAGE] = NX_RS_TURN_FIRST_STORM_DAMAGE_NONE;
    s->pending[0].min = -3;
    s->pending[0].max = 20;
    char msg[200];
    ck_assert_msg(!nx_state_check(s, msg, sizeof msg), "test state invalid: %s", msg);
}

/* ---- helpers ----------------------------------------------------------------------- */

static char *dump(const json_t *j)
{
    char *t = json_dumps(j, JSON_PRESERVE_ORDER | JSON_COMPACT);
    ck_assert_ptr_nonnull(t);
    return t;
}

static char *encode_text(const nx_state *s)
{
    char *t = nx_state_json_encode_text(s);
    ck_assert_ptr_nonnull(t);
    return t;
}

static json_t *encode_doc(const nx_state *s)
{
    json_t *j = nx_state_json_encode(s);
    ck_assert_ptr_nonnull(j);
    return j;
}

/* encode -> text -> decode -> memcmp, and re-encode -> same text. */
static void check_round_trip(const nx_state *s)
{
    char *text = encode_text(s);
    nx_state *back = malloc(sizeof *back);
    memset(back, 0x5a, sizeof *back);
    char err[256] = "";
    ck_assert_msg(!nx_state_json_decode_text(text, back, err, sizeof err), "decode failed: %s", err);
    ck_assert_msg(!memcmp(back, s, sizeof *s), "decoded state differs from the original");
    char *again = encode_text(back);
    ck_assert_str_eq(again, text);
    free(again);
    free(back);
    free(text);
}

/* A target pre-filled with a state that decoding must not touch. */
static nx_state *sentinel_target(nx_state **copy)
{
    nx_state *target = malloc(sizeof *target);
    build_state(target, 3, 5);
    memset(target->pending[5].prompt, 0x77, 8); /* bytes nobody would write */
    *copy = malloc(sizeof **copy);
    memcpy(*copy, target, sizeof **copy);
    return target;
}

static void check_refusal(int rc, const char *err, const char *needle, nx_state *target, nx_state *copy)
{
    int same = !memcmp(target, copy, sizeof *copy);
    free(target);
    free(copy);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(err, needle), "message \"%s\" lacks \"%s\"", err, needle);
    ck_assert_msg(same, "target changed by a failed decode");
}

/* Decoding `text` fails, names `needle`, and leaves the target untouched. */
static void expect_refused_text(const char *text, const char *needle)
{
    nx_state *copy, *target = sentinel_target(&copy);
    char err[256] = "";
    int rc = nx_state_json_decode_text(text, target, err, sizeof err);
    check_refusal(rc, err, needle, target, copy);
}

/* The same for a document (decoded as a json_t, and through its text). */
static void expect_refused(const json_t *j, const char *needle)
{
    nx_state *copy, *target = sentinel_target(&copy);
    char err[256] = "";
    int rc = nx_state_json_decode(j, target, err, sizeof err);
    check_refusal(rc, err, needle, target, copy);
    char *text = json_dumps(j, JSON_PRESERVE_ORDER | JSON_COMPACT);
    if (!strstr(text, "\\u0000")) expect_refused_text(text, needle);
    free(text);
}

/* The six-seat mid-game document, to be damaged by each test. */
static json_t *mid_game_doc(void)
{
    nx_state s;
    build_state(&s, NX_MAX_SEATS, 7);
    return encode_doc(&s);
}

/* Walk "custody/zones/seat1.traitors" ('/' because zone names have dots);
 * inside arrays the parts are indexes. */
static json_t *at(json_t *root, const char *path)
{
    char buf[128];
    nx_fmt(buf, sizeof buf, "%s", path);
    json_t *v = root;
    for (char *save = NULL, *part = strtok_r(buf, "/", &save); part; part = strtok_r(NULL, "/", &save))
        v = json_is_array(v) ? json_array_get(v, (size_t)atoi(part)) : json_object_get(v, part);
    ck_assert_msg(v != NULL, "no %s in the test document", path);
    return v;
}

/* ---- round trips ------------------------------------------------------------------ */

START_TEST(test_round_trip_mid_game)
{
    nx_state s;
    build_state(&s, NX_MAX_SEATS, 7);
    check_round_trip(&s);
}
END_TEST

START_TEST(test_round_trip_receipt_ring_wrapped)
{
    nx_state s;
    build_state(&s, 4, NX_MAX_RECEIPTS + 13);
    ck_assert_uint_eq(s.nreceipts, NX_MAX_RECEIPTS);
    ck_assert_uint_ne(s.receipt_head, 0);
    check_round_trip(&s);
}
END_TEST

START_TEST(test_round_trip_fresh_state)
{
    nx_state s;
    nx_state_init(&s, 0, 0);
    check_round_trip(&s);
    nx_state_init(&s, UINT64_MAX, NX_OPT_ADVANCED);
    check_round_trip(&s);
}
END_TEST

START_TEST(test_round_trip_longest_strings)
{
    nx_state s;
    build_state(&s, 3, 0);
    nx_pending *p = &s.pending[2];
    memset(p->prompt, 'p', sizeof p->prompt - 1);
    memset(p->panel, 'a', sizeof p->panel - 1);
    memset(p->resume, 'r', sizeof p->resume - 1);
    memset(p->saved, 's', sizeof p->saved - 1);
    check_round_trip(&s);
}
END_TEST

START_TEST(test_key_order_is_fixed)
{
    nx_state s;
    build_state(&s, 3, 2);
    char *t = encode_text(&s);
    const char *start = "{\"format\":5,\"version\":4242,\"seed\":\"18364758544493064720\",\"rng\":[\"";
    ck_assert_msg(!strncmp(t, start, strlen(start)), "unexpected start: %.80s", t);
    const char *order[] = {"\"nseats\"",
                           "\"options\":[\"nexus_cards\",\"advanced\"]",
                           "\"phase\":\"spice_blow\"",
                           "\"turn\"",
                           "\"first_seat\"",
                           "\"nexus_occurred\":true",
                           "\"negotiating\"",
                           "\"draw_next\":2",
                           "\"event_seq\"",
                           "\"seats\"",
                           "\"custody\"",
                           "\"pending\"",
                           "\"receipt_head\"",
                           "\"receipts\""};
    const char *from = t;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const char *hit = strstr(from, order[i]);
        ck_assert_msg(hit != NULL, "%s missing or out of order", order[i]);
        from = hit;
    }
    free(t);
}
END_TEST

START_TEST(test_decode_into_itself_after_ops)
{
    /* A state after removing a pending decision (tail re-zeroed by the API). */
    nx_state s;
    build_state(&s, NX_MAX_SEATS, 3);
    nx_state_remove_pending(&s, &s.pending[0]);
    check_round_trip(&s);
}
END_TEST

START_TEST(test_encode_refuses_unrepresentable)
{
    nx_state s;
    build_state(&s, 3, 0);
    s.pending[0].prompt[0] = (char)0xff; /* not UTF-8 */
    ck_assert_ptr_null(nx_state_json_encode(&s));
    ck_assert_ptr_null(nx_state_json_encode_text(&s));
    build_state(&s, 3, 0);
    s.phase = 77;
    ck_assert_ptr_null(nx_state_json_encode(&s));
    build_state(&s, 3, 0);
    s.options |= 1u << 5;
    ck_assert_ptr_null(nx_state_json_encode(&s));
    build_state(&s, 3, 0);
    s.custody.zone[0] = NX_ZONE_COUNT;
    ck_assert_ptr_null(nx_state_json_encode(&s));
    build_state(&s, 3, 0);
    s.negotiating = 2; /* a flag that would come back as 1 */
    ck_assert_ptr_null(nx_state_json_encode(&s));
}
END_TEST

/* ---- refusals ------------------------------------------------------------------------ */

START_TEST(test_truncated_text)
{
    nx_state s;
    build_state(&s, 3, 2);
    char *t = encode_text(&s);
    t[strlen(t) / 2] = '\0';
    expect_refused_text(t, "document: line 1 column");
    free(t);
    expect_refused_text("", "document: line 1");
}
END_TEST

START_TEST(test_duplicate_key_in_text)
{
    expect_refused_text("{\"format\":1,\"format\":1}", "duplicate object key");
}
END_TEST

START_TEST(test_not_an_object)
{
    expect_refused_text("[1,2]", "document: expected an object, found an array");
}
END_TEST

START_TEST(test_wrong_format)
{
    json_t *j = mid_game_doc();
    json_object_set_new(j, "format", json_integer(NX_STATE_FORMAT + 1));
    json_object_set_new(j, "new_in_next_format", json_true());
    expect_refused(j, "format: expected 5, found 6");
    json_object_del(j, "format");
    expect_refused(j, "format: missing");
    json_decref(j);
}
END_TEST

START_TEST(test_unknown_keys)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "seats/0"), "colour", json_string("red"));
    expect_refused(j, "seats[0].colour: unknown key");
    json_object_del(at(j, "seats/0"), "colour");
    json_object_set_new(j, "extra", json_null());
    expect_refused(j, "extra: unknown key");
    json_object_del(j, "extra");
    json_object_set_new(at(j, "custody"), "hidden", json_null());
    expect_refused(j, "custody.hidden: unknown key");
    json_decref(j);
}
END_TEST

START_TEST(test_missing_keys)
{
    json_t *j = mid_game_doc();
    json_object_del(at(j, "seats/2"), "spice");
    expect_refused(j, "seats[2].spice: missing");
    json_decref(j);
    j = mid_game_doc();
    json_object_del(j, "custody");
    expect_refused(j, "custody: missing");
    json_decref(j);
    j = mid_game_doc();
    json_object_del(at(j, "pending/1"), "saved");
    expect_refused(j, "pending[1].saved: missing");
    json_decref(j);
}
END_TEST

START_TEST(test_wrong_types)
{
    json_t *j = mid_game_doc();
    json_object_set_new(j, "turn", json_string("3"));
    expect_refused(j, "turn: expected an integer, found a string");
    json_object_set_new(j, "turn", json_real(3.0));
    expect_refused(j, "turn: expected an integer, found a real number");
    json_object_set_new(j, "turn", json_integer(3));
    json_object_set_new(j, "negotiating", json_integer(1));
    expect_refused(j, "negotiating: expected a boolean, found an integer");
    json_object_set_new(j, "negotiating", json_false());
    json_object_set_new(j, "seats", json_object());
    expect_refused(j, "seats: expected an array, found an object");
    json_decref(j);
}
END_TEST

START_TEST(test_unknown_component)
{
    json_t *j = mid_game_doc();
    json_array_set_new(at(j, "custody/zones/seat2.traitors"), 0, json_string("traitor:bogus"));
    expect_refused(j, "custody.zones.seat2.traitors[0]: unknown component 'traitor:bogus'");
    json_decref(j);
    j = mid_game_doc();
    json_array_set_new(at(j, "pending/0/options"), 1, json_string("nexus:nobody"));
    expect_refused(j, "pending[0].options[1]: unknown component 'nexus:nobody'");
    json_decref(j);
}
END_TEST

START_TEST(test_component_twice)
{
    json_t *j = mid_game_doc();
    json_t *deck_top = json_array_get(at(j, "custody/zones/traitor_deck"), 0);
    json_array_append(at(j, "custody/zones/seat3.traitors"), deck_top);
    json_array_append_new(at(j, "custody/order/seat3.traitors"), json_integer(1));
    char needle[160];
    nx_fmt(needle, sizeof needle,
             "custody.zones.seat3.traitors[1]: component '%s' is listed twice (also in traitor_deck)",
             json_string_value(deck_top));
    expect_refused(j, needle);
    json_decref(j);
    j = mid_game_doc();
    json_array_append(at(j, "pending/0/options"), json_array_get(at(j, "pending/0/options"), 0));
    expect_refused(j, "pending[0].options[4]: component");
    json_decref(j);
}
END_TEST

START_TEST(test_zone_of_absent_seat)
{
    nx_state s;
    build_state(&s, 4, 0);
    json_t *j = encode_doc(&s);
    json_t *deck = at(j, "custody/zones/traitor_deck"), *keys = at(j, "custody/order/traitor_deck");
    size_t last = json_array_size(deck) - 1;
    json_object_set_new(at(j, "custody/zones"), "seat5.traitors",
                        json_pack("[O]", json_array_get(deck, last)));
    json_object_set_new(at(j, "custody/order"), "seat5.traitors",
                        json_pack("[O]", json_array_get(keys, last)));
    json_array_remove(deck, last);
    json_array_remove(keys, last);
    expect_refused(j, "custody.zones.seat5.traitors: seat 5 is not in the game (nseats 4)");
    json_decref(j);
}
END_TEST

START_TEST(test_bad_zones)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "custody/zones"), "out", json_pack("[s]", "nexus:moritani"));
    expect_refused(j, "custody.zones.out: the out zone is implicit");
    json_object_del(at(j, "custody/zones"), "out");
    json_object_set_new(at(j, "custody/zones"), "graveyard", json_pack("[s]", "nexus:moritani"));
    expect_refused(j, "custody.zones.graveyard: unknown zone");
    json_object_del(at(j, "custody/zones"), "graveyard");
    json_object_set_new(at(j, "custody/order"), "nexus_held", json_array());
    expect_refused(j, "custody.order.nexus_held: no such zone in custody.zones");
    json_object_del(at(j, "custody/order"), "nexus_held");
    json_object_del(at(j, "custody/order"), "nexus_discard");
    expect_refused(j, "custody.order.nexus_discard: missing");
    json_decref(j);
}
END_TEST

START_TEST(test_deck_order)
{
    json_t *j = mid_game_doc();
    json_t *keys = at(j, "custody/order/nexus_deck");
    json_t *k0 = json_incref(json_array_get(keys, 0));
    json_array_set(keys, 0, json_array_get(keys, 1));
    json_array_set_new(keys, 1, k0);
    expect_refused(j, "custody.order.nexus_deck[1]: order keys must decrease from the top of the deck");
    json_array_set_new(keys, 0, json_integer(1000000));
    expect_refused(j, "custody.order.nexus_deck[0]: 1000000 is out of range");
    json_array_remove(keys, 0);
    expect_refused(j, "custody.order.nexus_deck: expected");
    json_decref(j);
    j = mid_game_doc();
    json_t *ids = at(j, "custody/zones/seat1.traitor_offer");
    json_t *i0 = json_incref(json_array_get(ids, 0));
    json_array_set(ids, 0, json_array_get(ids, 1));
    json_array_set_new(ids, 1, i0);
    expect_refused(
        j, "custody.zones.seat1.traitor_offer[1]: an unordered zone lists its components in catalog order");
    json_decref(j);
}
END_TEST

START_TEST(test_string_too_long)
{
    json_t *j = mid_game_doc();
    char longer[sizeof ((nx_pending *)0)->prompt + 1];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    json_object_set_new(at(j, "pending/0"), "prompt", json_string(longer));
    expect_refused(j, "pending[0].prompt: longer than 127 characters");
    json_object_set_new(at(j, "pending/0"), "prompt", json_stringn("a\0b", 3));
    expect_refused(j, "pending[0].prompt: contains a NUL character");
    char *text = dump(j);
    expect_refused_text(text, "is not allowed"); /* the parser refuses \u0000 already */
    free(text);
    json_object_set_new(at(j, "pending/0"), "prompt", json_string(""));
    json_object_set_new(at(j, "pending/2"), "resume", json_string("a_handler_name_of_24_chr"));
    expect_refused(j, "pending[2].resume: longer than 23 characters");
    json_decref(j);
}
END_TEST

START_TEST(test_ally_not_mutual)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "seats/1"), "ally", json_integer(4));
    expect_refused(j, "inconsistent state: seat 1's alliance is not mutual");
    json_object_set_new(at(j, "seats/1"), "ally", json_integer(6));
    expect_refused(j, "seats[1].ally: 6 is out of range 0..5");
    json_decref(j);
}
END_TEST

START_TEST(test_bad_names)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "seats/1"), "policy", json_string("sometimes"));
    expect_refused(j, "seats[1].policy: unknown policy 'sometimes'");
    json_object_set_new(at(j, "seats/1"), "policy", json_string("keep"));
    json_object_set_new(j, "phase", json_string("lunch"));
    expect_refused(j, "phase: unknown phase 'lunch'");
    json_object_set_new(j, "phase", json_string("storm"));
    json_object_set_new(at(j, "seats/3"), "faction", json_string("Emperor"));
    expect_refused(j, "seats[3].faction: unknown faction 'Emperor'");
    json_object_set_new(at(j, "seats/3"), "faction", json_string("emperor"));
    json_array_append_new(at(j, "pending/1/words"), json_string("maybe"));
    expect_refused(j, "pending[1].words[2]: unknown word 'maybe'");
    json_array_set_new(at(j, "pending/1/words"), 2, json_string("draw"));
    expect_refused(j, "pending[1].words[2]: 'draw' listed twice");
    json_array_remove(at(j, "pending/1/words"), 2);
    json_object_set_new(at(j, "pending/1"), "kind", json_string("none"));
    expect_refused(j, "pending[1].kind: unknown pending kind 'none'");
    json_object_set_new(at(j, "pending/1"), "kind", json_string("nexus_draw"));
    json_object_set_new(at(j, "receipts/0"), "kind", json_string("stole"));
    expect_refused(j, "receipts[0].kind: unknown receipt kind 'stole'");
    json_object_set_new(at(j, "receipts/0"), "kind", json_string("drew"));
    json_array_set_new(at(j, "options"), 1, json_string("expansion"));
    expect_refused(j, "options[1]: unknown option 'expansion'");
    json_decref(j);
}
END_TEST

START_TEST(test_negative_numbers)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "seats/0"), "spice", json_integer(-5));
    expect_refused(j, "seats[0].spice: -5 is out of range 0..32767");
    json_object_set_new(at(j, "seats/0"), "spice", json_integer(5));
    json_object_set_new(j, "turn", json_integer(-1));
    expect_refused(j, "turn: -1 is out of range 0..255");
    json_object_set_new(j, "turn", json_integer(1));
    json_object_set_new(at(j, "pending/0"), "event", json_integer(-1));
    expect_refused(j, "pending[0].event: -1 is out of range 0..4294967295");
    json_object_set_new(at(j, "pending/0"), "event", json_integer(1));
    json_object_set_new(at(j, "custody"), "in_game", json_integer(-2));
    expect_refused(j, "custody.in_game: -2 is out of range");
    json_object_set_new(at(j, "custody"), "in_game", json_integer(3));
    expect_refused(j, "inconsistent state: ");
    json_decref(j);
}
END_TEST

START_TEST(test_big_numbers)
{
    json_t *j = mid_game_doc();
    json_object_set_new(j, "version", json_integer(4294967296ll));
    expect_refused(j, "version: 4294967296 is out of range 0..4294967295");
    json_object_set_new(j, "version", json_integer(1));
    json_object_set_new(j, "nseats", json_integer(7));
    expect_refused(j, "nseats: 7 is out of range 0..6");
    json_object_set_new(j, "nseats", json_integer(5));
    expect_refused(j, "seats: expected 5 entries, found 6");
    json_object_set_new(j, "nseats", json_integer(6));
    json_object_set_new(j, "receipt_head", json_integer(NX_MAX_RECEIPTS));
    expect_refused(j, "receipt_head: 48 is out of range 0..47");
    json_decref(j);
}
END_TEST

START_TEST(test_seed_and_rng)
{
    json_t *j = mid_game_doc();
    const char *bad_seeds[] = { "007", "-1", "+1", "18446744073709551616", "", "1e3", " 1" };
    for (size_t i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++) {
        json_object_set_new(j, "seed", json_string(bad_seeds[i]));
        expect_refused(j, "seed: expected a decimal 64-bit number as a string");
    }
    json_object_set_new(j, "seed", json_integer(7));
    expect_refused(j, "seed: expected a string, found an integer");
    json_object_set_new(j, "seed", json_string("18446744073709551615"));
    json_array_set_new(at(j, "rng"), 2, json_string("ABCDEF0123456789"));
    expect_refused(j, "rng[2]: expected 16 lower-case hex digits");
    json_array_set_new(at(j, "rng"), 2, json_string("abc"));
    expect_refused(j, "rng[2]: expected 16 lower-case hex digits");
    json_object_set_new(
        j, "rng",
        json_pack("[ssss]", "0000000000000000", "0000000000000000", "0000000000000000", "0000000000000000"));
    expect_refused(j, "rng: all four words are zero");
    json_decref(j);
}
END_TEST

START_TEST(test_state_check_runs)
{
    /* Well-formed per field, but a Nexus card in the Traitor deck. */
    json_t *j = mid_game_doc();
    json_t *discard = at(j, "custody/zones/nexus_discard");
    json_t *card = json_incref(json_array_get(discard, 0));
    json_array_remove(discard, 0);
    json_array_remove(at(j, "custody/order/nexus_discard"), 0);
    json_array_insert_new(at(j, "custody/zones/traitor_deck"), 0, card);
    json_array_insert_new(at(j, "custody/order/traitor_deck"), 0,
                          json_integer(json_integer_value(at(j, "custody/next_top")) - 1));
    char needle[120];
    nx_fmt(needle, sizeof needle, "inconsistent state: %s cannot be in traitor_deck",
             json_string_value(card));
    expect_refused(j, needle);
    json_decref(j);
}
END_TEST

START_TEST(test_out_order)
{
    json_t *j = mid_game_doc();
    json_t *out = at(j, "custody/out_order");
    ck_assert_ptr_nonnull(json_object_get(out, "nexus:moritani"));
    json_object_set_new(out, "nexus:moritani", json_integer(0));
    expect_refused(j, "custody.out_order.nexus:moritani: 0 is implied");
    json_object_del(out, "nexus:moritani");
    json_object_set_new(out, "nexus:harkonnen2", json_integer(3));
    expect_refused(j, "custody.out_order.nexus:harkonnen2: unknown component");
    json_object_del(out, "nexus:harkonnen2");
    json_object_set_new(out, json_string_value(json_array_get(at(j, "custody/zones/nexus_deck"), 0)),
                        json_integer(3));
    expect_refused(j, "component is listed in custody.zones");
    json_decref(j);
}
END_TEST

START_TEST(test_too_many_entries)
{
    json_t *j = mid_game_doc();
    json_t *r = at(j, "receipts");
    while (json_array_size(r) <= NX_MAX_RECEIPTS) json_array_append(r, json_array_get(r, 0));
    expect_refused(j, "receipts: expected 0..48 entries, found 49");
    json_decref(j);
    j = mid_game_doc();
    json_t *cards = at(j, "receipts/0/cards");
    while (json_array_size(cards) <= NX_RECEIPT_CARDS)
        json_array_append_new(cards, json_string("nexus:ecaz"));
    expect_refused(j, "receipts[0].cards: expected 0..6 entries, found 7");
    json_decref(j);
}
END_TEST

START_TEST(test_bad_forces)
{
    json_t *j = mid_game_doc();
    json_t *board = at(j, "seats/1/forces/board");
    json_object_set_new(board, "atlantis", json_pack("[i, i]", 1, 0));
    expect_refused(j, "seats[1].forces.board.atlantis: unknown board section");
    json_object_del(board, "atlantis");
    json_array_set_new(at(j, "seats/1/forces/tanks"), 0, json_integer(300));
    expect_refused(j, "seats[1].forces.tanks[0]");
    json_array_set_new(at(j, "seats/1/forces/tanks"), 0, json_integer(2)); /* one counter too many */
    expect_refused(j, "force counters");
    json_decref(j);
}
END_TEST

START_TEST(test_error_buffers)
{
    json_t *j = mid_game_doc();
    char key[400];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = '\0';
    json_object_set_new(at(j, "seats/0"), key, json_null());
    nx_state *copy, *target = sentinel_target(&copy);
    char err[256];
    ck_assert_int_eq(nx_state_json_decode(j, target, err, sizeof err), -1);
    ck_assert_uint_eq(strlen(err), sizeof err - 1); /* clipped visibly, terminated */
    ck_assert(!strncmp(err, "seats[0].kkkk", 13));
    ck_assert_str_eq(err + sizeof err - 4, "...");
    char tiny[6];
    ck_assert_int_eq(nx_state_json_decode(j, target, tiny, sizeof tiny), -1);
    ck_assert_str_eq(tiny, "se...");
    ck_assert_int_eq(nx_state_json_decode(j, target, NULL, 0), -1);
    ck_assert_int_eq(nx_state_json_decode(NULL, target, err, sizeof err), -1);
    ck_assert_str_eq(err, "document: no JSON value");
    check_refusal(-1, "", "", target, copy);
    json_decref(j);
}
END_TEST

START_TEST(test_play_table_covers_the_struct)
{
    char msg[200] = "";
    ck_assert_msg(!nx_play_table_check(msg, sizeof msg), "%s", msg);
}
END_TEST

START_TEST(test_bad_play)
{
    json_t *j = mid_game_doc();
    json_object_set_new(at(j, "play"), "surprise", json_true());
    expect_refused(j, "play.surprise: unknown key");
    json_decref(j);
    j = mid_game_doc();
    json_object_del(at(j, "play"), "storm_sector");
    expect_refused(j, "play.storm_sector: missing");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play"), "storm_sector", json_integer(19));
    expect_refused(j, "play.storm_sector: out of range");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play"), "bid_passed", json_pack("[i]", 6));
    expect_refused(j, "play.bid_passed[0]: out of range");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play"), "bid_passed", json_pack("[i, i]", 2, 1));
    expect_refused(j, "play.bid_passed[1]: members must be distinct and in increasing order");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play"), "advisors", json_pack("[i]", 86));
    expect_refused(j, "play.advisors[0]: out of range");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play/spice"), "nowhere", json_integer(1));
    expect_refused(j, "play.spice.nowhere: unknown board section");
    json_decref(j);
    j = mid_game_doc();
    json_object_set_new(at(j, "play/spice"), "the_great_flat", json_integer(0));
    expect_refused(j, "play.spice.the_great_flat: expected an amount 1..9999");
    json_decref(j);
}
END_TEST

static Suite *state_json_suite(void)
{
    Suite *s = suite_create("state_json");
    TCase *rt = tcase_create("round_trip");
    tcase_add_test(rt, test_round_trip_mid_game);
    tcase_add_test(rt, test_round_trip_receipt_ring_wrapped);
    tcase_add_test(rt, test_round_trip_fresh_state);
    tcase_add_test(rt, test_round_trip_longest_strings);
    tcase_add_test(rt, test_key_order_is_fixed);
    tcase_add_test(rt, test_decode_into_itself_after_ops);
    tcase_add_test(rt, test_encode_refuses_unrepresentable);
    suite_add_tcase(s, rt);
    TCase *bad = tcase_create("refusals");
    tcase_add_test(bad, test_truncated_text);
    tcase_add_test(bad, test_duplicate_key_in_text);
    tcase_add_test(bad, test_not_an_object);
    tcase_add_test(bad, test_wrong_format);
    tcase_add_test(bad, test_unknown_keys);
    tcase_add_test(bad, test_missing_keys);
    tcase_add_test(bad, test_wrong_types);
    tcase_add_test(bad, test_unknown_component);
    tcase_add_test(bad, test_component_twice);
    tcase_add_test(bad, test_zone_of_absent_seat);
    tcase_add_test(bad, test_bad_zones);
    tcase_add_test(bad, test_deck_order);
    tcase_add_test(bad, test_string_too_long);
    tcase_add_test(bad, test_ally_not_mutual);
    tcase_add_test(bad, test_bad_forces);
    tcase_add_test(bad, test_bad_names);
    tcase_add_test(bad, test_negative_numbers);
    tcase_add_test(bad, test_big_numbers);
    tcase_add_test(bad, test_seed_and_rng);
    tcase_add_test(bad, test_state_check_runs);
    tcase_add_test(bad, test_out_order);
    tcase_add_test(bad, test_too_many_entries);
    tcase_add_test(bad, test_error_buffers);
    tcase_add_test(bad, test_bad_play);
    tcase_add_test(rt, test_play_table_covers_the_struct);
    suite_add_tcase(s, bad);
    return s;
}

int main(void) { return nx_run_suite(state_json_suite()); }
