#!/usr/bin/env bash
# Checks Adjutant's desktop integration and its Debian package:
#  1. the desktop file and the AppStream metainfo validate (desktop-file-validate,
#     appstreamcli validate --no-net);
#  2. the .deb (the argument, else the newest target/debian/adjutant_*.deb that
#     scripts/build-deb.sh made) unpacks with every file where a desktop looks for it: the
#     binary, the desktop file, the metainfo, every icon size, the shipped armies;
#  3. the unpacked binary runs (--version) and finds every shipped army valid (check);
#  4. the package declares the libraries the window loads at run time;
#  5. the release binary's code is laid out by use: most functions of
#     packaging/hot-functions.txt are still in it (their names change with the toolchain and
#     the dependencies; scripts/order-functions.sh lists them afresh), and they lie together
#     at the start of its code.
# Installs desktop-file-utils and appstream with apt-get when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

app_id=org.adjutant.Adjutant
icon_sizes=(16 24 32 48 64 128 256 512)
# What winit loads with dlopen; dpkg-shlibdeps cannot see these (scripts/build-deb.sh adds them).
run_time_libraries=(libxkbcommon0 libxkbcommon-x11-0 libx11-6 libx11-xcb1 libxcb1 libxcursor1
  libxi6 libwayland-client0)

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# --- tools -----------------------------------------------------------------------------
source scripts/debian-packages.sh
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
install_needed "the packaging checks"

# --- 1. the desktop file and the metainfo ------------------------------------------------
echo "== desktop-file-validate packaging/linux/$app_id.desktop"
desktop-file-validate "packaging/linux/$app_id.desktop" || fail "the desktop file does not validate"

echo "== appstreamcli validate --no-net packaging/linux/$app_id.metainfo.xml"
appstreamcli validate --no-net "packaging/linux/$app_id.metainfo.xml" ||
  fail "the metainfo does not validate"

# --- 2. the package's files --------------------------------------------------------------
deb=${1:-}
if [ -z "$deb" ]; then
  deb=$(ls -t "${CARGO_TARGET_DIR:-target}"/debian/adjutant_*.deb 2>/dev/null | head -n 1 || true)
fi
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
  echo "FAIL: no .deb to check; build it first with: bash scripts/build-deb.sh" >&2
  exit 1
fi
echo "== $deb ($(du -h "$deb" | cut -f1))"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"

expect_file() {
  if [ -f "$root/$1" ]; then
    echo "ok  /$1"
  else
    fail "the package has no /$1"
  fi
}

expect_file usr/bin/adjutant
[ -x "$root/usr/bin/adjutant" ] || fail "/usr/bin/adjutant is not executable"
expect_file "usr/share/applications/$app_id.desktop"
expect_file "usr/share/metainfo/$app_id.metainfo.xml"
expect_file "usr/share/icons/hicolor/scalable/apps/$app_id.svg"
for n in "${icon_sizes[@]}"; do
  png="usr/share/icons/hicolor/${n}x${n}/apps/$app_id.png"
  expect_file "$png"
  # A PNG's width and height are the big-endian words at bytes 16 and 20.
  if [ -f "$root/$png" ]; then
    size=$(od -An -tu1 -j16 -N8 "$root/$png" | awk '{print $3*256+$4 "x" $7*256+$8}')
    [ "$size" = "${n}x${n}" ] || fail "/$png is $size, not ${n}x${n}"
  fi
done

# Every shipped army file, at the same place under usr/share/adjutant/armies.
armies=0
for source in armies/*/*.ron; do
  expect_file "usr/share/adjutant/$source"
  armies=$((armies + 1))
done
[ "$armies" -gt 0 ] || fail "no army files in the source tree"

# The desktop tools read the installed tree the way a software centre does.
echo "== appstreamcli validate-tree --no-net (the unpacked package)"
appstreamcli validate-tree --no-net "$root" || fail "the unpacked package does not validate"

# --- 3. the unpacked binary ----------------------------------------------------------------
echo "== adjutant --version"
"$root/usr/bin/adjutant" --version || fail "adjutant --version did not run"

echo "== adjutant check <root>/usr/share/adjutant/armies"
"$root/usr/bin/adjutant" check "$root/usr/share/adjutant/armies" ||
  fail "the shipped armies do not check clean"

# --- 4. the package's metadata -------------------------------------------------------------
echo "== dpkg-deb -I"
info=$(dpkg-deb -I "$deb")
echo "$info"
depends=$(echo "$info" | sed -n 's/^ Depends: //p')
for lib in "${run_time_libraries[@]}"; do
  [[ ", $depends," == *", $lib"[,\ ]* ]] || fail "Depends lacks $lib"
done

# Software centres show the newest <release>: it must be the version being packaged.
version=$(dpkg-deb -f "$deb" Version)
version=${version%-*}
grep -q "<release version=\"$version\"" "packaging/linux/$app_id.metainfo.xml" ||
  fail "the metainfo has no <release version=\"$version\"> with its notes"

# --- 5. the code laid out by use (build.rs) -------------------------------------------------
binary="${CARGO_TARGET_DIR:-target}/release/adjutant"
echo "== packaging/hot-functions.txt in $binary"
if [ -f "$binary" ]; then
  # listed, found: names in the list and in the binary; span: bytes from the first to the
  # end of the last listed function; text: bytes of all the binary's functions.
  read -r listed found span text < <(nm --defined-only -S "$binary" | python3 -c '
import sys
hot = set(open(sys.argv[1]).read().split())
lo = hi = hlo = hhi = None
seen = set()
for line in sys.stdin:
    p = line.split()
    if len(p) != 4 or p[2] not in "tTwW":
        continue
    a = int(p[0], 16); e = a + int(p[1], 16)
    lo = a if lo is None else min(lo, a); hi = e if hi is None else max(hi, e)
    if p[3] in hot and p[3] not in seen:
        seen.add(p[3])
        hlo = a if hlo is None else min(hlo, a); hhi = e if hhi is None else max(hhi, e)
span = hhi - hlo if seen else 0
print(len(hot), len(seen), span, (hi or 0) - (lo or 0))
' packaging/hot-functions.txt)
  echo "$found of $listed listed functions in the binary, within $((span / 1024)) KiB" \
    "of its $((text / 1024)) KiB of code"
  [ "$found" -ge $((listed * 7 / 10)) ] ||
    fail "fewer than 70 % of packaging/hot-functions.txt are in the binary: run bash scripts/order-functions.sh"
  [ "$found" -eq 0 ] || [ "$span" -le $((text / 2)) ] ||
    fail "the listed functions are spread over more than half the code: the linker did not order them (build.rs)"
else
  fail "no release binary at $binary"
fi

if [ "$failures" -gt 0 ]; then
  echo "packaging: $failures problem(s)" >&2
  exit 1
fi
echo "packaging: all checks passed"
