-- Atreides Cunning (native Atreides): after its Prescience, see a second
-- element of the battle opponent's plan, different from the first.
-- Source: printed face; GF9 Ecaz & Moritani p.11 (the worked example);
-- 001_6779c2bf82a9ae38.txt, Effect integration boundaries (the second
-- element must differ; weapon/defense by the card actually played).
-- Played in the window after the native answer was shown; the engine
-- then runs one more Prescience round (a different element is enforced)
-- with its own response window, so a Karama stops only the extra attempt.

local battle = require("battle")
local say = require("panel")

local panel = {}

function panel.can_play(ctx)
  if not battle.moment(ctx, "prescience_answered", ctx.holder) then
    return say.refuse("the Atreides' own Prescience has not been answered now")
  end
  if not battle.own(ctx) then
    return say.refuse("a second element is seen in the Atreides' own battle, not its ally's")
  end
  -- The window follows an answered native Prescience only; a stopped one
  -- (atreides.cunning.after_cancelled_native) opens none, so the card is kept.
  return say.allow("second_element")
end

function panel.play(ctx)
  ctx:grant("prescience")
end

return panel
