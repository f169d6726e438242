#!/bin/bash
# Installs the Debian 12 packages Quire needs, if any are missing.
# Usage: scripts/deps.sh run|test   (run: to build and use Quire; test: also to test it)
set -eu
# Read Aloud: libspeechd-dev to build (libspeechd2 at run time), speech-dispatcher to speak
# through and espeak-ng as its voice (Debian's default one); its tests use speech-dispatcher's
# own generic module with the audio plugins' ALSA null device, which come with it.
# Recognised text for scans: libtesseract5 (loaded with dlopen by recognizer helpers only, so
# no headers to build and no cost at launch) and its English data, tesseract-ocr-eng; other
# languages are the reader's choice (tesseract-ocr-rus, -deu…). The tests install Russian
# (3.6 MB) to check that a scan is read in its /Lang's language, not English alone.
# binutils: the tests read which libraries each executable links with readelf (ExecutablesTests).
# libpcre2-dev: Find's regular expressions, bounded per page (GLib already depends on libpcre2).
# Signatures: libnss3-dev to build (signatures.cpp checks a signer's certificate with NSS,
# which libpoppler already loads); libnss3-tools for the tests' certutil, which makes a test
# authority and certificates in a temporary NSS database for pdfsig to sign with.
# Documents from the web: libsoup-3.0-dev (GNOME's HTTP library: redirects, conditional
# requests and timeouts written and kept by others, not by hand) and glib-networking for its TLS.

run_packages="libgtk-4-dev libadwaita-1-dev libpoppler-glib-dev libpoppler-private-dev libstdc++-12-dev libcairo2-dev libseccomp-dev libsynctex-dev zlib1g-dev libpcre2-dev libnss3-dev pkg-config
  libglib2.0-bin adwaita-icon-theme fonts-dejavu-core fonts-urw-base35 gettext libspeechd-dev speech-dispatcher speech-dispatcher-espeak-ng
  libtesseract5 tesseract-ocr-eng libsoup-3.0-dev glib-networking"
test_packages="xvfb xauth xdotool xclip imagemagick dbus qpdf mupdf-tools poppler-utils meson ninja-build desktop-file-utils appstream
  gtk-update-icon-cache openbox x11-utils procps man-db texlive-latex-base locales at-spi2-core python3-pyatspi libnss3-tools
  tesseract-ocr-rus binutils"

case "${1:-}" in
  run) wanted=$run_packages ;;
  test) wanted="$run_packages $test_packages" ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

if ! command -v swift >/dev/null; then
  echo "Quire needs a Swift 6 toolchain (not packaged by Debian): install it from swift.org" >&2
  echo "and put its usr/bin on PATH, then run this again." >&2
  exit 1
fi

missing=""
for package in $wanted; do
  dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
[ -z "$missing" ] && exit 0

echo "Installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
