#!/usr/bin/env bash
# The scale-out figures (docs/scale-out.md): on a one-node Slurm started here, a 2-piece
# array render of the bench scene (Timelines/bench/cards.json, veryfast) against one plain
# render, from submission to the joined file; then the join alone of 10 minutes of 1080p
# (two pieces rendered first, stream copy). Needs root for the Debian packages, or slurm-wlm
# and munge installed.
set -euo pipefail
REEL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$REEL_ROOT/bin/lib/setup.sh"
REEL_DEBIAN_PACKAGES+=(slurm-wlm munge)
reel_ensure_packages
reel_ensure_swift
exe="$(reel_build_release)"
source "$REEL_ROOT/bin/lib/slurm.sh"
slurm_start
now() { date +%s.%N; }
cp -r "$REEL_ROOT/Timelines/bench/." "$work/share/"
t0=$(now)
"$exe" render "$work/share/cards.json" -o "$work/plain.mp4" --preset veryfast --quiet
t1=$(now)
REEL="$exe" "$REEL_ROOT/deploy/slurm/reel-array.sh" "$work/share/cards.json" 2 "$work/share/split.mp4" --preset veryfast --threads 1 > /dev/null
slurm_wait 600
t2=$(now)
[ -f "$work/share/split.mp4" ] || { echo "scale-out: the array render made no file" >&2; exit 1; }
plain=$(echo "$t1 - $t0" | bc -l)
split=$(echo "$t2 - $t1" | bc -l)
printf 'bench scene, plain render:        %6.2f s\n' "$plain"
printf 'bench scene, 2 pieces on Slurm:   %6.2f s (%.2f x the plain render; target <= 1.10)\n' "$split" "$(echo "$split / $plain" | bc -l)"
cat > "$work/ten.json" <<'JSON'
{"canvas": {"width": 1920, "height": 1080, "fps": 30, "duration": 600, "background": "#202030"},
 "layers": [{"id": "sq", "bounds": [0, 0, 120, 120], "position": [100, 540], "backgroundColor": "#FF8800",
   "animations": [{"keyPath": "position.x", "fromValue": 100, "toValue": 1820, "duration": 10, "autoreverses": true,
                   "repeatCount": 1e9}]}]}
JSON
for k in 1 2; do "$exe" render "$work/ten.json" --segment "$k/2" -o "$work/ten/" --preset ultrafast --quiet; done
t3=$(now)
"$exe" join "$work/ten" -o "$work/ten.mp4" > /dev/null
t4=$(now)
printf 'join of 10 min of 1080p (18000 frames, stream copy): %.2f s (target < 2)\n' "$(echo "$t4 - $t3" | bc -l)"
