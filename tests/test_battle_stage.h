/*
 * Staging battles for test_phase_battle.c and test_battle_*.c: a Battle
 * phase on the last turn with a clean table (every force in reserve, no
 * Treachery card or Traitor Card held, no spice on the board, no storm,
 * 10 spice each, First Player seat 0), and shorthands for plans, cards,
 * leaders and counts.
 */
#ifndef TEST_BATTLE_STAGE_H
#define TEST_BATTLE_STAGE_H

#include "nx_module.h"
#include "nx_phase_stage.h"

static const nx_comp NONE_ = NX_COMP_NONE;

static inline nx_game *battle_new(const nx_faction *f, int n, int advanced)
{
    nx_game *g = stage_new(f, n, advanced, NX_P_BATTLE);
    nx_state *s = mut(g);
    for (uint8_t seat = 0; seat < n; seat++) {
        stage_hand(g, seat, &NONE_);
        const int kinds[2] = { NX_ZS_TRAITORS, NX_ZS_TRAITOR_OFFER };
        for (int k = 0; k < 2; k++) {
            nx_comp held[NX_COMP_COUNT];
            int m = nx_custody_list(&s->custody, NX_Z_SEAT(seat, kinds[k]), held, NX_COMP_COUNT);
            for (int i = 0; i < m; i++) nx_custody_move(&s->custody, held[i], NX_Z_TRAITOR_DECK);
        }
        s->seats[seat].spice = 10;
    }
    memset(s->play.spice, 0, sizeof s->play.spice);
    s->play.storm_sector = 0;
    return g;
}

/* A seat holds exactly these Treachery cards (ids). */
static inline void hand(nx_game *g, uint8_t seat, const char *a, const char *b, const char *c)
{
    nx_comp cards[4] = { NX_COMP_NONE, NX_COMP_NONE, NX_COMP_NONE, NX_COMP_NONE };
    const char *ids[3] = { a, b, c };
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (ids[i]) cards[n++] = comp(ids[i]);
    stage_hand(g, seat, cards);
}

/* A seat holds the Traitor Card of a leader. */
static inline void traitor(nx_game *g, uint8_t seat, const char *leader)
{
    nx_custody_move(&mut(g)->custody, nx_comp_traitor(nx_leader_find(leader)), NX_Z_SEAT(seat, NX_ZS_TRAITORS));
}

static inline nx_zone leader_zone(const nx_game *g, const char *leader)
{
    return nx_game_state(g)->custody.zone[nx_comp_leader_disc(nx_leader_find(leader))];
}

static inline int leader_dead(const nx_game *g, const char *leader) { return leader_zone(g, leader) == NX_Z_TANKS; }

static inline void leader_to_tanks(nx_game *g, const char *leader)
{
    nx_custody_move(&mut(g)->custody, nx_comp_leader_disc(nx_leader_find(leader)), NX_Z_TANKS);
}

static inline int card_zone(const nx_game *g, const char *id) { return nx_game_state(g)->custody.zone[comp(id)]; }

static inline int spice(const nx_game *g, int seat) { return nx_game_state(g)->seats[seat].spice; }

/* A seat's counters (both kinds) on a section. */
static inline int here(const nx_game *g, int seat, const char *sec)
{
    return nx_board_forces_at(nx_game_state(g), (uint8_t)seat, section(sec));
}

static inline const nx_pending *decision(const nx_game *g, int seat, nx_pending_kind kind)
{
    return nx_pending_find(nx_game_state(g), (uint8_t)seat, kind);
}

/* Is a decision one of those before the plans (Voice, Prescience, Karama)? */
static inline int before_plans(uint8_t kind)
{
    return kind == NX_PEND_VOICE || kind == NX_PEND_PRESCIENCE || kind == NX_PEND_KARAMA;
}

/* Pass the Voice, Prescience and every Karama window, as they open. */
static inline void no_advantages(nx_game *g)
{
    for (;;) {
        const nx_state *s = nx_game_state(g);
        int i = 0;
        while (i < s->npending && !before_plans(s->pending[i].kind)) i++;
        if (i == s->npending) return;
        ok(g, s->pending[i].seat, "\"type\":\"pass\"");
    }
}

/* Run the staged phase up to the plans, passing what comes before them. */
static inline void go(nx_game *g)
{
    json_decref(stage_go(g));
    no_advantages(g);
}

/* Pass every open traitor call. */
static inline void no_calls(nx_game *g)
{
    const nx_state *s = nx_game_state(g);
    for (int i = s->npending - 1; i >= 0; i--)
        if (s->pending[i].kind == NX_PEND_TRAITOR_CALL) ok(g, s->pending[i].seat, "\"type\":\"pass\"");
}

/* A plan by a seat: the action's keys after "type". */
static inline void plan(nx_game *g, int seat, const char *keys)
{
    char body[512];
    snprintf(body, sizeof body, "\"type\":\"battle_plan\", %s", keys);
    ok(g, seat, body);
}

static inline void ally(nx_game *g, int a, int b)
{
    mut(g)->seats[a].ally = (uint8_t)b;
    mut(g)->seats[b].ally = (uint8_t)a;
}

static inline int in_phase(const nx_game *g, int phase) { return nx_game_state(g)->phase == phase; }

#endif
