-- Arc Kayles (Schaefer 1978; Huggan & Stevens, INTEGERS 16 (2016)): a move takes an
-- edge, removing both its ends and every edge at them. Impartial, normal play. It is
-- Node Kayles on the line graph, which the tests check against the native node-kayles.
game = {
  name = "arc-kayles",
  description = "take an edge: both its ends go, with their edges",
  kind = "impartial",
}

-- Every move of the graph of n vertices (vertex i's neighbours: the bitmask adj[i + 1]),
-- as the vertices it leaves.
function moves(n, adj)
  local all = (1 << n) - 1
  local out = {}
  for u = 0, n - 1 do
    local later = adj[u + 1] >> (u + 1)
    local w = u + 1
    while later ~= 0 do
      if later & 1 == 1 then
        out[#out + 1] = all & ~(1 << u) & ~(1 << w)
      end
      later, w = later >> 1, w + 1
    end
  end
  return out
end
