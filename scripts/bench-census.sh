#!/usr/bin/env bash
# Times a census job end to end and, as a reference measured in the same run, nauty's
# geng enumerating the graphs of the job's largest size (count only). Prints both, the
# ratio, and the census summary (with its peak resident memory).
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
./target/release/gamecensus run "$JOB" --quiet --out "$out/census.csv" 2> "$out/summary"
t1=$(date +%s.%N)
nauty-geng $GENG >/dev/null 2>&1
t2=$(date +%s.%N)
# The peak memory is the summary's (the process's own VmHWM): no GNU time needed.
awk -v a="$t0" -v b="$t1" -v c="$t2" -v job="$JOB" -v geng="$GENG" 'BEGIN {
  printf "census %s: %.1f s\nreference nauty-geng %s: %.2f s\nratio census / geng: %.1f\n",
         job, b - a, geng, c - b, (b - a) / (c - b) }'
grep -v "^\s*$" "$out/summary"
rm -rf "$out"
