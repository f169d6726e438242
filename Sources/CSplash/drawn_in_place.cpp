// Splash drawing straight into the picture's memory (the window's shared memory) instead of
// a bitmap of its own copied there afterwards: SplashOutputDev allocates its page bitmap in
// startPage and keeps it private, so a colour page of the 300-dpi scan at 1,590 px held 13.9
// MB in the render helper beside the 13.9 MB picture it was copied into, for the whole draw.
//
// How: the page is started once with no state (Splash's 1×1 bitmap), that bitmap is given
// the picture's pixels, size and row length and an alpha plane of the page's size, and the
// page is started again with its state: SplashOutputDev keeps a bitmap of the size it
// wants, and Splash addresses every row through the bitmap's row size. libpoppler has no
// setter for a bitmap's memory, so its fields are reached through a copy of the class's
// layout, checked field by field against the accessors on every page (and by size at
// compile time); if anything differs (another poppler), the page is drawn apart and copied,
// as before. The pixels are handed back before the bitmap is freed, which would free them.
#include "inflating_output.hpp"

#include <poppler/splash/SplashBitmap.h>

#include <poppler/goo/gmem.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace {
std::atomic<unsigned long> pagesInPlace {0};

// SplashBitmap's private fields, in its order (poppler 22.12's SplashBitmap.h).
struct BitmapFields {
    int width, height, rowPad, rowSize;
    SplashColorMode mode;
    SplashColorPtr data;
    unsigned char *alpha;
    std::vector<GfxSeparationColorSpace *> *separationList;
};
static_assert(sizeof(BitmapFields) == sizeof(SplashBitmap), "SplashBitmap's layout is not the one copied here");
static_assert(std::is_standard_layout_v<BitmapFields>);

BitmapFields fieldsOf(const SplashBitmap *bitmap) {
    BitmapFields fields;
    std::memcpy(&fields, reinterpret_cast<const void *>(bitmap), sizeof fields);
    return fields;
}

void setFields(SplashBitmap *bitmap, const BitmapFields &fields) {
    std::memcpy(reinterpret_cast<void *>(bitmap), &fields, sizeof fields);
}

// Whether the copied layout reads back what the accessors say.
bool matches(SplashBitmap *bitmap, const BitmapFields &fields) {
    return fields.width == bitmap->getWidth() && fields.height == bitmap->getHeight() && fields.rowPad == bitmap->getRowPad()
        && fields.rowSize == bitmap->getRowSize() && fields.mode == bitmap->getMode() && fields.data == bitmap->getDataPtr()
        && fields.alpha == bitmap->getAlphaPtr() && fields.separationList == bitmap->getSeparationList();
}
}

unsigned long pagesDrawnInPlace() { return pagesInPlace.load(); }

InflatingSplashOutput::~InflatingSplashOutput() { handBack(); }

void InflatingSplashOutput::drawInto(uint8_t *pixels, size_t rowLength, int width, int height, bool mono) {
    target = {pixels, rowLength, width, height, mono};
}

void InflatingSplashOutput::handBack() {
    SplashBitmap *bitmap = getBitmap();
    if (!inPlace || !bitmap) return;
    BitmapFields fields = fieldsOf(bitmap);
    fields.data = nullptr; // the bitmap's destructor frees its alpha plane, never the picture
    setFields(bitmap, fields);
    inPlace = false;
}

void InflatingSplashOutput::startPage(int pageNum, GfxState *state, XRef *xref) {
    if (target.pixels && state && !inPlace) adopt(pageNum, state, xref);
    SplashOutputDev::startPage(pageNum, state, xref);
}

void InflatingSplashOutput::adopt(int pageNum, GfxState *state, XRef *xref) {
    // The size SplashOutputDev::startPage gives the page's bitmap.
    const int width = std::max(1, int(state->getPageWidth() + 0.5)), height = std::max(1, int(state->getPageHeight() + 0.5));
    const int bytes = target.mono ? 1 : 4;
    // Splash may size the page a pixel larger than the picture by its own rounding: apart.
    if (target.width <= 0 || target.height <= 0 || width > target.width || height > target.height || target.rowLength < size_t(target.width) * size_t(bytes)
        || target.rowLength > size_t(INT_MAX) / size_t(target.height)) {
        return;
    }
    SplashOutputDev::startPage(pageNum, nullptr, xref); // a 1×1 bitmap of the page's mode
    SplashBitmap *bitmap = getBitmap();
    if (!bitmap) return;
    BitmapFields fields = fieldsOf(bitmap);
    if (!matches(bitmap, fields) || fields.width != 1 || fields.height != 1 || !fields.data || !fields.alpha || fields.rowSize <= 0
        || fields.mode != (target.mono ? splashModeMono8 : splashModeXBGR8)) {
        return;
    }
    auto *alpha = static_cast<unsigned char *>(gmallocn_checkoverflow(width, height));
    if (!alpha) return;
    gfree(fields.data);
    gfree(fields.alpha);
    fields.width = width;
    fields.height = height;
    fields.rowSize = int(target.rowLength);
    fields.data = target.pixels;
    fields.alpha = alpha;
    setFields(bitmap, fields);
    inPlace = true;
    pagesInPlace++;
}
