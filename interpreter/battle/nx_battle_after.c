/*
 * After the battle: the loser's step and the winner's step (E4 for
 * battle_lost and battle_won).
 *
 * Moritani Secret Ally lets a loser keep one card it played that a winner
 * could have kept (001, Moritani Secret Ally retention timing), so the
 * loser's discard must wait for the loser's step: when that step may come
 * (a loser holding a Nexus card, Moritani absent, and
 * common.reactions.private_policy "uniform_window"), resolution holds the
 * side's played cards in its hand (nx_battle_defers_discard) and
 * nx_battle_settle_discards discards them after the step, all but a card
 * an NX_EFF_RETAINED effect keeps.  Whether a seat holds a Nexus card is
 * public, so holding the discard back reveals nothing.
 *
 * CHOAM Secret Ally's inspection is the winner's: its step follows the
 * loser's, once the loser's cards are settled, so "not used in that
 * battle" is read from the revealed plans, which are still in hand.
 *
 * Both steps are uniform windows at their event: the loser (or winner)
 * gets it whenever it holds any Nexus card, and passes when it holds none
 * that applies.
 */
#include <string.h>

#include "nx_battle.h"
#include "nx_effects.h"
#include "nx_events.h"
#include "nx_turn.h"
#include "nx_text.h"

static int uniform(nx_act *a)
{
    return (a->s->options & NX_OPT_NEXUS_CARDS) &&
           !strcmp(nx_act_setting(a, "common.reactions.private_policy", "unresolved"), "uniform_window");
}

static int holds_nexus(const nx_state *s, uint8_t seat)
{
    return nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD)) > 0;
}

int nx_battle_played(const nx_state *s, int side, nx_comp out[3])
{
    const nx_comp slots[3] = { s->play.battle_leader[side], s->play.battle_weapon[side], s->play.battle_defence[side] };
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (slots[i] != NX_COMP_NONE && nx_comp_kind_of(slots[i]) == NX_COMP_TREACHERY) out[n++] = slots[i];
    return n;
}

int nx_battle_defers_discard(nx_act *a, int side)
{
    const nx_state *s = a->s;
    return uniform(a) && nx_state_seat_of(s, NX_MORITANI) == NX_NO_SEAT && holds_nexus(s, s->play.battle_seats[side]);
}

/* The winner's side, or -1 (no winner). */
static int winner_side(const nx_state *s)
{
    return s->play.battle_winner == NX_NO_SEAT ? -1 : nx_battle_side(s, s->play.battle_winner);
}

int nx_battle_open_lost(nx_act *a)
{
    nx_state *s = a->s;
    int w = winner_side(s);
    if (w < 0 || !uniform(a) || nx_state_seat_of(s, NX_MORITANI) != NX_NO_SEAT) return 0;
    uint8_t loser = s->play.battle_seats[1 - w];
    if (!nx_windows_open_event(a, NX_EV_BATTLE_LOST, (uint8_t)(1u << loser))) return 0;
    nx_event_raise(s, NX_EV_BATTLE_LOST, loser, s->play.battle_winner);
    return 1;
}

/* A loser's played cards still in its hand were held back: discard them,
 * except a retained one.  A winner's are its own choice (keep_cards). */
void nx_battle_settle_discards(nx_act *a)
{
    nx_state *s = a->s;
    nx_event_clear(s);
    int w = winner_side(s);
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        if (side == w) continue;
        uint8_t seat = s->play.battle_seats[side];
        nx_comp cards[3];
        int n = nx_battle_played(s, side, cards);
        for (int i = 0; i < n; i++) {
            if (s->custody.zone[cards[i]] != NX_Z_SEAT(seat, NX_ZS_TREACHERY)) continue;
            char who[64];
            nx_act_who(s, seat, who, sizeof who);
            const char *name = nx_treachery_name(nx_battle_card(cards[i]));
            if (nx_effect_find(s, NX_EFF_RETAINED, seat, cards[i]) >= 0) {
                nx_act_log(a, "%s keeps %s", who, name);
                continue;
            }
            nx_custody_move(&s->custody, cards[i], NX_Z_TREACHERY_DISCARD);
            nx_act_log(a, "%s discards %s", who, name);
        }
    }
}

int nx_battle_open_won(nx_act *a)
{
    nx_state *s = a->s;
    int w = winner_side(s);
    if (w < 0 || !uniform(a) || nx_state_seat_of(s, NX_CHOAM) != NX_NO_SEAT) return 0;
    if (!nx_windows_open_event(a, NX_EV_BATTLE_WON, (uint8_t)(1u << s->play.battle_winner))) return 0;
    nx_event_raise(s, NX_EV_BATTLE_WON, s->play.battle_winner, s->play.battle_seats[1 - w]);
    return 1;
}
