/*
 * The staging table: the host's "stage" action (docs/scenarios.md,
 * "Staging a rules game"; docs/protocol.md).
 *
 * A rules game created with `staging` (NX_OPT_STAGING) runs its phase
 * procedures like any rules game, and the host may also set a position
 * up: the phase to start (and the turn), the storm, spice behind shields
 * and on the board, forces, Treachery hands, the top of decks, alliances,
 * leaders in the Tanks, the Bene Gesserit prediction and (Advanced) their
 * advisor stances.  It is a logged action like any other, so replay, saved
 * games and retries stay exact, where poking the state from a test
 * (nx_game_state_mut) would break them.  Every other game refuses it.
 *
 * The whole action is read and validated into a plan first; only then is
 * anything changed, in a fixed, documented order (the `keys` table): when
 * a phase is staged the current phase is left first (its decisions
 * dropped), then the cards, forces, spice, storm, alliances and
 * prediction are set, and the staged phase is entered last, so its
 * procedure (run by nx_phases_settle right after the action) sees the
 * staged position.
 */
#include <stdio.h>
#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_text.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_names.h"
#include "nx_play.h"
#include "nx_spice.h"
#include "nx_stage.h"

#define SPICE_MAX 999          /* a staged amount, behind a shield or on a section */
#define FORCES_MAX 255         /* counters fit a byte */
#define SECTION_BYTES ((NX_MAP_SECTIONS + 7) / 8)

/* Everything one "stage" asks for, validated before anything moves. */
typedef struct plan {
    int phase, turn;                                        /* phase -1: not staged */
    int storm;
    uint8_t spice_seats;                                    /* seats whose spice is staged */
    int16_t spice[NX_MAX_SEATS];
    uint8_t board_set[SECTION_BYTES];                       /* sections whose spice is staged */
    uint16_t board_spice[NX_MAP_SECTIONS];
    uint8_t force_seats;
    uint8_t forces[NX_MAX_SEATS][NX_PLACE_COUNT][NX_FORCE_KINDS];   /* the whole wanted layout */
    uint8_t hand_seats;
    int nhand[NX_MAX_SEATS];
    nx_comp hand[NX_MAX_SEATS][NX_COMP_COUNT];
    struct {
        int n;
        nx_comp cards[NX_COMP_COUNT];                       /* the first ends on top */
    } tops[NX_Z_GLOBAL_COUNT];                              /* by zone */
    int nleaders;
    nx_comp leaders[NX_LEADER_COUNT];
    uint8_t ally[NX_MAX_SEATS];
    int prediction_faction, prediction_turn;                /* faction 0xff: no prediction */
    uint8_t advisor_territories[NX_TERRITORY_BYTES];
    uint8_t named[NX_COMP_COUNT];                           /* cards already named by this action */
    uint8_t traitor_seats;                                  /* seats whose Traitor hand is staged */
    int ntraitors[NX_MAX_SEATS];
    nx_comp traitors[NX_MAX_SEATS][NX_LEADER_COUNT];
    uint8_t nexus_seats;                                    /* seats whose held Nexus card is staged */
    nx_comp nexus[NX_MAX_SEATS];                            /* NX_COMP_NONE: holds none */
} plan;

typedef int (*read_fn)(nx_act *a, const json_t *v, plan *p);
typedef void (*apply_fn)(nx_act *a, const plan *p);

static uint8_t bit(int seat) { return (uint8_t)(1u << seat); }

/* ---- reading values ---------------------------------------------------------- */

static int int_at(nx_act *a, const json_t *v, int lo, int hi, const char *path, int *out)
{
    *out = lo;   /* defined even on failure (the optimiser cannot see that nx_act_fail returns -1) */
    if (!json_is_integer(v)) return nx_act_fail(a, "malformed", "%s must be an integer", path);
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi) return nx_act_fail(a, "illegal", "%s must be from %d to %d, not %lld", path, lo, hi, (long long)n);
    *out = (int)n;
    return 0;
}

static int need_object(nx_act *a, const json_t *v, const char *path, const char *shape)
{
    if (!json_is_object(v)) return nx_act_fail(a, "malformed", "%s must be an object %s", path, shape);
    return 0;
}

static int need_array(nx_act *a, const json_t *v, const char *path, const char *shape)
{
    if (!json_is_array(v)) return nx_act_fail(a, "malformed", "%s must be a list %s", path, shape);
    return 0;
}

/* "seat2", or the id of a faction in play ("harkonnen"); each seat once
 * per key (`seen`). */
static int seat_key(nx_act *a, const char *key, const char *k, uint8_t *seen, uint8_t *out)
{
    const nx_state *s = a->s;
    int seat = -1;
    nx_faction f = nx_faction_parse(k);
    if (!strncmp(k, "seat", 4) && k[4] >= '0' && k[4] <= '9' && !k[5]) seat = k[4] - '0';
    else if (f != NX_NO_FACTION && nx_state_seat_of(s, f) != NX_NO_SEAT) seat = nx_state_seat_of(s, f);
    if (seat < 0 || seat >= s->nseats)
        return nx_act_fail(a, "malformed", "%s: \"%s\" is not a seat of this game (\"seat0\" to \"seat%d\", or a faction in play)",
                           key, k, s->nseats - 1);
    if (*seen & bit(seat)) return nx_act_fail(a, "malformed", "%s: seat %d is named twice", key, seat);
    *seen |= bit(seat);
    *out = (uint8_t)seat;
    return 0;
}

/* A card id that is in this game and not yet named by this action. */
static int card_at(nx_act *a, plan *p, const json_t *v, const char *path, nx_comp *out)
{
    const char *id = json_string_value(v);
    nx_comp c = id ? nx_comp_parse(id) : NX_COMP_NONE;
    *out = NX_COMP_NONE;   /* defined even on failure, as in int_at */
    if (c == NX_COMP_NONE) return nx_act_fail(a, "malformed", "%s must name a card (\"treachery:karama#1\")", path);
    if (a->s->custody.zone[c] == NX_Z_OUT) return nx_act_fail(a, "illegal", "%s: %s is not in this game", path, id);
    if (p->named[c]) return nx_act_fail(a, "illegal", "%s: %s is named twice", path, id);
    p->named[c] = 1;
    *out = c;
    return 0;
}

/* Would custody accept card c in zone z?  (Its kinds rule, checked on a
 * trial copy so there is one statement of which card goes where.) */
static int card_fits(nx_act *a, nx_comp c, nx_zone z, const char *path)
{
    nx_custody trial = a->s->custody;
    char msg[160];
    nx_custody_move(&trial, c, z);
    if (nx_custody_check(&trial, msg, sizeof msg)) return nx_act_fail(a, "illegal", "%s: %s", path, msg);
    return 0;
}

/* ---- the keys: read ------------------------------------------------------------ */

static int read_phase(nx_act *a, const json_t *v, plan *p)
{
    const char *name = json_string_value(v);
    for (int ph = 0; name && ph < NX_P_COUNT; ph++)
        if (!strcmp(name, nx_names_phase[ph])) p->phase = ph;
    if (p->phase < 0)
        return nx_act_fail(a, "malformed", "\"phase\" must name a phase of the turn (\"storm\" .. \"mentat_pause\")");
    return 0;
}

static int read_turn(nx_act *a, const json_t *v, plan *p)
{
    if (!json_object_get(a->action, "phase")) return nx_act_fail(a, "malformed", "\"turn\" goes with \"phase\"");
    return int_at(a, v, 1, NX_LAST_TURN, "\"turn\"", &p->turn);
}

static int read_storm(nx_act *a, const json_t *v, plan *p)
{
    return int_at(a, v, 1, NX_MAP_SECTORS, "\"storm\" (a sector)", &p->storm);
}

static int read_spice(nx_act *a, const json_t *v, plan *p)
{
    if (need_object(a, v, "\"spice\"", "{\"seat0\": 12}")) return -1;
    const char *k;
    json_t *n;
    json_object_foreach((json_t *)v, k, n) {
        uint8_t seat;
        char path[64];
        int amount;
        nx_clip(path, sizeof path, "spice.%s", k);
        if (seat_key(a, "spice", k, &p->spice_seats, &seat) || int_at(a, n, 0, SPICE_MAX, path, &amount)) return -1;
        p->spice[seat] = (int16_t)amount;
    }
    return 0;
}

static int read_board_spice(nx_act *a, const json_t *v, plan *p)
{
    if (need_object(a, v, "\"board_spice\"", "{\"the_great_flat\": 10}")) return -1;
    const char *k;
    json_t *n;
    json_object_foreach((json_t *)v, k, n) {
        int sec = nx_map_section_parse(k), amount;
        char path[96];
        nx_clip(path, sizeof path, "board_spice.%s", k);
        if (sec < 0) return nx_act_fail(a, "malformed", "%s: not a board section (\"the_great_flat\", \"cielago_south.west\")", path);
        if (int_at(a, n, 0, SPICE_MAX, path, &amount)) return -1;
        nx_play_set_bit(p->board_set, sec, 1);
        p->board_spice[sec] = (uint16_t)amount;
    }
    return 0;
}

/* "reserves", "tanks" or a board section. */
static int place_of(const char *k)
{
    if (!strcmp(k, "reserves")) return NX_PLACE_RESERVES;
    if (!strcmp(k, "tanks")) return NX_PLACE_TANKS;
    int sec = nx_map_section_parse(k);
    return sec < 0 ? -1 : NX_PLACE_BOARD(sec);
}

static int counts_at(nx_act *a, const json_t *v, const char *path, uint8_t out[NX_FORCE_KINDS])
{
    if (!json_is_array(v) || json_array_size(v) != NX_FORCE_KINDS)
        return nx_act_fail(a, "malformed", "%s must be [ordinary, elite] counts", path);
    for (int kind = 0; kind < NX_FORCE_KINDS; kind++) {
        int n;
        if (int_at(a, json_array_get(v, (size_t)kind), 0, FORCES_MAX, path, &n)) return -1;
        out[kind] = (uint8_t)n;
    }
    return 0;
}

/* Conservation: what the staged places do not account for is in the
 * reserves.  Staging the reserves too must then add up exactly. */
static int balance(nx_act *a, uint8_t seat, int reserves_given, uint8_t f[NX_PLACE_COUNT][NX_FORCE_KINDS])
{
    nx_faction fac = (nx_faction)a->s->seats[seat].faction;
    const int total[NX_FORCE_KINDS] = { nx_faction_forces(fac), nx_faction_elite_forces(fac) };
    for (int kind = 0; kind < NX_FORCE_KINDS; kind++) {
        int elsewhere = 0;
        for (int place = 0; place < NX_PLACE_COUNT; place++)
            if (place != NX_PLACE_RESERVES) elsewhere += f[place][kind];
        const char *what = kind ? "elite" : "ordinary";
        if (reserves_given && elsewhere + f[NX_PLACE_RESERVES][kind] != total[kind])
            return nx_act_fail(a, "illegal", "forces.seat%d: %d %s forces in all, %s has %d (leave \"reserves\" out to balance)",
                               seat, elsewhere + f[NX_PLACE_RESERVES][kind], what, nx_faction_name(fac), total[kind]);
        if (elsewhere > total[kind])
            return nx_act_fail(a, "illegal", "forces.seat%d: %d %s forces outside the reserves, %s has only %d", seat,
                               elsewhere, what, nx_faction_name(fac), total[kind]);
        f[NX_PLACE_RESERVES][kind] = (uint8_t)(total[kind] - elsewhere);
    }
    return 0;
}

static int read_forces(nx_act *a, const json_t *v, plan *p)
{
    if (need_object(a, v, "\"forces\"", "{\"seat0\": {\"arrakeen\": [5, 0], \"tanks\": [2, 0]}}")) return -1;
    const char *k;
    json_t *places;
    json_object_foreach((json_t *)v, k, places) {
        uint8_t seat;
        char path[128];
        nx_clip(path, sizeof path, "forces.%s", k);
        if (seat_key(a, "forces", k, &p->force_seats, &seat) || need_object(a, places, path, "{place: [ordinary, elite]}"))
            return -1;
        const char *pk;
        json_t *counts;
        json_object_foreach(places, pk, counts) {
            int place = place_of(pk);
            nx_clip(path, sizeof path, "forces.%s.%s", k, pk);
            if (place < 0) return nx_act_fail(a, "malformed", "%s: \"%s\" is not reserves, tanks or a board section", path, pk);
            if (counts_at(a, counts, path, p->forces[seat][place])) return -1;
        }
        if (balance(a, seat, json_object_get(places, "reserves") != NULL, p->forces[seat])) return -1;
    }
    return 0;
}

/* A per-seat list of cards, {seat: [card ids]}: the shape "hand" and
 * "traitors" share.  `take` checks one card for its list and records it. */
typedef int (*take_card_fn)(nx_act *a, plan *p, uint8_t seat, nx_comp c, const char *path);

static int read_seat_cards(nx_act *a, const json_t *v, plan *p, const char *key, const char *example,
                           const char *shape, uint8_t *seen, take_card_fn take)
{
    char quoted[32];
    nx_clip(quoted, sizeof quoted, "\"%s\"", key);
    if (need_object(a, v, quoted, example)) return -1;
    const char *k;
    json_t *cards;
    json_object_foreach((json_t *)v, k, cards) {
        uint8_t seat;
        char path[96];
        nx_clip(path, sizeof path, "%s.%s", key, k);
        if (seat_key(a, key, k, seen, &seat) || need_array(a, cards, path, shape)) return -1;
        size_t i;
        json_t *id;
        json_array_foreach(cards, i, id) {
            nx_comp c;
            if (card_at(a, p, id, path, &c) || take(a, p, seat, c, path)) return -1;
        }
    }
    return 0;
}

static int take_hand_card(nx_act *a, plan *p, uint8_t seat, nx_comp c, const char *path)
{
    if (card_fits(a, c, NX_Z_SEAT(seat, NX_ZS_TREACHERY), path)) return -1;
    /* A card up for bid belongs to the auction in hand: taking it
     * would leave a lot without a card.  Staging a phase returns
     * the lots to the deck first (leave_phase), so it may then. */
    if (a->s->custody.zone[c] == NX_Z_AUCTION && !json_object_get(a->action, "phase"))
        return nx_act_fail(a, "illegal", "%s: %s is up for bid; stage a phase in the same action to take it",
                           path, nx_comp_id(c));
    p->hand[seat][p->nhand[seat]++] = c;
    return 0;
}

static int read_hand(nx_act *a, const json_t *v, plan *p)
{
    return read_seat_cards(a, v, p, "hand", "{\"seat0\": [\"treachery:karama#1\"]}", "of Treachery card ids",
                           &p->hand_seats, take_hand_card);
}

static int take_traitor_card(nx_act *a, plan *p, uint8_t seat, nx_comp c, const char *path)
{
    if (nx_comp_kind_of(c) != NX_COMP_TRAITOR) return nx_act_fail(a, "illegal", "%s: %s is not a Traitor Card", path, nx_comp_id(c));
    nx_zone z = a->s->custody.zone[c];
    if (z != NX_Z_TRAITOR_DECK && (nx_zone_seat(z) < 0 || z != NX_Z_SEAT(nx_zone_seat(z), NX_ZS_TRAITORS)))
        return nx_act_fail(a, "illegal", "%s: %s is neither in the Traitor Deck nor in a Traitor hand", path, nx_comp_id(c));
    if (p->ntraitors[seat] == NX_LEADER_COUNT) return nx_act_fail(a, "illegal", "%s: too many cards", path);
    p->traitors[seat][p->ntraitors[seat]++] = c;
    return 0;
}

/* "traitors": {seat: ["traitor:duncan_idaho", ...]}: the seat's Traitor
 * hand becomes exactly these cards, taken from the Traitor Deck or another
 * hand (a scenario names the identities a traitor call needs). */
static int read_traitors(nx_act *a, const json_t *v, plan *p)
{
    return read_seat_cards(a, v, p, "traitors", "{\"seat1\": [\"traitor:duncan_idaho\"]}", "of Traitor Card ids",
                           &p->traitor_seats, take_traitor_card);
}

static void apply_traitors(nx_act *a, const plan *p)
{
    nx_custody *c = &a->s->custody;
    for (uint8_t seat = 0; seat < a->s->nseats; seat++) {
        if (!(p->traitor_seats & bit(seat))) continue;
        nx_comp held[NX_COMP_COUNT];
        int n = nx_custody_list(c, NX_Z_SEAT(seat, NX_ZS_TRAITORS), held, NX_COMP_COUNT);
        for (int i = 0; i < n; i++) nx_custody_move_bottom(c, held[i], NX_Z_TRAITOR_DECK);
    }
    for (uint8_t seat = 0; seat < a->s->nseats; seat++)
        for (int i = 0; i < p->ntraitors[seat]; i++) nx_custody_move(c, p->traitors[seat][i], NX_Z_SEAT(seat, NX_ZS_TRAITORS));
}

/* "nexus": {seat: "nexus:emperor" | null}: the Nexus card a seat holds
 * (taken from wherever it is; a card it held goes to the Nexus deck's
 * bottom).  The Nexus card module must be in play. */
static int read_nexus(nx_act *a, const json_t *v, plan *p)
{
    if (!(a->s->options & NX_OPT_NEXUS_CARDS)) return nx_act_fail(a, "illegal", "nexus: the Nexus card module is not in play");
    if (need_object(a, v, "\"nexus\"", "{\"seat0\": \"nexus:emperor\"} (null: holds none)")) return -1;
    const char *k;
    json_t *id;
    json_object_foreach((json_t *)v, k, id) {
        uint8_t seat;
        char path[64];
        nx_clip(path, sizeof path, "nexus.%s", k);
        if (seat_key(a, "nexus", k, &p->nexus_seats, &seat)) return -1;
        p->nexus[seat] = NX_COMP_NONE;
        if (json_is_null(id)) continue;
        nx_comp c;
        if (card_at(a, p, id, path, &c)) return -1;
        if (nx_comp_kind_of(c) != NX_COMP_NEXUS) return nx_act_fail(a, "malformed", "%s: %s is not a Nexus card", path, nx_comp_id(c));
        p->nexus[seat] = c;
    }
    return 0;
}

static void apply_nexus(nx_act *a, const plan *p)
{
    nx_custody *c = &a->s->custody;
    for (uint8_t seat = 0; seat < a->s->nseats; seat++) {
        if (!(p->nexus_seats & bit(seat))) continue;
        nx_comp held = nx_custody_top(c, NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
        if (held != NX_COMP_NONE) nx_custody_move_bottom(c, held, NX_Z_NEXUS_DECK);
    }
    for (uint8_t seat = 0; seat < a->s->nseats; seat++)
        if ((p->nexus_seats & bit(seat)) && p->nexus[seat] != NX_COMP_NONE)
            nx_custody_move(c, p->nexus[seat], NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
}

/* Decks and discard piles (not the auction row: Bidding deals it). */
static int read_on_top(nx_act *a, const json_t *v, plan *p)
{
    if (need_object(a, v, "\"on_top\"", "{\"spice_deck\": [\"worm:1\", \"spice:the_great_flat\"]}")) return -1;
    const char *k;
    json_t *cards;
    json_object_foreach((json_t *)v, k, cards) {
        int z = nx_zone_parse(k);
        char path[96];
        nx_clip(path, sizeof path, "on_top.%s", k);
        if (z <= NX_Z_OUT || z >= NX_Z_GLOBAL_COUNT || !nx_zone_ordered((nx_zone)z) || z == NX_Z_AUCTION)
            return nx_act_fail(a, "malformed", "%s: not a deck or discard pile (\"spice_deck\", \"treachery_deck\", \"spice_discard_a\")", path);
        if (need_array(a, cards, path, "of card ids, the top card first")) return -1;
        size_t i;
        json_t *id;
        json_array_foreach(cards, i, id) {
            nx_comp c;
            if (card_at(a, p, id, path, &c) || card_fits(a, c, (nx_zone)z, path)) return -1;
            p->tops[z].cards[p->tops[z].n++] = c;
        }
    }
    return 0;
}

static int read_leaders(nx_act *a, const json_t *v, plan *p)
{
    if (need_array(a, v, "\"leaders\"", "of leader ids to send to the Tanks (\"leader:duncan_idaho\")")) return -1;
    size_t i;
    json_t *id;
    json_array_foreach(v, i, id) {
        nx_comp c;
        if (card_at(a, p, id, "leaders", &c)) return -1;
        if (nx_comp_kind_of(c) != NX_COMP_LEADER) return nx_act_fail(a, "malformed", "leaders: %s is not a leader", nx_comp_id(c));
        if (a->s->custody.zone[c] == NX_Z_TANKS) return nx_act_fail(a, "illegal", "leaders: %s is already in the Tanks", nx_comp_id(c));
        p->leaders[p->nleaders++] = c;
    }
    return 0;
}

static int read_alliance(nx_act *a, const json_t *v, plan *p)
{
    if (need_array(a, v, "\"alliance\"", "of seat pairs ([[0, 1]]; [] breaks every alliance)")) return -1;
    size_t i;
    json_t *pair;
    json_array_foreach(v, i, pair) {
        int x, y;
        char path[48];
        nx_fmt(path, sizeof path, "alliance[%zu]", i);
        if (!json_is_array(pair) || json_array_size(pair) != 2)
            return nx_act_fail(a, "malformed", "%s must be a pair of seats [0, 1]", path);
        if (int_at(a, json_array_get(pair, 0), 0, a->s->nseats - 1, path, &x) ||
            int_at(a, json_array_get(pair, 1), 0, a->s->nseats - 1, path, &y))
            return -1;
        if (x == y) return nx_act_fail(a, "illegal", "%s: a seat cannot ally with itself", path);
        if (a->s->nseats == 2)
            return nx_act_fail(a, "illegal", "%s: in a two-player game the two players are opponents: no alliance", path);
        if (p->ally[x] != NX_NO_SEAT || p->ally[y] != NX_NO_SEAT)
            return nx_act_fail(a, "illegal", "%s: a seat is in one alliance at most", path);
        p->ally[x] = (uint8_t)y;
        p->ally[y] = (uint8_t)x;
    }
    return 0;
}

static int read_prediction(nx_act *a, const json_t *v, plan *p)
{
    const nx_state *s = a->s;
    if (nx_state_seat_of(s, NX_BENE_GESSERIT) == NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "prediction: the Bene Gesserit are not in this game");
    if (json_is_null(v)) return 0;   /* no prediction */
    if (need_object(a, v, "\"prediction\"", "{\"faction\": \"harkonnen\", \"turn\": 4} or null")) return -1;
    const char *k;
    json_t *x;
    json_object_foreach((json_t *)v, k, x)
        if (strcmp(k, "faction") && strcmp(k, "turn")) return nx_act_fail(a, "malformed", "prediction: unknown key \"%s\"", k);
    const char *id = json_string_value(json_object_get(v, "faction"));
    nx_faction f = id ? nx_faction_parse(id) : NX_NO_FACTION;
    if (f == NX_NO_FACTION) return nx_act_fail(a, "malformed", "prediction.faction must name a faction (\"harkonnen\")");
    if (f == NX_BENE_GESSERIT || nx_state_seat_of(s, f) == NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "prediction.faction must be another faction in this game, not %s", nx_faction_name(f));
    p->prediction_faction = f;
    return int_at(a, json_object_get(v, "turn"), 1, NX_LAST_TURN, "prediction.turn", &p->prediction_turn);
}

/* Advanced Bene Gesserit: the territories where their forces (as staged)
 * are advisors; everywhere else they are fighters. */
static int read_advisors(nx_act *a, const json_t *v, plan *p)
{
    const nx_state *s = a->s;
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    if (!(s->options & NX_OPT_ADVANCED) || bg == NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "advisors: only the Advanced Bene Gesserit have advisors");
    if (need_array(a, v, "\"advisors\"", "of territories (\"arrakeen\")")) return -1;
    size_t i;
    json_t *id;
    json_array_foreach(v, i, id) {
        int t = json_is_string(id) ? nx_map_territory_parse(json_string_value(id)) : -1;
        if (t < 0) return nx_act_fail(a, "malformed", "advisors[%zu] must name a territory (\"arrakeen\")", i);
        int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY), here = 0;
        for (int k = 0; k < n; k++) here += p->forces[bg][NX_PLACE_BOARD(secs[k])][0] + p->forces[bg][NX_PLACE_BOARD(secs[k])][1];
        if (!here) return nx_act_fail(a, "illegal", "advisors: the Bene Gesserit have no forces in %s", nx_map_territory_name(t));
        nx_play_set_bit(p->advisor_territories, t, 1);
    }
    return 0;
}

/* ---- the keys: apply ------------------------------------------------------------- */

/* The hands become exactly the staged cards; what they held before goes
 * to the bottom of the Treachery Deck.  Two passes, so a card may move
 * from one staged hand to another. */
static void apply_hand(nx_act *a, const plan *p)
{
    nx_custody *c = &a->s->custody;
    for (uint8_t seat = 0; seat < a->s->nseats; seat++) {
        if (!(p->hand_seats & bit(seat))) continue;
        nx_comp held[NX_COMP_COUNT];
        int n = nx_custody_list(c, NX_Z_SEAT(seat, NX_ZS_TREACHERY), held, NX_COMP_COUNT);
        for (int i = 0; i < n; i++) nx_custody_move_bottom(c, held[i], NX_Z_TREACHERY_DECK);
    }
    for (uint8_t seat = 0; seat < a->s->nseats; seat++)
        for (int i = 0; i < p->nhand[seat]; i++) nx_custody_move(c, p->hand[seat][i], NX_Z_SEAT(seat, NX_ZS_TREACHERY));
}

/* Zone by zone in their fixed order, not in the action's key order: the
 * log keeps actions with sorted keys, and a replay must give the very same
 * order keys. */
static void apply_on_top(nx_act *a, const plan *p)
{
    for (int z = 0; z < NX_Z_GLOBAL_COUNT; z++)
        for (int i = p->tops[z].n - 1; i >= 0; i--) nx_custody_move(&a->s->custody, p->tops[z].cards[i], (nx_zone)z);
}

/* Killed, for the revival bookkeeping too (nx_board_leader_killed). */
static void apply_leaders(nx_act *a, const plan *p)
{
    for (int i = 0; i < p->nleaders; i++) nx_board_leader_killed(a->s, nx_comp_leader(p->leaders[i]));
}

/* Counters go back to the reserves first, then out to their places, so
 * the reserves always hold what moves (balance() checked the totals). */
static void apply_forces(nx_act *a, const plan *p)
{
    nx_state *s = a->s;
    for (int pass = 0; pass < 2; pass++)
        for (uint8_t seat = 0; seat < s->nseats; seat++) {
            if (!(p->force_seats & bit(seat))) continue;
            for (int place = 0; place < NX_PLACE_COUNT; place++)
                for (int kind = 0; kind < NX_FORCE_KINDS; kind++) {
                    int have = s->seats[seat].forces[place][kind], want = p->forces[seat][place][kind];
                    if (place == NX_PLACE_RESERVES) continue;
                    if (pass == 0 && have > want) nx_state_move_forces(s, seat, kind, place, NX_PLACE_RESERVES, have - want);
                    if (pass == 1 && want > have) nx_state_move_forces(s, seat, kind, NX_PLACE_RESERVES, place, want - have);
                }
        }
    /* No advisor mark where the Bene Gesserit no longer are. */
    nx_move_tidy_advisors(s);
}

static void apply_advisors(nx_act *a, const plan *p)
{
    nx_state *s = a->s;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) nx_move_set_stance(s, t, nx_play_bit(p->advisor_territories, t));
    nx_move_tidy_advisors(s);
}

static void apply_spice(nx_act *a, const plan *p)
{
    for (uint8_t seat = 0; seat < a->s->nseats; seat++)
        if (p->spice_seats & bit(seat)) nx_spice_set(a, seat, p->spice[seat], "staged");
}

static void apply_board_spice(nx_act *a, const plan *p)
{
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (nx_play_bit(p->board_set, sec)) {
            nx_board_spice_clear(a->s, sec);
            nx_board_spice_add(a->s, sec, p->board_spice[sec]);
        }
}

/* The storm order follows the storm (nx_board_update_first_seat). */
static void apply_storm(nx_act *a, const plan *p)
{
    nx_state *s = a->s;
    s->play.storm_sector = (uint8_t)p->storm;
    nx_board_update_first_seat(s);
    char who[64];
    nx_act_log(a, "the storm stands in sector %d; %s is First Player", p->storm, nx_act_who(s, s->first_seat, who, sizeof who));
}

/* Alliances as listed, and only those; no Nexus card is discarded. */
static void apply_alliance(nx_act *a, const plan *p)
{
    for (uint8_t seat = 0; seat < a->s->nseats; seat++) {
        if (a->s->seats[seat].ally != p->ally[seat]) a->s->seats[seat].aid = 0;   /* an offer of aid is to the ally */
        a->s->seats[seat].ally = p->ally[seat];
        a->s->seats[seat].offers = 0;
    }
}

static void apply_prediction(nx_act *a, const plan *p)
{
    a->s->play.prediction_faction = (uint8_t)p->prediction_faction;
    a->s->play.prediction_turn = (uint8_t)(p->prediction_faction == 0xff ? 0 : p->prediction_turn);
}

/*
 * The keys in the order they are applied.  "turn" and "phase" apply
 * around the others: leaving the current phase comes first, entering the
 * staged one last (stage()).
 */
static const struct stage_key {
    const char *key;
    read_fn read;
    apply_fn apply;
} keys[] = {
    { "hand", read_hand, apply_hand },
    { "on_top", read_on_top, apply_on_top },
    { "leaders", read_leaders, apply_leaders },
    { "forces", read_forces, apply_forces },
    { "advisors", read_advisors, apply_advisors },
    { "spice", read_spice, apply_spice },
    { "board_spice", read_board_spice, apply_board_spice },
    { "storm", read_storm, apply_storm },
    { "alliance", read_alliance, apply_alliance },
    { "prediction", read_prediction, apply_prediction },
    { "nexus", read_nexus, apply_nexus },
    { "traitors", read_traitors, apply_traitors },
    { "phase", read_phase, NULL },
    { "turn", read_turn, NULL },
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* ---- leaving and entering a phase ------------------------------------------------- */

/* Setup's open choices: every Traitor offer keeps its first card (as a
 * scenario's answer_setup does); the other setup decisions are dropped
 * (the Fremen's forces stay in reserve, no prediction unless staged). */
static void finish_setup(nx_act *a)
{
    nx_state *s = a->s;
    /* Dropped choices first: then the cards are dealt, as after them. */
    for (int i = s->npending - 1; i >= 0; i--)
        if (s->pending[i].kind != NX_PEND_TRAITOR_SELECT) nx_state_remove_pending(s, &s->pending[i]);
    nx_setup_deal(a);
    for (int i = 0; i < s->npending; i++) {
        const nx_pending *p = &s->pending[i];
        if (p->kind != NX_PEND_TRAITOR_SELECT) continue;
        nx_custody_move(&s->custody, p->options[0], NX_Z_SEAT(p->seat, NX_ZS_TRAITORS));
        nx_comp rest[4];
        int n = nx_custody_list(&s->custody, NX_Z_SEAT(p->seat, NX_ZS_TRAITOR_OFFER), rest, 4);
        for (int k = 0; k < n; k++) nx_custody_move_bottom(&s->custody, rest[k], NX_Z_TRAITOR_DECK);
    }
    nx_setup_finish(a);
}

/* Cards a phase left in passing places go back: unsold lots on top of the
 * Treachery Deck (as when bidding is bought in), turn-1 worms set aside
 * into the Spice Deck (shuffled, as at the end of Spice Blow). */
static void return_cards_in_passing(nx_state *s)
{
    nx_comp v[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, NX_Z_AUCTION, v, NX_COMP_COUNT);
    for (int i = n - 1; i >= 0; i--) nx_custody_move(&s->custody, v[i], NX_Z_TREACHERY_DECK);
    n = nx_custody_list(&s->custody, NX_Z_SET_ASIDE, v, NX_COMP_COUNT);
    int back = 0;
    for (int i = 0; i < n; i++)     /* a set-aside Family Atomics stays out of play */
        if (nx_comp_kind_of(v[i]) == NX_COMP_SPICE) {
            nx_custody_move(&s->custody, v[i], NX_Z_SPICE_DECK);
            back++;
        }
    if (back) nx_custody_shuffle(&s->custody, NX_Z_SPICE_DECK, &s->rng);
}

/*
 * The progress of a phase left half-way goes back to "none" (as
 * nx_play_init has it): every field of nx_play but those that outlive a
 * phase, kept here.  A field added to nx_play that must survive a change
 * of phase (as the storm or the prediction do) belongs in this list.
 */
static void reset_progress(nx_state *s)
{
    nx_play keep = s->play;
    nx_play_init(&s->play);
#define KEEP(field) memcpy(&s->play.field, &keep.field, sizeof keep.field)
    KEEP(rule);
    KEEP(circle);
    KEEP(storm_sector);
    KEEP(dialers);
    KEEP(shield_wall_down);
    KEEP(prediction_faction);
    KEEP(prediction_turn);
    KEEP(leader_died);
    KEEP(leader_again);
    KEEP(revived_elite);       /* one elite a turn, by any route (FAQ-N p.2) */
    KEEP(kh_losses);           /* the Kwisatz Haderach's tally lasts the game */
    KEEP(kh_dead);
    KEEP(advisors);
    KEEP(winners);
    KEEP(over);
    KEEP(spice);
    /* What is owed at the next Mentat Pause outlives any change of phase
     * (core/nx_effects.h); every narrower effect ends with the phase left. */
    KEEP(effect_kind);
    KEEP(effect_seat);
    KEEP(effect_source);
    KEEP(effect_end);
    KEEP(effect_arg);
    KEEP(effect_territory);
    KEEP(effect_turn);
    nx_effects_expire(s, NX_END_TURN);
    KEEP(karama_power_used);   /* once a game (LV 1.14) */
#undef KEEP
    s->negotiating = 0;
    s->nexus_occurred = 0;
    s->draw_next = NX_NO_SEAT;
    nx_state_clear_offers(s);
}

static void leave_phase(nx_act *a)
{
    nx_state *s = a->s;
    if (s->phase == NX_P_SETUP) finish_setup(a);
    while (s->npending) nx_state_remove_pending(s, &s->pending[0]);
    return_cards_in_passing(s);
    reset_progress(s);
}

static void enter_phase(nx_act *a, const plan *p)
{
    nx_state *s = a->s;
    /* Not NX_P_SETUP any more, so nx_phases_enter keeps the staged turn. */
    s->phase = (uint8_t)p->phase;
    s->turn = (uint8_t)p->turn;
    nx_phases_enter(a, p->phase);
}

/* ---- the action ------------------------------------------------------------------------ */

static void plan_init(const nx_state *s, plan *p)
{
    memset(p, 0, sizeof *p);
    p->phase = -1;
    p->turn = s->turn ? s->turn : 1;
    p->prediction_faction = 0xff;
    for (int i = 0; i < NX_MAX_SEATS; i++) {
        p->ally[i] = NX_NO_SEAT;
        if (i < s->nseats) memcpy(p->forces[i], s->seats[i].forces, sizeof p->forces[i]);
    }
}

static int act_stage(nx_act *a)
{
    const char *names[NKEYS + 1];
    for (size_t i = 0; i < NKEYS; i++) names[i] = keys[i].key;
    names[NKEYS] = NULL;
    if (nx_arg_keys(a, names)) return -1;
    if (!(a->s->options & NX_OPT_STAGING))
        return nx_act_fail(a, "illegal", "\"stage\" is only allowed on a staging table (a game created with staging)");
    plan p;
    plan_init(a->s, &p);
    char staged[160] = "";
    for (size_t i = 0; i < NKEYS; i++) {
        json_t *v = json_object_get(a->action, keys[i].key);
        if (!v) continue;
        if (keys[i].read(a, v, &p)) return -1;
        size_t used = strlen(staged);
        nx_fmt(staged + used, sizeof staged - used, "%s%s", used ? ", " : "", keys[i].key);
    }
    if (!staged[0]) return nx_act_fail(a, "malformed", "\"stage\" names nothing to stage (docs/scenarios.md lists the keys)");
    /* Validated: from here on nothing is refused.  The log names what was
     * staged, never a card (hands are secret). */
    nx_act_log(a, "the host stages: %s", staged);
    if (p.phase >= 0) leave_phase(a);
    for (size_t i = 0; i < NKEYS; i++)
        if (keys[i].apply && json_object_get(a->action, keys[i].key)) keys[i].apply(a, &p);
    if (p.phase >= 0) enter_phase(a, &p);
    return 0;
}

static const nx_act_entry stage_actions[] = {
    { "stage", act_stage, 1 },
    { NULL, NULL, 0 },
};

const nx_module nx_mod_stage = { "stage", -1, NULL, stage_actions, NULL };
