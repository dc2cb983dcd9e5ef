-- Toppling Dominoes (CGSuite's examples/TopplingDominoes.cgs; Fink, Nowakowski, Siegel
-- & Wolfe, "Toppling conjectures", Games of No Chance 4 (2015)), in CGSuite's letters: a
-- row of dominoes, l Left's (blue), r Right's (red), e either player's (green), . a gap.
-- A player topples one of his dominoes (or a green one) to the left or to the right: it
-- and every domino on that side of it up to the next gap fall and are gone. Rows, and
-- the runs of dominoes between gaps, are played apart (a position is their sum).
game = {
  name = "toppling-dominoes",
  description = "rows of dominoes l/r/e; topple one of yours and everything on one side of it up to a gap",
  kind = "partizan",
  position = "board",
  stones = "lre",
  parts = "stones",    -- runs of dominoes are played apart
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
        -- The run of dominoes holding i: from a to b.
        local a, b = i, i
        while a > 1 and row:sub(a - 1, a - 1):match("[lre]") do a = a - 1 end
        while b < #row and row:sub(b + 1, b + 1):match("[lre]") do b = b + 1 end
        for _, left in ipairs({ true, false }) do
          local after = {}
          for k = 1, #rows do after[k] = rows[k] end
          if left then
            after[r] = row:sub(1, a - 1) .. string.rep("#", i - a + 1) .. row:sub(i + 1)
          else
            after[r] = row:sub(1, i - 1) .. string.rep("#", b - i + 1) .. row:sub(b + 1)
          end
          out[#out + 1] = after
        end
      end
    end
  end
  return out
end
