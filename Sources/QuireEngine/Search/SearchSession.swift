/// One view's search as the reader sees it: the results streaming in (`SearchResults`) and
/// what the view does about them. The rules:
/// - A new current match is brought into view: its page first when it is off screen, then
///   the match itself once poppler has placed it (its areas). A search made again over a
///   reloaded document does not move the view, until the reader steps or chooses a match.
/// - Areas are asked for once a page and query, and only where they are drawn: the pages on
///   screen that have matches, and the current match's page.
/// - The results list follows the current match.
/// - What is lit is what is counted: a page's matches come from its text, their places from
///   poppler's own find; where the two disagree in number, only as many places as there are
///   counted matches are lit, so that the count, the list and the stepping reach every mark.
/// - It is settled (for `--snapshot`) when every page has answered, the current match was
///   brought into view with its areas known, and every page on screen with matches has them.
/// - The progress ("Searched 40 % of the pages") changes once a percent: each change makes
///   GTK look for the widget under the pointer, about a millisecond.
/// Events of an older query (another generation) change nothing.
public struct SearchSession: Sendable {
    /// What the view does, in order.
    public enum Effect: Equatable, Sendable {
        /// Turn to the page (a jump the history records).
        case showPage(Int)
        /// Ask the search threads for the areas of the query's matches on the page.
        case askAreas(page: Int, generation: Int)
        /// Scroll so that the area (points, on the page) is in view.
        case reveal(Rect, page: Int)
        /// Select the results list's row of this match (from 1, document order).
        case selectRow(Int)
    }

    public private(set) var results: SearchResults?
    private var areasAsked: Set<Int> = []
    private var revealed = false
    private var followsCurrent = true

    public init() {}

    /// Starts the results of a new query, whose walk starts at `page`; or, with `kept`
    /// (a search made again after a reload), at the kept match, leaving the view alone
    /// unless `revealing` (a match chosen in the search across documents is brought into view).
    public mutating func start(_ query: SearchQuery, generation: Int, from page: Int, keeping kept: SearchResults.Match? = nil,
                               revealing: Bool = false, pageCount: Int) {
        areasAsked = []
        revealed = false
        followsCurrent = kept == nil || revealing
        results = kept.map { SearchResults(query: query, generation: generation, keeping: $0, pageCount: pageCount) }
            ?? SearchResults(query: query, generation: generation, startPage: page, pageCount: pageCount)
    }

    public mutating func clear() {
        results = nil
        areasAsked = []
        revealed = false
    }

    /// Pages searched. The current match, when they chose it, is brought into view.
    public mutating func received(_ pages: [PageMatches], generation: Int, visible: Range<Int>) -> [Effect] {
        guard results?.generation == generation else { return [] }
        var chose = false
        for page in pages where results!.add(page) { chose = true }
        let effects = chose ? currentChanged(visible: visible) : []
        // A turn to another page brings its own change of the pages on screen.
        if effects.contains(where: { if case .showPage = $0 { true } else { false } }) { return effects }
        return effects + visibleChanged(visible)
    }

    /// A page's areas arrived: the current match is revealed when they place it.
    public mutating func received(areas: [[Rect]], onPage page: Int, generation: Int) -> [Effect] {
        guard results?.generation == generation else { return [] }
        results!.setAreas(areas, onPage: page)
        guard page == results!.current?.page, !revealed, followsCurrent else { return [] }
        return reveal()
    }

    /// Steps to the next (or previous) match, wrapping; says whether it wrapped.
    public mutating func step(forward: Bool, from page: Int?, visible: Range<Int>) -> (wrapped: Bool, effects: [Effect]) {
        followsCurrent = true
        guard let wrapped = results?.step(forward: forward, from: page) else { return (false, []) }
        return (wrapped, currentChanged(visible: visible))
    }

    /// Makes match `ordinal` (from 1, document order) the current one.
    public mutating func choose(_ ordinal: Int, visible: Range<Int>) -> [Effect] {
        guard let match = results?.match(atOrdinal: ordinal) else { return [] }
        followsCurrent = true
        results!.select(match)
        return currentChanged(visible: visible)
    }

    /// The pages on screen changed: areas for those with matches.
    public mutating func visibleChanged(_ visible: Range<Int>) -> [Effect] {
        guard let results else { return [] }
        var effects: [Effect] = []
        for page in visible where results.count(onPage: page) > 0 {
            if let ask = askAreas(page) { effects.append(ask) }
        }
        return effects
    }

    public func isSettled(visible: Range<Int>) -> Bool {
        guard let results else { return true }
        guard results.isComplete else { return false }
        guard let current = results.current else { return true }
        guard revealed, results.areas[current.page] != nil else { return false }
        return visible.allSatisfy { results.count(onPage: $0) == 0 || results.areas[$0] != nil }
    }

    /// The share of pages searched, in whole percent, while the walk goes on.
    public var progress: Int? {
        guard let results, !results.isComplete else { return nil }
        return results.pagesSearched * 100 / max(results.pageCount, 1)
    }

    /// For `--snapshot`'s report: "match=3/12 (page 2)", "match=0/0", or nil without a
    /// search; " unsearched=N" after it when N pages could not be read.
    public var summary: String? {
        guard let results else { return nil }
        let unsearched = results.pagesUnreadable > 0 ? " unsearched=\(results.pagesUnreadable)" : ""
        guard let current = results.current, let ordinal = results.currentOrdinal else { return "match=0/\(results.total)" + unsearched }
        return "match=\(ordinal)/\(results.total) (page \(current.page + 1))" + unsearched
    }

    /// The areas of `page`'s matches and which of them is current, when known.
    public func highlights(onPage page: Int) -> PageHighlights? {
        guard let results, let areas = results.areas[page]?.prefix(results.count(onPage: page)), !areas.isEmpty else { return nil }
        return PageHighlights(areas: Array(areas), current: results.current?.page == page ? results.current?.index : nil)
    }

    private mutating func currentChanged(visible: Range<Int>) -> [Effect] {
        guard let results, let current = results.current else { return [] }
        revealed = !followsCurrent
        var effects: [Effect] = []
        if !followsCurrent {
            askAreas(current.page).map { effects.append($0) }
        } else if results.areas[current.page] != nil {
            effects += reveal()
        } else {
            if !visible.contains(current.page) { effects.append(.showPage(current.page)) }
            askAreas(current.page).map { effects.append($0) }
        }
        if let ordinal = results.currentOrdinal { effects.append(.selectRow(ordinal)) }
        return effects
    }

    private mutating func reveal() -> [Effect] {
        guard let results, let current = results.current, let areas = results.areas[current.page] else { return [] }
        revealed = true
        let rects = current.index < areas.count ? areas[current.index] : []
        guard let first = rects.first else { return [] }
        let union = rects.dropFirst().reduce(first) { $0.union($1) }
        return [.reveal(union, page: current.page)]
    }

    private mutating func askAreas(_ page: Int) -> Effect? {
        guard let results, areasAsked.insert(page).inserted else { return nil }
        return .askAreas(page: page, generation: results.generation)
    }
}

/// Marks on one page, for the canvas to draw: each mark's rectangles, and which mark is
/// the current one.
public struct PageHighlights: Equatable, Sendable {
    public let areas: [[Rect]]
    public let current: Int?
    public init(areas: [[Rect]], current: Int?) { self.areas = areas; self.current = current }
}
