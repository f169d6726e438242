// Where a point the window names (from the top-left of the page as it displays) is in the
// page's own space, for the files that write geometry into a page (drawings.cpp,
// reshaped_annotations.cpp).
#ifndef CSPLASH_PLACEMENT_HPP
#define CSPLASH_PLACEMENT_HPP

#include <poppler/Array.h>
#include <poppler/Object.h>
#include <poppler/Page.h>

#include <algorithm>
#include <cmath>

// Points of the page as it displays (top-left origin, turned by /Rotate) to the page's own space.
struct Placement {
    PDFRectangle crop;
    int rotate;

    explicit Placement(Page *page) : crop(*page->getCropBox()), rotate(((page->getRotate() % 360) + 360) % 360) {
        if (rotate % 90 != 0) rotate = 0; // poppler draws such a page upright
    }

    void toPage(double x, double y, double *px, double *py) const {
        switch (rotate) {
        case 90: *px = crop.x1 + y, *py = crop.y1 + x; break;
        case 180: *px = crop.x2 - x, *py = crop.y1 + y; break;
        case 270: *px = crop.x2 - y, *py = crop.y2 - x; break;
        default: *px = crop.x1 + x, *py = crop.y2 - y; break;
        }
    }

    void toDisplay(double px, double py, double *x, double *y) const {
        switch (rotate) {
        case 90: *x = py - crop.y1, *y = px - crop.x1; break;
        case 180: *x = crop.x2 - px, *y = py - crop.y1; break;
        case 270: *x = crop.y2 - py, *y = crop.x2 - px; break;
        default: *x = px - crop.x1, *y = crop.y2 - py; break;
        }
    }

    // The page-space rectangle of a displayed one (x, y, width, height).
    PDFRectangle toPage(const double area[4]) const {
        double ax, ay, bx, by;
        toPage(area[0], area[1], &ax, &ay);
        toPage(area[0] + area[2], area[1] + area[3], &bx, &by);
        return PDFRectangle(std::min(ax, bx), std::min(ay, by), std::max(ax, bx), std::max(ay, by));
    }

    // The displayed rectangle (x, y, width, height) of a page-space one.
    void toDisplay(const PDFRectangle &rect, double area[4]) const {
        double ax, ay, bx, by;
        toDisplay(rect.x1, rect.y1, &ax, &ay);
        toDisplay(rect.x2, rect.y2, &bx, &by);
        area[0] = std::min(ax, bx), area[1] = std::min(ay, by), area[2] = std::fabs(bx - ax), area[3] = std::fabs(by - ay);
    }

    bool turned() const { return rotate != 0; }

    // The /Matrix that stands a form drawn upright in the displayed frame on the page (rule 3).
    Object uprightMatrix(XRef *xref) const {
        static const double turns[4][4] = { { 1, 0, 0, 1 }, { 0, 1, -1, 0 }, { -1, 0, 0, -1 }, { 0, -1, 1, 0 } };
        const double *m = turns[rotate / 90];
        Array *matrix = new Array(xref);
        for (int i = 0; i < 4; i++) matrix->add(Object(m[i]));
        matrix->add(Object(0.0));
        matrix->add(Object(0.0));
        return Object(matrix);
    }
};

#endif
