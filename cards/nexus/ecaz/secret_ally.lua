-- Ecaz Secret Ally (Ecaz absent): make one player tell whether any of
-- one's leaders are among that player's Traitor Cards, without saying which.
-- Source: printed face (001_6779c2bf82a9ae38.txt, all twelve faces).  No
-- printed timing: a safe boundary (common.windows.phase_end), never inside
-- another player's pending decision (common.anytime.interruption).  The
-- engine answers (ctx:traitor_question); the script never learns it.
-- Rulings: ecaz.secret_ally.leader_scope (which leaders), .audience (who
-- learns the answer), .self_target (whether the holder may name itself).
-- A Tleilaxu seat's cards are Face Dancers, whose place in the question is
-- an open point (ecaz.secret_ally.face_dancers, deferred with Tleilaxu):
-- such a seat is not offered.

local panel = {}

local function targets(ctx)
  local of = {}
  local self_ok = ctx:setting("ecaz.secret_ally.self_target") == "any_player"
  for seat = 0, ctx:seats() - 1 do
    if (seat ~= ctx.holder or self_ok) and ctx:seat(seat).faction ~= "tleilaxu" then of[#of + 1] = seat end
  end
  return of
end

function panel.can_play(ctx)
  if ctx:others_deciding() then
    return false, "another player's decision is pending: the card waits for a safe boundary (common.anytime.interruption)"
  end
  if #targets(ctx) == 0 then return false, "no player can be asked" end
  return true
end

function panel.play(ctx)
  return ctx:ask{
    kind = "seat",
    of = targets(ctx),
    prompt = "Name the player who must tell whether it holds a traitor of one of your leaders",
    resume = "named",
  }
end

function panel.named(ctx, answer)
  ctx:traitor_question{
    seat = answer.seat,
    leaders = ctx:setting("ecaz.secret_ally.leader_scope"),
    public = ctx:setting("ecaz.secret_ally.audience") == "public",
  }
end

return panel
