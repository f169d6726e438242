#!/bin/bash
# Extracts the translatable messages into po/quire.pot and merges them into every
# translation listed in po/LINGUAS (new messages come in untranslated, changed ones fuzzy).
# Usage: scripts/update-po.sh        (then translate what msgfmt --statistics reports)
set -eu
cd "$(dirname "$0")/.."
scripts/extract-messages.sh po/quire.pot
for language in $(cat po/LINGUAS); do
    msgmerge --quiet --update --backup=none --no-wrap "po/$language.po" po/quire.pot
    echo "po/$language.po: $(msgfmt --check --statistics -o /dev/null "po/$language.po" 2>&1)"
done
