/*
 * What the charity, bidding and revival suites add to phase_helpers.h:
 * a clean table to stage on, hands of chosen Treachery cards, and the
 * bots' check for staged positions (phase_helpers' all_moves_accepted
 * copies a game by save and load, which a staged game refuses).
 *
 * stage_new: a rules game staged at the start of `phase` on the last
 * turn (the game ends after it rather than running into another turn),
 * every force in reserves, no spice, no alliance, the First Player at
 * seat 0.  The test shapes the state further, then pokes the game
 * (phase_helpers' poke) to run the phase's procedure.
 */
#ifndef NX_PHASE_STAGE_H
#define NX_PHASE_STAGE_H

#include "phase_helpers.h"

static inline nx_game *stage_new(const nx_faction *factions, int n, int advanced, int phase)
{
    game_spec gs = { .advanced = advanced, .nseats = n, .seed = 7 };
    memcpy(gs.factions, factions, (size_t)n * sizeof *factions);
    nx_game *g = new_game(&gs);
    stage_phase(g, phase, NX_LAST_TURN);
    nx_state *s = mut(g);
    for (uint8_t i = 0; i < n; i++) {
        nx_state_reserve_all_forces(s, i);
        s->seats[i].spice = 0;
        s->seats[i].ally = NX_NO_SEAT;
    }
    memset(s->play.advisors, 0, sizeof s->play.advisors);
    s->first_seat = 0;
    return g;
}

/* Exactly these cards (NX_COMP_NONE-terminated) in a seat's hand; its
 * previous cards go to the bottom of the Treachery Deck. */
static inline void stage_hand(nx_game *g, uint8_t seat, const nx_comp *cards)
{
    nx_state *s = mut(g);
    nx_zone hand = NX_Z_SEAT(seat, NX_ZS_TREACHERY);
    nx_comp held[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, hand, held, NX_COMP_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move_bottom(&s->custody, held[i], NX_Z_TREACHERY_DECK);
    for (; *cards != NX_COMP_NONE; cards++) nx_custody_move(&s->custody, *cards, hand);
}

/* As phase_helpers' ok, returning the result (caller decrefs) so the
 * test can read its log. */
static inline json_t *done(nx_game *g, int seat, const char *body)
{
    json_t *r = act(g, seat, body);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "seat %d %s refused: %s", seat, body, result_error(r));
    return r;
}

/* Poke the staged game; returns the result with the phase's log. */
static inline json_t *stage_go(nx_game *g)
{
    json_t *r = poke(g);
    ck_assert_msg(json_is_true(json_object_get(r, "ok")), "poke refused: %s", result_error(r));
    return r;
}

/* Does a seat's view (-1: spectator) mention `text` anywhere? */
static inline int view_has(const nx_game *g, int seat, const char *text)
{
    char *v = view_text(g, seat);
    int found = strstr(v, text) != NULL;
    free(v);
    return found;
}

/* Every candidate the bots list for `seat` is accepted, each tried on a
 * fresh copy of the staged position built by `make`. */
static inline void stage_check_moves(nx_game *(*make)(void), int seat)
{
    nx_game *g = make();
    json_t *moves = nx_game_moves(g, seat);
    ck_assert_msg(json_array_size(moves) > 0, "seat %d has no candidate moves", seat);
    nx_game_free(g);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        g = make();
        char *body = json_dumps(json_object_get(m, "action"), JSON_COMPACT);
        body[strlen(body) - 1] = '\0';   /* act adds the braces */
        ok(g, seat, body + 1);
        free(body);
        nx_game_free(g);
    }
    json_decref(moves);
}

#endif
