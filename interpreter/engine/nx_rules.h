/*
 * nx_rules: the base-game readings a game follows (nx_rule in nx_state.h)
 * and the rulings that choose them (rulings/turn.yaml).
 */
#ifndef NX_RULES_H
#define NX_RULES_H

#include "nx_act.h"

/* The ruling id of a reading ("turn.first_storm_damage"). */
const char *nx_rules_ruling_id(nx_rule r);
/* The name of setting index v of a reading ("landing"), NULL past the end. */
const char *nx_rules_setting_name(nx_rule r, int v);
/* Copy every reading's chosen setting into a->s->play.rule[] (setup). */
void nx_rules_pin(nx_act *a);

#endif
