// One of the file's own annotations (another program's) moved or resized by the reader. The
// choices:
//  1. Ink, lines and polygons are their points: these are mapped from the old /Rect onto the
//     new, and poppler draws them anew there (its appearance is kept as their /AP).
//  2. Any other kind with an appearance stream keeps it: the new /Rect alone moves and
//     scales it (PDF's algorithm maps the form's box onto the /Rect), so a picture stamp or
//     another program's text box looks as it did. Without one, poppler draws it in the new
//     /Rect, and that is kept.
//  3. Text markups are their words' quadrilaterals: not moved.
#include "csplash.h"
#include "glib_annot.hpp"
#include "kept_appearance.hpp"
#include "placement.hpp"

#include <poppler/Annot.h>
#include <poppler/PDFDoc.h>

#include <memory>
#include <vector>

namespace {

// The points of `path` mapped from `from` onto `to`, as a new path.
std::unique_ptr<AnnotPath> mapped(const AnnotPath *path, const PDFRectangle &from, const PDFRectangle &to) {
    const double sx = from.x2 > from.x1 ? (to.x2 - to.x1) / (from.x2 - from.x1) : 1;
    const double sy = from.y2 > from.y1 ? (to.y2 - to.y1) / (from.y2 - from.y1) : 1;
    std::vector<AnnotCoord> points;
    for (int i = 0; path && i < path->getCoordsLength(); i++) {
        points.emplace_back(to.x1 + (path->getX(i) - from.x1) * sx, to.y1 + (path->getY(i) - from.y1) * sy);
    }
    return std::make_unique<AnnotPath>(std::move(points));
}

} // namespace

extern "C" int csplash_reshape_annotation(void *poppler_annot, const double to[4], double from[4]) {
    Annot *annot = glibAnnot(poppler_annot);
    if (!annot || !to) return 0;
    try {
        PDFDoc *doc = annot->getDoc();
        const int number = annot->getPageNum();
        Page *page = doc && number >= 1 && number <= doc->getNumPages() ? doc->getPage(number) : nullptr;
        if (!page) return 0;
        switch (annot->getType()) {
        case Annot::typeHighlight: case Annot::typeUnderline: case Annot::typeSquiggly: case Annot::typeStrikeOut:
        case Annot::typeLink: case Annot::typeWidget: case Annot::typePopup:
            return 0; // rule 3, and the document's workings
        default:
            break;
        }
        const Placement placement(page);
        const PDFRectangle old = annot->getRect();
        if (from) placement.toDisplay(old, from);
        const PDFRectangle rect = placement.toPage(to);
        if (!(rect.x2 > rect.x1 && rect.y2 > rect.y1)) return 0;
        bool points = true;
        switch (annot->getType()) {
        case Annot::typeInk: {
            auto *ink = static_cast<AnnotInk *>(annot);
            std::vector<std::unique_ptr<AnnotPath>> paths;
            std::vector<AnnotPath *> list;
            for (int i = 0; i < ink->getInkListLength(); i++) {
                paths.push_back(mapped(ink->getInkList()[i], old, rect));
                list.push_back(paths.back().get());
            }
            ink->setInkList(list.data(), int(list.size()));
            break;
        }
        case Annot::typeLine: {
            auto *line = static_cast<AnnotLine *>(annot);
            AnnotPath ends(std::vector<AnnotCoord> { AnnotCoord(line->getX1(), line->getY1()), AnnotCoord(line->getX2(), line->getY2()) });
            auto moved = mapped(&ends, old, rect);
            line->setVertices(moved->getX(0), moved->getY(0), moved->getX(1), moved->getY(1));
            break;
        }
        case Annot::typePolygon:
        case Annot::typePolyLine: {
            auto *polygon = static_cast<AnnotPolygon *>(annot);
            polygon->setVertices(mapped(polygon->getVertices(), old, rect).get());
            break;
        }
        default:
            points = false;
            break;
        }
        Object kept = points ? Object() : annot->getAppearance().fetch(doc->getXRef()); // rule 2
        annot->setRect(rect.x1, rect.y1, rect.x2, rect.y2);
        if (kept.isStream()) {
            annot->setNewAppearance(std::move(kept));
            return 1;
        }
        std::optional<PDFRectangle> found;
        Object drawn = drawnAppearance(annot, &found);
        // Poppler's ink and lines reach a little past their points; other kinds are drawn in the /Rect.
        if (drawn.isStream()) keepAppearance(annot, std::move(drawn), points && found ? *found : rect);
        return 1;
    } catch (...) {
        return 0;
    }
}
