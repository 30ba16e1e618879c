-- Emperor Secret Ally (Emperor absent).  Two alternatives, one card:
--   purchase  at the payment step of a Bidding lot the holder won: keep its
--             spice after showing it holds the whole price (002, "Secret
--             Ally: retain the actual purchase price"; "Bounded bank-auction
--             purchase prototype").  The bank receives nothing, the holder
--             gets the one card, the auction's follow-ups continue.  The
--             table learns only that the price is held, not the excess.
--   revival   inside the holder's own revival decision: three more forces
--             free, beyond the revival limits, an allowance of their own;
--             forces only; the one-elite-a-turn cap holds (002, "Secret
--             Ally: three additional free revivals").
-- Karama: emperor.secret_ally.karama; under "cancellable" each effect is a
-- Karama target (karama_target in the card file): the engine holds the play
-- for the Karama window against a Nexus play (at the purchase's window, or
-- inside the revival decision, which waits) before this script's play runs.
-- Path contested_revival is shut under free_revival_income free_revival
-- (Tleilaxu's income is not built).

local panel = {}

local function purchase(ctx, e)
  local inv = ctx:invoice()
  if not inv or inv.kind ~= "purchase" or inv.state ~= "due" or e.user ~= ctx.holder then
    return false, "only the winner of a lot, at its payment step, may keep its spice"
  end
  if inv.means ~= "spice" or inv.price < 1 then
    return false, "this lot costs no spice (a Karama pays it)"
  end
  if inv.redirected then return false, "another card already changed this payment" end
  if ctx:seat(ctx.holder).spice < inv.price then
    return false, "the card needs the whole price held: the holder holds less"
  end
  if inv.payee ~= "bank" then return true, nil, "seller_purchase" end
  return true, nil, "purchase"
end

-- Three forces when three can come back; fewer is the short case.
local function revival(ctx)
  local t = ctx:tanks()
  local elite = t.elite < t.elite_room and t.elite or t.elite_room
  local n = t.normal + elite
  for seat = 0, ctx:seats() - 1 do
    if ctx:seat(seat).faction == "tleilaxu" then return true, nil, "contested_revival" end
  end
  if n == 0 then return false, "no force of the holder can be revived" end
  if n < 3 then
    if ctx:setting("emperor.secret_ally.short_revival") == "forbid" then
      return false, "fewer than three forces can be revived (emperor.secret_ally.short_revival: forbid)"
    end
    return true, nil, "short_revival"
  end
  return true, nil, "revival"
end

function panel.can_play(ctx)
  local e = ctx:event()
  if e and e.name == "purchase" then return purchase(ctx, e) end
  if ctx.phase == "revival" then return revival(ctx) end
  return false, "played at the payment step of a lot the holder won, or inside its own revival decision"
end

function panel.play(ctx)
  if ctx.path == "purchase" or ctx.path == "seller_purchase" then
    local inv = ctx:invoice()
    ctx:redirect_invoice{ keep = true }
    ctx:log(string.format("the buyer shows that it holds the price of %d spice and keeps it", inv.price))
    return
  end
  local t = ctx:tanks()
  local elite = t.elite < t.elite_room and t.elite or t.elite_room
  local n = t.normal + elite
  ctx:grant_revival{ forces = n < 3 and n or 3, cost = 0, ledger = "separate", exact = true }
end

return panel
