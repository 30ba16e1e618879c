-- Spacing Guild Betrayal (another player is the Guild): take for oneself the
-- whole payment of one shipment that is owed to the Guild or to the Spice
-- Bank, one's own payment included.  Source: printed face
-- (001_6779c2bf82a9ae38.txt, All twelve printed effect contracts).
-- Played in the window that follows every paid shipment (event `shipment`;
-- common.reactions.private_policy "uniform_window" gives every holder the
-- same step).  The payment is the shipment's saved invoice: the card takes
-- it once, before it is settled, so nothing is refunded or paid twice; the
-- payers then pay the holder through the engine's one transfer.
-- A free shipment (Fremen sending) has no invoice and gives nothing.  A
-- payment another effect shaped (an ally's share, a Karama at Guild rates,
-- a Nexus card's terms) is spacing_guild.betrayal.overlays.
-- Not a Karama target under common.karama.nexus_effects cunning_only,
-- advantage_uses (no native advantage is used) or immune; under every_play
-- it is one: the engine holds the take at the post-shipment window, with
-- the invoice still due, for the Karama window against a Nexus play.

local panel = {}

local function guild_seat(ctx)
  for seat = 0, ctx:seats() - 1 do
    if ctx:seat(seat).faction == "spacing_guild" then return seat end
  end
  return nil
end

local function due_payment(ctx)
  local e = ctx:event()
  if not e or e.name ~= "shipment" then return nil, "played in the window that follows a paid shipment" end
  local inv = ctx:invoice()
  if not inv or inv.kind ~= "shipment" or inv.state ~= "due" then return nil, "no shipment's payment is due now" end
  return inv
end

function panel.can_play(ctx)
  local inv, why = due_payment(ctx)
  if not inv then return false, why end
  if inv.means ~= "spice" or inv.price < 1 then return false, "a free shipment gives nothing to take" end
  if inv.redirected then return false, "another card has already taken this payment" end
  local guild = guild_seat(ctx)
  if inv.payee ~= "bank" and inv.payee ~= guild then
    return false, "only a payment owed to the Guild or to the Spice Bank can be taken"
  end
  if inv.terms and #inv.terms > 0 and ctx:setting("spacing_guild.betrayal.overlays") ~= "take_paid" then
    return false, "another effect shaped this payment (" .. table.concat(inv.terms, ", ") ..
      "): spacing_guild.betrayal.overlays is " .. ctx:setting("spacing_guild.betrayal.overlays")
  end
  return true
end

function panel.play(ctx)
  ctx:take_invoice()
end

-- Bots take a payment worth having: two spice or more, or their own.
function panel.bot(ctx, q)
  if q ~= nil then return nil end
  local inv = due_payment(ctx)
  if not inv then return nil end
  return inv.price >= 2 or inv.buyer == ctx.holder
end

return panel
