// poppler-glib's PopplerPage, for the library's files that reach libpoppler's Page through
// poppler-glib's objects (a page's text, what the reader drew).
#ifndef CSPLASH_GLIB_PAGE_HPP
#define CSPLASH_GLIB_PAGE_HPP

#include <glib-object.h>
#include <poppler/Page.h>

// Its layout (poppler-private.h, which Debian does not install): a GObject, its document,
// then the page. It has not changed since poppler-glib began.
struct GlibPageLayout {
    GObject parent;
    void *document;
    Page *page;
};

// The page behind `poppler_page` (a PopplerPage), or null.
inline Page *glibPage(void *poppler_page) {
    return poppler_page ? static_cast<GlibPageLayout *>(poppler_page)->page : nullptr;
}

#endif
