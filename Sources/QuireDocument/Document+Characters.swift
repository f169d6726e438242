import CPoppler
import QuireEngine

extension Document {
    /// The page's text and one box per character of it (points, top-left origin as
    /// displayed), as poppler lays it out: what caret mode walks. Nil when the page has more
    /// than `PageCharacters.limit` characters, or poppler's boxes and characters disagree.
    public func characters(at index: Int) -> (text: String, boxes: [Rect])? {
        withKeptPage(index) { page -> (text: String, boxes: [Rect])? in
            guard let raw = poppler_page_get_text(page) else { return ("", []) }
            defer { g_free(raw) }
            // A character is at most four bytes: past this many, the page is past the limit.
            guard let text = PopplerText.prefix(raw, bytes: PageCharacters.limit * 4 + 1),
                  text.utf8.count <= PageCharacters.limit * 4 else { return nil }
            var rectangles: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return text.isEmpty ? ("", []) : nil }
            defer { g_free(rectangles) }
            guard Int(count) <= PageCharacters.limit, Int(count) == text.unicodeScalars.count else { return nil }
            let boxes = (0..<Int(count)).map { at in
                let box = rectangles[at]
                return Rect(x: min(box.x1, box.x2), y: min(box.y1, box.y2), width: abs(box.x2 - box.x1), height: abs(box.y2 - box.y1))
            }
            return (text, boxes)
        }
    }
}
