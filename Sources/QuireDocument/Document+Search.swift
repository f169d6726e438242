import CPoppler
import Foundation
import QuireEngine

/// Search on poppler: page text for the engine's matcher, and poppler's own rectangles
/// of the matches for highlighting.
extension Document: PageTextSource {
    public func matchAreas(of query: SearchQuery, onPage index: Int) -> [[Rect]] {
        let (text, options) = Self.popplerQuery(query)
        return withKeptPage(index) { page -> [[Rect]]? in
            let size = Self.declaredSize(of: page)
            guard let found = poppler_page_find_text_with_options(page, text, options) else { return [] }
            defer { g_list_free_full(found) { poppler_rectangle_free($0?.assumingMemoryBound(to: PopplerRectangle.self)) } }
            var matches: [[Rect]] = []
            var continuing = false
            var node: UnsafeMutablePointer<GList>? = found
            while let item = node {
                let area = item.pointee.data.assumingMemoryBound(to: PopplerRectangle.self)
                // Poppler measures y from the page bottom; the engine from the top.
                let declared = Rect(x: min(area.pointee.x1, area.pointee.x2), y: size.height - max(area.pointee.y1, area.pointee.y2),
                                    width: abs(area.pointee.x2 - area.pointee.x1), height: abs(area.pointee.y2 - area.pointee.y1))
                // A rectangle off the page (or not a number) is left out; its match stays counted.
                let rects = PageGeometryLimits.area(declared, onPageOf: size).map { [$0] } ?? []
                if continuing, !matches.isEmpty { matches[matches.count - 1] += rects } else { matches.append(rects) }
                continuing = poppler_rectangle_find_get_match_continued(area) != 0
                node = item.pointee.next
            }
            return matches
        } ?? []
    }

    /// Poppler ignores diacritics only for an ASCII query: a case-insensitive query is
    /// given to it without its diacritics when that leaves it ASCII, so that poppler's
    /// rectangles cover what the engine's matcher counted.
    static func popplerQuery(_ query: SearchQuery) -> (String, PopplerFindFlags) {
        var options = POPPLER_FIND_MULTILINE.rawValue
        if query.wholeWords { options |= POPPLER_FIND_WHOLE_WORDS_ONLY.rawValue }
        guard !query.caseSensitive else {
            return (query.text, PopplerFindFlags(options | POPPLER_FIND_CASE_SENSITIVE.rawValue))
        }
        options |= POPPLER_FIND_IGNORE_DIACRITICS.rawValue
        let bare = String(String.UnicodeScalarView(query.text.decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }))
        return (bare.unicodeScalars.allSatisfy(\.isASCII) ? bare : query.text, PopplerFindFlags(options))
    }
}
