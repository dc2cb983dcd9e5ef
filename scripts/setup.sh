#!/usr/bin/env bash
# Installs what gamecensus needs on a Debian machine with the Rust toolchain, and checks
# that the install worked. Installs only what is missing; safe to run again.
#
#   scripts/setup.sh build     what `cargo build` needs (the quickstart)
#   scripts/setup.sh test      that, and what the test suite runs against (default)
#   scripts/setup.sh slurm     only what the Slurm test needs (a one-node cluster)
#   scripts/setup.sh --detect NAME...
#                              only report whether each NAME is present (exit 0 if all are,
#                              1 otherwise); installs nothing. Used by the set-up test.
#
# Each requirement is detected by looking for exactly what the build or the tests load:
#   cargo     `cargo` on PATH.
#   libclang  nauty-Traces-sys builds nauty from source and generates its bindings with
#             bindgen, which loads libclang at run time through clang-sys. clang-sys looks
#             for `libclang.so`, `libclang-*.so`, `libclang.so.*` and `libclang-*.so.*`
#             (skipping `libclang-cpp.*`, a different library) that are 64-bit ELF files,
#             in $LIBCLANG_PATH alone if it is set, else in `llvm-config --prefix`/{bin,lib,
#             lib64}, $LD_LIBRARY_PATH, $LIBRARY_PATH and /usr/local/llvm*/lib*,
#             /usr/local/lib*{,/*,/*/*}, /usr/lib*{,/*,/*/*}. This script searches the
#             same places for the same names. libclang then needs clang's own headers
#             (stddef.h in its resource directory, clang/VERSION/include beside it):
#             without them bindgen fails on nauty.h ("'stddef.h' file not found").
#             Debian package: libclang-dev (pulls libclang1-N and libclang-common-N-dev).
#   lua       nothing to install: the mlua crate builds Lua 5.4 from its vendored
#             sources with the C compiler the build already uses (for nauty).
#   nauty     `nauty-geng`, `nauty-vcolg`, `nauty-multig` and `nauty-genposetg` on PATH
#             (Debian's nauty package): the tests and benchmarks compare against them.
#   zstd      the `zstd` command (Debian's zstd package): the compressed-output tests
#             check that an independent zstd decompresses our .csv.zst files.
#   python    a virtual environment target/pyenv whose python imports pandas, polars,
#             duckdb and networkx (pinned below, from PyPI): the tests run the loading
#             one-liners of docs/CSV.md and compare graph invariants with networkx; the
#             analysis benchmark times DuckDB. Needs python3 with venv and pip (Debian:
#             python3-venv, python3-pip).
#   chromium  `chromium` on PATH (Debian package chromium): the report test renders the
#             HTML report headless.
#   slurm     what the Slurm test (src/tests/slurm.rs, through scripts/slurm-cluster.sh and
#             scripts/slurm-submit.sh) runs: the daemons slurmctld and slurmd, the clients
#             sbatch, squeue, scancel, scontrol and sinfo, munge's munged, munge and unmunge
#             (on PATH or in /usr/sbin, /sbin: daemons live there), and the plugins the
#             cluster's slurm.conf names, which slurmctld and slurmd load from Debian's
#             plugin directory /usr/lib/ARCH/slurm-wlm (auth_munge, cred_munge,
#             proctrack_linuxproc, task_none, jobacct_gather_none, accounting_storage_none,
#             jobcomp_filetxt, sched_backfill, select_cons_tres, mpi_none). Debian packages:
#             slurm-wlm (without its recommends: slurmctld, slurmd, slurm-client and the
#             basic plugins) and munge (which creates /etc/munge/munge.key).
#
# SETUP_ROOT (tests only): a directory that stands for / when looking for files, so that
# the detection can be checked against trees built in a temporary directory.
set -euo pipefail

ROOT=${SETUP_ROOT:-}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PYENV=${GAMECENSUS_PYENV:-$HERE/target/pyenv}
PY_PACKAGES=(pandas==3.1.1 polars==2.1.0 duckdb==2.0.0 networkx==3.6.1)

say() { echo "setup: $*" >&2; }

# Is $1 a 64-bit ELF file (what clang-sys accepts)?
is_elf64() {
  [ -f "$1" ] || return 1
  [ "$(head -c 5 "$1" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = "7f454c4602" ]
}

# Prints every libclang library clang-sys would consider, one per line.
libclang_libraries() {
  local dirs=() d f name prefix pat
  if [ -n "${LIBCLANG_PATH:-}" ]; then
    if [ -f "$LIBCLANG_PATH" ]; then dirs=("$(dirname "$LIBCLANG_PATH")"); else dirs=("$LIBCLANG_PATH"); fi
  else
    if prefix=$("${LLVM_CONFIG_PATH:-llvm-config}" --prefix 2>/dev/null); then
      prefix=$(head -n 1 <<<"$prefix")
      dirs+=("$prefix/bin" "$prefix/lib" "$prefix/lib64")
    fi
    local IFS=:
    for d in ${LD_LIBRARY_PATH:-} ${LIBRARY_PATH:-}; do [ -n "$d" ] && dirs+=("$d"); done
    unset IFS
    shopt -s nullglob
    for pat in /usr/local/llvm*/lib* /usr/local/lib*/*/* /usr/local/lib*/* /usr/local/lib* \
               /usr/lib*/*/* /usr/lib*/* /usr/lib*; do
      for d in $ROOT$pat; do [ -d "$d" ] && dirs+=("$d"); done
    done
  fi
  shopt -s nullglob
  for d in "${dirs[@]}"; do
    for f in "$d"/libclang.so "$d"/libclang-*.so "$d"/libclang.so.* "$d"/libclang-*.so.*; do
      name=${f##*/}
      case "$name" in *-cpp.*) continue ;; esac
      is_elf64 "$f" && echo "$f"
    done
  done
}

# clang's builtin headers beside a libclang library $1 (its resource directory).
has_clang_headers() {
  local d h
  d=$(dirname "$(readlink -f "$1" 2>/dev/null || echo "$1")")
  shopt -s nullglob
  for h in "$(dirname "$1")"/clang/*/include/stddef.h "$(dirname "$1")"/../clang/*/include/stddef.h \
           "$(dirname "$1")"/../lib/clang/*/include/stddef.h \
           "$d"/clang/*/include/stddef.h "$d"/../clang/*/include/stddef.h "$d"/../lib/clang/*/include/stddef.h; do
    [ -f "$h" ] && return 0
  done
  return 1
}

# On PATH (under SETUP_ROOT when it is set)?
on_path() {
  local d IFS=:
  if [ -z "$ROOT" ]; then command -v "$1" >/dev/null 2>&1; return; fi
  for d in $PATH; do [ -x "$ROOT$d/$1" ] && return 0; done
  return 1
}

# On PATH or in /usr/sbin, /sbin (where daemons are, off a normal user's PATH)?
on_path_or_sbin() {
  on_path "$1" || [ -x "$ROOT/usr/sbin/$1" ] || [ -x "$ROOT/sbin/$1" ]
}

SLURM_TOOLS=(slurmctld slurmd sbatch squeue scancel scontrol sinfo munged munge unmunge)
SLURM_PLUGINS=(auth_munge cred_munge proctrack_linuxproc task_none jobacct_gather_none
  accounting_storage_none jobcomp_filetxt sched_backfill select_cons_tres mpi_none)

# Prints what the Slurm test needs and is not there (nothing if all is).
slurm_missing() {
  local t p d dirs=() missing=()
  for t in "${SLURM_TOOLS[@]}"; do on_path_or_sbin "$t" || missing+=("$t"); done
  shopt -s nullglob
  for d in "$ROOT"/usr/lib/*/slurm-wlm "$ROOT"/usr/lib/slurm-wlm "$ROOT"/usr/lib64/slurm-wlm; do
    [ -d "$d" ] && dirs+=("$d")
  done
  for p in "${SLURM_PLUGINS[@]}"; do
    local found=0
    for d in "${dirs[@]}"; do [ -f "$d/$p.so" ] && { found=1; break; }; done
    [ $found = 1 ] || missing+=("$p.so")
  done
  [ ${#missing[@]} = 0 ] || echo "${missing[*]}"
}

# detect NAME: exit 0 if present; otherwise prints on stdout what is missing.
detect() {
  local lib missing=()
  case "$1" in
    cargo) on_path cargo || echo "cargo (install the Rust toolchain with rustup)" ;;
    libclang)
      local found=0 headers=0
      while IFS= read -r lib; do
        found=1
        if has_clang_headers "$lib"; then headers=1; break; fi
      done < <(libclang_libraries)
      if [ $found = 0 ]; then echo "libclang (no libclang.so*, libclang-*.so* where clang-sys looks)"
      elif [ $headers = 0 ]; then echo "clang's builtin headers (no clang/VERSION/include/stddef.h beside libclang)"
      fi ;;
    nauty)
      for t in nauty-geng nauty-vcolg nauty-multig nauty-genposetg; do on_path "$t" || missing+=("$t"); done
      [ ${#missing[@]} = 0 ] || echo "${missing[*]}" ;;
    chromium) on_path chromium || echo "chromium" ;;
    zstd) on_path zstd || echo "zstd" ;;
    slurm) slurm_missing ;;
    python)
      [ -x "$ROOT$PYENV/bin/python" ] \
        && "$ROOT$PYENV/bin/python" -c 'import pandas, polars, duckdb, networkx' >/dev/null 2>&1 \
        || echo "the Python environment $PYENV (pandas, polars, duckdb, networkx)" ;;
    *) say "unknown requirement $1"; exit 2 ;;
  esac
}

# Debian packages that provide a requirement.
packages() {
  case "$1" in
    libclang) echo libclang-dev ;;
    nauty) echo nauty ;;
    python) echo python3 python3-venv python3-pip ;;
    chromium) echo chromium ;;
    zstd) echo zstd ;;
    slurm) echo slurm-wlm munge ;;
  esac
}

if [ "${1:-}" = "--detect" ]; then
  shift
  status=0
  for r in "$@"; do
    what=$(detect "$r")
    if [ -n "$what" ]; then echo "$r: missing $what"; status=1; else echo "$r: present"; fi
  done
  exit $status
fi

case "${1:-test}" in
  build) wanted=(cargo libclang) ;;
  test) wanted=(cargo libclang nauty python zstd chromium slurm) ;;
  slurm) wanted=(slurm) ;;
  *) say "usage: scripts/setup.sh [build|test|slurm] | --detect NAME..."; exit 2 ;;
esac

missing=()
for r in "${wanted[@]}"; do
  what=$(detect "$r")
  [ -z "$what" ] && continue
  if [ "$r" = cargo ]; then say "missing $what"; exit 1; fi
  missing+=("$r")
done

apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { say "need root (or sudo) to install: $*"; exit 1; }
    sudo="sudo"
  fi
  command -v apt-get >/dev/null 2>&1 || { say "no apt-get: install these Debian packages (or their equivalents) by hand: $*"; exit 1; }
  say "installing $*"
  export DEBIAN_FRONTEND=noninteractive
  local log
  log=$(mktemp)
  if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1; then
    tail -n 5 "$log" >&2
    rm -f "$log"
    say "apt-get could not install $*; install them by hand"
    exit 1
  fi
  rm -f "$log"
}

if [ ${#missing[@]} -gt 0 ]; then
  pkgs=()
  for r in "${missing[@]}"; do
    # The Python environment needs Debian packages only when python3 cannot make one.
    if [ "$r" = python ] && python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then continue; fi
    read -ra p <<<"$(packages "$r")"
    pkgs+=("${p[@]}")
  done
  [ ${#pkgs[@]} -gt 0 ] && apt_install "${pkgs[@]}"
  for r in "${missing[@]}"; do
    if [ "$r" = python ]; then
      say "creating $PYENV with ${PY_PACKAGES[*]}"
      rm -rf "$PYENV"
      python3 -m venv "$PYENV" >/dev/null \
        && "$PYENV/bin/pip" install -q --disable-pip-version-check "${PY_PACKAGES[@]}" >/dev/null \
        || { say "could not create $PYENV (python3 -m venv; pip install ${PY_PACKAGES[*]})"; exit 1; }
    fi
    what=$(detect "$r")
    if [ -n "$what" ]; then
      say "still missing $what after installing; install it by hand (Debian: $(packages "$r"))"
      exit 1
    fi
  done
fi
