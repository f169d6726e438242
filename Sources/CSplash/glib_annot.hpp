// poppler-glib's PopplerAnnot, for the library's files that reach libpoppler's classes
// through poppler-glib's objects (form fields' names, standalone widgets' appearance).
#ifndef CSPLASH_GLIB_ANNOT_HPP
#define CSPLASH_GLIB_ANNOT_HPP

#include <glib-object.h>
#include <poppler/Annot.h>

// Its layout (poppler-private.h, which Debian does not install): a GObject, then the page's
// Annot. It has not changed since poppler-glib began.
struct GlibAnnotLayout {
    GObject parent;
    Annot *annot;
};

// The page's annotation behind `poppler_annot` (a PopplerAnnot from the page's annotation
// mapping), or null.
inline Annot *glibAnnot(void *poppler_annot) {
    return poppler_annot ? static_cast<GlibAnnotLayout *>(poppler_annot)->annot : nullptr;
}

#endif
