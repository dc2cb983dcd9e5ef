#!/usr/bin/env bash
# The whole test suite: installs what is missing, then runs every test, optimised (the
# enumeration and solver tests are heavy in debug builds) with the `suite` profile: the
# release one without link-time optimisation, which only the shipped binary needs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
# Every tier: plain `cargo test` leaves out the system tier (tests marked #[ignore] that
# need a real Slurm cluster or headless Chromium); this runs it too.
cargo test --profile suite "$@" -- --include-ignored
