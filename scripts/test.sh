#!/bin/bash
# Sets up and runs every test: engine and document-layer unit tests, window tests in a
# real GTK window under Xvfb, the install layout test, and that the translations are
# complete and current.
set -u
cd "$(dirname "$0")/.."
scripts/deps.sh test || exit 1
swift build --product quire || exit 1
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
# Hermetic: no bus of the machine's (a desktop session's, or one another program left) is
# inherited; the tests that need a session bus start their own.
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS
# No accessibility bus: the tests that start a session bus of their own would have D-Bus
# start at-spi-bus-launcher, which outlives that bus and names its own on the X server's
# root window (AT_SPI_BUS); every window after it then waited on that bus and never came
# ("no window" in 60 tests), and it wrote into ~/.cache/at-spi. Accessibility tests will
# start their own bus explicitly.
export GTK_A11Y=none
xvfb-run -a -s '-screen 0 1600x1200x24 -noreset' swift test --disable-swift-testing || status=1

# Tests run as root: nothing of the machine's may have been replaced (a run once turned
# /dev/null into a regular file, and package installs broke after it).
if [ ! -c /dev/null ]; then
    echo "FAILED: /dev/null is no longer a character device after the tests" >&2
    status=1
fi
exit $status
