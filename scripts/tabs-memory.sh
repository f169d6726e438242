#!/bin/bash
# What many tabs cost: Quire (release) opens ten corpus files as tabs of one 1400×1000
# window under its own Xvfb and session bus, each tab is chosen and paged through (five
# Page Downs), and the process tree's PSS is printed (from /proc/PID/smaps_rollup, as
# ../shared/tools/viewer-bench.sh counts it), by kind: the window's process, the helpers'
# zygote, the helpers. Once every tab was paged; after WAIT seconds with the tenth tab shown
# (the others in the background, trimmed after QUIRE_BACKGROUND_SECONDS, 60 by default);
# after choosing the first tab again, with whether the first frame after the switch showed
# its page sharp (QUIRE_TRACE_LAUNCH's lines) and how long after the key it was painted.
# First, the same for the first file alone: the baseline a background tab is counted against.
# A measure, not a test: it sleeps to let the pages settle.
#   scripts/tabs-memory.sh [--wait SECONDS] [QUIRE]
set -euo pipefail
cd "$(dirname "$0")/.."
wait=75
[ "${1:-}" = --wait ] && { wait=$2; shift 2; }
quire=$(realpath "${1:-.build/release/quire}")
corpus=$(realpath ../shared/corpus)
files=(annot-tracemonkey.pdf cjk-japanese-vertical.pdf form-irs-f1040-2010.pdf image-jpx-photos-landscape.pdf
       mixed-page-sizes.pdf outline-geotopo-de.pdf rtl-arabic-rotated-pages.pdf scan-ru-taxform-jbig2.pdf
       synth-mixed-sizes-rotations.pdf synth-scan-40p.pdf)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/measure.sh" <<'END'
# The tree under $1 (the window's process): its PSS in MiB, and by kind.
tree() { echo "$1"; for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$child"; done; }
pss() { awk '/^Pss:/ {print $2}' /proc/"$1"/smaps_rollup 2>/dev/null || echo 0; }
measure() {
    local zygote total=0 helpers=0 count=0 window zygotes=0
    zygote=$(cat /proc/"$1"/task/*/children | tr ' ' '\n' | grep -m1 . || true)
    window=$(pss "$1")
    [ -n "$zygote" ] && zygotes=$(pss "$zygote")
    for pid in $(tree "$1"); do
        [ "$pid" = "$1" ] || [ "$pid" = "$zygote" ] && continue
        helpers=$((helpers + $(pss "$pid"))); count=$((count + 1))
    done
    total=$((window + zygotes + helpers))
    printf '%-36s %6.1f MiB: window %.1f, zygote %.1f, %d helpers %.1f\n' "$2" "$(echo "$total / 1024" | bc -l)" \
        "$(echo "$window / 1024" | bc -l)" "$(echo "$zygotes / 1024" | bc -l)" "$count" "$(echo "$helpers / 1024" | bc -l)"
}
# Chooses each tab ($1: how many) and pages through it.
page_each() {
    for tab in $(seq 1 "$1"); do
        xdotool windowfocus --sync "$window"
        [ "$1" -gt 1 ] && xdotool key alt+$((tab % 10))
        sleep 1.5
        for press in 1 2 3 4 5; do xdotool key Page_Down; sleep 0.4; done
        sleep 1
    done
}
END

cat > "$work/run.sh" <<END
set -e
source "$work/measure.sh"
"$quire" --size 1400x1000 '$corpus/${files[0]}' 2>/dev/null & quire=\$!
window=\$(timeout 30 xdotool search --sync --onlyvisible --name 'tracemonkey|Trace' | head -1)
sleep 3
page_each 1
measure \$quire "one tab, paged"
kill \$quire; wait \$quire || true
sleep 1
QUIRE_TRACE_LAUNCH=1 "$quire" --size 1400x1000 $(printf "'$corpus/%s' " "${files[@]}") 2>"$work/stderr" & quire=\$!
window=\$(timeout 30 xdotool search --sync --onlyvisible --name 'synth-scan-40p|Synthetic' | head -1)
sleep 3
page_each 10
measure \$quire "ten tabs paged, the tenth shown"
sleep $wait
measure \$quire "after ${wait} s, nine in the background"
xdotool windowfocus --sync "\$window"
xdotool key alt+1
sleep 3
measure \$quire "the first tab chosen again"
kill \$quire
grep 'tab chosen\|tab painted' "$work/stderr" | tail -2
END
mkdir -p "$work/home" "$work/state" "$work/config" "$work/runtime"
chmod 700 "$work/runtime"
env -i PATH="$PATH" HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/runtime" \
    GSETTINGS_BACKEND=keyfile GTK_A11Y=none GDK_BACKEND=x11 ${QUIRE_BACKGROUND_SECONDS:+QUIRE_BACKGROUND_SECONDS=$QUIRE_BACKGROUND_SECONDS} \
    xvfb-run -a -s '-screen 0 1600x1200x24' dbus-run-session -- bash "$work/run.sh" 2> >(grep -v 'fd limit' >&2)
