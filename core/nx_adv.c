#include "nx_adv.h"

#include <stddef.h>

#include "nx_state.h"
#include "nx_source.h"
#include "nx_text.h"

/* play.advw_done/advw_stopped are bitsets of NX_ADVO_BYTES bytes. */
_Static_assert(NX_ADVO_COUNT <= 8 * NX_ADVO_BYTES, "NX_ADVO_BYTES too small for the advantages");

/* Sources (LV numbering, docs/rules/karama.md): a star before and after
 * an ability is "prevent" (before the faction uses it), a star after only
 * is "cancel" (when it attempts it). */
static const nx_adv_def defs[NX_ADVO_COUNT] = {
    [NX_ADVO_BID_LOOK] = { "bid_look", "look at the card up for bid", NX_ATREIDES, 1 },
    [NX_ADVO_WORMSIGN] = { "wormsign", "look at the top Spice card", NX_ATREIDES, 1 },
    [NX_ADVO_TREACHERY_PAYMENT] = { "treachery_payment", "payment for a Treachery card", NX_EMPEROR, 0 },
    [NX_ADVO_TOP_CARD] = { "top_card", "free Treachery card", NX_HARKONNEN, 0 },
    [NX_ADVO_SHIPMENT_PAYMENT] = { "shipment_payment", "payment for a shipment", NX_SPACING_GUILD, 0 },
    [NX_ADVO_FREMEN_SEND] = { "fremen_send", "free shipment", NX_FREMEN, 0 },
    [NX_ADVO_FREMEN_MOVE] = { "fremen_move", "two-territory move", NX_FREMEN, 0 },
    [NX_ADVO_ADVISOR] = { "spiritual_advisor", "spiritual advisor", NX_BENE_GESSERIT, 0 },
    [NX_ADVO_INTRUSION] = { "intrusion", "Intrusion", NX_BENE_GESSERIT, 0 },
    [NX_ADVO_WARTIME] = { "wartime", "Wartime", NX_BENE_GESSERIT, 0 },
    [NX_ADVO_FREMEN_ALLY_REVIVAL] = { "fremen_ally_revival", "free revival of three as the Fremen's ally", NX_FREMEN, 0 },
    [NX_ADVO_EMPEROR_ALLY_REVIVAL] = { "emperor_ally_revival", "payment for its ally's extra revivals", NX_EMPEROR, 0 },
    [NX_ADVO_WORM_RIDE] = { "worm_ride", "ride on Shai-Hulud", NX_FREMEN, 0 },
    /* The Guild's shipping abilities, its ally's too: the user is the shipper. */
    [NX_ADVO_GUILD_HALF_PRICE] = { "guild_half_price", "shipment at half price", NX_SPACING_GUILD, 0 },
    [NX_ADVO_GUILD_CROSS_SHIP] = { "guild_cross_ship", "cross-shipment", NX_SPACING_GUILD, 0 },
    [NX_ADVO_GUILD_SHIP_BACK] = { "guild_ship_back", "shipment back to its reserves", NX_SPACING_GUILD, 0 },
    [NX_ADVO_BG_CHARITY] = { "bg_charity", "CHOAM Charity whatever its spice", NX_BENE_GESSERIT, 0 },
    [NX_ADVO_TAKE_UP_ARMS] = { "take_up_arms", "Take Up Arms", NX_BENE_GESSERIT, 0 },
    /* Any card's play, whoever's faction it names (interpreter/nexus/nx_panel_karama.c). */
    [NX_ADVO_NEXUS_PLAY] = { "nexus_play", "Nexus card play", NX_NO_FACTION, 0 },
    [NX_ADVO_STORM_LOOK] = { "storm_look", "look at the storm card", NX_FREMEN, 1 },
    [NX_ADVO_GUILD_POWER] = { "guild_karama_power", "off-planet shipment", NX_SPACING_GUILD, 0 },
    /* Ship as it pleases you: ahead of its place, or held past it (the held act says which). */
    [NX_ADVO_GUILD_TIMING] = { "guild_timing", "turn out of storm order", NX_SPACING_GUILD, 0 },
    /* The Cunning uses in Shipment and Movement (a Cunning enhances the
     * native advantage it uses: interpreter/turn/nx_use_window.c). */
    [NX_ADVO_SECOND_SHIPMENT] = { "second_shipment", "second shipment by its Nexus card", NX_SPACING_GUILD, 0 },
    [NX_ADVO_CUNNING_FLIP] = { "advisor_flip", "advisor flip by its Nexus card", NX_BENE_GESSERIT, 0 },
};

const nx_adv_def *nx_adv_get(int adv)
{
    return adv > NX_ADVO_NONE && adv < NX_ADVO_COUNT ? &defs[adv] : NULL;
}

const char *nx_adv_use_text(const nx_state *s, int adv, char *buf, size_t len)
{
    const nx_adv_def *d = nx_adv_get(adv);
    int src = s->play.nxh_source;
    if (adv != NX_ADVO_NEXUS_PLAY || !src) return d ? d->text : "";
    nx_fmt(buf, len, "play of the %s Nexus card as %s", nx_faction_name(nx_source_faction(src)), nx_source_mode_name(src));
    return buf;
}
