-- Ixian Secret Ally (Ixians absent): discard a Treachery Card just bought
-- in Bidding and take the next card of the Treachery Deck instead.
-- Played in the post-purchase step every winner gets (event `sale`, under
-- common.windows.purchase_confirmation "uniform"), before the next lot.
--   ixians.secret_ally.harkonnen_order: the engine places Harkonnen's bonus
--     card after the step (replace_first) or before it (bonus_first: the
--     card bought, never the bonus card, is replaced); excluded refuses a
--     Harkonnen buyer.
--   ixians.secret_ally.anytime_interleave: immediate holds Ghola and
--     Truthtrance until the step is answered (the engine); interleave lets
--     them in, so the card bought must still be in hand.
--   ixians.secret_ally.empty_deck: with an empty deck, take first (the
--     refill cannot hand back the card given up) or discard first.
-- Source: printed face (001_6779c2bf82a9ae38.txt, All twelve printed
-- effect contracts).

local panel = {}

-- Under common.karama.nexus_effects advantage_uses and every_play the
-- replacement is a Karama target: the engine holds the play at the
-- post-purchase step for its Karama window before this play runs
-- (interpreter/nexus/nx_panel_karama.c); stopped, it never runs.

local function bought(ctx)
  local inv = ctx:invoice()
  if not inv or inv.kind ~= "purchase" or inv.buyer ~= ctx.holder or not inv.item then return nil end
  for _, id in ipairs(ctx:cards("treachery")) do
    if id == inv.item then return id end
  end
  return nil
end

function panel.can_play(ctx)
  local e = ctx:event()
  if not e or e.name ~= "sale" or e.user ~= ctx.holder then
    return false, "played right after buying a card in Bidding, in the buyer's post-purchase step"
  end
  if ctx.faction == "harkonnen" and ctx:setting("ixians.secret_ally.harkonnen_order") == "excluded" then
    return false, "a Harkonnen buyer cannot use it (ixians.secret_ally.harkonnen_order: excluded)"
  end
  if not bought(ctx) then return false, "the card just bought is no longer in the holder's hand" end
  if ctx:count("treachery_deck") > 0 then return true, nil, "replace" end
  if ctx:count("treachery_discard") < 1 then return false, "no Treachery Card is left to take" end
  return true, nil, "empty_deck"
end

function panel.play(ctx)
  local card = bought(ctx)
  if ctx.path == "empty_deck" and ctx:setting("ixians.secret_ally.empty_deck") == "discard_first" then
    ctx:discard({ card })
    ctx:draw("treachery_deck", "treachery", 1)
    return
  end
  ctx:draw("treachery_deck", "treachery", 1)
  ctx:discard({ card })
end

return panel
