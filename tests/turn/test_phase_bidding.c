/* Bidding (interpreter/turn/nx_phase_bidding.c; docs/rules/phase-bidding.md). */
#include "nx_phase_testutil.h"

#define NONE NX_COMP_NONE
#define HAND(seat) NX_Z_SEAT(seat, NX_ZS_TREACHERY)

static const nx_faction ahe[] = { NX_ATREIDES, NX_HARKONNEN, NX_EMPEROR };

static int count(const nx_game *g, nx_zone z) { return nx_custody_count(&nx_game_state(g)->custody, z); }
static nx_comp lot_card(const nx_game *g) { return nx_custody_top(&nx_game_state(g)->custody, NX_Z_AUCTION); }
static const nx_pending *decision(const nx_game *g) { return &nx_game_state(g)->pending[0]; }

static void expect_turn(const nx_game *g, int seat)
{
    ck_assert_int_eq(nx_game_state(g)->npending, 1);
    ck_assert_int_eq(decision(g)->kind, NX_PEND_BID);
    ck_assert_int_eq(decision(g)->seat, seat);
}

/* Does `viewer` see the range of the first pending decision? */
static int sees_max(const nx_game *g, int viewer)
{
    json_t *v = nx_game_view_json(g, viewer);
    int sees = json_object_get(json_array_get(json_object_get(v, "pending"), 0), "max") != NULL;
    json_decref(v);
    return sees;
}

static const char *const pass = "\"type\":\"pass\"";

static nx_game *bid_game(const nx_faction *f, int n, int advanced, const int16_t *spices)
{
    nx_game *g = nxt_stage_new(f, n, advanced, NX_P_BIDDING);
    for (int i = 0; i < n; i++) nx_game_state_mut(g)->seats[i].spice = spices[i];
    return g;
}

/* A hand of k cards from the deck's top. */
static void deal_from_deck(nx_game *g, uint8_t seat, int k)
{
    nx_state *s = nx_game_state_mut(g);
    for (int i = 0; i < k; i++) nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_TREACHERY_DECK), HAND(seat));
}

START_TEST(eligibility_and_hand_limit)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 10, 10, 10 });
    nxt_stage_hand(g, 0, (const nx_comp[]){ NONE });
    nxt_stage_hand(g, 1, (const nx_comp[]){ NONE });
    nxt_stage_hand(g, 2, (const nx_comp[]){ NONE });
    deal_from_deck(g, 0, 4);   /* Atreides: full at 4 */
    deal_from_deck(g, 1, 7);   /* Harkonnen: room for one more of 8 */
    json_t *r = nxt_stage_go(g);
    ck_assert(nxt_log_has(r, "Atreides holds 4 Treachery Cards: a full hand, it may not bid"));
    ck_assert(nxt_log_has(r, "Harkonnen holds 7 Treachery Cards"));
    ck_assert(nxt_log_has(r, "Emperor holds no Treachery Cards"));
    ck_assert(nxt_log_has(r, "2 cards are dealt for bidding"));
    json_decref(r);
    ck_assert_int_eq(count(g, NX_Z_AUCTION), 2);
    ck_assert_int_eq(nx_game_state(g)->play.bid_eligible, 0x6);
    expect_turn(g, 1);   /* the First Player (seat 0) may not bid */
    nxt_refused(g, 0, pass, "illegal", "seat 0 has no decision to make");
    /* Harkonnen buys its eighth card: no free card beyond the limit. */
    nxt_ok(g, 1, "\"type\": \"bid\", \"amount\": 1");
    r = nxt_done(g, 2, pass);
    ck_assert(nxt_log_has(r, "lot 1: Harkonnen buys it for 1 spice, paid to the Emperor"));
    ck_assert(!nxt_log_has(r, "free card"));
    json_decref(r);
    ck_assert_int_eq(count(g, HAND(1)), 8);
    ck_assert_int_eq(nxt_spice(g, 2), 11);
    /* Lot 2: Harkonnen is full now; the Emperor alone may bid. */
    expect_turn(g, 2);
    ck_assert_int_eq(nx_game_state(g)->play.bid_eligible, 0x4);
    r = nxt_done(g, 2, "\"type\": \"bid\", \"amount\": 2");
    ck_assert(nxt_log_has(r, "lot 2: Emperor buys it for 2 spice, paid to the Spice Bank"));
    json_decref(r);
    ck_assert_int_eq(nxt_spice(g, 2), 9);
    ck_assert_int_eq(count(g, NX_Z_AUCTION), 0);
    nx_game_free(g);
}
END_TEST

/* Storm order from the First Player; each lot opens one place further;
 * a player who passed is asked again after a new bid. */
START_TEST(opener_rotation_and_storm_order)
{
    static const nx_faction f[] = { NX_ATREIDES, NX_BENE_GESSERIT, NX_FREMEN };
    nx_game *g = bid_game(f, 3, 0, (const int16_t[]){ 10, 10, 10 });
    nx_game_state_mut(g)->first_seat = 1;   /* storm order 1, 2, 0 */
    json_decref(nxt_stage_go(g));
    ck_assert_int_eq(count(g, NX_Z_AUCTION), 3);
    expect_turn(g, 1);
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 1", "illegal", "has no bid decision to make now");   /* not its turn */
    nxt_ok(g, 1, "\"type\": \"bid\", \"amount\": 1");
    expect_turn(g, 2);
    nxt_ok(g, 2, pass);
    expect_turn(g, 0);
    nxt_ok(g, 0, pass);
    ck_assert_int_eq(count(g, HAND(1)), 2);
    /* Lot 2 opens with seat 2. */
    expect_turn(g, 2);
    ck_assert_int_eq(nx_game_state(g)->play.bid_opener, 2);
    nxt_ok(g, 2, pass);
    expect_turn(g, 0);
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 1");
    expect_turn(g, 1);
    nxt_ok(g, 1, "\"type\": \"bid\", \"amount\": 2");
    expect_turn(g, 2);   /* passed before the new bid: asked again */
    nxt_ok(g, 2, pass);
    expect_turn(g, 0);
    nxt_ok(g, 0, pass);
    ck_assert_int_eq(count(g, HAND(1)), 3);
    ck_assert_int_eq(nxt_spice(g, 1), 7);
    /* Lot 3 opens with seat 0. */
    expect_turn(g, 0);
    ck_assert_int_eq(nx_game_state(g)->play.bid_lot, 3);
    nx_game_free(g);
}
END_TEST

START_TEST(overbid_refused)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 3, 10, 10 });
    json_decref(nxt_stage_go(g));
    expect_turn(g, 0);
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 4", "illegal", "cannot bid 4: it has 3 spice");
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 0", "illegal", "\"amount\" must be from 1 to 250");
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": \"3\"", "malformed", "\"amount\" must be an integer");
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 3, \"price\": 3", "malformed", "unknown key \"price\"");
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 3, \"karama\": 1", "malformed", "\"karama\" must be true or false");
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 3");
    nxt_refused(g, 1, "\"type\": \"bid\", \"amount\": 3", "illegal", "must be more than the high bid of 3");   /* must raise */
    /* The decision's range is the bidder's own to see. */
    ck_assert_int_eq(decision(g)->min, 4);
    ck_assert_int_eq(decision(g)->max, 10);
    ck_assert(sees_max(g, 1));
    ck_assert(!sees_max(g, 0));
    ck_assert(!sees_max(g, -1));
    nx_game_free(g);
}
END_TEST

START_TEST(emperor_paid)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 5, 4, 10 });
    json_decref(nxt_stage_go(g));
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 3");
    nxt_ok(g, 1, pass);
    nxt_ok(g, 2, pass);
    ck_assert_int_eq(nxt_spice(g, 0), 2);
    ck_assert_int_eq(nxt_spice(g, 2), 13);
    /* The Emperor's own purchase goes to the bank. */
    expect_turn(g, 1);
    nxt_ok(g, 1, pass);
    nxt_ok(g, 2, "\"type\": \"bid\", \"amount\": 2");
    nxt_ok(g, 0, pass);
    nxt_ok(g, 1, pass);
    ck_assert_int_eq(nxt_spice(g, 2), 11);
    ck_assert_int_eq(nxt_spice(g, 0) + nxt_spice(g, 1), 2 + 4);
    nx_game_free(g);
}
END_TEST

START_TEST(harkonnen_bonus_card)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 5, 5, 5 });
    json_decref(nxt_stage_go(g));
    int before = count(g, HAND(1)), deck = count(g, NX_Z_TREACHERY_DECK);
    nxt_ok(g, 0, pass);
    nxt_ok(g, 1, "\"type\": \"bid\", \"amount\": 1");
    nxt_ok(g, 2, pass);
    json_t *r = nxt_done(g, 0, pass);   /* asked again after the bid */
    ck_assert(nxt_log_has(r, "Harkonnen draws a free card from the Treachery Deck"));
    json_decref(r);
    ck_assert_int_eq(count(g, HAND(1)), before + 2);
    ck_assert_int_eq(count(g, NX_Z_TREACHERY_DECK), deck - 1);
    /* Both cards are Harkonnen's to see: a receipt of each, one event. */
    const nx_state *s = nx_game_state(g);
    const nx_receipt *drew[2] = { NULL, NULL };
    for (int i = 0; i < s->nreceipts; i++) {
        const nx_receipt *rc = nx_state_receipt(s, i);
        if (rc->seat != 1 || rc->kind != NX_RCPT_DREW) continue;
        drew[0] = drew[1];
        drew[1] = rc;
    }
    ck_assert(drew[0] && drew[1]);
    ck_assert_int_eq(drew[0]->event, drew[1]->event);
    ck_assert_int_ne(drew[0]->cards[0], drew[1]->cards[0]);
    ck_assert_int_eq(s->custody.zone[drew[0]->cards[0]], HAND(1));
    ck_assert_int_eq(s->custody.zone[drew[1]->cards[0]], HAND(1));
    nx_game_free(g);
}
END_TEST

START_TEST(atreides_sees_the_lot)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 5, 5, 5 });
    json_t *r = nxt_stage_go(g);
    nx_comp card = lot_card(g);
    const char *id = nx_comp_id(card);
    const nx_state *s = nx_game_state(g);
    const nx_receipt *saw = nx_state_receipt(s, s->nreceipts - 1);
    ck_assert_int_eq(saw->seat, 0);
    ck_assert_int_eq(saw->kind, NX_RCPT_SAW);
    ck_assert_int_eq(saw->cards[0], card);
    ck_assert_int_eq(saw->event, decision(g)->event);
    ck_assert(nxt_view_has(g, 0, id));
    ck_assert(!nxt_view_has(g, 1, id));
    ck_assert(!nxt_view_has(g, 2, id));
    ck_assert(!nxt_view_has(g, -1, id));
    ck_assert(!nxt_log_has(r, id));
    json_decref(r);
    /* Harkonnen buys it: now Harkonnen knows it too, the Emperor still not. */
    nxt_ok(g, 0, pass);
    nxt_ok(g, 1, "\"type\": \"bid\", \"amount\": 2");
    nxt_ok(g, 2, pass);
    r = nxt_done(g, 0, pass);
    ck_assert(!nxt_log_has(r, id));
    json_decref(r);
    ck_assert_int_eq(nx_game_state(g)->custody.zone[card], HAND(1));
    ck_assert(nxt_view_has(g, 1, id));
    ck_assert(!nxt_view_has(g, 2, id));
    ck_assert(!nxt_view_has(g, -1, id));
    nx_game_free(g);
}
END_TEST

/* Nobody bids: this lot and the unsold ones go back on top in dealt order. */
START_TEST(all_pass_returns_lots)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 5, 5, 5 });
    json_decref(nxt_stage_go(g));
    nx_comp dealt[3];
    ck_assert_int_eq(nx_custody_list(&nx_game_state(g)->custody, NX_Z_AUCTION, dealt, 3), 3);
    /* Lot 1 sells; everyone passes on lot 2. */
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 1");
    nxt_ok(g, 1, pass);
    nxt_ok(g, 2, pass);
    nxt_ok(g, 1, pass);
    nxt_ok(g, 2, pass);
    json_t *r = nxt_done(g, 0, pass);
    ck_assert(nxt_log_has(r, "lot 2: everyone passes; bidding ends"));
    ck_assert(nxt_log_has(r, "2 unsold cards go back on top of the Treachery Deck"));
    json_decref(r);
    ck_assert_int_eq(count(g, NX_Z_AUCTION), 0);
    ck_assert_int_ne(nx_game_state(g)->phase, NX_P_BIDDING);
    nx_comp deck[NX_COMP_COUNT];
    nx_custody_list(&nx_game_state(g)->custody, NX_Z_TREACHERY_DECK, deck, NX_COMP_COUNT);
    ck_assert_int_eq(deck[0], dealt[1]);
    ck_assert_int_eq(deck[1], dealt[2]);
    ck_assert_int_eq(nx_game_state(g)->custody.zone[dealt[0]], HAND(0));
    nx_game_free(g);
}
END_TEST

/* An ally pays only what it offered (LV 1.10 "may"; docs/rules/alliances.md):
 * each allied seat is asked first, its offer seen by the pair only. */
static nx_game *aid_position(void)
{
    static const nx_faction f[] = { NX_ATREIDES, NX_FREMEN, NX_EMPEROR };
    nx_game *g = bid_game(f, 3, 0, (const int16_t[]){ 1, 5, 0 });
    nx_state *s = nx_game_state_mut(g);
    s->seats[0].ally = 1;
    s->seats[1].ally = 0;
    json_decref(nxt_stage_go(g));
    return g;
}

START_TEST(ally_helps_pay)
{
    nx_game *g = aid_position();
    const nx_pending *p = nxt_decision(g, 1, NX_PEND_ALLY_AID);
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(nxt_decision(g, 0, NX_PEND_ALLY_AID));
    ck_assert_ptr_null(nxt_decision(g, 2, NX_PEND_ALLY_AID));   /* unallied: not asked */
    ck_assert_int_eq(p->max, 5);
    ck_assert(!nxt_view_has(g, 2, "\"max\":5"));                /* the range is the seat's spice */
    /* Refused, the state unchanged: more than held, negative, not a number, a seat not asked, a bid first. */
    nxt_refused(g, 1, "\"type\": \"ally_aid\", \"amount\": 6", "illegal", "you have only 5 spice to offer your ally");
    nxt_refused(g, 1, "\"type\": \"ally_aid\", \"amount\": -1", "illegal", "from 0 to");
    nxt_refused(g, 1, "\"type\": \"ally_aid\", \"amount\": \"3\"", "malformed", "must be an integer");
    nxt_refused(g, 1, "\"type\": \"ally_aid\", \"amount\": 3, \"to\": 0", "malformed", "unknown key");
    nxt_refused(g, 2, "\"type\": \"ally_aid\", \"amount\": 0", "illegal", "no ally_aid decision");
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 1", "illegal", "seat 0 has no bid decision to make now");
    json_t *r = nxt_done(g, 1, "\"type\": \"ally_aid\", \"amount\": 3");
    ck_assert(nxt_log_has(r, "Fremen has answered its ally Atreides on aid for this phase"));
    ck_assert(!nxt_log_has(r, "3"));   /* the amount stays between the allies */
    json_decref(r);
    /* The pair sees the offer, no one else does. */
    ck_assert(nxt_view_has(g, 0, "\"aid\":3"));
    ck_assert(nxt_view_has(g, 1, "\"aid\":3"));
    ck_assert(!nxt_view_has(g, 2, "\"aid\""));
    ck_assert(!nxt_view_has(g, -1, "\"aid\""));
    r = nxt_done(g, 0, pass);
    ck_assert(nxt_log_has(r, "Atreides has answered its ally Fremen on aid for this phase"));
    json_decref(r);
    nxt_pass_karama_windows(g);
    /* Own spice plus the offer, not the ally's whole spice. */
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 5", "illegal", "cannot bid 5: it has 4 spice with its ally's aid");
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 4");
    nxt_ok(g, 1, pass);
    r = nxt_done(g, 2, pass);
    ck_assert(nxt_log_has(r, "lot 1: Atreides buys it for 4 spice, paid to the Emperor"));
    ck_assert(nxt_log_has(r, "Atreides's ally Fremen helps to pay"));
    json_decref(r);
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 1), 2);   /* its own spice first, the offer the rest */
    ck_assert_int_eq(nxt_spice(g, 2), 4);
    ck_assert_int_eq(nx_game_state(g)->seats[1].aid, 0);   /* the offer is spent */
    nx_game_free(g);

    /* No offer, no help: the ally's spice is its own. */
    g = aid_position();
    ck_assert_int_eq(nxt_offer_aid(g, 0), 2);
    nxt_pass_karama_windows(g);
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 2", "illegal", "cannot bid 2: it has 1 spice with its ally's aid");
    nx_game_free(g);
}
END_TEST

START_TEST(ally_aid_bots)
{
    nxt_stage_check_moves(aid_position, 1);
    nxt_stage_check_moves(aid_position, 0);
    nx_game *g = aid_position();
    /* Fremen (5) have a purse to spare: the simple bot offers half.  The
     * Atreides (1) offer nothing. */
    json_t *best = nxt_best_action(g, 1, NULL);
    ck_assert_str_eq(json_string_value(json_object_get(best, "type")), "ally_aid");
    ck_assert_int_eq(json_integer_value(json_object_get(best, "amount")), 2);
    json_decref(best);
    best = nxt_best_action(g, 0, NULL);
    ck_assert_str_eq(json_string_value(json_object_get(best, "type")), "pass");
    json_decref(best);
    /* The scores read only what the seat sees: the ally's purse is behind a shield. */
    json_t *before = nx_game_moves(g, 1);
    nx_game_state_mut(g)->seats[0].spice = 40;
    json_t *after = nx_game_moves(g, 1);
    ck_assert(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    nx_game_free(g);
}
END_TEST

START_TEST(karama_bids_and_buys_free)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 0, 0, 5 });
    nx_comp karama = nxt_comp("treachery:karama#1");
    nxt_stage_hand(g, 0, (const nx_comp[]){ karama, NONE });
    nxt_stage_hand(g, 1, (const nx_comp[]){ nxt_comp("treachery:shield#1"), NONE });
    json_decref(nxt_stage_go(g));
    nxt_pass_karama_windows(g);         /* the Karama in seat 0's hand is out of sight */
    nx_comp lot = lot_card(g);
    nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 3", "illegal", "cannot bid 3: it has 0 spice");
    nxt_refused(g, 1, "\"type\": \"bid\", \"amount\": 3, \"karama\": true", "illegal", "has no bid decision to make now");   /* not its turn */
    json_t *r = nxt_done(g, 0, "\"type\": \"bid\", \"amount\": 3, \"karama\": true");
    ck_assert(nxt_log_has(r, "lot 1: Atreides bids 3"));
    ck_assert(!nxt_log_has(r, "Karama"));   /* the card stays hidden while it only backs a bid */
    json_decref(r);
    /* Harkonnen has no Karama. */
    nxt_refused(g, 1, "\"type\": \"bid\", \"amount\": 4, \"karama\": true", "illegal", "holds no card it may use as a Karama");
    nxt_ok(g, 1, pass);
    nxt_ok(g, 2, "\"type\": \"bid\", \"amount\": 4");
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 9, \"karama\": true");
    nxt_ok(g, 1, pass);
    r = nxt_done(g, 2, pass);
    ck_assert(nxt_log_has(r, "pays with a Karama"));
    json_decref(r);
    const nx_state *s = nx_game_state(g);
    ck_assert_int_eq(s->custody.zone[lot], HAND(0));
    ck_assert_int_eq(s->custody.zone[karama], NX_Z_TREACHERY_DISCARD);
    ck_assert_int_eq(nxt_spice(g, 0), 0);
    ck_assert_int_eq(nxt_spice(g, 2), 5);   /* a Karama pays nobody */
    nx_game_free(g);
}
END_TEST

/* Advanced Bene Gesserit may spend a worthless card as a Karama. */
START_TEST(bene_gesserit_worthless_karama)
{
    static const nx_faction f[] = { NX_BENE_GESSERIT, NX_EMPEROR };
    for (int advanced = 0; advanced < 2; advanced++) {
        nx_game *g = bid_game(f, 2, advanced, (const int16_t[]){ 0, 5 });
        nx_comp baliset = nxt_comp("treachery:baliset");
        nxt_stage_hand(g, 0, (const nx_comp[]){ baliset, NONE });
        json_decref(nxt_stage_go(g));
        if (!advanced) {
            nxt_refused(g, 0, "\"type\": \"bid\", \"amount\": 1, \"karama\": true", "illegal", "holds no card it may use as a Karama");
        } else {
            nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 1, \"karama\": true");
            nxt_ok(g, 1, pass);
            ck_assert_int_eq(nx_game_state(g)->custody.zone[baliset], NX_Z_TREACHERY_DISCARD);
        }
        nx_game_free(g);
    }
}
END_TEST

START_TEST(empty_deck_refills_from_discards)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 5, 5, 5 });
    nx_state *s = nx_game_state_mut(g);
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, NX_Z_TREACHERY_DECK, v, NX_COMP_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, v[i], NX_Z_TREACHERY_DISCARD);
    json_t *r = nxt_stage_go(g);
    ck_assert(nxt_log_has(r, "shuffled into a new deck"));
    json_decref(r);
    ck_assert_int_eq(count(g, NX_Z_AUCTION), 3);
    ck_assert_int_eq(count(g, NX_Z_TREACHERY_DECK), n + 2 - 3);    /* with the two Karama staged in the discard */
    ck_assert_int_eq(count(g, NX_Z_TREACHERY_DISCARD), 0);
    nx_game_free(g);
}
END_TEST

/* Lot 1, Atreides to open, holding a Karama; Harkonnen allied to it. */
static nx_game *bots_position(void)
{
    nx_game *g = bid_game(ahe, 3, 0, (const int16_t[]){ 7, 2, 1 });
    nxt_stage_hand(g, 0, (const nx_comp[]){ nxt_comp("treachery:karama#2"), NONE });
    nx_state *s = nx_game_state_mut(g);
    s->seats[0].ally = 1;
    s->seats[1].ally = 0;
    json_decref(nxt_stage_go(g));
    nxt_offer_aid(g, -1);   /* Harkonnen offers all it has */
    nxt_pass_karama_windows(g);
    return g;
}

static nx_game *bots_second_bidder(void)
{
    nx_game *g = bots_position();
    nxt_ok(g, 0, "\"type\": \"bid\", \"amount\": 1");
    return g;
}

START_TEST(bot_moves_are_legal)
{
    nxt_stage_check_moves(bots_position, 0);
    nxt_stage_check_moves(bots_second_bidder, 1);
    nx_game *g = bots_position();
    json_t *moves = nx_game_moves(g, 0);
    int karama = 0;
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) karama |= json_is_true(json_object_get(json_object_get(m, "action"), "karama"));
    ck_assert(karama);
    ck_assert_int_ge(json_array_size(moves), 4);   /* pass, 1, 2, 3, Karama */
    json_decref(moves);
    nx_game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("phase_bidding");
    TCase *tc = tcase_create("bidding");
    tcase_add_unchecked_fixture(tc, nxt_open, nxt_close);
    tcase_add_test(tc, eligibility_and_hand_limit);
    tcase_add_test(tc, opener_rotation_and_storm_order);
    tcase_add_test(tc, overbid_refused);
    tcase_add_test(tc, emperor_paid);
    tcase_add_test(tc, harkonnen_bonus_card);
    tcase_add_test(tc, atreides_sees_the_lot);
    tcase_add_test(tc, all_pass_returns_lots);
    tcase_add_test(tc, ally_helps_pay);
    tcase_add_test(tc, ally_aid_bots);
    tcase_add_test(tc, karama_bids_and_buys_free);
    tcase_add_test(tc, bene_gesserit_worthless_karama);
    tcase_add_test(tc, empty_deck_refills_from_discards);
    tcase_add_test(tc, bot_moves_are_legal);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
