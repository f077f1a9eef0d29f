#!/usr/bin/env bash
# check-gif.sh REEL TIMELINE DIR
# Renders the timeline's first 2 seconds as a GIF and as a PNG sequence into DIR, then checks
# the GIF: 60 frames, a PSNR of at least 30 dB (R, G and B) against the PNG frames (the RGBA
# Reel drew), and smaller than the PNGs together.
set -euo pipefail
reel=$1 timeline=$2 dir=$3
fps=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['canvas'].get('fps', 30))" "$timeline")
frames=$(python3 -c "print(round(2 * float('$fps')))")
"$reel" render "$timeline" -o "$dir/first.gif" --frames "0..<$frames" --quiet
mkdir -p "$dir/frames"
"$reel" render "$timeline" -o "$dir/frames/%05d.png" --frames "0..<$frames" --quiet
count=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$dir/first.gif")
[ "$count" = "$frames" ] || { echo "check-gif: $count frames in the GIF, expected $frames" >&2; exit 1; }
# Both decoded to planar RGB and paired frame by frame (the GIF's delays are in 1/100 s).
psnr=$(ffmpeg -v info -i "$dir/first.gif" -framerate "$fps" -i "$dir/frames/%05d.png" -lavfi \
  "[0]settb=1/$fps,setpts=N,format=gbrp[a];[1]settb=1/$fps,setpts=N,format=gbrp[b];[a][b]psnr" -f null - 2>&1 |
  sed -n 's/.*PSNR .*average:\([0-9.inf]*\).*/\1/p' | tail -1)
gif=$(stat -c %s "$dir/first.gif")
png=$(cat "$dir"/frames/*.png | wc -c)
echo "gif: $frames frames, PSNR $psnr dB against the RGBA frames, $gif bytes (PNGs: $png bytes)"
python3 -c "import sys; sys.exit(0 if float('$psnr') >= 30 and $gif < $png else 1)" ||
  { echo "check-gif: expected PSNR >= 30 dB and a GIF smaller than the PNGs" >&2; exit 1; }
