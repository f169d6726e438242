// A page's text in poppler's reading order, as pdftotext writes it: every line of the
// page's text layout once, flow by flow. poppler-glib has it only as a selection of the
// whole page, which on right-to-left and rotated pages starts or ends at the wrong block
// and leaves lines out (see Document.text(at:)).
#include <glib-object.h>
#include <poppler/Gfx.h>
#include <poppler/Page.h>
#include <poppler/TextOutputDev.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "csplash.h"
#include "glib_page.hpp"

namespace {

void append(void *stream, const char *text, int length)
{
    if (length > 0) {
        static_cast<std::string *>(stream)->append(text, size_t(length));
    }
}

} // namespace

char *csplash_page_text(void *poppler_page)
{
    Page *page = glibPage(poppler_page);
    if (!page) {
        return nullptr;
    }
    std::string text;
    // Laid out as poppler-glib lays out the text its find searches (no fixed pitch, not
    // in raw order), so that the two see the same words.
    TextOutputDev device(append, &text, false, 0, false, false);
    if (!device.isOk()) {
        return nullptr;
    }
    device.setTextEOL(eolUnix);
    device.setTextPageBreaks(false);
    // The page's content only, as poppler-glib's find has it: not its annotations, whose
    // text is not the page's and which Page::display would read and draw (4 times slower on
    // a page of form fields). Ending the Gfx ends the page, which writes the text.
    std::unique_ptr<Gfx> gfx(page->createGfx(&device, 72, 72, 0, false, true, -1, -1, -1, -1, false, nullptr, nullptr));
    page->display(gfx.get());
    gfx.reset();
    return strdup(text.c_str());
}
