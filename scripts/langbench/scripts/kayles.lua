-- Node Kayles: choosing v removes v and its neighbours.
function moves(n, adj)
  local full = (1 << n) - 1
  local out = {}
  for v = 0, n - 1 do
    out[v + 1] = full & ~((1 << v) | adj[v + 1])
  end
  return out
end
