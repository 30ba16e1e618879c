/*
 * Karama against faction advantages outside the battle, and the Advanced
 * once-a-game faction Karama powers (docs/rules/karama.md).
 *
 * A window is opened by a phase procedure at the use of an advantage
 * (core/nx_adv.h), in a step the procedure re-enters:
 *
 *     if (nx_adv_window(a, NX_ADVO_BID_LOOK, atreides)) return 1;
 *     ... the use, unless nx_adv_stopped(s, NX_ADVO_BID_LOOK) ...
 *     nx_adv_use_done(s);
 *
 * The first call opens the window for every seat but the user that may
 * hold a Karama by what the table sees (as the battle's windows:
 * interpreter/battle/nx_battle_voice.c) and returns 1; the call after the
 * last answer settles it (the first Karama in storm order is spent) and
 * returns 0, as does every later call for the same use.  Several windows
 * may follow each other at one use.  nx_adv_use_done forgets the use.
 */
#ifndef NX_ADV_WINDOWS_H
#define NX_ADV_WINDOWS_H

#include "nx_adv.h"
#include "nx_module.h"

/* 1 when a window opened (the procedure returns 1); 0 when settled, or
 * when there is nothing to ask (no user: pass NX_NO_SEAT). */
int nx_adv_window(nx_act *a, int adv, uint8_t user);
/* The same window asking one seat only (a faction's Karama power that
 * answers a use: NX_ADVO_GUILD_POWER, the Guild). */
int nx_adv_window_for(nx_act *a, int adv, uint8_t user, uint8_t asker);
/* The Guild answers NX_ADVO_GUILD_POWER's window with "karama_power"
 * (nx_karama_powers.c): 1 when the seat had that window to answer. */
int nx_adv_power_answer(nx_act *a, uint8_t seat);
/* Is any seat's answer to an open window still awaited?  The steps that
 * settle a held use wait while it is (nx_use_window.c, nx_panel_karama.c). */
int nx_adv_answers_due(const nx_state *s);
/* Did a Karama stop this use? */
int nx_adv_stopped(const nx_state *s, int adv);
/* The use is over: its windows may open again at the next use. */
void nx_adv_use_done(nx_state *s);
/* The same for one advantage only (others' uses may be in hand). */
void nx_adv_forget(nx_state *s, int adv);

/* The card a seat would spend as a Karama (Advanced Bene Gesserit: a
 * worthless card first, LV 2.02.21), or NX_COMP_NONE. */
nx_comp nx_karama_card(const nx_state *s, uint8_t seat);
/* Might the seat hold such a card, by what the table sees? */
int nx_karama_may_hold(const nx_state *s, uint8_t seat);

/* The windows' module (the "karama" answer outside the battle), and the
 * Advanced once-a-game faction Karama powers (nx_karama_powers.c). */
extern const nx_module nx_mod_adv_windows;
extern const nx_module nx_mod_karama;

#endif
