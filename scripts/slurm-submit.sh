#!/usr/bin/env bash
# Runs a gamecensus job on a Slurm cluster: an array of M tasks, task I computing shard
# I/M, then a merge step that starts once every task has succeeded (afterok) and writes
# the job's output, byte-identical to the unsharded run.
#
#   scripts/slurm-submit.sh JOB M [sbatch options...]
#
# Run it from the directory the job's paths are relative to (results/ goes there; the
# tasks start in it), on a file system the compute nodes share. The sbatch options
# (--partition, --account, --time, --cpus-per-task, --mem, ...) apply to the tasks and to
# the merge step. Each task runs
#     gamecensus run JOB --shard I/M --resume --quiet --threads CPUS
# with CPUS the CPUs Slurm gave it: --resume starts a missing shard afresh, continues an
# interrupted one (a task requeued after a node failure or preemption) and leaves a
# complete one as it is, so resubmitting after a failure redoes only what is missing.
# The merge step runs `gamecensus merge OUT SHARD...` with the job's output as OUT.
#
# GAMECENSUS: the program (default: gamecensus on PATH, else target/release/gamecensus
# of this checkout); it is resolved to an absolute path here, so the nodes must see it
# there. GAMECENSUS_SLURM_LOGS: the directory of the tasks' logs (default: slurm-logs/
# beside the output). Prints "ARRAY_ID MERGE_ID" on stdout.
set -euo pipefail

say() { echo "slurm-submit: $*" >&2; }
usage() { say "usage: scripts/slurm-submit.sh JOB M [sbatch options...]"; exit 2; }

[ $# -ge 2 ] || usage
JOB=$1
M=$2
shift 2
[[ "$M" =~ ^[1-9][0-9]{0,5}$ ]] || { say "M = $M: a number of shards, 1 to 999999"; exit 2; }
[ -f "$JOB" ] || { say "no job file $JOB"; exit 2; }
command -v sbatch >/dev/null 2>&1 || { say "sbatch not found: is this a Slurm cluster?"; exit 1; }

# The controller must answer (else sbatch would fail later, and set -e silently).
if ! config=$(scontrol show config 2>&1); then
  say "cannot reach the Slurm controller: $(printf '%s' "$config" | head -n 1)"
  exit 1
fi
# Array indices stop below the cluster's MaxArraySize (1001 unless configured).
max=$(printf '%s\n' "$config" | sed -n 's/^MaxArraySize *= *\([0-9]*\).*/\1/p')
if [ -n "$max" ] && [ "$M" -ge "$max" ]; then
  say "M = $M: this cluster's MaxArraySize is $max, so M can be at most $((max - 1))"
  exit 2
fi

HERE=$(cd "$(dirname "$0")/.." && pwd)
G=${GAMECENSUS:-}
if [ -z "$G" ]; then
  G=$(command -v gamecensus 2>/dev/null || echo "$HERE/target/release/gamecensus")
fi
[ -x "$G" ] || { say "the program $G is not there: build it (cargo build --release) or set GAMECENSUS"; exit 2; }
G=$(cd "$(dirname "$G")" && pwd)/$(basename "$G")
JOB=$(cd "$(dirname "$JOB")" && pwd)/$(basename "$JOB")

# The job's output, as the program computes it (this also checks the job file).
OUT=$("$G" run "$JOB" --print-output) || exit 2
if [ -e "$OUT" ]; then
  say "$OUT exists already: move it away (merge never overwrites it)"
  exit 2
fi
LOGS=${GAMECENSUS_SLURM_LOGS:-$(dirname "$OUT")/slurm-logs}
mkdir -p "$LOGS"   # Slurm does not create it: a missing log directory fails the tasks
NAME=$(basename "$JOB" .toml)
q() { printf '%q' "$1"; }

# Task I: shard I/M. A requeued task starts this script again and --resume continues.
ARRAY=$(sbatch --parsable --array="0-$((M - 1))" --job-name="$NAME" --requeue \
  --open-mode=append --output="$LOGS/%x-%A_%a.out" "$@" <<EOF
#!/usr/bin/env bash
set -euo pipefail
threads=\${SLURM_CPUS_PER_TASK:-\${SLURM_CPUS_ON_NODE:-1}}
exec $(q "$G") run $(q "$JOB") --shard "\$SLURM_ARRAY_TASK_ID/$M" --resume --quiet --threads "\$threads"
EOF
)
ARRAY=${ARRAY%%;*}

# The merge: every shard's path as the program names it, then merge into OUT.
MERGE=$(sbatch --parsable --dependency="afterok:$ARRAY" --kill-on-invalid-dep=yes \
  --job-name="$NAME-merge" --output="$LOGS/%x-%j.out" "$@" <<EOF
#!/usr/bin/env bash
set -euo pipefail
shards=()
for ((i = 0; i < $M; i++)); do
  shards+=("\$($(q "$G") run $(q "$JOB") --shard "\$i/$M" --print-output)")
done
exec $(q "$G") merge $(q "$OUT") "\${shards[@]}"
EOF
)
MERGE=${MERGE%%;*}

say "submitted $NAME: array $ARRAY ($M tasks, shards in $(dirname "$OUT")), then merge $MERGE into $OUT; logs in $LOGS"
echo "$ARRAY $MERGE"
