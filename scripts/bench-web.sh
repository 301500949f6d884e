#!/usr/bin/env bash
# Browser figures for Adjutant's page (target/web) in headless Chromium at a phone's size
# (390×844 at three device pixels to one), beside the desktop window's from the same machine
# (benches/README.md, "In the browser"):
#
#   transferred size  every file the page asks for on a first visit, gzip -9 each, summed;
#                     target ≤ 3 MB
#   first frame       navigation to the first frame drawn on the canvas (not one colour), a
#                     fresh profile each time, median of RUNS; target ≤ 3 s. After a reload
#                     (the service worker serving the page) too, not judged
#   one action        a tap on the battle screen (the browser check's taps: the clock moved on,
#                     picks, Start, the keypad's faces) until its update, view and frame are
#                     done, median; target ≤ 16 ms. Tap to frame on the canvas, not judged
#   the store         room (local storage's limit before, IndexedDB's quota now), how many
#                     battles of 1,000 rolls fit, the home screen's first frame with 300
#                     battles beside none (web/test/bench-store.mjs); target: the battles cost
#                     under a second. BENCH_BEFORE names the page built from 76fc5bf to
#                     measure beside (by default /work/baseline/web-76fc5bf, when there)
#
# Beside them, with BENCH_DESKTOP=1, the desktop window's first frame from
# scripts/bench-window.sh (release builds, Xvfb; RUNS launches) and the size of the Debian
# package if one is built; without it, the last desktop figures are those in
# benches/README.md.
#
# Settings (environment): RUNS (default 5), BENCH_NO_BUILD=1 to use the page (and desktop
# binaries) already built, BENCH_DESKTOP=1. Output and screenshots go to target/web-bench/.
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

status=0
CHROMIUM_VERSION=$(chromium --version 2>/dev/null | awk '{ print $2 }') RUNS=$RUNS \
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
