#!/usr/bin/env bash
# Octal benchmarks: the two targets of the octal issue and the fast/reference ratio,
# each measured in this run.
#  1. 0.16 computed far enough to prove its periodicity (preperiod 105351, period 149459);
#  2. Officers 0.6 computed to 2^24 (16,777,216 values);
#  3. fast vs reference method on 0.6 and 0.16 to N = 100,000 (ratio = reference / fast).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
GC=./target/release/gamecensus
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

t0=$(now); $GC octal 0.16 --max 509621 --quiet --out /dev/null | head -1; t1=$(now)
echo "0.16 to 509621 (proof): $(secs "$t0" "$t1") s"

N=${OFFICERS_MAX:-16777216}
t0=$(now); $GC octal 0.6 --max "$N" --quiet --out /dev/null | head -3; t1=$(now)
s=$(secs "$t0" "$t1")
echo "0.6 to $N: $s s ($(awk -v n="$N" -v s="$s" 'BEGIN { printf "%.0f", n / s }') values/s)"

for code in 0.6 0.16; do
  t0=$(now); $GC octal $code --max 100000 --quiet --method fast --out /dev/null > /dev/null; t1=$(now)
  $GC octal $code --max 100000 --quiet --method reference --out /dev/null > /dev/null; t2=$(now)
  f=$(secs "$t0" "$t1"); r=$(secs "$t1" "$t2")
  echo "$code to 100000: fast $f s, reference $r s, reference/fast $(awk -v f="$f" -v r="$r" 'BEGIN { printf "%.1f", r / f }')"
done
