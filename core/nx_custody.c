#include "nx_custody.h"
#include "nx_suggest.h"
#include "nx_text.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ---- catalog -------------------------------------------------------------- */

static char comp_ids[NX_COMP_COUNT][40];
static char comp_names[NX_COMP_COUNT][48];

/* The text ids are derived from the faction and leader tables once; the
 * tables are constant, so doing it lazily is deterministic. */
static void build_catalog(void)
{
    static int built;
    if (built) return;
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        nx_fmt(comp_ids[NX_COMP_NEXUS_FIRST + f], sizeof comp_ids[0], "nexus:%s",
                 nx_faction_id((nx_faction)f));
        nx_fmt(comp_names[NX_COMP_NEXUS_FIRST + f], sizeof comp_names[0],
                 "%s Nexus card", nx_faction_name((nx_faction)f));
    }
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        nx_fmt(comp_ids[NX_COMP_TRAITOR_FIRST + l], sizeof comp_ids[0], "traitor:%s",
                 nx_leader_get(l)->id);
        nx_fmt(comp_names[NX_COMP_TRAITOR_FIRST + l], sizeof comp_names[0], "%s",
                 nx_leader_get(l)->name);
        nx_fmt(comp_ids[NX_COMP_LEADER_FIRST + l], sizeof comp_ids[0], "leader:%s",
                 nx_leader_get(l)->id);
        nx_fmt(comp_names[NX_COMP_LEADER_FIRST + l], sizeof comp_names[0], "%s (leader)",
                 nx_leader_get(l)->name);
    }
    for (int t = 0; t < NX_TREACHERY_COPY_COUNT; t++) {
        char copy[32];
        nx_fmt(comp_ids[NX_COMP_TREACHERY_FIRST + t], sizeof comp_ids[0], "treachery:%s",
                 nx_treachery_copy_id(t, copy, sizeof copy));
        nx_fmt(comp_names[NX_COMP_TREACHERY_FIRST + t], sizeof comp_names[0], "%s",
                 nx_treachery_name(nx_treachery_copy_card(t)));
    }
    for (int i = 0; i < NX_SPICE_DECK_COUNT; i++) {
        const nx_spice_card *card = nx_spice_deck_get(i);
        nx_fmt(comp_ids[NX_COMP_SPICE_FIRST + i], sizeof comp_ids[0], "%s", card->id);
        if (card->is_worm)
            nx_fmt(comp_names[NX_COMP_SPICE_FIRST + i], sizeof comp_names[0], "Shai-Hulud");
        else
            nx_fmt(comp_names[NX_COMP_SPICE_FIRST + i], sizeof comp_names[0], "%s (%d spice)",
                     card->territory, card->spice);
    }
    for (int v = 1; v <= NX_STORM_CARDS; v++) {
        nx_fmt(comp_ids[NX_COMP_STORM_FIRST + v - 1], sizeof comp_ids[0], "storm:%d", v);
        nx_fmt(comp_names[NX_COMP_STORM_FIRST + v - 1], sizeof comp_names[0], "Storm card %d", v);
    }
    built = 1;
}

nx_comp_kind nx_comp_kind_of(nx_comp c)
{
    assert(c < NX_COMP_COUNT);
    if (c < NX_COMP_TRAITOR_FIRST) return NX_COMP_NEXUS;
    if (c < NX_COMP_LEADER_FIRST) return NX_COMP_TRAITOR;
    if (c < NX_COMP_TREACHERY_FIRST) return NX_COMP_LEADER;
    if (c < NX_COMP_SPICE_FIRST) return NX_COMP_TREACHERY;
    return c < NX_COMP_STORM_FIRST ? NX_COMP_SPICE : NX_COMP_STORM;
}

nx_comp nx_comp_nexus(nx_faction f)
{
    assert(f >= 0 && f < NX_FACTION_COUNT);
    return (nx_comp)(NX_COMP_NEXUS_FIRST + f);
}

nx_comp nx_comp_traitor(int leader)
{
    assert(leader >= 0 && leader < NX_LEADER_COUNT);
    return (nx_comp)(NX_COMP_TRAITOR_FIRST + leader);
}

nx_faction nx_comp_nexus_faction(nx_comp c)
{
    assert(nx_comp_kind_of(c) == NX_COMP_NEXUS);
    return (nx_faction)(c - NX_COMP_NEXUS_FIRST);
}

nx_comp nx_comp_leader_disc(int leader)
{
    assert(leader >= 0 && leader < NX_LEADER_COUNT);
    return (nx_comp)(NX_COMP_LEADER_FIRST + leader);
}

nx_comp nx_comp_treachery(int copy)
{
    assert(copy >= 0 && copy < NX_TREACHERY_COPY_COUNT);
    return (nx_comp)(NX_COMP_TREACHERY_FIRST + copy);
}

nx_treachery_card nx_comp_treachery_card(nx_comp c) { return nx_treachery_copy_card(c - NX_COMP_TREACHERY_FIRST); }

nx_comp nx_comp_spice(int card)
{
    assert(card >= 0 && card < NX_SPICE_DECK_COUNT);
    return (nx_comp)(NX_COMP_SPICE_FIRST + card);
}

nx_comp nx_comp_storm(int value)
{
    assert(value >= 1 && value <= NX_STORM_CARDS);
    return (nx_comp)(NX_COMP_STORM_FIRST + value - 1);
}

int nx_comp_spice_card(nx_comp c)
{
    assert(nx_comp_kind_of(c) == NX_COMP_SPICE);
    return c - NX_COMP_SPICE_FIRST;
}

int nx_comp_storm_value(nx_comp c)
{
    assert(nx_comp_kind_of(c) == NX_COMP_STORM);
    return c - NX_COMP_STORM_FIRST + 1;
}

int nx_comp_leader(nx_comp c)
{
    nx_comp_kind k = nx_comp_kind_of(c);
    assert(k == NX_COMP_TRAITOR || k == NX_COMP_LEADER);
    return c - (k == NX_COMP_TRAITOR ? NX_COMP_TRAITOR_FIRST : NX_COMP_LEADER_FIRST);
}

const char *nx_comp_id(nx_comp c)
{
    assert(c < NX_COMP_COUNT);
    build_catalog();
    return comp_ids[c];
}

const char *nx_comp_name(nx_comp c)
{
    assert(c < NX_COMP_COUNT);
    build_catalog();
    return comp_names[c];
}

nx_comp nx_comp_parse(const char *id)
{
    build_catalog();
    for (int c = 0; c < NX_COMP_COUNT; c++)
        if (!strcmp(comp_ids[c], id)) return (nx_comp)c;
    return NX_COMP_NONE;
}

/* ---- zones ------------------------------------------------------------------ */

static const char *const global_zone_names[NX_Z_GLOBAL_COUNT] = {
    "out", "nexus_deck", "nexus_discard", "traitor_deck", "tanks", "treachery_deck",
    "treachery_discard", "spice_deck", "spice_discard_a", "spice_discard_b", "storm_deck",
    "auction", "set_aside", "nexus_face_down",
};
static const char *const seat_zone_names[NX_ZS_COUNT] = {
    "nexus_held", "traitors", "traitor_offer", "revealed", "leaders", "treachery", "storm_card",
};

int nx_zone_seat(nx_zone z)
{
    assert(z < NX_ZONE_COUNT);
    return z < NX_Z_GLOBAL_COUNT ? -1 : (z - NX_Z_GLOBAL_COUNT) / NX_ZS_COUNT;
}

nx_seat_zone nx_zone_kind(nx_zone z)
{
    assert(z >= NX_Z_GLOBAL_COUNT && z < NX_ZONE_COUNT);
    return (nx_seat_zone)((z - NX_Z_GLOBAL_COUNT) % NX_ZS_COUNT);
}

nx_visibility nx_zone_visibility(nx_zone z)
{
    if (z == NX_Z_NEXUS_DISCARD || z == NX_Z_TANKS || z == NX_Z_TREACHERY_DISCARD ||
        z == NX_Z_SPICE_DISCARD_A || z == NX_Z_SPICE_DISCARD_B || z == NX_Z_SET_ASIDE)
        return NX_VIS_PUBLIC;
    if (z < NX_Z_GLOBAL_COUNT) return NX_VIS_HIDDEN;
    nx_seat_zone k = nx_zone_kind(z);
    return k == NX_ZS_REVEALED || k == NX_ZS_LEADERS ? NX_VIS_PUBLIC : NX_VIS_OWNER;
}

int nx_zone_ordered(nx_zone z)
{
    return z == NX_Z_NEXUS_DECK || z == NX_Z_TRAITOR_DECK || z == NX_Z_NEXUS_DISCARD ||
           z == NX_Z_TREACHERY_DECK || z == NX_Z_TREACHERY_DISCARD || z == NX_Z_SPICE_DECK ||
           z == NX_Z_SPICE_DISCARD_A || z == NX_Z_SPICE_DISCARD_B || z == NX_Z_STORM_DECK ||
           z == NX_Z_AUCTION;
}

void nx_zone_name(nx_zone z, char *buf, size_t len)
{
    if (z < NX_Z_GLOBAL_COUNT)
        nx_fmt(buf, len, "%s", global_zone_names[z]);
    else
        nx_fmt(buf, len, "seat%d.%s", nx_zone_seat(z), seat_zone_names[nx_zone_kind(z)]);
}

const char *nx_zone_title(nx_zone z)
{
    static const char *const titles[NX_Z_GLOBAL_COUNT] = {
        "the box", "the Nexus deck", "the Nexus discard pile", "the Traitor Deck", "the Tanks",
        "the Treachery Deck", "the Treachery discard pile", "the Spice Deck",
        "Spice discard pile A", "Spice discard pile B", "the storm deck",
        "the cards up for bid", "the Shai-Hulud set aside",
    };
    return z < NX_Z_GLOBAL_COUNT ? titles[z] : NULL;
}

/* Read the name as nx_zone_name writes it ("seat<N>.<kind>", N without a
 * leading zero, or a global name) instead of writing every zone's name to
 * compare: panels name zones on every ctx call, and formatting up to 56
 * names a parse was the largest cost of a panel play (bench_panel). */
static int name_index(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return i;
    return -1;
}

int nx_zone_parse(const char *name)
{
    if (strncmp(name, "seat", 4)) return name_index(name, global_zone_names, NX_Z_GLOBAL_COUNT);
    const char *p = name + 4;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '.')) return -1;
    int seat = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        seat = seat * 10 + (*p - '0');
        if (seat >= NX_MAX_SEATS) return -1;
    }
    if (*p != '.') return -1;
    int kind = name_index(p + 1, seat_zone_names, NX_ZS_COUNT);
    return kind < 0 ? -1 : NX_Z_SEAT(seat, kind);
}

char *nx_zone_hint(const char *name, char *buf, size_t cap)
{
    /* Built on every call: a hint is only written for an error. */
    char local[NX_ZONE_COUNT][48];
    const char *lp[NX_ZONE_COUNT];
    for (int z = 0; z < NX_ZONE_COUNT; z++) {
        nx_zone_name((nx_zone)z, local[z], sizeof local[z]);
        lp[z] = local[z];
    }
    return nx_suggest_hint(buf, cap, name, lp, NX_ZONE_COUNT);
}

/* ---- custody ---------------------------------------------------------------- */

void nx_custody_init(nx_custody *c)
{
    memset(c, 0, sizeof *c);
    c->next_top = 1;
    c->next_bottom = -1;
}

void nx_custody_seal(nx_custody *c)
{
    int n = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++) n += c->zone[i] != NX_Z_OUT;
    c->in_game = (uint8_t)n;
    c->sealed = 1;
}

void nx_custody_move(nx_custody *c, nx_comp comp, nx_zone to)
{
    assert(comp < NX_COMP_COUNT && to < NX_ZONE_COUNT);
    /* After setup the set of components in play is fixed: a move into or
     * out of NX_Z_OUT would create or destroy a physical card. */
    assert(!c->sealed || ((c->zone[comp] == NX_Z_OUT) == (to == NX_Z_OUT)));
    c->zone[comp] = to;
    c->order[comp] = c->next_top++;
}

void nx_custody_move_bottom(nx_custody *c, nx_comp comp, nx_zone to)
{
    nx_custody_move(c, comp, to);
    c->order[comp] = c->next_bottom--;
}

int nx_custody_count(const nx_custody *c, nx_zone z)
{
    int n = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++) n += c->zone[i] == z;
    return n;
}

int nx_custody_list(const nx_custody *c, nx_zone z, nx_comp *out, int cap)
{
    int n = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++)
        if (c->zone[i] == z && n < cap) out[n++] = (nx_comp)i;
    if (!nx_zone_ordered(z)) return n;
    /* Insertion sort, highest order key (top) first: zones are small. */
    for (int i = 1; i < n; i++) {
        nx_comp x = out[i];
        int j = i - 1;
        while (j >= 0 && c->order[out[j]] < c->order[x]) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = x;
    }
    return n;
}

nx_comp nx_custody_top(const nx_custody *c, nx_zone z)
{
    nx_comp best = NX_COMP_NONE;
    for (int i = 0; i < NX_COMP_COUNT; i++)
        if (c->zone[i] == z && (best == NX_COMP_NONE || c->order[i] > c->order[best]))
            best = (nx_comp)i;
    return best;
}

nx_comp nx_custody_held_nexus(const nx_custody *c, int seat)
{
    nx_zone z = NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD);
    nx_comp best = NX_COMP_NONE;
    for (int f = 0; f < NX_FACTION_COUNT; f++) {
        nx_comp i = nx_comp_nexus((nx_faction)f);
        if (c->zone[i] == z && (best == NX_COMP_NONE || c->order[i] > c->order[best])) best = i;
    }
    assert(best == nx_custody_top(c, z));
    return best;
}

void nx_custody_shuffle(nx_custody *c, nx_zone z, nx_rng *rng)
{
    nx_comp v[NX_COMP_COUNT];
    /* Start from catalog order so the result depends only on the set of
     * cards and the generator, not on their previous order. */
    int n = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++)
        if (c->zone[i] == z) v[n++] = (nx_comp)i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)nx_rng_below(rng, (uint32_t)i + 1);
        nx_comp t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    for (int i = 0; i < n; i++) c->order[v[i]] = c->next_top++;
}

/* Which kind of component a zone holds. */
static nx_comp_kind zone_holds(nx_zone z)
{
    if (z == NX_Z_NEXUS_DECK || z == NX_Z_NEXUS_DISCARD || z == NX_Z_NEXUS_FACE_DOWN) return NX_COMP_NEXUS;
    if (z == NX_Z_TANKS) return NX_COMP_LEADER;
    if (z == NX_Z_TREACHERY_DECK || z == NX_Z_TREACHERY_DISCARD || z == NX_Z_AUCTION)
        return NX_COMP_TREACHERY;
    if (z == NX_Z_SPICE_DECK || z == NX_Z_SPICE_DISCARD_A || z == NX_Z_SPICE_DISCARD_B ||
        z == NX_Z_SET_ASIDE)
        return NX_COMP_SPICE;
    if (z == NX_Z_STORM_DECK) return NX_COMP_STORM;
    if (z < NX_Z_GLOBAL_COUNT) return NX_COMP_TRAITOR;
    switch (nx_zone_kind(z)) {
    case NX_ZS_NEXUS_HELD: return NX_COMP_NEXUS;
    case NX_ZS_LEADERS: return NX_COMP_LEADER;
    case NX_ZS_TREACHERY: return NX_COMP_TREACHERY;
    case NX_ZS_STORM_CARD: return NX_COMP_STORM;
    default: return NX_COMP_TRAITOR;
    }
}

static int kind_fits_zone(nx_comp comp, nx_zone z)
{
    /* A played Family Atomics is set aside too: it leaves play for good. */
    if (z == NX_Z_SET_ASIDE && nx_comp_kind_of(comp) == NX_COMP_TREACHERY) return 1;
    return z == NX_Z_OUT || nx_comp_kind_of(comp) == zone_holds(z);
}

/* The check as the invariant reads, one component at a time through the
 * zone functions: it words every refusal (the quick pass below sends a
 * failure here for its message) and, in debug builds, confirms every
 * verdict of the quick pass. */
static int check_by_rule(const nx_custody *c, char *msg, size_t len)
{
    int held[NX_MAX_SEATS] = { 0 };
    int in_game = 0;
    for (int i = 0; i < NX_COMP_COUNT; i++) {
        nx_zone z = c->zone[i];
        if (z >= NX_ZONE_COUNT) {
            nx_fmt(msg, len, "%s is in an invalid zone %d", nx_comp_id((nx_comp)i), z);
            return -1;
        }
        in_game += z != NX_Z_OUT;
        if (!kind_fits_zone((nx_comp)i, z)) {
            char zn[48];
            nx_zone_name(z, zn, sizeof zn);
            nx_fmt(msg, len, "%s cannot be in %s", nx_comp_id((nx_comp)i), zn);
            return -1;
        }
        if (z >= NX_Z_GLOBAL_COUNT && nx_zone_kind(z) == NX_ZS_NEXUS_HELD &&
            ++held[nx_zone_seat(z)] > 1) {
            nx_fmt(msg, len, "seat %d holds more than one Nexus card", nx_zone_seat(z));
            return -1;
        }
        if (nx_zone_ordered(z) && (c->order[i] >= c->next_top || c->order[i] <= c->next_bottom)) {
            nx_fmt(msg, len, "%s has an order key outside the deck range", nx_comp_id((nx_comp)i));
            return -1;
        }
    }
    if (c->sealed && in_game != c->in_game) {
        nx_fmt(msg, len, "%d components in the game, %d at setup", in_game, c->in_game);
        return -1;
    }
    return 0;
}

/* Per zone, what the quick pass needs: the kinds of component it may
 * hold (bit per nx_comp_kind), whether it is ordered, whose Nexus card
 * slot it is (seat + 1, 0: none).  Derived once from zone_holds,
 * kind_fits_zone and nx_zone_ordered; the functions are constant, so
 * doing it lazily is deterministic (as build_catalog). */
enum { ZQ_ORDERED = 1u << NX_COMP_KIND_COUNT };
static uint16_t zone_quick[NX_ZONE_COUNT];
static uint8_t zone_held_seat[NX_ZONE_COUNT];
static uint8_t comp_kind_bit[NX_COMP_COUNT];

static void build_quick(void)
{
    static int built;
    if (built) return;
    for (int z = 0; z < NX_ZONE_COUNT; z++) {
        uint16_t q = 0;
        for (int k = 0; k < NX_COMP_KIND_COUNT; k++) {
            /* the first component of kind k stands for all of its kind */
            static const int first[NX_COMP_KIND_COUNT] = { NX_COMP_NEXUS_FIRST, NX_COMP_TRAITOR_FIRST, NX_COMP_LEADER_FIRST,
                                                           NX_COMP_TREACHERY_FIRST, NX_COMP_SPICE_FIRST, NX_COMP_STORM_FIRST };
            if (kind_fits_zone((nx_comp)first[k], (nx_zone)z)) q |= (uint16_t)(1u << k);
        }
        if (nx_zone_ordered((nx_zone)z)) q |= ZQ_ORDERED;
        zone_quick[z] = q;
        zone_held_seat[z] = z >= NX_Z_GLOBAL_COUNT && nx_zone_kind((nx_zone)z) == NX_ZS_NEXUS_HELD
                                ? (uint8_t)(nx_zone_seat((nx_zone)z) + 1) : 0;
    }
    for (int i = 0; i < NX_COMP_COUNT; i++) comp_kind_bit[i] = (uint8_t)nx_comp_kind_of((nx_comp)i);
    built = 1;
}

/* Every action's new state is checked (nx_state_check), so this runs per
 * action: the same invariant as check_by_rule, each component's zone read
 * through the tables above instead of the chains of comparisons.  Nothing
 * is skipped: every component, every condition, every time; only the
 * wording of a failure is left to check_by_rule.  Debug builds run
 * check_by_rule after every pass and assert the two agree
 * (tests/core/test_core.c corrupts each component into each zone). */
int nx_custody_check(const nx_custody *c, char *msg, size_t len)
{
    build_quick();
    int held[NX_MAX_SEATS + 1] = { 0 };
    int in_game = 0, bad = 0;
    for (int i = 0; i < NX_COMP_COUNT && !bad; i++) {
        nx_zone z = c->zone[i];
        if (z >= NX_ZONE_COUNT) {
            bad = 1;
            break;
        }
        unsigned q = zone_quick[z];
        in_game += z != NX_Z_OUT;
        bad = !(q & (1u << comp_kind_bit[i])) || (zone_held_seat[z] && ++held[zone_held_seat[z]] > 1) ||
              ((q & ZQ_ORDERED) && (c->order[i] >= c->next_top || c->order[i] <= c->next_bottom));
    }
    if (!bad && c->sealed && in_game != c->in_game) bad = 1;
#ifndef NDEBUG
    char ref[256];
    assert((check_by_rule(c, ref, sizeof ref) != 0) == bad);
#endif
    if (!bad) return 0;
    if (!check_by_rule(c, msg, len)) nx_fmt(msg, len, "custody fails its quick check");
    return -1;
}
