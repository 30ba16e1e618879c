/*
 * nx_stage: the staging table's "stage" action (interpreter/staging/
 * nx_stage.c; docs/scenarios.md), a module of the Dune ruleset
 * (ruleset/nx_ruleset.c).
 */
#ifndef NX_STAGE_H
#define NX_STAGE_H

#include "nx_module.h"

extern const nx_module nx_mod_stage;

#endif
