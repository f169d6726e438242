#!/bin/sh
# Refreshes the caches that menus and "Open With" read, so that a fresh install
# is offered for PDF files at once, and compiles the settings schemas. Usage: post-install.sh DATADIR
# Meson skips this script under DESTDIR (packagers' triggers do it there); the
# check below keeps it safe if it is ever run another way.
set -u
datadir=$1
status=0

if [ -n "${DESTDIR:-}" ]; then
    exit 0
fi

# Meson shows a script's output only when it fails, so a failed refresh fails the
# install (as gnome.post_install does); the files are in place by then.
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$datadir/applications" || status=1
fi

for cache_tool in gtk4-update-icon-cache gtk-update-icon-cache; do
    if command -v "$cache_tool" >/dev/null 2>&1; then
        # -t: a user prefix such as ~/.local has no hicolor index.theme.
        "$cache_tool" -q -t -f "$datadir/icons/hicolor" || status=1
        break
    fi
done
# GSettings reads only the compiled schemas: without this Quire keeps no preferences.
if command -v glib-compile-schemas >/dev/null 2>&1; then
    glib-compile-schemas "$datadir/glib-2.0/schemas" || status=1
fi
exit $status
