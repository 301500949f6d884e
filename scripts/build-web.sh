#!/usr/bin/env bash
# Builds Adjutant for the browser into target/web/: the window compiled to WebAssembly
# (cargo profile `web-release`, Cargo.toml; a profile named `web` would keep its build scripts
# in target/web/ too, and clearing the page would rebuild them), its JavaScript glue from
# wasm-bindgen, shrunk by binaryen's wasm-opt when it is there, the page (web/page/: index.html, the web app manifest
# and the service worker that keeps every file for playing offline) and the icons.
#   bash scripts/build-web.sh            build, then print the sizes (raw and gzip)
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
remap=(--config "target.wasm32-unknown-unknown.rustflags = [\"--remap-path-prefix=$PWD=adjutant\", \"--remap-path-prefix=$cargo_home=cargo\"]")

# The wasm is built with the patched crates of web/patches/ (the desktop build does not use
# them): scripts/web-patched-deps.sh says which and why.
bash scripts/web-patched-deps.sh \
  cargo build --profile web-release --target wasm32-unknown-unknown -p adjutant --bin adjutant \
  "${remap[@]}"

rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --out-dir "$out" --out-name adjutant "$wasm"
raw=$(stat -c %s "$out/adjutant_bg.wasm")
if [ -x "$wasm_opt" ]; then
  # The features Rust's wasm32 target uses (and every browser that runs it has).
  "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/adjutant_bg.wasm" -o "$out/adjutant_bg.opt.wasm"
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
cp packaging/icons/org.adjutant.Adjutant.svg "$out/icon.svg"
cp packaging/icons/256x256/org.adjutant.Adjutant.png "$out/icon-256.png"
cp packaging/icons/512x512/org.adjutant.Adjutant.png "$out/icon-512.png"

# The service worker keeps every file of this build, in a cache named for their contents:
# the JavaScript modules the wasm imports (src/store/browser/idb.js) included, which
# wasm-bindgen writes under snippets/.
files=(index.html adjutant.js adjutant_bg.wasm manifest.webmanifest icon.svg icon-256.png icon-512.png)
mapfile -t snippets < <(cd "$out" && find snippets -type f 2>/dev/null | sort)
files+=("${snippets[@]}")
build=$(cd "$out" && cat "${files[@]}" | sha256sum | cut -c1-16)
list=$(printf '"./",'; printf '"%s",' "${files[@]}")
sed -e "s/@BUILD@/$build/" -e "s|@FILES@|[${list%,}]|" web/page/sw.js > "$out/sw.js"

echo "Built $out (build $build):"
total=0
for f in "${files[@]}" sw.js; do
  size=$(stat -c %s "$out/$f")
  gz=$(gzip -9 -c "$out/$f" | wc -c)
  total=$((total + gz))
  printf '  %-22s %9d bytes, %9d gzip\n' "${f##*/}" "$size" "$gz"
done
printf '  the wasm before wasm-opt: %d bytes\n' "$raw"
printf '  the whole page, gzip:     %d bytes (%.2f MB)\n' "$total" "$(echo "$total / 1000000" | bc -l)"
