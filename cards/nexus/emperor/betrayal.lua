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
-- Under "holder_names_amount" the holder names once how much Emperor pays
-- in all (path named_amount): at least the price, at most a fixed public
-- ceiling, never Emperor's spice (it is behind its shield, and the ask's
-- bounds are in the holder's view).  Emperor pays the price as above and
-- hands the rest to the buyer.  A name beyond Emperor's spice is answered
-- only "Emperor cannot pay that", once (a second try would halve its way
-- to the exact spice): emperor.betrayal.named_amount_short says whether
-- the price is still forced ("price_paid") or nothing ("nothing_forced").

local panel = {}

-- The most the holder may name: a public constant, never Emperor's spice.
local CEILING = 999

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
  local funding = ctx:setting("emperor.betrayal.forced_funding")
  if funding == "shortfall_only" then
    -- What the buyer cannot pay is exactly the aid Emperor already gives.
    return false, "Emperor already covers what its ally cannot pay (emperor.betrayal.forced_funding: shortfall_only)"
  end
  local ok, why = ctx:invoice_cover(emperor, inv.price)
  if ok and funding == "holder_names_amount" then return true, nil, { "named_amount", "purchase" } end
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

-- Emperor covers the price (its aid first), or all it has toward it.
local function force_price(ctx, inv, emperor, partial)
  ctx:redirect_invoice{ cover = { seat = emperor, amount = inv.price, partial = partial } }
  ctx:log(string.format("Emperor is made to pay for lot %d of its ally", inv.lot))
end

function panel.play(ctx)
  if ctx.path == "battle" then return ctx:stop("sardaukar") end
  local inv = ctx:invoice()
  local emperor = emperor_of(ctx, inv.buyer)
  if ctx.path == "named_amount" then
    return ctx:ask{
      kind = "number", min = inv.price, max = CEILING, resume = "named", save = { lot = inv.lot },
      prompt = string.format("Lot %d: name what Emperor pays in all (at least the price, %d); the rest goes to its ally",
                             inv.lot, inv.price),
    }
  end
  force_price(ctx, inv, emperor, ctx.path == "purchase_shortfall")
end

-- The amount named.  The payment step waits for this answer, so the
-- invoice is the one the card was played on, still due.
function panel.named(ctx, answer)
  local inv = ctx:invoice()
  assert(inv and inv.kind == "purchase" and inv.state == "due" and inv.lot == answer.save.lot,
         "the purchase the card was played on is no longer being paid for")
  local emperor = emperor_of(ctx, inv.buyer)
  local amount = answer.number
  if ctx:invoice_cover(emperor, amount) then
    force_price(ctx, inv, emperor, false)
    if amount > inv.price then ctx:spice{ from = emperor, to = inv.buyer, amount = amount - inv.price } end
    return
  end
  -- One bound, once: never a retry (it would halve its way to the exact spice).
  ctx:log(string.format("Emperor cannot pay %d", amount))
  if ctx:setting("emperor.betrayal.named_amount_short") == "nothing_forced" then
    ctx:log(string.format("nothing is forced: lot %d is paid as quoted (emperor.betrayal.named_amount_short: nothing_forced)", inv.lot))
    return
  end
  -- price_paid.  can_play saw Emperor able to pay the price; a gift since
  -- (at any time) may have spent it: then as on the shortfall path.
  if ctx:invoice_cover(emperor, inv.price) then return force_price(ctx, inv, emperor, false) end
  if ctx:setting("emperor.betrayal.forced_payment_allocation") == "buyer_tops_up" then
    return force_price(ctx, inv, emperor, true)
  end
  ctx:log(string.format("Emperor can no longer pay the price either: lot %d is paid as quoted", inv.lot))
end

-- Bots cannot see Emperor's spice: they name the price, now and then a
-- little more (which Emperor may not hold).
function panel.bot(ctx, q)
  if q == nil or q.resume ~= "named" then return nil end
  return { q.options[1] + (math.random(3) == 1 and 2 or 0) }
end

return panel
