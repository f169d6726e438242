/// What search needs of a document: page text, and poppler's own match rectangles for
/// the pages that are shown. Each search thread owns one.
public protocol PageTextSource: AnyObject, SendableMetatype {
    var pageCount: Int { get }
    /// The page's text in reading order, lines separated by newlines.
    func text(at page: Int) -> String
    /// The rectangles of each match of `query` on `page`, in points from the top-left of
    /// the page as displayed (its /Rotate applied); a match across lines has several.
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]]
}

/// The matches found on one page, in reading order.
public struct PageMatches: Sendable {
    public let page: Int
    public let contexts: [MatchContext]
    public init(page: Int, contexts: [MatchContext]) { self.page = page; self.contexts = contexts }
    public var count: Int { contexts.count }
}
