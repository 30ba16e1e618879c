#include "nx_rules.h"

#include <assert.h>
#include <string.h>

#include "nx_module.h"

#define MAX_SETTINGS 3

static const struct {
    const char *ruling;
    const char *settings[MAX_SETTINGS + 1];   /* index 0 is the default reading */
} readings[NX_RULE_COUNT] = {
    [NX_RULE_PLAYER_CIRCLES] = { "turn.player_circles", { "spread", "consecutive" } },
    [NX_RULE_STORM_ON_CIRCLE] = { "turn.storm_on_circle", { "first", "last" } },
    [NX_RULE_FIRST_STORM_DAMAGE] = { "turn.first_storm_damage", { "path", "landing", "none" } },
    [NX_RULE_STORM_START_DAMAGE] = { "turn.storm_start_sector_damage", { "yes", "no" } },
    [NX_RULE_STORM_DECK] = { "turn.advanced_storm_deck", { "with_fremen", "never" } },
    [NX_RULE_FEDAYKIN_AT_SETUP] = { "turn.fedaykin_at_setup", { "allowed", "forbidden" } },
    [NX_RULE_TURN1_WORMS] = { "turn.turn_one_worms", { "end_of_phase", "between_piles" } },
    [NX_RULE_BATTLE_IN_STORM] = { "turn.battle_in_storm_sector", { "same_sector", "never" } },
    [NX_RULE_BATTLE_SPLIT_ARMY] = { "turn.battle_split_army", { "contact_only", "whole_territory" } },
    [NX_RULE_SUPPORT_PAYS] = { "turn.battle_support_payer", { "both", "winner_only" } },
    [NX_RULE_PRESCIENCE_SEEN] = { "turn.battle_prescience_seen", { "asker", "table" } },
    [NX_RULE_PRESCIENCE_DIAL] = { "turn.battle_prescience_dial", { "dial_only", "dial_and_support" } },
    [NX_RULE_KH_LOSSES] = { "turn.battle_kh_losses", { "any_battle", "ordinary_only" } },
    [NX_RULE_KARAMA_EMPEROR_LEADER] = { "turn.karama_emperor_leader", { "revivable", "any_in_tanks" } },
};

const char *nx_rules_ruling_id(nx_rule r)
{
    assert(r < NX_RULE_COUNT);
    return readings[r].ruling;
}

const char *nx_rules_setting_name(nx_rule r, int v)
{
    assert(r < NX_RULE_COUNT);
    return v >= 0 && v < MAX_SETTINGS ? readings[r].settings[v] : NULL;
}

void nx_rules_pin(nx_act *a)
{
    for (int r = 0; r < NX_RULE_COUNT; r++) {
        const char *chosen = nx_act_setting(a, readings[r].ruling, readings[r].settings[0]);
        int v = 0;
        while (readings[r].settings[v] && strcmp(readings[r].settings[v], chosen)) v++;
        /* The registry only accepts declared settings.  The built-in pack
         * declares exactly these (test_rulings compares both ways); a
         * custom pack whose ruling lists a setting the engine does not
         * know falls back to the default reading. */
        a->s->play.rule[r] = readings[r].settings[v] ? (uint8_t)v : 0;
    }
}
