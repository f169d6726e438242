import CPoppler
import QuireEngine

extension Document {
    /// The areas (points, top-left origin as displayed) selected on a page between `span`'s
    /// start and end points, glyph by glyph or word by word as poppler selects, line by
    /// line as `LineSelection` does; clipped to the page.
    public func selectionAreas(_ span: TextSelection.Span, style: TextSelection.Style) -> [Rect] {
        if style == .line, let lines = lineSelection(span) { return lines.areas }
        return withKeptPage(span.page) { page -> [Rect] in
            let size = Self.declaredSize(of: page)
            var rectangle = PopplerRectangle(x1: span.start.x, y1: span.start.y, x2: span.end.x, y2: span.end.y)
            guard let region = poppler_page_get_selected_region(page, 1.0, style.poppler, &rectangle) else { return [] }
            defer { cairo_region_destroy(region) }
            return (0..<cairo_region_num_rectangles(region)).compactMap { index in
                var box = cairo_rectangle_int_t()
                cairo_region_get_rectangle(region, index, &box)
                let area = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
                return PageGeometryLimits.area(area, onPageOf: size)
            }
        } ?? []
    }

    /// The text selected on a page between `span`'s points, in reading order: the same
    /// glyphs, words or lines as `selectionAreas`.
    public func selectedText(_ span: TextSelection.Span, style: TextSelection.Style) -> String {
        if style == .line, let lines = lineSelection(span) { return lines.text }
        return withKeptPage(span.page) { page -> String in
            var rectangle = PopplerRectangle(x1: span.start.x, y1: span.start.y, x2: span.end.x, y2: span.end.y)
            guard let raw = poppler_page_get_selected_text(page, style.poppler, &rectangle) else { return "" }
            defer { g_free(raw) }
            return String(cString: raw)
        } ?? ""
    }

    /// Lines are chosen from the page's characters, as caret mode reads them
    /// (`LineSelection`): poppler lights its line boxes, which a tall symbol stretches over
    /// the next line, while it copies only the line. Poppler's own is left for a page whose
    /// characters cannot be read.
    private func lineSelection(_ span: TextSelection.Span) -> LineSelection? {
        guard let read = characters(at: span.page),
              let characters = PageCharacters(text: read.text, boxes: read.boxes, pageSize: pageSize(at: span.page)) else { return nil }
        return LineSelection(from: span.start, to: span.end, in: characters)
    }

    /// The whole selection's text, page after page, each page's part on its own lines.
    public func selectedText(_ selection: TextSelection) -> String {
        selection.pages.compactMap { page -> String? in
            guard let span = selection.span(onPage: page, size: pageSize(at: page)) else { return nil }
            let text = selectedText(span, style: selection.style)
            return text.isEmpty ? nil : text
        }.joined(separator: "\n")
    }
}

extension TextSelection.Style {
    var poppler: PopplerSelectionStyle {
        switch self {
        case .glyph: POPPLER_SELECTION_GLYPH
        case .word: POPPLER_SELECTION_WORD
        case .line: POPPLER_SELECTION_LINE
        }
    }
}
