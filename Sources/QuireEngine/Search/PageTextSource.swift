/// What search needs of a document: page text, and poppler's own match rectangles for
/// the pages that are shown. Each search thread owns one.
public protocol PageTextSource: AnyObject, SendableMetatype {
    var pageCount: Int { get }
    /// The page's text in reading order, lines separated by newlines.
    func text(at page: Int) -> String
    /// The rectangles of each match of `query` on `page`, in points from the top-left of
    /// the page as displayed (its /Rotate applied); a match across lines has several.
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]]
    /// The page's text, or nil when it could not be read (its helper failed on it): such
    /// a page is reported, not taken for one without matches.
    func readableText(at page: Int) -> String?
}

extension PageTextSource {
    public func readableText(at page: Int) -> String? { text(at: page) }
}

/// The matches found on one page, in reading order.
public struct PageMatches: Sendable {
    public let page: Int
    public let contexts: [MatchContext]
    /// The page's text could not be read: it has no matches because it was not searched.
    public let unreadable: Bool
    public init(page: Int, contexts: [MatchContext], unreadable: Bool = false) {
        self.page = page
        self.contexts = contexts
        self.unreadable = unreadable
    }
    public var count: Int { contexts.count }
}
