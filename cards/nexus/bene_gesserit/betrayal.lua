-- Bene Gesserit Betrayal (another player is Bene Gesserit): stop the Voice
-- that player attempts.
-- Source: printed face; 000_4cf5a8a221e98e36.txt, "Bounded Betrayal Voice
-- reaction": the Voice's response window opens for every seat while the
-- module is on (common.windows.native_response), the holder spends the
-- card there, only the Voice is removed; Prescience and unchanged plan
-- promises continue.

local panel = {}

function panel.can_play(ctx)
  local e = ctx:event()
  if not e or e.name ~= "voice" then
    return false, "no Voice is being attempted now"
  end
  if ctx:seat(e.user).faction ~= "bene_gesserit" then
    return false, "only the Voice of the Bene Gesserit player can be stopped"
  end
  return true
end

function panel.play(ctx)
  ctx:stop("voice")
end

return panel
