-- Blue-Red-Green Hackenbush (Winning Ways ch. 1-2, 7) as a rules file: the same game as
-- `--rules hackenbush`. Left cuts a blue (B) or green (G) edge, Right a red (R) or green
-- one; the engine drops what no longer hangs from the ground.
game = {
  name = "hackenbush",
  description = "edges on the ground; Left cuts blue or green, Right red or green; what falls is gone",
  kind = "partizan",
  position = "grounded",
  parts = "grounded",   -- the parts hanging from the ground apart are played apart
}

-- edges: a list of {a, b, colour}, vertex 0 the ground. A move is a cut: edge number i.
function moves(edges, player)
  local mine = player == "L" and "B" or "R"
  local out = {}
  for i, e in ipairs(edges) do
    if e[3] == mine or e[3] == "G" then out[#out + 1] = i end
  end
  return out
end
