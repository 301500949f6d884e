#!/usr/bin/env bash
# Builds Adjutant's Debian package: a release build of the binary (stripped) plus the desktop
# file, the AppStream metainfo, the icons and the shipped armies, staged in a folder and packed
# with `dpkg-deb --build`. The control file is packaging/debian/control.in with the version
# and description from Cargo.toml, the architecture, the installed size, and Depends: the
# libraries the binary links (dpkg-shlibdeps) and those winit opens at run time (below).
# Installs dpkg-dev (dpkg-shlibdeps, strip) when it is missing. Prints the path of the .deb on
# its last line. Extra arguments go to `cargo build`, e.g. `--features wgpu`
# (see packaging/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

app_id=org.adjutant.Adjutant
icon_sizes=(16 24 32 48 64 128 256 512)
# What winit loads with dlopen when the window opens; dpkg-shlibdeps cannot see these.
# scripts/check-packaging.sh checks the same list.
dlopen_libraries=(libxkbcommon0 libxkbcommon-x11-0 libx11-6 libx11-xcb1 libxcb1 libxcursor1
  libxi6 libwayland-client0)

source scripts/debian-packages.sh
need dpkg-shlibdeps dpkg-dev
need strip binutils
install_needed "the Debian package"

echo "== cargo build --release --locked --bin adjutant $*"
cargo build --release --locked --bin adjutant "$@"

target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-target}

# The first `key = "value"` of [package] in Cargo.toml.
package_field() {
  sed -n "/^\[package\]/,/^\[/{s/^$1 *= *\"\(.*\)\"/\1/p}" Cargo.toml | head -n 1
}
version="$(package_field version)-1"
description=$(package_field description)
arch=$(dpkg --print-architecture)

# --- the staged tree: every file where it is installed -------------------------------------
stage="$target_dir/debian/stage"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"
put() { # put MODE SOURCE DESTINATION-FOLDER
  install -D -m "$1" "$2" "$stage/$3/$(basename "$2")"
}
install -d -m 755 "$stage/usr/bin"
# As cargo-deb and dh_strip do: no symbol table, no .comment or .note sections.
strip --strip-unneeded --remove-section=.comment --remove-section=.note \
  -o "$stage/usr/bin/adjutant" "$target_dir/release/adjutant"
chmod 755 "$stage/usr/bin/adjutant"
put 644 "packaging/linux/$app_id.desktop" usr/share/applications
put 644 "packaging/linux/$app_id.metainfo.xml" usr/share/metainfo
put 644 "packaging/icons/$app_id.svg" usr/share/icons/hicolor/scalable/apps
for n in "${icon_sizes[@]}"; do
  put 644 "packaging/icons/${n}x${n}/$app_id.png" "usr/share/icons/hicolor/${n}x${n}/apps"
done
# For players to read and copy: the binary has the shipped armies built in, and files them
# under ../share/adjutant/armies beside /usr/bin/adjutant.
for army in armies/*/*.ron; do
  put 644 "$army" "usr/share/adjutant/$(dirname "$army")"
done
put 644 packaging/debian/copyright usr/share/doc/adjutant
find "$stage" -type d -exec chmod 755 {} +

# --- Depends: the linked libraries, then the ones opened at run time -------------------------
# dpkg-shlibdeps wants a debian/control in its working folder; its content does not matter.
shlib_dir=$(mktemp -d)
trap 'rm -rf "$shlib_dir"' EXIT
mkdir -p "$shlib_dir/debian"
touch "$shlib_dir/debian/control"
binary=$(cd "$stage/usr/bin" && pwd)/adjutant
shlibs=$(cd "$shlib_dir" && dpkg-shlibdeps -xlibgcc -O "$binary")
# libgcc-s1 is left out, as cargo-deb did: every system has it.
linked=$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs" | tr ',' '\n' | sed 's/^ *//; s/ *$//' |
  grep -v -e '^libgcc-' -e '^libgcc1' -e '^$' || true)
depends=$(printf '%s\n' "$linked" "${dlopen_libraries[@]}" | grep -v '^$' | sort -u |
  paste -s -d, | sed 's/,/, /g')

# Installed-Size in KiB, counting a KiB of file-system overhead per file (as cargo-deb does).
installed_size=$(find "$stage" -path "$stage/DEBIAN" -prune -o -type f -printf '%s\n' |
  awk '{ kib += int(($1 + 2047) / 1024) } END { print kib + 0 }')

# A value as a sed replacement: `\`, `&` and the `|` delimiter escaped.
literal() { sed 's/[\&|]/\\&/g' <<<"$1"; }
sed -e "s|@VERSION@|$(literal "$version")|" -e "s|@ARCH@|$(literal "$arch")|" \
  -e "s|@INSTALLED_SIZE@|$installed_size|" -e "s|@DEPENDS@|$(literal "$depends")|" \
  -e "s|@DESCRIPTION@|$(literal "$description")|" \
  packaging/debian/control.in >"$stage/DEBIAN/control"
chmod 644 "$stage/DEBIAN/control"

deb="$target_dir/debian/adjutant_${version}_${arch}.deb"
echo "== dpkg-deb --build"
cat "$stage/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
ls -l "$deb"
echo "$deb"
