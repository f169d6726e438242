// An annotation's appearance as poppler draws it, written into the annotation. poppler 22.12
// makes the appearance of a text markup, a note (and most kinds) when it draws one that has
// none (one made through poppler-glib, or one whose colour was set, which drops its /AP), but
// keeps it in memory only: a save writes no /AP, and programs that draw only appearance
// streams show nothing. Here poppler draws the annotation once, through an output that draws
// nothing, and what it made becomes the annotation's /AP /N.
#include "csplash.h"
#include "glib_annot.hpp"
#include "kept_appearance.hpp"

#include <poppler/Gfx.h>
#include <poppler/OutputDev.h>
#include <poppler/PDFDoc.h>
#include <poppler/Page.h>
#include <poppler/XRef.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

// Draws nothing (poppler makes the appearance on the way to drawing it), but notes where
// the appearance went: the box of the first form it clips to once `watching`, in page space.
class NoOutput final : public OutputDev {
public:
    explicit NoOutput(const PDFRectangle &box) : origin(box) { }
    bool upsideDown() override { return false; }
    bool useDrawChar() override { return false; }
    bool interpretType3Chars() override { return false; }

    void clip(GfxState *state) override {
        const GfxPath *path = state->getPath();
        if (!watching || found || !path) return;
        double x1 = HUGE_VAL, y1 = HUGE_VAL, x2 = -HUGE_VAL, y2 = -HUGE_VAL;
        for (int s = 0; s < path->getNumSubpaths(); s++) {
            const GfxSubpath *sub = path->getSubpath(s);
            for (int p = 0; p < sub->getNumPoints(); p++) {
                double x, y;
                state->transform(sub->getX(p), sub->getY(p), &x, &y);
                x1 = std::min(x1, x), y1 = std::min(y1, y), x2 = std::max(x2, x), y2 = std::max(y2, y);
            }
        }
        // Upright at 72 dpi, the device is the page's space moved by the box's corner.
        if (x2 > x1 && y2 > y1) found = PDFRectangle(x1 + origin.x1, y1 + origin.y1, x2 + origin.x1, y2 + origin.y1);
    }

    bool watching = false;
    std::optional<PDFRectangle> found;

private:
    PDFRectangle origin;
};

// A stream inside another object cannot be written as it is: each form in an appearance's
// resources (poppler puts a highlight's inside its blend) becomes an object of its own.
void liftForms(XRef *xref, const Object &form, int depth) {
    if (depth > 4 || !form.isStream()) return;
    Object resources = form.streamGetDict()->lookupNF("Resources").copy();
    if (!resources.isDict()) return;
    Object forms = resources.dictLookupNF("XObject").copy(); // the same Dict, shared
    if (!forms.isDict()) return;
    Dict *dict = forms.getDict();
    for (int i = 0; i < dict->getLength(); i++) {
        const Object &inner = dict->getValNF(i);
        if (!inner.isStream()) continue;
        liftForms(xref, inner, depth + 1);
        const Ref ref = xref->addIndirectObject(inner);
        dict->set(dict->getKey(i), Object(ref));
    }
}

} // namespace

Object drawnAppearance(Annot *annot, std::optional<PDFRectangle> *drawnAt) {
    PDFDoc *document = annot->getDoc();
    const int number = annot->getPageNum();
    Page *page = document && number >= 1 && number <= document->getNumPages() ? document->getPage(number) : nullptr;
    if (!page) return Object();
    NoOutput output(*page->getCropBox());
    Gfx gfx(document, &output, number, page->getResourceDict(), 72, 72, page->getCropBox(), page->getCropBox(), 0);
    output.watching = true;
    annot->draw(&gfx, false);
    if (drawnAt) *drawnAt = output.found;
    // A reference is the file's own appearance, written already; null is a kind poppler does not draw.
    Object drawn = annot->getAppearance();
    return drawn.isStream() ? std::move(drawn) : Object();
}

void keepAppearance(Annot *annot, Object &&appearance, const PDFRectangle &rect) {
    annot->setRect(rect.x1, rect.y1, rect.x2, rect.y2); // drops the appearance: set again below
    liftForms(annot->getDoc()->getXRef(), appearance, 0);
    annot->setNewAppearance(std::move(appearance));
}

extern "C" int csplash_keep_appearance(void *poppler_annot) {
    Annot *annot = glibAnnot(poppler_annot);
    // Not getHasRef(): poppler 22.12 leaves it unset on an annotation made anew.
    if (!annot || annot->getRef() == Ref::INVALID()) return 0;
    try {
        std::optional<PDFRectangle> found;
        Object drawn = drawnAppearance(annot, &found);
        if (!drawn.isStream()) return 0;
        // The /Rect the appearance is drawn into: where poppler drew it (a highlight's
        // rounded ends reach past its words; a note's icon is 24 points square).
        keepAppearance(annot, std::move(drawn), found ? *found : annot->getRect());
        return 1;
    } catch (...) {
        return 0;
    }
}
