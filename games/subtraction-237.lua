-- The subtraction game S(2, 3, 7): take 2, 3 or 7 tokens from a heap (CGSuite's
-- game.heap.Subtraction([2,3,7]), the octal game 0.0330003; nim-values periodic with
-- period 5: 0 0 1 1 2 from heap 0).
game = {
  name = "subtraction-237",
  description = "take 2, 3 or 7 tokens from a heap",
  kind = "impartial",
  position = "heap",
}

function moves(h, player)
  local out = {}
  for _, k in ipairs({2, 3, 7}) do
    if k <= h then out[#out + 1] = h - k end
  end
  return out
end
