-- Shared helpers for battle panels: the words a printed card uses
-- ("in your battle", "when Prescience is used", "your opponent").
-- Loaded with `local battle = require("battle")`; runs in the sandbox like a
-- panel (a fresh copy at every require: it keeps no state).

local battle = {}

-- The battle the holder fights in (not an ally's), or nil and why not.
function battle.own(ctx)
  local b = ctx:battle()
  if not b then return nil, "no battle is being fought now" end
  if not b.holder_side then return nil, "the holder is not fighting this battle" end
  return b
end

-- The event being raised when it is `name` (and, given `user`, that seat's
-- attempt); nil otherwise.
function battle.moment(ctx, name, user)
  local e = ctx:event()
  if not e or e.name ~= name then return nil end
  if user ~= nil and e.user ~= user then return nil end
  return e
end

-- The holder's opponent in its own battle, or nil.
function battle.opponent(ctx)
  local b = battle.own(ctx)
  return b and b.holder_opponent
end

-- Is seat `seat` playing faction `faction`?
function battle.is(ctx, seat, faction)
  return seat ~= nil and ctx:seat(seat).faction == faction
end

return battle
