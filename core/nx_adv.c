#include "nx_adv.h"

#include <stddef.h>

/* Sources (LV numbering, docs/rules/karama.md): a star before and after
 * an ability is "prevent" (before the faction uses it), a star after only
 * is "cancel" (when it attempts it). */
static const nx_adv_def defs[NX_ADVO_COUNT] = {
    [NX_ADVO_BID_LOOK] = { "bid_look", "look at the card up for bid", NX_ATREIDES, 1 },
    [NX_ADVO_WORMSIGN] = { "wormsign", "look at the top Spice card", NX_ATREIDES, 1 },
    [NX_ADVO_TREACHERY_PAYMENT] = { "treachery_payment", "payment for a Treachery card", NX_EMPEROR, 0 },
    [NX_ADVO_TOP_CARD] = { "top_card", "free Treachery card", NX_HARKONNEN, 0 },
    [NX_ADVO_SHIPMENT_PAYMENT] = { "shipment_payment", "payment for a shipment", NX_SPACING_GUILD, 0 },
};

const nx_adv_def *nx_adv_get(int adv)
{
    return adv > NX_ADVO_NONE && adv < NX_ADVO_COUNT ? &defs[adv] : NULL;
}
