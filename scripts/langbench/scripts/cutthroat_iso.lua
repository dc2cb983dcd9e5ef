-- Cutthroat: remove v of the player's colour, then every vertex left isolated.
function moves(n, adj, colours, player)
  local full = (1 << n) - 1
  local out, k = {}, 0
  for v = 0, n - 1 do
    if colours[v + 1] == player then
      local rem = full ~ (1 << v)
      for u = 0, n - 1 do
        if (rem >> u) & 1 == 1 and adj[u + 1] & rem == 0 then
          rem = rem ~ (1 << u)
        end
      end
      k = k + 1
      out[k] = rem
    end
  end
  return out
end
