#!/bin/bash
# Sets up, builds (release) and runs Quire on a fresh Debian 12 machine.
# Usage: scripts/run.sh [FILE.pdf …]   (no file: the bundled guide)
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh run
# The window and the helpers it starts (the zygote, the web fetch process), beside it; the
# builds' temporary folders in one of their own (the Swift driver leaves some: scripts/test.sh).
builds=$(mktemp -d)
trap 'rm -rf "$builds"' EXIT
TMPDIR=$builds swift build -c release --product quire-helpers
TMPDIR=$builds swift build -c release --product quire
rm -rf "$builds"
scripts/compile-translations.sh
# The preferences' schema, where Quire run from its source tree looks for it (Settings.swift).
mkdir -p .build/schemas && glib-compile-schemas --strict --targetdir=.build/schemas data
exec .build/release/quire "$@"
