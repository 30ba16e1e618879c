#include "nx_ship_nexus.h"

#include <string.h>

#include "nx_board.h"
#include "nx_effects.h"
#include "nx_module.h"
#include "nx_movement.h"
#include "nx_play.h"
#include "nx_text.h"
#include "nx_words.h"

#define BIT(seat) ((uint8_t)(1u << (seat)))

void nx_ship_nexus_reset(nx_state *s)
{
    nx_play *p = &s->play;
    memset(p->accompanied, 0, sizeof p->accompanied);
    memset(p->flip_set, 0, sizeof p->flip_set);
    p->second_stage = p->second_shipped = 0;
    p->use_window = 0;
    p->use_seat = NX_NO_SEAT;
}

/* ---- shipping terms ------------------------------------------------------------ */

int nx_ship_terms_refusal(const nx_state *s, uint8_t seat, int from_reserves, int to_reserves, int n, int karama,
                          char *why, size_t len)
{
    unsigned terms = nx_effect_allowed(s, seat) & NX_ALLOW_SHIPPING;
    if (!terms) return 0;
    /* Each prices the shipment its own way: one of them backs it. */
    if (karama) return nx_move_refuse(why, len, "a Karama card and a Nexus card do not back one shipment together");
    if (!(terms & NX_ALLOW_FIVE_AS_ONE)) return 0;
    if (!from_reserves || to_reserves)
        return nx_move_refuse(why, len, "Richese Secret Ally ships forces from reserves onto the board");
    if (n > 5) return nx_move_refuse(why, len, "Richese Secret Ally ships up to five forces, not %d", n);
    return 0;
}

void nx_ship_terms_used(nx_act *a, uint8_t seat)
{
    unsigned had = nx_effect_use_allowed(a->s, seat, NX_ALLOW_SHIPPING);
    if (!had) return;
    char who[64];
    nx_act_log(a, "%s's shipment is made on its Nexus card's terms%s%s%s%s", nx_act_who(a->s, seat, who, sizeof who),
               had & NX_ALLOW_GUILD_RATES ? " (Guild rates)" : "", had & NX_ALLOW_CROSS_SHIP ? " (cross-ship)" : "",
               had & NX_ALLOW_SHIP_BACK ? " (ship back)" : "", had & NX_ALLOW_FIVE_AS_ONE ? " (up to five priced as one)" : "");
}

int nx_ship_play_terms(nx_act *a)
{
    uint8_t seat = (uint8_t)a->seat;
    unsigned before = nx_effect_allowed(a->s, seat) & NX_ALLOW_SHIPPING;
    if (before) return nx_act_fail(a, "illegal", "your Nexus card's shipping terms are already in play: ship without \"nexus\"");
    if (a->rt->rules->play_panel(a, NULL)) return -1;
    /* The whole action fails (and the card stays held) otherwise. */
    if (!(nx_effect_allowed(a->s, seat) & NX_ALLOW_SHIPPING))
        return nx_act_fail(a, "illegal", "the Nexus card you hold gives no shipping terms; play it with play_nexus");
    return 0;
}

/* ---- Spacing Guild Cunning: the second shipment ---------------------------------- */

int nx_ship_second_under_way(const nx_state *s, uint8_t seat) { return s->play.second_stage == seat + 1; }

int nx_ship_second_begins(nx_act *a, uint8_t seat)
{
    nx_state *s = a->s;
    if (s->play.second_stage) {
        /* The second shipment ends with the turn (a pass, or nothing left). */
        s->play.second_stage = s->play.second_shipped = 0;
        return 0;
    }
    if (!nx_effect_use_allowed(s, seat, NX_ALLOW_SECOND_SHIP)) return 0;
    s->play.second_stage = (uint8_t)(seat + 1);
    s->play.second_shipped = 0;
    s->play.mover = seat;
    char who[64];
    nx_act_log(a, "Spacing Guild Cunning: %s makes a second shipment right after its turn; those forces may move "
               "only by a Hajr card", nx_act_who(s, seat, who, sizeof who));
    nx_use_open(a, NX_USE_SECOND_SHIPMENT, seat);
    return 1;
}

int nx_ship_second_over(const nx_state *s)
{
    if (!s->play.second_stage) return 1;
    uint8_t seat = (uint8_t)(s->play.second_stage - 1);
    return s->play.second_shipped && nx_move_card_in_hand(s, seat, NX_TR_HAJR) == NX_COMP_NONE;
}

const char *nx_ship_second_prompt(const nx_state *s)
{
    return s->play.second_shipped ? "Second shipment made: a Hajr card may still move forces; pass ends your turn"
                                   : "Spacing Guild Cunning: make your second shipment (only a Hajr card moves); pass ends your turn";
}

/* ---- Bene Gesserit Cunning: the flip ------------------------------------------------ */

static int bg_under_storm(const nx_state *s, uint8_t bg, int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY);
    for (int i = 0; i < n; i++)
        if (nx_board_forces_at(s, bg, secs[i]) && nx_board_section_in_storm(s, secs[i])) return 1;
    return 0;
}

int nx_ship_flip_accompanied(const nx_state *s, int t) { return nx_play_bit(s->play.accompanied, t); }

int nx_ship_flip_storm_locked(const nx_state *s, int t)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    return bg != NX_NO_SEAT && nx_map_is_stronghold(t) && bg_under_storm(s, bg, t);
}

int nx_ship_flip_blocked(const nx_state *s, int t, char *why, size_t len)
{
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    const char *where = nx_map_territory_name(t);
    if (bg == NX_NO_SEAT || !(s->options & NX_OPT_ADVANCED) || !nx_move_territory_advisors(s, t))
        return nx_move_refuse(why, len, "the Bene Gesserit have no advisors in %s", where);
    /* The card names no exemption from the base rules (000, Executable
     * composition); the storm in a stronghold is the open question. */
    if (!nx_map_is_stronghold(t) && bg_under_storm(s, bg, t))
        return nx_move_refuse(why, len, "advisors under the storm cannot become fighters in %s (Stormed In)", where);
    uint8_t ally = s->seats[bg].ally;
    if (ally != NX_NO_SEAT && nx_board_forces_in(s, ally, t))
        return nx_move_refuse(why, len, "advisors cannot become fighters beside your ally in %s (Peacetime)", where);
    if (nx_move_stronghold_full(s, bg, t)) return nx_move_refuse(why, len, "fighters of two other factions already hold %s", where);
    return 0;
}

int nx_ship_flip_choices(const nx_state *s, int out[NX_MAP_TERRITORIES])
{
    int n = 0;
    char why[160];
    for (int t = 0; t < NX_MAP_TERRITORIES; t++)
        if (!nx_ship_flip_blocked(s, t, why, sizeof why) && !nx_ship_flip_accompanied(s, t) && !nx_ship_flip_storm_locked(s, t))
            out[n++] = t;
    return n;
}

/* A selected territory on a path an open question shuts: refused naming
 * the ruling and its setting (the path is also shut while unresolved). */
static int path_refusal(nx_act *a, const char *ruling, int permitted, const char *what, int t)
{
    if (permitted) return 0;
    return nx_act_fail(a, "illegal", "Bene Gesserit Cunning: %s in %s (%s: %s)", what, nx_map_territory_name(t), ruling,
                       nx_act_setting(a, ruling, "unresolved"));
}

static int flip_refusal(nx_act *a, int t)
{
    char why[160];
    if (nx_ship_flip_blocked(a->s, t, why, sizeof why)) return nx_act_fail(a, "illegal", "%s", why);
    if (nx_ship_flip_storm_locked(a->s, t) &&
        path_refusal(a, NX_RULING_BENE_GESSERIT_CUNNING_STORM_STRONGHOLD,
                     NX_SETTING_IS(a, BENE_GESSERIT_CUNNING_STORM_STRONGHOLD, PERMIT),
                     "the advisors are in a stronghold under the storm", t))
        return -1;
    if (nx_ship_flip_accompanied(a->s, t) &&
        path_refusal(a, NX_RULING_BENE_GESSERIT_CUNNING_ACCOMPANIED_ADVISORS,
                     NX_SETTING_IS(a, BENE_GESSERIT_CUNNING_ACCOMPANIED_ADVISORS, PERMIT),
                     "advisors accompanied a shipment this turn", t))
        return -1;
    return 0;
}

int nx_ship_act_flip(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("territories", "nexus"))) return -1;
    const nx_pending *p = nx_act_need(a, NX_PEND_SHIP_MOVE);
    int ts[NX_MAP_TERRITORIES], n;
    if (!p || nx_arg_territories(a, ts, &n)) return -1;
    json_t *nexus = json_object_get(a->action, "nexus");
    if (nexus && !json_is_boolean(nexus)) return nx_act_fail(a, "malformed", "\"nexus\" must be true or false");
    nx_state *s = a->s;
    uint8_t seat = p->seat;
    if (s->play.mover != seat || s->seats[seat].faction != NX_BENE_GESSERIT || !(s->options & NX_OPT_ADVANCED))
        return nx_act_fail(a, "illegal", "only the Advanced Bene Gesserit flip advisors in their own turn (Bene Gesserit Cunning)");
    /* The card is played in this same action: a refused selection keeps it. */
    if (json_is_true(nexus) && a->rt->rules->play_panel(a, NULL)) return -1;
    if (!(nx_effect_allowed(s, seat) & NX_ALLOW_ADVISOR_FLIP))
        return nx_act_fail(a, "illegal", "no Nexus card lets you flip advisors now (Bene Gesserit Cunning: \"nexus\": true)");
    for (int i = 0; i < n; i++)
        if (flip_refusal(a, ts[i])) return -1;
    nx_state_remove_pending(s, nx_act_need(a, NX_PEND_SHIP_MOVE));
    /* One announced set: the card allows one selection, not several. */
    nx_effect_use_allowed(s, seat, NX_ALLOW_ADVISOR_FLIP);
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        nx_play_set_bit(s->play.flip_set, ts[i], 1);
        used += (size_t)nx_clip(list + used, sizeof list - used, "%s%s", i ? ", " : "", nx_map_territory_name(ts[i]));
    }
    nx_act_log(a, "Bene Gesserit Cunning: the Bene Gesserit announce that their advisors in %s become fighters", list);
    if (!nx_use_open(a, NX_USE_ADVISOR_FLIP, seat)) nx_ship_flip_settle(a);
    return 0;
}

int nx_ship_use_settle(nx_act *a)
{
    int use, stopped;
    if (nx_use_settle(a, &use, &stopped)) return NX_USE_WAITING;
    nx_state *s = a->s;
    if (use == NX_USE_ADVISOR_FLIP) {
        if (!stopped) {
            nx_ship_flip_settle(a);
        } else {
            /* Every original advisor group stays as it was (000). */
            memset(s->play.flip_set, 0, sizeof s->play.flip_set);
            nx_act_log(a, "the Bene Gesserit advisors stay advisors");
        }
        return NX_USE_GOES_ON;
    }
    if (use == NX_USE_SECOND_SHIPMENT && stopped) {
        s->play.second_stage = 0;
        return NX_USE_TURN_ENDS;
    }
    return NX_USE_GOES_ON;
}

void nx_ship_flip_settle(nx_act *a)
{
    nx_state *s = a->s;
    uint8_t bg = nx_state_seat_of(s, NX_BENE_GESSERIT);
    /* Checked again at settlement: the whole set, or nothing (000). */
    char why[160];
    int legal = bg != NX_NO_SEAT;
    for (int t = 0; legal && t < NX_MAP_TERRITORIES; t++)
        if (nx_play_bit(s->play.flip_set, t) && nx_ship_flip_blocked(s, t, why, sizeof why)) legal = 0;
    if (!legal) nx_act_log(a, "Bene Gesserit Cunning: the selection is no longer legal (%s); no advisor converts", why);
    for (int t = 0; legal && t < NX_MAP_TERRITORIES; t++) {
        if (!nx_play_bit(s->play.flip_set, t)) continue;
        int n = nx_board_forces_in(s, bg, t);
        nx_move_set_stance(s, t, 0);
        nx_act_log(a, "Bene Gesserit Cunning: the %d advisor%s in %s become%s fighters", n, nx_plural(n, "", "s"),
                   nx_map_territory_name(t), nx_plural(n, "s", ""));
    }
    memset(s->play.flip_set, 0, sizeof s->play.flip_set);
}
