#!/usr/bin/env bash
# Times `gamecensus analyze --by COLS` against DuckDB and polars (both in-process, from
# Python: DuckDB's SELECT COLS, count(*) ... GROUP BY ALL, polars' scan_csv ... group_by
# (COLS).agg(len()), every column read as text) on the same CSV in the same run. The three
# run in turn, REPS rounds (A D P A D P ...: the machine's drift hits all alike); the
# best time of each is kept. gamecensus is timed as a whole process; DuckDB and polars
# in-process, around the query alone (time.perf_counter inside Python: the interpreter's
# start and the library's import, about 0.3 s of CPU for polars, are not counted), which
# favours them. Prints the times, the ratios and read rates, and checks first that the
# three agree on the number of groups.
# Usage: scripts/bench-analyze.sh CSV [COLS] [REPS]     (default COLS: n,atomic_weight; REPS 3)
# DuckDB and polars come from the Python environment scripts/setup.sh makes (target/pyenv).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
cargo build --release --quiet
CSV=${1:?usage: scripts/bench-analyze.sh CSV [COLS] [REPS]}
COLS=${2:-n,atomic_weight}
REPS=${3:-3}
PY=target/pyenv/bin/python
PLCOLS=$(awk -v c="$COLS" 'BEGIN { n = split(c, a, ","); for (i = 1; i <= n; i++) printf "%s\"%s\"", (i > 1 ? ", " : ""), a[i] }')
ours=(./target/release/gamecensus analyze "$CSV" --by "$COLS" --format csv)
# Each Python peer prints its number of groups and the seconds its query took.
duck=("$PY" -c "import duckdb, time; t = time.perf_counter(); r = duckdb.sql(\"SELECT $COLS, count(*) FROM read_csv('$CSV', header = true, all_varchar = true) GROUP BY ALL\").fetchall(); print(len(r), time.perf_counter() - t)")
polars=("$PY" -c "import polars as pl, time; t = time.perf_counter(); r = pl.scan_csv('$CSV', infer_schema = False).group_by([$PLCOLS]).agg(pl.len()).collect(); print(r.height, time.perf_counter() - t)")
cat "$CSV" > /dev/null   # all read it from the page cache
# The same answer first: as many groups in each.
g_ours=$(( $("${ours[@]}" | wc -l) - 1 ))
g_duck=$("${duck[@]}" | cut -d' ' -f1)
g_polars=$("${polars[@]}" | cut -d' ' -f1)
if [ "$g_ours" != "$g_duck" ] || [ "$g_ours" != "$g_polars" ]; then
  echo "the groups differ: gamecensus $g_ours, DuckDB $g_duck, polars $g_polars" >&2
  exit 1
fi
time_of() {
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }
b_ours="" b_duck="" b_polars=""
for _ in $(seq "$REPS"); do
  b_ours=$(min "$b_ours" "$(time_of "${ours[@]}")")
  b_duck=$(min "$b_duck" "$("${duck[@]}" | cut -d' ' -f2)")
  b_polars=$(min "$b_polars" "$("${polars[@]}" | cut -d' ' -f2)")
done
size=$(stat -c %s "$CSV")
echo "machine: $(nproc) cores; $CSV: $(awk -v s="$size" 'BEGIN { printf "%.2f GB", s / 1e9 }'), --by $COLS ($g_ours groups), best of $REPS alternated rounds"
awk -v a="$b_ours" -v b="$b_duck" -v p="$b_polars" -v s="$size" 'BEGIN {
  printf "gamecensus analyze %.2f s (%.0f MB/s, whole process)\nDuckDB %.2f s (%.0f MB/s, in-process query)\npolars %.2f s (%.0f MB/s, in-process query)\n", a, s / a / 1e6, b, s / b / 1e6, p, s / p / 1e6
  printf "ratio analyze / DuckDB %.2f\nratio analyze / polars %.2f\n", a / b, a / p }'
