-- Emperor Cunning (native Emperor): before forming its battle plan, when it
-- has no Sardaukar in that battle, five of its forces there count as
-- Sardaukar for that battle (Advanced).
-- Source: printed face; 002_0802524bc338215d.txt, "Cunning: effective roles
-- over conserved physical forces".  A battle modifier, not new counters:
-- strength and support read the effective roles, losses remove the actual
-- ordinary counters.  The declaration is a new use of the Sardaukar
-- advantage with its own response window (Karama suppresses it whole).

local panel = {}

local function my_side(ctx)
  local b = ctx:battle()
  if not b or not b.holder_side then return nil, b end
  return b.sides[b.holder_side + 1], b
end

function panel.can_play(ctx)
  local me, b = my_side(ctx)
  if not me then return false, "the Emperor is not fighting a battle now" end
  if not b.advanced then
    return false, "Sardaukar strength is an Advanced advantage: in the Basic game there is nothing to enhance"
  end
  if me.elite > 0 then
    return false, "the Emperor has Sardaukar in this battle"
  end
  if me.normal >= 5 then return true, nil, "five_forces" end
  if ctx:setting("emperor.cunning.short_group") == "forbid" then
    return false, "fewer than five ordinary forces fight here (emperor.cunning.short_group: forbid)"
  end
  return true, nil, "short_group"
end

function panel.play(ctx)
  local me = my_side(ctx)
  ctx:modify{ kind = "virtual_elite", count = math.min(5, me.normal), scope = "battle" }
end

-- Bot advice: in the Advanced game the card is worth holding (and drawing
-- or replacing for), and its holder keeps its Sardaukar out of its
-- shipments and moves, so that its battles can use the card, and seeks a
-- battle with five ordinary forces (what the card needs); the card only
-- adds strength, so play it in any battle of one's own that it can
-- enhance.  In the Basic game there is nothing to enhance.
function panel.advice(ctx)
  if not ctx.advanced then return { keep = false, prefer = false } end
  return { keep = true, avoid = { "elite_forces" }, seek_battle = 5, prefer = panel.can_play(ctx) }
end

return panel
