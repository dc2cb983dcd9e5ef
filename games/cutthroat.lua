-- Cutthroat (McCurdy & Nowakowski, INTEGERS 5 (2005)) as a rules file: the same game
-- as `--rules cutthroat`. Left removes a B or G vertex, Right a W or G one, with its
-- edges; at the start and after every move each connected component whose vertices
-- all have one colour vanishes.
game = {
  name = "cutthroat",
  description = "B/W/G graph; Left removes a B or G vertex, Right a W or G one; monochromatic components vanish",
  kind = "partizan",
  palette = "BWG",
  all_small = true,
}

-- The vertices of `mask` left once its monochromatic components are gone.
local function without_monochromatic(adj, colours, mask)
  local keep = mask
  for _, comp in ipairs(gc.components(adj, mask)) do
    local first, alike, m = nil, true, comp
    while m ~= 0 do
      local v = 0
      while (m >> v) & 1 == 0 do v = v + 1 end
      m = m & (m - 1)
      local c = colours:sub(v + 1, v + 1)
      if first == nil then first = c elseif c ~= first then alike = false end
    end
    if alike then keep = keep & ~comp end
  end
  return keep
end

function start(n, adj, colours)
  return without_monochromatic(adj, colours, (1 << n) - 1)
end

function moves(n, adj, colours, player)
  local mine = player == "L" and "B" or "W"
  local all = (1 << n) - 1
  local out = {}
  for v = 0, n - 1 do
    local c = colours:sub(v + 1, v + 1)
    if c == mine or c == "G" then
      out[#out + 1] = { without_monochromatic(adj, colours, all & ~(1 << v)), nil, v }
    end
  end
  return out
end
