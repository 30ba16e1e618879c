-- Spacing Guild Secret Ally (Guild absent): as one's shipping action, ship
-- at the Guild's rates, or cross-ship from one territory to another, or
-- ship forces back to reserves.
-- Source: printed face (001_6779c2bf82a9ae38.txt, All twelve printed
-- effect contracts).  Played inside the holder's own turn before it ships
-- (or with "nexus": true on the ship itself); the terms are used up by
-- that one shipment, paid to the bank (no Guild is seated).  Fremen keep
-- their free sending from reserves.

local panel = {}

function panel.can_play(ctx)
  local sh = ctx:shipping()
  if not sh or not sh.own_turn then
    return false, "the holder is not making its own Shipment and Movement turn now"
  end
  if sh.shipped or sh.moving then return false, "the holder has already shipped or begun moving this turn" end
  if sh.reserves + sh.on_board == 0 then return false, "the holder has no forces to ship" end
  -- The card lends named Guild advantages: a Karama target under
  -- common.karama.nexus_effects every_play and advantage_uses.  Played
  -- inside the holder's turn, the engine holds it for the Karama window
  -- against a Nexus play (the turn waits) before this script's play runs.
  return true
end

function panel.play(ctx)
  ctx:allow{ "guild_rates", "cross_ship", "ship_back" }
end

return panel
