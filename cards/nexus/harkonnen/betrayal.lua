-- Harkonnen Betrayal (another player is Harkonnen): when a Harkonnen
-- traitor has been revealed, cancel that traitor, shuffle its card into
-- the Traitor Deck, and Harkonnen draws a replacement during the Mentat
-- Pause.
-- Source: printed face; 003_77272d15bad1cbeb.txt, "Printed effects" and
-- "Battle cancellation": bound to the revealed identity and the Harkonnen
-- caller (itself or on its ally's behalf) before the traitor outcome is
-- resolved; the surviving situation is then resolved once.  The return is
-- immediate, the replacement delayed (harkonnen.betrayal.mentat_order).

local panel = {}

function panel.can_play(ctx)
  local ev = ctx:event()
  if not ev or ev.name ~= "traitor_revealed" or ev.user == nil then
    return false, "no Harkonnen traitor is being revealed now"
  end
  if ctx:seat(ev.user).faction ~= "harkonnen" then
    return false, "the traitor revealed now is not Harkonnen's"
  end
  return true
end

function panel.play(ctx)
  local call = ctx:cancel_call()
  ctx:shuffle_into("traitor_deck", { call.card })
  ctx:owe{ kind = "traitor_draw", seat = call.seat, count = 1 }
end

return panel
