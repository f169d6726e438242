#!/bin/bash
# Sets up, builds (release) and runs Quire on a fresh Debian 12 machine.
# Usage: scripts/run.sh [FILE.pdf …]   (no file: the bundled guide)
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh run
swift build -c release --product quire
scripts/compile-translations.sh
exec .build/release/quire "$@"
