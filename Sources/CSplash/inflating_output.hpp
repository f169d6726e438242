// Splash with zlib's inflate for images: poppler 22.12 inflates FlateDecode streams with a
// decoder of its own (Debian builds it without ENABLE_ZLIB_UNCOMPRESS), and a scan page is
// mostly that: the 300-dpi scan's page 1 is one 2480×3506 RGB image of 26 MB, and poppler's
// decoder is half of its 200 ms in Splash; zlib inflates it in under half the time
// (perf over quire-bench paging the scan: 13.6 % of all samples in poppler's decoder, 6.3 % in zlib).
// Only images and image masks of one plain FlateDecode (no predictor, not inline) are read
// through zlib; a stream zlib cannot start on is drawn by poppler's own decoder, as before.
// An image Splash would shrink whole is also streamed onto the page (streamed_image.cpp),
// and the page is drawn straight into the picture's memory when it can be (drawn_in_place.cpp).
#pragma once

#include <poppler/SplashOutputDev.h>

#include <cstddef>
#include <cstdint>

// An image Splash would shrink whole, shrunk onto the page a row at a time to the same
// pixels (streamed_image.cpp); false, having read nothing, when it is Splash's to draw.
bool streamedImage(Splash *splash, GfxState *state, Stream *str, int width, int height, GfxImageColorMap *colorMap);
unsigned long streamedImageCount();
// How many pages this process has drawn straight into their picture's memory.
unsigned long pagesDrawnInPlace();

class InflatingSplashOutput final : public SplashOutputDev {
public:
    using SplashOutputDev::SplashOutputDev;

    ~InflatingSplashOutput() override;

    // Whether upright shrunk images are streamed onto the page (else all are Splash's own).
    bool streamsImages = true;

    // The page is to be drawn into `pixels` (`height` rows of `rowLength` bytes, `width`
    // pixels of 4 bytes, or of 1 with `mono`, this output's mode), when Splash's page fits.
    void drawInto(uint8_t *pixels, size_t rowLength, int width, int height, bool mono);
    // Whether the page was (its bitmap, of at most the picture's size, is over the picture).
    bool drewInPlace() const { return inPlace; }

    void startPage(int pageNum, GfxState *state, XRef *xref) override;

    void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool interpolate,
                       bool inlineImg) override;
    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                   bool interpolate, const int *maskColors, bool inlineImg) override;
    void drawMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                         bool interpolate, Stream *maskStr, int maskWidth, int maskHeight, bool maskInvert,
                         bool maskInterpolate) override;
    void drawSoftMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                             bool interpolate, Stream *maskStr, int maskWidth, int maskHeight,
                             GfxImageColorMap *maskColorMap, bool maskInterpolate) override;

private:
    struct Target {
        uint8_t *pixels = nullptr;
        size_t rowLength = 0;
        int width = 0, height = 0;
        bool mono = false;
    } target;
    bool inPlace = false;

    void adopt(int pageNum, GfxState *state, XRef *xref);
    // Takes the picture's pixels back from the bitmap before anything frees it.
    void handBack();
};
