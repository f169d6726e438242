#include "inflating_output.hpp"
#include "csplash.h"

#include <poppler/Dict.h>
#include <poppler/Stream.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <zlib.h>

namespace {
std::atomic<unsigned long> zlibImages {0};

// The decoded bytes of a FlateDecode stream, inflated by zlib from the stream under
// poppler's FlateStream (its undecoded input, which that stream owns and outlives this).
// poppler's FilterStream is not exported, hence Stream.
class ZlibStream final : public Stream {
public:
    explicit ZlibStream(Stream *raw) : raw(raw) {}
    ~ZlibStream() override { end(); }

    // Whether zlib reads the stream's start: a header and at least one byte.
    bool starts() {
        reset();
        return fill();
    }

    StreamKind getKind() const override { return strFlate; }
    void reset() override {
        end();
        raw->reset();
        std::memset(&z, 0, sizeof z);
        open = inflateInit(&z) == Z_OK;
        done = !open;
        position = length = 0;
    }
    void close() override { raw->close(); }
    int getChar() override { return position < length || fill() ? out[position++] : EOF; }
    int lookChar() override { return position < length || fill() ? out[position] : EOF; }
    int getUnfilteredChar() override { return getChar(); }
    void unfilteredReset() override { reset(); }
    Goffset getPos() override { return raw->getPos(); }
    void setPos(Goffset, int) override {}
    bool isBinary(bool) const override { return true; }
    BaseStream *getBaseStream() override { return raw->getBaseStream(); }
    Stream *getUndecodedStream() override { return raw->getUndecodedStream(); }
    Dict *getDict() override { return raw->getDict(); }
    Object *getDictObject() override { return raw->getDictObject(); }
    Stream *getNextStream() const override { return raw; }

private:
    bool hasGetChars() override { return true; }
    int getChars(int count, unsigned char *buffer) override {
        int given = 0;
        while (given < count && (position < length || fill())) {
            const int part = std::min(count - given, length - position);
            std::memcpy(buffer + given, out + position, size_t(part));
            given += part;
            position += part;
        }
        return given;
    }

    // Inflates the next part into `out`; false at the stream's end or at an error, where
    // poppler's decoder ends too (what was inflated before it stays read).
    bool fill() {
        position = length = 0;
        while (!done && length == 0) {
            if (z.avail_in == 0) {
                z.next_in = in;
                z.avail_in = uInt(raw->doGetChars(int(sizeof in), in));
            }
            const bool starved = z.avail_in == 0;
            z.next_out = out;
            z.avail_out = uInt(sizeof out);
            const int result = inflate(&z, Z_NO_FLUSH);
            length = int(sizeof out - z.avail_out);
            if (result == Z_STREAM_END || (result != Z_OK && result != Z_BUF_ERROR) || (starved && length == 0)) done = true;
        }
        return length > 0;
    }

    void end() {
        if (open) inflateEnd(&z);
        open = false;
    }

    Stream *raw;
    z_stream z {};
    bool open = false, done = true;
    unsigned char in[16384];
    unsigned char out[32768];
    int position = 0, length = 0;
};

// A zlib reader of `stream` when it is one plain FlateDecode zlib can start on, else null.
std::unique_ptr<ZlibStream> zlibReader(Stream *stream, bool inlineImage) {
    if (inlineImage || !stream || stream->getKind() != strFlate || !stream->getNextStream()) return nullptr;
    Dict *dict = stream->getDict();
    // A predictor (DecodeParms) is poppler's to apply; one filter only, so that the next
    // stream is the file's bytes.
    if (!dict || dict->hasKey("DecodeParms") || dict->hasKey("DP") || !dict->lookup("Filter").isName()) return nullptr;
    auto reader = std::make_unique<ZlibStream>(stream->getNextStream());
    if (!reader->starts()) return nullptr;
    zlibImages++;
    return reader;
}

// `stream` as the image is to be read: through zlib when it can be, for as long as this lives.
class Inflated {
public:
    Inflated(Stream *stream, bool inlineImage) : original(stream), reader(zlibReader(stream, inlineImage)) {}
    Stream *stream() const { return reader ? reader.get() : original; }

private:
    Stream *original;
    std::unique_ptr<ZlibStream> reader;
};
}

extern "C" unsigned long csplash_zlib_images(void) { return zlibImages.load(); }
extern "C" unsigned long csplash_streamed_images(void) { return streamedImageCount(); }
extern "C" unsigned long csplash_pages_drawn_in_place(void) { return pagesDrawnInPlace(); }

void InflatingSplashOutput::drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert,
                                          bool interpolate, bool inlineImg) {
    SplashOutputDev::drawImageMask(state, ref, Inflated(str, inlineImg).stream(), width, height, invert, interpolate, inlineImg);
}

void InflatingSplashOutput::drawImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                      GfxImageColorMap *colorMap, bool interpolate, const int *maskColors, bool inlineImg) {
    const Inflated image(str, inlineImg);
    // An inline image is left whole to Splash: Gfx reads on from where its data ends.
    if (streamsImages && !maskColors && !inlineImg && streamedImage(getSplash(), state, image.stream(), width, height, colorMap)) return;
    SplashOutputDev::drawImage(state, ref, image.stream(), width, height, colorMap, interpolate, maskColors, inlineImg);
}

void InflatingSplashOutput::drawMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                            GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr, int maskWidth,
                                            int maskHeight, bool maskInvert, bool maskInterpolate) {
    const Inflated image(str, false), mask(maskStr, false);
    SplashOutputDev::drawMaskedImage(state, ref, image.stream(), width, height, colorMap, interpolate, mask.stream(), maskWidth,
                                     maskHeight, maskInvert, maskInterpolate);
}

void InflatingSplashOutput::drawSoftMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                                GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr, int maskWidth,
                                                int maskHeight, GfxImageColorMap *maskColorMap, bool maskInterpolate) {
    const Inflated image(str, false), mask(maskStr, false);
    SplashOutputDev::drawSoftMaskedImage(state, ref, image.stream(), width, height, colorMap, interpolate, mask.stream(), maskWidth,
                                         maskHeight, maskColorMap, maskInterpolate);
}
