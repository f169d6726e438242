#!/bin/bash
# What the pages' accessible nodes cost: ../shared/tools/viewer-bench.sh runs each Quire
# given (release builds, e.g. today's main and this tree) on FILE three ways, alternating,
# ROUNDS times: without an accessibility bus (GTK_A11Y=none, as the harness runs), with the
# bus but no screen reader (as GNOME runs for everyone), and with a screen reader listening
# (org.a11y.Status ScreenReaderEnabled, as Orca sets it: the nodes are made). The bus is
# started in a session of its own (setsid), so its memory is not the viewer's; the time the
# wrapper took to start it is taken off the launch figures. Prints medians per viewer and
# way: first content (ms, the wrapper's time taken off), the wrapper's time, CPU at load
# and while paging (ms), PSS after paging and its peak (MiB).
#   scripts/a11y-bench.sh [--rounds N] FILE QUIRE [QUIRE...]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5
[ "${1:-}" = --rounds ] && { rounds=$2; shift 2; }
file=$(realpath "$1"); shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/wrap.sh" <<'END'
#!/bin/bash
# wrap.sh WAY TIMEFILE QUIRE ARGS...: starts what WAY needs, notes how long it took, runs Quire.
way=$1 timefile=$2; shift 2
start=$(date +%s%N)
if [ "$way" != none ]; then
    setsid env -u DISPLAY /usr/libexec/at-spi-bus-launcher --launch-immediately </dev/null >/dev/null 2>&1 &
    for _ in $(seq 200); do
        dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
        sleep 0.02
    done
    [ "$way" = reader ] && dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
        string:org.a11y.Status string:ScreenReaderEnabled variant:boolean:true >/dev/null
    unset GTK_A11Y NO_AT_BRIDGE
fi
echo $(( ($(date +%s%N) - start) / 1000000 )) > "$timefile"
exec "$@"
END
chmod +x "$out/wrap.sh"
for round in $(seq "$rounds"); do
    for quire in "$@"; do
        for way in none bus reader; do
            name="$(basename "$(dirname "$(dirname "$(dirname "$quire")")")")-$way"
            ../shared/tools/viewer-bench.sh --name "$name" --tag "r$round" --out "$out" --presses 60 --page-key Page_Down \
                --end-key End "$file" -- "$out/wrap.sh" "$way" "$out/$name-r$round.ms" "$(realpath "$quire")" >/dev/null 2>&1 || true
        done
    done
done
/usr/bin/python3 - "$out" <<'END'
import json, statistics, sys, os, collections
out = sys.argv[1]
rows = collections.defaultdict(list)
for line in open(os.path.join(out, "results.jsonl")):
    r = json.loads(line)
    wrapper = int(open(os.path.join(out, "%s-%s.ms" % (r["name"], r["tag"]))).read())
    rows[r["name"]].append(r | {"wrapper_ms": wrapper})
def med(xs): return statistics.median(xs) if xs else float("nan")
def num(r, *path):
    for p in path:
        r = r.get(p) if isinstance(r, dict) else None
    return r if isinstance(r, (int, float)) else None
print("%-16s %4s %8s %8s %9s %9s %9s %9s" % ("quire, way", "runs", "content", "wrapper", "load_cpu", "page_cpu", "paged_MiB", "peak_MiB"))
for name, rs in sorted(rows.items()):
    ok = [r for r in rs if num(r, "t_content_ms") is not None and num(r, "paged", "cpu_ms") is not None]
    print("%-16s %4d %8.0f %8.0f %9.0f %9.0f %9.1f %9.1f" % (name, len(ok),
          med([r["t_content_ms"] - r["wrapper_ms"] for r in ok]), med([r["wrapper_ms"] for r in ok]),
          med([num(r, "load", "cpu_ms") for r in ok]), med([num(r, "paged", "cpu_ms") - num(r, "load", "cpu_ms") for r in ok]),
          med([num(r, "paged", "pss_kib") / 1024 for r in ok]), med([num(r, "peak_pss_kib") / 1024 for r in ok])))
END
