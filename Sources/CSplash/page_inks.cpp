// What a page paints with, for the choice of Splash's colour mode (SplashColourMode.swift):
// a pass of poppler's own content reader (Gfx) over the page and its annotations' appearances,
// as Splash's will be, with an output device that draws nothing and decodes no image. Chosen
// over a scan of the page's resources and operators of our own: it sees what the render will
// (forms within forms, Type 3 glyphs, patterns, widgets' appearances, default colour spaces)
// through the same parser and limits, and stops at the first colour it meets; a look at the
// page's named images first spares it the JPEG 2000 images Gfx would decode (namedJPEG2000).
#include "csplash.h"
#include "document.hpp"

#include <poppler/GfxState.h>
#include <poppler/OutputDev.h>
#include <poppler/Page.h>
#include <poppler/Stream.h>

namespace {
// Grey: one channel that is grey itself (a Separation or DeviceN may stand for any colour).
bool isGrey(const GfxColorSpace *space) {
    if (!space || space->getNComps() != 1) return false;
    const GfxColorSpaceMode mode = space->getMode();
    return mode == csDeviceGray || mode == csCalGray || mode == csICCBased;
}

class InkCheckingOutput final : public OutputDev {
public:
    unsigned found = 0;

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return false; }
    bool interpretType3Chars() override { return true; }
    // Shadings are answered here, undrawn, rather than cut into fills by Gfx.
    bool useShadedFills(int) override {
        found |= CSPLASH_INK_SHADING;
        return true;
    }
    bool functionShadedFill(GfxState *, GfxFunctionShading *) override { return true; }
    bool axialShadedFill(GfxState *, GfxAxialShading *, double, double) override { return true; }
    bool radialShadedFill(GfxState *, GfxRadialShading *, double, double) override { return true; }
    bool gouraudTriangleShadedFill(GfxState *, GfxGouraudTriangleShading *) override { return true; }
    bool patchMeshShadedFill(GfxState *, GfxPatchMeshShading *) override { return true; }

    void updateFillColorSpace(GfxState *state) override { fill(state); }
    void updateFillColor(GfxState *state) override { fill(state); }
    void updateStrokeColorSpace(GfxState *state) override { stroke(state); }
    void updateStrokeColor(GfxState *state) override { stroke(state); }
    void updateBlendMode(GfxState *state) override {
        if (state->getBlendMode() != gfxBlendNormal) found |= CSPLASH_INK_TRANSPARENCY;
    }
    void beginTransparencyGroup(GfxState *, const double *, GfxColorSpace *, bool, bool, bool) override {
        found |= CSPLASH_INK_TRANSPARENCY;
    }
    void setSoftMask(GfxState *, const double *, bool, Function *, GfxColor *) override { found |= CSPLASH_INK_TRANSPARENCY; }

    void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool interpolate,
                       bool inlineImg) override {
        found |= CSPLASH_INK_BILEVEL_IMAGE | codec(str);
        OutputDev::drawImageMask(state, ref, str, width, height, invert, interpolate, inlineImg);
    }
    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool interpolate,
                   const int *maskColors, bool inlineImg) override {
        image(colorMap, str);
        OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
    }
    void drawMaskedImage(GfxState *, Object *, Stream *str, int, int, GfxImageColorMap *colorMap, bool, Stream *, int, int, bool,
                         bool) override {
        image(colorMap, str);
    }
    void drawSoftMaskedImage(GfxState *, Object *, Stream *str, int, int, GfxImageColorMap *colorMap, bool, Stream *, int, int,
                             GfxImageColorMap *, bool) override {
        image(colorMap, str);
        found |= CSPLASH_INK_TRANSPARENCY;
    }

private:
    void fill(GfxState *state) {
        if (!isGrey(state->getFillColorSpace())) found |= CSPLASH_INK_COLOUR;
    }
    void stroke(GfxState *state) {
        if (!isGrey(state->getStrokeColorSpace())) found |= CSPLASH_INK_COLOUR;
    }
    void image(GfxImageColorMap *colorMap, Stream *str) {
        if (!colorMap || !isGrey(colorMap->getColorSpace())) {
            found |= CSPLASH_INK_COLOUR;
            return;
        }
        found |= (colorMap->getBits() == 1 ? CSPLASH_INK_BILEVEL_IMAGE : CSPLASH_INK_GREY_IMAGE) | codec(str);
    }
    static unsigned codec(Stream *str) {
        const StreamKind kind = str ? str->getKind() : strWeird;
        return kind == strJBIG2 || kind == strCCITTFax ? CSPLASH_INK_BILEVEL_CODEC : 0;
    }
};

bool isTrue(const Object &value) { return value.isBool() && value.getBool(); }

// Whether `filter` (a name or an array of names) holds `name`.
bool hasFilter(const Object &filter, const char *name) {
    if (filter.isName(name)) return true;
    if (!filter.isArray()) return false;
    for (int i = 0; i < filter.arrayGetLength() && i < 8; i++) {
        if (filter.arrayGet(i, 0).isName(name)) return true;
    }
    return false;
}

// A look at the images of `resources` and of its forms' (a few levels, a few hundred
// objects) before Gfx reads the page: Gfx decodes a whole JPEG 2000 image to learn its
// colours (a landscape photo's page: 200-300 ms), so a page that names one keeps the colour
// path unread, even where it does not draw it. Colour, or 0 when there is none.
unsigned namedJPEG2000(Dict *resources, int depth, int &budget) {
    if (!resources || depth > 4) return 0;
    const Object xobjects = resources->lookup("XObject");
    if (!xobjects.isDict()) return 0;
    Dict *named = xobjects.getDict();
    for (int i = 0; i < named->getLength() && budget > 0; i++, budget--) {
        const Object xobject = named->getVal(i);
        if (!xobject.isStream() || !xobject.streamGetDict()) continue;
        Dict *dict = xobject.streamGetDict();
        const Object subtype = dict->lookup("Subtype");
        if (subtype.isName("Form")) {
            const Object inner = dict->lookup("Resources");
            if (inner.isDict() && namedJPEG2000(inner.getDict(), depth + 1, budget)) return CSPLASH_INK_COLOUR;
            continue;
        }
        if (!subtype.isName("Image") || isTrue(dict->lookup("ImageMask"))) continue;
        if (hasFilter(dict->lookup("Filter"), "JPXDecode")) return CSPLASH_INK_COLOUR;
    }
    return 0;
}

// Enough is known once a colour is met: the rest of the page is not read.
bool colourMet(void *output) {
    return static_cast<InkCheckingOutput *>(output)->found & (CSPLASH_INK_COLOUR | CSPLASH_INK_SHADING | CSPLASH_INK_TRANSPARENCY);
}
}

extern "C" unsigned csplash_page_inks(csplash_document *document, int index) {
    if (!document || !document->document || index < 0 || index >= document->document->getNumPages()) return CSPLASH_INK_UNREAD;
    try {
        Page *page = document->document->getPage(index + 1);
        if (!page) return CSPLASH_INK_UNREAD;
        int budget = 256;
        if (const unsigned colour = namedJPEG2000(page->getResourceDict(), 0, budget)) return colour;
        InkCheckingOutput output;
        document->document->displayPage(&output, index + 1, 72, 72, 0, false, true, false, colourMet, &output);
        return output.found;
    } catch (...) {
        return CSPLASH_INK_UNREAD;
    }
}
