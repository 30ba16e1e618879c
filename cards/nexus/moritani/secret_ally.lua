-- Moritani Secret Ally (Moritani absent): after losing a battle that had a
-- winner, keep one Treachery Card one played in it that a winner could have
-- kept; a card that must be discarded after use stays excluded.
-- Source: printed face; 001_6779c2bf82a9ae38.txt, "Moritani Secret Ally
-- retention timing": the loser's own step after the result, with its
-- discard held back until then (interpreter/battle/nx_battle_after.c).

local panel = {}

-- The played cards the holder may keep: still in hand, not mandatory discards.
local function keepable(ctx)
  local b = ctx:battle()
  local cards = {}
  for _, p in ipairs(b and b.played or {}) do
    if p.in_hand and not p.must_discard then cards[#cards + 1] = p.card end
  end
  return cards
end

function panel.can_play(ctx)
  local ev = ctx:event()
  if not ev or ev.name ~= "battle_lost" or ev.user ~= ctx.holder then
    return false, "the holder has not just lost a battle that had a winner"
  end
  if #keepable(ctx) == 0 then
    return false, "the holder played no card in this battle that a winner could keep"
  end
  return true
end

function panel.play(ctx)
  local cards = keepable(ctx)
  if #cards == 1 then
    ctx:retain(cards[1])
    return
  end
  return ctx:ask{
    prompt = "Choose the card you played in this battle to keep",
    choose_from = "treachery",
    among = cards,
    count = 1,
    resume = "kept",
  }
end

function panel.kept(ctx, answer)
  ctx:retain(answer.cards[1])
end

return panel
