#!/bin/bash
# What is held at the peak while paging (issue 48's item 4): runs viewer-bench on FILE with
# QUIRE (default: this tree's release build), 200 Page_Down presses, while
# peak-breakdown/sampler.py reads every Quire process's memory; prints the bench's line and
# the breakdown of the highest sample (window, zygote, each helper: heap, anonymous,
# pictures, files, largest mappings).
#   scripts/peak-breakdown.sh FILE.pdf [QUIRE]
set -euo pipefail
cd "$(dirname "$0")/.."
file=$(realpath "${1:?usage: scripts/peak-breakdown.sh FILE.pdf [QUIRE]}")
quire=$(realpath "${2:-.build/release/quire}")
work=$(mktemp -d)
trap 'touch "$work/stop"; sleep 0.2; rm -rf "$work"' EXIT
/usr/bin/python3 scripts/peak-breakdown/sampler.py "$work/stop" > "$work/peak" &
sampler=$!
../shared/tools/viewer-bench.sh --out "$work/bench" --name quire --page-key Page_Down --end-key End --presses 200 "$file" -- "$quire" | tail -1
touch "$work/stop"
wait $sampler
cat "$work/peak"
