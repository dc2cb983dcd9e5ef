-- The subtraction game S(1, 3, 4) (Winning Ways ch. 4): take 1, 3 or 4 tokens from a
-- heap. The octal game 0.3033, so `gamecensus octal --code 0.3033` is an independent
-- check; its nim-values are periodic with period 7: 0 1 0 1 2 3 2.
game = {
  name = "subtraction-134",
  description = "take 1, 3 or 4 tokens from a heap",
  kind = "impartial",
  position = "heap",
}

function moves(h, player)
  local out = {}
  for _, k in ipairs({1, 3, 4}) do
    if k <= h then out[#out + 1] = h - k end
  end
  return out
end
