#!/usr/bin/env bash
# Makes the particle images Timelines/particles.json uses, into Timelines/assets/particles/
# (white on transparent, tinted by each cell's colour; a few hundred bytes each):
#   dot.png       32x32, a soft disc (alpha falls from the middle to the edge): snow, sparks
#   confetti.png  8x16, a solid rectangle: confetti pieces
#     scripts/make-particle-sprites.sh
set -euo pipefail
out="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Timelines/assets/particles"
mkdir -p "$out"
ffmpeg -v error -y -f lavfi -i "color=white:s=32x32,format=rgba" \
    -vf "geq=r=255:g=255:b=255:a='255*clip(1.15-hypot(X-15.5\,Y-15.5)/14\,0\,1)'" -frames:v 1 "$out/dot.png"
ffmpeg -v error -y -f lavfi -i "color=white:s=8x16,format=rgba" -frames:v 1 "$out/confetti.png"
# The particle bench scene keeps its own copy, inside its folder (its assets root).
cp "$out/dot.png" "$out/../../bench/assets/dot.png"
echo "made dot.png and confetti.png in $out (and dot.png in Timelines/bench/assets)"
