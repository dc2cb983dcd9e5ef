#!/usr/bin/env bash
# The outcome-only Domineering search (`gamecensus rectangles`) against Obsequi, N. Bullock's
# solver (scripts/peers/obsequi: a GPL program built on its own, never linked), on n x n
# squares, Left (Obsequi's V) moving first, in one run: first both answers are checked to
# agree (ours N <=> "winner V"), then whole processes are timed with farm-bench (A/B ratio
# pair by pair, median of RUNS), else best of RUNS. Each side's table is about half a GB
# (ours --memory 1G, Obsequi 2^24 entries).
# Usage: scripts/bench-domineering-rectangles.sh [RUNS] [SIZES]    (default 3, "7 8")
# Set OBSEQUI_GIT to a clone of github.com/nathanbullock/obsequi if GitHub is not reachable.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
PEER=$(scripts/peers/obsequi/build.sh)
RUNS=${1:-3}
SIZES=${2:-7 8}
GC=$PWD/target/release/gamecensus

for n in $SIZES; do
  ours_cmd="$GC rectangles --rules domineering --min $n --max $n --memory 1G"
  peer_cmd="echo 'solve rows $n cols $n bits 24 V' | $PEER"
  ours=$($ours_cmd | tail -n 1)
  peer=$(sh -c "$peer_cmd" | tail -n 1)
  outcome=$(echo "$ours" | cut -d, -f4)
  nodes=$(echo "$ours" | cut -d, -f5)
  case "$outcome:$peer" in
    N:"winner V"*|P:"winner H"*) ;;
    *) echo "${n}x$n: gamecensus says $outcome, Obsequi '$peer'" >&2; exit 1 ;;
  esac
  echo "${n}x$n: both say $outcome (gamecensus $nodes nodes; Obsequi: $peer)"
  bench_pair "$ours_cmd > /dev/null" "$peer_cmd > /dev/null" obsequi "$RUNS" 3600
done
