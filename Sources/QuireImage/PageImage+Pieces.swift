import CCairo

extension PageImage {
    /// One picture of `width` × `height` pixels made of `pieces`, each drawn with its
    /// top-left at (x, y) (and cut at the edges); white where none covers. Nil when cairo
    /// refuses the size.
    public static func joined(width: Int, height: Int, from pieces: [(image: PageImage, x: Int, y: Int)]) -> PageImage? {
        guard width > 0, height > 0, width <= TileSide.largest, height <= TileSide.largest,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        for piece in pieces {
            cairo_save(context)
            cairo_translate(context, Double(piece.x), Double(piece.y))
            piece.image.drawOpaque(in: context, filter: CAIRO_FILTER_NEAREST)
            cairo_restore(context)
        }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return PageImage(taking: surface, revision: pieces.map(\.image.revision).min() ?? 0)
    }
}

/// The longest side `joined` makes: cairo's own bound.
private enum TileSide { static let largest = 32767 }
