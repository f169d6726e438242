/// What a reference lookup reads of a document: the line under a point, where words are on
/// a page, a page's text, the outline. The window's links helper implements it (through
/// `RemoteDocument`), the benchmark poppler in-process.
public protocol ReferenceSource {
    var pageCount: Int { get }
    /// The text of the line under `point` ("" when none).
    func line(at point: PagePoint) -> String
    /// Each match of `query` on `page`, as its areas (points, from the page's top-left).
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]]
    /// A page's text, nil when it cannot be read.
    func text(of page: Int) -> String?
    func outlineEntries() -> [OutlineTree.Entry]
}

/// A reference written in the text under the pointer, turned into a link to its target.
/// The policy:
///  1. The references are those `TextReference` finds in the line under the pointer; the
///     one taken is the one whose words (a match of them on the page) lie under the pointer,
///     or within `reach` points of it (the glyphs' boxes are tight, a pointer on a word's
///     edge is on the word).
///  2. Its target is `ReferenceTarget`'s; the place on the target page is the outline's,
///     else the top of the target's opening, the occurrence counted on that page.
///  3. A reference whose target is not found is no link: the pointer shows nothing.
public enum ReferenceLookup {
    public static let reach = 2.0

    public static func link(at spot: PagePoint, in source: some ReferenceSource) -> Link? {
        let line = source.line(at: spot).split(whereSeparator: \.isNewline).first
            .map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
        let characters = Array(line)
        for reference in TextReference.find(inLine: line) {
            let words = String(characters[reference.range])
            let matches = source.matchAreas(of: SearchQuery(words), onPage: spot.page)
            let near = Rect(x: spot.point.x - reach, y: spot.point.y - reach, width: 2 * reach, height: 2 * reach)
            guard let area = matches.lazy.flatMap({ $0 }).first(where: { $0.intersects(near) }) else { continue }
            guard let target = ReferenceTarget.find(reference, from: spot.page, line: line, pageCount: source.pageCount,
                                                    outline: source.outlineEntries(), text: source.text(of:))
            else { return nil }
            return Link(area: area, target: .page(target.page, top: target.top ?? top(of: target, in: source)))
        }
        return nil
    }

    /// The top of the target's opening on its page.
    static func top(of target: ReferenceTarget, in source: some ReferenceSource) -> Double? {
        let matches = source.matchAreas(of: SearchQuery(target.query), onPage: target.page)
        let match = matches.indices.contains(target.occurrence) ? matches[target.occurrence] : matches.first
        return match?.map(\.y).min()
    }
}
