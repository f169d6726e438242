#!/bin/bash
# Reads a page line by line in caret mode with Orca, under Xvfb, and prints what Orca said.
# Usage: scripts/orca-caret.sh [FILE.pdf] [OUT_DIR]   (needs Debian's orca; not a test:
# Orca's speech depends on its version and settings, so this is looked at, not asserted)
# Everything runs with buses, a speech-dispatcher and a home of its own in OUT_DIR; Orca's
# speech goes to speech-dispatcher's generic module, which appends each message to
# OUT_DIR/spoken.txt instead of speaking; Orca's debug log is OUT_DIR/orca-debug.out.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-$root/data/quire-guide.pdf}
out=${2:-$(mktemp -d)}
mkdir -p "$out"/{home,runtime,speechd/modules,logs}
chmod 700 "$out/runtime"
command -v orca >/dev/null || { echo "orca is not installed (apt-get install --no-install-recommends orca)" >&2; exit 1; }
[ -x "$root/.build/debug/quire" ] && [ -x "$root/.build/debug/quire-helpers" ] || (cd "$root" && swift build --product quire-helpers && swift build --product quire)

cat > "$out/speechd/speechd.conf" <<END
AddModule "logger" "sd_generic" "logger.conf"
DefaultModule logger
AudioOutputMethod "libao"
END
# No sound card: libao's null driver takes what the module would play.
echo "default_driver=null" > "$out/home/.libao"
cat > "$out/speechd/modules/logger.conf" <<END
GenericExecuteSynth "printf '%s\\\\n' '\$DATA' >> $out/spoken.txt"
AddVoice "en" "MALE1" "en"
GenericLanguage "en" "en" "utf-8"
END

export HOME=$out/home XDG_RUNTIME_DIR=$out/runtime XDG_CONFIG_HOME=$out/home/.config XDG_DATA_HOME=$out/home/.local/share
export XDG_CACHE_HOME=$out/home/.cache XDG_STATE_HOME=$out/home/.local/state GSETTINGS_BACKEND=memory
export SPEECHD_ADDRESS=unix_socket:$out/runtime/speechd.sock
unset GTK_A11Y AT_SPI_BUS_ADDRESS

if [ "${ORCA_CARET_INSIDE:-}" = 1 ]; then
  pids=""
  trap 'kill $pids 2>/dev/null || true' EXIT
  env -u DISPLAY /usr/libexec/at-spi-bus-launcher --launch-immediately >"$out/logs/a11y-bus.log" 2>&1 &
  pids="$! $pids"
  for _ in $(seq 200); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.05
  done
  speech-dispatcher -s -t 0 -C "$out/speechd" -S "$out/runtime/speechd.sock" -L "$out/logs" -c unix_socket >"$out/logs/speechd.out" 2>&1 &
  pids="$! $pids"
  orca --replace --debug-file "$out/orca-debug.out" >"$out/logs/orca.out" 2>&1 &
  pids="$! $pids"
  # Orca announces itself ("Screen reader on.") once it listens.
  for _ in $(seq 300); do grep -q . "$out/spoken.txt" 2>/dev/null && break; sleep 0.1; done
  "$root/.build/debug/quire" --size 1200x900 "$file" >"$out/logs/quire.out" 2>&1 &
  quire=$!
  pids="$quire $pids"
  window=$(xdotool search --sync --onlyvisible --pid "$quire" | head -1)
  xdotool windowfocus --sync "$window"
  for _ in $(seq 100); do grep -q "Page 1 of\|document" "$out/spoken.txt" 2>/dev/null && break; sleep 0.1; done
  echo "--- F7" >> "$out/spoken.txt"; xdotool key F7; sleep 2
  for key in Down Down Down ctrl+Right ctrl+Right Right Right shift+Right shift+Right; do
    echo "--- $key" >> "$out/spoken.txt"; xdotool key "$key"; sleep 1.5
  done
  # On to the next pages: Orca names each page the caret enters.
  echo "--- Down, 80 times" >> "$out/spoken.txt"
  for _ in $(seq 80); do xdotool key Down; sleep 0.4; done
  sleep 1.5
  import -window root "$out/screen.png"
  exit 0
fi
ORCA_CARET_INSIDE=1 xvfb-run -a -s "-screen 0 1400x1000x24 -noreset" dbus-run-session -- bash ${ORCA_CARET_TRACE:+-x} "$0" "$file" "$out"
echo "spoken ($out/spoken.txt):"
cat "$out/spoken.txt"
