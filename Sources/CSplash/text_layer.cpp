// A recognised page's invisible text layer (QuireEngine's TextLayer) written into the page:
// the content, the glyphless font it names, and the page's /Contents and /Resources that
// reach them. poppler-glib has no call that adds content to a page.
#include "csplash.h"
#include "glib_page.hpp"
#include "placement.hpp"

#include <poppler/PDFDoc.h>
#include <poppler/Page.h>
#include <poppler/Stream.h>
#include <poppler/XRef.h>
#include <poppler/Array.h>
#include <poppler/Dict.h>
#include <poppler/goo/gmem.h>

#include <cstring>
#include <string>

namespace {

// A new stream object of `bytes`, added to `xref` (its /Length set by poppler).
Ref addStream(XRef *xref, const void *bytes, size_t length, Dict *dict) {
    char *copy = static_cast<char *>(gmalloc(length ? length : 1)); // as poppler frees it
    if (length) memcpy(copy, bytes, length);
    // poppler's own, which owns the copy (its stream class is not exported to call directly).
    return xref->addStreamObject(dict, copy, static_cast<Goffset>(length));
}

// The Type 0 font the layer names: glyphless (its glyphs are never drawn), Identity-H codes
// that are UTF-16 units, each mapped to itself by its ToUnicode, every glyph half an em wide.
Ref addFont(XRef *xref, const uint8_t *to_unicode, size_t to_unicode_length, const uint8_t *font_file, size_t font_length) {
    Dict *descriptor = new Dict(xref);
    descriptor->add("Type", Object(objName, "FontDescriptor"));
    descriptor->add("FontName", Object(objName, "GlyphLessFont"));
    descriptor->add("Flags", Object(5));
    Array *box = new Array(xref);
    for (int value : {0, 0, 500, 1000}) box->add(Object(value));
    descriptor->add("FontBBox", Object(box));
    descriptor->add("ItalicAngle", Object(0));
    descriptor->add("Ascent", Object(1000));
    descriptor->add("Descent", Object(0));
    descriptor->add("CapHeight", Object(1000));
    descriptor->add("StemV", Object(80));
    // Tesseract's own glyphless TrueType, when the window found it: readers that insist on an embedded font take it.
    if (font_file && font_length) descriptor->add("FontFile2", Object(addStream(xref, font_file, font_length, new Dict(xref))));
    const Ref descriptorRef = xref->addIndirectObject(Object(descriptor));

    Dict *cid = new Dict(xref);
    cid->add("Type", Object(objName, "Font"));
    cid->add("Subtype", Object(objName, "CIDFontType2"));
    cid->add("BaseFont", Object(objName, "GlyphLessFont"));
    Dict *system = new Dict(xref);
    system->add("Registry", Object(new GooString("Adobe")));
    system->add("Ordering", Object(new GooString("Identity")));
    system->add("Supplement", Object(0));
    cid->add("CIDSystemInfo", Object(system));
    cid->add("FontDescriptor", Object(descriptorRef));
    cid->add("DW", Object(500));
    cid->add("CIDToGIDMap", Object(objName, "Identity"));
    const Ref cidRef = xref->addIndirectObject(Object(cid));

    Dict *font = new Dict(xref);
    font->add("Type", Object(objName, "Font"));
    font->add("Subtype", Object(objName, "Type0"));
    font->add("BaseFont", Object(objName, "GlyphLessFont"));
    font->add("Encoding", Object(objName, "Identity-H"));
    Array *descendants = new Array(xref);
    descendants->add(Object(cidRef));
    font->add("DescendantFonts", Object(descendants));
    font->add("ToUnicode", Object(addStream(xref, to_unicode, to_unicode_length, new Dict(xref))));
    return xref->addIndirectObject(Object(font));
}

// The matrix taking the page as displayed, origin at its bottom-left as shown (TextLayer's
// space), to its own: where `Placement` puts the displayed origin and the two unit steps.
std::string displayedToPage(Page *page) {
    const Placement placement(page);
    const double height = placement.rotate % 180 ? page->getCropWidth() : page->getCropHeight();
    double ox, oy, xx, xy, yx, yy;
    placement.toPage(0, height, &ox, &oy);
    placement.toPage(1, height, &xx, &xy);
    placement.toPage(0, height - 1, &yx, &yy);
    char matrix[200];
    snprintf(matrix, sizeof matrix, "%g %g %g %g %.4f %.4f cm\n", xx - ox, xy - oy, yx - ox, yy - oy, ox, oy);
    return matrix;
}

} // namespace

extern "C" int csplash_add_text_layer(void *poppler_page, const uint8_t *content, size_t length, const uint8_t *to_unicode,
                                      size_t to_unicode_length, const uint8_t *font_file, size_t font_length, int *font_object) {
    if (!poppler_page || !content || !to_unicode || !font_object) return 0;
    try {
        Page *page = glibPage(poppler_page);
        PDFDoc *document = page ? page->getDoc() : nullptr;
        XRef *xref = document ? document->getXRef() : nullptr;
        if (!xref || page->getRef() == Ref::INVALID()) return 0;
        if (*font_object <= 0) *font_object = addFont(xref, to_unicode, to_unicode_length, font_file, font_length).num;
        const Ref font = { *font_object, 0 };

        // The page's own content in a q … Q of its own: a content that leaves its matrix
        // changed does not move the layer.
        const Ref open = addStream(xref, "q\n", 2, new Dict(xref));
        std::string layer = "Q\nq\n" + displayedToPage(page);
        layer.append(reinterpret_cast<const char *>(content), length);
        layer += "Q\n";
        const Ref close = addStream(xref, layer.data(), layer.size(), new Dict(xref));

        const Ref pageRef = page->getRef();
        Object pageObject = xref->fetch(pageRef);
        if (!pageObject.isDict()) return 0;
        Array *contents = new Array(xref);
        contents->add(Object(open));
        const Object old = pageObject.dictLookupNF("Contents").copy();
        if (old.isArray()) {
            for (int i = 0; i < old.arrayGetLength(); i++) contents->add(old.arrayGetNF(i).copy());
        } else if (old.isRef()) {
            contents->add(old.copy());
        }
        contents->add(Object(close));
        pageObject.dictSet("Contents", Object(contents));

        // The page's resources as they are (its own or inherited), with the font added: a
        // dictionary of its own, so that pages sharing the old one are not changed.
        Dict *resources = page->getResourceDict() ? page->getResourceDict()->copy(xref) : new Dict(xref);
        Object fonts = resources->lookup("Font");
        Dict *newFonts = fonts.isDict() ? fonts.getDict()->copy(xref) : new Dict(xref);
        newFonts->set("QuireOCR", Object(font));
        resources->set("Font", Object(newFonts));
        pageObject.dictSet("Resources", Object(resources));
        xref->setModifiedObject(&pageObject, pageRef);
        return 1;
    } catch (...) {
        return 0;
    }
}
