#!/usr/bin/env bash
# Rules files against the native rulesets: the same census job run with the shipped
# games/GAME.lua and with the native rules, in one run, 1 thread each (the CSVs are
# checked byte for byte first). The jobs: Node Kayles on every graph of at most 9
# vertices, Cutthroat on every connected B/W graph of at most 8 (cutthroat-bw-8),
# Domineering on every board of at most 12 cells, Blue-Red-Green Hackenbush on every
# graph of at most 6 edges. Prints, per game, the time of each and the ratio (the native
# rules take X times less CPU).
# Usage: scripts/bench-rules-files.sh [RUNS]     (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
RUNS=${1:-3}
GC=$PWD/target/release/gamecensus
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# job NAME RULES SIZE-KEYS: a census job file of NAME with rules RULES.
job() {
  printf 'name = "%s"\nrules = "%s"\n%b' "$1" "$2" "$3" > "$dir/$1.toml"
}
for game in "node-kayles|max_vertices = 9\n" \
            "cutthroat|connected = true\nmin_vertices = 1\nmax_vertices = 8\ncolours = 2\nskip_reduced = true\n" \
            "domineering|min_size = 1\nmax_size = 12\n" \
            "hackenbush|min_size = 0\nmax_size = 6\n"; do
  name=${game%%|*}
  keys=${game#*|}
  job "$name-native" "$name" "$keys"
  job "$name-file" "file:$PWD/games/$name.lua" "$keys"
  $GC run "$dir/$name-native.toml" --out "$dir/$name-native.csv" --threads 1 --quiet 2> /dev/null
  $GC run "$dir/$name-file.toml" --out "$dir/$name-file.csv" --threads 1 --quiet 2> /dev/null
  cmp "$dir/$name-native.csv" "$dir/$name-file.csv"
  echo "== $name: games/$name.lua (gamecensus) against --rules $name (native), $(($(wc -l < "$dir/$name-native.csv") - 1)) rows, byte-identical"
  bench_pair "$GC run $dir/$name-file.toml --out $dir/f.csv --force --threads 1 --quiet 2>/dev/null" \
    "$GC run $dir/$name-native.toml --out $dir/n.csv --force --threads 1 --quiet 2>/dev/null" \
    native "$RUNS" 900
done
