#!/usr/bin/env bash
# Hackenbush: the shaped solver against the cgt crate (scripts/peers/cgt-peer, a dev-only
# AGPL peer program, never linked into gamecensus) on the same positions, in one run,
# 1 thread each. cgt has no Hackenbush: the peer writes its rules on cgt's PartizanGame
# trait (edge lists, a cut drops what no longer touches the ground, the parts hanging
# from the ground as cgt's decompositions) and cgt's canonical-form search values them.
# The positions: every B/R/G position of 0..MAX edges of the census (simple graphs; with
# MULTI=2 the census with parallel edges), as edge lists. Both programs read the same
# lines; the values are compared as games, line by line, with `gamecensus value 'A == B'`,
# then timed with farm-bench (A/B ratio pair by pair, median of RUNS), else best of RUNS.
# Usage: scripts/bench-hackenbush.sh [RUNS] [MAX] [MULTI]     (default 5, 6, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
RUNS=${1:-5}
MAX=${2:-6}
MULTI=${3:-1}
GC=$PWD/target/release/gamecensus
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The positions: the position column of a census of 0..MAX edges.
printf 'name = "positions"\nrules = "hackenbush"\nmultiplicity = %s\nmin_size = 0\nmax_size = %s\n' \
  "$MULTI" "$MAX" > "$dir/positions.toml"
$GC run "$dir/positions.toml" --out "$dir/positions.csv" --quiet 2> /dev/null
python3 - "$dir/positions.csv" > "$dir/positions.txt" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["position"])
PY
in="$dir/positions.txt"
total=$(wc -l < "$in")

$GC eval --rules hackenbush --threads 1 - < "$in" > "$dir/ours.csv"
$PEER hackenbush --threads 1 < "$in" > "$dir/cgt.txt" 2> /dev/null
python3 - "$dir/ours.csv" "$dir/cgt.txt" > "$dir/cmp" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cgt = [line.rstrip("\n") for line in open(sys.argv[2])]
if len(rows) != len(cgt):
    sys.exit(f"{len(rows)} values ours, {len(cgt)} cgt's")
for r, c in zip(rows, cgt):
    print(f"({r['value']}) == ({c})")
PY
agree=$($GC value - < "$dir/cmp" | grep -c '^true$' || true)
if [ "$agree" != "$total" ]; then
  echo "hackenbush: only $agree of $total values agree with the cgt crate" >&2
  exit 1
fi
echo "hackenbush: all $total values agree with the cgt crate"
ours_cmd="$GC eval --rules hackenbush --threads 1 - < $in > /dev/null"
cgt_cmd="$PEER hackenbush --threads 1 < $in > /dev/null 2>&1"
echo "hackenbush on $total positions of 0..$MAX edges (multiplicity $MULTI), 1 thread:"
bench_pair "$ours_cmd" "$cgt_cmd" cgt "$RUNS"
