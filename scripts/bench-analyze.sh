#!/usr/bin/env bash
# Times `gamecensus analyze --by COLS` against DuckDB (the same grouping, SELECT COLS,
# count(*) ... GROUP BY ALL, every column read as text) on the same CSV in the same run,
# best of REPS runs each, and prints both times, the ratio and the read rate.
# Usage: scripts/bench-analyze.sh CSV [COLS] [REPS]     (default COLS: n,atomic_weight; REPS 3)
# DuckDB comes from the Python environment scripts/setup.sh makes (target/pyenv).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
cargo build --release --quiet
CSV=${1:?usage: scripts/bench-analyze.sh CSV [COLS] [REPS]}
COLS=${2:-n,atomic_weight}
REPS=${3:-3}
PY=target/pyenv/bin/python
best() {
  local best="" t0 t1 t
  for _ in $(seq "$REPS"); do
    t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
cat "$CSV" > /dev/null   # both read it from the page cache
ours=$(best ./target/release/gamecensus analyze "$CSV" --by "$COLS" --format csv)
duck=$(best "$PY" -c "import duckdb, sys; duckdb.sql(\"SELECT $COLS, count(*) FROM read_csv('$CSV', header = true, all_varchar = true) GROUP BY ALL\").fetchall()")
size=$(stat -c %s "$CSV")
echo "machine: $(nproc) cores; $CSV: $(awk -v s="$size" 'BEGIN { printf "%.2f GB", s / 1e9 }'), --by $COLS, best of $REPS"
awk -v a="$ours" -v b="$duck" -v s="$size" 'BEGIN {
  printf "gamecensus analyze %.2f s (%.0f MB/s)\nDuckDB %.2f s (%.0f MB/s)\nratio analyze / DuckDB %.2f\n", a, s / a / 1e6, b, s / b / 1e6, a / b }'
