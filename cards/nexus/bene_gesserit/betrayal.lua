-- Bene Gesserit Betrayal (another player is Bene Gesserit): stop the Voice
-- that player attempts.
-- Source: printed face; 000_4cf5a8a221e98e36.txt, "Bounded Betrayal Voice
-- reaction": the Voice's response window opens for every seat while the
-- module is on (common.windows.native_response), the holder spends the
-- card there, only the Voice is removed; Prescience and unchanged plan
-- promises continue.

local battle = require("battle")
local say = require("panel")

local panel = {}

function panel.can_play(ctx)
  local voice = battle.moment(ctx, "voice")
  if not voice then return say.refuse("no Voice is being attempted now") end
  if not battle.is(ctx, voice.user, "bene_gesserit") then
    return say.refuse("only the Voice of the Bene Gesserit player can be stopped")
  end
  return say.allow()
end

function panel.play(ctx)
  ctx:stop("voice")
end

return panel
