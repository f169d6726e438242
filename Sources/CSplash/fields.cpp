// Form fields' full names for the document helpers, through libpoppler's own classes:
// poppler 22.12's FormField::getFullyQualifiedName (poppler_form_field_get_name) walks
// /Parent with no end when the chain loops (a field its own parent; the corpus's Russian
// tax form), and its helper hung until the watchdog ended it, with the whole form unread.
// This walk stops at a loop and at `depthLimit` levels. It reads poppler-glib's own document
// (through one of the page's annotations, `glib_annot.hpp`), so nothing is parsed twice.
#include "csplash.h"
#include "glib_annot.hpp"

#include <poppler/Form.h>
#include <poppler/PDFDoc.h>
#include <poppler/Page.h>
#include <poppler/UTF.h>
#include <poppler/UnicodeMapFuncs.h>
#include <poppler/goo/gmem.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <unordered_map>

namespace {
constexpr int depthLimit = 64;
constexpr size_t nameLimit = 1024;

// A PDF text string (UTF-16 after its byte order mark, or PDFDocEncoding) as UTF-8, decoded
// and encoded by libpoppler (an unpaired surrogate comes as U+FFFD).
std::string utf8(const GooString *text) {
    Unicode *characters = nullptr;
    const int count = TextStringToUCS4(text->toStr(), &characters);
    std::string out;
    char bytes[8];
    for (int i = 0; i < count; i++) out.append(bytes, size_t(std::max(0, mapUTF8(characters[i], bytes, int(sizeof bytes)))));
    gfree(characters);
    return out;
}

// The field's /T and its ancestors', joined by dots, the outermost first.
std::string fullName(FormField *field) {
    std::string name;
    std::set<Ref> seen = {field->getRef()};
    Object current = field->getObj()->copy();
    for (int depth = 0; depth < depthLimit && current.isDict() && name.size() < nameLimit; depth++) {
        Object partial = current.dictLookup("T");
        if (partial.isString()) name = name.empty() ? utf8(partial.getString()) : utf8(partial.getString()) + "." + name;
        Ref parent = Ref::INVALID();
        Object next = current.getDict()->lookup("Parent", &parent);
        if (parent != Ref::INVALID() && !seen.insert(parent).second) break;
        current = std::move(next);
    }
    return name.substr(0, nameLimit);
}
}

extern "C" long csplash_field_names(void *poppler_annot, int index, const unsigned *ids, size_t count, char *out, size_t capacity) {
    Annot *annot = glibAnnot(poppler_annot);
    if (!annot || !out || capacity == 0 || (count > 0 && !ids)) return -1;
    try {
        PDFDoc *doc = annot->getDoc();
        if (!doc || index < 0 || index >= doc->getNumPages()) return -1;
        Page *page = doc->getPage(index + 1);
        if (!page) return -1;
        std::unique_ptr<FormPageWidgets> widgets = page->getFormWidgets();
        size_t written = 0;
        std::unordered_map<unsigned, FormField *> fields;
        for (int w = 0; widgets && w < widgets->getNumWidgets(); w++) {
            FormWidget *widget = widgets->getWidget(w);
            if (widget && widget->getField()) fields.emplace(widget->getID(), widget->getField());
        }
        for (size_t i = 0; i < count; i++) {
            const auto field = fields.find(ids[i]);
            const std::string name = field == fields.end() ? std::string() : fullName(field->second);
            if (written + name.size() + 1 > capacity) break;
            std::memcpy(out + written, name.c_str(), name.size() + 1);
            written += name.size() + 1;
        }
        return long(written);
    } catch (...) {
        return -1;
    }
}
