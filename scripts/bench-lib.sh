# Sourced by the scripts/bench-*.sh that time gamecensus against a peer program.
#
# bench_pair OURS PEER NAME RUNS [TIMEOUT]
#   Times the shell commands OURS (gamecensus) and PEER (the peer called NAME) in one
#   run. With farm-bench on PATH (see /work/.library/farm-bench or the README's
#   Performance section) the two alternate RUNS times, the ratio is taken pair by pair
#   and its median printed, for wall-clock and CPU time; without it, the best of RUNS
#   wall-clock times of each is printed. Ends with the date and the core count.
bench_pair() {
  local ours=$1 peer=$2 name=$3 runs=$4 timeout=${5:-600} d
  if command -v farm-bench > /dev/null; then
    # Each command in a file of its own, so that any quoting in it survives.
    d=$(mktemp -d)
    printf '%s\n' "$ours" > "$d/ours.sh"
    printf '%s\n' "$peer" > "$d/peer.sh"
    farm-bench -n "$runs" --timeout "$timeout" --vs "sh $d/peer.sh" -- sh "$d/ours.sh" > "$d/fb"
    grep -E '^(farm-bench|A (wall|cpu)|B (wall|cpu)|A/B (wall|cpu))' "$d/fb" \
      | sed "s/^A /gamecensus /; s/^B /$name /; s#^A/B#gamecensus/$name#"
    awk -v n="$name" '/^A\/B cpu/ {
      printf "per thread, gamecensus takes %.2fx the CPU time of %s (median pair): ", $4, n
      if ($4 > 0 && $4 < 1) printf "%.1fx faster\n", 1 / $4; else printf "%.2fx slower\n", $4 }' "$d/fb"
    rm -rf "$d"
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
