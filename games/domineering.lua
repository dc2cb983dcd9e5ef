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

-- rows: the board, a list of strings of "." (empty) and "#" (no cell), all as long.
-- Each move gives the board after it as one string, rows separated by "|".
function moves(rows, player)
  local board = table.concat(rows, "|")
  local w = #rows[1]
  -- A domino covers the cell at i and the one `step` further on in the string.
  local step = player == "L" and w + 1 or 1
  local out = {}
  local i = board:find(".", 1, true)
  while i do
    if board:byte(i + step) == 46 then -- "."
      out[#out + 1] = board:sub(1, i - 1) .. "#" .. board:sub(i + 1, i + step - 1)
        .. "#" .. board:sub(i + step + 1)
    end
    i = board:find(".", i + 1, true)
  end
  return out
end
