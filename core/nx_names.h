/*
 * nx_names: the one table of names for the state's enumerations, shared by
 * views (nx_view) and saved states (nx_state_json) so the two can never
 * disagree on a spelling.
 */
#ifndef NX_NAMES_H
#define NX_NAMES_H

#include <stddef.h>

#include "nx_state.h"

#define NX_NAMES_COUNT(a) (sizeof(a) / sizeof((a)[0]))

extern const char *const nx_names_phase[NX_P_COUNT];    /* "mentat_pause" */
extern const char *const nx_names_option[4];            /* bit i of NX_OPT_* */
extern const char *const nx_names_policy[NX_POLICY_COUNT];
extern const char *const nx_names_pending[NX_PEND_KIND_COUNT]; /* [0] NULL: never live */
extern const char *const nx_names_word[4];              /* bit i of nx_word */
extern const char *const nx_names_receipt[5];

const char *nx_phase_name(int phase);          /* also "setup" */
const char *nx_policy_name(nx_own_policy p);
int nx_policy_parse(const char *name);         /* -1 when unknown */
const char *nx_word_name(nx_word w);
int nx_word_parse(const char *name);           /* 0 when unknown */
const char *nx_pending_kind_name(nx_pending_kind k);
const char *nx_receipt_kind_name(nx_receipt_kind k);

#endif
