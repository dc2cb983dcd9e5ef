-- Snort (Simon Norton; Winning Ways ch. 6) as a rules file: the same game as
-- `--rules snort`. Left colours a vertex blue, Right red, never next to a vertex of the
-- opponent's colour. A position is written in the tinting form: B a vertex only Left
-- may still colour, W only Right, G both; an uncoloured graph is every vertex G.
game = {
  name = "snort",
  description = "colour a vertex (Left blue, Right red), never next to the opponent's colour; B/W/G = who may still colour it",
  kind = "partizan",
  palette = "BWG",
  uncoloured = "G",
}

function moves(n, adj, colours, player)
  local mine, theirs = "B", "W"
  if player == "R" then mine, theirs = "W", "B" end
  local all = (1 << n) - 1
  local out = {}
  for v = 0, n - 1 do
    local c = colours:sub(v + 1, v + 1)
    if c == mine or c == "G" then
      -- v is coloured and goes; a neighbour the opponent could colour loses that
      -- right: G becomes mine, theirs can no longer be coloured by anyone and goes.
      local keep, after = all & ~(1 << v), {}
      for u = 0, n - 1 do
        local cu = colours:sub(u + 1, u + 1)
        if (adj[v + 1] >> u) & 1 == 1 then
          if cu == "G" then cu = mine elseif cu == theirs then keep = keep & ~(1 << u) end
        end
        after[u + 1] = cu
      end
      out[#out + 1] = { keep, table.concat(after), v }
    end
  end
  return out
end
