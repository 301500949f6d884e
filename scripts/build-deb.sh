#!/usr/bin/env bash
# Builds Adjutant's Debian package with cargo-deb, from the [package.metadata.deb] section of
# Cargo.toml: a release build of the binary plus the desktop file, the AppStream metainfo,
# the icons and the shipped armies. Installs cargo-deb (and dpkg-dev, for the library
# dependencies) when they are missing. Prints the path of the .deb on its last line.
# Extra arguments go to cargo-deb, e.g. `--features wgpu` (see packaging/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo_deb_version=3.8.0

if ! cargo deb --version >/dev/null 2>&1; then
  echo "== installing cargo-deb $cargo_deb_version"
  cargo install cargo-deb --version "$cargo_deb_version" --locked
fi

# cargo-deb asks dpkg-shlibdeps which packages provide the libraries the binary links.
if ! command -v dpkg-shlibdeps >/dev/null 2>&1; then
  echo "Installing dpkg-dev for dpkg-shlibdeps"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dpkg-dev
fi

echo "== cargo deb ($(cargo deb --version))"
# cargo-deb writes its progress to stderr and the path of the package to stdout.
deb=$(cargo deb --locked "$@" | tail -n 1)
ls -l "$deb"
echo "$deb"
