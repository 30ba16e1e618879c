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
-- advantage_uses or every_play both lent effects are Karama targets: the
-- protection, played at the worm's window, is held for the engine's Karama
-- window against a Nexus play before this script's play runs
-- (interpreter/nexus/nx_panel_karama.c); the free revival, played inside
-- the holder's revival decision, is held there the same way (the decision
-- waits for the window).

local function worm_can_play(ctx)
  local ev = ctx:event()
  if not ev or ev.name ~= "worm" then
    return false, "the protection is played when a worm appears, before it devours"
  end
  if not ctx:forces_in(ev.territory)[ctx.holder] then
    return false, "the holder has no forces where the worm appears"
  end
  return true, nil, "worm_protection"
end

local function worm_play(ctx)
  local phase = ctx:setting("fremen.secret_ally.protection_scope") == "whole_phase"
  ctx:grant("worm_protection", phase and "phase" or "worm")
end

-- ---- revival ----------------------------------------------------------------
-- Played inside the holder's own revival decision (E3): three forces free,
-- a grant that decision's "revive" spends (grant_forces, grant_elite).  How
-- it meets the ordinary revival is fremen.secret_ally.revival_accounting:
-- apart from the limit and free rate, within the limit, or as the free rate.
-- Exactly three (no "up to" is printed): with fewer revivable the card is
-- refused and kept.

local ledgers = { separate_batch = "separate", within_limit = "within_limit", replaces_free_rate = "free_rate" }

local function revival_can_play(ctx)
  if ctx.phase ~= "revival" then return false, "the revival alternative is played in Revival" end
  local t = ctx:tanks()
  local elite = t.elite < t.elite_room and t.elite or t.elite_room
  if t.normal + elite < 3 then
    return false, "fewer than three of the holder's forces can be revived; the card revives three"
  end
  return true, nil, "revival"
end

local function revival_play(ctx)
  local ledger = ledgers[ctx:setting("fremen.secret_ally.revival_accounting")]
  ctx:grant_revival{ forces = 3, cost = 0, ledger = ledger, exact = true }
end

function panel.can_play(ctx)
  if ctx.path == "revival" or (ctx.path == nil and ctx.phase == "revival") then return revival_can_play(ctx) end
  if ctx.path == "worm_protection" or ctx.path == nil then return worm_can_play(ctx) end
  return false, "name a path: worm_protection or revival"
end

function panel.play(ctx)
  if ctx.path == "worm_protection" then return worm_play(ctx) end
  return revival_play(ctx)
end

return panel
