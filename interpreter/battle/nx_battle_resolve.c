/*
 * Reveal, traitor calls, resolution, the winner's cards and Harkonnen
 * capture (docs/rules/battle.md 7-9; docs/rules/phase-battle.md).
 *
 * Resolution takes the first case that fits (battle.md 8):
 *   A. both sides call a traitor: both leaders die, both sides lose every
 *      force and card; no winner, no leader spice;
 *   B. one side calls: it wins and loses nothing, pays no support and
 *      gets the traitor's strength in spice; the other loses its leader,
 *      its forces and its cards;
 *   C. a Lasgun and a Shield anywhere in the two plans: everything in the
 *      territory dies (turn.battle_lasgun_reach), both leaders too; no winner;
 *   D. weapons against defences, then dial + surviving leader; the higher
 *      total wins, the aggressor wins ties; the loser loses its forces and
 *      cards, the winner the counters it dialed, and it gets the strength
 *      of every leader killed.
 * Support spice goes to the bank (turn.battle_support_payer).
 *
 * The Kwisatz Haderach (Advanced Atreides, battle.md 10.1): its leader
 * or Cheap Hero cannot be called a traitor, it adds 2 if that leader
 * lives, it dies only in an explosion; every Atreides force a battle
 * sends to the Tanks counts toward its awakening (turn.battle_kh_losses).
 *
 * Secrecy: traitor calls are answered one by one but shown together
 * (no answer logs a line; the calls are announced together); every combatant whose
 * opponent fields a leader is asked, holder or not, so the question
 * itself gives nothing away.  Revealed cards appear in the log by name;
 * they stay in the hand zone (owner-only) until discarded, so views show
 * them by design name, never by component id.
 */
#include <stdio.h>
#include <string.h>

#include "nx_battle.h"
#include "nx_text.h"
#include "nx_board.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_spice.h"
#include "nx_words.h"

#define CAPTURE_KILL_SPICE 2   /* Harkonnen's price for killing a captive (LV 2.05) */

static uint8_t seat_of(const nx_state *s, int side) { return s->play.battle_seats[side]; }

static uint8_t bit(uint8_t seat) { return (uint8_t)(1u << seat); }

static int advanced(const nx_state *s) { return (s->options & NX_OPT_ADVANCED) != 0; }

/* The leader disc a side plays, as a leader index; -1 for a Cheap Hero or none. */
static int leader_of(const nx_state *s, int side)
{
    nx_comp c = s->play.battle_leader[side];
    return c != NX_COMP_NONE && nx_comp_kind_of(c) == NX_COMP_LEADER ? nx_comp_leader(c) : -1;
}

static const char *who(const nx_state *s, int side, char *buf, size_t len) { return nx_act_who(s, seat_of(s, side), buf, len); }

static const char *territory(const nx_state *s) { return nx_map_territory_name(s->play.battle_t); }

static int has_kh(const nx_state *s, int side) { return (s->play.battle_kh >> side) & 1; }

/* ---- reveal ------------------------------------------------------------------------ */

static const char *slot_name(nx_comp c)
{
    if (c == NX_COMP_NONE) return "none";
    if (nx_comp_kind_of(c) == NX_COMP_LEADER) return nx_leader_get(nx_comp_leader(c))->name;
    return nx_treachery_name(nx_battle_card(c));
}

static void log_plan(nx_act *a, int side)
{
    nx_state *s = a->s;
    char w[64], support[32] = "";
    if (advanced(s)) nx_fmt(support, sizeof support, ", %d spice support", s->play.battle_support[side]);
    int l = leader_of(s, side);
    char strength[16] = "";
    if (l >= 0) nx_fmt(strength, sizeof strength, " (%d)", nx_battle_strength(l));
    nx_act_log(a, "%s reveals: leader %s%s%s, weapon %s, defense %s, dial %g%s", who(s, side, w, sizeof w),
               slot_name(s->play.battle_leader[side]), strength, has_kh(s, side) ? " with the Kwisatz Haderach" : "",
               slot_name(s->play.battle_weapon[side]),
               slot_name(s->play.battle_defence[side]), s->play.battle_dial[side] / 2.0, support);
}

void nx_battle_reveal(nx_act *a)
{
    nx_state *s = a->s;
    s->play.battle_shown = 1;
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        log_plan(a, side);
        /* The Kwisatz Haderach's one territory this turn (LV 2.01). */
        if (has_kh(s, side)) s->play.kh_used = (uint8_t)(s->play.battle_t + 1);
        int l = leader_of(s, side);
        if (l < 0) continue;
        /* The leader is committed to this territory for the phase. */
        s->play.leader_fought[l] = (uint8_t)(s->play.battle_t + 1);
        if (nx_leader_get(l)->faction != s->seats[seat_of(s, side)].faction)
            nx_play_set_bit(s->play.captive_fought, l, 1);
    }
}

/* ---- traitor calls ------------------------------------------------------------------------ */

static int holds_traitor(const nx_state *s, uint8_t seat, int leader)
{
    return s->custody.zone[nx_comp_traitor(leader)] == NX_Z_SEAT(seat, NX_ZS_TRAITORS);
}

static void open_call(nx_state *s, uint8_t seat, int leader, uint32_t event)
{
    nx_pending *p = nx_state_add_pending(s, NX_PEND_TRAITOR_CALL, seat);
    p->event = event;
    nx_fmt(p->prompt, sizeof p->prompt, "Call a traitor if you hold the Traitor Card of %s, or pass",
             nx_leader_get(leader)->name);
}

int nx_battle_open_calls(nx_act *a)
{
    nx_state *s = a->s;
    uint32_t event = 0;
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        int target = leader_of(s, 1 - side);
        /* A Cheap Hero is never a traitor, nor a leader the Kwisatz
         * Haderach accompanies (battle.md 7, LV 2.01 Atreides Loyalty). */
        if (target < 0 || has_kh(s, 1 - side)) continue;
        if (!event) event = nx_state_new_event(s);
        uint8_t seat = seat_of(s, side), ally = s->seats[seat].ally;
        open_call(s, seat, target, event);
        /* Harkonnen may call its traitors in its ally's battle (base p.17). */
        if (ally != NX_NO_SEAT && s->seats[ally].faction == NX_HARKONNEN) open_call(s, ally, target, event);
    }
    return event != 0;
}

/* Both answers look alike until every call is in: neither logs a line,
 * and the resolution (nx_battle_resolve) announces the calls made. */
static int answered(nx_act *a, const nx_pending *p)
{
    nx_state_remove_pending(a->s, p);
    return 0;
}

int nx_battle_act_call(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_TRAITOR_CALL);
    if (!p || nx_arg_keys(a, NX_NO_KEYS)) return -1;
    nx_state *s = a->s;
    int target = leader_of(s, 1 - nx_battle_call_side(s, p->seat));
    if (!holds_traitor(s, p->seat, target))
        return nx_act_fail(a, "illegal", "you hold no Traitor Card of %s", nx_leader_get(target)->name);
    s->play.battle_callers |= bit(p->seat);
    return answered(a, p);
}

int nx_battle_pass_call(nx_act *a, const nx_pending *p) { return answered(a, p); }

void nx_battle_call_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
    int side = nx_battle_call_side(s, p->seat);
    if (side >= 0 && holds_traitor(s, p->seat, leader_of(s, 1 - side)))
        nx_moves_add(out, 100, json_pack("{s:s}", "type", "call_traitor"));
}

/* ---- what a battle does to a side ------------------------------------------------------------ */

/* Did this side (its combatant or a Harkonnen ally) call a traitor? */
static int side_called(const nx_state *s, int side)
{
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if ((s->play.battle_callers & bit(seat)) && nx_battle_call_side(s, seat) == side) return 1;
    return 0;
}

/* Every fighter of the side in the battle goes to the Tanks; `ordinary`:
 * in case D (the Kwisatz Haderach's count, turn.battle_kh_losses). */
static void lose_all(nx_act *a, int side, int ordinary)
{
    nx_state *s = a->s;
    uint8_t seat = seat_of(s, side);
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_battle_region(s, s->play.battle_sec, secs), killed = 0;
    for (int i = 0; i < n; i++)
        if (nx_move_fighters_at(s, seat, secs[i])) killed += nx_board_kill_section(s, seat, secs[i]);
    char w[64];
    char lost[48];
    nx_act_log(a, "%s loses %s %s in %s to the Tanks", who(s, side, w, sizeof w), nx_plural(killed, "its", "all its"),
               nx_move_forces_label(killed, 0, lost, sizeof lost), territory(s));
    nx_battle_kh_losses(a, seat, killed, ordinary);
}

/* The winner loses the counters its dial committed, section by section. */
static void lose_dialed(nx_act *a, int side)
{
    nx_state *s = a->s;
    uint8_t seat = seat_of(s, side);
    int need[NX_FORCE_KINDS] = { s->play.battle_lose[side][0], s->play.battle_lose[side][1] };
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY], n = nx_battle_region(s, s->play.battle_sec, secs);
    for (int i = 0; i < n; i++) {
        if (!nx_move_fighters_at(s, seat, secs[i])) continue;
        const uint8_t *f = s->seats[seat].forces[NX_PLACE_BOARD(secs[i])];
        int take[NX_FORCE_KINDS];
        for (int k = 0; k < NX_FORCE_KINDS; k++) {
            take[k] = need[k] < f[k] ? need[k] : f[k];
            need[k] -= take[k];
        }
        nx_board_kill(s, seat, secs[i], take[NX_FORCE_NORMAL], take[NX_FORCE_ELITE]);
    }
    char w[64], forces[48];
    if (s->play.battle_lose[side][0] + s->play.battle_lose[side][1] == 0)
        nx_act_log(a, "%s dialed 0 and loses no forces", who(s, side, w, sizeof w));
    else
        nx_act_log(a, "%s loses the %s it dialed", who(s, side, w, sizeof w),
                   nx_move_forces_label(s->play.battle_lose[side][0], s->play.battle_lose[side][1], forces, sizeof forces));
    nx_battle_kh_losses(a, seat, s->play.battle_lose[side][0] + s->play.battle_lose[side][1], 1);
}

/* A side's leader dies; returns its strength (0 for a Cheap Hero or none). */
static int kill_leader(nx_act *a, int side)
{
    nx_state *s = a->s;
    int l = leader_of(s, side);
    if (l < 0) return 0;
    nx_board_leader_killed(s, l);
    s->play.leader_fought[l] = 0;   /* a leader revived this phase may fight again (UBGF) */
    nx_act_log(a, "%s is killed and goes to the Tanks", nx_leader_get(l)->name);
    return nx_battle_strength(l);
}

static void receive(nx_act *a, int side, int spice)
{
    if (spice <= 0) return;
    nx_state *s = a->s;
    uint8_t seat = seat_of(s, side);
    nx_spice_transfer(a, NX_SPICE_BANK, seat, spice, "leaders killed in battle");
    char w[64];
    nx_act_log(a, "%s receives %d spice for the leaders killed", who(s, side, w, sizeof w), spice);
}

static void discard(nx_state *s, uint8_t seat, nx_comp c)
{
    if (c != NX_COMP_NONE && s->custody.zone[c] == NX_Z_SEAT(seat, NX_ZS_TREACHERY))
        nx_custody_move(&s->custody, c, NX_Z_TREACHERY_DISCARD);
}

/* The Treachery cards a side played (leader slot, weapon, defence). */
static int played(const nx_state *s, int side, nx_comp out[3])
{
    const nx_comp slots[3] = { s->play.battle_leader[side], s->play.battle_weapon[side], s->play.battle_defence[side] };
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (slots[i] != NX_COMP_NONE && nx_comp_kind_of(slots[i]) == NX_COMP_TREACHERY) out[n++] = slots[i];
    return n;
}

static void discard_played(nx_act *a, int side)
{
    nx_state *s = a->s;
    if (nx_battle_defers_discard(a, side)) return;   /* after the loser's step (nx_battle_after.c) */
    nx_comp cards[3];
    int n = played(s, side, cards);
    char w[64];
    for (int i = 0; i < n; i++) {
        discard(s, seat_of(s, side), cards[i]);
        nx_act_log(a, "%s discards %s", who(s, side, w, sizeof w), slot_name(cards[i]));
    }
}

/* Support spice to the bank: both sides, or only a winner
 * (turn.battle_support_payer); never a winner who called a traitor. */
static void pay_support(nx_act *a, int winner, int by_traitor)
{
    nx_state *s = a->s;
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        int owed = s->play.battle_support[side];
        if (!owed || (side == winner && by_traitor)) continue;
        if (s->play.rule[NX_RULE_SUPPORT_PAYS] == NX_RS_TURN_BATTLE_SUPPORT_PAYER_WINNER_ONLY && side != winner) continue;
        uint8_t seat = seat_of(s, side);
        /* An Emperor's gift after its plan was sealed may leave less: it
         * pays what it has (docs/rules/phase-battle.md). */
        if (owed > nx_spice_of(s, seat)) owed = nx_spice_of(s, seat);
        nx_spice_transfer(a, seat, NX_SPICE_BANK, owed, "battle support");
        char w[64];
        nx_act_log(a, "%s pays %d spice of support to the bank", who(s, side, w, sizeof w), owed);
    }
}

/* ---- the four outcomes ------------------------------------------------------------------------ */

static int two_traitors(nx_act *a)
{
    nx_act_log(a, "both leaders are traitors: both sides lose, and no one is paid for the leaders");
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        kill_leader(a, side);
        lose_all(a, side, 0);
        discard_played(a, side);
    }
    pay_support(a, -1, 0);
    return -1;
}

static int traitor_win(nx_act *a, int w)
{
    nx_state *s = a->s;
    char ww[64];
    nx_act_log(a, "%s wins: %s is a traitor", who(s, w, ww, sizeof ww), nx_leader_get(leader_of(s, 1 - w))->name);
    receive(a, w, kill_leader(a, 1 - w));
    lose_all(a, 1 - w, 0);
    discard_played(a, 1 - w);
    pay_support(a, w, 1);
    int l = leader_of(s, w);
    /* The caller's leader (and a captive Harkonnen fielded) is as if it had
     * not fought (LV 1.07.06). */
    if (l >= 0) {
        s->play.leader_fought[l] = 0;
        nx_play_set_bit(s->play.captive_fought, l, 0);
    }
    /* ... and its Kwisatz Haderach's use this turn is unspent (battle.md
     * 13.11): only a use in this very territory can have marked it. */
    if (has_kh(s, w)) s->play.kh_used = 0;
    return w;
}

static int shows_card(const uint8_t *slot, int pred(nx_comp))
{
    for (int side = 0; side < NX_BATTLE_SIDES; side++)
        if (slot[side] != NX_COMP_NONE && pred(slot[side])) return 1;
    return 0;
}
static int is_lasgun(nx_comp c) { return nx_battle_card(c) == NX_TR_LASGUN; }
static int is_shield(nx_comp c) { return (nx_treachery_effect(nx_battle_card(c), NX_TR_SLOT_DEFENCE) & NX_TRE_SHIELD) != 0; }

/* Everything in reach goes: every faction's forces (advisors too), the
 * spice, both leaders (battle.md 8 C). */
static int explosion(nx_act *a)
{
    nx_state *s = a->s;
    nx_act_log(a, "Lasgun and Shield: an explosion destroys everything in %s", territory(s));
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        kill_leader(a, side);
        /* The Kwisatz Haderach dies only so (LV 2.01 Prophecy Blinded). */
        if (has_kh(s, side)) {
            s->play.kh_dead = 1;
            nx_act_log(a, "the Kwisatz Haderach is killed");
        }
    }
    /* Everything in the territory, storm or not (LV 3.01 Lasgun). */
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(s->play.battle_t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (uint8_t seat = 0; seat < s->nseats; seat++) {
        int killed = 0;
        for (int i = 0; i < n; i++) killed += nx_board_kill_section(s, seat, secs[i]);
        char w[64];
        char lost[48];
        if (killed)
            nx_act_log(a, "%s loses %s to the Tanks", nx_act_who(s, seat, w, sizeof w),
                       nx_move_forces_label(killed, 0, lost, sizeof lost));
        nx_battle_kh_losses(a, seat, killed, 0);
    }
    for (int i = 0; i < n; i++) {
        char where[64];
        if (s->play.spice[secs[i]])
            nx_act_log(a, "%d spice is lost from %s", s->play.spice[secs[i]], nx_move_section_label(secs[i], where, sizeof where));
        nx_board_spice_clear(s, secs[i]);
    }
    for (int side = 0; side < NX_BATTLE_SIDES; side++) discard_played(a, side);
    pay_support(a, -1, 0);
    return -1;
}

/* Does the opponent's weapon kill this side's leader?  The Lasgun
 * always; otherwise an attack the defence does not stop (battle.md 8 D). */
static int leader_hit(const nx_state *s, int side)
{
    nx_comp weapon = s->play.battle_weapon[1 - side], defence = s->play.battle_defence[side];
    if (weapon == NX_COMP_NONE) return 0;
    if (is_lasgun(weapon)) return 1;
    unsigned attack = nx_treachery_effect(nx_battle_card(weapon), NX_TR_SLOT_WEAPON);
    unsigned guard = defence == NX_COMP_NONE ? 0 : nx_treachery_effect(nx_battle_card(defence), NX_TR_SLOT_DEFENCE);
    return (attack & ~guard & (NX_TRE_PROJECTILE | NX_TRE_POISON)) != 0;
}

static int ordinary(nx_act *a)
{
    nx_state *s = a->s;
    int dies[NX_BATTLE_SIDES], total[NX_BATTLE_SIDES];
    for (int side = 0; side < NX_BATTLE_SIDES; side++) dies[side] = leader_hit(s, side);
    for (int side = 0; side < NX_BATTLE_SIDES; side++) {
        int l = leader_of(s, side), lives = s->play.battle_leader[side] != NX_COMP_NONE && !dies[side];
        /* The Kwisatz Haderach adds 2 if its leader or Cheap Hero lives. */
        total[side] = s->play.battle_dial[side] + (l >= 0 && lives ? 2 * nx_battle_strength(l) : 0) +
                      (has_kh(s, side) && lives ? 4 : 0);
    }
    int w = total[0] >= total[1] ? 0 : 1;   /* the aggressor wins ties */
    char w0[64], w1[64], ww[64];
    nx_act_log(a, "%s totals %g, %s totals %g: %s wins", who(s, 0, w0, sizeof w0), total[0] / 2.0,
               who(s, 1, w1, sizeof w1), total[1] / 2.0, who(s, w, ww, sizeof ww));
    int paid = 0;
    for (int side = 0; side < NX_BATTLE_SIDES; side++)
        if (dies[side]) paid += kill_leader(a, side);
    receive(a, w, paid);
    lose_all(a, 1 - w, 1);
    discard_played(a, 1 - w);
    lose_dialed(a, w);
    pay_support(a, w, 0);
    return w;
}

/* ---- the winner's cards ------------------------------------------------------------------------ */

/* Discards what the winner must discard and offers the rest: a Cheap
 * Hero (unless won by a traitor); worthless cards are kept or discarded
 * like any other (LV 1.07.06).  1 if offered. */
static int open_keep(nx_act *a, int w, int by_traitor)
{
    nx_state *s = a->s;
    uint8_t seat = seat_of(s, w);
    nx_comp cards[3];
    int n = played(s, w, cards), keep = 0;
    nx_pending *p = NULL;
    char ww[64];
    for (int i = 0; i < n; i++) {
        nx_treachery_card c = nx_battle_card(cards[i]);
        int forced = !by_traitor && nx_treachery_discard_after_use(c);
        if (forced) {
            discard(s, seat, cards[i]);
            nx_act_log(a, "%s discards %s", who(s, w, ww, sizeof ww), slot_name(cards[i]));
            continue;
        }
        if (!p) {
            p = nx_state_add_pending(s, NX_PEND_BATTLE_CARDS, seat);
            p->event = nx_state_new_event(s);
            p->private_options = 1;
            nx_fmt(p->prompt, sizeof p->prompt, "Keep or discard the cards you played (\"keep\" lists those kept)");
        }
        p->options[p->noptions++] = cards[i];
        keep++;
    }
    return keep > 0;
}

int nx_battle_resolve(nx_act *a)
{
    nx_state *s = a->s;
    char w[64];
    for (uint8_t seat = 0; seat < s->nseats; seat++)
        if (s->play.battle_callers & bit(seat)) {
            int side = nx_battle_call_side(s, seat);
            nx_act_log(a, "%s calls traitor: it holds the Traitor Card of %s", nx_act_who(s, seat, w, sizeof w),
                       nx_leader_get(leader_of(s, 1 - side))->name);
        }
    int called[NX_BATTLE_SIDES] = { side_called(s, 0), side_called(s, 1) }, winner;
    if (called[0] && called[1]) winner = two_traitors(a);
    else if (called[0] || called[1]) winner = traitor_win(a, called[0] ? 0 : 1);
    else if (shows_card(s->play.battle_weapon, is_lasgun) && shows_card(s->play.battle_defence, is_shield))
        winner = explosion(a);
    else winner = ordinary(a);
    /* The two who used the battle wheels dial the next storm. */
    s->play.dialers[0] = seat_of(s, 0);
    s->play.dialers[1] = seat_of(s, 1);
    s->play.battle_winner = winner < 0 ? NX_NO_SEAT : seat_of(s, winner);
    return winner >= 0 && open_keep(a, winner, called[winner]);
}

static void keep_and_discard(nx_act *a, const nx_pending *p, unsigned kept)
{
    nx_state *s = a->s;
    char w[64];
    for (int i = 0; i < p->noptions; i++) {
        int keep = (kept >> i) & 1;
        if (!keep) discard(s, p->seat, p->options[i]);
        nx_act_log(a, "%s %s %s", nx_act_who(s, p->seat, w, sizeof w), keep ? "keeps" : "discards", slot_name(p->options[i]));
    }
    nx_state_remove_pending(s, p);
}

int nx_battle_act_keep(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_BATTLE_CARDS);
    if (!p || nx_arg_keys(a, NX_KEYS("keep"))) return -1;
    json_t *list = json_object_get(a->action, "keep");
    if (!json_is_array(list)) return nx_act_fail(a, "malformed", "\"keep\" must be a list of the played cards kept ([] keeps none)");
    unsigned kept = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        nx_comp c = json_is_string(v) ? nx_comp_parse(json_string_value(v)) : NX_COMP_NONE;
        int k = 0;
        while (k < p->noptions && p->options[k] != c) k++;
        if (k == p->noptions)
            return nx_act_fail(a, "illegal", "keep: %s is not a card you played and may keep", json_is_string(v) ? json_string_value(v) : "?");
        if (kept & (1u << k)) return nx_act_fail(a, "malformed", "keep: %s is listed twice", json_string_value(v));
        kept |= 1u << k;
    }
    keep_and_discard(a, p, kept);
    return 0;
}

int nx_battle_pass_keep(nx_act *a, const nx_pending *p)
{
    keep_and_discard(a, p, (1u << p->noptions) - 1);
    return 0;
}

/* Keep everything (a card in hand is an option later), or nothing. */
void nx_battle_keep_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    (void)p;
    nx_moves_add(out, 10, json_pack("{s:s}", "type", "pass"));
    nx_moves_add(out, 0, json_pack("{s:s, s:[]}", "type", "keep_cards", "keep"));
}

/* ---- Harkonnen capture (Advanced; battle.md 9, LV 2.05) ------------------------------------------ */

/* The loser's leaders Harkonnen may draw: in its pool and not committed
 * to another territory this phase. */
static int capturable(const nx_state *s, uint8_t loser, int out[NX_LEADER_COUNT])
{
    int n = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (s->custody.zone[nx_comp_leader_disc(l)] == NX_Z_SEAT(loser, NX_ZS_LEADERS) &&
            (s->play.leader_fought[l] == 0 || s->play.leader_fought[l] == s->play.battle_t + 1))
            out[n++] = l;
    return n;
}

/* The draw comes first and is shown to Harkonnen and to the leader's
 * owner only; the Karama window against the capture follows it (the
 * loser knows what it would save), then Harkonnen's decision. */
int nx_battle_draw_captive(nx_act *a)
{
    nx_state *s = a->s;
    int w = nx_battle_side(s, s->play.battle_winner);
    if (!advanced(s) || w < 0 || s->seats[seat_of(s, w)].faction != NX_HARKONNEN) return 0;
    uint8_t harkonnen = seat_of(s, w), loser = seat_of(s, 1 - w);
    int ls[NX_LEADER_COUNT], n = capturable(s, loser, ls);
    if (!n) return 0;
    int l = ls[nx_rng_below(&s->rng, (uint32_t)n)];
    s->play.battle_captive = (uint8_t)l;
    nx_comp disc = nx_comp_leader_disc(l);
    uint32_t event = nx_state_new_event(s);
    nx_state_add_receipt(s, harkonnen, NX_RCPT_SAW, event, &disc, 1);
    nx_state_add_receipt(s, loser, NX_RCPT_SAW, event, &disc, 1);
    char hw[64], lw[64];
    nx_act_log(a, "%s draws one of %s's leaders at random", nx_act_who(s, harkonnen, hw, sizeof hw),
               nx_act_who(s, loser, lw, sizeof lw));
    return 1;
}

int nx_battle_open_capture(nx_act *a)
{
    nx_state *s = a->s;
    if (s->play.battle_captive == 0xff || nx_battle_stopped(s, NX_ADV_CAPTURE)) return 0;
    nx_pending *p = nx_state_add_pending(s, NX_PEND_CAPTURE, s->play.battle_winner);
    p->event = nx_state_new_event(s);
    p->options[0] = nx_comp_leader_disc(s->play.battle_captive);
    p->noptions = 1;
    p->private_options = 1;
    nx_fmt(p->prompt, sizeof p->prompt, "Capture or kill the leader drawn from your opponent, or pass");
    return 1;
}

int nx_battle_act_capture(nx_act *a)
{
    const nx_pending *p = nx_act_need(a, NX_PEND_CAPTURE);
    if (!p || nx_arg_keys(a, NX_KEYS("mode"))) return -1;
    const char *mode = json_string_value(json_object_get(a->action, "mode"));
    int kill = mode && !strcmp(mode, "kill");
    if (!mode || (!kill && strcmp(mode, "capture"))) return nx_act_fail(a, "malformed", "\"mode\" must be \"capture\" or \"kill\"");
    nx_state *s = a->s;
    int l = s->play.battle_captive;
    uint8_t seat = p->seat;
    nx_state_remove_pending(s, p);
    char w[64];
    nx_act_who(s, seat, w, sizeof w);
    if (kill) {
        nx_board_leader_killed_face_down(s, l);     /* LV 2.05: killed face down */
        s->play.leader_fought[l] = 0;
        nx_spice_transfer(a, NX_SPICE_BANK, seat, CAPTURE_KILL_SPICE, "a captured leader killed");
        nx_act_log(a, "%s kills %s, who lies face down in the Tanks, and takes %d spice", w, nx_leader_get(l)->name, CAPTURE_KILL_SPICE);
    } else {
        nx_custody_move(&s->custody, nx_comp_leader_disc(l), NX_Z_SEAT(seat, NX_ZS_LEADERS));
        nx_act_log(a, "%s captures %s", w, nx_leader_get(l)->name);
    }
    return 0;
}

int nx_battle_pass_capture(nx_act *a, const nx_pending *p)
{
    char w[64];
    nx_act_log(a, "%s leaves the drawn leader with its owner", nx_act_who(a->s, p->seat, w, sizeof w));
    nx_state_remove_pending(a->s, p);
    return 0;
}

void nx_battle_capture_moves(const nx_state *s, const nx_pending *p, json_t *out)
{
    (void)s;
    (void)p;
    nx_moves_add(out, 10, json_pack("{s:s, s:s}", "type", "capture", "mode", "capture"));
    nx_moves_add(out, 5, json_pack("{s:s, s:s}", "type", "capture", "mode", "kill"));
    nx_moves_add(out, 0, json_pack("{s:s}", "type", "pass"));
}

void nx_battle_return_captives(nx_act *a, int phase_over)
{
    nx_state *s = a->s;
    uint8_t h = nx_state_seat_of(s, NX_HARKONNEN);
    if (h == NX_NO_SEAT) return;
    nx_zone pool = NX_Z_SEAT(h, NX_ZS_LEADERS);
    int own = 0;
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        own += s->custody.zone[nx_comp_leader_disc(l)] == pool && nx_leader_get(l)->faction == NX_HARKONNEN;
    for (int l = 0; l < NX_LEADER_COUNT; l++) {
        if (s->custody.zone[nx_comp_leader_disc(l)] != pool || nx_leader_get(l)->faction == NX_HARKONNEN) continue;
        /* Home after fighting for Harkonnen, or at once when Harkonnen has
         * no leader of its own left (LV 2.05). */
        if (own && !(phase_over && nx_play_bit(s->play.captive_fought, l))) continue;
        uint8_t owner = nx_state_seat_of(s, nx_leader_get(l)->faction);
        if (owner == NX_NO_SEAT) continue;
        nx_custody_move(&s->custody, nx_comp_leader_disc(l), NX_Z_SEAT(owner, NX_ZS_LEADERS));
        char w[64];
        nx_act_log(a, "%s returns to %s", nx_leader_get(l)->name, nx_act_who(s, owner, w, sizeof w));
    }
    if (phase_over) memset(s->play.captive_fought, 0, sizeof s->play.captive_fought);
}
