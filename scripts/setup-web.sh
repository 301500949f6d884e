#!/usr/bin/env bash
# Installs what building and checking Adjutant's browser build needs, when it is missing:
#
#   - the Rust target wasm32-unknown-unknown (rustup);
#   - wasm-bindgen (the command-line tool) at exactly the version of the `wasm-bindgen` crate
#     in Cargo.lock, into target/tools/bin/wasm-bindgen. It is built from crates.io once per
#     machine and kept in ${ADJUTANT_TOOLS_CACHE:-~/.cache/adjutant-tools}/wasm-bindgen-VERSION,
#     so a fresh clone on the same machine (a second CI run) copies it instead of building it;
#   - the npm tools of web/package.json at the versions of web/package-lock.json (`npm ci`):
#     wasm-opt (binaryen) for the page's build, playwright-core to drive the browser in
#     scripts/check-web.sh and scripts/bench-web.sh (it downloads no browser of its own);
#   - with apt-get: Chromium (the browser the checks drive), poppler-utils (pdftotext, to read
#     the PDFs the page makes), python3 (the checks' web server), Node.js and npm, and brotli
#     (the page's files written compressed beside themselves, FILE.br, by scripts/build-web.sh).
#
# Safe to run again: when everything is there it installs nothing and takes about a second.
# scripts/build-web.sh, scripts/check-web.sh and scripts/bench-web.sh expect it to have run;
# CI (.ci/run) runs it first among the browser steps.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- Debian packages
source scripts/debian-packages.sh
need chromium chromium
need pdftotext poppler-utils
need python3 python3
need node nodejs
need npm npm
need brotli brotli
install_needed "the browser build"

# --- the Rust target
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "Adding the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# --- wasm-bindgen, the version Cargo.lock names: the tool and the crate must agree exactly.
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/^version = "|"$/, ""); print; exit }' \
  Cargo.lock)
if [ -z "$version" ]; then
  echo "Cargo.lock names no wasm-bindgen crate: nothing for the browser build to bind" >&2
  exit 1
fi
tools=target/tools/bin
tool=$tools/wasm-bindgen
cache=${ADJUTANT_TOOLS_CACHE:-$HOME/.cache/adjutant-tools}/wasm-bindgen-$version
is_version() { [ -x "$1" ] && [ "$("$1" --version 2>/dev/null)" = "wasm-bindgen $version" ]; }
# copy FILE DEST — puts a copy in place whole (a copy cut short is never taken for the tool).
copy() {
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2.tmp.$$"
  mv -f "$2.tmp.$$" "$2"
}
if is_version "$tool"; then
  :
elif is_version "$cache/wasm-bindgen"; then
  echo "wasm-bindgen $version: copied from $cache"
  copy "$cache/wasm-bindgen" "$tool"
else
  echo "Building wasm-bindgen $version (cargo install wasm-bindgen-cli; a few minutes, once per machine)"
  build=$(mktemp -d)
  trap 'rm -rf "$build"' EXIT
  # Only the `wasm-bindgen` program, without the test runner's TLS stack, optimised lightly
  # and without LTO: it builds in a fraction of the time of a plain `cargo install` and binds
  # Adjutant's wasm in about the same time (benches/README.md, "In the browser").
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_TARGET_DIR="$build/target" \
    cargo install --quiet wasm-bindgen-cli --version "=$version" --no-default-features \
    --bin wasm-bindgen --root "$build/root"
  is_version "$build/root/bin/wasm-bindgen" || {
    echo "the wasm-bindgen just built does not say it is $version" >&2
    exit 1
  }
  copy "$build/root/bin/wasm-bindgen" "$tool"
fi
if ! is_version "$cache/wasm-bindgen"; then
  # The cache is a convenience: a read-only or full home folder only costs the next build.
  copy "$tool" "$cache/wasm-bindgen" 2>/dev/null ||
    echo "note: could not keep wasm-bindgen in $cache" >&2
fi

# --- npm tools, exactly as web/package-lock.json has them; again only when that changed.
stamp=web/node_modules/.adjutant-package-lock.sha256
sum=$(sha256sum web/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ] || [ ! -x web/node_modules/.bin/wasm-opt ]; then
  echo "Installing the npm tools of web/package-lock.json (npm ci)"
  npm ci --prefix web --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$sum" >"$stamp"
fi
