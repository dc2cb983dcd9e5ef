#!/usr/bin/env bash
# What must pass before every commit: formatting, clippy with warnings as errors, and
# the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
scripts/test.sh --quiet
