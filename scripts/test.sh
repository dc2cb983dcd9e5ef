#!/usr/bin/env bash
# The whole test suite: installs what is missing, then runs every test (release mode:
# the enumeration and solver tests are heavy in debug builds).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
cargo test --release "$@"
