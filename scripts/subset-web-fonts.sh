#!/usr/bin/env bash
# Makes the fonts of Adjutant's page (assets/fonts/web/): the embedded DejaVu Sans faces cut
# down to what Adjutant writes — Latin with Latin-1 and Extended-A (accented names), dashes,
# quotes and bullets, the arrows, signs (− ≤ ≥ ×), shapes (■ □ ▶ ▾ ○ ●), card suits, ⚠ and
# ticks — without hinting (the page draws at the screen's full resolution), so the page
# downloads a seventh of the full faces. The desktop keeps the
# full faces. Run it after changing assets/fonts/ and commit what it writes. Needs pyftsubset
# (Debian: fonttools).
set -euo pipefail
cd "$(dirname "$0")/.."

unicodes="U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2190-2199,U+2212-2215,U+2260-2265,U+25A0-25CF,U+2660-2667,U+26A0,U+2713-2718,U+FFFD"
mkdir -p assets/fonts/web
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "assets/fonts/$face.ttf" --unicodes="U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2190-2199,U+2212-2215,U+2260-2265,U+25A0-25CF,U+2660-2667,U+26A0,U+2713-2718,U+FFFD" --layout-features='*' \
    --name-IDs='*' --name-legacy --name-languages='*' --notdef-outline --no-hinting --desubroutinize \
    --output-file="assets/fonts/web/$face.ttf"
  echo "assets/fonts/web/$face.ttf: $(stat -c %s "assets/fonts/web/$face.ttf") bytes"
done
cp assets/fonts/LICENSE-DejaVu.txt assets/fonts/web/
