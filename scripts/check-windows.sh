#!/usr/bin/env bash
# Checks the Windows installer that scripts/build-windows.sh made, under Wine, in a fresh
# Wine prefix on a private virtual X display: installs it silently (/S, /D=C:\Adjutant), then
# runs the installed adjutant.exe: `--version`, `check` on every shipped army (by its
# C:\Adjutant\armies\... path), `print` of a roster (the PDF must name the army), `report` of
# a saved battle (tests/saved_battles/), `battles`, and the window, whose screenshot must not
# be one colour; last it uninstalls silently and checks that the files are gone and the
# player's data is not. Installs what is missing (scripts/setup-windows.sh). Prints where the
# screenshot is.
#
# Wine 8 lacks bcryptprimitives.dll, whose ProcessPrng Rust's standard library imports (every
# Windows 10 and 11 has it): a stand-in built here with MinGW (filling the buffer through
# advapi32's RtlGenRandom) goes into the test prefix's system32. It is never shipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C
. scripts/xvfb.sh

bash scripts/setup-windows.sh

target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-target}
version=$(sed -n '/^\[package\]/,/^\[/{s/^version *= *"\(.*\)"/\1/p}' Cargo.toml | head -n 1)
setup="$target_dir/windows/adjutant-$version-setup.exe"
[ -f "$setup" ] || { echo "no $setup: run scripts/build-windows.sh first" >&2; exit 1; }

work=$(mktemp -d)
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
start_xvfb "$work" 1280x800x24
stop_all() {
  wineserver -k 2>/dev/null || true
  stop_xvfb
  rm -rf "$work"
}
trap stop_all EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "== $*"; }

step "a fresh Wine prefix"
wineboot --init >"$work/wineboot.log" 2>&1 || { cat "$work/wineboot.log" >&2; fail "wineboot"; }
c="$WINEPREFIX/drive_c"

step "the bcryptprimitives.dll stand-in (tests only)"
cat >"$work/bcryptprimitives.c" <<'EOF'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
    if (!SystemFunction036(data, n)) return FALSE;
    data += n;
    length -= n;
  }
  return TRUE;
}
EOF
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$c/windows/system32/bcryptprimitives.dll" \
  "$work/bcryptprimitives.c" -ladvapi32

step "install silently: $(basename "$setup") /S /D=C:\\Adjutant"
wine "$setup" /S '/D=C:\Adjutant' >"$work/setup.log" 2>&1 || {
  cat "$work/setup.log" >&2
  fail "the installer"
}
wineserver -w
installed="$c/Adjutant"
for f in adjutant.exe uninstall.exe README.txt; do
  [ -f "$installed/$f" ] || fail "the installer left no $f in C:\\Adjutant"
done
shortcut=$(find "$c" -iname 'Adjutant.lnk' -path '*Start Menu*' | head -n 1)
[ -n "$shortcut" ] || fail "no Start-menu entry"
echo "Start-menu entry: ${shortcut#"$c"/}"
wine reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Adjutant' \
  /v DisplayVersion 2>/dev/null | grep -F "$version" >/dev/null || fail "not listed under Apps"

adjutant() { wine 'C:\Adjutant\adjutant.exe' --data-dir 'C:\data' "$@"; }

step "adjutant --version"
out=$(adjutant --version 2>&1)
echo "$out"
[ "$out" = "adjutant $version" ] || fail "--version printed '$out'"

step "adjutant check, every shipped army"
n=0
for army in armies/*/*.ron; do
  [ -f "$installed/$army" ] || fail "$army not installed"
  adjutant check "C:\\Adjutant\\${army//\//\\}" || fail "check $army"
  n=$((n + 1))
done
echo "$n armies check"

step "adjutant print of a roster"
army=armies/rcw/tsaritsyn_reds.ron
name=$(sed -n 's/^ *name: *"\(.*\)",*$/\1/p' "$army" | head -n 1)
mkdir -p "$c/out"
adjutant print -o 'C:\out' "C:\\Adjutant\\${army//\//\\}" || fail "print"
pdf="$c/out/tsaritsyn_reds.pdf"
[ -s "$pdf" ] || fail "print wrote no $pdf"
# (grep reads to the end: with pipefail, `grep -q` stopping early would fail the writer.)
pdftotext "$pdf" - | grep -F "$name" >/dev/null || fail "the roster sheet does not name '$name'"
echo "tsaritsyn_reds.pdf names $name"

step "adjutant report of a saved battle"
mkdir -p "$c/data/battles"
cp tests/saved_battles/rcw_v2.ron "$c/data/battles/rcw_v2.ron"
adjutant report 'C:\data\battles\rcw_v2.ron' -o 'C:\out\report.pdf' || fail "report"
[ -s "$c/out/report.pdf" ] || fail "report wrote no PDF"
pdftotext "$c/out/report.pdf" - | head -n 3
adjutant report --markdown 'C:\data\battles\rcw_v2.ron' | grep . >/dev/null || fail "report --markdown"

step "adjutant battles"
adjutant battles || fail "battles"

step "the window"
wine 'C:\Adjutant\adjutant.exe' --data-dir 'C:\data' >"$work/window.log" 2>&1 &
app_pid=$!
shot="$target_dir/windows/wine-window.png"
colours=1
for _ in $(seq 1 30); do
  sleep 2
  kill -0 "$app_pid" 2>/dev/null || { cat "$work/window.log" >&2; fail "the window closed"; }
  import -window root "$shot"
  colours=$(identify -format %k "$shot")
  [ "$colours" -gt 16 ] && break
done
echo "screenshot: $shot ($colours colours)"
[ "$colours" -gt 16 ] || fail "the window shows nothing (the screen has $colours colours)"
wineserver -k 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=""

step "uninstall silently"
wine 'C:\Adjutant\uninstall.exe' /S >/dev/null 2>&1 || fail "the uninstaller"
wineserver -w
# The uninstaller copies itself away and returns at once; give it a moment.
for _ in $(seq 1 20); do
  [ -e "$installed/adjutant.exe" ] || break
  sleep 0.5
done
[ ! -e "$installed/adjutant.exe" ] || fail "adjutant.exe is still there after uninstalling"
[ -z "$(find "$c" -iname 'Adjutant.lnk' -path '*Start Menu*')" ] || fail "the Start-menu entry stayed"
[ -f "$c/data/battles/rcw_v2.ron" ] || fail "uninstalling removed the player's battle"

echo "Windows installer checks passed; screenshot: $shot"
