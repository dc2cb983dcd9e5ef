#!/usr/bin/env bash
# The shaped solver against the cgt crate (scripts/peers/cgt-peer, a dev-only AGPL peer
# program, never linked into gamecensus) on the same boards, in one run, 1 thread each:
#  1. Domineering (cgt's own Domineering: its grid, moves and components) and
#  2. Cram (written in the peer on cgt's PartizanGame trait, whole boards)
# on every connected board of 1 to MAX cells up to the reflections and the half turn
# (the census's list: 46,924 boards for MAX = 11). Both programs read the same board lines;
# the values are compared as games, line by line, with `gamecensus value 'A == B'`, then
# timed with farm-bench (A/B ratio pair by pair, median of RUNS), else best of RUNS:
# every column (outcome, value, grundy, and for Domineering atomic weight, temperature
# and mean), and like for like (`--columns position,value`: only the canonical form, as
# cgt computes).
# Usage: scripts/bench-domineering.sh [RUNS] [MAX]     (default 5, 11)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
RUNS=${1:-5}
MAX=${2:-11}
GC=$PWD/target/release/gamecensus
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The boards: the position column of a census of 1..MAX cells.
printf 'name = "boards"\nrules = "cram"\nmin_size = 1\nmax_size = %s\n' "$MAX" > "$dir/boards.toml"
$GC run "$dir/boards.toml" --out "$dir/boards.csv" --quiet 2> /dev/null
tail -n +2 "$dir/boards.csv" | cut -d, -f1 > "$dir/boards.txt"
in="$dir/boards.txt"

for game in domineering cram; do
  $GC eval --rules "$game" --threads 1 - < "$in" > "$dir/$game.ours.csv"
  $PEER "$game" --threads 1 < "$in" > "$dir/$game.cgt.txt" 2> /dev/null
  # Our value column (CSV, quoted when it holds commas) against cgt's, as games.
  python3 - "$dir/$game.ours.csv" "$dir/$game.cgt.txt" > "$dir/$game.cmp" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cgt = [line.rstrip("\n") for line in open(sys.argv[2])]
if len(rows) != len(cgt):
    sys.exit(f"{len(rows)} values ours, {len(cgt)} cgt's")
for r, c in zip(rows, cgt):
    print(f"({r['value']}) == ({c})")
PY
  agree=$($GC value - < "$dir/$game.cmp" | grep -c '^true$' || true)
  total=$(wc -l < "$in")
  if [ "$agree" != "$total" ]; then
    echo "$game: only $agree of $total values agree with the cgt crate" >&2
    exit 1
  fi
  echo "$game: all $total values agree with the cgt crate"
  ours_cmd="$GC eval --rules $game --threads 1 - < $in > /dev/null"
  cgt_cmd="$PEER $game --threads 1 < $in > /dev/null 2>&1"
  echo "$game on $total boards of 1..$MAX cells, 1 thread, every column:"
  bench_pair "$ours_cmd" "$cgt_cmd" cgt "$RUNS"
  ours_cmd="$GC eval --rules $game --threads 1 --columns position,value - < $in > /dev/null"
  echo "$game on $total boards of 1..$MAX cells, 1 thread, the value only (like for like):"
  bench_pair "$ours_cmd" "$cgt_cmd" cgt "$RUNS"
done
