-- Grundy's game (Winning Ways ch. 4; OEIS A002188): split a heap into two heaps of
-- different sizes. Impartial; not an octal game (a move removes no token).
game = {
  name = "grundys-game",
  description = "split a heap into two non-empty heaps of different sizes",
  kind = "impartial",
  position = "heap",
}

function moves(h, player)
  local out = {}
  for a = 1, (h - 1) // 2 do
    if a ~= h - a then out[#out + 1] = { a, h - a } end
  end
  return out
end
