#!/usr/bin/env bash
# Checks Adjutant's web page (target/web, built by scripts/build-web.sh) in headless Chromium
# at a phone's size, 390×844 at three device pixels to one, by touch alone (the pieces are
# swiped into view, or narrowed by a tap on a side's button; only step 5 types, through the
# page's input as a phone's keyboard does):
#
#   1. src/ui/tests/phone.rs plays the same window at the same size in iced's simulator (the
#      battle started, a fire played in four taps to its first roll and its faces on the
#      keypad, the battle resumed, the pieces swiped, a melee of two units against one set up
#      by touch, a roster sheet asked for), checks every screen for overlapping texts and
#      texts past an edge, and writes where each tap and swipe lands and what each screen
#      shows (target/web-test/targets.json);
#   2. web/test/check.mjs serves target/web on a free port of 127.0.0.1 (python3 -m
#      http.server) and taps and swipes the same places on the page with one profile
#      throughout: the battle is kept in the page's storage with the fire's faces, resumes
#      after a reload, and after another with the server stopped (the service worker serves
#      the page) plays on; a swipe begun on a piece scrolls the pieces and picks nothing; the
#      melee is kept with both attackers; the roster sheet downloads as a PDF whose text
#      (pdftotext) names the army. Before each tap the screenshot must not be blank or cut at
#      an edge, must be drawn where the simulated screen has its texts, and must match the
#      simulator's picture of that screen. Then web/test/first-visit.mjs checks what a first
#      visit downloads and shows: every file of the build kept by the service worker and
#      written compressed beside itself (.gz, .br), the manifest's id and icons (192, 512 and
#      maskable ones with the artwork inside the safe circle), and, on a network slowed to
#      1.5 MB/s with the files sent compressed, the loading line counting the wasm's
#      megabytes, then "Starting…", then the window;
#   3. web/test/store.mjs checks the store with the same taps, each in a fresh profile: the
#      local storage of a page built from 76fc5bf brought into IndexedDB byte for byte, 20
#      crashes at random moments (the battle resumes at the last result shown), the quota used
#      up ("Not saved", and the page asks before it is closed), and 300 battles plus one of
#      10,000 rolls (written by src/store/browser/tests.rs) listed, saved and resumed;
#   4. the desktop binary (target/debug/adjutant, built as the tests build it) backs up a data
#      folder of saved battles (tests/saved_battles/), an army of the player's own and a table
#      file; src/ui/tests/phone/keep.rs plays restoring that backup, starting a battle and
#      backing everything up on the simulated window; web/test/keep.mjs taps the same on the
#      page with a fresh profile (the backup picked in the browser's file picker, the new one
#      downloaded) and has the desktop binary restore the download into a fresh data folder:
#      every battle, army and table file byte for byte, the page's own battle as it kept it;
#   5. typing, at 390×844 three to one and at a tablet's 810×1080 two to one:
#      src/ui/tests/phone_army.rs builds an army in the simulator at that size (a shipped army
#      opened in the builder, a new one named, its unit's numbers typed, saved, and taken into
#      a battle; the dice tray's faces and a modifier typed, the pieces found) and writes its
#      steps (target/web-test/army.json, army-tablet.json); web/test/typing.mjs plays them on
#      the page, typing with playwright's keyboard into the page's input that each tapped
#      field brings up over itself (inputmode="numeric" for numbers), and finds the army and
#      the battle in the page's storage.
#
# Screenshots, the targets, the steps and the PDF go to target/web-test/ (the backup play's
# under target/web-test/keep/, the first visit's under target/web-test/first-visit/). Exits 1
# at the first failing step, with what it saw.
# ADJUTANT_WEB_SIZE=WIDTHxHEIGHT plays at another size.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f target/web/index.html ]; then
  echo "check-web: no target/web/index.html; build the page with bash scripts/build-web.sh" >&2
  exit 1
fi
bash scripts/setup-web.sh

out=target/web-test
rm -rf "$out"
mkdir -p "$out"
targets=$PWD/$out/targets.json

echo "== the taps, found on the simulated window (src/ui/tests/phone.rs)"
ADJUTANT_WEB_TARGETS=$targets ICED_TEST_BACKEND=tiny-skia \
  cargo test --quiet --lib -- --include-ignored --exact \
  ui::tests::phone::a_fire_is_played_by_taps_on_a_phone_and_a_roster_sheet_asked_for
[ -s "$targets" ] || {
  echo "check-web: phone.rs wrote no $targets" >&2
  exit 1
}

echo "== the page in Chromium ($(chromium --version 2>/dev/null || echo chromium))"
ADJUTANT_WEB_TARGETS=$targets node web/test/check.mjs

echo "== the first visit: files, manifest, progress"
node web/test/first-visit.mjs

echo "== the battles for the store's check (src/store/browser/tests.rs)"
fixtures=$PWD/$out/fixtures
ADJUTANT_WEB_FIXTURES=$fixtures cargo test --quiet --lib -- --include-ignored --exact \
  store::browser::tests::battles_for_the_browser_check

echo "== the store in Chromium: migration, crashes, a full quota, 300 battles"
ADJUTANT_WEB_TARGETS=$targets ADJUTANT_WEB_FIXTURES=$fixtures node web/test/store.mjs

echo "== a backup of everything, made by the desktop binary"
cargo test --quiet --no-run --test app
bin=$PWD/target/debug/adjutant
desk=$PWD/$out/desktop
mkdir -p "$desk/battles" "$desk/armies/rcw" "$desk/config/tables"
cp tests/saved_battles/*_v2.ron "$desk/battles/"
cp armies/rcw/tsaritsyn_reds.ron "$desk/armies/rcw/my-reds.ron"
printf '(\n    version: 1,\n    to_hit: (open: 4, obscured: 5, hard: 6),\n)\n' >"$desk/config/tables/rcw.ron"
"$bin" --data-dir "$desk" backup -o "$out/desktop-backup.ron"

echo "== the backup's taps, found on the simulated window (src/ui/tests/phone/keep.rs)"
keep=$PWD/$out/keep-targets.json
ADJUTANT_WEB_KEEP_TARGETS=$keep ADJUTANT_WEB_BACKUP=$PWD/$out/desktop-backup.ron \
  ICED_TEST_BACKEND=tiny-skia cargo test --quiet --lib -- --exact \
  ui::tests::phone::keep::a_backup_is_restored_and_one_made_on_a_phone_by_taps
[ -s "$keep" ] || {
  echo "check-web: phone/keep.rs wrote no $keep" >&2
  exit 1
}

echo "== the backup between the desktop and the page"
ADJUTANT_WEB_TARGETS=$keep ADJUTANT_BIN=$bin ADJUTANT_WEB_DESKTOP=$desk \
  ADJUTANT_WEB_BACKUP=$PWD/$out/desktop-backup.ron node web/test/keep.mjs

# Typing, on a phone (three device pixels to one) and on a tablet upright (two to one).
for screen in 390x844:3:army 810x1080:2:army-tablet; do
  IFS=: read -r wh scale name <<<"$screen"
  echo "== typing at $wh: the steps, found on the simulated window (src/ui/tests/phone_army.rs)"
  army=$PWD/$out/$name.json
  ADJUTANT_WEB_ARMY=$army ADJUTANT_WEB_SIZE=$wh ICED_TEST_BACKEND=tiny-skia \
    cargo test --quiet --lib -- --exact \
    ui::tests::phone_army::a_new_army_is_typed_on_a_phone_saved_and_taken_into_a_battle
  [ -s "$army" ] || {
    echo "check-web: phone_army.rs wrote no $army" >&2
    exit 1
  }
  echo "== typing at $wh, $scale device pixels to one, in Chromium"
  ADJUTANT_WEB_ARMY=$army ADJUTANT_WEB_SCALE=$scale node web/test/typing.mjs
done
