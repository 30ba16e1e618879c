-- Atreides Cunning (native Atreides): after its Prescience, see a second
-- element of the battle opponent's plan, different from the first.
-- Source: printed face; GF9 Ecaz & Moritani p.11 (the worked example);
-- 001_6779c2bf82a9ae38.txt, Effect integration boundaries (the second
-- element must differ; weapon/defense by the card actually played).
-- Played in the window after the native answer was shown; the engine
-- then runs one more Prescience round (a different element is enforced)
-- with its own response window, so a Karama stops only the extra attempt.
-- When the native Prescience was stopped before anything was shown (a
-- Karama: a Betrayal play would have spent this very card, the one
-- Atreides Nexus card), atreides.cunning.after_cancelled_native
-- decides: "forbid" keeps the card (no window opens); "first_element"
-- opens a window at prescience_stopped, and the granted look is the
-- battle's first and only element.

local battle = require("battle")
local say = require("panel")

local panel = {}

function panel.can_play(ctx)
  local stopped = battle.moment(ctx, "prescience_stopped", ctx.holder)
  if not stopped and not battle.moment(ctx, "prescience_answered", ctx.holder) then
    return say.refuse("the Atreides' own Prescience has not been answered now")
  end
  if not battle.own(ctx) then
    return say.refuse("Cunning sees an element in the Atreides' own battle, not its ally's")
  end
  if not stopped then return say.allow("second_element") end
  if ctx:setting("atreides.cunning.after_cancelled_native") ~= "first_element" then
    return say.refuse("the native Prescience showed no first element (atreides.cunning.after_cancelled_native)")
  end
  return say.allow("after_cancelled_native")
end

function panel.play(ctx)
  ctx:grant("prescience")
end

-- Bot advice: only the native Atreides can play this card, right after
-- its own Prescience: worth holding, and drawing or replacing for.
panel.advice = { keep = true }

return panel
