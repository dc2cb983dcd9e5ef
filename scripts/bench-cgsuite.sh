#!/usr/bin/env bash
# Rules files against CGSuite (Aaron Siegel's Combinatorial Game Suite, a GPL Scala/Java
# peer program built apart, never linked: scripts/peers/cgsuite/README.md), on the same
# positions, 1 thread each: gamecensus's census runner (`run`, with the rules file) and
# CGSuite's REPL computing each position's canonical form with its own ruleset:
#   toppling dominoes  every row of 1..TD_N dominoes l/r/e as the census lists it (each
#                      row once up to reversal): game.strip.TopplingDominoes
#   domineering        every board of 1..DOM_N cells as the census lists it (connected,
#                      once up to reflections and the half turn): game.grid.Domineering
#   partizan subtr.    heaps 1..PS_N, Left takes 1 or 3, Right 2 or 3: CGSuite's
#                      examples/PartizanSubtraction.cgs with [1,3], [2,3]
# Every value is compared as a game, line by line (scripts/peers/cgsuite/compare.py, then
# `gamecensus value 'A == B'`), then timed with bench_pair (scripts/bench-lib.sh). The
# census computes more than CGSuite's canonical form (outcome, atomic weight, temperature,
# mean). CGSuite's times include its start-up (the JVM and CGScript's library), printed
# first as the time of an empty script.
# Usage: scripts/bench-cgsuite.sh [RUNS] [TD_N] [DOM_N] [PS_N]   (default 5, 10, 11, 36)
#   CGSUITE=the runner that scripts/peers/cgsuite/build.sh made (default /tmp/cgsuite-build/cgsuite)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
cargo build --release --quiet
RUNS=${1:-5}
TD_N=${2:-10}
DOM_N=${3:-11}
PS_N=${4:-36}
CGSUITE=${CGSUITE:-/tmp/cgsuite-build/cgsuite}
if [ ! -x "$CGSUITE" ]; then
  echo "no CGSuite at $CGSUITE: build it first (scripts/peers/cgsuite/README.md)" >&2
  exit 1
fi
GC=$PWD/target/release/gamecensus
export GAMECENSUS=$GC
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/cgs"
# The CGScript folder: CGSuite's own example ruleset (from its build), an empty script and
# one script a game, each a function of that name for the REPL to call.
cp "$(dirname "$CGSUITE")/classes/org/cgsuite/lang/examples/PartizanSubtraction.cgs" "$dir/cgs/"
echo > "$dir/cgs/empty.cgs"

job() { # NAME MAX: a census job of 1..MAX with the rules file games/NAME.lua
  printf 'name = "%s"\nrules = "file:%s/games/%s.lua"\nmin_size = 1\nmax_size = %s\n' \
    "$1" "$PWD" "$1" "$2" > "$dir/$1.toml"
}
positions_script() { # CSV NAME CONSTRUCTOR: a script printing each position's canonical form
  python3 - "$@" > "$dir/cgs/$2.cgs" <<'PY'
import csv, sys
ps = [r["position"] for r in csv.DictReader(open(sys.argv[1]))]
print("var positions := [" + ",".join('"%s"' % p for p in ps) + "];")
print("for p in positions do System.Print(%s(p).CanonicalForm) end;" % sys.argv[3])
PY
}
cgsuite_cmd() { # SCRIPT
  echo "printf '$1()\n:quit\n' | $CGSUITE $dir/cgs > /dev/null 2>&1"
}

job toppling-dominoes "$TD_N"
job domineering "$DOM_N"
job partizan-subtraction "$PS_N"
for g in toppling-dominoes domineering partizan-subtraction; do
  $GC run "$dir/$g.toml" --out "$dir/$g.csv" --threads 1 --quiet > /dev/null 2>&1
done
positions_script "$dir/toppling-dominoes.csv" td game.strip.TopplingDominoes
positions_script "$dir/domineering.csv" dom game.grid.Domineering
printf 'var R := PartizanSubtraction([1,3],[2,3]);\nfor n from 1 to %s do System.Print(R(n).CanonicalForm) end;\n' \
  "$PS_N" > "$dir/cgs/ps.cgs"

check() { # NAME SCRIPT: compare every value of ours with CGSuite's
  local total agree
  printf '%s()\n:quit\n' "$2" | $CGSUITE "$dir/cgs" > "$dir/$2.out" 2> /dev/null
  python3 scripts/peers/cgsuite/compare.py "$dir/$1.csv" "$dir/$2.out" > "$dir/$2.cmp"
  total=$(wc -l < "$dir/$2.cmp")
  agree=$($GC value - < "$dir/$2.cmp" | grep -c '^true$' || true)
  if [ "$agree" != "$total" ]; then
    echo "$1: only $agree of $total values agree with CGSuite" >&2
    exit 1
  fi
  echo "$1: all $total values agree with CGSuite"
}
check toppling-dominoes td
check domineering dom
check partizan-subtraction ps

echo "CGSuite start-up (JVM and CGScript library, an empty script):" \
  "$(bench_best "$(cgsuite_cmd empty)" "$RUNS") s wall-clock (best of $RUNS)"
bench() { # NAME SCRIPT WHAT
  echo "$1 on $3, 1 thread (CGSuite's time includes its start-up):"
  bench_pair "$GC run $dir/$1.toml --out $dir/timed.csv --force --threads 1 --quiet > /dev/null 2>&1" \
    "$(cgsuite_cmd "$2")" cgsuite "$RUNS" 1800
}
bench toppling-dominoes td "$(($(wc -l < "$dir/toppling-dominoes.csv") - 1)) rows of 1..$TD_N dominoes"
bench domineering dom "$(($(wc -l < "$dir/domineering.csv") - 1)) boards of 1..$DOM_N cells"
bench partizan-subtraction ps "heaps 1..$PS_N"
