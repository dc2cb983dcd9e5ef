#!/usr/bin/env bash
# Makes src/tests/data/stones-cgt-GAME.csv: every position of gamecensus's census of GAME
# up to MAX cells (Toppling Dominoes: the rows without grey dominoes, which cgt does not
# have), valued by the cgt crate's own implementation of the game (this peer), as
# `position,value` (the value in gamecensus's notation). src/tests/stones.rs compares
# them, as games, with gamecensus's values.
# Usage: scripts/peers/cgt-peer/stones-data.sh   (from the repository's root)
set -euo pipefail
cd "$(dirname "$0")/../../.."
# GC names another gamecensus binary to use instead of building this one.
[ -n "${GC:-}" ] || cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
GC=${GC:-$PWD/target/release/gamecensus}
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for spec in konane:6 toppling-dominoes:10 toads-and-frogs:8 fission:7 amazons:6; do
  game=${spec%%:*}
  max=${spec##*:}
  printf 'name = "%s"\nrules = "%s"\nmin_size = 1\nmax_size = %s\n' "$game" "$game" "$max" > "$dir/$game.toml"
  $GC run "$dir/$game.toml" --out "$dir/$game.csv" --quiet 2> /dev/null
  tail -n +2 "$dir/$game.csv" | cut -d, -f1 | grep -v g > "$dir/$game.txt" || true
  $PEER "$game" < "$dir/$game.txt" > "$dir/$game.values" 2> /dev/null
  {
    echo "position,value"
    paste -d '\t' "$dir/$game.txt" "$dir/$game.values" \
      | python3 -c 'import csv, sys
w = csv.writer(sys.stdout, lineterminator="\n")
for line in sys.stdin:
    p, v = line.rstrip("\n").split("\t")
    w.writerow([p, v])'
  } > "src/tests/data/stones-cgt-$game.csv"
  echo "$game: $(($(wc -l < "src/tests/data/stones-cgt-$game.csv") - 1)) positions"
done
