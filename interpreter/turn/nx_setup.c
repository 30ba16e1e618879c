/*
 * Setup: seats and player circles, starting spice and forces, the Spice
 * Deck (and the Advanced storm deck), the Traitor deal, the Nexus deck and
 * the setup decisions: the Bene Gesserit prediction, the Fremen placement
 * and, Advanced, the Bene Gesserit advisor (docs/rules/phase-setup.md).
 *
 * Traitor Cards (base rules p.6, quick-start p.4): the deck holds the
 * Traitor Cards of the participating factions' leaders; each player is
 * dealt four, keeps one and returns the other three face down to the
 * bottom of the deck.  Harkonnen keeps all four.  Tleilaxu takes no
 * Traitor Cards; after the returns the deck is shuffled and Tleilaxu draws
 * three Face Dancers (Ixians & Tleilaxu p.6).  See docs/rules/traitors.md.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_leaders.h"
#include "nx_turn.h"
#include "nx_movement.h"
#include "nx_rules.h"
#include "nx_spice.h"

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

/* The Nexus card deck, when the module is in play: every faction's card,
 * absent ones included (removing them would remove Secret Ally;
 * nexus/nx_lifecycle.c, lifecycle 2). */
static void build_nexus_deck(nx_state *s)
{
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        nx_custody_move(&s->custody, nx_comp_nexus((nx_faction)f), NX_Z_NEXUS_DECK);
    nx_custody_shuffle(&s->custody, NX_Z_NEXUS_DECK, &s->rng);
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
        nx_fmt(p->prompt, sizeof p->prompt, "Keep one of your four Traitor Cards");
    }
}

/* ---- player circles ------------------------------------------------------- */

/*
 * Circle k lies at sector 3k (circle 0 at sector 18, the Storm Start):
 * docs/rules/turn.md 1.4.  "spread" seats K players evenly over the six
 * circles, "consecutive" on the first K.  Seats take the used circles in
 * increasing sector order, so storm order (by seat index from first_seat)
 * is exactly circle order.
 */
static void place_circles(nx_state *s)
{
    int used[6] = { 0 };
    for (int k = 0; k < s->nseats; k++)
        used[s->play.rule[NX_RULE_PLAYER_CIRCLES] == NX_RS_TURN_PLAYER_CIRCLES_CONSECUTIVE ? k : k * 6 / s->nseats] = 1;
    int seat = 0;
    for (int sector = 3; sector <= NX_MAP_SECTORS; sector += 3)
        if (used[(sector / 3) % 6]) s->play.circle[seat++] = (uint8_t)sector;
}

/* ---- starting spice and forces ------------------------------------------------- */

/* How a faction's starting forces are placed. */
typedef enum {
    START_FIXED,        /* `count` on `section` (none when section is NULL) */
    START_FREMEN,       /* `count` over Sietch Tabr, False Wall South and West, by choice */
    START_BG,           /* Basic: fixed; Advanced: one advisor anywhere, by choice */
} start_kind;

/*
 * docs/rules/turn.md 1.2 and 3.  Expansion factions whose placement needs
 * something the engine does not model yet keep those forces in reserve
 * (provisional): Ixians (the Hidden Mobile Stronghold) and Moritani (six
 * anywhere, after everyone else).
 */
static const struct start_row {
    int spice;
    start_kind kind;
    const char *section;
    int count;
} start[NX_FACTION_COUNT] = {
    [NX_ATREIDES] = { 10, START_FIXED, "arrakeen", 10 },
    [NX_BENE_GESSERIT] = { 5, START_BG, "polar_sink", 1 },
    [NX_EMPEROR] = { 10, START_FIXED, NULL, 0 },
    [NX_FREMEN] = { 3, START_FREMEN, NULL, 10 },
    [NX_HARKONNEN] = { 10, START_FIXED, "carthag", 10 },
    [NX_SPACING_GUILD] = { 5, START_FIXED, "tueks_sietch", 5 },
    [NX_IXIANS] = { 10, START_FIXED, NULL, 0 },
    [NX_TLEILAXU] = { 5, START_FIXED, NULL, 0 },
    [NX_CHOAM] = { 2, START_FIXED, NULL, 0 },
    [NX_RICHESE] = { 5, START_FIXED, NULL, 0 },
    [NX_ECAZ] = { 12, START_FIXED, "imperial_basin.center", 6 },
    [NX_MORITANI] = { 12, START_FIXED, NULL, 0 },
};

static const char *const fremen_territories[] = { "sietch_tabr", "false_wall_south", "false_wall_west" };
#define FREMEN_TERRITORIES 3

static int fremen_may_start_in(int t)
{
    for (int i = 0; i < FREMEN_TERRITORIES; i++)
        if (t == nx_map_territory_parse(fremen_territories[i])) return 1;
    return 0;
}

static void place_fixed(nx_state *s, uint8_t seat, const char *section, int count)
{
    if (!section || !count) return;
    int sec = nx_map_section_parse(section);
    nx_state_move_forces(s, seat, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(sec), count);
}

/* A choice of starting positions is a decision: min = max = how many. */
static void open_placement(nx_state *s, uint8_t seat, int count, const char *prompt)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_PLACEMENT, seat);
    p->min = p->max = (int16_t)count;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "%s", prompt);
}

/*
 * Spice and forces for every seat.  Rules games ask the choices; a
 * designer's table has no one to ask, so the choices take a default the
 * designer can see (Fremen all ten in Sietch Tabr, Bene Gesserit in the
 * Polar Sink).  The Advanced Bene Gesserit advisor is asked after the
 * Fremen have placed (setup_procedure).
 */
static void starting_positions(nx_act *a, int ask)
{
    nx_state *s = a->s;
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        const struct start_row *r = &start[s->seats[seat].faction];
        nx_spice_set(a, seat, r->spice, "starting spice");
        switch (r->kind) {
        case START_FIXED: place_fixed(s, seat, r->section, r->count); break;
        case START_BG:
            if (!ask || !(s->options & NX_OPT_ADVANCED)) place_fixed(s, seat, r->section, r->count);
            break;
        case START_FREMEN:
            if (ask) open_placement(s, seat, r->count, "Place your 10 starting forces in Sietch Tabr, False Wall South and False Wall West");
            else place_fixed(s, seat, fremen_territories[0], r->count);
            break;
        }
    }
}

/* ---- decks ----------------------------------------------------------------------- */

/* The storm deck replaces the dials in Advanced games with the Fremen
 * (docs/rules/turn.md 2.1.3; ruling turn.advanced_storm_deck). */
static int storm_deck_used(const nx_state *s)
{
    return (s->options & NX_OPT_ADVANCED) && s->play.rule[NX_RULE_STORM_DECK] == NX_RS_TURN_ADVANCED_STORM_DECK_WITH_FREMEN &&
           nx_state_seat_of(s, NX_FREMEN) != NX_NO_SEAT;
}

/* Put the Spice Deck (and the storm deck) in; they are shuffled after the
 * seal, with the deals, so the components are fixed first. */
static void place_decks(nx_state *s)
{
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) nx_custody_move(&s->custody, nx_comp_spice(i), NX_Z_SPICE_DECK);
    if (storm_deck_used(s))
        for (int v = 1; v <= NX_STORM_CARDS; v++) nx_custody_move(&s->custody, nx_comp_storm(v), NX_Z_STORM_DECK);
}

/* ---- the setup decisions ------------------------------------------------------------ */

static void open_prediction(nx_state *s)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    if (bg == NX_NO_SEAT) return;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_PREDICTION, bg);
    p->min = 1;
    p->max = NX_LAST_TURN;
    p->event = nx_state_new_event(s);
    nx_fmt(p->prompt, sizeof p->prompt, "Secretly predict which other faction wins, and on which turn");
}

void nx_setup_run(nx_act *a, const nx_faction *factions, int nseats, uint8_t options)
{
    nx_state *s = a->s;
    int rules_game = !(options & NX_OPT_DESIGNER);
    nx_rules_pin(a);
    s->nseats = (uint8_t)nseats;
    for (int i = 0; i < nseats; i++) {
        s->seats[i].faction = (int8_t)factions[i];
        nx_state_reserve_all_forces(s, (uint8_t)i);
    }
    place_circles(s);
    /* Until the first storm fixes it, storm order runs from the Storm
     * Start (deals and draws during setup follow it). */
    nx_board_update_first_seat(s);
    place_leaders(s);
    build_traitor_deck(s);
    if (options & NX_OPT_NEXUS_CARDS) build_nexus_deck(s);
    int copies[NX_TREACHERY_COPY_COUNT];
    int n = nx_treachery_deck(NX_TREACHERY_EXP_BASE, copies, NX_TREACHERY_COPY_COUNT);
    for (int i = 0; i < n; i++) nx_custody_move(&s->custody, nx_comp_treachery(copies[i]), NX_Z_TREACHERY_DECK);
    place_decks(s);
    nx_custody_seal(&s->custody);
    nx_custody_shuffle(&s->custody, NX_Z_SPICE_DECK, &s->rng);
    nx_custody_shuffle(&s->custody, NX_Z_STORM_DECK, &s->rng);
    /* The setup sequence (docs/rules/phase-setup.md): the Bene Gesserit
     * predict and the forces are placed before any Traitor or Treachery
     * Card is dealt, so neither choice can use what those cards show.
     * A designer's table has none of those choices: it deals at once. */
    if (rules_game) open_prediction(s);
    starting_positions(a, rules_game);
    nx_act_log(a, "setup: starting spice and forces are in place");
    if (!rules_game) nx_setup_deal(a);
    /* Designer's tables with nothing to decide start at once; rules games
     * start when nx_phases_settle finds setup's decisions all answered. */
    if (s->npending == 0 && !rules_game) nx_phases_end_setup(a);
}

/* Has the deal been made?  Every seat is dealt a Treachery Card. */
static int dealt(const nx_state *s)
{
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (nx_custody_count(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY))) return 1;
    return 0;
}

void nx_setup_deal_state(nx_state *s)
{
    if (dealt(s)) return;
    deal_traitors(s);
    deal_treachery(s);
}

void nx_setup_deal(nx_act *a)
{
    if (dealt(a->s)) return;
    nx_setup_deal_state(a->s);
    nx_act_log(a, "setup: Traitor Cards and Treachery Cards are dealt");
}

/* Setup's own procedure (rules games), run once the decisions opened by
 * nx_setup_run are answered: the Advanced Bene Gesserit places its advisor
 * after the Fremen (LV 2.02 Advanced Starting Forces); then the Traitor
 * and Treachery Cards are dealt, the Traitor offers being the last setup
 * decisions. */
static int setup_procedure(nx_act *a)
{
    nx_state *s = a->s;
    switch (s->play.step) {
    case 0: {
        s->play.step = 1;
        uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
        if (bg == NX_NO_SEAT || !(s->options & NX_OPT_ADVANCED)) return setup_procedure(a);
        open_placement(s, bg, start[NX_BENE_GESSERIT].count, "Place your starting advisor in any territory");
        return 1;
    }
    case 1:
        s->play.step = 2;
        nx_setup_deal(a);
        return s->npending > 0;
    case 2: return 0;       /* the deal's decisions are answered */
    default: assert(!"setup: no such step"); return 0;
    }
}

/* ---- actions --------------------------------------------------------------------------- */

static int act_predict(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_PREDICTION);
    nx_faction f;
    int turn;
    if (!p || nx_arg_keys(a, NX_KEYS("faction", "turn")) || nx_arg_faction(a, "faction", &f) ||
        nx_arg_int(a, "turn", 1, NX_LAST_TURN, &turn))
        return -1;
    nx_state *s = a->s;
    if (f == NX_BENE_GESSERIT || nx_state_seat_of(s, f) == NX_NO_SEAT)
        return nx_act_fail(a, "illegal", "the prediction must name another faction in this game, not %s", nx_faction_name(f));
    s->play.prediction_faction = (uint8_t)f;
    s->play.prediction_turn = (uint8_t)turn;
    nx_state_remove_pending(s, p);
    /* Secret: the view shows it to the Bene Gesserit only. */
    nx_act_log(a, "Bene Gesserit makes its prediction");
    return 0;
}

/* Forces a placement asks for: per section, [ordinary, elite]. */
typedef int placement[NX_MAP_SECTIONS][NX_FORCE_KINDS];

static int read_group(nx_act *a, size_t i, json_t *g, placement want)
{
    const char *k;
    json_t *v;
    if (!json_is_object(g)) return nx_act_fail(a, "malformed", "forces[%zu] must be an object {section, count, elite}", i);
    json_object_foreach(g, k, v)
        if (strcmp(k, "section") && strcmp(k, "count") && strcmp(k, "elite"))
            return nx_act_fail(a, "malformed", "forces[%zu]: unknown key \"%s\"", i, k);
    int sec = nx_map_section_parse(json_string_value(json_object_get(g, "section")));
    if (sec < 0) return nx_act_fail(a, "malformed", "forces[%zu].section must name a board section (\"sietch_tabr\")", i);
    const char *keys[NX_FORCE_KINDS] = { "count", "elite" };
    int total = 0;
    for (int kind = 0; kind < NX_FORCE_KINDS; kind++) {
        json_t *n = json_object_get(g, keys[kind]);
        if (n && (!json_is_integer(n) || json_integer_value(n) < 0 || json_integer_value(n) > 20))
            return nx_act_fail(a, "malformed", "forces[%zu].%s must be a number from 0 to 20", i, keys[kind]);
        int c = n ? (int)json_integer_value(n) : 0;
        want[sec][kind] += c;
        total += c;
    }
    if (!total) return nx_act_fail(a, "malformed", "forces[%zu] places nothing", i);
    return 0;
}

/* Where and how many a seat may place, checked before anything moves. */
static int check_placement(nx_act *a, const nx_pending *p, placement want)
{
    nx_state *s = a->s;
    int fremen = s->seats[p->seat].faction == NX_FREMEN, got[NX_FORCE_KINDS] = { 0, 0 };
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        if (!want[sec][0] && !want[sec][1]) continue;
        int t = nx_map_section_territory(sec);
        if (fremen && !fremen_may_start_in(t))
            return nx_act_fail(a, "illegal", "Fremen start only in Sietch Tabr, False Wall South and False Wall West, not %s",
                               nx_map_territory_name(t));
        for (int kind = 0; kind < NX_FORCE_KINDS; kind++) got[kind] += want[sec][kind];
    }
    if (got[0] + got[1] != p->max)
        return nx_act_fail(a, "illegal", "place exactly %d forces, not %d", p->max, got[0] + got[1]);
    if (got[1] && fremen && s->play.rule[NX_RULE_FEDAYKIN_AT_SETUP] == NX_RS_TURN_FEDAYKIN_AT_SETUP_FORBIDDEN)
        return nx_act_fail(a, "illegal", "Fedaykin may not be among the starting forces (ruling turn.fedaykin_at_setup)");
    for (int kind = 0; kind < NX_FORCE_KINDS; kind++)
        if (got[kind] > nx_board_reserves(s, p->seat, kind))
            return nx_act_fail(a, "illegal", "only %d %s forces are in reserve, not %d", nx_board_reserves(s, p->seat, kind),
                               kind ? "elite" : "ordinary", got[kind]);
    return 0;
}

/* The Advanced Bene Gesserit force starts as an advisor, or as a fighter
 * when alone in its territory (LV 2.02 Advanced Starting Forces). */
static void set_bg_stance(nx_state *s, uint8_t bg, int sec)
{
    uint8_t others = (uint8_t)(nx_board_occupants(s, nx_map_section_territory(sec), 0) & ~(1u << bg));
    nx_board_set_advisor(s, sec, others != 0);
}

static int act_place_forces(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_PLACEMENT);
    if (!p || nx_arg_keys(a, NX_KEYS("forces"))) return -1;
    json_t *groups = json_object_get(a->action, "forces");
    if (!json_is_array(groups) || !json_array_size(groups))
        return nx_act_fail(a, "malformed", "\"forces\" must be a list of {section, count, elite}");
    placement want;
    memset(want, 0, sizeof want);
    size_t i;
    json_t *g;
    json_array_foreach(groups, i, g) if (read_group(a, i, g, want)) return -1;
    if (check_placement(a, p, want)) return -1;
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    nx_state_remove_pending(s, p);
    char who[64], line[400];
    int len = nx_fmt(line, sizeof line, "%s places its starting forces:", nx_act_who(s, seat, who, sizeof who)), placed = 0;
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++) {
        if (!want[sec][0] && !want[sec][1]) continue;
        for (int kind = 0; kind < NX_FORCE_KINDS; kind++)
            nx_state_move_forces(s, seat, kind, NX_PLACE_RESERVES, NX_PLACE_BOARD(sec), want[sec][kind]);
        if (s->seats[seat].faction == NX_BENE_GESSERIT) set_bg_stance(s, seat, sec);
        if (len < (int)sizeof line)
        {
            char n[48], where[64];
            len += nx_fmt(line + len, sizeof line - (size_t)len, "%s %s in %s", placed++ ? "," : "",
                            nx_move_forces_label(want[sec][0], want[sec][1], n, sizeof n),
                            nx_move_section_label(sec, where, sizeof where));
        }
    }
    nx_act_log(a, "%s", line);
    return 0;
}

/* ---- bots -------------------------------------------------------------------------------- */

/* Stronger starting positions win earlier: a rough prior per faction. */
static int faction_strength(nx_faction f)
{
    return f == NX_HARKONNEN || f == NX_ATREIDES || f == NX_EMPEROR ? 3 : 2;
}

static void prediction_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)p;
    for (int i = 0; i < s->nseats; i++) {
        nx_faction f = (nx_faction)s->seats[i].faction;
        if (f == NX_BENE_GESSERIT) continue;
        for (int turn = 1; turn <= NX_LAST_TURN; turn++) {
            int mid = 5 - abs(turn - 5);
            nx_moves_add(out, 3 * faction_strength(f) + mid,
                         json_pack("{s:s, s:s, s:i}", "type", "predict", "faction", nx_faction_id(f), "turn", turn));
        }
    }
}

static json_t *group(const char *section, int count, int elite)
{
    return json_pack("{s:s, s:i, s:i}", "section", section, "count", count, "elite", elite);
}

/* A few Fremen distributions (Sietch Tabr, False Wall South, False Wall
 * West); the Fedaykin guard the sietch when they may start on the board. */
static void fremen_placement_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    static const struct { int tabr, south, west, score; } spreads[] = {
        { 10, 0, 0, 3 }, { 4, 3, 3, 2 }, { 6, 0, 4, 2 }, { 6, 4, 0, 1 }, { 5, 2, 3, 1 },
    };
    int elite = s->play.rule[NX_RULE_FEDAYKIN_AT_SETUP] == NX_RS_TURN_FEDAYKIN_AT_SETUP_FORBIDDEN ? 0 : nx_board_reserves(s, p->seat, NX_FORCE_ELITE);
    for (size_t i = 0; i < sizeof spreads / sizeof spreads[0]; i++) {
        int e = elite < spreads[i].tabr ? elite : spreads[i].tabr;
        json_t *forces = json_array();
        json_array_append_new(forces, group("sietch_tabr", spreads[i].tabr - e, e));
        if (spreads[i].south) json_array_append_new(forces, group("false_wall_south.west", spreads[i].south, 0));
        if (spreads[i].west) json_array_append_new(forces, group("false_wall_west.middle", spreads[i].west, 0));
        nx_moves_add(out, spreads[i].score, json_pack("{s:s, s:o}", "type", "place_forces", "forces", forces));
    }
}

/* The Advanced advisor: a stronghold held alone makes it a fighter there;
 * one shared keeps it a quiet advisor; the Polar Sink is the safe choice. */
static void advisor_placement_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    static const char *const sections[] = {
        "polar_sink", "arrakeen", "carthag", "tueks_sietch", "sietch_tabr", "habbanya_sietch", "the_great_flat",
    };
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
        int sec = nx_map_section_parse(sections[i]), t = nx_map_section_territory(sec);
        int alone = !(nx_board_occupants(s, t, 0) & ~(1u << p->seat));
        int score = nx_map_is_stronghold(t) ? (alone ? 4 : 2) : 1;
        json_t *forces = json_pack("[o]", group(sections[i], p->max, 0));
        nx_moves_add(out, score, json_pack("{s:s, s:o}", "type", "place_forces", "forces", forces));
    }
}

static void placement_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    if (s->seats[p->seat].faction == NX_FREMEN) fremen_placement_moves(s, p, out);
    else advisor_placement_moves(s, p, out);
}

static const nx_act_entry setup_actions[] = {
    { "predict", act_predict, 0 },
    { "place_forces", act_place_forces, 0 },
    { NULL, NULL, 0 },
};

static const nx_decision_ops setup_decisions[] = {
    { NX_PEND_PREDICTION, NULL, prediction_moves },
    { NX_PEND_PLACEMENT, NULL, placement_moves },
    { 0, NULL, NULL },
};

const nx_module nx_mod_setup = { "setup", NX_P_SETUP, setup_procedure, setup_actions, setup_decisions,
                                  .finish = nx_setup_finish };

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
