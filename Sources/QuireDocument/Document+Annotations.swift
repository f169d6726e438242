import CPoppler
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Adds `markup` to its page as a text markup annotation (one quadrilateral per area)
    /// or a note (a Text annotation over its one area), its colour, the marked text or the
    /// note's as /Contents and the author as /T (poppler sets /M).
    /// Areas are in points from the top-left of the page as displayed; poppler turns them
    /// into the page's own space (its /Rotate and crop box). False when the page cannot be
    /// loaded or no area is a real rectangle on it.
    public func add(_ markup: Markup) -> Bool {
        withPage(markup.page) { page -> Bool? in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            let size = Rect(x: 0, y: 0, width: width, height: height)
            let areas = markup.areas.prefix(Markup.areaLimit).filter { area in
                [area.x, area.y, area.width, area.height].allSatisfy(\.isFinite) && !area.isEmpty && area.intersects(size)
            }
            guard !areas.isEmpty else { return false }
            // Bottom-left origin, as poppler's annotation calls take them.
            let quads = g_array_sized_new(0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride), guint(areas.count))!
            defer { g_array_unref(quads) }
            var bounds = (x1: Double.infinity, y1: Double.infinity, x2: -Double.infinity, y2: -Double.infinity)
            for area in areas {
                let top = height - area.y, bottom = height - area.maxY
                var quad = PopplerQuadrilateral(p1: PopplerPoint(x: area.x, y: top), p2: PopplerPoint(x: area.maxX, y: top),
                                                p3: PopplerPoint(x: area.x, y: bottom), p4: PopplerPoint(x: area.maxX, y: bottom))
                g_array_append_vals(quads, &quad, 1)
                bounds = (min(bounds.x1, area.x), min(bounds.y1, bottom), max(bounds.x2, area.maxX), max(bounds.y2, top))
            }
            var rect = PopplerRectangle(x1: bounds.x1, y1: bounds.y1, x2: bounds.x2, y2: bounds.y2)
            let made: OpaquePointer? = switch markup.kind {
            case .note: poppler_annot_text_new(document, &rect)
            case .highlight: poppler_annot_text_markup_new_highlight(document, &rect, quads)
            case .underline: poppler_annot_text_markup_new_underline(document, &rect, quads)
            case .strikeOut: poppler_annot_text_markup_new_strikeout(document, &rect, quads)
            case .squiggly: poppler_annot_text_markup_new_squiggly(document, &rect, quads)
            }
            guard let annot = made else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(annot)) }
            let rgb = markup.colour.components
            func channel(_ value: Double) -> guint16 { guint16(min(max(value, 0), 1) * 65535) }
            var colour = PopplerColor(red: channel(rgb.red), green: channel(rgb.green), blue: channel(rgb.blue))
            poppler_annot_set_color(annot, &colour)
            if !markup.text.isEmpty { poppler_annot_set_contents(annot, markup.text) }
            if !markup.author.isEmpty {
                poppler_annot_markup_set_label(annot, markup.author) // text markups and notes are PopplerAnnotMarkups
            }
            poppler_page_add_annot(page, annot)
            return true
        } ?? false
    }

    /// Writes the document, with the annotations added, to `descriptor` (a new file the
    /// window opened): the original bytes and an incremental update after them. Throws
    /// poppler's reason when it cannot.
    public func save(to descriptor: Int32) throws(RenderFailure) {
        var error: UnsafeMutablePointer<GError>?
        let written = poppler_document_save_to_fd(document, descriptor, 1, &error) != 0
        // poppler 22.12 leaves the FILE it wrote through open, its last buffer unwritten.
        let flushed = fflush(nil) == 0
        guard written else {
            defer { if let error { g_error_free(error) } }
            throw RenderFailure(error.map { String(cString: $0.pointee.message) } ?? "poppler could not write the document")
        }
        guard flushed else { throw RenderFailure("the document could not be written: \(String(cString: strerror(errno)))") }
    }
}
