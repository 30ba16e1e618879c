/*
 * Bidding (phase 4; docs/rules/phase-bidding.md).
 *
 * Every player declares its hand; one Treachery Card per player who may
 * bid (hand below its limit) is dealt face down into the auction row;
 * the lots are sold one at a time in dealt order.  The first lot is
 * opened by the first eligible player in storm order, each next lot by
 * the first eligible player after the previous opener.  Bidding goes
 * round in storm order, each player raising or passing, until every
 * eligible player but the high bidder has passed since the last bid
 * (a player who passed is asked again after a new bid).  If nobody bids
 * on a lot, it and every lot still unsold go back on top of the deck in
 * dealt order and the phase ends (LV 1.04).
 *
 * Procedure state (s->play): step (START, LOT, BIDS), bid_lots/bid_lot,
 * bid_high/bid_winner/bid_karama for the lot's high bid, bid_opener,
 * bid_turn (who is asked next), bid_passed (passed since the last bid),
 * bid_eligible (who may bid on this lot).
 *
 * Secrecy: the log shows hand counts, lots by number, bids, passes,
 * buyers and prices, never a card's identity.  The buyer gets a DREW
 * receipt, Atreides a SAW receipt for every lot as it comes up.  A bid
 * backed by a Karama is not announced as such ("without revealing the
 * card"); the Karama shows only when it pays for the lot.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_turn.h"
#include "nx_spice.h"
#include "nx_events.h"
#include "nx_invoice.h"
#include "nx_invoice_pay.h"
#include "nx_adv_windows.h"
#include "nx_text.h"
#include "nx_words.h"
#include "nx_legal.h"

enum { STEP_START, STEP_LOT, STEP_BIDS, STEP_PAY, STEP_SOLD };

#define BID_CAP NX_BID_CAP   /* bids are recorded in a byte (play.bid_high) */

/* Treachery hand limits: 4, Harkonnen 8 (LV 1.04, 2.05); CHOAM 5 from
 * one engine only (docs/rules/turn.md 1.6). */
static const uint8_t hand_limit[NX_FACTION_COUNT] = {
    [NX_ATREIDES] = 4, [NX_BENE_GESSERIT] = 4, [NX_EMPEROR] = 4, [NX_FREMEN] = 4,
    [NX_HARKONNEN] = 8, [NX_SPACING_GUILD] = 4, [NX_IXIANS] = 4, [NX_TLEILAXU] = 4,
    [NX_CHOAM] = 5, [NX_RICHESE] = 4, [NX_ECAZ] = 4, [NX_MORITANI] = 4,
};

static nx_zone hand_of(uint8_t seat) { return NX_Z_SEAT(seat, NX_ZS_TREACHERY); }

static int hand_count(const nx_state *s, uint8_t seat) { return nx_custody_count(&s->custody, hand_of(seat)); }

static int hand_full(const nx_state *s, uint8_t seat)
{
    return hand_count(s, seat) >= hand_limit[s->seats[seat].faction];
}

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static uint8_t eligible_seats(const nx_state *s)
{
    uint8_t mask = 0;
    for (uint8_t i = 0; i < s->nseats; i++)
        if (!hand_full(s, i)) mask |= bit(i);
    return mask;
}

/* The first seat of `mask` in storm order after `after` (from the First
 * Player when `after` is NX_NO_SEAT); NX_NO_SEAT when the mask is empty. */
static uint8_t next_in(const nx_state *s, uint8_t mask, uint8_t after)
{
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    int start = 0;
    for (int i = 0; after != NX_NO_SEAT && i < s->nseats; i++)
        if (order[i] == after) start = i + 1;
    for (int k = 0; k < s->nseats; k++) {
        uint8_t seat = order[(start + k) % s->nseats];
        if (mask & bit(seat)) return seat;
    }
    return NX_NO_SEAT;
}

static nx_treachery_card card_of(nx_comp c) { return nx_treachery_copy_card(c - nx_comp_treachery(0)); }

/* The card a seat spends as a Karama, or NX_COMP_NONE.  Advanced Bene
 * Gesserit may use any worthless card as a Karama (LV 2.02 Karama); it
 * spends a worthless card before a real Karama, which can do more. */
static nx_comp karama_card(const nx_state *s, uint8_t seat)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand_of(seat), hand, NX_COMP_COUNT);
    int bg = (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
    nx_comp karama = NX_COMP_NONE;
    for (int i = 0; i < n; i++) {
        nx_treachery_card c = card_of(hand[i]);
        if (bg && nx_treachery_is_worthless(c)) return hand[i];
        if (c == NX_TR_KARAMA && karama == NX_COMP_NONE) karama = hand[i];
    }
    return karama;
}

static int spice_of(const nx_state *s, uint8_t seat) { return s->seats[seat].spice > 0 ? s->seats[seat].spice : 0; }

/* The most a seat may bid without a Karama: its spice plus the aid its
 * ally offered it this phase, since allies may pay for each other's cards
 * (LV 1.10; nx_ally_aid.c). */
static int bid_limit(const nx_state *s, uint8_t seat)
{
    int limit = spice_of(s, seat) + nx_spice_aid_for(s, seat);
    return limit < BID_CAP ? limit : BID_CAP;
}

/* Why `seat` may not bid `amount` now (0 when it may). */
static int bid_problem(const nx_state *s, uint8_t seat, int amount, int karama, char *why, size_t len)
{
    if (amount <= s->play.bid_high) {
        nx_fmt(why, len, "a bid must be more than the high bid of %d", s->play.bid_high);
        return -1;
    }
    if (karama && karama_card(s, seat) == NX_COMP_NONE) {
        nx_fmt(why, len, "seat %d holds no card it may use as a Karama", seat);
        return -1;
    }
    if (!karama && amount > bid_limit(s, seat)) {
        nx_fmt(why, len, "seat %d cannot bid %d: it has %d spice%s (a Karama card lets a player bid more)", seat,
                 amount, bid_limit(s, seat), s->seats[seat].ally != NX_NO_SEAT ? " with its ally's aid" : "");
        return -1;
    }
    return 0;
}

int nx_bid_check(const nx_state *s, uint8_t seat, int amount, int karama, char *why, size_t len)
{
    return bid_problem(s, seat, amount, karama, why, len);
}

/* ---- the deck ---------------------------------------------------------------- */

/* The top card of the Treachery Deck, refilling an empty deck from the
 * shuffled discard pile; NX_COMP_NONE when both are empty. */
static nx_comp deck_top(nx_act *a)
{
    nx_custody *c = &a->s->custody;
    if (nx_custody_count(c, NX_Z_TREACHERY_DECK) == 0) {
        nx_comp v[NX_COMP_COUNT];
        int n = nx_custody_list(c, NX_Z_TREACHERY_DISCARD, v, NX_COMP_COUNT);
        if (n == 0) return NX_COMP_NONE;
        for (int i = 0; i < n; i++) nx_custody_move(c, v[i], NX_Z_TREACHERY_DECK);
        nx_custody_shuffle(c, NX_Z_TREACHERY_DECK, &a->s->rng);
        nx_act_log(a, "the Treachery discard pile (%d card%s) is shuffled into a new deck", n, nx_plural(n, "", "s"));
    }
    return nx_custody_top(c, NX_Z_TREACHERY_DECK);
}

/* The unsold lots go back on top of the deck in dealt order: the lot that
 * was to come up first ends on top. */
static void return_lots(nx_act *a)
{
    nx_custody *c = &a->s->custody;
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(c, NX_Z_AUCTION, v, NX_COMP_COUNT);  /* next lot first */
    for (int i = n - 1; i >= 0; i--) nx_custody_move(c, v[i], NX_Z_TREACHERY_DECK);
    if (n) nx_act_log(a, "%d unsold card%s go%s back on top of the Treachery Deck", n, nx_plural(n, "", "s"), nx_plural(n, "es", ""));
}

/* ---- the procedure ------------------------------------------------------------- */

static void declare_and_deal(nx_act *a)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    int eligible = 0;
    for (int i = 0; i < s->nseats; i++) {
        char who[64], held[40];
        int full = hand_full(s, order[i]);
        nx_act_log(a, "%s holds %s%s", nx_act_who(s, order[i], who, sizeof who),
                   nx_count(held, sizeof held, hand_count(s, order[i]), "Treachery Card", "Treachery Cards", 1),
                   full ? ": a full hand, it may not bid" : "");
        eligible += !full;
    }
    p->bid_lots = 0;
    p->bid_lot = 0;
    p->bid_opener = NX_NO_SEAT;
    for (int i = 0; i < eligible; i++) {
        nx_comp c = deck_top(a);
        if (c == NX_COMP_NONE) break;
        /* Dealt in a row: the first card dealt is the first lot (the top). */
        nx_custody_move_bottom(&s->custody, c, NX_Z_AUCTION);
        p->bid_lots++;
    }
    if (p->bid_lots) nx_act_log(a, "%d card%s dealt for bidding", p->bid_lots, nx_plural(p->bid_lots, " is", "s are"));
    else nx_act_log(a, "no cards are dealt: nobody may bid or no card is left");
}

static void open_bid(nx_state *s, uint32_t event)
{
    nx_play *pl = &s->play;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_BID, pl->bid_turn);
    p->event = event;
    p->min = (int16_t)(pl->bid_high + 1);
    p->max = (int16_t)bid_limit(s, pl->bid_turn);
    p->private_options = 1;   /* the range shows the seat's spice */
    nx_fmt(p->prompt, sizeof p->prompt, "Lot %d of %d: bid more than %d, or pass", pl->bid_lot, pl->bid_lots,
             pl->bid_high);
}

/* The next lot comes up; returns 0 when no one may bid on it. */
static int start_lot(nx_act *a)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    p->bid_eligible = eligible_seats(s);
    if (!p->bid_eligible) {
        nx_act_log(a, "every hand is full: bidding ends");
        return 0;
    }
    p->bid_lot++;
    p->bid_opener = next_in(s, p->bid_eligible, p->bid_lot == 1 ? NX_NO_SEAT : p->bid_opener);
    p->bid_turn = p->bid_opener;
    p->bid_high = 0;
    p->bid_winner = NX_NO_SEAT;
    p->bid_karama = 0;
    p->bid_passed = 0;
    uint32_t event = nx_state_new_event(s);
    /* Atreides looks at each card as it comes up, before anyone bids (LV 2.01). */
    uint8_t atreides = nx_state_seat_of(s, NX_ATREIDES);
    nx_comp card = nx_custody_top(&s->custody, NX_Z_AUCTION);
    if (atreides != NX_NO_SEAT && !nx_adv_stopped(s, NX_ADVO_BID_LOOK)) nx_state_add_receipt(s, atreides, NX_RCPT_SAW, event, &card, 1);
    char who[64];
    nx_act_log(a, "lot %d of %d is up for bid; %s opens", p->bid_lot, p->bid_lots,
               nx_act_who(s, p->bid_opener, who, sizeof who));
    open_bid(s, event);
    return 1;
}

/* Harkonnen draws one more card free after each purchase, unless its hand
 * is full (LV 2.05 Top Card). */
static void harkonnen_bonus(nx_act *a, uint8_t buyer, uint32_t event)
{
    nx_state *s = a->s;
    if (s->seats[buyer].faction != NX_HARKONNEN || hand_full(s, buyer) || nx_adv_stopped(s, NX_ADVO_TOP_CARD)) return;
    char who[64];
    nx_act_who(s, buyer, who, sizeof who);
    nx_comp c = deck_top(a);
    if (c == NX_COMP_NONE) {
        nx_act_log(a, "no Treachery Card is left for %s's free draw", who);
        return;
    }
    nx_custody_move(&s->custody, c, hand_of(buyer));
    nx_state_add_receipt(s, buyer, NX_RCPT_DREW, event, &c, 1);
    nx_act_log(a, "%s draws a free card from the Treachery Deck", who);
}

/* ---- the sale: quote, payment step, card, post-purchase step ---------------------
 *
 * A won lot is quoted into an invoice (core/nx_invoice.h) before any spice
 * moves.  Under common.windows.purchase_confirmation "uniform" (with the
 * Nexus module on) every winner then gets the same two steps, whether or
 * not it holds a Nexus card, so that no pause singles out a hidden
 * holder (002, bounded bank-auction purchase prototype): a payment
 * confirmation (event `purchase`) before the invoice is settled, and a
 * post-purchase step (event `sale`) once the card is in its hand, before
 * Harkonnen's bonus card and the next lot.  When an ally of the Emperor
 * pays, every unallied seat holding a Nexus card acknowledges the payment
 * step too, one seat at a time in storm order (002, recommended full-price
 * funding).  A Nexus card played
 * there redirects the invoice (Emperor Secret Ally, Emperor Betrayal) or
 * replaces the card bought (Ixian Secret Ally); nothing is refunded.
 * Without the module, or under "unresolved", the sale is one step as in
 * the base game.
 */

static int confirmations(nx_act *a)
{
    return (a->s->options & NX_OPT_NEXUS_CARDS) &&
           !strcmp(nx_act_setting(a, "common.windows.purchase_confirmation", "unresolved"), "uniform");
}

/* ixians.secret_ally.harkonnen_order "bonus_first": Harkonnen's bonus card
 * comes before the post-purchase step; otherwise after it. */
static int bonus_first(nx_act *a)
{
    return !strcmp(nx_act_setting(a, "ixians.secret_ally.harkonnen_order", "unresolved"), "bonus_first");
}

/* The price goes to the Emperor when the Emperor is in the game and is not
 * the buyer, else to the bank (LV 1.04.06, 2.03).  An Emperor paying for
 * its ally pays itself. */
static uint8_t payee_of(const nx_state *s, uint8_t buyer)
{
    uint8_t emperor = nx_state_seat_of(s, NX_EMPEROR);
    /* A Karama stopped the Emperor's advantage: the bank is paid. */
    return emperor != NX_NO_SEAT && emperor != buyer && !nx_adv_stopped(s, NX_ADVO_TREACHERY_PAYMENT) ? emperor : NX_INV_BANK;
}

static int quote_lot(nx_act *a)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    uint8_t buyer = p->bid_winner;
    nx_invoice inv = { .kind = NX_INV_PURCHASE, .buyer = buyer, .payee = payee_of(s, buyer), .item = NX_COMP_NONE,
                       .lot = p->bid_lot, .price = p->bid_high };
    memset(inv.payer, NX_NO_SEAT, sizeof inv.payer);
    if (p->bid_karama && karama_card(s, buyer) != NX_COMP_NONE) inv.means = NX_INV_KARAMA;
    else nx_invoice_default_split(s, buyer, inv.price, inv.payer, inv.share);
    if (inv.means == NX_INV_SPICE) inv.price = (uint8_t)(inv.share[0] + inv.share[1] + inv.share[2]);
    if (nx_invoice_open(s, &inv) >= 0) return 0;
    a->failed_late = 1;
    return nx_act_fail(a, "invariant", "no room for another invoice (%d are open)", NX_MAX_INVOICES);
}

/* Every seat that may act at the payment step: the winner, and, when an
 * ally of the Emperor pays, every unallied seat holding a Nexus card. */
static uint8_t payment_seats(const nx_state *s, uint8_t buyer)
{
    uint8_t seats = bit(buyer), ally = s->seats[buyer].ally;
    if (ally == NX_NO_SEAT || s->seats[ally].faction != NX_EMPEROR) return seats;
    for (uint8_t i = 0; i < s->nseats; i++)
        if (s->seats[i].ally == NX_NO_SEAT && nx_custody_count(&s->custody, NX_Z_SEAT(i, NX_ZS_NEXUS_HELD))) seats |= bit(i);
    return seats;
}

/* The payment step, one seat at a time in storm order: the winner's
 * confirmation and, when an ally of the Emperor pays, each rival's
 * acknowledgement (002, "Recommended original full-price funding":
 * "acknowledge in original storm order").  The storm-order position of
 * the next seat is play.window_next, which the end-of-phase windows use
 * only once the procedure is over.  1 when a step is open. */
static int open_next_payment_step(nx_act *a, int inv)
{
    nx_state *s = a->s;
    uint8_t buyer = s->play.bid_winner, seats = payment_seats(s, buyer), order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    char who[64], prompt[128];
    nx_act_who(s, buyer, who, sizeof who);
    while (s->play.window_next < s->nseats) {
        uint8_t seat = order[s->play.window_next++];
        if (!(seats & bit(seat))) continue;
        if (seat == buyer)
            nx_fmt(prompt, sizeof prompt, "Lot %d: %s has won it for %d: confirm the payment (pass), or play a Nexus card",
                   s->play.bid_lot, who, s->play.inv_price[inv]);
        else
            nx_fmt(prompt, sizeof prompt, "Lot %d: %s's payment, with its ally's help: continue (pass), or play a Nexus card",
                   s->play.bid_lot, who);
        nx_windows_open_for(a, NX_EV_PURCHASE, buyer, bit(seat), 0, prompt);
        return 1;
    }
    return 0;
}

/* Settle the lot's invoice: a Karama card is discarded, the shares are
 * paid, or nothing moves when a card let the buyer keep its spice. */
static int pay_lot(nx_act *a, int inv)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    uint8_t buyer = p->inv_buyer[inv];
    char who[64], ally_who[64];
    nx_act_who(s, buyer, who, sizeof who);
    nx_comp karama = p->inv_means[inv] == NX_INV_KARAMA ? karama_card(s, buyer) : NX_COMP_NONE;
    if (p->inv_means[inv] == NX_INV_KARAMA && karama == NX_COMP_NONE) {
        /* The Karama left the hand since the bid: the buyer pays in spice. */
        uint8_t payer[NX_INVOICE_PAYERS], share[NX_INVOICE_PAYERS];
        nx_invoice_default_split(s, buyer, p->inv_price[inv], payer, share);
        p->inv_means[inv] = NX_INV_SPICE;
        memcpy(&p->inv_payer[inv * NX_INVOICE_PAYERS], payer, NX_INVOICE_PAYERS);
        memcpy(&p->inv_share[inv * NX_INVOICE_PAYERS], share, NX_INVOICE_PAYERS);
        p->inv_price[inv] = (uint8_t)(share[0] + share[1] + share[2]);
    }
    if (karama != NX_COMP_NONE) {
        /* Karama: take the card without paying (LV Karama); it is discarded. */
        nx_custody_move(&s->custody, karama, NX_Z_TREACHERY_DISCARD);
        nx_act_log(a, "lot %d: %s wins it with a bid of %d and pays with a Karama: the %s is discarded", p->bid_lot, who,
                   p->bid_high, nx_comp_name(karama));
        nx_invoice_paid(s, inv);
        return 0;
    }
    if (p->inv_means[inv] == NX_INV_KEPT) {
        nx_act_log(a, "lot %d: %s buys it for %d spice and keeps its spice; the Spice Bank receives nothing", p->bid_lot,
                   who, p->inv_price[inv]);
        nx_invoice_paid(s, inv);
        return 0;
    }
    if (nx_invoice_settle(a, inv, "a Treachery Card")) return -1;
    nx_act_log(a, "lot %d: %s buys it for %d spice, paid to the %s", p->bid_lot, who, p->inv_price[inv],
               p->inv_payee[inv] == NX_INV_BANK ? "Spice Bank" : "Emperor");
    /* The split stays between the allies: naming the ally's share would
     * tell the table that the buyer, who pays first, is left with none. */
    uint8_t ally = s->seats[buyer].ally;
    int helped = 0;
    for (int k = 0; k < NX_INVOICE_PAYERS; k++)
        helped |= p->inv_payer[inv * NX_INVOICE_PAYERS + k] != NX_NO_SEAT && p->inv_payer[inv * NX_INVOICE_PAYERS + k] != buyer &&
                  p->inv_share[inv * NX_INVOICE_PAYERS + k];
    if (helped && ally != NX_NO_SEAT)
        nx_act_log(a, "%s's ally %s helps to pay", who, nx_act_who(s, ally, ally_who, sizeof ally_who));
    return 0;
}

/* The card goes to the buyer's hand; the invoice names it (for the buyer). */
static void deliver_lot(nx_act *a, int inv)
{
    nx_state *s = a->s;
    uint8_t buyer = s->play.inv_buyer[inv];
    uint32_t event = nx_state_new_event(s);
    nx_comp card = nx_custody_top(&s->custody, NX_Z_AUCTION);
    nx_custody_move(&s->custody, card, hand_of(buyer));
    s->play.inv_item[inv] = card;
    nx_state_add_receipt(s, buyer, NX_RCPT_DREW, event, &card, 1);
    if (bonus_first(a)) harkonnen_bonus(a, buyer, event);
}

/* The event of the sale: the buyer's receipt for the card bought (the
 * bonus card shares it, as one purchase).  A card replaced in the
 * post-purchase step has its own receipt; the sale's is then older. */
static uint32_t sale_event(nx_state *s, int inv)
{
    for (int i = s->nreceipts - 1; i >= 0; i--) {
        const nx_receipt *r = nx_state_receipt(s, i);
        if (r->seat == s->play.inv_buyer[inv] && r->kind == NX_RCPT_DREW && r->n == 1 && r->cards[0] == s->play.inv_item[inv])
            return r->event;
    }
    return nx_state_new_event(s);
}

/* After the post-purchase step: the bonus card (unless it came first) and
 * the invoice is done with. */
static void finish_lot(nx_act *a, int inv)
{
    nx_state *s = a->s;
    if (!bonus_first(a)) harkonnen_bonus(a, s->play.inv_buyer[inv], sale_event(s, inv));
    nx_invoice_close(s, inv);
}

/* The winner's post-purchase step (event `sale`); 1 when it is open. */
static int open_sale_step(nx_act *a, int inv)
{
    nx_state *s = a->s;
    if (!confirmations(a)) return 0;
    uint8_t buyer = s->play.inv_buyer[inv];
    char who[64], prompt[128];
    nx_fmt(prompt, sizeof prompt, "Lot %d is %s's: keep it (pass), or play a Nexus card", s->play.bid_lot,
           nx_act_who(s, buyer, who, sizeof who));
    nx_windows_open_for(a, NX_EV_SALE, buyer, bit(buyer), 0, prompt);
    return 1;
}

/* Whose advantage the sale of the lot uses, for its Karama windows
 * (NX_NO_SEAT: none): the Emperor's when another pays spice (not a
 * Karama); Harkonnen's free card when it buys with room for one more. */
static uint8_t payee_advantage(const nx_state *s)
{
    const nx_play *p = &s->play;
    uint8_t emperor = nx_state_seat_of(s, NX_EMPEROR);
    int karama = p->bid_karama && karama_card(s, p->bid_winner) != NX_COMP_NONE;
    return emperor != p->bid_winner && !karama && p->bid_high > 0 ? emperor : NX_NO_SEAT;
}

static uint8_t top_card_advantage(const nx_state *s)
{
    uint8_t buyer = s->play.bid_winner;
    int room = hand_count(s, buyer) + 1 < hand_limit[s->seats[buyer].faction];
    return s->seats[buyer].faction == NX_HARKONNEN && room ? buyer : NX_NO_SEAT;
}

static int bidding_procedure(nx_act *a)
{
    nx_state *s = a->s;
    nx_play *p = &s->play;
    for (;;) {
        switch (p->step) {
        case STEP_START:
            declare_and_deal(a);
            p->step = STEP_LOT;
            if (p->bid_lots && nx_ally_aid_open(a, "Treachery Cards")) return 1;   /* the offers come before the first lot */
            break;
        case STEP_LOT:
            if (p->bid_lot >= p->bid_lots) return 0;
            if (eligible_seats(s) && nx_adv_window(a, NX_ADVO_BID_LOOK, nx_state_seat_of(s, NX_ATREIDES))) return 1;
            if (!start_lot(a)) {
                return_lots(a);
                return 0;
            }
            nx_adv_use_done(s);
            p->step = STEP_BIDS;
            return 1;
        case STEP_BIDS: {
            uint8_t done = (uint8_t)(p->bid_passed | (p->bid_winner != NX_NO_SEAT ? bit(p->bid_winner) : 0));
            if ((done & p->bid_eligible) != p->bid_eligible) {
                open_bid(s, nx_state_new_event(s));
                return 1;
            }
            if (p->bid_winner == NX_NO_SEAT) {
                nx_act_log(a, "lot %d: everyone passes; bidding ends", p->bid_lot);
                return_lots(a);
                return 0;
            }
            /* The Karama windows against the advantages the sale would use
             * (the Emperor's payment, Harkonnen's free card) come first. */
            if (nx_adv_window(a, NX_ADVO_TREACHERY_PAYMENT, payee_advantage(s)) ||
                nx_adv_window(a, NX_ADVO_TOP_CARD, top_card_advantage(s)))
                return 1;
            if (quote_lot(a)) return 0;
            p->step = STEP_PAY;
            p->window_next = 0;
            break;
        }
        case STEP_PAY: {
            /* Every step answered in storm order (or none): pay, then the card. */
            int inv = nx_invoice_find(s, NX_INV_PURCHASE);
            assert(inv >= 0);
            if (confirmations(a) && open_next_payment_step(a, inv)) return 1;
            nx_event_clear(s);
            if (pay_lot(a, inv)) return 0;   /* the action fails (nx_spice_transfer) */
            deliver_lot(a, inv);
            p->step = STEP_SOLD;
            if (open_sale_step(a, inv)) return 1;
            break;
        }
        case STEP_SOLD:
            nx_event_clear(s);
            finish_lot(a, nx_invoice_find(s, NX_INV_PURCHASE));
            nx_adv_use_done(s);   /* the sale's advantages are used: their windows may open again for the next lot */
            p->step = STEP_LOT;
            break;
        default: assert(!"bidding: no such step"); return 0;
        }
    }
}

int nx_bidding_holds(nx_act *a)
{
    if (a->s->play.event_now != NX_EV_SALE) return 0;
    if (!nx_act_is(a, "ghola") && !nx_act_is(a, "truthtrance")) return 0;
    if (strcmp(nx_act_setting(a, "ixians.secret_ally.anytime_interleave", "unresolved"), "immediate")) return 0;
    return nx_act_fail(a, "illegal", "the post-purchase step of lot %d comes first (ixians.secret_ally.anytime_interleave: immediate)",
                       a->s->play.bid_lot);
}

/* ---- actions ------------------------------------------------------------------- */

static void next_turn(nx_state *s, uint8_t seat)
{
    s->play.bid_turn = next_in(s, s->play.bid_eligible, seat);
}

static int act_bid(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("amount", "karama"))) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_BID);
    if (!p) return -1;
    json_t *k = json_object_get(a->action, "karama");
    if (k && !json_is_boolean(k)) return nx_act_fail(a, "malformed", "\"karama\" must be true or false");
    int amount, karama = json_is_true(k);
    if (nx_arg_int(a, "amount", 1, BID_CAP, &amount)) return -1;
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    char why[160], who[64];
    if (bid_problem(s, seat, amount, karama, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    nx_play *pl = &s->play;
    pl->bid_high = (uint8_t)amount;
    pl->bid_winner = seat;
    pl->bid_karama = (uint8_t)karama;
    pl->bid_passed = 0;   /* everyone else is asked again */
    next_turn(s, seat);
    nx_state_remove_pending(s, p);
    nx_act_log(a, "lot %d: %s bids %d", pl->bid_lot, nx_act_who(s, seat, who, sizeof who), amount);
    return 0;
}

static int pass_bid(nx_act *a, const nx_pending *p)
{
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    s->play.bid_passed |= bit(seat);
    next_turn(s, seat);
    nx_state_remove_pending(s, p);
    char who[64];
    nx_act_log(a, "lot %d: %s passes on the card up for bid", s->play.bid_lot, nx_act_who(s, seat, who, sizeof who));
    return 0;
}

/* ---- bots -------------------------------------------------------------------------- */

/* What a card is worth to its holder, roughly, in spice: weapons,
 * defences and Karama most, worthless cards nothing. */
static int card_value(nx_treachery_card c)
{
    if (c == NX_TR_KARAMA) return 7;
    if (nx_treachery_is_worthless(c)) return 0;
    if (nx_treachery_is_cheap_hero(c)) return 3;
    if (nx_treachery_is_weapon(c) || nx_treachery_is_defence(c)) return 6;
    return 4;
}

/* The lot's worth to the deciding seat: Atreides has seen it; the others
 * only know the deck's average. */
static int lot_value(const nx_state *s, uint8_t seat)
{
    if (s->seats[seat].faction != NX_ATREIDES) return 3;
    return card_value(card_of(nx_custody_top(&s->custody, NX_Z_AUCTION)));
}

static json_t *bid_action(int amount, int karama)
{
    json_t *o = json_pack("{s:s, s:i}", "type", "bid", "amount", amount);
    if (karama) json_object_set_new(o, "karama", json_true());
    return o;
}

/* Pass (5), or raise by 1..3 within the seat's own spice: cheap bids
 * score high while the hand is small; a Karama pays when the lot is
 * worth more than the card. */
static void bid_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    uint8_t seat = p->seat;
    int value = lot_value(s, seat), spice = spice_of(s, seat), small_hand = hand_count(s, seat) <= 1;
    char why[160];
    nx_moves_add(out, 5, json_pack("{s:s}", "type", "pass"));
    for (int amount = s->play.bid_high + 1; amount <= s->play.bid_high + 3 && amount <= spice; amount++) {
        if (bid_problem(s, seat, amount, 0, why, sizeof why)) break;
        /* Spice ships forces too: a bid beyond a third of the purse
         * costs twice. */
        int cheap = small_hand && amount * 3 <= spice, dear = amount * 3 > spice ? amount : 0;
        nx_moves_add(out, 5 + value - amount - dear + (cheap ? 3 : 0), bid_action(amount, 0));
    }
    int amount = s->play.bid_high + 1;
    if (amount <= BID_CAP && !bid_problem(s, seat, amount, 1, why, sizeof why))
        nx_moves_add(out, 5 + value - card_value(card_of(karama_card(s, seat))), bid_action(amount, 1));
}

/* ---- the module ------------------------------------------------------------------------ */

static const nx_act_entry bidding_actions[] = {
    { "bid", act_bid, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops bidding_decisions[] = {
    { NX_PEND_BID, pass_bid, bid_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_bidding = { "bidding", NX_P_BIDDING, bidding_procedure, bidding_actions, bidding_decisions };
