#!/usr/bin/env bash
# The partizan solver against the cgt crate (scripts/peers/cgt-peer, a dev-only AGPL peer
# program, never linked into gamecensus), in one run, 1 thread each:
#  1. Cutthroat on the 66,288 irreducible connected B/W positions with 7 vertices;
#  2. Snort on the 11,117 connected graphs with 8 vertices (every vertex G).
# Both programs read the same `GRAPH6 COLOURING` lines; the values are compared line by
# line (cgt is an independent implementation), then timed: with farm-bench when the
# machine has it (A/B ratio pair by pair, median of RUNS), else best of RUNS. Timed
# twice: every column (outcome, value, grundy, atomic weight or temperature and mean),
# and like for like (`--columns graph6,colouring,value`: only the canonical form, as
# cgt computes).
# Usage: scripts/bench-partizan.sh [RUNS]     (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
scripts/setup.sh
cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
RUNS=${1:-5}
GC=$PWD/target/release/gamecensus
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Inputs: irreducible = no monochromatic component; connected, so no all-B or all-W line.
$GC enumerate -n 7 --connected --colours 2 | grep -v ' B*$' | grep -v ' W*$' > "$dir/cutthroat.txt"
$GC enumerate -n 8 --connected > "$dir/snort.txt"

for game in cutthroat snort; do
  in="$dir/$game.txt"
  $GC eval --rules "$game" --threads 1 - < "$in" | tail -n +2 > "$dir/$game.ours.csv"
  $PEER "$game" --threads 1 < "$in" > "$dir/$game.cgt.txt" 2> /dev/null
  # The value column of our CSV (quoted when it holds commas), in input order.
  target/pyenv/bin/python - "$dir/$game.ours.csv" "$dir/$game.cgt.txt" "$game" <<'EOF'
import csv, sys
ours = [row[5] for row in csv.reader(open(sys.argv[1]))]
cgt = [line.rstrip("\n") for line in open(sys.argv[2])]
diff = sum(a != b for a, b in zip(ours, cgt))
if len(ours) != len(cgt) or diff:
    sys.exit(f"{sys.argv[3]}: {len(ours)} values ours, {len(cgt)} cgt's, {diff} differ")
print(f"{sys.argv[3]}: all {len(ours)} values agree with the cgt crate")
EOF
  cgt_cmd="$PEER $game --threads 1 < $in > /dev/null 2>&1"
  ours_cmd="$GC eval --rules $game --threads 1 - < $in > /dev/null"
  echo "$game on $(wc -l < "$in") positions, 1 thread, every column:"
  bench_pair "$ours_cmd" "$cgt_cmd" cgt "$RUNS"
  ours_cmd="$GC eval --rules $game --threads 1 --columns graph6,colouring,value - < $in > /dev/null"
  echo "$game on $(wc -l < "$in") positions, 1 thread, the value only (like for like):"
  bench_pair "$ours_cmd" "$cgt_cmd" cgt "$RUNS"
done
