#!/bin/bash
# Installs Quire into a temporary DESTDIR, as a distribution package would, and
# checks that every file lands where desktops look for it and nothing else is
# touched. Takes an already-built quire binary (and the quire-helpers beside it) so that
# no Swift build runs.
# Usage: scripts/install-test.sh PATH/TO/quire
set -u

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: $0 PATH/TO/quire" >&2
    exit 2
fi
binary=$(realpath "$1")
source_dir=$(cd "$(dirname "$0")/.." && pwd)
app_id=app.quire.Quire
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# What the Quire it runs (and GLib, GTK, fontconfig) writes stays in its own folder.
mkdir -m 700 "$tmp/home" "$tmp/runtime"
export HOME=$tmp/home XDG_CACHE_HOME=$tmp/home/cache XDG_CONFIG_HOME=$tmp/home/config \
    XDG_DATA_HOME=$tmp/home/data XDG_STATE_HOME=$tmp/home/state XDG_RUNTIME_DIR=$tmp/runtime GTK_A11Y=none
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS
dest=$tmp/dest
# shellcheck source=scripts/checks.sh
. "$source_dir/scripts/checks.sh"

silent() { # succeeds when COMMAND succeeds and prints nothing (validators warn on stdout)
    local output
    output=$("$@" 2>&1) || { echo "$output"; return 1; }
    [ -z "$output" ] || { echo "$output"; return 1; }
}

# What a system install would have touched, to prove a DESTDIR install did not.
system_state() {
    local path
    for path in /usr/bin/quire /usr/libexec/quire-helpers \
                /usr/share/applications/$app_id.desktop \
                /usr/share/applications/mimeinfo.cache \
                /usr/share/metainfo/$app_id.metainfo.xml \
                /usr/share/icons/hicolor/scalable/apps/$app_id.svg \
                /usr/share/icons/hicolor/icon-theme.cache \
                /usr/share/man/man1/quire.1 \
                /usr/share/glib-2.0/schemas/$app_id.gschema.xml \
                /usr/share/glib-2.0/schemas/gschemas.compiled; do
        stat -c '%n %s %Y' "$path" 2>/dev/null || echo "$path absent"
    done
}

expected_files() {
    printf '%s\n' usr/bin/quire usr/libexec/quire-helpers \
        usr/share/applications/$app_id.desktop \
        usr/share/icons/hicolor/scalable/apps/$app_id.svg \
        usr/share/icons/hicolor/{16x16,32x32,48x48,64x64}/apps/$app_id.png \
        usr/share/metainfo/$app_id.metainfo.xml \
        usr/share/man/man1/quire.1 \
        usr/share/glib-2.0/schemas/$app_id.gschema.xml
    sed "s|.*|usr/share/locale/&/LC_MESSAGES/quire.mo|" "$source_dir/po/LINGUAS"
}

desktop_key() { # desktop_key FILE KEY
    sed -n "s/^$2=//p" "$1" | head -n 1
}

system_state >"$tmp/before"

check "meson setup with prefix /usr and prebuilt_quire" \
    meson setup "$tmp/build" "$source_dir" --prefix /usr -Dprebuilt_quire="$binary"
check "meson install into DESTDIR" \
    env DESTDIR="$dest" meson install -C "$tmp/build"

check "usr/bin/quire is the given binary, executable" \
    bash -c '[ -x "$1" ] && cmp "$1" "$2"' _ "$dest/usr/bin/quire" "$binary"
check "usr/libexec/quire-helpers is the helpers' executable built beside it" \
    bash -c '[ -x "$1" ] && cmp "$1" "$2"' _ "$dest/usr/libexec/quire-helpers" "$(dirname "$binary")/quire-helpers"
desktop=$dest/usr/share/applications/$app_id.desktop
metainfo=$dest/usr/share/metainfo/$app_id.metainfo.xml
icon=$dest/usr/share/icons/hicolor/scalable/apps/$app_id.svg
check "desktop file installed in usr/share/applications" test -f "$desktop"
check "metainfo installed in usr/share/metainfo" test -f "$metainfo"
check "icon installed in usr/share/icons/hicolor/scalable/apps" test -f "$icon"

check "installed desktop file validates without warnings" silent desktop-file-validate "$desktop"
check "installed metainfo validates" appstreamcli validate --no-net "$metainfo"
check "desktop file names the installed binary and icon" \
    test "$(desktop_key "$desktop" Exec)" = "quire %U" -a \
         "$(desktop_key "$desktop" Icon)" = "$app_id"
check "desktop file opens application/pdf" \
    grep -qx 'MimeType=.*application/pdf;.*' "$desktop"
check "desktop file offers New Window, which runs quire alone" \
    bash -c 'grep -qx "Actions=new-window;" "$1" && sed -n "/^\[Desktop Action new-window\]/,\$p" "$1" | grep -qx "Exec=quire"' _ "$desktop"

check "German messages installed in usr/share/locale/de/LC_MESSAGES" \
    test -s "$dest/usr/share/locale/de/LC_MESSAGES/quire.mo"
check "desktop file has the German translation (Name[de]=, Comment[de]=)" \
    bash -c 'grep -q "^Name\[de\]=Quire$" "$1" && grep -q "^Comment\[de\]=PDF-Dokumente lesen$" "$1"' _ "$desktop"
check "metainfo has the German translation (xml:lang=\"de\")" \
    grep -q '<summary xml:lang="de">PDF-Dokumente lesen</summary>' "$metainfo"
check "the installed quire finds its German messages (bin/../share/locale)" \
    bash -c 'said=$(LANG=C.UTF-8 LANGUAGE=de GSK_RENDERER=cairo xvfb-run -a "$1" --snapshot "$2" /nonexistent.pdf 2>&1); grep -q "Datei nicht gefunden" <<<"$said"' _ "$dest/usr/bin/quire" "$tmp/snapshot.png"
check "the installed quire shows a document, drawn by its helpers (bin/../libexec/quire-helpers)" \
    bash -c 'LANG=C.UTF-8 GSK_RENDERER=cairo xvfb-run -a "$1" --snapshot "$2" "$3" >/dev/null 2>&1 && test -s "$2"' \
    _ "$dest/usr/bin/quire" "$tmp/guide.png" "$source_dir/data/quire-guide.pdf"
schema=$dest/usr/share/glib-2.0/schemas/$app_id.gschema.xml
check "settings schema installed in usr/share/glib-2.0/schemas" test -f "$schema"
check "installed settings schema compiles" glib-compile-schemas --strict --dry-run "$(dirname "$schema")"

man=$dest/usr/share/man/man1/quire.1
check "manual page installed in usr/share/man/man1" test -f "$man"
check "manual page formats without warnings" silent bash -c 'man --warnings -l "$1" >/dev/null' _ "$man"
# The options --help lists and those the manual page describes, one per line.
help_options() { "$binary" --help | grep -o -- '--[a-z][a-z-]*' | sort -u; }
man_options() { sed 's/\\-/-/g' "$man" | grep -o -- '--[a-z][a-z-]*' | sort -u; }
check "manual page and --help list the same options" diff <(help_options) <(man_options)
check "--version says meson.build's version" \
    test "$("$binary" --version)" = "quire $(sed -n "s/^project('quire', version: '\([^']*\)'.*/\1/p" "$source_dir/meson.build")"

(cd "$dest" && find . -type f | sed 's|^\./||' | sort) >"$tmp/installed"
check "DESTDIR holds exactly the expected files (no caches refreshed or schemas compiled there)" \
    diff <(expected_files | sort) "$tmp/installed"
system_state >"$tmp/after"
check "nothing written to /usr outside DESTDIR" diff "$tmp/before" "$tmp/after"

# Without DESTDIR the post-install script must refresh the caches in the prefix.
prefix=$tmp/prefix
check "meson install into a private prefix" bash -c \
    'meson setup "$1" "$2" --prefix "$3" -Dprebuilt_quire="$4" && meson install -C "$1"' \
    _ "$tmp/build-prefix" "$source_dir" "$prefix" "$binary"
check "desktop database in the prefix maps application/pdf to Quire" \
    grep -q "^application/pdf=.*$app_id.desktop" "$prefix/share/applications/mimeinfo.cache"
check "icon cache refreshed in the prefix" test -s "$prefix/share/icons/hicolor/icon-theme.cache"
check "settings schemas compiled in the prefix, Quire's among them" bash -c \
    'test -s "$1/gschemas.compiled" && GSETTINGS_SCHEMA_DIR="$1" gsettings list-keys app.quire.Quire | grep -qx default-zoom' \
    _ "$prefix/share/glib-2.0/schemas"

checks_done
