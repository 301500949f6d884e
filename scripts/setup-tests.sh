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

# command-to-check  debian-package
needed=(
  "pdftotext poppler-utils"
)

missing=()
for pair in "${needed[@]}"; do
  cmd=${pair%% *}
  pkg=${pair##* }
  command -v "$cmd" >/dev/null 2>&1 || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing Debian packages for the tests: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "Please install: ${missing[*]} (apt-get install ${missing[*]})" >&2
  exit 1
fi
