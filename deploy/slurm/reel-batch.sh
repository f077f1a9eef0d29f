#!/usr/bin/env bash
# Renders a video for every row of a data file on a Slurm cluster: an array job of N tasks,
# each rendering its contiguous share of the rows (`reel render --data --segment auto`) and
# writing its own report (`reports/rows-K.csv`).
#
#   deploy/slurm/reel-batch.sh TEMPLATE ROWS N 'OUT_DIR/{NAME}.mp4' [render options...]
#
# TEMPLATE, ROWS and the output folder must be on storage every node sees. REEL names the
# reel binary the nodes run (default: `reel` on their PATH); SBATCH_OPTIONS adds options to
# the submission. Rows that failed are listed in the reports; resubmit with --skip-existing to
# render only what is missing. Prints the array's job id.
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 TEMPLATE ROWS N 'OUT_DIR/{NAME}.mp4' [render options...]" >&2
    exit 64
fi
template="$(realpath "$1")"
rows="$(realpath "$2")"
count="$3"
pattern="$(realpath -m "$(dirname "$4")")/$(basename "$4")"
shift 4
case "$count" in
    ''|*[!0-9]*) echo "reel-batch: N must be a whole number of tasks, found $count" >&2; exit 64 ;;
esac
if [ "$count" -lt 1 ]; then echo "reel-batch: N must be at least 1" >&2; exit 64; fi
reel="${REEL:-reel}"
out="$(dirname "$pattern")"
logs="$out/logs"
mkdir -p "$logs" "$out/reports"
quoted="$(printf ' %q' "$@")"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=reel-batch --array="0-$((count - 1))" \
    --output="$logs/batch-%A_%a.txt" \
    --wrap="$(printf '%q' "$reel") render $(printf '%q' "$template") --data $(printf '%q' "$rows") --segment auto -o $(printf '%q' "$pattern") --report $(printf '%q' "$out/reports")/rows-\$SLURM_ARRAY_TASK_ID.csv --quiet$quoted")
echo "${array%%;*}"
