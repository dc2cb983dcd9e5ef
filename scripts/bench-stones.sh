#!/usr/bin/env bash
# The games with stones and strips against the cgt crate's own implementations
# (scripts/peers/cgt-peer, a dev-only AGPL peer program, never linked into gamecensus),
# in one run, 1 thread each, on the same positions:
#  1. Konane, Toads and Frogs, Fission: the census positions of SMALL cells (every
#     placement up to symmetry: many small positions, where reading and writing count);
#  2. the same games on random boards (fixed seeds): 2,000 4x5 Konane boards (x, o and
#     two in four cells empty), 400 Toads and Frogs strips of 14 cells, 300 5x5 Fission
#     boards (one cell in four a stone): few positions, each with a large game tree;
#  3. Toppling Dominoes (blue and red: cgt has no grey) on 1,000 random rows of 16.
# Both programs read the same lines; the values are compared as games, line by line, with
# `gamecensus value 'A == B'`, then timed with farm-bench (A/B ratio pair by pair, median
# of RUNS), else best of RUNS; like for like (`--columns position,value`: only the
# canonical form, as cgt computes).
# Usage: scripts/bench-stones.sh [RUNS] [SMALL]     (default 3, 7)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
RUNS=${1:-3}
SMALL=${2:-7}
GC=$PWD/target/release/gamecensus
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The positions.
for game in konane toads-and-frogs fission; do
  printf 'name = "%s"\nrules = "%s"\nmin_size = %s\nmax_size = %s\n' "$game" "$game" "$SMALL" "$SMALL" > "$dir/$game.toml"
  $GC run "$dir/$game.toml" --out "$dir/$game.csv" --quiet 2> /dev/null
  tail -n +2 "$dir/$game.csv" | cut -d, -f1 > "$dir/census-$game.txt"
done
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
def write(name, lines):
    with open(f"{d}/{name}.txt", "w") as f:
        f.write("\n".join(lines) + "\n")
r = random.Random(46)
write("random-konane", ["|".join("".join(r.choice("xo..") for _ in range(5)) for _ in range(4)) for _ in range(2000)])
write("random-toads-and-frogs", ["".join(r.choice("TF..") for _ in range(14)) for _ in range(400)])
write("random-fission", ["|".join("".join(r.choice("x...") for _ in range(5)) for _ in range(5)) for _ in range(300)])
write("random-toppling-dominoes", ["".join(r.choice("xo") for _ in range(16)) for _ in range(1000)])
PY

for set in census-konane census-toads-and-frogs census-fission random-konane \
  random-toads-and-frogs random-fission random-toppling-dominoes; do
  game=${set#*-}
  in="$dir/$set.txt"
  $GC eval --rules "$game" --threads 1 --columns value - < "$in" > "$dir/ours.csv"
  $PEER "$game" --threads 1 < "$in" > "$dir/cgt.txt" 2> /dev/null
  tail -n +2 "$dir/ours.csv" | tr -d '"' | paste -d '\t' - "$dir/cgt.txt" \
    | awk -F '\t' '{ print "(" $1 ") == (" $2 ")" }' > "$dir/cmp"
  total=$(wc -l < "$in")
  agree=$($GC value - < "$dir/cmp" | grep -c '^true$' || true)
  if [ "$agree" != "$total" ]; then
    echo "$set: only $agree of $total values agree with the cgt crate" >&2
    exit 1
  fi
  echo "$set: all $total values agree with the cgt crate; 1 thread, the value only:"
  bench_pair "$GC eval --rules $game --threads 1 --columns position,value - < $in > /dev/null" \
    "$PEER $game --threads 1 < $in > /dev/null 2>&1" cgt "$RUNS" 1800
done
