-- Shared helpers for the answers of can_play: `return panel.refuse(why)`,
-- `return panel.allow(path)`.  Loaded with `require("panel")`.

local panel = {}

-- The play is refused now, for this reason; the card stays held.
function panel.refuse(why)
  return false, why
end

-- The play is allowed, under this path (or these paths) if the panel has any.
function panel.allow(path)
  return true, nil, path
end

return panel
