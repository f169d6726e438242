#!/bin/bash
# Compiles po/*.po into .build/locale/LANG/LC_MESSAGES/quire.mo, where Quire run from the
# source tree (.build/debug/quire, .build/release/quire) finds them. An installed Quire
# has them in the prefix's share/locale, from meson.
set -eu
cd "$(dirname "$0")/.."
for language in $(cat po/LINGUAS); do
    mkdir -p ".build/locale/$language/LC_MESSAGES"
    msgfmt --check -o ".build/locale/$language/LC_MESSAGES/quire.mo" "po/$language.po"
done
