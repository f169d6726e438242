// A text box's colour is its words' (/DA), not /C: poppler fills a FreeText's frame with
// /C, so a text box recoloured through /C hid its words under a coloured box.
#include "csplash.h"
#include "glib_annot.hpp"

#include <poppler/Annot.h>

#include <memory>

// Red, green, blue (0…1) of a /DA colour; black for none or a transparent one.
static void rgbOf(const AnnotColor *colour, double rgb[3]) {
    rgb[0] = rgb[1] = rgb[2] = 0;
    if (!colour) return;
    const double *v = colour->getValues();
    switch (colour->getSpace()) {
    case AnnotColor::colorGray: rgb[0] = rgb[1] = rgb[2] = v[0]; break;
    case AnnotColor::colorRGB: rgb[0] = v[0]; rgb[1] = v[1]; rgb[2] = v[2]; break;
    case AnnotColor::colorCMYK:
        for (int i = 0; i < 3; i++) rgb[i] = (1 - v[i]) * (1 - v[3]);
        break;
    case AnnotColor::colorTransparent: break;
    }
}

extern "C" int csplash_free_text_colour(void *poppler_annot, const double *rgb, double old_rgb[3]) {
    Annot *annot = glibAnnot(poppler_annot);
    if (!annot || annot->getType() != Annot::typeFreeText) return 0;
    auto *box = static_cast<AnnotFreeText *>(annot);
    try {
        std::unique_ptr<DefaultAppearance> appearance = box->getDefaultAppearance();
        if (!appearance) appearance = std::make_unique<DefaultAppearance>(Object(objName, "Helv"), 12, std::make_unique<AnnotColor>(0, 0, 0));
        rgbOf(appearance->getFontColor(), old_rgb);
        appearance->setFontColor(rgb ? std::make_unique<AnnotColor>(rgb[0], rgb[1], rgb[2]) : std::make_unique<AnnotColor>(0.0));
        // Poppler draws the words anew in it (the kept appearance follows: kept_appearance.cpp).
        box->setDefaultAppearance(*appearance);
        return 1;
    } catch (...) {
        return 0;
    }
}
