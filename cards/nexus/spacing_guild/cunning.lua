-- Spacing Guild Cunning (native Guild): right after its own Shipment and
-- Movement, the Guild ships again; the forces of that shipment may not
-- move unless a Hajr card allows it.
-- Source: printed face (001_6779c2bf82a9ae38.txt, All twelve printed
-- effect contracts).  Played inside the Guild's own turn (any time in it);
-- the engine opens the second shipment when the turn would end, with the
-- Guild's native rates and routes, and a Karama window against it first
-- (spacing_guild.cunning.karama_split; common.karama.nexus_effects).

local panel = {}

function panel.can_play(ctx)
  local sh = ctx:shipping()
  if not sh or not sh.own_turn then
    return false, "the Guild is not making its own Shipment and Movement turn now"
  end
  if sh.second then return false, "the second shipment is already under way" end
  if sh.allowed.second_shipment then return false, "a second shipment is already owed this turn" end
  if sh.reserves + sh.on_board == 0 then return false, "the Guild has no forces to ship" end
  return true
end

function panel.play(ctx)
  ctx:allow{ "second_shipment" }
end

return panel
