#!/bin/bash
# What many tabs cost: Quire (release) opens ten corpus files as tabs of one 1400×1000
# window under its own Xvfb and session bus, each tab is chosen and paged through (five
# Page Downs), and the process tree's PSS is printed (from /proc/PID/smaps_rollup, as
# ../shared/tools/viewer-bench.sh counts it) with the processes by kind: once every tab
# was paged, then after WAIT seconds with the tenth tab shown (the others in the
# background), then after choosing the first tab again. A measure, not a test.
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
mkdir -p "$work/home" "$work/state" "$work/config" "$work/runtime"
chmod 700 "$work/runtime"

cat > "$work/measure.sh" <<'END'
# The tree under $1: its processes' PSS in KiB, by kind (argv[0]'s name and its first option).
tree() { echo "$1"; for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$child"; done; }
measure() {
    local total=0 line
    declare -A kinds=()
    for pid in $(tree "$1"); do
        pss=$(awk '/^Pss:/ {print $2}' /proc/"$pid"/smaps_rollup 2>/dev/null || echo 0)
        kind=$(tr '\0' ' ' < /proc/"$pid"/cmdline 2>/dev/null | awk '{n=$1; sub(".*/", "", n); print n ($2 ~ /^--/ ? " " $2 : "")}')
        total=$((total + ${pss:-0}))
        kinds[$kind]=$(( ${kinds[$kind]:-0} + ${pss:-0} ))
        counts[$kind]=$(( ${counts[$kind]:-0} + 1 ))
    done
    printf '%-34s %7.1f MiB\n' "$2" "$(echo "$total / 1024" | bc -l)"
    for kind in "${!kinds[@]}"; do printf '    %-30s %3d × %7.1f MiB\n' "$kind" "${counts[$kind]}" "$(echo "${kinds[$kind]} / 1024" | bc -l)"; done
}
declare -A counts=()
END

cat > "$work/run.sh" <<END
set -e
source "$work/measure.sh"
"$quire" --size 1400x1000 $(printf "'$corpus/%s' " "${files[@]}") 2>"$work/stderr" & quire=\$!
window=\$(timeout 30 xdotool search --sync --onlyvisible --name 'synth-scan-40p|Synthetic' | head -1)
sleep 3
for tab in 1 2 3 4 5 6 7 8 9 0; do
    xdotool windowfocus --sync "\$window"
    xdotool key alt+\$tab
    sleep 1.5
    for press in 1 2 3 4 5; do xdotool key Page_Down; sleep 0.4; done
    sleep 1
done
declare -A counts=(); measure \$quire "ten tabs paged, the tenth shown"
sleep $wait
declare -A counts=(); measure \$quire "after ${wait} s in the background"
xdotool windowfocus --sync "\$window"
xdotool key alt+1
sleep 3
declare -A counts=(); measure \$quire "the first tab chosen again"
kill \$quire
END
env -i PATH="$PATH" HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/runtime" \
    GSETTINGS_BACKEND=keyfile GTK_A11Y=none GDK_BACKEND=x11 ${QUIRE_BACKGROUND_SECONDS:+QUIRE_BACKGROUND_SECONDS=$QUIRE_BACKGROUND_SECONDS} \
    xvfb-run -a -s '-screen 0 1600x1200x24' dbus-run-session -- bash "$work/run.sh"
