#!/usr/bin/env bash
# Runs a cargo command of Adjutant's browser build with its patched crates; scripts/build-web.sh
# builds the wasm with it:
#   bash scripts/web-patched-deps.sh cargo build --profile web-release --target wasm32-unknown-unknown ...
# Each patch in web/patches/ is named
# <crate>-<version>-<what>.patch: the crate is copied from the cargo registry (as Cargo.lock
# pins it) into target/web-deps/<crate>-<version>/, its patches applied there in the order of
# their names (`patch -p1`; the script fails if one does not apply) and cargo pointed at the
# copy with a `[patch.crates-io]` given on the command line (`--config`), so neither Cargo.toml
# nor the desktop build change.
# Cargo writes the patched crate's source into Cargo.lock while it builds; the lock file is put
# back as it was when the command ends, so the desktop build and git see no change.
#
# iced_tiny_skia-0.14.1-present-damage.patch makes iced's tiny-skia compositor hand the
# browser's canvas only the rectangles that changed instead of the whole canvas on every frame:
# at three device pixels to one a tap's frame converted all 2.96 million pixels of the canvas;
# now a keypad face's converts 0.16 million, a tab's about 2. softbuffer-0.4.8-rgba-rows.patch
# makes that conversion (0RGB pixels to the canvas's RGBA bytes) plain loops instead of nested
# iterators. A tap took 135 ms at three to one, 92 ms with both (benches/README.md, "In the
# browser", has the figures; each patch's header says why and what it changes).
# iced_tiny_skia-0.14.1-fill-quads-by-rows.patch fills a quad of one colour as a rectangle
# between the bands its rounded corners are in, instead of scanning it all as a path; and
# iced_graphics-0.14.0-damage-by-sequence.patch keeps a quad added or taken away (a button's
# background while it is pressed) from marking every primitive after it as changed.
#
# A copy is made again only when its patch or the registry's source changes, so that cargo
# does not rebuild the crate and what uses it on every build.
set -euo pipefail
cd "$(dirname "$0")/.."

deps=$PWD/target/web-deps
mkdir -p "$deps"
[ $# -gt 0 ] || { echo "usage: bash scripts/web-patched-deps.sh cargo build ..." >&2; exit 2; }
cargo fetch --locked --quiet
metadata=$(cargo metadata --format-version 1 --locked)

# The crates patched, each with its patches (a crate may have several: applied in the order
# of their names).
declare -A patches
crates=()
for patch in web/patches/*.patch; do
  [ -e "$patch" ] || continue
  name=$(basename "$patch" .patch)
  key=$(sed -E 's/^(.+-[0-9]+\.[0-9]+\.[0-9]+)-.*$/\1/' <<<"$name")
  [ -n "${patches[$key]:-}" ] || crates+=("$key")
  patches[$key]="${patches[$key]:-} $patch"
done

args=()
for key in "${crates[@]}"; do
  crate=$(sed -E 's/^(.+)-([0-9]+\.[0-9]+\.[0-9]+)$/\1/' <<<"$key")
  version=$(sed -E 's/^(.+)-([0-9]+\.[0-9]+\.[0-9]+)$/\2/' <<<"$key")
  read -r -a list <<<"${patches[$key]}"
  manifest=$(jq -r --arg n "$crate" --arg v "$version" \
    '.packages[] | select(.name == $n and .version == $v) | .manifest_path' <<<"$metadata")
  if [ -z "$manifest" ]; then
    echo "web-patched-deps: ${list[*]} for $crate $version, which Cargo.lock does not hold" >&2
    exit 1
  fi
  source=$(dirname "$manifest")
  copy=$deps/$crate-$version
  stamp=$( (cat "${list[@]}"; echo "$source") | sha256sum | cut -c1-16)
  if [ "$(cat "$copy.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$copy" "$copy.stamp"
    cp -r "$source" "$copy"
    chmod -R u+w "$copy"
    for patch in "${list[@]}"; do
      if ! patch -p1 --batch --forward --quiet -d "$copy" <"$patch"; then
        echo "web-patched-deps: $patch does not apply to $source" >&2
        rm -rf "$copy"
        exit 1
      fi
    done
    echo "$stamp" >"$copy.stamp"
  fi
  args+=(--config "patch.crates-io.$crate.path=\"$copy\"")
done

lock=$deps/Cargo.lock.before
cp Cargo.lock "$lock"
restore() { cmp -s "$lock" Cargo.lock || cp "$lock" Cargo.lock; }
trap restore EXIT
"$@" "${args[@]}"
