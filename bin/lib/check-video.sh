#!/usr/bin/env bash
# check-video.sh FILE CODEC WIDTH HEIGHT PIX_FMT FRAMES DURATION
# Checks what ffprobe reports about FILE's video stream, BT.709 tags and limited range included.
set -euo pipefail
file=$1
want="codec_name=$2 width=$3 height=$4 pix_fmt=$5 color_range=tv color_space=bt709 color_transfer=bt709 color_primaries=bt709 nb_read_frames=$6 duration=$7"
got=$(ffprobe -v error -select_streams v:0 -count_frames \
  -show_entries stream=codec_name,width,height,pix_fmt,color_range,color_space,color_transfer,color_primaries,nb_read_frames:format=duration \
  -of default=noprint_wrappers=1 "$file" | tr '\n' ' ')
status=0
for pair in $want; do
  case " $got " in
    *" $pair "*) ;;
    *) echo "check-video: $file: expected $pair; ffprobe says: $got" >&2; status=1 ;;
  esac
done
exit $status
