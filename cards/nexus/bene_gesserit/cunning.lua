-- Bene Gesserit Cunning (native, Advanced): during its own Shipment and
-- Movement turn, the Bene Gesserit turn the advisors of the territories
-- they select into fighters; each territory ends in one stance.
-- Source: printed face; 000_4cf5a8a221e98e36.txt, "Executable composition".
-- The card allows one selection (the "flip" action, or "flip" with
-- "nexus": true, which plays the card in the same action); the announced
-- set is one use for Karama (bene_gesserit.cunning.karama_batch) and is
-- checked again at settlement.  Paths: `ordinary` groups, `accompanied`
-- (arrived this turn with a shipment) and `storm_locked` (a stronghold
-- under the storm), each selected territory checked by the engine.

local panel = {}

local function setting(ctx, ruling)
  return ctx:setting(ruling)
end

function panel.can_play(ctx)
  local sh = ctx:shipping()
  if not sh or not sh.own_turn then
    return false, "the Bene Gesserit are not making their own Shipment and Movement turn now"
  end
  if not sh.advanced then return false, "advisors are an Advanced feature: in the Basic game there are none to convert" end
  if sh.allowed.advisor_flip then return false, "a flip is already allowed this turn" end
  local ordinary, accompanied, storm = false, false, false
  for _, g in ipairs(sh.advisors) do
    if not g.blocked then
      if g.storm_locked then storm = true
      elseif g.accompanied then accompanied = true
      else ordinary = true end
    end
  end
  if ordinary then return true, nil, "ordinary" end
  -- Permitted, or unresolved (the path's gate then refuses, naming it).
  local acc, st = setting(ctx, "bene_gesserit.cunning.accompanied_advisors"), setting(ctx, "bene_gesserit.cunning.storm_stronghold")
  if accompanied and acc ~= "forbid" then return true, nil, "accompanied" end
  if storm and st ~= "forbid" then return true, nil, "storm_locked" end
  if accompanied or storm then
    return false, "the only advisor groups came with a shipment this turn (bene_gesserit.cunning.accompanied_advisors: "
      .. acc .. ") or are storm-locked (bene_gesserit.cunning.storm_stronghold: " .. st .. ")"
  end
  return false, "no advisor group may become fighters now"
end

function panel.play(ctx)
  ctx:allow{ "advisor_flip" }
end

return panel
