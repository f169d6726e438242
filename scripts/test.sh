#!/bin/bash
# Sets up and runs every test: engine and document-layer unit tests, window tests in a
# real GTK window under Xvfb, the install layout test, and that the translations are
# complete and current.
set -u
cd "$(dirname "$0")/.."
scripts/deps.sh test || exit 1
# The Swift driver leaves a TemporaryDirectory.* in $TMPDIR for many of the compiles it
# plans (swiftlang/swift-driver#2049: 190 a run here): the builds get a folder of their
# own, removed when the run ends; the tests themselves run with the machine's.
builds=$(mktemp -d)
trap 'rm -rf "$builds"' EXIT
TMPDIR=$builds swift build --product quire-helpers || exit 1
TMPDIR=$builds swift build --product quire || exit 1
TMPDIR=$builds swift build --build-tests || exit 1
scripts/compile-translations.sh || exit 1
# The preferences' schema, where Quire run from its source tree looks for it (Settings.swift).
{ mkdir -p .build/schemas && glib-compile-schemas --strict --targetdir=.build/schemas data; } || exit 1

status=0
scripts/check-translations.sh || status=1
scripts/install-test.sh .build/debug/quire || status=1

# One X server for the whole run, not reset when the last client leaves (a test starting
# then would be refused); the cairo renderer so that pictures do not depend on
# whether the machine has a GPU.
export GSK_RENDERER=cairo
# Hermetic whatever runs the tests: each window test gives the programs it starts an
# environment of their own (Tests/QuireWindowTests/TestEnvironment.swift) and starts
# the buses it needs. To hold them to it, the run inherits a foreign desktop session: a
# live session bus (which would start the machine's accessibility bus launcher), an
# accessibility bus address that leads nowhere, and a runtime folder with that bus in
# it. A test that let any of it through would warn, hang, or hand its file to
# another Quire.
foreign=$(mktemp -d)
{ read -r foreign_address; read -r foreign_bus; } < <(dbus-daemon --session --address="unix:path=$foreign/bus" --fork --print-address=1 --print-pid=1)
trap 'kill $foreign_bus 2>/dev/null; rm -rf "$foreign" "$builds"' EXIT
export DBUS_SESSION_BUS_ADDRESS=$foreign_address
export AT_SPI_BUS_ADDRESS=unix:path=$foreign/at-spi-bus
export XDG_RUNTIME_DIR=$foreign
unset GTK_A11Y
# What GLib, GTK, fontconfig, Mesa or a window manager would write in the home folder
# (tests must write only in their own temporary folders).
touch "$foreign/started"
# The screen in a file of the run's own (-fbdir), which the tests read where `import` took
# 60 ms a look (Tests/QuireWindowTests/ScreenGrab.swift); no cursor drawn into it, as
# `import` leaves it out.
screens=$(mktemp -d)
trap 'kill $foreign_bus 2>/dev/null; rm -rf "$foreign" "$builds" "$screens"' EXIT
export QUIRE_TEST_SCREEN=$screens/Xvfb_screen0
xvfb-run -a -s "-screen 0 1600x1200x24 -noreset -nocursor -fbdir $screens" swift test --disable-swift-testing --skip-build || status=1

written=$(find "$HOME/.cache" "$HOME/.config" "$HOME/.local" -newer "$foreign/started" \
    -not -path '*swift*' -not -path '*/clang/*' 2>/dev/null)
if [ -n "$written" ]; then
    printf 'FAILED: the tests wrote in the home folder:\n%s\n' "$written" >&2
    status=1
fi
# Each test's fixtures are its own and go when it ends (the Splash tests once left a folder
# a test: XCTest kept their test cases, and with them the fixtures, until the run ended).
left=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'quire-fixtures-*' -newer "$foreign/started" 2>/dev/null)
if [ -n "$left" ]; then
    printf 'FAILED: the tests left their fixtures behind:\n%s\n' "$left" >&2
    status=1
fi
# Tests run as root: nothing of the machine's may have been replaced (a run once turned
# /dev/null into a regular file, and package installs broke after it).
if [ ! -c /dev/null ]; then
    echo "FAILED: /dev/null is no longer a character device after the tests" >&2
    status=1
fi
exit $status
