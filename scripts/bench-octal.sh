#!/usr/bin/env bash
# Octal benchmarks, each measured in this run:
#  1. Officers (0.6) to N = 10^6, gamecensus against the ogs crate's RC2 solver (Beling's
#     rare/common method; the dev-only peer program in scripts/peers/ogs-peer, a separate
#     Cargo project never linked into gamecensus). Runs alternate (us, ogs, us, ogs, ...)
#     so that both see the same machine; the medians and their ratio are printed, after
#     checking that both write the same CSV. On a shared machine, quote the ratio.
#  2. 0.16 computed far enough to prove its periodicity (preperiod 105351, period 149459);
#  3. Officers 0.6 computed to 2^24 (16,777,216 values);
#  4. fast vs reference method on 0.6 and 0.16 to N = 100,000 (ratio = reference / fast).
# RUNS (default 5) sets the runs of 1.; OFFICERS_N (default 1000000) its N; OFFICERS_MAX
# (default 16777216) the N of 3.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
(cd scripts/peers/ogs-peer && cargo build --release --quiet)
GC=./target/release/gamecensus
OGS=scripts/peers/ogs-peer/target/release/ogs-peer
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", b - a }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

N=${OFFICERS_N:-1000000}
RUNS=${RUNS:-5}
$GC octal 0.6 --max "$N" --quiet --out "$tmp/ours.csv" > /dev/null
$OGS 0.6 "$N" --out "$tmp/theirs.csv" 2> /dev/null
cmp -s "$tmp/ours.csv" "$tmp/theirs.csv" || { echo "0.6 to $N: gamecensus and ogs DIFFER" >&2; exit 1; }
for _ in $(seq "$RUNS"); do
  t0=$(now); $GC octal 0.6 --max "$N" --quiet --out /dev/null > /dev/null; t1=$(now)
  $OGS 0.6 "$N" 2> /dev/null; t2=$(now)
  secs "$t0" "$t1" >> "$tmp/us"
  secs "$t1" "$t2" >> "$tmp/ogs"
done
us=$(median < "$tmp/us")
ogs=$(median < "$tmp/ogs")
echo "0.6 to $N (same CSV): gamecensus $us s, ogs RC2 $ogs s (medians of $RUNS alternated runs): \
gamecensus at $(awk -v u="$us" -v o="$ogs" 'BEGIN { printf "%.2f", o / u }')x the speed of ogs"

t0=$(now); $GC octal 0.16 --max 509621 --quiet --out /dev/null | sed -n 1p; t1=$(now)
echo "0.16 to 509621 (proof): $(secs "$t0" "$t1") s"

M=${OFFICERS_MAX:-16777216}
t0=$(now); $GC octal 0.6 --max "$M" --quiet --out /dev/null | grep -v '^rare positions'; t1=$(now)
s=$(secs "$t0" "$t1")
echo "0.6 to $M: $s s wall, output included ($(awk -v n="$M" -v s="$s" 'BEGIN { printf "%.0f", n / s }') values/s)"

for code in 0.6 0.16; do
  t0=$(now); $GC octal $code --max 100000 --quiet --method fast --out /dev/null > /dev/null; t1=$(now)
  $GC octal $code --max 100000 --quiet --method reference --out /dev/null > /dev/null; t2=$(now)
  f=$(secs "$t0" "$t1"); r=$(secs "$t1" "$t2")
  echo "$code to 100000: fast $f s, reference $r s, reference/fast $(awk -v f="$f" -v r="$r" 'BEGIN { printf "%.1f", r / f }')"
done
