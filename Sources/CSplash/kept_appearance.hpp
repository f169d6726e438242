// An annotation's appearance as poppler draws it, for the files that write appearances
// (kept_appearance.cpp, drawings.cpp).
#ifndef CSPLASH_KEPT_APPEARANCE_HPP
#define CSPLASH_KEPT_APPEARANCE_HPP

#include <poppler/Annot.h>

#include <optional>

// The appearance poppler draws `annot` with as it is now (on its page), in memory; null when
// it has the file's own or poppler draws none. `drawnAt` gets where it drew it, in page space.
Object drawnAppearance(Annot *annot, std::optional<PDFRectangle> *drawnAt);
// Makes `appearance` `annot`'s /AP /N, drawn into `rect`, so that a save writes both.
void keepAppearance(Annot *annot, Object &&appearance, const PDFRectangle &rect);

#endif
