/// One query's results as they stream in, and the current match: what the search bar
/// counts ("7 of 312"), the results list shows and the canvas highlights. Matches are
/// numbered in document order; the walk starts at `startPage` and the first current match
/// is the first one from there on (wrapping), once every page before it has answered. A
/// search made again over a new version of the document (a reload) keeps its current
/// match: the walk starts on that match's page and takes the same match there, or the
/// page's last when it has fewer now.
public struct SearchResults: Sendable {
    public struct Match: Hashable, Sendable {
        public let page: Int
        public let index: Int // within the page, in reading order
        public init(page: Int, index: Int) { self.page = page; self.index = index }
    }

    public let query: SearchQuery
    public let generation: Int
    public let startPage: Int
    public private(set) var contexts: [[MatchContext]?] // by page; nil until searched
    public private(set) var total = 0
    public private(set) var pagesSearched = 0
    /// Pages whose text could not be read, so not searched (counted in `pagesSearched`).
    public private(set) var pagesUnreadable = 0
    public private(set) var current: Match?
    /// Poppler's rectangles of each match, for the pages asked for (those on screen).
    public private(set) var areas: [Int: [[Rect]]] = [:]
    private var walked = 0 // pages of the walk from `startPage` known, without a gap
    /// The match on `startPage` to take first, for a search made again (see above).
    private let keptIndex: Int

    public init(query: SearchQuery, generation: Int, startPage: Int, pageCount: Int) {
        self.init(query: query, generation: generation, startPage: startPage, keptIndex: 0, pageCount: pageCount)
    }

    /// Results whose first current match is `kept`, or as near it as the new matches allow.
    public init(query: SearchQuery, generation: Int, keeping kept: Match, pageCount: Int) {
        self.init(query: query, generation: generation, startPage: kept.page, keptIndex: kept.index, pageCount: pageCount)
    }

    private init(query: SearchQuery, generation: Int, startPage: Int, keptIndex: Int, pageCount: Int) {
        self.query = query
        self.generation = generation
        self.startPage = min(max(startPage, 0), max(pageCount - 1, 0))
        self.keptIndex = max(keptIndex, 0)
        contexts = Array(repeating: nil, count: pageCount)
    }

    public var pageCount: Int { contexts.count }
    public var isComplete: Bool { pagesSearched == pageCount }
    public func count(onPage page: Int) -> Int { contexts.indices.contains(page) ? contexts[page]?.count ?? 0 : 0 }

    /// Takes a page's matches; returns whether the current match was chosen by them.
    @discardableResult
    public mutating func add(_ found: PageMatches) -> Bool {
        guard contexts.indices.contains(found.page), contexts[found.page] == nil else { return false }
        contexts[found.page] = found.contexts
        total += found.count
        pagesSearched += 1
        if found.unreadable { pagesUnreadable += 1 }
        guard current == nil else { return false }
        while walked < pageCount, let page = Optional((startPage + walked) % pageCount), let known = contexts[page] {
            walked += 1
            if !known.isEmpty {
                current = Match(page: page, index: page == startPage ? min(keptIndex, known.count - 1) : 0)
                return true
            }
        }
        return false
    }

    public mutating func setAreas(_ areas: [[Rect]], onPage page: Int) { self.areas[page] = areas }

    /// The current match's number in document order, from 1.
    public var currentOrdinal: Int? { current.map { ordinal(of: $0) } }

    public func ordinal(of match: Match) -> Int {
        contexts[..<match.page].reduce(0) { $0 + ($1?.count ?? 0) } + match.index + 1
    }

    /// The match numbered `ordinal` (from 1) in document order among those found so far.
    public func match(atOrdinal ordinal: Int) -> Match? {
        var remaining = ordinal - 1
        guard remaining >= 0 else { return nil }
        for (page, found) in contexts.enumerated() {
            let count = found?.count ?? 0
            if remaining < count { return Match(page: page, index: remaining) }
            remaining -= count
        }
        return nil
    }

    /// Moves to the next (or previous) match in document order, wrapping; returns whether
    /// it wrapped. Without a current match, starts from `page`.
    @discardableResult
    public mutating func step(forward: Bool, from page: Int? = nil) -> Bool {
        guard total > 0 else { return false }
        let here = current ?? Match(page: page ?? startPage, index: forward ? -1 : Int.max)
        if let found = contexts[here.page], let index = forward ? (here.index + 1 < found.count ? here.index + 1 : nil)
                                                               : (here.index > 0 ? min(here.index, found.count) - 1 : nil) {
            current = Match(page: here.page, index: index)
            return false
        }
        for step in 1...pageCount {
            let raw = forward ? here.page + step : here.page - step
            let page = ((raw % pageCount) + pageCount) % pageCount
            if let found = contexts[page], !found.isEmpty {
                current = Match(page: page, index: forward ? 0 : found.count - 1)
                return forward ? raw >= pageCount : raw < 0
            }
        }
        return false
    }

    public mutating func select(_ match: Match) {
        guard count(onPage: match.page) > match.index, match.index >= 0 else { return }
        current = match
    }
}
