/*
 * The common Nexus card lifecycle (001_6779c2bf82a9ae38.txt, "Executable
 * lifecycle composition" 1-9; docs/rules/nexus-cards.md).
 *
 *  - A separate deck of the twelve identities (setup builds it:
 *    turn/nx_setup.c), a discard pile and at most one held card per seat,
 *    only when the module is in play.
 *  - A phase-level "a Nexus occurred" fact, reset when Spice Blow and
 *    Nexus begins and read when the whole phase ends; then, if an
 *    alliance exists, each unallied seat in storm order gets one
 *    draw-or-replace opportunity.
 *  - The private own-faction policy runs inside the draw, atomically.
 *  - Any alliance that forms discards both partners' held cards.
 *  - An empty deck is refilled from the shuffled discards.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "nx_nexus.h"
#include "nx_turn.h"
#include "nx_names.h"
#include "nx_text.h"
#include "nx_pack.h"
#include "nx_words.h"

int nx_lifecycle_mode(const nx_state *s, uint8_t seat, nx_comp card)
{
    nx_faction f = nx_comp_nexus_faction(card);
    if (s->seats[seat].faction == f) return NX_MODE_CUNNING;
    return nx_state_seat_of(s, f) == NX_NO_SEAT ? NX_MODE_SECRET_ALLY : NX_MODE_BETRAYAL;
}

static int any_alliance(const nx_state *s)
{
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].ally != NX_NO_SEAT) return 1;
    return 0;
}

static nx_comp held_card(const nx_state *s, uint8_t seat)
{
    return nx_custody_top(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
}

/* common.lifecycle.redraw_discard: are own-faction redraws set aside face
 * down until the opportunity closes, rather than discarded face up? */
static int redraws_face_down(nx_act *a)
{
    return NX_SETTING_IS(a, COMMON_LIFECYCLE_REDRAW_DISCARD, FACE_DOWN_UNTIL_CLOSED);
}

/* Turn the cards set aside face down during the opportunity into ordinary
 * discards; returns how many.  The pile is unordered, so the order they
 * join the discard pile in cannot matter. */
static int discard_face_down(nx_state *s, nx_comp *out)
{
    int n = nx_custody_list(&s->custody, NX_Z_NEXUS_FACE_DOWN, out, NX_FACTION_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, out[i], NX_Z_NEXUS_DISCARD);
    return n;
}

/* The opportunity closed: the set-aside cards go face up, in one line that
 * names no seat. */
static void reveal_face_down(nx_act *a)
{
    nx_comp v[NX_FACTION_COUNT];
    int n = discard_face_down(a->s, v);
    if (!n) return;
    char names[NX_FACTION_COUNT * 40] = "";
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", nx_comp_name(v[i]));
    }
    nx_act_log(a, "the draws are over: %d Nexus card%s set aside face down %s discarded face up: %s", n,
               nx_plural(n, "", "s"), nx_plural(n, "is", "are"), names);
}

/* Top of the deck, refilling it from the shuffled discards when empty.
 * Cards set aside face down are discards too, so they join the new deck
 * exactly as they would have from a face-up pile. */
static nx_comp take_top(nx_act *a)
{
    nx_state *s = a->s;
    if (nx_custody_count(&s->custody, NX_Z_NEXUS_DECK) == 0) {
        nx_comp v[NX_FACTION_COUNT];
        discard_face_down(s, v);
        int n = nx_custody_list(&s->custody, NX_Z_NEXUS_DISCARD, v, NX_FACTION_COUNT);
        if (n == 0) return NX_COMP_NONE;
        for (int i = 0; i < n; i++) nx_custody_move(&s->custody, v[i], NX_Z_NEXUS_DECK);
        nx_custody_shuffle(&s->custody, NX_Z_NEXUS_DECK, &s->rng);
        nx_act_log(a, "the Nexus discard pile (%d card%s) is shuffled into a new deck", n, nx_plural(n, "", "s"));
    }
    return nx_custody_top(&s->custody, NX_Z_NEXUS_DECK);
}

/* Called with the own card in hand: if no other card is left in the deck
 * or the discards, redrawing could only give it back, so it is kept. */
static int nothing_else_to_draw(const nx_state *s)
{
    return nx_custody_count(&s->custody, NX_Z_NEXUS_DECK) +
           nx_custody_count(&s->custody, NX_Z_NEXUS_DISCARD) +
           nx_custody_count(&s->custody, NX_Z_NEXUS_FACE_DOWN) == 0;
}

/*
 * Draw one card for a seat, applying its private own-faction policy
 * atomically (lifecycle 4-5): intermediate own-faction cards go to the
 * discard pile (physical discards, public at once) or, under
 * common.lifecycle.redraw_discard: face_down_until_closed, are set aside
 * face down with a plain public draw line (a face-up card or its own line
 * would tell the table who drew its own faction).  The final card is
 * held, and the seat keeps a receipt of both.
 */
static void draw_with_policy(nx_act *a, uint8_t seat, uint32_t event)
{
    nx_state *s = a->s;
    nx_comp own = nx_comp_nexus((nx_faction)s->seats[seat].faction);
    nx_zone held = NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD);
    int redraws_left = s->seats[seat].policy == NX_POLICY_REDRAW_ONCE     ? 1
                       : s->seats[seat].policy == NX_POLICY_REDRAW_ALWAYS ? NX_FACTION_COUNT
                                                                          : 0;
    char who[64];
    nx_act_who(s, seat, who, sizeof who);
    for (;;) {
        nx_comp c = take_top(a);
        if (c == NX_COMP_NONE) {
            nx_act_log(a, "%s cannot draw: no Nexus card is left", who);
            return;
        }
        nx_custody_move(&s->custody, c, held);
        if (c != own || redraws_left-- <= 0 || nothing_else_to_draw(s)) {
            nx_state_add_receipt(s, seat, NX_RCPT_DREW, event, &c, 1);
            nx_act_log(a, "%s draws a Nexus card", who);
            return;
        }
        int hide = redraws_face_down(a);
        nx_custody_move(&s->custody, c, hide ? NX_Z_NEXUS_FACE_DOWN : NX_Z_NEXUS_DISCARD);
        nx_state_add_receipt(s, seat, NX_RCPT_DISCARDED, event, &c, 1);
        if (!hide) nx_act_log(a, "%s draws and discards the %s", who, nx_comp_name(c));
    }
}

/* Open the opportunity for the next unallied seat in storm order, from
 * storm-order position `from`.  Returns 1 if a decision was opened. */
static int open_next_draw(nx_state *s, int from)
{
    uint8_t order[NX_MAX_SEATS];
    nx_state_storm_order(s, order);
    for (int i = from; i < s->nseats; i++) {
        uint8_t seat = order[i];
        if (s->seats[seat].ally != NX_NO_SEAT) continue;
        s->draw_next = (uint8_t)i;
        nx_pending *p = nx_state_add_pending(s, NX_PEND_NEXUS_DRAW, seat);
        p->event = nx_state_new_event(s);
        int holds = held_card(s, seat) != NX_COMP_NONE;
        p->words = holds ? (NX_WORD_KEEP | NX_WORD_REPLACE) : (NX_WORD_DRAW | NX_WORD_DECLINE);
        p->count = 1;
        nx_fmt(p->prompt, sizeof p->prompt, holds ? "Keep your Nexus card or discard it and draw"
                                                    : "Draw a Nexus card or decline");
        return 1;
    }
    s->draw_next = NX_NO_SEAT;
    return 0;
}

void nx_lifecycle_phase_begin(nx_state *s, int phase)
{
    if (phase != NX_P_SPICE_BLOW) return;
    s->nexus_occurred = 0;
    s->negotiating = 0;
    s->play.nexus_allied = 0;
}

int nx_lifecycle_phase_end(nx_act *a, int phase)
{
    nx_state *s = a->s;
    if (phase != NX_P_SPICE_BLOW) return 0;
    s->negotiating = 0;
    nx_state_clear_offers(s);
    /* The trigger is the end of the whole phase, reading the final
     * alliances (lifecycle 3; ruling nexus.draw_trigger). */
    if (!(s->options & NX_OPT_NEXUS_CARDS) || !s->nexus_occurred || !any_alliance(s)) return 0;
    /* The last opportunity turned its set-aside cards face up when it closed. */
    assert(nx_custody_count(&s->custody, NX_Z_NEXUS_FACE_DOWN) == 0);
    nx_act_log(a, "a Nexus occurred and an alliance exists: unallied players may draw Nexus cards");
    return open_next_draw(s, 0);
}

int nx_lifecycle_answer_draw(nx_act *a, const nx_pending *p, nx_word word)
{
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    uint32_t event = p->event;
    char who[64];
    nx_act_who(s, seat, who, sizeof who);
    nx_state_remove_pending(s, p);
    if (word == NX_WORD_REPLACE) {
        nx_comp old = held_card(s, seat);
        nx_custody_move(&s->custody, old, NX_Z_NEXUS_DISCARD);
        nx_act_log(a, "%s discards the %s to draw again", who, nx_comp_name(old));
    }
    if (word == NX_WORD_DRAW || word == NX_WORD_REPLACE) draw_with_policy(a, seat, event);
    else nx_act_log(a, "%s %s", who, word == NX_WORD_KEEP ? "keeps its Nexus card" : "declines to draw");
    if (!open_next_draw(s, s->draw_next + 1)) {
        reveal_face_down(a);
        nx_phases_draws_done(a);
    }
    return 0;
}

void nx_lifecycle_alliance_formed(nx_act *a, uint8_t x, uint8_t y)
{
    uint8_t partners[2] = { x, y };
    for (int i = 0; i < 2; i++) {
        nx_comp c = held_card(a->s, partners[i]);
        if (c == NX_COMP_NONE) continue;
        nx_custody_move(&a->s->custody, c, NX_Z_NEXUS_DISCARD);
        char who[64];
        nx_act_log(a, "%s joins an alliance and discards the %s",
                   nx_act_who(a->s, partners[i], who, sizeof who), nx_comp_name(c));
    }
}

/* ---- the draw decision ------------------------------------------------------------ */

/* "answer" with a "word" of those offered. */
static int answer_word(nx_act *a, const nx_pending *p)
{
    const char *w = json_string_value(json_object_get(a->action, "word"));
    int word = w ? nx_word_parse(w) : 0;
    if (!word || !(p->words & word))
        return nx_act_fail(a, "illegal", "\"word\" must be one of the offered words");
    return nx_lifecycle_answer_draw(a, p, (nx_word)word);
}

/* Bots: drawing is free and a held card only helps: draw, keep. */
static void draw_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    static const struct { nx_word w; int score; } words[] = {
        { NX_WORD_DRAW, 2 }, { NX_WORD_DECLINE, 0 }, { NX_WORD_KEEP, 2 }, { NX_WORD_REPLACE, 1 },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (p->words & words[i].w)
            nx_moves_add(out, words[i].score, json_pack("{s:s, s:s}", "type", "answer", "word", nx_word_name(words[i].w)));
}

static const nx_decision_ops lifecycle_decisions[] = {
    { NX_PEND_NEXUS_DRAW, NULL, draw_moves, answer_word },
    { 0, NULL, NULL },
};

/* The sequencer calls these at every phase's beginning and end
 * (nx_phases.c), the alliance actions when an alliance forms. */
const nx_module nx_mod_lifecycle = { "lifecycle", -1, NULL, NULL, lifecycle_decisions,
                                     .phase_begin = nx_lifecycle_phase_begin,
                                     .phase_end = nx_lifecycle_phase_end,
                                     .allied = nx_lifecycle_alliance_formed };
