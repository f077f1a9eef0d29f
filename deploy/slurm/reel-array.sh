#!/usr/bin/env bash
# Renders a timeline on a Slurm cluster: an array job of N pieces (`reel render --segment
# auto`, each task its own piece), then a job that joins them once all succeeded.
#
#   deploy/slurm/reel-array.sh TIMELINE N OUTPUT [render options...]
#
# TIMELINE, OUTPUT and the pieces' folder (OUTPUT's folder, `pieces-NAME/`) must be on storage
# every node sees. REEL names the reel binary the nodes run (default: `reel` on their PATH);
# SBATCH_OPTIONS adds options to both submissions (a partition, an account, --time). Prints
# the two job ids: the array's, then the join's.
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 TIMELINE N OUTPUT [render options...]" >&2
    exit 64
fi
timeline="$(realpath "$1")"
count="$2"
output="$(realpath -m "$3")"
shift 3
case "$count" in
    ''|*[!0-9]*) echo "reel-array: N must be a whole number of pieces, found $count" >&2; exit 64 ;;
esac
if [ "$count" -lt 1 ]; then echo "reel-array: N must be at least 1" >&2; exit 64; fi
reel="${REEL:-reel}"
pieces="$(dirname "$output")/pieces-$(basename "${output%.*}")"
logs="$pieces/logs"
mkdir -p "$logs"
quoted="$(printf ' %q' "$@")"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=reel-render --array="0-$((count - 1))" \
    --output="$logs/render-%A_%a.txt" \
    --wrap="$(printf '%q' "$reel") render $(printf '%q' "$timeline") --segment auto -o $(printf '%q' "$pieces/") --quiet$quoted")
# shellcheck disable=SC2086
join=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=reel-join --dependency="afterok:${array%%;*}" \
    --output="$logs/join-%j.txt" \
    --wrap="$(printf '%q' "$reel") join $(printf '%q' "$pieces") -o $(printf '%q' "$output")")
echo "${array%%;*} ${join%%;*}"
