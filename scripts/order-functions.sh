#!/usr/bin/env bash
# Writes packaging/hot-functions.txt: the functions of the release binary that a player's first
# minutes run (the home screen, starting a battle, rolling dice, a procedure, the tables view),
# recorded by running the window under valgrind's callgrind on a virtual X display (Xvfb) and
# clicking through with xdotool. build.rs hands the list to the linker, which places those
# functions together at the start of the program's code. The operating system loads a
# program's code in runs of pages around each function that runs, so with the functions that
# run side by side Adjutant's window maps about a third of its code instead of nearly all of
# it (benches/README.md, "Memory: code laid out by use").
#
# Run it again after a change of toolchain or dependencies (the functions' names change) or
# when `bash scripts/check-packaging.sh` says few of the listed functions are left; it takes
# a release build and about three minutes. Installs xvfb, xdotool and valgrind when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

source scripts/debian-packages.sh
need Xvfb xvfb
need xdotool xdotool
need valgrind valgrind
need callgrind_control valgrind
install_needed "ordering the code by use"

cargo build --release --locked --bin adjutant
target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-target}
out=$target_dir/order-functions
rm -rf "$out"
mkdir -p "$out/data"
out=$(cd "$out" && pwd)
binary=$out/adjutant
cp "$target_dir/release/adjutant" "$binary"

# shellcheck source=scripts/xvfb.sh
source scripts/xvfb.sh
start_xvfb "$out" 1280x800x24

ADJUTANT_DATA_DIR=$out/data valgrind --tool=callgrind --demangle=no \
  --callgrind-out-file="$out/callgrind.out" "$binary" >"$out/valgrind.log" 2>&1 &
app_pid=$!

# click X Y WAIT — one click, then time for the program (some 50 times slower) to draw.
click() {
  xdotool mousemove "$1" "$2" click 1
  sleep "$3"
}
# The window under valgrind takes a while to show its first frame.
for _ in $(seq 120); do
  xdotool search --name '^Adjutant$' >/dev/null 2>&1 && break
  sleep 1
done
sleep 20
click 1174 249 30 # Start the battle (the shipped Winceby armies)
click 943 233 15  # the dice tray's Roll 2D6
click 815 602 15  # the procedure panel's Start (the next phase)
click 160 326 15  # a piece in the pieces panel
click 656 31 20   # Tables
click 656 31 15   # back to the panels
click 564 31 15   # Print…
click 60 31 20    # Home
ls "$out/data/battles/"*.ron >/dev/null 2>&1 || {
  echo "no battle was started: the clicks missed (see $out/valgrind.log)" >&2
  exit 1
}
callgrind_control -d "$app_pid" >/dev/null
sleep 5

# The functions of the binary that ran, by their linker names, sorted for a stable file.
dump=$(ls -t "$out"/callgrind.out.* | head -n 1)
nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$out/defined.txt"
awk -v bin="$(basename "$binary")" '
  # Names are given once, at first mention (which may be a call: cob=, cfn=), then by number.
  function named(table, line,    id, name) {
    id = line; sub(/^c?(ob|fn)=/, "", id); sub(/\).*/, ")", id)
    name = line; sub(/^c?(ob|fn)=\([0-9]+\) ?/, "", name)
    if (name != "") table[id] = name
    return id
  }
  /^c?ob=/ { id = named(obs, $0); if ($0 ~ /^ob=/) in_bin = (obs[id] ~ ("/" bin "$")); next }
  /^c?fn=/ { id = named(fns, $0); if ($0 ~ /^fn=/ && in_bin) print fns[id] }
' "$dump" | sort -u >"$out/ran.txt"
comm -12 "$out/ran.txt" "$out/defined.txt" >packaging/hot-functions.txt
echo "packaging/hot-functions.txt: $(wc -l <packaging/hot-functions.txt) functions" \
  "(of $(wc -l <"$out/defined.txt") in the binary)"
