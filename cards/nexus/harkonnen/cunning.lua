-- Harkonnen Cunning (native Harkonnen holder), at any time:
-- draw one Traitor Card into your hand, then choose one held Traitor Card
-- (the new one included) and shuffle it into the Traitor Deck.
-- Source: printed face; 003_77272d15bad1cbeb.txt, "Printed effects" and
-- "Exchange transaction".

local panel = {}

-- The paths a play falls under (every one must be open):
--   short_deck    the deck cannot supply the draw (harkonnen.traitor_deck.shortage)
--   interrupting  another player's decision is pending (harkonnen.cunning.interruption)
--   own_window    otherwise
local function paths_for(ctx)
  local paths = {}
  if ctx:count("traitor_deck") < 1 then paths[#paths + 1] = "short_deck" end
  if ctx:others_deciding() then paths[#paths + 1] = "interrupting" end
  if #paths == 0 then paths[1] = "own_window" end
  return paths
end

function panel.can_play(ctx)
  return true, nil, paths_for(ctx)
end

function panel.play(ctx)
  -- Only a short_deck ruling lets a play reach here with an empty deck;
  -- then the holder draws what there is and returns as many.
  local n = math.min(1, ctx:count("traitor_deck"))
  if n == 0 then return end
  ctx:draw("traitor_deck", "traitors", n)
  return ctx:ask{
    prompt = "Choose one held Traitor Card to shuffle into the Traitor Deck",
    choose_from = "traitors",
    count = n,
    resume = "returned",
  }
end

function panel.returned(ctx, answer)
  ctx:shuffle_into("traitor_deck", answer.cards)
end

return panel
