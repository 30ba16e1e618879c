/*
 * nx_events: the one list of named moments a panel may be bound to
 * (`when: {event: X}` in a card's YAML, per panel or per path).
 *
 * The pack loader validates every `event:` against this table, the
 * engine raises these events (play.event_now while the moment lasts) and
 * a panel reads the payload with ctx:event().  A payload is not stored:
 * it is read from the state the event concerns (the battle in hand, the
 * attempt being made), so it cannot drift from the game.  The keys each
 * event carries are listed here, and ctx:event() fills exactly those.
 */
#ifndef NX_EVENTS_H
#define NX_EVENTS_H

typedef enum {
    NX_EV_NONE,
    NX_EV_OWN_ACTION,           /* the holder's own act (shipment, revival) */
    NX_EV_BATTLE_START,         /* a battle is fixed: territory and combatants */
    NX_EV_SARDAUKAR_BONUS,      /* the response window facing Sardaukar strength */
    NX_EV_VOICE_STEP,           /* the Voice step of a battle, before any command */
    NX_EV_VOICE,                /* a Voice command was given */
    NX_EV_PRESCIENCE_STEP,      /* the Prescience boundary, before plans */
    NX_EV_PRESCIENCE,           /* Prescience named an element */
    NX_EV_PRESCIENCE_ANSWERED,  /* the named element was shown */
    NX_EV_BATTLE_PLAN,          /* before the combatants form their plans */
    NX_EV_PLANS_SEALED,         /* both plans are in, not yet revealed */
    NX_EV_TRAITOR_CALL,         /* a traitor call is being made */
    NX_EV_TRAITOR_REVEALED,
    NX_EV_FACE_DANCER_REVEALED,
    NX_EV_BATTLE_WON,
    NX_EV_BATTLE_LOST,
    NX_EV_PURCHASE,
    NX_EV_SALE,
    NX_EV_SHIPMENT,
    NX_EV_WORM,
    NX_EV_TERROR_PLACED,
    /* Added later, numbered after the others so saved events keep theirs: */
    NX_EV_PRESCIENCE_STOPPED,   /* the native Prescience was stopped, no element shown */
    NX_EV_COUNT
} nx_event_kind;

/* Payload keys (bit per key). */
enum {
    NX_EVK_TERRITORY = 1 << 0,  /* territory id */
    NX_EVK_AGGRESSOR = 1 << 1,  /* seat */
    NX_EVK_OPPONENT = 1 << 2,   /* seat */
    NX_EVK_USER = 1 << 3,       /* seat making the attempt */
    NX_EVK_TARGET = 1 << 4,     /* seat the attempt works against */
    NX_EVK_COMMAND = 1 << 5,    /* Voice: "play" | "not_play" */
    NX_EVK_WHAT = 1 << 6,       /* Voice: what it names */
    NX_EVK_ELEMENT = 1 << 7,    /* Prescience: leader | weapon | defense | dial */
    NX_EVK_EMPTY = 1 << 8,      /* worm: its territory held no forces when it appeared */
    NX_EVK_OCCURRENCE = 1 << 9, /* worm: the occurrence's number in this phase */
    NX_EVK_COUNT_BITS = 10
};

typedef struct nx_event_def {
    const char *id;             /* as written in YAML */
    const char *text;           /* what the moment is */
    unsigned payload;           /* NX_EVK_* */
    int raised;                 /* the engine raises it today */
} nx_event_def;

const nx_event_def *nx_event_get(int kind);   /* NULL out of range or NX_EV_NONE */
int nx_event_parse(const char *id);           /* NX_EV_NONE when unknown */
const char *nx_event_key_name(unsigned key_bit);

#endif
