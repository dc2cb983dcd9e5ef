-- Partizan subtraction (CGSuite's examples/PartizanSubtraction.cgs; Fraenkel & Kotzig,
-- "Partizan octal games: partizan subtraction games", IJGT 16 (1987)): from a heap, Left
-- takes 1 or 3 tokens, Right 2 or 3. Edit the two lists for another game.
game = {
  name = "partizan-subtraction",
  description = "from a heap, Left takes 1 or 3 tokens, Right 2 or 3",
  kind = "partizan",
  position = "heap",
}

local takes = { L = {1, 3}, R = {2, 3} }

function moves(h, player)
  local out = {}
  for _, k in ipairs(takes[player]) do
    if k <= h then out[#out + 1] = h - k end
  end
  return out
end
