-- Harkonnen Secret Ally (Harkonnen absent), during the Mentat Pause:
-- draw two Traitor Cards into your hand, then choose two held Traitor
-- Cards (new ones included) and shuffle them into the Traitor Deck.
-- A Tleilaxu holder draws into its Face Dancers; revealed Face Dancers are
-- kept apart (zone "revealed"), so they are never among the choices.
-- Source: printed face; 003_77272d15bad1cbeb.txt, "Printed effects" and
-- "Tleilaxu and shared-deck boundaries"; E3 p.16 FAQ.

local panel = {}

function panel.can_play(ctx)
  if ctx:count("traitor_deck") < 2 then return true, nil, "short_deck" end
  return true, nil, "exchange"
end

function panel.play(ctx)
  -- Two, unless a short_deck ruling let a short deck through.
  local n = math.min(2, ctx:count("traitor_deck"))
  if n == 0 then return end
  ctx:draw("traitor_deck", "traitors", n)
  return ctx:ask{
    prompt = "Choose " .. n .. " held Traitor Card(s) to shuffle into the Traitor Deck",
    choose_from = "traitors",
    count = n,
    resume = "returned",
  }
end

function panel.returned(ctx, answer)
  ctx:shuffle_into("traitor_deck", answer.cards)
end

return panel
