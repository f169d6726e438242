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

extern "C" int csplash_redraw_standalone_widget(void *poppler_annot, const unsigned *ids, size_t count) {
    if (!poppler_annot || (count > 0 && !ids)) return 0;
    try {
        Annot *annot = glibAnnot(poppler_annot);
        if (!annot || annot->getType() != Annot::typeWidget || !annot->getHasRef()) return 0;
        PDFDoc *document = annot->getDoc();
        for (size_t i = 0; i < count; i++) {
            // poppler's widget ids carry their page's number (from 1) in the upper half.
            Page *page = document ? document->getPage(int(ids[i] >> 16)) : nullptr;
            std::unique_ptr<FormPageWidgets> widgets = page ? page->getFormWidgets() : nullptr;
            for (int w = 0; widgets && w < widgets->getNumWidgets(); w++) {
                FormWidget *widget = widgets->getWidget(w);
                if (!widget || widget->getID() != ids[i] || widget->getRef() != annot->getRef()) continue;
                if (!widget->getField() || !widget->getField()->isStandAlone()) return 0;
                static_cast<AnnotWidget *>(annot)->updateAppearanceStream();
                return 1;
            }
        }
        return 0;
    } catch (...) {
        return 0;
    }
}
