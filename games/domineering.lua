-- Domineering (Winning Ways ch. 5; CGSuite's Domineering) as a rules file: the same
-- game as `--rules domineering` on boards. Left places a vertical domino on two empty
-- cells one above the other, Right a horizontal one on two side by side.
game = {
  name = "domineering",
  description = "board of cells; Left places vertical dominoes, Right horizontal ones",
  kind = "partizan",
  position = "board",
  parts = "cells",     -- a board is the sum of its groups of cells joined side by side
  symmetry = "flip",   -- reflections and the half turn keep the value
}

-- rows: the board, a list of strings of "." (empty) and "#" (no cell).
function moves(rows, player)
  local out = {}
  local h, w = #rows, #rows[1]
  local dr, dc = 1, 0
  if player == "R" then dr, dc = 0, 1 end
  for r = 1, h - dr do
    for c = 1, w - dc do
      if rows[r]:sub(c, c) == "." and rows[r + dr]:sub(c + dc, c + dc) == "." then
        local after = {}
        for i = 1, h do after[i] = rows[i] end
        after[r] = after[r]:sub(1, c - 1) .. "#" .. after[r]:sub(c + 1)
        local r2, c2 = r + dr, c + dc
        after[r2] = after[r2]:sub(1, c2 - 1) .. "#" .. after[r2]:sub(c2 + 1)
        out[#out + 1] = after
      end
    end
  end
  return out
end
