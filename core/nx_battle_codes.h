/*
 * nx_battle_codes: what the battle fields of the state hold, named once.
 *
 * The battle rules (interpreter/battle/) write play.battle_stopped,
 * karama_window, battle_fixed, prescience_elem, voice_mode and kh_losses;
 * the view (core/nx_view.c) shows them.  Both read these names, so the
 * view repeats no number of the battle.  Codes only: which advantage a
 * Karama stops, and when, is the battle's business.
 */
#ifndef NX_BATTLE_CODES_H
#define NX_BATTLE_CODES_H

/* Battle advantages a Karama may stop (play.karama_window; bit (1 << adv)
 * in play.battle_stopped and play.karama_phase).  NX_ADV_SARDAUKAR is the
 * Emperor's elite bonus (Sardaukar count 2); NX_ADV_FREMEN both Fremen
 * bonuses at once (Fedaykin count 2, forces count full unsupported);
 * NX_ADV_CAPTURE Harkonnen's capture of the leader it drew. */
enum {
    NX_ADV_NONE, NX_ADV_KH, NX_ADV_VOICE, NX_ADV_PRESCIENCE,
    NX_ADV_SARDAUKAR, NX_ADV_FREMEN, NX_ADV_CAPTURE, NX_ADV_COUNT
};

/* Plan elements a side committed to by Prescience (play.battle_fixed). */
enum {
    NX_FIX_LEADER = 1 << 0,
    NX_FIX_WEAPON = 1 << 1,
    NX_FIX_DEFENCE = 1 << 2,
    NX_FIX_DIAL = 1 << 3,
    NX_FIX_SUPPORT = 1 << 4   /* turn.battle_prescience_dial "dial_and_support" */
};

/* The element Prescience names (play.prescience_elem). */
enum { NX_ELEM_NONE, NX_ELEM_LEADER, NX_ELEM_WEAPON, NX_ELEM_DEFENCE, NX_ELEM_DIAL, NX_ELEM_COUNT };

/* The Voice's command (play.voice_mode; 0: none). */
enum { NX_VOICE_PLAY = 1, NX_VOICE_NOT_PLAY = 2 };

/* Forces an Atreides loses in battles before the Kwisatz Haderach awakens
 * (play.kh_losses counts them). */
#define NX_KH_AWAKENS 7

/* Protocol ids: "kwisatz_haderach", "voice", ...; "leader", "weapon",
 * "defense", "dial" (NULL at index 0). */
extern const char *const nx_adv_ids[NX_ADV_COUNT];
extern const char *const nx_elem_ids[NX_ELEM_COUNT];

#endif
