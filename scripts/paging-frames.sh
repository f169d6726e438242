#!/bin/bash
# What recognising a scan in the background costs the reader paging through it, and what
# paging costs the recognition (issue 49). Each round runs the release build of Quire on
# FILE under its own Xvfb and session bus, with a fresh home and XDG folders:
#  - paging, recognition on: Page_Down through the document at a hand's pace (one press
#    every PACE ms; the pace is the workload), then Page_Up back, again and again until the
#    recognition has ended (or BOUND seconds);
#  - paging, recognition off (Preferences → Recognise Text, through a keyfile): the same
#    number of passes; on and off take turns at going first;
#  - recognition alone: the window left at page 1 until the recognition has ended.
# Each run writes its frames (QUIRE_TRACE_FRAMES) and quire-bench --frames reads them: the
# frames while paging, their interval and paint time (p50/p95/max, ms), the frames with a
# blank page, and the recognition's whole time (its first page asked to its last done).
# Medians over the rounds are printed. A FILE whose first page has text (an earlier OCR,
# which Quire would not recognise again) is measured as a copy without its text layer.
# QUIRES="main=/path/to/quire new=.build/release/quire" measures several builds of Quire in
# the same run, each under its name (by default this tree's release build, named quire).
#   scripts/paging-frames.sh [--rounds N] [--pace MS] [--bound SECONDS] FILE.pdf
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5 pace=200 bound=600
while [ $# -gt 1 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --pace) pace=$2; shift 2 ;;
        --bound) bound=$2; shift 2 ;;
        *) break ;;
    esac
done
file=$(realpath "${1:?usage: scripts/paging-frames.sh [--rounds N] [--pace MS] [--bound SECONDS] FILE.pdf}")
bench=$(realpath "${QUIRE_BENCH:-.build/release/quire-bench}")
quires=()
for entry in ${QUIRES:-quire=.build/release/quire}; do
    [ -x "${entry#*=}" ] && quires+=("${entry%%=*}=$(realpath "${entry#*=}")")
done
[ ${#quires[@]} -gt 0 ] && [ -x "$bench" ] || { echo "build first: swift build -c release --product quire-helpers && swift build -c release --product quire && swift build -c release --product quire-bench" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The preferences' schema and the translations, where Quire run from its tree finds them.
scripts/compile-translations.sh >/dev/null
mkdir -p .build/schemas && glib-compile-schemas --strict --targetdir=.build/schemas data

# mutool (mupdf-tools, which `scripts/deps.sh test` installs): poppler's own tools are not
# among Quire's packages.
if [ -n "$(mutool draw -q -F txt -o - "$file" 1 2>/dev/null | tr -d '[:space:]')" ]; then
    echo "page 1 of $(basename "$file") has text: measuring a copy without its text layer" >&2
    qpdf --qdf --object-streams=disable "$file" "$work/text.qdf"
    python3 scripts/paging-frames/without-text.py "$work/text.qdf" "$work/plain.qdf"
    fix-qdf < "$work/plain.qdf" > "$work/plain.pdf"
    qpdf --object-streams=generate --recompress-flate "$work/plain.pdf" "$work/scan.pdf"
    rm "$work"/*.qdf "$work/plain.pdf"
    file=$work/scan.pdf
fi
pages=$(mutool info "$file" 2>/dev/null | awk '/^Pages:/ { print $2 }')
# A screen a press at Fit Width: a page and a bit more, to be sure to reach the end.
presses=$(( pages * 5 / 4 + 2 ))

monotonic() { python3 -c 'import time; print(time.monotonic())'; }

# One run under its own display and bus: NAME QUIRE MODE (on|off|alone) PASSES (0: until the
# recognition ends). Prints "passes FROM TO" (the paging's start and end, monotonic seconds).
run() {
    local name=$1 quire=$2 mode=$3 passes=$4 dir
    dir=$(mktemp -d -p "$work" "$name-$mode.XXX")
    mkdir -p "$dir"/{home,config/glib-2.0/settings,cache,state,data,runtime}
    chmod 700 "$dir/runtime"
    printf '[app/quire/Quire]\nrecognise-scans=%s\n' "$([ "$mode" = off ] && echo false || echo true)" > "$dir/config/glib-2.0/settings/keyfile"
    env -i PATH="$PATH" HOME="$dir/home" XDG_CONFIG_HOME="$dir/config" XDG_CACHE_HOME="$dir/cache" XDG_STATE_HOME="$dir/state" \
        XDG_DATA_HOME="$dir/data" XDG_RUNTIME_DIR="$dir/runtime" LANG=C.UTF-8 NO_AT_BRIDGE=1 GTK_A11Y=none GSETTINGS_BACKEND=keyfile \
        GSK_RENDERER=cairo QUIRE_TRACE_FRAMES="$dir/frames" \
        xvfb-run -a -s '-screen 0 1600x1200x24' dbus-run-session -- \
        bash -c "$(declare -f monotonic page_through); page_through \"\$@\"" - "$quire" "$file" "$mode" "$passes" "$presses" "$pace" "$bound" "$dir/frames" \
        2> "$dir/errors" || { echo "$name $mode: the run failed: $(tail -3 "$dir/errors")" >&2; return 0; }
}

# Inside the display: QUIRE FILE MODE PASSES PRESSES PACE BOUND TRACE.
page_through() {
    local quire=$1 file=$2 mode=$3 passes=$4 presses=$5 pace=$6 bound=$7 trace=$8 pid from to done=0 started
    "$quire" "$file" & pid=$!
    xdotool search --sync --onlyvisible --class quire >/dev/null
    # The first view's launch is not paging: it ends before the first press.
    started=$(date +%s)
    from=$(monotonic)
    if [ "$mode" = alone ]; then
        until grep -q '^# recognition-finished' "$trace" 2>/dev/null || [ $(( $(date +%s) - started )) -ge "$bound" ]; do sleep 0.5; done
    else
        while :; do
            xdotool key --delay "$pace" $(printf 'Page_Down %.0s' $(seq "$presses"))
            xdotool key --delay "$pace" $(printf 'Page_Up %.0s' $(seq "$presses"))
            done=$(( done + 1 ))
            if [ "$passes" -gt 0 ]; then [ "$done" -ge "$passes" ] && break
            else grep -q '^# recognition-finished' "$trace" 2>/dev/null && break
            fi
            [ $(( $(date +%s) - started )) -ge "$bound" ] && break
        done
    fi
    to=$(monotonic)
    xdotool key ctrl+q
    wait "$pid" || true
    echo "$done $from $to"
}

summary() { # NAME MODE DIR-LINE: one line of fields
    local name=$1 mode=$2 passes=$3 from=$4 to=$5 trace=$6
    echo "$name $mode passes=$passes $("$bench" --frames "$trace" --from "$from" --to "$to")"
}

: > "$work/results"
declare -A last_passes
for round in $(seq "$rounds"); do
    for entry in "${quires[@]}"; do
        name=${entry%%=*} quire=${entry#*=}
        # On goes first in odd rounds; off first in even ones, paging the passes on needed last time.
        order=$([ $(( round % 2 )) = 1 ] || [ -z "${last_passes[$name]:-}" ] && echo "on off" || echo "off on")
        for mode in $order alone; do
            wanted=$([ "$mode" = off ] && echo "${last_passes[$name]:-1}" || echo 0)
            read -r passes from to < <(run "$name" "$quire" "$mode" "$wanted" | tail -1) || continue
            [ "$mode" = on ] && last_passes[$name]=$passes
            trace=$(ls -d "$work/$name-$mode".*/frames | tail -1)
            summary "$name" "$mode" "$passes" "$from" "$to" "$trace" | tee -a "$work/results"
            rm -rf "$(dirname "$trace")"
        done
    done
    echo "round $round done, $(uptime | sed 's/.*load/load/')" >&2
done
echo "medians of $rounds rounds (frames while paging; alone: the whole run):"
python3 - "$work/results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, mode, *fields = line.split()
    values = dict(field.split("=", 1) for field in fields)
    runs.setdefault((name, mode), []).append(values)
keys = ["passes", "frames", "interval_p50_ms", "interval_p95_ms", "interval_max_ms", "paint_p50_ms", "paint_p95_ms", "paint_max_ms",
        "blank_frame_pct", "recognition_s", "recognised_pages"]
for (name, mode), rows in runs.items():
    def median(key):
        numbers = [float(row[key]) for row in rows if row.get(key, "none") != "none"]
        return "%g" % statistics.median(numbers) if numbers else "none"
    print("%-8s %-6s %s  (%d runs)" % (name, mode, " ".join("%s=%s" % (key, median(key)) for key in keys), len(rows)))
PY
