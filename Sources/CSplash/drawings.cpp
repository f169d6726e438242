// What the reader drew, written into its page as annotations of poppler's own classes
// (AnnotInk, AnnotLine, AnnotGeometry, AnnotFreeText, AnnotStamp), each with its /AP /N so
// that programs that draw only appearance streams show what Quire shows. The choices:
//  1. Geometry comes in points from the top-left of the page as it displays; it is turned
//     into the page's own space here, its /Rotate and crop box (`Placement`).
//  2. poppler draws the appearance of lines, shapes, text boxes and stamps (kept_appearance);
//     ink's is written here, with round caps and joins as the window draws strokes (poppler's
//     has butt caps and mitred joins, which spike at a freehand stroke's turns, and a one-point
//     stroke draws nothing).
//  3. A text box and a stamp stand upright on the page as it displays: on a turned page their
//     appearance is drawn in the displayed frame and turned back by its /Matrix.
//  4. A picture stamp's pixels are written deflated (poppler's AnnotStampImageHelper writes
//     them raw: 16 MB for a 2048² picture), unless the file is encrypted or was repaired,
//     where poppler's save would write such a stream wrongly; then raw, as poppler does.
#include "csplash.h"
#include "glib_annot.hpp"
#include "glib_page.hpp"
#include "kept_appearance.hpp"
#include "placement.hpp"

#include <poppler/Annot.h>
#include <poppler/AnnotStampImageHelper.h>
#include <poppler/PDFDoc.h>
#include <poppler/Page.h>
#include <poppler/Stream.h>
#include <poppler/UTF.h>
#include <poppler/XRef.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

// Bytes in memory that the stream frees (poppler exports MemStream, not its AutoFreeMemStream).
class OwnedMemStream final : public MemStream {
public:
    OwnedMemStream(char *bytes, size_t length, Object &&dict) : MemStream(bytes, 0, Goffset(length), std::move(dict)) { }
    ~OwnedMemStream() override { gfree(const_cast<char *>(buf)); }
};

// A stream of a copy of `bytes`.
Stream *ownedStream(const unsigned char *bytes, size_t length, Dict *dict) {
    char *copy = static_cast<char *>(gmalloc(length ? length : 1));
    memcpy(copy, bytes, length);
    return new OwnedMemStream(copy, length, Object(dict));
}

std::unique_ptr<AnnotColor> colour(const double rgb[3]) {
    auto channel = [](double v) { return std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0; };
    return std::make_unique<AnnotColor>(channel(rgb[0]), channel(rgb[1]), channel(rgb[2]));
}

// A form XObject of `content`, drawn in `width` by `height`, uncompressed as poppler writes its own.
Object form(XRef *xref, const std::string &content, double width, double height) {
    Dict *dict = new Dict(xref);
    dict->add("Type", Object(objName, "XObject"));
    dict->add("Subtype", Object(objName, "Form"));
    Array *box = new Array(xref);
    for (double v : { 0.0, 0.0, width, height }) box->add(Object(v));
    dict->add("BBox", Object(box));
    dict->add("Length", Object(int(content.size())));
    return Object(ownedStream(reinterpret_cast<const unsigned char *>(content.data()), content.size(), dict));
}

std::string number(double value) {
    char text[32];
    snprintf(text, sizeof text, "%.2f", std::fabs(value) < 0.005 ? 0.0 : value);
    return text;
}

// Ink's appearance (rule 2), its strokes in page space, into `rect`.
Object inkAppearance(XRef *xref, const std::vector<std::vector<AnnotCoord>> &strokes, const PDFRectangle &rect, double width, const double rgb[3]) {
    std::string content = "q 1 J 1 j " + number(width) + " w ";
    for (int i = 0; i < 3; i++) content += number(std::clamp(rgb[i], 0.0, 1.0)) + " ";
    content += "RG\n";
    for (const auto &stroke : strokes) {
        for (size_t i = 0; i < stroke.size(); i++) {
            content += number(stroke[i].getX() - rect.x1) + " " + number(stroke[i].getY() - rect.y1) + (i == 0 ? " m\n" : " l\n");
        }
        if (stroke.size() == 1) content += number(stroke[0].getX() - rect.x1) + " " + number(stroke[0].getY() - rect.y1) + " l\n"; // a dot
        content += "S\n";
    }
    content += "Q\n";
    return form(xref, content, rect.x2 - rect.x1, rect.y2 - rect.y1);
}

// An image XObject of `bytes` (`components` a pixel), deflated when `deflate` (rule 4).
Object image(XRef *xref, int width, int height, const std::vector<unsigned char> &bytes, int components, Ref mask, bool deflate) {
    Dict *dict = new Dict(xref);
    dict->add("Type", Object(objName, "XObject"));
    dict->add("Subtype", Object(objName, "Image"));
    dict->add("Width", Object(width));
    dict->add("Height", Object(height));
    dict->add("BitsPerComponent", Object(8));
    dict->add("ColorSpace", Object(objName, components == 1 ? "DeviceGray" : "DeviceRGB"));
    if (mask != Ref::INVALID()) dict->add("SMask", Object(mask));
    std::vector<unsigned char> packed;
    if (deflate) {
        uLongf length = compressBound(uLong(bytes.size()));
        packed.resize(length);
        if (compress2(packed.data(), &length, bytes.data(), uLong(bytes.size()), 6) != Z_OK) {
            deflate = false;
        } else {
            packed.resize(length);
        }
    }
    const std::vector<unsigned char> &written = deflate ? packed : bytes;
    dict->add("Length", Object(int(written.size())));
    if (!deflate) return Object(ownedStream(written.data(), written.size(), dict));
    dict->add("Filter", Object(objName, "FlateDecode"));
    // Read through its filter (a print draws it before any save); a save copies the deflated bytes.
    return Object(ownedStream(written.data(), written.size(), dict)->addFilters(dict));
}

// The picture's image (premultiplied BGRA rows, cairo's ARGB32 on a little-endian machine),
// with its transparency as a soft mask when it has any, as a stamp helper poppler draws.
AnnotStampImageHelper *picture(PDFDoc *doc, const uint8_t *pixels, int width, int height) {
    XRef *xref = doc->getXRef();
    Goffset end;
    const bool deflate = !xref->isEncrypted() && !xref->getStreamEnd(0, &end);
    std::vector<unsigned char> rgb(size_t(width) * height * 3), alpha(size_t(width) * height);
    bool opaque = true;
    for (size_t i = 0; i < size_t(width) * height; i++) {
        const uint8_t *p = pixels + i * 4;
        const unsigned a = p[3];
        alpha[i] = a;
        opaque = opaque && a == 255;
        for (int c = 0; c < 3; c++) rgb[i * 3 + c] = a == 0 ? 255 : std::min(255u, (p[2 - c] * 255u + a / 2) / a);
    }
    const Ref mask = opaque ? Ref::INVALID() : xref->addIndirectObject(image(xref, width, height, alpha, 1, Ref::INVALID(), deflate));
    // The helper's own object is replaced by ours (its constructor writes raw pixels only).
    char none = 0;
    auto *helper = new AnnotStampImageHelper(doc, width, height, ColorSpace::DeviceRGB, 8, &none, 1);
    Object ours = image(xref, width, height, rgb, 3, mask, deflate);
    xref->setModifiedObject(&ours, helper->getRef());
    return helper;
}

// The appearance poppler draws `annot` with, kept; upright on a turned page (rule 3): drawn
// in the displayed frame `upright` (placed at the page rectangle's corner), then turned.
bool keepDrawn(Annot *annot, const Placement &placement, const PDFRectangle &rect, const double *upright) {
    if (!upright || !placement.turned()) {
        std::optional<PDFRectangle> found;
        Object drawn = drawnAppearance(annot, &found);
        if (!drawn.isStream()) return false;
        keepAppearance(annot, std::move(drawn), found ? *found : rect);
        return true;
    }
    annot->setRect(rect.x1, rect.y1, rect.x1 + upright[2], rect.y1 + upright[3]);
    Object drawn = drawnAppearance(annot, nullptr);
    if (!drawn.isStream()) return false;
    drawn.streamGetDict()->set("Matrix", placement.uprightMatrix(annot->getDoc()->getXRef()));
    keepAppearance(annot, std::move(drawn), rect);
    return true;
}

} // namespace

extern "C" int csplash_add_drawing(void *poppler_page, const csplash_drawing *drawing) {
    Page *page = glibPage(poppler_page);
    if (!page || !drawing) return 0;
    try {
        PDFDoc *doc = page->getDoc();
        XRef *xref = doc->getXRef();
        const Placement placement(page);
        const double half = std::max(drawing->width, 0.0) / 2;
        Annot *annot = nullptr;
        PDFRectangle rect = placement.toPage(drawing->frame);
        std::vector<std::vector<AnnotCoord>> strokes;
        switch (drawing->kind) {
        case CSPLASH_DRAWN_INK: {
            size_t at = 0;
            double x1 = HUGE_VAL, y1 = HUGE_VAL, x2 = -HUGE_VAL, y2 = -HUGE_VAL;
            for (size_t s = 0; s < drawing->stroke_count; s++) {
                std::vector<AnnotCoord> stroke;
                for (size_t p = 0; p < drawing->stroke_lengths[s] && at < drawing->point_count; p++, at++) {
                    double x, y;
                    placement.toPage(drawing->points[at * 2], drawing->points[at * 2 + 1], &x, &y);
                    stroke.emplace_back(x, y);
                    x1 = std::min(x1, x), y1 = std::min(y1, y), x2 = std::max(x2, x), y2 = std::max(y2, y);
                }
                if (!stroke.empty()) strokes.push_back(std::move(stroke));
            }
            if (strokes.empty()) return 0;
            rect = PDFRectangle(x1 - half, y1 - half, x2 + half, y2 + half);
            auto *ink = new AnnotInk(doc, &rect);
            std::vector<std::unique_ptr<AnnotPath>> paths;
            std::vector<AnnotPath *> list;
            for (const auto &stroke : strokes) {
                paths.push_back(std::make_unique<AnnotPath>(std::vector<AnnotCoord>(stroke)));
                list.push_back(paths.back().get());
            }
            ink->setInkList(list.data(), int(list.size()));
            annot = ink;
            break;
        }
        case CSPLASH_DRAWN_LINE: {
            if (drawing->point_count < 2) return 0;
            double x1, y1, x2, y2;
            placement.toPage(drawing->points[0], drawing->points[1], &x1, &y1);
            placement.toPage(drawing->points[2], drawing->points[3], &x2, &y2);
            rect = PDFRectangle(std::min(x1, x2) - half, std::min(y1, y2) - half, std::max(x1, x2) + half, std::max(y1, y2) + half);
            auto *line = new AnnotLine(doc, &rect);
            line->setVertices(x1, y1, x2, y2);
            line->setStartEndStyle(annotLineEndingNone, drawing->arrow ? annotLineEndingOpenArrow : annotLineEndingNone);
            annot = line;
            break;
        }
        case CSPLASH_DRAWN_SQUARE:
        case CSPLASH_DRAWN_CIRCLE: {
            // PDF draws a shape's border inside its /Rect: the frame is the border's middle, as the window draws it.
            rect = PDFRectangle(rect.x1 - half, rect.y1 - half, rect.x2 + half, rect.y2 + half);
            auto *shape = new AnnotGeometry(doc, &rect, drawing->kind == CSPLASH_DRAWN_SQUARE ? Annot::typeSquare : Annot::typeCircle);
            if (drawing->filled) shape->setInteriorColor(colour(drawing->fill));
            annot = shape;
            break;
        }
        case CSPLASH_DRAWN_FREE_TEXT: {
            auto *box = new AnnotFreeText(doc, &rect);
            box->setDefaultAppearance(DefaultAppearance(Object(objName, "Helv"), drawing->font_size, colour(drawing->colour)));
            annot = box;
            break;
        }
        case CSPLASH_DRAWN_STAMP: {
            auto *stamp = new AnnotStamp(doc, &rect);
            if (drawing->pixels && drawing->pixel_width > 0 && drawing->pixel_height > 0) {
                stamp->setCustomImage(picture(doc, drawing->pixels, drawing->pixel_width, drawing->pixel_height));
            } else {
                GooString name(drawing->stamp_name ? drawing->stamp_name : "Draft");
                stamp->setIcon(&name);
            }
            annot = stamp;
            break;
        }
        default:
            return 0;
        }
        // A text box's colour is its words' (/DA): poppler fills a FreeText's frame with /C.
        if (drawing->kind != CSPLASH_DRAWN_FREE_TEXT) annot->setColor(colour(drawing->colour));
        auto border = std::make_unique<AnnotBorderArray>();
        border->setWidth(drawing->kind == CSPLASH_DRAWN_FREE_TEXT || drawing->kind == CSPLASH_DRAWN_STAMP ? 0 : drawing->width);
        annot->setBorder(std::move(border));
        // PDF text strings: UTF-16 with its byte order mark, as poppler-glib writes them.
        if (drawing->contents && *drawing->contents) annot->setContents(utf8ToUtf16WithBom(drawing->contents));
        auto *markup = static_cast<AnnotMarkup *>(annot);
        if (drawing->author && *drawing->author) markup->setLabel(utf8ToUtf16WithBom(drawing->author));
        if (drawing->date && *drawing->date) {
            GooString date(drawing->date);
            markup->setDate(&date);
            annot->setModified(&date);
        }
        annot->setFlags(Annot::flagPrint);
        page->addAnnot(annot);
        bool kept;
        if (drawing->kind == CSPLASH_DRAWN_INK) {
            Object drawn = inkAppearance(xref, strokes, rect, drawing->width, drawing->colour);
            keepAppearance(annot, std::move(drawn), rect);
            kept = true;
        } else {
            const bool upright = drawing->kind == CSPLASH_DRAWN_FREE_TEXT || drawing->kind == CSPLASH_DRAWN_STAMP;
            kept = keepDrawn(annot, placement, rect, upright ? drawing->frame : nullptr);
        }
        annot->decRefCnt();
        return kept ? 1 : 2;
    } catch (...) {
        return 0;
    }
}
