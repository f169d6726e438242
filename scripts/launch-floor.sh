#!/bin/bash
# The launch floor beside Quire and Evince: a GTK 4 window and a libadwaita window that
# paint FILE's first page, rendered beforehand, so they do no PDF work at all
# (scripts/launch-floor/floor.c). What Quire can reach at launch is judged against these,
# measured in the same run. Two measures, medians printed:
#  - ROUNDS runs of ../shared/tools/viewer-bench.sh on each in turn, with Evince: launch
#    to content as the harness sees it (it polls the screen every 20 ms);
#  - LAUNCHES traced launches of each in turn under Xvfb, at the window's own size: the
#    first frame painted with the page, in ms after the process started (Quire's
#    QUIRE_TRACE_LAUNCH, the floor's FLOOR_TRACE), finer than the harness's polling.
# QUIRES="main=/path/to/quire new=.build/release/quire" measures several builds of Quire in the
# same run, each under its name (by default this tree's release build, named quire).
#   scripts/launch-floor.sh [--rounds N] [--launches N] FILE.pdf
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5 launches=10
while [ $# -gt 1 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --launches) launches=$2; shift 2 ;;
        *) break ;;
    esac
done
file=$(realpath "${1:?usage: scripts/launch-floor.sh [--rounds N] [--launches N] FILE.pdf}")
bench=${VIEWER_BENCH:-$(realpath ../shared/tools/viewer-bench.sh)}
quires=()
for entry in ${QUIRES:-quire=.build/release/quire}; do
    [ -x "${entry#*=}" ] && quires+=("${entry%%=*}=$(realpath "${entry#*=}")")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for variant in gtk adwaita; do
    flags=$([ $variant = adwaita ] && echo "-DFLOOR_ADWAITA $(pkg-config --cflags --libs libadwaita-1)" || pkg-config --cflags --libs gtk4)
    # shellcheck disable=SC2086
    cc -O2 scripts/launch-floor/floor.c -o "$work/floor-$variant" $flags
done
# The page at the width the bench's 1600-pixel screen gives it.
# mutool (mupdf-tools, which `scripts/deps.sh test` installs): poppler's own tools are
# not among Quire's packages.
mutool draw -q -c rgb -w 1560 -o "$work/page.ppm" "$file" 1 2>/dev/null
read -r width height < <("$work/floor-gtk" --prepare "$work/page.ppm" "$work/page.raw")

out="$work/bench"
run() { # NAME [viewer-bench options] -- COMMAND…
    local name=$1; shift
    "$bench" --out "$out" --name "$name" --end-key '' --presses 0 "$@" >/dev/null 2>&1 || echo "$name: the bench failed" >&2
}
floor() { echo "$work/floor-$1" "$work/page.raw" "$width" "$height"; }
for round in $(seq "$rounds"); do
    # shellcheck disable=SC2046
    run floor-gtk --page-key Page_Down "$file" -- $(floor gtk)
    # shellcheck disable=SC2046
    run floor-adwaita --page-key Page_Down "$file" -- $(floor adwaita)
    # shellcheck disable=SC2046
    run floor-adwaita-early --page-key Page_Down --env FLOOR_EARLY_GTK=1 "$file" -- $(floor adwaita)
    for entry in "${quires[@]}"; do run "${entry%%=*}" --page-key Page_Down "$file" -- "${entry#*=}"; done
    ! command -v evince >/dev/null || run evince --page-key n "$file" -- evince
done
echo "viewer-bench, $rounds rounds, launch to content:"
python3 - "$out/results.jsonl" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    runs.setdefault(r["name"], []).append(r.get("t_content_ms"))
for name, times in runs.items():
    shown = [t for t in times if t is not None]
    median = statistics.median(shown) if shown else None
    print("%-20s content median %s ms  (%s)" % (name, median, ", ".join(str(t) for t in times)))
PY

# Traced launches, in the harness's environment: a fresh home, no accessibility bus.
traced() { # COMMAND…: the ms of its first frame painted with the page
    local home; home=$(mktemp -d -p "$work")
    env -i PATH="$PATH" HOME="$home" XDG_RUNTIME_DIR="$home" LANG=C.UTF-8 NO_AT_BRIDGE=1 GTK_A11Y=none \
        FLOOR_TRACE=1 QUIRE_TRACE_LAUNCH=1 xvfb-run -a -s '-screen 0 1600x1200x24' dbus-run-session -- \
        timeout 3 "$@" 2>&1 | awk '/^floor: / { print $2; exit } /picture drawn/ { drawn = 1 } drawn && /frame [0-9]+ painted/ { print $2; exit }'
}
for launch in $(seq "$launches"); do
    # shellcheck disable=SC2046
    echo "floor-gtk $(traced $(floor gtk))"
    # shellcheck disable=SC2046
    echo "floor-adwaita $(traced $(floor adwaita))"
    # shellcheck disable=SC2046
    echo "floor-adwaita-early $(traced env FLOOR_EARLY_GTK=1 $(floor adwaita))"
    for entry in "${quires[@]}"; do echo "${entry%%=*} $(traced "${entry#*=}" "$file")"; done
done > "$work/traced"
echo "traced launches ($launches each), first frame painted with the page, ms after exec:"
python3 - "$work/traced" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, *time = line.split()
    runs.setdefault(name, []).append(float(time[0]) if time else None)
for name, times in runs.items():
    shown = sorted(t for t in times if t is not None)
    median = statistics.median(shown) if shown else None
    print("%-20s median %s ms  (%s–%s, %d of %d traced)" % (name, median, shown[0] if shown else "-", shown[-1] if shown else "-", len(shown), len(times)))
PY
