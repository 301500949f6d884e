#!/usr/bin/env bash
# Installs the Debian packages Adjutant's tests and CI use, when they are missing.
# Safe to run again: it installs nothing when everything is present.
set -euo pipefail

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
