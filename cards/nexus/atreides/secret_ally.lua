-- Atreides Secret Ally (Atreides absent): in a battle of the holder's own,
-- name one element of the opponent's plan (leader, weapon, defense or dial)
-- and inspect it.
-- Source: printed face; 001_6779c2bf82a9ae38.txt (all twelve faces; the
-- Nexus inspection has its own cause and receipt); 000 (native and Nexus
-- inspections share the Prescience boundary).  Played at the Prescience
-- step's window; the engine then asks the holder to name the element and
-- the opponent to commit it, exactly as for Prescience: the answer is the
-- card actually played in that slot, kept by the plan, shown to the holder
-- as its receipt.

local panel = {}

function panel.can_play(ctx)
  local b = ctx:battle()
  if not b or not b.holder_side then
    return false, "the holder is not fighting a battle now"
  end
  return true
end

function panel.play(ctx)
  ctx:grant("prescience")
end

return panel
