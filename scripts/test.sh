#!/usr/bin/env bash
# Runs Adjutant's whole test suite headless: installs the few Debian packages the tests use
# when they are missing, then `cargo test --workspace`: the app and its core crate (UI tests
# run on the software renderer).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-tests.sh
export ICED_TEST_BACKEND=tiny-skia
cargo test --workspace "$@"
