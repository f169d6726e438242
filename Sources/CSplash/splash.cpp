// poppler's Splash rasterizer for the render helpers (see Document+Splash.swift for when
// it is used). poppler-cpp is the only public way to reach Splash; it shares libpoppler
// (and its GlobalParams, counted) with poppler-glib, so both live in one process.
#include "csplash.h"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page.h>
#include <poppler/cpp/poppler-page-renderer.h>

#include <algorithm>
#include <climits>
#include <malloc.h>
#include <cstring>
#include <memory>
#include <new>

struct csplash_document {
    std::unique_ptr<poppler::document> document;
};

namespace {
// poppler-cpp prints its errors on stderr unless told otherwise; the helpers' own
// failures say what the reader needs.
void quiet(const std::string &, void *) {}
}

extern "C" csplash_document *csplash_open(const char *data, size_t length, const char *password) {
    if (!data || length < 10 || length > size_t(INT_MAX)) return nullptr;
    poppler::set_debug_error_function(quiet, nullptr);
    try {
        std::string secret = password ? password : "";
        std::unique_ptr<poppler::document> document(
            poppler::document::load_from_raw_data(data, int(length), secret, secret));
        if (!document || document->is_locked()) return nullptr;
        return new csplash_document{std::move(document)};
    } catch (...) {
        return nullptr;
    }
}

extern "C" void csplash_close(csplash_document *document) { delete document; }

extern "C" int csplash_render(csplash_document *document, int index, double dpi, int quarters,
                              int x, int y, int width, int height, uint8_t *pixels, size_t stride) {
    if (!document || !pixels || index < 0 || width <= 0 || height <= 0 || stride < size_t(width) * 4) return -1;
    if (!(dpi > 0) || quarters < 0 || quarters > 3) return -1;
    try {
        if (index >= document->document->pages()) return -1;
        std::unique_ptr<poppler::page> page(document->document->create_page(index));
        if (!page) return -1;
        poppler::page_renderer renderer;
        renderer.set_render_hints(poppler::page_renderer::antialiasing | poppler::page_renderer::text_antialiasing |
                                  poppler::page_renderer::text_hinting);
        renderer.set_image_format(poppler::image::format_argb32);
        renderer.set_paper_color(0xffffffff);
        poppler::image image = renderer.render_page(page.get(), dpi, dpi, x, y, width, height,
                                                    poppler::rotation_enum(quarters));
        if (!image.is_valid() || image.format() != poppler::image::format_argb32) return -1;
        // Splash sizes the page by its own rounding: a row or column it did not draw is white.
        const int rows = std::min(height, image.height()), columns = std::min(width, image.width());
        const char *source = image.const_data();
        for (int row = 0; row < height; row++) {
            uint8_t *line = pixels + size_t(row) * stride;
            if (row < rows) {
                std::memcpy(line, source + size_t(row) * size_t(image.bytes_per_row()), size_t(columns) * 4);
                std::memset(line + size_t(columns) * 4, 0xff, size_t(width - columns) * 4);
            } else {
                std::memset(line, 0xff, size_t(width) * 4);
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" void csplash_give_back_memory(void) { malloc_trim(0); }
