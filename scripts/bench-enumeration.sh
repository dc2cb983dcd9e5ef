#!/usr/bin/env bash
# Times gamecensus's enumeration against nauty's geng / vcolg (Debian's nauty package)
# on the same n and K, in the same run, and prints each time and the ratio
# ours / nauty (below 1 means faster). Each command runs REPS times; the best time counts.
# Usage: scripts/bench-enumeration.sh [REPS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
GC=./target/release/gamecensus
REPS=${1:-3}

best() { # best wall time in seconds of "$@" (a shell command string) over REPS runs
  local best=""
  for _ in $(seq "$REPS"); do
    local t0 t1 t
    t0=$(date +%s.%N); bash -c "$1" >/dev/null 2>&1; t1=$(date +%s.%N)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}

row() { # label, our command, nauty command
  local a b
  a=$(best "$2"); b=$(best "$3")
  printf "%-44s %8.3f s %8.3f s %7.2f\n" "$1" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
}

echo "machine: $(nproc) cores; gamecensus uses all of them, geng and vcolg one each"
printf "%-44s %10s %10s %7s\n" "task" "gamecensus" "nauty" "ratio"
row "all graphs n=10, count"            "$GC enumerate -n 10 --count"            "nauty-geng -u 10"
row "all graphs n=9, graph6 to /dev/null" "$GC enumerate -n 9 > /dev/null"         "nauty-geng -q 9 > /dev/null"
row "connected n=10, count"             "$GC enumerate -n 10 --connected --count" "nauty-geng -c -u 10"
row "connected B/W n=9, count"          "$GC enumerate -n 9 --connected --colours 2 --count" \
                                        "nauty-geng -c -q 9 | nauty-vcolg -q -m2 -u"
row "connected B/W/G n=8, count"        "$GC enumerate -n 8 --connected --colours 3 --count" \
                                        "nauty-geng -c -q 8 | nauty-vcolg -q -m3 -u"
row "connected B/W n=8, listed to /dev/null" "$GC enumerate -n 8 --connected --colours 2 > /dev/null" \
                                        "nauty-geng -c -q 8 | nauty-vcolg -q -m2 -T > /dev/null"
row "connected B/W/G n=7, listed to /dev/null" "$GC enumerate -n 7 --connected --colours 3 > /dev/null" \
                                        "nauty-geng -c -q 7 | nauty-vcolg -q -m3 -T > /dev/null"
