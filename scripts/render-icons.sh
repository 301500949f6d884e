#!/usr/bin/env bash
# Renders Adjutant's application icon from its SVG source:
#   packaging/icons/org.adjutant.Adjutant.svg            the source (drawn by hand)
#   packaging/icons/NxN/org.adjutant.Adjutant.png        N = 16 24 32 48 64 128 256 512
#   assets/icons/org.adjutant.Adjutant-128.rgba          the window icon: 128x128 straight RGBA
#                                                        bytes, embedded by src/ui/mod.rs
#   packaging/windows/adjutant.ico                       the Windows icon (16 to 256 pixels),
#                                                        built into adjutant.exe by build.rs
#   packaging/icons/web/icon-192.png                     the web page's icons (scripts/build-web.sh,
#   packaging/icons/web/icon-maskable-N.png              web/page/manifest.webmanifest), N = 192,
#                                                        512: the maskable ones with the artwork
#                                                        at 80 % on a full square of the page's
#                                                        background (see below)
# Run it after editing the SVG and commit what it writes. Needs rsvg-convert (librsvg2-bin,
# installed with apt-get when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

svg=packaging/icons/org.adjutant.Adjutant.svg
sizes=(16 24 32 48 64 128 256 512)
window_icon_size=128

source scripts/debian-packages.sh
need rsvg-convert librsvg2-bin
install_needed "rendering the icons"

for n in "${sizes[@]}"; do
  mkdir -p "packaging/icons/${n}x${n}"
  rsvg-convert --width "$n" --height "$n" "$svg" \
    --output "packaging/icons/${n}x${n}/org.adjutant.Adjutant.png"
  echo "packaging/icons/${n}x${n}/org.adjutant.Adjutant.png"
done

# The web page's icons. A phone's launcher cuts a maskable icon to a shape of its own (circle,
# squircle, rounded square): only the centre circle, 80 % of the side across, is sure to show,
# and the whole square must be opaque. The artwork's farthest corner is 61 units from the
# centre of its 128; drawn at 80 % it is 49 from it, inside that circle's 51.2, on a square of
# the page's background colour (the manifest's background_color).
mkdir -p packaging/icons/web
rsvg-convert --width 192 --height 192 "$svg" --output packaging/icons/web/icon-192.png
echo packaging/icons/web/icon-192.png
maskable=$(mktemp --suffix=.svg)
trap 'rm -f "$maskable"' EXIT
python3 - "$svg" "$maskable" <<'EOF'
import re, sys

source = open(sys.argv[1], encoding="utf-8").read()
# The artwork: everything inside the source's <svg> element but its comments and title.
inner = re.search(r"<svg[^>]*>(.*)</svg>", source, re.S).group(1)
inner = re.sub(r"<!--.*?-->|<title>.*?</title>", "", inner, flags=re.S)
open(sys.argv[2], "w", encoding="utf-8").write(
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">\n'
    '  <rect width="128" height="128" fill="#20231f"/>\n'
    f'  <g transform="translate(64 64) scale(0.8) translate(-64 -64)">{inner}</g>\n'
    "</svg>\n"
)
EOF
for n in 192 512; do
  rsvg-convert --width "$n" --height "$n" "$maskable" --output "packaging/icons/web/icon-maskable-$n.png"
  echo "packaging/icons/web/icon-maskable-$n.png"
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
