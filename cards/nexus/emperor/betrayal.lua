-- Emperor Betrayal (another player is Emperor).  Two alternatives, one card:
--   purchase  force Emperor to fund its ally's Treachery purchase (Bidding);
--   battle    while battle plans are being made, stop Emperor's Sardaukar
--             advantage for this battle.
-- Only the battle path is built: its response window faces the Sardaukar
-- strength and opens for every seat while the module is on
-- (002_0802524bc338215d.txt, "Implemented battle alternative (bounded)").
-- The starred counters stay Sardaukar physically; the plans count them as
-- ordinary forces.

local panel = {}

function panel.can_play(ctx)
  local e = ctx:event()
  if e and e.name == "sardaukar_bonus" then
    if ctx:seat(e.user).faction ~= "emperor" then
      return false, "only the Emperor's Sardaukar advantage can be stopped"
    end
    return true, nil, "battle"
  end
  return false, "the purchase alternative is not built; the battle alternative is played in the response window facing the Sardaukar strength"
end

function panel.play(ctx)
  ctx:stop("sardaukar")
end

return panel
