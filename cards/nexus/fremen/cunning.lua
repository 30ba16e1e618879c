-- Fremen Cunning (native Fremen): when a worm appears in a territory holding
-- no forces, ride a group of Fremen forces from one desert territory to
-- another territory, obeying storm and occupancy limits.
-- Source: printed face (001, All twelve printed effect contracts).  The
-- emptiness is the engine's record of the occurrence, taken when the worm
-- appeared, before it devoured anything (ctx:event().empty).  The play is
-- made in the window every Nexus holder gets at that appearance, so no
-- step opens because the Fremen hold their own card; the ride itself is
-- the engine's decision after the native rides (ctx:grant("remote_ride")).
-- fremen.cunning.late_card: a card drawn later in the phase comes after
-- every ride of the phase is settled (Nexus cards are drawn at its end), so
-- "forbid" and "permit" offer the same moments here.
-- Karama: the remote ride is held for the engine's uniform Karama window
-- like every ride (docs/rules/karama.md), so under karama_target
-- remote_ride_only one Karama stops the remote ride and nothing else.
-- Under all_rides one Karama stops every ride of that occurrence, and the
-- remote ride is the only one: a native ride leaves from the worm's own
-- territory, which held no forces when this worm appeared (and nothing
-- moves forces into it before the devour; nx_worm.c asserts it).  So the
-- same uniform window, opened by public facts, serves both settings.

local panel = {}

local function effect_in_force(ctx, kind)
  for _, e in ipairs(ctx:effects()) do
    if e.kind == kind then return true end
  end
  return false
end

function panel.can_play(ctx)
  local ev = ctx:event()
  if not ev or ev.name ~= "worm" then
    return false, "Fremen Cunning is played when a worm appears"
  end
  if not ev.empty then
    return false, "the worm appeared in a territory holding forces"
  end
  if effect_in_force(ctx, "no_worm_riding") then
    return false, "Fremen worm riding is stopped this turn"
  end
  return true
end

function panel.play(ctx)
  ctx:grant("remote_ride")
end

return panel
