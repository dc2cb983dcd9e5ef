#!/usr/bin/env bash
# Times a census job end to end and, as a reference measured in the same run, nauty's
# geng enumerating the graphs of the job's largest size (count only). Prints both, the
# ratio, and the peak memory of the census.
# Usage: scripts/bench-census.sh [JOB] [GENG-ARGS]
#   default: jobs/node-kayles-10.toml with reference "nauty-geng -u 10"
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
JOB=${1:-jobs/node-kayles-10.toml}
GENG=${2:--u 10}
out=$(mktemp -d)
t0=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$out/mem" ./target/release/gamecensus run "$JOB" --quiet --out "$out/census.csv" 2> "$out/summary"
t1=$(date +%s.%N)
nauty-geng $GENG >/dev/null 2>&1
t2=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" -v c="$t2" -v mem="$(tail -1 "$out/mem")" -v job="$JOB" -v geng="$GENG" 'BEGIN {
  printf "census %s: %.1f s, peak RSS %.0f MB\nreference nauty-geng %s: %.2f s\nratio census / geng: %.1f\n",
         job, b - a, mem / 1024, geng, c - b, (b - a) / (c - b) }'
grep -v "^\s*$" "$out/summary"
rm -rf "$out"
