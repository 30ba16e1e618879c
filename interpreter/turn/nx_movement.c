/*
 * Movement over the board: the section graph, the path search, the
 * checks a "move" passes and the Advanced Bene Gesserit stances that
 * moving forces take (nx_movement.h; docs/rules/phase-shipment-movement.md).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_board.h"
#include "nx_text.h"
#include "nx_movement.h"
#include "nx_worm.h"
#include "nx_words.h"
#include "nx_adv_windows.h"

#define NO_PATH 0x7fff
#define BIT(seat) ((uint8_t)(1u << (seat)))

int nx_move_refuse(char *why, size_t len, const char *fmt, ...)
{
    if (!why || !len) return -1;   /* nobody reads it: not formatted */
    va_list ap;
    va_start(ap, fmt);
    nx_vfmt(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

const char *nx_move_section_label(int section, char *buf, size_t len)
{
    const char *name = nx_map_section_name(section);
    const char *territory = nx_map_territory_name(nx_map_section_territory(section));
    if (*name) nx_fmt(buf, len, "%s (%s)", territory, name);
    else nx_fmt(buf, len, "%s", territory);
    return buf;
}

const char *nx_move_forces_label(int normal, int elite, char *buf, size_t len)
{
    int n = normal + elite;
    if (elite) nx_fmt(buf, len, "%d force%s (%d elite)", n, nx_plural(n, "", "s"), elite);
    else nx_fmt(buf, len, "%d force%s", n, nx_plural(n, "", "s"));
    return buf;
}

/* ---- the section graph ------------------------------------------------------ */

static int sector_gap(int a, int b)
{
    int d = abs(a - b) % NX_MAP_SECTORS;
    return d < NX_MAP_SECTORS - d ? d : NX_MAP_SECTORS - d;
}

/* One step from section a to section b: 0 within a territory, 1 into a
 * neighbouring territory, -1 when they do not touch (nx_movement.h). */
static int contact_of(int a, int b)
{
    if (a == b) return -1;
    int ta = nx_map_section_territory(a), tb = nx_map_section_territory(b);
    int sa = nx_map_section_sector(a), sb = nx_map_section_sector(b);
    if (ta == tb) return sector_gap(sa, sb) == 1 ? 0 : -1;
    if (sa != NX_MAP_NO_SECTOR && sb != NX_MAP_NO_SECTOR && sector_gap(sa, sb) > 1) return -1;
    return nx_map_adjacent(ta, tb) ? 1 : -1;
}

/* contact_of depends only on the map: computed once for every pair, since
 * the bots' path searches ask it thousands of times per decision.
 * pthread_once: hosts may run rooms on several threads. */
static int8_t contact_table[NX_MAP_SECTIONS][NX_MAP_SECTIONS];
static pthread_once_t contact_once = PTHREAD_ONCE_INIT;

static atomic_int contacts_built;   /* set (release) once the table is complete */

/* The same contacts as lists: each section's neighbours and the step's cost. */
static uint8_t neighbours[NX_MAP_SECTIONS][NX_MAP_SECTIONS];
static uint8_t neighbour_cost[NX_MAP_SECTIONS][NX_MAP_SECTIONS];
static uint8_t nneighbours[NX_MAP_SECTIONS];

static void build_contacts(void)
{
    for (int a = 0; a < NX_MAP_SECTIONS; a++)
        for (int b = 0; b < NX_MAP_SECTIONS; b++) {
            contact_table[a][b] = (int8_t)contact_of(a, b);
            if (contact_table[a][b] >= 0) {
                neighbours[a][nneighbours[a]] = (uint8_t)b;
                neighbour_cost[a][nneighbours[a]++] = (uint8_t)contact_table[a][b];
            }
        }
    atomic_store_explicit(&contacts_built, 1, memory_order_release);
}

/* The flag spares the path search a pthread_once call (through the PLT)
 * per relaxation; pthread_once still decides who builds the table. */
static inline int contact(int a, int b)
{
    if (!atomic_load_explicit(&contacts_built, memory_order_acquire)) pthread_once(&contact_once, build_contacts);
    return contact_table[a][b];
}

int nx_move_same_group(const nx_state *s, int a, int b)
{
    if (a == b) return 1;
    int t = nx_map_section_territory(a);
    if (nx_map_section_territory(b) != t || nx_board_section_in_storm(s, a) || nx_board_section_in_storm(s, b))
        return 0;
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], reached[NX_MAP_MAX_SECTIONS_PER_TERRITORY] = { 0 };
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++) reached[i] = secs[i] == a;
    /* Flood through clear sections; n <= 5, so n rounds always suffice. */
    for (int round = 0; round < n; round++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (reached[i] && !reached[j] && !nx_board_section_in_storm(s, secs[j]) && contact(secs[i], secs[j]) == 0)
                    reached[j] = 1;
    for (int i = 0; i < n; i++)
        if (secs[i] == b) return reached[i];
    return 0;
}

/* ---- who is where ------------------------------------------------------------ */

int nx_move_is_advisor(const nx_state *s, uint8_t seat, int section)
{
    return s->seats[seat].faction == NX_BENE_GESSERIT && nx_board_is_advisor(s, section);
}

int nx_move_fighters_at(const nx_state *s, uint8_t seat, int section)
{
    return nx_move_is_advisor(s, seat, section) ? 0 : nx_board_forces_at(s, seat, section);
}

int nx_move_fighters_in(const nx_state *s, uint8_t seat, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], total = 0;
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++) total += nx_move_fighters_at(s, seat, secs[i]);
    return total;
}

int nx_move_stronghold_full(const nx_state *s, uint8_t seat, int t)
{
    if (!nx_map_is_stronghold(t)) return 0;
    unsigned others = nx_board_occupants(s, t, 1) & ~(unsigned)BIT(seat);
    return __builtin_popcount(others) >= 2;
}

int nx_move_territory_advisors(const nx_state *s, int t)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; bg != NX_NO_SEAT && i < n; i++)
        if (nx_board_forces_at(s, bg, secs[i]) && nx_board_is_advisor(s, secs[i])) return 1;
    return 0;
}

void nx_move_set_stance(nx_state *s, int t, int advisors)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++)
        nx_board_set_advisor(s, secs[i], advisors && bg != NX_NO_SEAT && nx_board_forces_at(s, bg, secs[i]));
}

void nx_move_tidy_advisors(nx_state *s)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    for (int sec = 0; sec < NX_MAP_SECTIONS; sec++)
        if (nx_board_is_advisor(s, sec) && (bg == NX_NO_SEAT || !nx_board_forces_at(s, bg, sec)))
            nx_board_set_advisor(s, sec, 0);
}

/* Is any Bene Gesserit stack of t under the storm?  (Stormed In: such
 * advisors cannot flip.) */
static int bg_stormed_in(const nx_state *s, uint8_t bg, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++)
        if (nx_board_forces_at(s, bg, secs[i]) && nx_board_section_in_storm(s, secs[i])) return 1;
    return 0;
}

/* The Advanced Bene Gesserit seat, or NX_NO_SEAT. */
static uint8_t advanced_bg(const nx_state *s)
{
    return (s->options & NX_OPT_ADVANCED) ? nx_state_seat_of(s, NX_BENE_GESSERIT) : NX_NO_SEAT;
}

int nx_move_flip_refusal(const nx_state *s, int t, char *why, size_t len)
{
    uint8_t bg = advanced_bg(s);
    const char *where = why ? nx_map_territory_name(t) : "";
    if (bg == NX_NO_SEAT || !nx_move_territory_advisors(s, t))
        return nx_move_refuse(why, len, "the Bene Gesserit have no advisors in %s", where);
    if (bg_stormed_in(s, bg, t))
        return nx_move_refuse(why, len, "advisors under the storm cannot become fighters in %s (Stormed In)", where);
    uint8_t ally = s->seats[bg].ally;
    if (ally != NX_NO_SEAT && nx_board_forces_in(s, ally, t))
        return nx_move_refuse(why, len, "advisors cannot become fighters beside your ally in %s (Peacetime)", where);
    if (nx_move_stronghold_full(s, bg, t))
        return nx_move_refuse(why, len, "fighters of two other factions already hold %s", where);
    return 0;
}

int nx_move_intrusion_due(const nx_state *s, uint8_t seat, int t)
{
    uint8_t bg = advanced_bg(s);
    return bg != NX_NO_SEAT && seat != bg && s->seats[bg].ally != seat && nx_move_fighters_in(s, bg, t) > 0 &&
           nx_board_forces_in(s, seat, t) > 0;
}

void nx_move_stewards(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    if (bg == NX_NO_SEAT) return;
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) {
        if (!nx_move_territory_advisors(s, t) || nx_board_occupants(s, t, 0) != BIT(bg) || bg_stormed_in(s, bg, t))
            continue;
        nx_move_set_stance(s, t, 0);
        nx_act_log(a, "the Bene Gesserit advisors alone in %s become fighters", nx_map_territory_name(t));
    }
}

/* ---- range and paths --------------------------------------------------------- */

int nx_move_holds_a_city(const nx_state *s, uint8_t seat)
{
    return nx_move_fighters_in(s, seat, nx_map_territory_parse("arrakeen")) > 0 ||
           nx_move_fighters_in(s, seat, nx_map_territory_parse("carthag")) > 0;
}

static int has_ornithopters(const nx_state *s, uint8_t seat)
{
    if (s->play.move_begun & BIT(seat)) return (s->play.ornithopters & BIT(seat)) != 0;
    return nx_move_holds_a_city(s, seat);
}

int nx_move_range(const nx_state *s, uint8_t seat, int advisors)
{
    if (advisors) return 1;                 /* advisors cannot use ornithopters */
    if (has_ornithopters(s, seat)) return 3;
    /* Fremen Betrayal may stop the two-territory advantage (nx_worm.h). */
    /* A Karama may cancel it too, for the rest of the Fremen's turn (nx_adv.h). */
    return s->seats[seat].faction == NX_FREMEN && !nx_worm_double_move_stopped(s, seat) &&
           !nx_adv_stopped(s, NX_ADVO_FREMEN_MOVE) ? 2 : 1;
}

/* Fewest territories entered from `from` to every section through the
 * open sections (NO_PATH if none).  A step costs 0 (within a territory)
 * or 1 (into the next), so a breadth-first search with a double-ended
 * queue (0-steps to the front, 1-steps to the back) settles sections in
 * order of distance, as Dijkstra does, in time linear in the contacts:
 * the distances are Dijkstra's (shortest paths, whatever the order). */
static void search(int from, const uint8_t open[NX_MAP_SECTIONS], int16_t dist[NX_MAP_SECTIONS])
{
    if (!atomic_load_explicit(&contacts_built, memory_order_acquire)) pthread_once(&contact_once, build_contacts);
    uint8_t done[NX_MAP_SECTIONS] = { 0 };
    for (int v = 0; v < NX_MAP_SECTIONS; v++) dist[v] = NO_PATH;
    dist[from] = 0;
    /* A section enters the queue at most twice (at d + 1, then at d), so
     * 2 * NX_MAP_SECTIONS entries never wrap onto themselves. */
    enum { QN = 256 };
    _Static_assert(QN >= 2 * NX_MAP_SECTIONS, "the queue holds every entry");
    uint8_t q[QN];
    unsigned head = 0, tail = 0;
    q[tail++ % QN] = (uint8_t)from;
    while (head != tail) {
        int u = q[head++ % QN];
        if (done[u]) continue;
        done[u] = 1;
        for (int i = 0; i < nneighbours[u]; i++) {
            int v = neighbours[u][i], c = neighbour_cost[u][i];
            if (done[v] || !open[v] || dist[u] + c >= dist[v]) continue;
            dist[v] = (int16_t)(dist[u] + c);
            if (c) q[tail++ % QN] = (uint8_t)v;
            else q[--head % QN] = (uint8_t)v;
        }
    }
}

/*
 * The bots ask whether a group reaches each candidate destination in turn,
 * and every answer needs the distances from the group's sections: the same
 * searches again and again on an unchanged board.  A search depends only
 * on its source and on which sections are open (not in the storm, not in
 * a stronghold two other factions hold), so its result is kept under that
 * key; a different open set starts the memo afresh.  One memo per thread:
 * hosts may run rooms on several threads.
 */
typedef struct dist_memo {
    uint64_t open[2];                   /* the key: open sections, a bit each */
    int keyed;
    uint8_t have[NX_MAP_SECTIONS];      /* dist[from] is computed for this key */
    int16_t dist[NX_MAP_SECTIONS][NX_MAP_SECTIONS];
} dist_memo;
_Static_assert(NX_MAP_SECTIONS <= 128, "the memo key holds one bit per section");
_Static_assert(NO_PATH <= INT16_MAX, "distances are kept as int16_t");

static _Thread_local dist_memo memo;

/* Distances from `from` for this seat, never through the storm or a
 * stronghold two other factions hold; NULL when `from` is in the storm
 * (nothing leaves a stormed sector). */
static const int16_t *distances(const nx_state *s, uint8_t seat, int from)
{
    if (nx_board_section_in_storm(s, from)) return NULL;
    uint8_t open[NX_MAP_SECTIONS], full[NX_MAP_TERRITORIES];
    uint64_t key[2] = { 0, 0 };
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) full[t] = (uint8_t)nx_move_stronghold_full(s, seat, t);
    for (int v = 0; v < NX_MAP_SECTIONS; v++) {
        open[v] = !nx_board_section_in_storm(s, v) && !full[nx_map_section_territory(v)];
        if (open[v]) key[v / 64] |= 1ull << (v % 64);
    }
    if (!memo.keyed || memo.open[0] != key[0] || memo.open[1] != key[1]) {
        memset(memo.have, 0, sizeof memo.have);
        memo.open[0] = key[0];
        memo.open[1] = key[1];
        memo.keyed = 1;
    }
    if (!memo.have[from]) {
        search(from, open, memo.dist[from]);
        memo.have[from] = 1;
    }
    return memo.dist[from];
}

static int group_is_advisors(const nx_state *s, const nx_move_req *r)
{
    return (s->options & NX_OPT_ADVANCED) && s->seats[r->seat].faction == NX_BENE_GESSERIT &&
           nx_move_territory_advisors(s, r->from_t);
}

/* The sections the group may leave from and what each holds (into
 * plan->src/take), with the totals per kind. */
static void gather(const nx_state *s, const nx_move_req *r, nx_move_plan *plan, int avail[NX_FORCE_KINDS])
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n;
    if (r->from_sec >= 0) {
        secs[0] = r->from_sec;
        n = 1;
    } else {
        n = nx_map_sections_of(r->from_t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    }
    avail[0] = avail[1] = 0;
    plan->nsrc = 0;
    for (int i = 0; i < n; i++) {
        if (secs[i] == r->to || !nx_board_forces_at(s, r->seat, secs[i])) continue;
        const int16_t *dist = distances(s, r->seat, secs[i]);
        if (!dist || dist[r->to] > plan->range) continue;
        for (int k = 0; k < NX_FORCE_KINDS; k++) {
            plan->take[plan->nsrc][k] = s->seats[r->seat].forces[NX_PLACE_BOARD(secs[i])][k];
            avail[k] += plan->take[plan->nsrc][k];
        }
        plan->src[plan->nsrc++] = secs[i];
    }
}

static void plan_group(const nx_state *s, const nx_move_req *r, nx_move_plan *plan, int avail[NX_FORCE_KINDS])
{
    memset(plan, 0, sizeof *plan);
    plan->hajr_card = NX_COMP_NONE;
    plan->advisors_in = group_is_advisors(s, r);
    plan->advisors_out = plan->advisors_in;
    plan->ornithopters = has_ornithopters(s, r->seat);
    plan->range = nx_move_range(s, r->seat, plan->advisors_in);
    gather(s, r, plan, avail);
}

int nx_move_uses_double(const nx_state *s, const nx_move_req *r)
{
    if (s->seats[r->seat].faction != NX_FREMEN) return 0;
    nx_move_plan plan;
    int avail[NX_FORCE_KINDS];
    plan_group(s, r, &plan, avail);
    if (plan.range != 2) return 0;
    plan.range = 1;
    gather(s, r, &plan, avail);
    return avail[NX_FORCE_NORMAL] < r->normal || avail[NX_FORCE_ELITE] < r->elite;
}

void nx_move_available(const nx_state *s, const nx_move_req *r, int avail[NX_FORCE_KINDS])
{
    nx_move_plan plan;
    plan_group(s, r, &plan, avail);
}

/* ---- Bene Gesserit stances on arrival (Advanced) -------------------------------- */

/*
 * Adaptive Force: arriving where Bene Gesserit already are, take their
 * stance.  Enlistment: advisors entering an unoccupied territory become
 * fighters.  Take Up Arms ("fight"): advisors entering an occupied
 * territory may become fighters, never beside the ally (Peacetime).
 */
static int arrival_stance(const nx_state *s, const nx_move_req *r, nx_move_plan *plan, char *why, size_t len)
{
    uint8_t seat = r->seat;
    int to_t = nx_map_section_territory(r->to);
    int bg_advanced = (s->options & NX_OPT_ADVANCED) && s->seats[seat].faction == NX_BENE_GESSERIT;
    if (!bg_advanced)
        return r->fight ? nx_move_refuse(why, len, "only Advanced Bene Gesserit advisors take up arms") : 0;
    if (to_t == r->from_t)
        return r->fight ? nx_move_refuse(why, len, "advisors take up arms only on entering another territory") : 0;
    if (nx_board_forces_in(s, seat, to_t)) {
        plan->advisors_out = nx_move_territory_advisors(s, to_t);
        return r->fight ? nx_move_refuse(why, len, "your forces already in %s set the stance of those arriving (Adaptive Force)",
                                         nx_map_territory_name(to_t))
                        : 0;
    }
    if (!plan->advisors_in) return r->fight ? nx_move_refuse(why, len, "only advisors take up arms; these are fighters") : 0;
    unsigned others = nx_board_occupants(s, to_t, 0) & ~(unsigned)BIT(seat);
    if (!others) {
        plan->advisors_out = 0;         /* Enlistment */
        return 0;
    }
    if (!r->fight) return 0;
    /* A Karama stopped them this turn: the move is retaken without the
     * ability (LV "How to use this guide"; nx_phase_shipment.c binds it). */
    if (nx_adv_stopped(s, NX_ADVO_TAKE_UP_ARMS))
        return nx_move_refuse(why, len, "a Karama stopped Take Up Arms this turn: your advisors may enter only as advisors");
    uint8_t ally = s->seats[seat].ally;
    if (ally != NX_NO_SEAT && (others & BIT(ally)))
        return nx_move_refuse(why, len, "advisors cannot become fighters beside your ally in %s (Peacetime)", nx_map_territory_name(to_t));
    plan->advisors_out = 0;
    return 0;
}

/* ---- the move ---------------------------------------------------------------------- */

nx_comp nx_move_card_in_hand(const nx_state *s, uint8_t seat, nx_treachery_card card)
{
    nx_comp hand[NX_COMP_COUNT];
    int n = nx_custody_list(&s->custody, NX_Z_SEAT(seat, NX_ZS_TREACHERY), hand, NX_COMP_COUNT);
    for (int i = 0; i < n; i++)
        if (nx_comp_kind_of(hand[i]) == NX_COMP_TREACHERY &&
            nx_treachery_copy_card(hand[i] - NX_COMP_TREACHERY_FIRST) == card)
            return hand[i];
    return NX_COMP_NONE;
}

int nx_move_check(const nx_state *s, const nx_move_req *r, nx_move_plan *plan, char *why, size_t len)
{
    char to[64], from[64];
    int avail[NX_FORCE_KINDS];
    plan_group(s, r, plan, avail);
    if (!why) to[0] = from[0] = 0;   /* named only in a reason read */
    else {
        nx_move_section_label(r->to, to, sizeof to);
        if (r->from_sec >= 0) nx_move_section_label(r->from_sec, from, sizeof from);
        else nx_fmt(from, sizeof from, "%s", nx_map_territory_name(r->from_t));
    }
    if (r->normal < 0 || r->elite < 0 || r->normal + r->elite < 1) return nx_move_refuse(why, len, "move at least one force");
    if (r->hajr && (plan->hajr_card = nx_move_card_in_hand(s, r->seat, NX_TR_HAJR)) == NX_COMP_NONE)
        return nx_move_refuse(why, len, "you hold no Hajr card");
    if (nx_board_section_in_storm(s, r->to)) return nx_move_refuse(why, len, "%s is in the storm: no force may move into it", to);
    if (nx_move_stronghold_full(s, r->seat, nx_map_section_territory(r->to)))
        return nx_move_refuse(why, len, "%s is held by two other factions: no one else may enter it", to);
    if (r->from_sec == r->to) return nx_move_refuse(why, len, "the group is already in %s", to);
    if (!nx_board_forces_in(s, r->seat, r->from_t)) return nx_move_refuse(why, len, "you have no forces in %s", from);
    if (avail[NX_FORCE_NORMAL] < r->normal || avail[NX_FORCE_ELITE] < r->elite)
        return nx_move_refuse(why, len,
                              "only %d ordinary and %d elite forces of yours in %s can reach %s this move "
                              "(range %d; the storm and full strongholds block the way)",
                              avail[NX_FORCE_NORMAL], avail[NX_FORCE_ELITE], from, to, plan->range);
    /* Take each kind from the sources in table order. */
    int want[NX_FORCE_KINDS] = { r->normal, r->elite };
    for (int i = 0; i < plan->nsrc; i++)
        for (int k = 0; k < NX_FORCE_KINDS; k++) {
            int n = plan->take[i][k] < want[k] ? plan->take[i][k] : want[k];
            plan->take[i][k] = n;
            want[k] -= n;
        }
    return arrival_stance(s, r, plan, why, len);
}

void nx_move_apply(nx_act *a, const nx_move_req *r, const nx_move_plan *plan)
{
    nx_state *s = a->s;
    uint8_t bit = BIT(r->seat);
    if (!(s->play.move_begun & bit)) {
        /* Ornithopters are judged once, at the start of the movement. */
        s->play.move_begun |= bit;
        if (plan->ornithopters) s->play.ornithopters |= bit;
    }
    for (int i = 0; i < plan->nsrc; i++)
        for (int k = 0; k < NX_FORCE_KINDS; k++)
            nx_state_move_forces(s, r->seat, k, NX_PLACE_BOARD(plan->src[i]), NX_PLACE_BOARD(r->to), plan->take[i][k]);
    char who[64], to[64], forces[48];
    nx_act_who(s, r->seat, who, sizeof who);
    if (r->hajr) {
        nx_custody_move(&s->custody, plan->hajr_card, NX_Z_TREACHERY_DISCARD);
        nx_act_log(a, "%s plays Hajr for an extra move", who);
    } else {
        s->play.moved |= bit;
    }
    nx_worm_moved(s, r->seat);   /* any move spends a stop "for the next move" */
    nx_act_log(a, "%s moves %s from %s to %s", who, nx_move_forces_label(r->normal, r->elite, forces, sizeof forces),
               nx_map_territory_name(r->from_t), nx_move_section_label(r->to, to, sizeof to));
    if (s->seats[r->seat].faction != NX_BENE_GESSERIT) return;
    nx_move_tidy_advisors(s);
    nx_move_set_stance(s, nx_map_section_territory(r->to), plan->advisors_out);
    if (plan->advisors_in != plan->advisors_out)
        nx_act_log(a, "the arriving Bene Gesserit %s", plan->advisors_out ? "become advisors" : "become fighters");
}
