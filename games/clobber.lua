-- Clobber on graphs (Albert, Grossman, Nowakowski & Wolfe, "An introduction to
-- Clobber", INTEGERS 5 (2005)) as a rules file: the same game as `--rules clobber`.
-- Every vertex holds a black (B, Left's) or white (W, Right's) stone; a move slides one
-- of your stones along an edge onto an adjacent stone of the opponent's, which is
-- removed; the vertex left empty is gone for good.
game = {
  name = "clobber",
  description = "B/W stones; move a stone onto an adjacent opponent stone, which is removed; the vacated vertex is gone",
  kind = "partizan",
  palette = "BW",
  all_small = true,
}

function moves(n, adj, colours, player)
  local mine, theirs = "B", "W"
  if player == "R" then mine, theirs = "W", "B" end
  local all = (1 << n) - 1
  local out = {}
  for u = 0, n - 1 do
    if colours:sub(u + 1, u + 1) == mine then
      for w = 0, n - 1 do
        if (adj[u + 1] >> w) & 1 == 1 and colours:sub(w + 1, w + 1) == theirs then
          local after = colours:sub(1, w) .. mine .. colours:sub(w + 2)
          out[#out + 1] = { all & ~(1 << u), after }
        end
      end
    end
  end
  return out
end
