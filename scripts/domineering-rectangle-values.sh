#!/usr/bin/env bash
# The canonical form of every m x n Domineering rectangle (m rows <= n columns, at most
# CELLS cells) that each program finishes within LIMIT CPU-seconds: gamecensus
# (`eval --rules domineering --board`, 1 thread) and the cgt crate
# (scripts/peers/cgt-peer, a dev-only AGPL peer program, never linked into gamecensus),
# board by board. Where both finish, the two values are compared as games with
# `gamecensus value 'A == B'` and the script stops if they differ. Prints one Markdown
# table row a rectangle: outcome, value (written out when short), temperature, mean, and
# each program's CPU time ("-" where it ran out of time). The n x m rectangle is the
# quarter turn of m x n: its value is the negative (Left and Right exchange roles).
# Usage: scripts/domineering-rectangle-values.sh [CELLS] [LIMIT]   (default 30, 60)
set -euo pipefail
cd "$(dirname "$0")/.."
# CPU times come from GNU time; without it every board would look "out of time".
if [ ! -x /usr/bin/time ]; then
  echo "$0: needs GNU time (/usr/bin/time, Debian package time: apt-get install time)" >&2
  exit 2
fi
cargo build --release --quiet
(cd scripts/peers/cgt-peer && cargo build --release --quiet)
CELLS=${1:-30}
LIMIT=${2:-60}
GC=$PWD/target/release/gamecensus
PEER=$PWD/scripts/peers/cgt-peer/target/release/cgt-peer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Runs "$@" with a CPU-time limit; prints its user+system seconds on fd 3, "-" if the
# limit stopped it.
timed() {
  if (ulimit -t "$LIMIT"; /usr/bin/time -f '%U %S' -o "$dir/t" "$@"); then
    awk '{ printf "%.2f", $1 + $2 }' "$dir/t" >&3
  else
    printf -- '-' >&3
  fi
}

echo "| m x n | outcome | value | temperature | mean | gamecensus CPU s | cgt CPU s |"
echo "|---|---|---|---|---|---:|---:|"
for m in $(seq 1 "$CELLS"); do
  for n in $(seq "$m" "$CELLS"); do
    [ $((m * n)) -le "$CELLS" ] || continue
    board=$(printf '%*s' "$n" '' | tr ' ' '.')
    rows=$board
    for _ in $(seq 2 "$m"); do rows="$rows|$board"; done
    ours=$(timed "$GC" eval --rules domineering --board "$rows" --threads 1 --memory 8G \
      3> "$dir/ours.t" 2> /dev/null | tail -n 1 || true)
    theirs=$(echo "$rows" | timed "$PEER" domineering --threads 1 3> "$dir/cgt.t" \
      2> /dev/null || true)
    tours=$(cat "$dir/ours.t")
    tcgt=$(cat "$dir/cgt.t")
    if [ "$tours" = "-" ]; then
      echo "| ${m}x${n} | | (gamecensus ran out of time) | | | - | $tcgt |"
      continue
    fi
    # position,size,outcome,value,grundy,atomic_weight,temperature,mean
    read -r outcome value temp mean < <(target/pyenv/bin/python -c '
import csv, sys
r = next(csv.reader([sys.argv[1]]))
print(r[2], r[3].replace(" ", ""), r[6], r[7])' "$ours")
    if [ "$tcgt" != "-" ]; then
      same=$("$GC" value "($value) == ($theirs)")
      if [ "$same" != "true" ]; then
        echo "${m}x${n}: gamecensus says $value, the cgt crate $theirs" >&2
        exit 1
      fi
    fi
    shown=$value
    [ ${#value} -le 40 ] || shown="(${#value} characters)"
    shown=${shown//|/\\|}
    echo "| ${m}x${n} | $outcome | \`$shown\` | $temp | $mean | $tours | $tcgt |"
  done
done
awk -v t="$(date -u +%F)" -v c="$(nproc)" 'BEGIN { printf "(%s, %d cores; values compared as games where both finished)\n", t, c }'
