#!/usr/bin/env bash
# Times a census with misère play against the same census in normal play, measured in
# the same farm-bench run (A and B alternate; the ratio is taken pair by pair), and
# octal --misere against the normal nim-sequence of the same code, and the misère quotient
# (octal --quotient) against Siegel's MisereSolver on the same codes and heap bounds when
# MISERE_SOLVER_CLASSPATH names a local build of it (its classes and a driver class
# MISERE_SOLVER_MAIN, default Main, taking CODE MAXHEAP; this project does not build it:
# see the README, "Misère quotients").
# Usage: scripts/bench-misere.sh [JOB] [RUNS]   (default jobs/node-kayles-misere-9.toml, 5)
# Needs farm-bench on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
JOB=${1:-jobs/node-kayles-misere-9.toml}
RUNS=${2:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The normal-play twin: the same job without its misere line, under another name.
grep -v '^misere' "$JOB" | sed 's/^name = "\(.*\)"/name = "\1-normal"/' > "$out/normal.toml"
bin=$PWD/target/release/gamecensus
farm-bench -n "$RUNS" --timeout 600 \
  --vs "$bin run $out/normal.toml --out $out/normal.csv --force --quiet" \
  -- "$bin" run "$JOB" --out "$out/misere.csv" --force --quiet
farm-bench -n "$RUNS" --timeout 600 \
  --vs "$bin octal 0.77 --max 40 --out $out/k.csv --force --quiet" \
  -- sh -c "exec $bin octal 0.77 --max 40 --misere > $out/km.csv 2>/dev/null"
if [ -n "${MISERE_SOLVER_CLASSPATH:-}" ]; then
  main=${MISERE_SOLVER_MAIN:-Main}
  for spec in 0.77:200 0.54:40 0.26:40; do
    code=${spec%%:*}; max=${spec##*:}
    farm-bench -n "$RUNS" --timeout 600 \
      --vs "java -cp $MISERE_SOLVER_CLASSPATH $main $code $max" \
      -- "$bin" octal "$code" --quotient --max "$max"
  done
else
  echo "MISERE_SOLVER_CLASSPATH not set: the quotient is not compared with MisereSolver" >&2
fi
