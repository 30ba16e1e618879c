/*
 * Setup: seats, the Traitor deal and the Nexus deck.
 *
 * Traitor Cards (base rules p.6, quick-start p.4): the deck holds the
 * Traitor Cards of the participating factions' leaders; each player is
 * dealt four, keeps one and returns the other three face down to the
 * bottom of the deck.  Harkonnen keeps all four.  Tleilaxu takes no
 * Traitor Cards; after the returns the deck is shuffled and Tleilaxu draws
 * three Face Dancers (Ixians & Tleilaxu p.6).  See docs/rules/traitors.md.
 */
#include <stdio.h>
#include <string.h>

#include "nx_module.h"
#include "nx_rules.h"
#include "nx_leaders.h"

/* Every seated faction's leader discs start in its own leader pool. */
static void place_leaders(nx_state *s)
{
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        uint8_t seat = nx_state_seat_of(s, nx_leader_get(l)->faction);
        if (seat != NX_NO_SEAT) nx_custody_move(&s->custody, nx_comp_leader_disc(l), NX_Z_SEAT(seat, NX_ZS_LEADERS));
    }
}

static void build_traitor_deck(nx_state *s)
{
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        if (!nx_leader_has_traitor_card(l)) continue;
        if (nx_state_seat_of(s, nx_leader_get(l)->faction) == NX_NO_SEAT) continue;
        nx_custody_move(&s->custody, nx_comp_traitor(l), NX_Z_TRAITOR_DECK);
    }
    nx_custody_shuffle(&s->custody, NX_Z_TRAITOR_DECK, &s->rng);
}

/* The base Treachery Deck (33 cards, put in before custody is sealed) is
 * shuffled; each player is dealt one card, Harkonnen two (base rules,
 * setup; docs/rules/treachery.md). */
static void deal_treachery(nx_state *s)
{
    nx_custody_shuffle(&s->custody, NX_Z_TREACHERY_DECK, &s->rng);
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = nx_state_new_event(s);
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        int count = s->seats[seat].faction == NX_HARKONNEN ? 2 : 1;
        nx_comp dealt[2];
        for (int k = 0; k < count; k++) {
            dealt[k] = nx_custody_top(&s->custody, NX_Z_TREACHERY_DECK);
            nx_custody_move(&s->custody, dealt[k], NX_Z_SEAT(seat, NX_ZS_TREACHERY));
        }
        nx_state_add_receipt(s, seat, NX_RCPT_DREW, event, dealt, count);
    }
}

static void deal_traitors(nx_state *s)
{
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    uint32_t event = nx_state_new_event(s);
    for (int i = 0; i < s->nseats; i++) {
        uint8_t seat = order[i];
        nx_faction f = (nx_faction)s->seats[seat].faction;
        if (f == NX_TLEILAXU) continue;
        int keeps_all = f == NX_HARKONNEN;
        nx_zone to = NX_Z_SEAT(seat, keeps_all ? NX_ZS_TRAITORS : NX_ZS_TRAITOR_OFFER);
        nx_comp dealt[4];
        for (int k = 0; k < 4; k++) {
            dealt[k] = nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK);
            nx_custody_move(&s->custody, dealt[k], to);
        }
        nx_state_add_receipt(s, seat, NX_RCPT_DREW, event, dealt, 4);
        if (keeps_all) continue;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_TRAITOR_SELECT, seat);
        p->count = 1;
        p->noptions = 4;
        memcpy(p->options, dealt, sizeof dealt);
        p->private_options = 1;
        p->event = event;
        snprintf(p->prompt, sizeof p->prompt, "Keep one of your four Traitor Cards");
    }
}

void nx_setup_run(nx_act *a, const nx_faction *factions, int nseats, uint8_t options)
{
    nx_state *s = a->s;
    nx_rules_pin(a);
    s->nseats = (uint8_t)nseats;
    for (int i = 0; i < nseats; i++) {
        s->seats[i].faction = (int8_t)factions[i];
        /* Starting positions and spice come with the game's own setup
         * (the turn issue); until then every counter waits in reserve. */
        nx_state_reserve_all_forces(s, (uint8_t)i);
    }
    /* Provisional first player until the storm is placed by the game
     * (docs/rules/nexus-cards.md, "Dealing order"). */
    s->first_seat = (uint8_t)nx_rng_below(&s->rng, (uint32_t)nseats);
    place_leaders(s);
    build_traitor_deck(s);
    if (options & NX_OPT_NEXUS_CARDS) nx_lifecycle_init_deck(s);
    int copies[NX_TREACHERY_COPY_COUNT];
    int n = nx_treachery_deck(NX_TREACHERY_EXP_BASE, copies, NX_TREACHERY_COPY_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, nx_comp_treachery(copies[i]), NX_Z_TREACHERY_DECK);
    nx_custody_seal(&s->custody);
    deal_traitors(s);
    deal_treachery(s);
    nx_act_log(a, "setup: Traitor Cards and Treachery Cards are dealt");
    /* Designer's tables with nothing to decide start at once; rules games
     * start when nx_phases_settle finds setup's decisions all answered. */
    if (s->npending == 0 && !nx_phases_is_rules_game(s)) {
        nx_setup_finish(a);
        nx_phases_enter(a, NX_P_STORM);
    }
}

/* Setup's own procedure: its decisions are opened by nx_setup_run; once
 * they are answered, nothing is left to do. */
static int setup_procedure(nx_act *a)
{
    (void)a;
    return 0;
}

const nx_module nx_mod_setup = { "setup", NX_P_SETUP, setup_procedure, NULL, NULL };

/* Unchosen cards are already at the bottom (returned on selection); now
 * Tleilaxu, if seated, shuffles and draws its three Face Dancers. */
void nx_setup_finish(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t tl = nx_state_seat_of(s, NX_TLEILAXU);
    if (tl != NX_NO_SEAT) {
        nx_custody_shuffle(&s->custody, NX_Z_TRAITOR_DECK, &s->rng);
        nx_comp drawn[3];
        for (int k = 0; k < 3; k++) {
            drawn[k] = nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK);
            nx_custody_move(&s->custody, drawn[k], NX_Z_SEAT(tl, NX_ZS_TRAITORS));
        }
        nx_state_add_receipt(s, tl, NX_RCPT_DREW, nx_state_new_event(s), drawn, 3);
        nx_act_log(a, "Tleilaxu draws three Face Dancers");
    }
    nx_act_log(a, "setup is complete");
}
