-- Fremen Secret Ally (Fremen absent): either keep a worm from taking the
-- holder's forces, or, in Revival, bring back three of its forces free.
-- One card, one of the two.
-- Source: printed face (001, All twelve printed effect contracts).

local panel = {}

-- ---- worm_protection ------------------------------------------------------
-- Played in the window every Nexus holder gets when a worm appears, before
-- it devours; the holder must have forces in the struck territory (public).
-- The protection covers that one worm or every worm of the phase
-- (fremen.secret_ally.protection_scope).  Under common.karama.nexus_effects
-- advantage_uses or every_play a lent protection would be a Karama target,
-- and no Karama window outside the battle exists for it yet.

local function worm_can_play(ctx)
  local ev = ctx:event()
  if not ev or ev.name ~= "worm" then
    return false, "the protection is played when a worm appears, before it devours"
  end
  if not ctx:forces(ev.territory)[ctx.holder] then
    return false, "the holder has no forces where the worm appears"
  end
  local karama = ctx:setting("common.karama.nexus_effects")
  if karama == "advantage_uses" or karama == "every_play" then
    return false, "the lent protection is a Karama target (common.karama.nexus_effects: " .. karama .. ") with no Karama window yet"
  end
  return true, nil, "worm_protection"
end

local function worm_play(ctx)
  local phase = ctx:setting("fremen.secret_ally.protection_scope") == "whole_phase"
  ctx:grant("worm_protection", phase and "phase" or "worm")
end

-- ---- revival ----------------------------------------------------------------
-- Not built yet (the Revival panels' work): the path is marked unbuilt in
-- the card's YAML, so naming it is refused by the engine's path gate, the
-- card kept.

function panel.can_play(ctx)
  if ctx.path == "revival" then return true, nil, "revival" end
  if ctx.path == "worm_protection" or ctx.path == nil then return worm_can_play(ctx) end
  return false, "name a path: worm_protection or revival"
end

function panel.play(ctx)
  if ctx.path == "worm_protection" then return worm_play(ctx) end
  error("the revival path is not built")
end

return panel
