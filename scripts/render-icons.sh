#!/bin/bash
# Renders the application icon's PNG sizes from its SVG, into data/icons/hicolor/NxN/apps.
# Run it after changing the SVG; needs rsvg-convert (Debian's librsvg2-bin), which neither
# the build nor the tests need: the PNGs are committed.
# Why PNGs at all: GTK sets a window's icon (X11's _NET_WM_ICON) from every size the theme
# has, and a scalable-only icon is drawn through librsvg, which then stays in the window
# (6.5 MiB of PSS) and costs the launch its loading. With these sizes GTK takes the PNGs.
set -eu
cd "$(dirname "$0")/.."
svg=data/icons/hicolor/scalable/apps/app.quire.Quire.svg
for size in 16 32 48 64; do
    mkdir -p "data/icons/hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" "$svg" -o "data/icons/hicolor/${size}x${size}/apps/app.quire.Quire.png"
done
