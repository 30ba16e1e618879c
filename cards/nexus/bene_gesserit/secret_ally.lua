-- Bene Gesserit Secret Ally (Bene Gesserit absent): in a battle of the
-- holder's own, use the Bene Gesserit Voice on the opponent, before
-- Prescience (Ecaz & Moritani FAQ).
-- Source: printed face; 000_4cf5a8a221e98e36.txt, "Executable composition":
-- one Voice in one owned battle, reusing the native command
-- classification and compliance, bound to its battle, owner and target.
-- Played in the Voice step's window; the engine then asks the holder for
-- the command as it asks the Bene Gesserit.  Karama against it follows
-- bene_gesserit.secret_ally.karama.

local panel = {}

function panel.can_play(ctx)
  local b = ctx:battle()
  if not b or not b.holder_side then
    return false, "the holder is not fighting a battle now"
  end
  return true
end

function panel.play(ctx)
  ctx:grant("voice")
end

return panel
