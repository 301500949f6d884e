#!/usr/bin/env bash
# Renders Adjutant's application icon from its SVG source:
#   packaging/icons/org.adjutant.Adjutant.svg            the source (drawn by hand)
#   packaging/icons/NxN/org.adjutant.Adjutant.png        N = 16 24 32 48 64 128 256 512
#   assets/icons/org.adjutant.Adjutant-128.rgba          the window icon: 128x128 straight RGBA
#                                                        bytes, embedded by src/ui/mod.rs
#   packaging/windows/adjutant.ico                       the Windows icon (16 to 256 pixels),
#                                                        built into adjutant.exe by build.rs
# Run it after editing the SVG and commit what it writes. Needs rsvg-convert (librsvg2-bin,
# installed with apt-get when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

svg=packaging/icons/org.adjutant.Adjutant.svg
sizes=(16 24 32 48 64 128 256 512)
window_icon_size=128

if ! command -v rsvg-convert >/dev/null 2>&1; then
  echo "Installing librsvg2-bin for rsvg-convert"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq librsvg2-bin
fi

for n in "${sizes[@]}"; do
  mkdir -p "packaging/icons/${n}x${n}"
  rsvg-convert --width "$n" --height "$n" "$svg" \
    --output "packaging/icons/${n}x${n}/org.adjutant.Adjutant.png"
  echo "packaging/icons/${n}x${n}/org.adjutant.Adjutant.png"
done

# The window icon is raw RGBA so that the binary needs no image decoder to set it.
mkdir -p assets/icons
python3 - "packaging/icons/${window_icon_size}x${window_icon_size}/org.adjutant.Adjutant.png" \
  "assets/icons/org.adjutant.Adjutant-${window_icon_size}.rgba" "$window_icon_size" <<'EOF'
import struct, sys, zlib

source, target, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(source, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    pos += 12 + length
    if kind == b"IHDR":
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        assert (depth, colour, interlace) == (8, 6, 0), "expected 8-bit RGBA, not interlaced"
        assert (width, height) == (size, size), f"expected {size}x{size}"
    elif kind == b"IDAT":
        idat += body

raw, stride = zlib.decompress(idat), width * 4
out, prev, i = bytearray(), bytearray(stride), 0
for _ in range(height):
    kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - 4] if x >= 4 else 0
        b = prev[x]
        c = prev[x - 4] if x >= 4 else 0
        if kind == 1:
            line[x] = (line[x] + a) & 255
        elif kind == 2:
            line[x] = (line[x] + b) & 255
        elif kind == 3:
            line[x] = (line[x] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    out += line
    prev = line
open(target, "wb").write(out)
print(target)
EOF

# The Windows icon: every size up to 256 in one .ico (ImageMagick's convert).
if command -v convert >/dev/null 2>&1; then
  convert packaging/icons/{16x16,24x24,32x32,48x48,64x64,128x128,256x256}/org.adjutant.Adjutant.png \
    packaging/windows/adjutant.ico
  echo packaging/windows/adjutant.ico
else
  echo "convert (imagemagick) is missing: packaging/windows/adjutant.ico not rendered" >&2
fi
