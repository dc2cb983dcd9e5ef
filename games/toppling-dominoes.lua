-- Toppling Dominoes (CGSuite's examples/TopplingDominoes.cgs; Fink, Nowakowski, Siegel
-- & Wolfe, "Toppling conjectures", Games of No Chance 4 (2015)), in CGSuite's letters: a
-- row of dominoes, l Left's (blue), r Right's (red), e either player's (green), . a gap.
-- A player topples one of his dominoes (or a green one) to the left or to the right: it
-- and every domino on that side of it in its row fall and are gone. Rows are played
-- apart (a board of several rows is the sum of its rows).
game = {
  name = "toppling-dominoes",
  description = "rows of dominoes l/r/e; topple one of yours and everything on one side of it",
  kind = "partizan",
  position = "board",
  stones = "lre",
  strips = true,       -- a census lists rows
  census = "lre",      -- of dominoes, every cell holding one
  symmetry = "flip",   -- a row read backwards has the same value
}

-- rows: the board, a list of strings. Each move gives the rows after it.
function moves(rows, player)
  local mine = player == "L" and "l" or "r"
  local out = {}
  for r, row in ipairs(rows) do
    for i = 1, #row do
      local d = row:sub(i, i)
      if d == mine or d == "e" then
        for _, left in ipairs({ true, false }) do
          local after = {}
          for k = 1, #rows do after[k] = rows[k] end
          if left then
            after[r] = string.rep("#", i) .. row:sub(i + 1)
          else
            after[r] = row:sub(1, i - 1) .. string.rep("#", #row - i + 1)
          end
          out[#out + 1] = after
        end
      end
    end
  end
  return out
end
