-- Atreides Betrayal (another player is Atreides): stop Atreides' attempt to
-- inspect one battle-plan element.
-- Source: printed face (001_6779c2bf82a9ae38.txt, all twelve faces).  Bound
-- to the attempt: played in the response window after Prescience names an
-- element, which opens for every seat under
-- common.reactions.private_policy "uniform_window".  What follows the stop
-- is atreides.betrayal.after_cancel: "prescience_spent" stops Prescience
-- for this battle, "may_ask_again" only this attempt.

local panel = {}

function panel.can_play(ctx)
  local e = ctx:event()
  if not e or e.name ~= "prescience" then
    return false, "no inspection is being attempted now"
  end
  if ctx:seat(e.user).faction ~= "atreides" then
    return false, "only an inspection by the Atreides player can be stopped"
  end
  local b = ctx:battle()
  if b.aggressor == e.user or b.opponent == e.user then
    return true, nil, "own_battle"
  end
  -- Atreides inspects in its ally's battle (atreides.betrayal.ally_battle;
  -- "unresolved" shuts this path before the script is asked).
  if ctx:setting("atreides.betrayal.ally_battle") == "own_battles_only" then
    return false, "Betrayal stops only inspections in Atreides' own battles (atreides.betrayal.ally_battle)"
  end
  return true, nil, "ally_battle"
end

function panel.play(ctx)
  if ctx:setting("atreides.betrayal.after_cancel") == "may_ask_again" then
    ctx:stop("prescience", "attempt")
  else
    ctx:stop("prescience")
  end
end

return panel
