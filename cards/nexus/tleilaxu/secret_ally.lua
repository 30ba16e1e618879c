-- Tleilaxu Secret Ally (Tleilaxu absent): during Revival, revive one of the
-- holder's own leaders free and up to five of its forces at one spice each
-- (not free).  Played inside the holder's own revival decision (E3): two
-- grants that decision's "revive" spends (grant_leader; grant_forces,
-- grant_elite at 1 spice each, to the bank), the elite cap holding.
--   tleilaxu.secret_ally.partial_revival: either part alone, the forces
--     apart from the ordinary limit (separate_batch) or within it
--     (within_limit); or the leader and forces together (both_required).
--   tleilaxu.secret_ally.leader_slot: the free leader is the turn's one
--     leader revival under its usual condition (ordinary_slot), or an
--     extra leader from the Tanks (extra_leader).
-- Source: printed face; 001_6779c2bf82a9ae38.txt, Remaining source
-- questions, 4th bullet.

local panel = {}

function panel.can_play(ctx)
  if ctx.phase ~= "revival" then return false, "played inside the holder's own revival decision" end
  local t = ctx:tanks()
  local elite = t.elite < t.elite_room and t.elite or t.elite_room
  local forces = t.normal + elite
  local part = ctx:setting("tleilaxu.secret_ally.partial_revival")
  if part == "both_required" and (forces == 0 or t.leaders == 0) then
    return false, "the card revives a leader and forces together, and the Tanks lack one of them (tleilaxu.secret_ally.partial_revival: both_required)"
  end
  if forces == 0 and t.leaders == 0 then return false, "none of the holder's forces or leaders is in the Tanks" end
  return true
end

function panel.play(ctx)
  local t = ctx:tanks()
  local part = ctx:setting("tleilaxu.secret_ally.partial_revival")
  local slot = ctx:setting("tleilaxu.secret_ally.leader_slot") == "extra_leader" and "extra" or "ordinary_slot"
  if t.leaders > 0 then
    ctx:grant_revival{ leader = slot, with_forces = part == "both_required" }
  end
  if t.normal + t.elite > 0 then
    ctx:grant_revival{ forces = 5, cost = 1, ledger = part == "within_limit" and "within_limit" or "separate" }
  end
end

return panel
