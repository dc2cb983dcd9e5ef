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

-- A move chooses a vertex of the player's colour (B Left's, W Right's, G both's) and
-- removes it; each component of what is left is then a position of its own, `start`
-- applied to it.
function removes(n, adj, v)
  return 1 << v
end
