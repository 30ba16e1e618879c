-- Richese Secret Ally (Richese absent): instead of a normal shipment, ship
-- up to five forces from reserves for the price of one force.
-- Source: printed face (001_6779c2bf82a9ae38.txt, All twelve printed
-- effect contracts).  The priced count (one) is kept apart from the forces
-- shipped; the payee is the ordinary one (the Guild if seated, else the
-- bank).  A Fremen holder: richese.secret_ally.fremen_holder.

local panel = {}

function panel.can_play(ctx)
  local sh = ctx:shipping()
  if not sh or not sh.own_turn then
    return false, "the holder is not making its own Shipment and Movement turn now"
  end
  if sh.shipped or sh.moving then return false, "the holder has already shipped or begun moving this turn" end
  if sh.reserves == 0 then return false, "the holder has no forces in reserve" end
  if ctx.faction == "fremen" and ctx:setting("richese.secret_ally.fremen_holder") ~= "normal_shipment" then
    return false, "the Fremen make no normal shipment for the card to replace (richese.secret_ally.fremen_holder: "
      .. ctx:setting("richese.secret_ally.fremen_holder") .. ")"
  end
  return true
end

function panel.play(ctx)
  ctx:allow{ "five_as_one" }
end

return panel
