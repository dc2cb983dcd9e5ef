#!/usr/bin/env bash
# Times the Grundy colouring game solver (no peer exists for this game, so the figures
# are absolute; compare runs of this script on one machine): the shipped job on every
# connected board up to 8 vertices, one 16-region map board, and two of the 100 shards
# of the 9-vertex job (their mean times 100 estimates the whole census).
# Usage: scripts/bench-grundy.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
cargo build --release --quiet
B=./target/release/gamecensus
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# Peak memory needs GNU time (Debian package `time`); without it, bash's own timing.
timed() {
  if [ -x /usr/bin/time ]; then /usr/bin/time -f "  %e s wall, %U s user, %M KB peak" "$@"
  else local TIMEFORMAT="  %R s wall, %U s user"; { time "$@"; } 2>&1; fi
}
echo "connected boards with 1..8 vertices (jobs/grundy-connected-8.toml):"
timed "$B" run jobs/grundy-connected-8.toml --out "$T/g8.csv" --quiet 2>&1 | grep -E 'rows|table|wall'
echo "a 16-region map board:"
timed "$B" eval --rules grundy-colouring --graph 'OK_RO?ae?DPPOODSQ?AUe' 2>&1 | tail -2
for s in 0 37; do
  echo "shard $s/100 of jobs/grundy-connected-9.toml:"
  timed "$B" run jobs/grundy-connected-9.toml --shard "$s/100" --out "$T/g9.csv" --force --quiet 2>&1 | grep -E 'rows|table|wall'
done
