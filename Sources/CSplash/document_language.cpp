// The document's language, from its catalog's /Lang: poppler-glib does not read it.
#include "csplash.h"
#include "glib_page.hpp"

#include <poppler/Catalog.h>
#include <poppler/PDFDoc.h>
#include <poppler/Page.h>
#include <poppler/XRef.h>

#include <cctype>

extern "C" size_t csplash_document_language(void *poppler_page, char *out, size_t capacity) {
    if (!poppler_page || !out || capacity == 0) return 0;
    out[0] = 0;
    try {
        Page *page = glibPage(poppler_page);
        PDFDoc *document = page ? page->getDoc() : nullptr;
        if (!document || !document->getXRef()) return 0;
        Object catalog = document->getXRef()->getCatalog();
        if (!catalog.isDict()) return 0;
        Object lang = catalog.dictLookup("Lang");
        if (!lang.isString()) return 0;
        const GooString *tag = lang.getString();
        // A tag is ASCII; a UTF-16 one (a byte-order mark first) is read by its low bytes.
        const bool wide = tag->hasUnicodeMarker();
        size_t written = 0;
        for (int i = wide ? 3 : 0; i < tag->getLength() && written + 1 < capacity; i += wide ? 2 : 1) {
            const unsigned char c = static_cast<unsigned char>(tag->getChar(i));
            if (std::isalnum(c) || c == '-') out[written++] = static_cast<char>(c);
            else if (c == '_') out[written++] = '-';
            else break;
        }
        out[written] = 0;
        return written;
    } catch (...) {
        out[0] = 0;
        return 0;
    }
}
