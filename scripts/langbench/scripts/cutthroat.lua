-- Cutthroat-like (simplified): player removes one vertex of their colour.
function moves(n, adj, colours, player)
  local full = (1 << n) - 1
  local out, k = {}, 0
  for v = 0, n - 1 do
    if colours[v + 1] == player then
      k = k + 1
      out[k] = full ~ (1 << v)
    end
  end
  return out
end
