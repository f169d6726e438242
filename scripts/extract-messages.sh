#!/bin/bash
# Writes the template of Quire's messages to OUT.pot: from the Swift sources listed in
# po/POTFILES, read as C (xgettext 0.21 has no Swift parser; the literals passed to tr,
# trn and N_ never hold `\(…)`, so C reads them right), and from the desktop entry and
# metainfo, read with xgettext's own rules for them.
# Usage: scripts/extract-messages.sh OUT.pot
set -eu
out=$(realpath -m "$1")
cd "$(dirname "$0")/.."
common=(--from-code=UTF-8 --package-name=quire
        --add-comments=Translators: --no-wrap --sort-by-file --force-po)
grep '\.swift$' po/POTFILES >"$out.swift-files"
grep -v '\.swift$' po/POTFILES >"$out.data-files"
xgettext "${common[@]}" --language=C --keyword= --keyword=tr --keyword=trn:1,2 --keyword=N_ \
    --files-from="$out.swift-files" --output="$out"
xgettext "${common[@]}" --join-existing --files-from="$out.data-files" --output="$out"
rm -f "$out.swift-files" "$out.data-files"
