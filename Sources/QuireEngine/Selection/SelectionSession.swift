/// Text selection in one view, as the reader makes it. The rules:
/// - A press selects glyph by glyph from where it lands, a double press word by word, a
///   triple (or more) press line by line; Shift+press extends the selection there, keeping
///   its anchor and its unit; a drag moves the head. A press off every page clears it.
/// - Poppler's areas are asked for once a page and selection, only for the pages in view
///   that the selection covers.
/// - While a new selection's areas are on their way, the old selection's stay drawn (a drag
///   never flickers); a page's new areas replace its old ones as they come. Clearing or
///   an empty selection (a press without a drag) draws nothing at once.
/// - A selection made with the pointer becomes the primary selection (middle-click paste)
///   when it covers at most `primaryPageLimit` pages: a larger one would make every drag
///   read thousands of pages. Copy takes any size.
/// Areas for an older selection (another generation) are dropped.
public struct SelectionSession: Sendable {
    /// Areas to ask poppler for.
    public struct AreaRequest: Equatable, Sendable {
        public let span: TextSelection.Span
        public let style: TextSelection.Style
        public let generation: Int
    }

    public static let primaryPageLimit = 20

    public private(set) var selection: TextSelection?
    private var generation = 0
    private var areas: [Int: [Rect]] = [:]      // this selection's, page by page
    private var requested: Set<Int> = []
    private var staleAreas: [Int: [Rect]] = [:] // the previous selection's, drawn until replaced

    public init() {}

    /// Nothing selected, or a press that has not moved (a caret, not a selection).
    public var isEmpty: Bool {
        guard let selection else { return true }
        return selection.anchor == selection.head && selection.style == .glyph
    }

    /// Whether the selection should become the primary selection once the press ends.
    public var isPrimaryCandidate: Bool {
        guard let selection, !isEmpty else { return false }
        return selection.pages.count <= Self.primaryPageLimit
    }

    /// A press at `point` (nil: off every page); says whether the selection changed.
    @discardableResult
    public mutating func press(at point: PagePoint?, presses: Int, extending: Bool) -> Bool {
        guard let point else { return set(nil) }
        if extending, let current = selection {
            return set(TextSelection(anchor: current.anchor, head: point, style: current.style))
        }
        let style: TextSelection.Style = presses >= 3 ? .line : presses == 2 ? .word : .glyph
        return set(TextSelection(anchor: point, head: point, style: style))
    }

    /// The pointer moved to `point` while pressed.
    @discardableResult
    public mutating func drag(to point: PagePoint?) -> Bool {
        guard let current = selection, let point else { return false }
        return set(TextSelection(anchor: current.anchor, head: point, style: current.style))
    }

    @discardableResult
    public mutating func selectAll(pageSizes: [Size]) -> Bool { set(TextSelection.all(pageSizes: pageSizes)) }

    @discardableResult
    public mutating func clear() -> Bool { set(nil) }

    /// Selects `selection` as made by the keys (caret mode); nil clears.
    @discardableResult
    public mutating func select(_ selection: TextSelection?) -> Bool { set(selection) }

    /// The areas to ask for now, for the pages in `visible` (of sizes `pageSizes`).
    public mutating func requests(visible: Range<Int>, pageSizes: [Size]) -> [AreaRequest] {
        guard let selection, !isEmpty else { return [] }
        var wanted: [AreaRequest] = []
        for page in visible where selection.pages.contains(page) && pageSizes.indices.contains(page) && !requested.contains(page) {
            guard let span = selection.span(onPage: page, size: pageSizes[page]) else { continue }
            requested.insert(page)
            wanted.append(AreaRequest(span: span, style: selection.style, generation: generation))
        }
        return wanted
    }

    /// Poppler's areas for a request; says whether they are drawn (not an older selection's).
    @discardableResult
    public mutating func received(_ found: [Rect], page: Int, generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        areas[page] = found
        staleAreas[page] = nil
        return true
    }

    /// The areas to draw on `page`, in points from its top-left as displayed.
    public func areas(onPage page: Int) -> [Rect]? { areas[page] ?? staleAreas[page] }

    private mutating func set(_ new: TextSelection?) -> Bool {
        guard new != selection else { return false }
        selection = new
        generation += 1
        staleAreas = areas.isEmpty ? staleAreas : areas
        areas = [:]
        requested = []
        if new == nil || isEmpty { staleAreas = [:] }
        return true
    }
}
