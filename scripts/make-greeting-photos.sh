#!/usr/bin/env bash
# Makes the ten stand-in "photos" the greeting template's rows show, into
# Timelines/assets/greeting/ (256x256 JPEG, a few KB each): smooth colour fields from
# ffmpeg's `gradients` source with a fixed seed each, so every run makes the same files.
#     scripts/make-greeting-photos.sh
set -euo pipefail
out="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Timelines/assets/greeting"
mkdir -p "$out"
colours=(E07A5F 3D405B 81B29A F2CC8F 9B5DE5 F15BB5 00BBF9 00F5D4 FEE440 8338EC)
for i in $(seq 1 10); do
    c0="${colours[$((i - 1))]}"
    c1="${colours[$((i % 10))]}"
    ffmpeg -v error -y -f lavfi -i "gradients=s=256x256:c0=0x${c0}:c1=0x${c1}:c2=0xFFFFFF:n=3:seed=${i}" \
        -frames:v 1 -q:v 4 "$out/photo${i}.jpg"
done
echo "made 10 photos in $out"
