#!/usr/bin/env bash
# Installs the Debian packages Adjutant's tests and CI use, and the Rust target the core is
# checked on (wasm32-unknown-unknown), when they are missing.
# Safe to run again: it installs nothing when everything is present.
set -euo pipefail

# The core crate is checked to build for the browser (wasm32): its standard library, once.
if command -v rustup >/dev/null 2>&1 &&
  ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "Adding the Rust target wasm32-unknown-unknown (the core's build for the browser)"
  rustup target add wasm32-unknown-unknown
fi

source "$(dirname "$0")/debian-packages.sh"
need pdftotext poppler-utils
install_needed "the tests"
