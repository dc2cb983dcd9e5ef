#!/usr/bin/env bash
# The whole test suite: installs what is missing, then runs every test (release mode:
# the enumeration and solver tests are heavy in debug builds).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
# Every tier: plain `cargo test` leaves out the system tier (tests marked #[ignore] that
# need a real Slurm cluster or headless Chromium); this runs it too.
cargo test --release "$@" -- --include-ignored
