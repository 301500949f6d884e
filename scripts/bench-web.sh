#!/usr/bin/env bash
# Browser figures for Adjutant's page (target/web) in headless Chromium at a phone's size
# (390×844 at three device pixels to one), beside the desktop window's from the same machine
# (benches/README.md, "In the browser"):
#
#   transferred size  every file the page asks for on a first visit, brotli (and gzip -9)
#                     each, summed; target ≤ 3 MB with brotli
#   first frame       navigation to the first frame drawn on the canvas (not one colour), a
#                     fresh profile each time, median of RUNS; target ≤ 3 s. After a reload
#                     (the service worker serving the page) too, not judged
#   one action        a tap on the battle screen (the browser check's taps: the clock moved on,
#                     picks, Start, the keypad's faces) until its update, view and frame are
#                     done, median; target ≤ 16 ms. Tap to frame on the canvas, not judged
#   tap to frame      the same taps on this page and on the page built from commit 76fc5bf,
#                     side by side (web/test/speed.mjs): 390×844 at 1× and 3×, and at 3× with
#                     Chromium's CPU four times slower (a mid-range phone); median and slowest
#                     from each tap to the frame that shows it, and each page's transfer
#                     (gzip -9 and brotli). Targets: at 3× a median at most a quarter of
#                     76fc5bf's; CPU 4× slower a median ≤ 150 ms and slowest ≤ 400 ms
#   the store         room (local storage's limit before, IndexedDB's quota now), how many
#                     battles of 1,000 rolls fit, the home screen's first frame with 300
#                     battles beside none (web/test/bench-store.mjs); target: the battles cost
#                     under a second. BENCH_BEFORE names the page built from 76fc5bf to
#                     measure beside (by default /work/baseline/web-76fc5bf, when there)
#
# The page of 76fc5bf is built once per machine (that commit's files from `git archive`,
# scripts/setup-web.sh and scripts/build-web.sh there, and its own phone.rs's taps; about half
# an hour on 2 cores) and kept in ${ADJUTANT_TOOLS_CACHE:-~/.cache/adjutant-tools}/web-76fc5bf/
# (page/ and targets.json), then reused.
#
# Beside them, with BENCH_DESKTOP=1, the desktop window's first frame from
# scripts/bench-window.sh (release builds, Xvfb; RUNS launches) and the size of the Debian
# package if one is built; without it, the last desktop figures are those in
# benches/README.md.
#
# Settings (environment): RUNS (default 5), SPEED_RUNS (plays of each page in each case of the
# comparison, default 2), BENCH_NO_BUILD=1 to use the page (and desktop binaries) already
# built, BENCH_DESKTOP=1. Output and screenshots go to target/web-bench/.
# Prints a table and exits 1 if a target is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

RUNS=${RUNS:-5}
out=target/web-bench

bash scripts/setup-web.sh
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  bash scripts/build-web.sh
fi
[ -f target/web/index.html ] || {
  echo "bench-web: no target/web/index.html; build the page with bash scripts/build-web.sh" >&2
  exit 1
}

rm -rf "$out"
mkdir -p "$out"
targets=$PWD/$out/targets.json
# The taps of the browser check, found on the simulated window (src/ui/tests/phone.rs).
ADJUTANT_WEB_TARGETS=$targets ICED_TEST_BACKEND=tiny-skia \
  cargo test --quiet --lib -- --include-ignored --exact \
  ui::tests::phone::a_fire_is_played_by_taps_on_a_phone_and_a_roster_sheet_asked_for >/dev/null

# The page as it was at 76fc5bf, for the comparison: built once, then kept.
base=76fc5bf
kept=${ADJUTANT_TOOLS_CACHE:-$HOME/.cache/adjutant-tools}/web-$base
if [ ! -f "$kept/page/index.html" ] || [ ! -s "$kept/targets.json" ]; then
  echo "Building the page of $base once, into $kept (about half an hour on 2 cores)"
  src=$kept.src
  rm -rf "$src" "$kept" "$kept.tmp"
  mkdir -p "$src/target" "$src/web"
  git archive "$base" | tar -x -C "$src"
  cp -r target/tools "$src/target/"
  cp -r web/node_modules "$src/web/"
  (cd "$src" && bash scripts/setup-web.sh && bash scripts/build-web.sh)
  # Its own taps: its window laid out as it was. Built in this tree's target folder, which
  # has the dependencies compiled already (only that commit's own crates are compiled again).
  root=$PWD
  (cd "$src" && ADJUTANT_WEB_TARGETS=$src/targets.json ICED_TEST_BACKEND=tiny-skia \
    CARGO_TARGET_DIR=$root/target cargo test --quiet --lib -- --include-ignored --exact \
    ui::tests::phone::a_fire_is_played_by_taps_on_a_phone_and_a_roster_sheet_asked_for >/dev/null)
  mkdir -p "$kept.tmp"
  cp -r "$src/target/web" "$kept.tmp/page"
  cp "$src/targets.json" "$kept.tmp/targets.json"
  mv "$kept.tmp" "$kept"
  rm -rf "$src"
fi

status=0
chromium_version=$(chromium --version 2>/dev/null | awk '{ print $2 }')
CHROMIUM_VERSION=$chromium_version RUNS=$RUNS \
  ADJUTANT_WEB_TARGETS=$targets node web/test/bench.mjs | tee "$out/browser.txt" || status=1

# The store: room, battles that fit, the home screen with 300 battles (the battles written by
# src/store/browser/tests.rs), beside the page built from 76fc5bf when BENCH_BEFORE names it.
fixtures=$PWD/$out/fixtures
ADJUTANT_WEB_FIXTURES=$fixtures cargo test --quiet --lib -- --include-ignored --exact \
  store::browser::tests::battles_for_the_browser_check >/dev/null
echo
CHROMIUM_VERSION=$(chromium --version 2>/dev/null | awk '{ print $2 }') RUNS=$RUNS \
  ADJUTANT_WEB_TARGETS=$targets ADJUTANT_WEB_FIXTURES=$fixtures \
  node web/test/bench-store.mjs | tee "$out/store.txt" || status=1

echo
CHROMIUM_VERSION=$chromium_version SPEED_RUNS=${SPEED_RUNS:-2} ADJUTANT_WEB_TARGETS=$targets \
  ADJUTANT_WEB_BASELINE=$kept/page ADJUTANT_WEB_BASELINE_TARGETS=$kept/targets.json \
  ADJUTANT_WEB_BASELINE_NAME=$base node web/test/speed.mjs | tee "$out/speed.txt" || status=1

echo
echo "Desktop, same machine:"
if [ "${BENCH_DESKTOP:-0}" = 1 ]; then
  BENCH_NO_BUILD=${BENCH_NO_BUILD:-0} RUNS=$RUNS IDLE_SECONDS=1 bash scripts/bench-window.sh \
    >"$out/desktop.txt" 2>"$out/desktop.log" || true
  grep -E '^(first frame|memory \(Pss\), Adjutant)' "$out/desktop.txt" | sed 's/^/  /' ||
    echo "  scripts/bench-window.sh gave no figures (see $out/desktop.log)"
else
  echo "  (not measured: BENCH_DESKTOP=1 runs scripts/bench-window.sh, which needs release builds;"
  echo "  its last figures are in benches/README.md, \"Window figures\")"
fi
deb=$(find target/debian -name 'adjutant_*.deb' 2>/dev/null | head -n 1 || true)
if [ -n "$deb" ]; then
  printf '  the Debian package, %s: %.2f MB\n' "${deb##*/}" "$(stat -c %s "$deb" | awk '{ print $1 / 1e6 }')"
fi
exit "$status"
