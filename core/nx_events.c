#include "nx_events.h"

#include <string.h>

#define BATTLE (NX_EVK_TERRITORY | NX_EVK_AGGRESSOR | NX_EVK_OPPONENT)

static const nx_event_def defs[NX_EV_COUNT] = {
    [NX_EV_OWN_ACTION] = { "own_action", "the holder's own act in its phase (shipment, revival)", 0, 0 },
    [NX_EV_BATTLE_START] = { "battle_start", "a battle is fixed", BATTLE, 1 },
    [NX_EV_SARDAUKAR_BONUS] = { "sardaukar_bonus", "the response window facing the Emperor's Sardaukar strength",
                                BATTLE | NX_EVK_USER | NX_EVK_TARGET, 1 },
    [NX_EV_VOICE_STEP] = { "voice_step", "the Voice step of a battle, before any command", BATTLE, 1 },
    [NX_EV_VOICE] = { "voice", "a Voice command was given",
                      BATTLE | NX_EVK_USER | NX_EVK_TARGET | NX_EVK_COMMAND | NX_EVK_WHAT, 1 },
    [NX_EV_PRESCIENCE_STEP] = { "prescience_step", "the Prescience boundary of a battle, after the Voice, before plans",
                                BATTLE, 1 },
    [NX_EV_PRESCIENCE] = { "prescience", "Prescience named an element of a plan",
                           BATTLE | NX_EVK_USER | NX_EVK_TARGET | NX_EVK_ELEMENT, 1 },
    [NX_EV_PRESCIENCE_ANSWERED] = { "prescience_answered", "the element Prescience named was shown",
                                    BATTLE | NX_EVK_USER | NX_EVK_TARGET | NX_EVK_ELEMENT, 1 },
    [NX_EV_BATTLE_PLAN] = { "battle_plan", "before the combatants form their battle plans", BATTLE, 1 },
    [NX_EV_PLANS_SEALED] = { "plans_sealed", "both plans are in and not yet revealed", BATTLE, 0 },
    [NX_EV_TRAITOR_CALL] = { "traitor_call", "a traitor call is being made", BATTLE | NX_EVK_USER | NX_EVK_TARGET, 0 },
    [NX_EV_TRAITOR_REVEALED] = { "traitor_revealed", "a traitor was revealed", BATTLE | NX_EVK_USER | NX_EVK_TARGET, 1 },
    [NX_EV_FACE_DANCER_REVEALED] = { "face_dancer_revealed", "a Face Dancer was revealed", 0, 0 },
    [NX_EV_BATTLE_WON] = { "battle_won", "a battle has a winner", BATTLE | NX_EVK_USER | NX_EVK_TARGET, 1 },
    [NX_EV_BATTLE_LOST] = { "battle_lost", "a battle has a loser", BATTLE | NX_EVK_USER | NX_EVK_TARGET, 1 },
    [NX_EV_PURCHASE] = { "purchase", "a Treachery Card won in Bidding is about to be paid for (its invoice is due)",
                         NX_EVK_USER, 1 },
    [NX_EV_SALE] = { "sale", "a Treachery Card bought in Bidding is in its buyer's hand, before the next lot", NX_EVK_USER, 1 },
    [NX_EV_SHIPMENT] = { "shipment", "a shipment was made and its payment is due (its invoice), before it is settled",
                         NX_EVK_USER, 1 },
    [NX_EV_WORM] = { "worm", "a worm appears, before it devours",
                     NX_EVK_TERRITORY | NX_EVK_EMPTY | NX_EVK_OCCURRENCE, 1 },
    [NX_EV_TERROR_PLACED] = { "terror_placed", "a Terror token is placed", 0, 0 },
    [NX_EV_PRESCIENCE_STOPPED] = { "prescience_stopped",
                                   "the native Prescience was stopped (Karama or a Betrayal card) before any element was shown",
                                   BATTLE | NX_EVK_USER | NX_EVK_TARGET | NX_EVK_ELEMENT, 1 },
};

const nx_event_def *nx_event_get(int kind)
{
    if (kind <= NX_EV_NONE || kind >= NX_EV_COUNT) return NULL;
    return &defs[kind];
}

int nx_event_parse(const char *id)
{
    for (int k = NX_EV_NONE + 1; k < NX_EV_COUNT; k++)
        if (!strcmp(defs[k].id, id)) return k;
    return NX_EV_NONE;
}

const char *nx_event_key_name(unsigned key_bit)
{
    static const char *const names[NX_EVK_COUNT_BITS] = { "territory", "aggressor", "opponent", "user",
                                                         "target", "command", "what", "element",
                                                         "empty", "occurrence" };
    for (int i = 0; i < NX_EVK_COUNT_BITS; i++)
        if (key_bit == (1u << i)) return names[i];
    return NULL;
}
