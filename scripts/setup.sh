#!/usr/bin/env bash
# Installs what gamecensus needs on a fresh Debian machine with the Rust toolchain:
# libclang (nauty-Traces-sys generates its nauty bindings with bindgen) and Debian's
# nauty package (nauty-geng / nauty-vcolg, which the tests and benchmarks compare
# against). Installs only what is missing; safe to run again.
set -euo pipefail

missing=()
if ! ls /usr/lib/llvm-*/lib/libclang*.so* >/dev/null 2>&1 && ! ldconfig -p 2>/dev/null | grep -q libclang; then
  missing+=(libclang-dev)
fi
command -v nauty-geng >/dev/null 2>&1 || missing+=(nauty)

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    SUDO="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "setup: cargo not found; install the Rust toolchain (rustup)" >&2; exit 1; }
