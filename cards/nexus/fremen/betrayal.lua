-- Fremen Betrayal (Fremen seated, not the holder): either stop Fremen worm
-- riding for this turn, or stop their two-territory movement in Shipment
-- and Movement.  One card, one of the two.
-- Source: printed face (001, All twelve printed effect contracts); the
-- riding path needs a saved effect outliving the card (001, Effect
-- integration boundaries): ctx:stop records it, and every ride, native or
-- remote, reads it.
-- worm_riding: before the turn's first Spice Blow (a Storm phase window
-- or a free play then); with fremen.betrayal.timing "after_appearance"
-- also in the window at a worm's appearance, before the Fremen ride it.
-- movement: before the Fremen move this turn (the end of Revival, or
-- Shipment and Movement before the Fremen's move); for their next move or
-- the rest of the turn (fremen.betrayal.movement_scope).
-- Not a Karama target under common.karama.nexus_effects cunning_only,
-- advantage_uses (a stand-alone instruction) or immune; under every_play
-- it is one: always played at a moment of its own (no decision of the
-- holder's pending, or a Nexus window), the engine holds it there for the
-- Karama window against a Nexus play.

local panel = {}

local function fremen_seat(ctx)
  for seat = 0, ctx:seats() - 1 do
    if ctx:seat(seat).faction == "fremen" then return seat end
  end
  return nil
end

local function effect_in_force(ctx, kind)
  for _, e in ipairs(ctx:effects()) do
    if e.kind == kind then return true end
  end
  return false
end

local function riding(ctx)
  if effect_in_force(ctx, "no_worm_riding") then
    return false, "Fremen worm riding is already stopped this turn"
  end
  if ctx.phase == "storm" then return true, nil, "worm_riding" end
  local ev = ctx:event()
  if ev and ev.name == "worm" then
    if ctx:setting("fremen.betrayal.timing") == "after_appearance" then return true, nil, "worm_riding" end
    return false, "riding is stopped before the turn's first Spice Blow, not after a worm has appeared (fremen.betrayal.timing: before_blow)"
  end
  return false, "riding is stopped before the turn's first Spice Blow: in the Storm phase"
end

local function movement(ctx, fremen)
  if ctx.phase ~= "revival" and ctx.phase ~= "shipment_movement" then
    return false, "the movement advantage is stopped before the Fremen move: at the end of Revival or in Shipment and Movement"
  end
  if ctx:seat(fremen).moved then return false, "the Fremen have already moved this turn" end
  if effect_in_force(ctx, "no_two_territory_move") then
    return false, "the Fremen two-territory movement is already stopped"
  end
  return true, nil, "movement"
end

function panel.can_play(ctx)
  local fremen = fremen_seat(ctx)
  if not fremen then return false, "no Fremen player is seated" end
  if ctx.path == "worm_riding" then return riding(ctx) end
  if ctx.path == "movement" then return movement(ctx, fremen) end
  if ctx.path ~= nil then return false, "name a path: worm_riding or movement" end
  -- No path named: the moment decides (the two paths' moments never meet).
  if ctx.phase == "revival" or ctx.phase == "shipment_movement" then return movement(ctx, fremen) end
  return riding(ctx)
end

function panel.play(ctx)
  if ctx.path == "worm_riding" then
    ctx:stop("worm_riding", "turn")
  else
    local scope = ctx:setting("fremen.betrayal.movement_scope") == "one_move" and "move" or "turn"
    ctx:stop("fremen_movement", scope)
  end
end

return panel
