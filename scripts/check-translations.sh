#!/bin/bash
# Fails when the translations have fallen behind the sources: a Swift file using tr, trn or
# N_ not listed in po/POTFILES, a translated literal holding `\(…)` (which extraction cannot
# read), po/quire.pot not what the sources give, or a translation in po/LINGUAS with a
# message untranslated, fuzzy, or with other {placeholders} than the English one.
# Usage: scripts/check-translations.sh      (scripts/update-po.sh mends the first three)
set -u
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/checks.sh
. scripts/checks.sh

uses_messages() { grep -rlE '\b(tr|trn|N_)\("' Sources --include='*.swift' | LC_ALL=C sort; }
listed_swift() { grep '\.swift$' po/POTFILES | LC_ALL=C sort; }
check "every Swift file with translated messages is in po/POTFILES, and only those" \
    diff <(uses_messages) <(listed_swift)
check "every file in po/POTFILES exists" bash -c 'for f in $(cat po/POTFILES); do test -f "$f" || { echo "missing: $f"; exit 1; }; done'
# A literal passed to tr/trn/N_ must be plain: `\(` inside it is Swift interpolation;
# nor may the call stand inside another literal's `\(…)`, where xgettext sees a string.
check "no translated literal interpolates with \\(…)" \
    bash -c '! grep -rnE "\b(tr|trn|N_)\(\"([^\"\\\\]|\\\\[^(])*\\\\\(" Sources --include="*.swift"'
check "no tr, trn or N_ inside an interpolation" \
    bash -c '! grep -rnE "\\\\\([^\"]*\b(tr|trn|N_)\(\"" Sources --include="*.swift"'
check "messages extract without warnings" bash -c 'out=$(scripts/extract-messages.sh "$1" 2>&1) && [ -z "$out" ] || { echo "$out"; exit 1; }' _ "$tmp/fresh.pot"
check "po/quire.pot has every message of the sources" msgcmp --use-untranslated po/quire.pot "$tmp/fresh.pot"
check "po/quire.pot has no message the sources lost" msgcmp --use-untranslated "$tmp/fresh.pot" po/quire.pot

# Prints the msgid whose translation (stdin) has other {placeholders} than it.
cat >"$tmp/placeholders.sh" <<'SCRIPT'
# A plural form may leave {count} out ("ein Treffer"); nothing else may go or come.
names() { grep -o '{[a-z_]*}' | { if [ -n "${MSGEXEC_MSGID_PLURAL:-}" ]; then grep -vx '{count}'; else cat; fi; } | sort -u; }
english=$(printf '%s\n%s\n' "$MSGEXEC_MSGID" "${MSGEXEC_MSGID_PLURAL:-}" | names)
translated=$(names)
[ "$english" = "$translated" ] || { echo "placeholders differ: $MSGEXEC_MSGID"; exit 1; }
SCRIPT
for language in $(cat po/LINGUAS); do
    po=po/$language.po
    check "$po compiles (msgfmt --check)" msgfmt --check --statistics -o "$tmp/$language.mo" "$po"
    check "$po translates every message, none fuzzy" msgcmp "$po" "$tmp/fresh.pot"
    check "$po: msgfmt counts no untranslated or fuzzy message" \
        bash -c '! msgfmt --statistics -o /dev/null "$1" 2>&1 | grep -E "fuzzy|untranslated"' _ "$po"
    check "$po keeps every message's {placeholders}" msgexec -i "$po" bash "$tmp/placeholders.sh"
done

checks_done
