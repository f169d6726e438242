// An image Splash would shrink whole and then copy onto the page, shrunk a band of rows at a
// time straight onto the page instead, to the same pixels. Splash's drawImage scales an
// image into a bitmap of its whole scaled size (the 300-dpi scan's page at 1,590 pixels
// wide: 13.9 MB beside the page's own 13.9 and its alpha's 3.5) and then copies that
// through its pixel pipe; this does Splash's own arithmetic (scaleImageYdownXdown's box
// sums, its rounding of the image's corners, blitImage's clip test) row by row, with one
// row of sums held, converts the colours only of rows that are seen, and stops reading
// below the last of them. Only for what Splash would draw the same way: an upright image,
// shrunk both ways, opaque, unblended, unmasked, clipped by rectangles only, no transfer
// function, colours read as Splash's imageSrc reads them (not through a colour profile,
// which Splash applies after scaling); anything else is Splash's (`streamedImage` returns
// false before reading the stream).
#include "inflating_output.hpp"
#include "csplash.h"

#include <poppler/GfxState.h>
#include <poppler/Stream.h>
#include <poppler/splash/Splash.h>
#include <poppler/splash/SplashBitmap.h>
#include <poppler/splash/SplashClip.h>
#include <poppler/splash/SplashMath.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <vector>

namespace {
std::atomic<unsigned long> streamedImages {0};

// One source row as Splash's imageSrc gives it: 4 bytes a pixel (R, G, B, 255) in XBGR8,
// 1 (grey) in Mono8; zeros past a stream's end, as there.
class RowReader {
public:
    RowReader(Stream *str, int width, GfxImageColorMap *colorMap, bool mono)
        : stream(str, width, colorMap->getNumPixelComps(), colorMap->getBits()), colorMap(colorMap), width(width), mono(mono),
          nComps(colorMap->getNumPixelComps()), line(size_t(width) * (mono ? 1 : 4)) {
        stream.reset();
        if (nComps == 1) {
            const int entries = 1 << colorMap->getBits();
            lookup.resize(size_t(entries) * (mono ? 1 : 4));
            for (int i = 0; i < entries; i++) {
                unsigned char pixel = (unsigned char)i;
                if (mono) {
                    GfxGray grey;
                    colorMap->getGray(&pixel, &grey);
                    lookup[size_t(i)] = colToByte(grey);
                } else {
                    GfxRGB rgb;
                    colorMap->getRGB(&pixel, &rgb);
                    unsigned char *entry = &lookup[size_t(i) * 4];
                    entry[0] = colToByte(rgb.r), entry[1] = colToByte(rgb.g), entry[2] = colToByte(rgb.b), entry[3] = 255;
                }
            }
        }
    }
    ~RowReader() { stream.close(); }

    // Reads past a row no one sees, its colours unconverted.
    void skip() { stream.getLine(); }

    const unsigned char *next() {
        unsigned char *p = stream.getLine();
        if (!p) {
            std::memset(line.data(), 0, line.size());
            return line.data();
        }
        unsigned char *q = line.data();
        if (!lookup.empty()) {
            if (mono) {
                for (int x = 0; x < width; x++) *q++ = lookup[p[x]];
            } else {
                for (int x = 0; x < width; x++, q += 4) std::memcpy(q, &lookup[size_t(p[x]) * 4], 4);
            }
        } else if (mono) {
            for (int x = 0; x < width; x++, p += nComps) {
                GfxGray grey;
                colorMap->getGray(p, &grey);
                *q++ = colToByte(grey);
            }
        } else if (colorMap->useRGBLine()) {
            colorMap->getRGBXLine(p, q, width);
        } else {
            for (int x = 0; x < width; x++, p += nComps) {
                GfxRGB rgb;
                colorMap->getRGB(p, &rgb);
                *q++ = colToByte(rgb.r), *q++ = colToByte(rgb.g), *q++ = colToByte(rgb.b), *q++ = 255;
            }
        }
        return line.data();
    }

private:
    ImageStream stream;
    GfxImageColorMap *colorMap;
    const int width;
    const bool mono;
    const int nComps;
    std::vector<unsigned char> lookup, line;
};
}

unsigned long streamedImageCount() { return streamedImages.load(); }

bool streamedImage(Splash *splash, GfxState *state, Stream *str, int width, int height, GfxImageColorMap *colorMap) {
    if (!splash || !state || !str || !colorMap || width <= 0 || height <= 0) return false;
    SplashBitmap *bitmap = splash->getBitmap();
    if (!bitmap || !bitmap->getDataPtr() || !bitmap->getAlphaPtr()) return false;
    const SplashColorMode mode = bitmap->getMode();
    if (mode != splashModeXBGR8 && mode != splashModeMono8) return false;
    const bool mono = mode == splashModeMono8;
    // Splash's simple pipe, which writes the colour as it is: nothing under it to blend with.
    if (splash->getSoftMask() || splash->getInNonIsolatedGroup() || splash->getBlendFunc()) return false;
    if (splashRound(splash->getFillAlpha() * 255) != 255) return false;
    Function **transfer = state->getTransfer();
    for (int i = 0; i < 4; i++) {
        if (transfer[i]) return false;
    }
    // Colours through a profile are transformed by Splash after scaling (iccImageSrc).
    const int nComps = colorMap->getNumPixelComps();
    if (nComps != 1 && colorMap->getColorSpace()->getMode() == csICCBased) return false;

    const double *ctm = state->getCTM();
    for (int i = 0; i < 6; i++) {
        if (!std::isfinite(ctm[i])) return false;
    }
    // SplashOutputDev::drawImage's matrix, and Splash::drawImage's two upright cases.
    const SplashCoord mat[6] = {ctm[0], ctm[1], -ctm[2], -ctm[3], ctm[2] + ctm[4], ctm[3] + ctm[5]};
    if (!(mat[0] > 0 && mat[1] == 0 && mat[2] == 0 && mat[3] != 0)) return false;
    if (!splashCheckDet(mat[0], mat[1], mat[2], mat[3], 0.000001)) return false;
    const bool flipped = mat[3] < 0;
    const int x0 = splashFloor(mat[4]), x1 = splashFloor(mat[0] + mat[4]) + 1;
    const int y0 = splashFloor(flipped ? mat[3] + mat[5] : mat[5]), y1 = splashFloor(flipped ? mat[5] : mat[3] + mat[5]) + 1;
    const long long wide = (long long)x1 - x0, high = (long long)y1 - y0;
    // scaleImageYdownXdown's case only: shrunk both ways.
    if (wide <= 0 || high <= 0 || wide >= width || high >= height) return false;
    const int scaledWidth = int(wide), scaledHeight = int(high);

    // A clip of paths is Splash's; a rectangle is tested here as SplashClip::testRect and
    // test do (libpoppler does not export them).
    SplashClip *clip = splash->getClip();
    if (!clip || clip->getNumPaths() != 0) return false;
    streamedImages++;
    if (SplashCoord(x1) <= clip->getXMin() || SplashCoord(x0) >= clip->getXMax() || SplashCoord(y1) <= clip->getYMin() ||
        SplashCoord(y0) >= clip->getYMax())
        return true; // Splash reads none of it either
    const bool inside = SplashCoord(x0) >= clip->getXMin() && SplashCoord(x1) <= clip->getXMax() && SplashCoord(y0) >= clip->getYMin() &&
        SplashCoord(y1) <= clip->getYMax();
    const int clipLeft = clip->getXMinI(), clipRight = clip->getXMaxI();

    const int comps = mono ? 1 : 3, sourceStep = mono ? 1 : 4;
    const int bitmapWidth = bitmap->getWidth(), bitmapHeight = bitmap->getHeight();
    const size_t rowSize = size_t(bitmap->getRowSize());
    unsigned char *data = bitmap->getDataPtr(), *alpha = bitmap->getAlphaPtr();
    // The rows seen: inside the bitmap and the clip (a flipped image's come bottom up).
    const int firstRow = std::max(0, std::max(y0, clip->getYMinI())), lastRow = std::min(bitmapHeight - 1, std::min(y1 - 1, clip->getYMaxI()));

    RowReader rows(str, width, colorMap, mono);
    std::vector<unsigned> sums(size_t(width) * size_t(comps));
    const int yp = height / scaledHeight, yq = height % scaledHeight;
    const int xp = width / scaledWidth, xq = width % scaledWidth;
    int yt = 0;
    for (int y = 0; y < scaledHeight; y++) {
        int yStep = yp;
        if ((yt += yq) >= scaledHeight) {
            yt -= scaledHeight;
            yStep = yp + 1;
        }
        const int row = flipped ? y0 + (scaledHeight - 1 - y) : y0 + y;
        if (flipped ? row < firstRow : row > lastRow) break; // nothing further is seen
        if (row < firstRow || row > lastRow) {
            for (int i = 0; i < yStep; i++) rows.skip();
            continue;
        }
        std::fill(sums.begin(), sums.end(), 0u);
        for (int i = 0; i < yStep; i++) {
            const unsigned char *line = rows.next();
            unsigned *sum = sums.data();
            for (int x = 0; x < width; x++, line += sourceStep, sum += comps) {
                for (int c = 0; c < comps; c++) sum[c] += line[c];
            }
        }
        const int d0 = (1 << 23) / (yStep * xp), d1 = (1 << 23) / (yStep * (xp + 1));
        unsigned char *out = data + size_t(row) * rowSize;
        unsigned char *outAlpha = alpha + size_t(row) * size_t(bitmapWidth);
        int xt = 0;
        const unsigned *sum = sums.data();
        for (int x = 0; x < scaledWidth; x++) {
            int xStep = xp, d = d0;
            if ((xt += xq) >= scaledWidth) {
                xt -= scaledWidth;
                xStep = xp + 1;
                d = d1;
            }
            unsigned pixel[3] = {0, 0, 0};
            for (int i = 0; i < xStep; i++, sum += comps) {
                for (int c = 0; c < comps; c++) pixel[c] += sum[c];
            }
            const int column = x0 + x;
            if (column < 0 || column >= bitmapWidth) continue;
            if (!inside && (column < clipLeft || column > clipRight)) continue;
            if (mono) {
                out[column] = (unsigned char)((pixel[0] * unsigned(d)) >> 23);
            } else {
                unsigned char *p = out + size_t(column) * 4;
                p[0] = (unsigned char)((pixel[2] * unsigned(d)) >> 23);
                p[1] = (unsigned char)((pixel[1] * unsigned(d)) >> 23);
                p[2] = (unsigned char)((pixel[0] * unsigned(d)) >> 23);
                p[3] = 255;
            }
            outAlpha[column] = 255;
        }
    }
    return true;
}
