-- CHOAM Secret Ally (CHOAM absent), one card, one of two:
--   collection_trade   during Spice Collection, discard a Worthless card
--                      and take two spice from the bank;
--   battle_inspection  after winning a battle, look privately at a card
--                      chosen at random from the loser's hand among those
--                      not used in that battle.
-- Source: printed face (001_6779c2bf82a9ae38.txt, all twelve faces).  The
-- trade is played at the end-of-Collection window (common.windows.phase_end);
-- the inspection in the winner's step after the battle
-- (interpreter/battle/nx_battle_after.c).  With no card to look at the play
-- is refused and the card kept.

local panel = {}

local function worthless(ctx)
  local cards = {}
  for _, id in ipairs(ctx:cards("treachery")) do
    if ctx:card(id).worthless then cards[#cards + 1] = id end
  end
  return cards
end

function panel.can_play(ctx)
  local ev = ctx:event()
  if ev and ev.name == "battle_won" then
    if ev.user ~= ctx.holder then return false, "the holder did not win this battle" end
    local b = ctx:battle()
    local loser = b.sides[1].seat == ev.target and b.sides[1] or b.sides[2]
    if loser.unplayed_held == 0 then
      return false, "the loser holds no card that was not used in this battle"
    end
    return true, nil, "battle_inspection"
  end
  if ctx.phase == "spice_collection" then
    if #worthless(ctx) == 0 then return false, "the holder has no Worthless card to trade" end
    return true, nil, "collection_trade"
  end
  return false, "played during Spice Collection (the trade) or right after winning a battle (the inspection)"
end

function panel.play(ctx)
  if ctx.path == "battle_inspection" then
    ctx:look_random("seat" .. ctx:event().target .. ".treachery", "not_in_battle")
    return
  end
  local cards = worthless(ctx)
  if #cards == 1 then return panel.traded(ctx, { cards = cards }) end
  return ctx:ask{
    prompt = "Choose the Worthless card to discard for two spice",
    choose_from = "treachery",
    among = cards,
    count = 1,
    resume = "traded",
  }
end

function panel.traded(ctx, answer)
  ctx:discard(answer.cards)
  ctx:gain_spice(2)
end

return panel
