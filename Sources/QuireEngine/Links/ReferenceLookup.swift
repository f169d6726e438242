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
    /// A page's characters and their boxes, nil when they cannot be read.
    func characters(onPage page: Int) -> PageCharacters?
}

extension ReferenceSource {
    public func characters(onPage page: Int) -> PageCharacters? { nil }
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
///  4. A figure's or table's target has the region its caption names (`CaptionRegion`),
///     for the preview to show whole; following the link goes to the region's top.
public enum ReferenceLookup {
    public static let reach = 2.0

    /// A reference's link, and the region of the page its caption names (figures and tables).
    public struct Found: Equatable, Sendable {
        public let link: Link
        public let region: Rect?
    }

    public static func link(at spot: PagePoint, in source: some ReferenceSource) -> Link? {
        find(at: spot, in: source)?.link
    }

    public static func find(at spot: PagePoint, in source: some ReferenceSource) -> Found? {
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
            let opening = target.top == nil ? self.opening(of: target, in: source) : nil
            let region = opening.flatMap { self.region(of: reference.kind, opening: $0, page: target.page, in: source) }
            let top = region?.y ?? target.top ?? opening?.y
            return Found(link: Link(area: area, target: .page(target.page, top: top)), region: region)
        }
        return nil
    }

    /// Where the target's opening is on its page.
    static func opening(of target: ReferenceTarget, in source: some ReferenceSource) -> Rect? {
        let matches = source.matchAreas(of: SearchQuery(target.query), onPage: target.page)
        guard let match = matches.indices.contains(target.occurrence) ? matches[target.occurrence] : matches.first,
              let first = match.first else { return nil }
        return match.dropFirst().reduce(first) { $0.union($1) }
    }

    private static func region(of kind: TextReference.Kind, opening: Rect, page: Int, in source: some ReferenceSource) -> Rect? {
        guard kind == .figure || kind == .table, let characters = source.characters(onPage: page) else { return nil }
        return CaptionRegion.region(caption: opening, below: kind == .table, lines: CaptionRegion.lines(of: characters),
                                    pageSize: characters.pageSize)
    }
}
