// poppler's Splash rasterizer for the render helpers (see SplashPages.swift for when it is
// used), through poppler's own classes (Debian's libpoppler-private-dev): poppler-cpp's
// page renderer hands back a copy of Splash's bitmap, so a page was held twice at once,
// 14 MiB each for a scan at 1,590 pixels wide; here Splash draws straight into the
// window's memory (drawn_in_place.cpp; else its bitmap is copied there), and a grey page is
// left there grey, at a quarter of the size: drawn grey from the start (Splash's Mono8)
// when the window's rule says the page is (SplashColourMode.swift, from csplash_page_inks),
// else found grey after drawing in colour.
// The document shares libpoppler (and its GlobalParams) with poppler-glib's in the helper.
#include "csplash.h"
#include "document.hpp"
#include "glib_annot.hpp"
#include "inflating_output.hpp"

#include <poppler/Error.h>
#include <poppler/GlobalParams.h>
#include <poppler/PDFDoc.h>
#include <poppler/SplashOutputDev.h>
#include <poppler/Stream.h>
#include <poppler/splash/SplashBitmap.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <new>
#include <optional>

namespace {
// poppler prints its errors on stderr unless told otherwise; the helpers' own failures say
// what the reader needs.
void quiet(ErrorCategory, Goffset, const char *) {}

// Whether every pixel of the bitmap's rectangle is an opaque grey (cairo's ARGB32 words).
bool isGrey(const uint8_t *data, size_t rowSize, int rows, int columns) {
    for (int row = 0; row < rows; row++) {
        const uint32_t *line = reinterpret_cast<const uint32_t *>(data + size_t(row) * rowSize);
        uint32_t other = 0;
        for (int x = 0; x < columns; x++) {
            const uint32_t pixel = line[x], blue = pixel & 0xff;
            other |= (pixel >> 24 ^ 0xff) | (((pixel >> 16) & 0xff) ^ blue) | (((pixel >> 8) & 0xff) ^ blue);
        }
        if (other) return false;
    }
    return true;
}

// `rows` × `columns` pixels of `bytes` (4: cairo's ARGB32 grey, 1: Mono8) from `source`
// written as rows of one byte into `pixels`, `height` rows of `greyStride`, padded white.
// `source` may be `pixels` itself: each byte is written at or before where it was read.
void writeGrey(const uint8_t *source, size_t rowSize, int bytes, int rows, int columns, uint8_t *pixels, size_t greyStride, int height) {
    for (int row = 0; row < height; row++) {
        uint8_t *line = pixels + size_t(row) * greyStride;
        const uint8_t *from = source + size_t(row) * rowSize;
        const int drawn = row < rows ? columns : 0;
        if (bytes == 1) {
            std::memmove(line, from, size_t(drawn));
        } else {
            for (int column = 0; column < drawn; column++) line[column] = from[size_t(column) * 4];
        }
        std::memset(line + drawn, 0xff, greyStride - size_t(drawn));
    }
}

// The page Splash drew into the picture itself (drawn_in_place.cpp), `columns` × `rows`
// of its `width` × `height`: the rest made white and, when all grey, the picture made grey.
int finishInPlace(uint8_t *pixels, size_t stride, size_t greyStride, int width, int height, int columns, int rows, bool mono) {
    if (mono) {
        writeGrey(pixels, greyStride, 1, rows, columns, pixels, greyStride, height);
        return 2;
    }
    for (int row = 0; row < height; row++) {
        uint8_t *line = pixels + size_t(row) * stride;
        const int drawn = row < rows ? columns : 0;
        std::memset(line + size_t(drawn) * 4, 0xff, size_t(width - drawn) * 4);
    }
    if (greyStride && isGrey(pixels, stride, height, width)) {
        writeGrey(pixels, stride, 4, height, width, pixels, greyStride, height);
        return 1;
    }
    return 0;
}
}

extern "C" csplash_document *csplash_open(const char *data, size_t length, const char *password) {
    if (!data || length < 10 || length > size_t(INT_MAX)) return nullptr;
    setErrorCallback(quiet);
    try {
        if (!globalParams) globalParams = std::make_unique<GlobalParams>();
        std::optional<GooString> secret;
        if (password) secret = GooString(password);
        auto document = std::make_unique<PDFDoc>(new MemStream(data, 0, Goffset(length), Object(objNull)), secret, secret);
        if (!document->isOk()) return nullptr;
        PDFDoc *pdf = document.get();
        return new csplash_document{std::move(document), pdf};
    } catch (...) {
        return nullptr;
    }
}

extern "C" csplash_document *csplash_borrow(void *poppler_annot) {
    Annot *annot = glibAnnot(poppler_annot);
    if (!annot || !annot->getDoc()) return nullptr;
    try {
        return new csplash_document{nullptr, annot->getDoc()};
    } catch (...) {
        return nullptr;
    }
}

extern "C" void csplash_close(csplash_document *document) { delete document; }

extern "C" int csplash_render(csplash_document *document, int index, double dpi, int quarters, int x, int y, int width, int height,
                              uint8_t *pixels, size_t stride, size_t grey_stride, unsigned flags) {
    if (!document || !pixels || index < 0 || width <= 0 || height <= 0 || stride < size_t(width) * 4) return -1;
    if (grey_stride && grey_stride < size_t(width)) return -1;
    if (!(dpi > 0) || quarters < 0 || quarters > 3) return -1;
    try {
        PDFDoc *pdf = document->document;
        if (!pdf || index >= pdf->getNumPages()) return -1;
        // Grey from the start: Splash converts and scales one channel where it would four.
        const bool mono = (flags & CSPLASH_GREY_FROM_START) && grey_stride;
        SplashColor paper = {0xff, 0xff, 0xff, 0xff};
        InflatingSplashOutput output(mono ? splashModeMono8 : splashModeXBGR8, 4, false, paper, true, splashThinLineDefault);
        output.streamsImages = !(flags & CSPLASH_SPLASH_SCALES_IMAGES);
        if (!(flags & CSPLASH_DRAW_APART)) output.drawInto(pixels, mono ? grey_stride : stride, width, height, mono);
        output.setFontAntialias(true);
        output.setFreeTypeHinting(true, false);
        output.setVectorAntialias(true);
        output.startDoc(pdf);
        pdf->displayPageSlice(&output, index + 1, dpi, dpi, quarters * 90, false, true, false, x, y, width, height,
                              nullptr, nullptr, nullptr, nullptr, true);
        SplashBitmap *bitmap = output.getBitmap();
        if (output.drewInPlace() && bitmap) {
            return finishInPlace(pixels, stride, grey_stride, width, height, bitmap->getWidth(), bitmap->getHeight(), mono);
        }
        const int bytes = mono ? 1 : 4;
        if (!bitmap || !bitmap->getDataPtr() || bitmap->getRowSize() < bitmap->getWidth() * bytes) return -1;
        // Splash sizes the page by its own rounding: a row or column it did not draw is white.
        const int rows = std::min(height, bitmap->getHeight()), columns = std::min(width, bitmap->getWidth());
        const uint8_t *source = bitmap->getDataPtr();
        const size_t rowSize = size_t(bitmap->getRowSize());
        if (mono || (grey_stride && isGrey(source, rowSize, rows, columns))) {
            writeGrey(source, rowSize, mono ? 1 : 4, rows, columns, pixels, grey_stride, height);
            return mono ? 2 : 1;
        }
        for (int row = 0; row < height; row++) {
            uint8_t *line = pixels + size_t(row) * stride;
            if (row < rows) {
                std::memcpy(line, source + size_t(row) * rowSize, size_t(columns) * 4);
                std::memset(line + size_t(columns) * 4, 0xff, size_t(width - columns) * 4);
            } else {
                std::memset(line, 0xff, size_t(width) * 4);
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}
