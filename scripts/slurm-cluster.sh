#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine (Debian's slurmctld, slurmd and munge,
# no systemd, no cgroups, no accounting database), to try and test scripts/slurm-submit.sh.
# A throwaway cluster: its state lives in DIR and is cleared at every start.
#
#   scripts/slurm-cluster.sh start DIR   write DIR/slurm.conf, start munged (unless one
#                                        answers already), slurmctld and slurmd; wait until
#                                        the node is idle (at most 60 s)
#   scripts/slurm-cluster.sh stop DIR    cancel every job, stop slurmd and slurmctld (by the
#                                        PIDs in their pid files), and munged if start began it
#
# Then point the Slurm commands at it:  export SLURM_CONF=DIR/slurm.conf
# Each finished job or array task adds a line (state, exit code) to DIR/jobcomp.txt; the
# daemons log to DIR/log/. Needs root (the daemons run as root) and `scripts/setup.sh
# slurm`. Slurm's ports 6817/6818 allow one cluster per machine: start refuses if the
# controller's port is taken. The configuration and the pitfalls it avoids are in
# ../shared/reference/SLURM.md (tested on these machines).
set -euo pipefail

say() { echo "slurm-cluster: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# = 2 ] || { say "usage: scripts/slurm-cluster.sh start|stop DIR"; exit 2; }
cmd=$1
mkdir -p "$2"
DIR=$(cd "$2" && pwd)
export SLURM_CONF=$DIR/slurm.conf

# Is the process $1 alive? A killed daemon stays a zombie for a while here: Z is dead.
alive() {
  [ -n "$1" ] && [ -r "/proc/$1/stat" ] || return 1
  local state
  state=$(sed -e 's/^.*) //' "/proc/$1/stat" | cut -d' ' -f1)
  [ "$state" != Z ]
}

# Stops the process whose PID is in file $1 (TERM, then KILL after 10 s).
stop_pid_file() {
  [ -f "$1" ] || return 0
  local pid i
  pid=$(cat "$1")
  if alive "$pid"; then
    kill "$pid" 2>/dev/null || true
    for i in $(seq 100); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; sleep 0.5; fi
  fi
  rm -f "$1"
}

munge_works() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }

start() {
  [ "$(id -u)" = 0 ] || die "the daemons run as root here: run as root"
  local t
  for t in munged munge unmunge slurmctld slurmd scontrol sinfo; do
    command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] \
      || die "$t not found: run scripts/setup.sh slurm"
  done
  PATH=$PATH:/usr/sbin
  # Not `scontrol ping`: without a slurm.conf it looks for one in DNS for about 60 s.
  if (exec 3<>/dev/tcp/127.0.0.1/6817) 2>/dev/null; then
    die "something already listens on port 6817, Slurm's controller port (one cluster per machine)"
  fi
  # An earlier cluster in this DIR that was not stopped.
  stop_pid_file "$DIR/slurmd.pid"
  stop_pid_file "$DIR/slurmctld.pid"
  rm -rf "$DIR/state" "$DIR/spool" "$DIR/log" "$DIR/jobcomp.txt"
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log"

  if ! munge_works; then
    [ -f /etc/munge/munge.key ] || mungekey --create >/dev/null \
      || die "no /etc/munge/munge.key and mungekey --create failed"
    chown munge:munge /etc/munge/munge.key 2>/dev/null || true
    install -d -o munge -g munge -m 0755 /run/munge   # normally made by systemd
    runuser -u munge -- munged --force \
      || die "munged did not start (see /var/log/munge/munged.log)"
    echo "$(cat /run/munge/munged.pid 2>/dev/null)" >"$DIR/munged.started"
    for t in $(seq 50); do munge_works && break; sleep 0.1; done
    munge_works || die "munge -n | unmunge fails after starting munged"
  fi

  local host nproc mem
  host=$(hostname -s)
  nproc=$(nproc)
  # More RealMemory than slurmd sees drains the node ("Low RealMemory").
  mem=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
  [ -n "$mem" ] || die "slurmd -C printed no RealMemory"
  cat >"$SLURM_CONF" <<EOF
# Written by scripts/slurm-cluster.sh: a one-node cluster on localhost.
ClusterName=local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/jobcomp.txt
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MailProg=/bin/true
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$nproc RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  # -c: no state from an earlier cluster. Both daemonise and write their pid files.
  slurmctld -c || die "slurmctld did not start (see $DIR/log/slurmctld.log)"
  slurmd || die "slurmd did not start (see $DIR/log/slurmd.log)"
  local state=""
  for t in $(seq 600); do
    state=$(sinfo -h -o %T 2>/dev/null | head -n 1)
    if [ "$state" = idle ] && alive "$(cat "$DIR/slurmd.pid" 2>/dev/null)"; then
      say "up: node $host ($nproc CPUs, $mem MB) idle; export SLURM_CONF=$SLURM_CONF"
      return 0
    fi
    sleep 0.1
  done
  die "the node is not idle after 60 s (state: ${state:-none}); see $DIR/log/"
}

stop() {
  PATH=$PATH:/usr/sbin
  if [ -f "$SLURM_CONF" ] && alive "$(cat "$DIR/slurmctld.pid" 2>/dev/null)"; then
    local jobs
    jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
    # shellcheck disable=SC2086
    [ -z "${jobs// /}" ] || scancel $jobs 2>/dev/null || true
  fi
  stop_pid_file "$DIR/slurmd.pid"
  stop_pid_file "$DIR/slurmctld.pid"
  if [ -f "$DIR/munged.started" ]; then
    local pid
    pid=$(cat "$DIR/munged.started")
    if [ -n "$pid" ] && alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
    rm -f "$DIR/munged.started"
  fi
  say "stopped"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) say "usage: scripts/slurm-cluster.sh start|stop DIR"; exit 2 ;;
esac
