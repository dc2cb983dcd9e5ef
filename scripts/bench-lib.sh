# Sourced by the scripts/bench-*.sh that time gamecensus against a peer program.
#
# bench_pair OURS PEER NAME RUNS [TIMEOUT]
#   Times the shell commands OURS (gamecensus) and PEER (the peer called NAME) in one
#   run. With farm-bench on PATH (see /work/.library/farm-bench or the README's
#   Performance section) the two alternate RUNS times, the ratio is taken pair by pair
#   and its median printed, for wall-clock and CPU time; without it, the best of RUNS
#   wall-clock times of each is printed. Ends with the date and the core count.
bench_pair() {
  local ours=$1 peer=$2 name=$3 runs=$4 timeout=${5:-600} fb
  if command -v farm-bench > /dev/null; then
    fb=$(mktemp)
    farm-bench -n "$runs" --timeout "$timeout" --vs "sh -c '$peer'" -- sh -c "$ours" > "$fb"
    grep -E '^(farm-bench|A (wall|cpu)|B (wall|cpu)|A/B (wall|cpu))' "$fb" \
      | sed "s/^A /gamecensus /; s/^B /$name /; s#^A/B#gamecensus/$name#"
    awk -v n="$name" '/^A\/B cpu/ {
      printf "per thread, gamecensus takes %.2fx the CPU time of %s (median pair): ", $4, n
      if ($4 > 0 && $4 < 1) printf "%.1fx faster\n", 1 / $4; else printf "%.2fx slower\n", $4 }' "$fb"
    rm -f "$fb"
  else
    local a b
    a=$(bench_best "$ours" "$runs")
    b=$(bench_best "$peer" "$runs")
    awk -v a="$a" -v b="$b" -v n="$name" \
      'BEGIN { printf "gamecensus %.3f s, %s %.3f s (best of runs, wall-clock)\n", a, n, b }'
  fi
  awk -v t="$(date -u +%F)" -v c="$(nproc)" 'BEGIN { printf "(%s, %d cores)\n", t, c }'
}

# bench_best CMD RUNS: the least wall-clock seconds of RUNS runs of the shell command CMD.
bench_best() {
  local best="" t0 t1 t
  for _ in $(seq "$2"); do
    t0=$(date +%s.%N)
    sh -c "$1"
    t1=$(date +%s.%N)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
