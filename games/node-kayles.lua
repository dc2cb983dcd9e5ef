-- Node Kayles as a rules file: choose a vertex; it and its neighbours are removed.
-- The same game as `--rules node-kayles`, written in Lua: see README, "Rules files".
game = {
  name = "node-kayles",
  description = "choose a vertex; it and its neighbours are removed",
  kind = "impartial",
}

-- The vertices left (a bitmask) when vertex v is chosen in the graph of n vertices whose
-- vertex i has the neighbours adj[i + 1] (a bitmask); nil if that is not a move.
function play(n, adj, v)
  local all = (1 << n) - 1
  return all & ~(1 << v) & ~adj[v + 1]
end
