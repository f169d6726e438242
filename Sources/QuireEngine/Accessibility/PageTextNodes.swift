/// Which pages a screen reader finds as text beside the canvas, on GTK 4.8 where a node
/// must be a real widget (`AccessiblePages` makes them). The policy:
///  1. The pages in view and one either side, at most `poolSize` of them (from the page
///     before the view on): a 5,000-page book costs `poolSize` widgets.
///  2. A node keeps its page while the page is still wanted, so what a reader is in is not
///     taken away; free nodes take the pages that came into view.
///  3. A node holds at most `characterLimit` characters of its page (`NodeText` says so
///     when it cut), so that laying out a page with a megabyte of text freezes nothing.
///  4. Texts read stay known for the pages within `poolSize` of the view, so that going
///     back and forth does not read them again; others are forgotten.
public struct PageTextNodes: Sendable {
    /// Two spreads of two pages and one page either side.
    public static let defaultPoolSize = 6

    /// The page each node holds (nil: none), by node.
    public private(set) var pages: [Int?]

    public init(poolSize: Int = defaultPoolSize) { pages = Array(repeating: nil, count: max(1, poolSize)) }

    public var poolSize: Int { pages.count }

    /// The pages that get nodes for `visible` (rule 1).
    public func wanted(visible: Range<Int>, pageCount: Int) -> Range<Int> {
        guard !visible.isEmpty, pageCount > 0 else { return 0..<0 }
        let first = min(max(0, visible.lowerBound - 1), pageCount - 1)
        return first..<min(pageCount, visible.upperBound + 1, first + poolSize)
    }

    /// Gives the nodes the pages wanted for `visible` (rule 2); returns the nodes whose page
    /// changed, which need their text again.
    public mutating func show(visible: Range<Int>, pageCount: Int) -> [Int] {
        let wanted = wanted(visible: visible, pageCount: pageCount)
        var missing = Array(wanted.filter { !pages.contains($0) })
        var changed: [Int] = []
        for node in pages.indices where pages[node].map({ !wanted.contains($0) }) ?? true {
            let next = missing.isEmpty ? nil : missing.removeFirst()
            if pages[node] != next { changed.append(node) }
            pages[node] = next
        }
        return changed
    }

    /// The nodes holding a page, in page order: each flows to the next.
    public var inPageOrder: [(node: Int, page: Int)] {
        pages.enumerated().compactMap { node, page in page.map { (node, $0) } }.sorted { $0.page < $1.page }
    }

    /// Whether a text read for `page` is worth keeping while `visible` shows (rule 4).
    public func keeps(_ page: Int, visible: Range<Int>) -> Bool {
        page >= visible.lowerBound - poolSize && page < visible.upperBound + poolSize
    }
}
