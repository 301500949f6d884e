#!/usr/bin/env bash
# Builds Adjutant for 64-bit Windows from Linux: a release build of adjutant.exe for
# x86_64-pc-windows-gnu (MinGW; build.rs puts in the icon, packaging/windows/adjutant.ico, and
# the version with windres), then, in target/windows/:
#   adjutant-<version>-setup.exe    the installer (NSIS, packaging/windows/adjutant.nsi)
#   adjutant-<version>-windows.zip  the portable folder: adjutant.exe, armies\, README.txt
# The program needs only the DLLs every Windows 10/11 has. Installs what is missing
# (scripts/setup-windows.sh). Prints the installer's path on
# its last line. `ADJUTANT_WINDOWS_PROFILE=dev` packs a debug build instead (quicker, for
# trying the scripts); extra arguments go to `cargo build`.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

target=x86_64-pc-windows-gnu
profile=${ADJUTANT_WINDOWS_PROFILE:-release}

bash scripts/setup-windows.sh

echo "== cargo build --profile $profile --locked --target $target --bin adjutant $*"
cargo build --profile "$profile" --locked --target "$target" --bin adjutant "$@"

target_dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-target}
profile_dir=$profile
[ "$profile" = dev ] && profile_dir=debug
exe="$target_dir/$target/$profile_dir/adjutant.exe"

# The first `key = "value"` of [package] in Cargo.toml.
package_field() {
  sed -n "/^\[package\]/,/^\[/{s/^$1 *= *\"\(.*\)\"/\1/p}" Cargo.toml | head -n 1
}
version=$(package_field version)

out="$target_dir/windows"
stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage/armies"
# As for the Debian package: no symbol table (the debug build keeps its own).
if [ "$profile" = release ]; then
  x86_64-w64-mingw32-strip --strip-unneeded -o "$stage/adjutant.exe" "$exe"
else
  cp "$exe" "$stage/adjutant.exe"
fi
# The program has the shipped armies built in and files them under armies\ beside the .exe,
# where players can read and copy them.
for army in armies/*/*.ron; do
  mkdir -p "$stage/$(dirname "$army")"
  cp "$army" "$stage/$army"
done
# Windows line endings, so Notepad of any age shows it as written.
sed 's/$/\r/' packaging/windows/README.txt | sed "s/@VERSION@/$version/" >"$stage/README.txt"

# Any DLL the program needs beyond Windows' own would be missing on a player's machine.
allowed='^(combase|kernel32|user32|gdi32|advapi32|shell32|ole32|oleaut32|comctl32|comdlg32|ws2_32|ntdll|bcrypt|bcryptprimitives|userenv|uxtheme|dwmapi|imm32|winmm|opengl32|propsys|shlwapi|uiautomationcore|version|secur32|crypt32|api-ms-win-[a-z0-9-]+|msvcrt|ucrtbase|dbghelp|powrprof|setupapi|hid|dxgi|d3d11|d3d12|d3dcompiler_47|winspool\.drv|msimg32|usp10|windowscodecs|synchronization|cfgmgr32|oleacc|iphlpapi|netapi32|mswsock|rpcrt4)\.dll$'
dlls=$(x86_64-w64-mingw32-objdump -p "$stage/adjutant.exe" | sed -n 's/^\s*DLL Name: //p' |
  tr 'A-Z' 'a-z' | sort -u)
echo "== DLLs adjutant.exe imports: $(echo $dlls)"
unexpected=$(grep -Ev "$allowed" <<<"$dlls" || true)
if [ -n "$unexpected" ]; then
  echo "adjutant.exe needs DLLs that Windows does not ship: $unexpected" >&2
  exit 1
fi

zip_name="adjutant-$version-windows.zip"
rm -f "$out/$zip_name"
(cd "$stage" && zip -q -r -X "../$zip_name" adjutant.exe README.txt armies)

setup="$out/adjutant-$version-setup.exe"
makensis -V2 -DVERSION="$version" -DSTAGE="$(realpath "$stage")" \
  -DICON="$(realpath packaging/windows/adjutant.ico)" \
  -DOUTFILE="$(realpath "$out")/adjutant-$version-setup.exe" packaging/windows/adjutant.nsi

ls -l "$out/$zip_name" "$setup"
echo "$setup"
