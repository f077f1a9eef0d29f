#!/bin/sh
# Makes the interview clip Timelines/captions.json puts captions on:
# Timelines/assets/interview.mp4, 1280x720 at 30 fps, 8 s: a speaker's silhouette before a
# slowly moving backdrop, with a voice-like tone (an untagged clip, as FFmpeg makes one).
#
#     scripts/make-interview-clip.sh          (needs ffmpeg)
set -eu
out="$(dirname "$0")/../Timelines/assets/interview.mp4"
ffmpeg -v error -y \
  -f lavfi -i "gradients=s=1280x720:c0=0x1B3A57:c1=0x4F7CAC:x0=0:y0=0:x1=1280:y1=720:speed=0.004:duration=8:rate=30" \
  -f lavfi -i "aevalsrc=0.25*sin(2*PI*170*t)*(0.55+0.45*sin(2*PI*3.1*t))*(0.6+0.4*sin(2*PI*0.7*t)):s=48000:d=8" \
  -filter_complex "[0:v]geq=lum='if(lt(hypot(X-640,Y-300),120)+lt(hypot((X-640)/1.9,(Y-760)/1.0),260),40,lum(X,Y))':cb='cb(X,Y)':cr='cr(X,Y)',format=yuv420p[v]" \
  -map "[v]" -map 1:a -c:v libx264 -preset veryslow -crf 30 -c:a aac -b:a 48k -shortest "$out"
echo "wrote $out"
