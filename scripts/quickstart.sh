#!/usr/bin/env bash
# Quickstart: installs what is missing, builds, and runs the default census job
# (jobs/default.toml) end to end. The CSV lands in results/default.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
cargo build --release --quiet
./target/release/gamecensus run jobs/default.toml "$@"
echo "CSV written to $(pwd)/results/default.csv"
