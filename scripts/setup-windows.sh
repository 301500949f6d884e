#!/usr/bin/env bash
# Installs what building and checking Adjutant for Windows needs, when it is missing: the Rust
# target x86_64-pc-windows-gnu (rustup), and with apt-get MinGW-w64 (the linker, windres),
# NSIS (the installer), zip, Wine (64-bit), Xvfb, ImageMagick and poppler-utils (for
# scripts/check-windows.sh). scripts/build-windows.sh and scripts/check-windows.sh call it.
set -euo pipefail

source "$(dirname "$0")/debian-packages.sh"
need x86_64-w64-mingw32-gcc mingw-w64
need makensis nsis
need zip zip
need wine wine wine64
need Xvfb xvfb
need import imagemagick
need pdftotext poppler-utils
install_needed "the Windows build"

if ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
  rustup target add x86_64-pc-windows-gnu
fi
