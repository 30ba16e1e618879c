-- Emperor Betrayal (another player is Emperor).  Two alternatives, one card:
--   purchase  during Bidding, at the payment step of a lot Emperor's ally
--             has won: force Emperor to pay for the card, at least what is
--             necessary (002, "Recommended original full-price funding").
--   battle    while battle plans are being made, stop Emperor's Sardaukar
--             advantage for this battle (002, "Implemented battle
--             alternative (bounded)").  The starred counters stay Sardaukar
--             physically; the plans count them as ordinary forces.
-- Purchase: every unallied seat holding a Nexus card acknowledges the
-- ally's payment step in storm order (the engine's uniform window), so the step does not
-- show who holds this card.  Under emperor.betrayal.forced_funding
-- "full_price" Emperor covers the whole price: the aid it already gave
-- counts first, only the rest comes from its own spice; the buyer keeps
-- its spice and gets the one card.  The price is still paid to Emperor
-- (its income, which keeps whatever Karama window the income has: none is
-- built yet), so nothing is refunded.  A fully funded price, or one
-- Emperor cannot cover, keeps the card ("covered" / the shortfall path).

local panel = {}

local function emperor_of(ctx, buyer)
  local ally = ctx:seat(buyer).ally
  if ally and ctx:seat(ally).faction == "emperor" then return ally end
end

local function purchase(ctx)
  local inv = ctx:invoice()
  if not inv or inv.kind ~= "purchase" or inv.state ~= "due" then
    return false, "no purchase is being paid for"
  end
  local emperor = emperor_of(ctx, inv.buyer)
  if not emperor then return false, "only a purchase by Emperor's ally can be forced on Emperor" end
  if inv.means ~= "spice" or inv.price < 1 then return false, "this lot costs no spice (a Karama pays it)" end
  if inv.redirected then return false, "another card already changed this payment" end
  if inv.payee ~= "bank" and inv.payee ~= emperor then return true, nil, "seller_lot" end
  -- forced_funding holder_names_amount is not built (no step asks the
  -- holder for an amount): the card file shuts both purchase paths under
  -- it (unbuilt_under), so this script is not asked there.
  local funding = ctx:setting("emperor.betrayal.forced_funding")
  if funding == "shortfall_only" then
    -- What the buyer cannot pay is exactly the aid Emperor already gives.
    return false, "Emperor already covers what its ally cannot pay (emperor.betrayal.forced_funding: shortfall_only)"
  end
  local ok, why = ctx:invoice_cover(emperor, inv.price)
  if ok then return true, nil, "purchase" end
  if why == "covered" then return false, "Emperor's aid already covers the whole price: nothing to force" end
  if ctx:setting("emperor.betrayal.forced_payment_allocation") == "refuse" then
    return false, "Emperor cannot pay what is missing (emperor.betrayal.forced_payment_allocation: refuse)"
  end
  return true, nil, "purchase_shortfall"
end

function panel.can_play(ctx)
  local e = ctx:event()
  if e and e.name == "sardaukar_bonus" then
    if ctx:seat(e.user).faction ~= "emperor" then
      return false, "only the Emperor's Sardaukar advantage can be stopped"
    end
    return true, nil, "battle"
  end
  if e and e.name == "purchase" then return purchase(ctx) end
  return false, "played at the payment step of a lot Emperor's ally won, or in the response window facing the Sardaukar strength"
end

function panel.play(ctx)
  if ctx.path == "battle" then return ctx:stop("sardaukar") end
  local inv = ctx:invoice()
  local emperor = emperor_of(ctx, inv.buyer)
  ctx:redirect_invoice{ cover = { seat = emperor, amount = inv.price, partial = ctx.path == "purchase_shortfall" } }
  ctx:log(string.format("Emperor is made to pay for lot %d of its ally", inv.lot))
end

return panel
