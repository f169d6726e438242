// Widgets no AcroForm lists ("standalone" fields: the corpus's scanned tax form has no
// AcroForm at all). poppler 22.12 (Page::loadStandaloneFields) gives such a field a widget
// annotation of its own beside the page's, so a value set through poppler-glib redraws
// only that copy: the page goes on drawing the file's appearance, and what the reader
// typed never shows. Here the page's own annotation draws its field anew.
#include "csplash.h"
#include "glib_annot.hpp"

#include <poppler/Form.h>
#include <poppler/PDFDoc.h>
#include <poppler/Page.h>

#include <memory>
#include <set>
#include <unordered_set>

extern "C" int csplash_redraw_standalone_widgets(void *const *poppler_annots, size_t annot_count, int index, const unsigned *ids,
                                                 size_t count) {
    if (!poppler_annots || annot_count == 0 || !ids || count == 0) return 0;
    try {
        Annot *first = glibAnnot(poppler_annots[0]);
        PDFDoc *document = first ? first->getDoc() : nullptr;
        if (!document || index < 0 || index >= document->getNumPages()) return 0;
        Page *page = document->getPage(index + 1);
        std::unique_ptr<FormPageWidgets> widgets = page ? page->getFormWidgets() : nullptr;
        if (!widgets) return 0;
        // The page's standalone widgets among `ids`, by their objects' numbers.
        const std::unordered_set<unsigned> wanted(ids, ids + count);
        std::set<Ref> standalone;
        for (int w = 0; w < widgets->getNumWidgets(); w++) {
            FormWidget *widget = widgets->getWidget(w);
            if (widget && wanted.count(widget->getID()) && widget->getField() && widget->getField()->isStandAlone())
                standalone.insert(widget->getRef());
        }
        int redrawn = 0;
        for (size_t a = 0; a < annot_count && !standalone.empty(); a++) {
            Annot *annot = glibAnnot(poppler_annots[a]);
            if (!annot || annot->getType() != Annot::typeWidget || !annot->getHasRef() || !standalone.count(annot->getRef())) continue;
            static_cast<AnnotWidget *>(annot)->updateAppearanceStream();
            redrawn++;
        }
        return redrawn;
    } catch (...) {
        return 0;
    }
}
