#!/bin/bash
# Lists in po/POTFILES the files with messages (the desktop entry, the metainfo and every
# Swift file that calls tr, trn or N_), extracts the messages into po/quire.pot and merges
# them into every translation in po/LINGUAS (new messages come in untranslated, changed
# ones fuzzy).
# Usage: scripts/update-po.sh        (then translate what msgfmt --statistics reports)
set -eu
cd "$(dirname "$0")/.."
{
    printf '%s\n' data/app.quire.Quire.desktop data/app.quire.Quire.metainfo.xml
    grep -rlE '\b(tr|trn|N_)\("' Sources --include='*.swift' | LC_ALL=C sort
} >po/POTFILES
scripts/extract-messages.sh po/quire.pot
for language in $(cat po/LINGUAS); do
    # A new language starts from the template, with its plural rule filled in.
    [ -f "po/$language.po" ] || msginit --no-translator --locale="$language.UTF-8" -i po/quire.pot -o "po/$language.po"
    msgmerge --quiet --update --backup=none --no-wrap "po/$language.po" po/quire.pot
    echo "po/$language.po: $(msgfmt --check --statistics -o /dev/null "po/$language.po" 2>&1)"
done
