#!/usr/bin/env bash
# Builds Adjutant for the browser into target/web/: the window compiled to WebAssembly
# (cargo profile `web-release`, Cargo.toml; a profile named `web` would keep its build scripts
# in target/web/ too, and clearing the page would rebuild them), its JavaScript glue from
# wasm-bindgen, shrunk by binaryen's wasm-opt when it is there, the page (web/page/: index.html,
# start.js that shows the wasm's progress, the web app manifest and the service worker that
# keeps every file for playing offline) and the icons. Each file is written compressed beside
# itself too, as FILE.gz (gzip -9) and FILE.br (brotli; scripts/setup-web.sh installs the
# `brotli` command), for a server that sends them as they are (README.md, "In the browser",
# says how). Fails when the whole page is over 3 MB with brotli, what a first visit downloads
# from a host that sends the .br files.
#   bash scripts/build-web.sh            build, then print the sizes (raw, gzip and brotli)
#   python3 -m http.server -d target/web   serve it on http://localhost:8000/
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version in Cargo.lock,
# in target/tools/bin (scripts/setup-web.sh installs them, and wasm-opt under web/).
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/web
bindgen=target/tools/bin/wasm-bindgen
wasm_opt=web/node_modules/.bin/wasm-opt
wasm=target/wasm32-unknown-unknown/web-release/adjutant.wasm

if [ ! -x "$bindgen" ]; then
  echo "build-web: $bindgen is missing; run bash scripts/setup-web.sh first" >&2
  exit 1
fi
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$("$bindgen" --version | awk '{ print $2 }')
if [ "$want" != "$have" ]; then
  echo "build-web: wasm-bindgen $have is installed but Cargo.lock has $want; run scripts/setup-web.sh" >&2
  exit 1
fi

# No path of this machine goes into the page: the source paths the compiler writes into
# the wasm (where a panic happened) are written from the source tree and cargo's registry,
# not from where they are here.
cargo_home=${CARGO_HOME:-$HOME/.cargo}
# The flags for the wasm, in one list: SIMD (below) and the paths remapped.
rustflags=(--config "target.wasm32-unknown-unknown.rustflags = [\"-Ctarget-feature=+simd128\", \"--remap-path-prefix=$PWD=adjutant\", \"--remap-path-prefix=$cargo_home=cargo\"]")

# The wasm is built with the patched crates of web/patches/ (the desktop build does not use
# them): scripts/web-patched-deps.sh says which and why. And with WebAssembly SIMD (128-bit
# vectors: Chrome 91, Firefox 89, Safari 16.4 and later), which tiny-skia's pixel pipeline uses
# and the compiler vectorises loops with (benches/README.md, "A tap on a phone"). The desktop
# build is not touched by either.
bash scripts/web-patched-deps.sh \
  cargo build --profile web-release --target wasm32-unknown-unknown -p adjutant --bin adjutant \
  "${rustflags[@]}"

rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --out-dir "$out" --out-name adjutant "$wasm"
raw=$(stat -c %s "$out/adjutant_bg.wasm")
if [ -x "$wasm_opt" ]; then
  # The features Rust's wasm32 target uses (and every browser that runs it has), and SIMD.
  # ADJUTANT_WEB_NAMES=1 keeps the functions' names, for a profiler (web/test/profile.mjs).
  names=()
  [ "${ADJUTANT_WEB_NAMES:-0}" != 1 ] || names=(--debuginfo)
  "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
    "${names[@]}" "$out/adjutant_bg.wasm" -o "$out/adjutant_bg.opt.wasm"
  mv "$out/adjutant_bg.opt.wasm" "$out/adjutant_bg.wasm"
else
  echo "build-web: no $wasm_opt (scripts/setup-web.sh installs it); the wasm is not shrunk further"
fi

for here in "$PWD" "$cargo_home" "$HOME"; do
  [ "${#here}" -gt 1 ] || continue
  if grep -q -a -F "$here" "$out/adjutant_bg.wasm" "$out/adjutant.js"; then
    echo "build-web: the page names a folder of this machine ($here):" >&2
    grep -a -o -F "$here" "$out/adjutant_bg.wasm" "$out/adjutant.js" | sort | uniq -c >&2
    exit 1
  fi
done

cp web/page/index.html web/page/manifest.webmanifest "$out/"
# The loading line counts the wasm's bytes against its size (a compressed response's length is
# not that).
sed -e "s/@WASM_BYTES@/$(stat -c %s "$out/adjutant_bg.wasm")/" web/page/start.js >"$out/start.js"
cp packaging/icons/org.adjutant.Adjutant.svg "$out/icon.svg"
cp packaging/icons/web/icon-192.png packaging/icons/web/icon-maskable-192.png \
  packaging/icons/web/icon-maskable-512.png "$out/"
cp packaging/icons/512x512/org.adjutant.Adjutant.png "$out/icon-512.png"

# The service worker keeps every file of this build, in a cache named for their contents:
# the JavaScript modules the wasm imports (src/store/browser/idb.js) included, which
# wasm-bindgen writes under snippets/.
files=(index.html start.js adjutant.js adjutant_bg.wasm manifest.webmanifest icon.svg icon-192.png
  icon-512.png icon-maskable-192.png icon-maskable-512.png)
mapfile -t snippets < <(cd "$out" && find snippets -type f 2>/dev/null | sort)
files+=("${snippets[@]}")
build=$(cd "$out" && cat "${files[@]}" | sha256sum | cut -c1-16)
list=$(printf '"./",'; printf '"%s",' "${files[@]}")
sed -e "s/@BUILD@/$build/" -e "s|@FILES@|[${list%,}]|" web/page/sw.js > "$out/sw.js"

# Each file compressed beside itself, for a server that sends FILE.br or FILE.gz as they are to a
# browser that accepts them; not the PNGs, which are compressed already.
brotli=$(command -v brotli || true)
for f in "${files[@]}" sw.js; do
  [[ $f != *.png ]] || continue
  gzip -9 -n -c "$out/$f" >"$out/$f.gz"
  [ -z "$brotli" ] || "$brotli" -q 11 -c "$out/$f" >"$out/$f.br"
done

echo "Built $out (build $build):"
total=0
total_br=0
for f in "${files[@]}" sw.js; do
  size=$(stat -c %s "$out/$f")
  # A file not written compressed is sent as it is.
  gz=$(stat -c %s "$out/$f.gz" 2>/dev/null || echo "$size")
  br=$(stat -c %s "$out/$f.br" 2>/dev/null || echo "$size")
  total=$((total + gz))
  total_br=$((total_br + br))
  printf '  %-22s %9d bytes, %9d gzip, %9d brotli\n' "${f##*/}" "$size" "$gz" "$br"
done
printf '  the wasm before wasm-opt: %d bytes\n' "$raw"
printf '  the whole page, gzip:     %d bytes (%.2f MB)\n' "$total" "$(echo "$total / 1000000" | bc -l)"
[ -z "$brotli" ] ||
  printf '  the whole page, brotli:   %d bytes (%.2f MB)\n' "$total_br" "$(echo "$total_br / 1000000" | bc -l)"

# What a first visit downloads is held to 3 MB, as the host sends it: brotli, which every
# browser the page runs in accepts and a host sends from the .br files (README.md, "In the
# browser", says how). A host that sends gzip alone sends the gzip total above.
limit=3000000
if [ -z "$brotli" ]; then
  echo "build-web: no brotli command (scripts/setup-web.sh installs it): the page's size is not checked" >&2
  exit 1
fi
if [ "$total_br" -gt "$limit" ]; then
  printf 'build-web: the page is %d bytes with brotli, over its limit of %d\n' "$total_br" "$limit" >&2
  exit 1
fi
