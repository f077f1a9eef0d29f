#!/usr/bin/env bash
# Makes the clock examples with `reel clock` itself (the clock is a timeline built with ReelBuilder):
#
#     scripts/make-clock-examples.sh          (REEL=path/to/reel uses that binary instead of bin/reel)
#
# - Timelines/clock-analog.json, Timelines/clock-lcd.json   `reel clock --start 10:08:37 --emit-timeline`
# - Timelines/assets/clock-digits.png                       the LCD pixel font's sprite sheet, written
#                                                           beside the LCD timeline by --emit-timeline
# - docs/clock-analog.png, docs/clock-lcd.png               docs/command-line.md's frames of
#                                                           `reel clock --start 23:59:55 --duration 10`
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
reel="${REEL:-bin/reel}"
"$reel" clock --style analog --start 10:08:37 --emit-timeline Timelines/clock-analog.json
"$reel" clock --style lcd --start 10:08:37 --emit-timeline Timelines/clock-lcd.json
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs
"$reel" clock --start 23:59:55 --duration 10 --emit-timeline "$tmp/analog.json"
"$reel" frame "$tmp/analog.json" --time 2 -o docs/clock-analog.png              # 23:59:57
"$reel" clock --style lcd --start 23:59:55 --duration 10 --emit-timeline "$tmp/lcd.json"
"$reel" frame "$tmp/lcd.json" --time 4.25 -o docs/clock-lcd.png                 # 23:59:59, colons lit
