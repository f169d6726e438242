/// A point on a page: points from the top-left of the page as the document displays it.
public struct PagePoint: Hashable, Sendable {
    public var page: Int
    public var point: Point
    public init(page: Int, point: Point) { self.page = page; self.point = point }
}

/// A text selection: from where the press was (`anchor`) to where the pointer is (`head`),
/// by glyph, word or line. Poppler selects text within a page from a start point to an end
/// point in reading order; across pages, the first page is selected from the start to its
/// end, the pages between whole, the last from its top to the end point.
public struct TextSelection: Hashable, Sendable {
    public enum Style: Hashable, Sendable { case glyph, word, line }

    public var anchor: PagePoint
    public var head: PagePoint
    public var style: Style

    public init(anchor: PagePoint, head: PagePoint, style: Style = .glyph) {
        self.anchor = anchor; self.head = head; self.style = style
    }

    /// Everything from the first page's top to the last page's end.
    public static func all(pageSizes: [Size]) -> TextSelection? {
        guard let last = pageSizes.indices.last else { return nil }
        return TextSelection(anchor: PagePoint(page: 0, point: Point(x: 0, y: 0)),
                             head: PagePoint(page: last, point: Point(x: pageSizes[last].width, y: pageSizes[last].height)))
    }

    /// The pages the selection touches.
    public var pages: ClosedRange<Int> { min(anchor.page, head.page)...max(anchor.page, head.page) }

    /// One page's part: the start and end points to hand to poppler (the same page's
    /// two points in the order pressed: poppler orders them by reading order itself).
    public struct Span: Hashable, Sendable {
        public var page: Int
        public var start: Point
        public var end: Point
        public init(page: Int, start: Point, end: Point) { self.page = page; self.start = start; self.end = end }
    }

    /// The part of `page` selected, given its size as the document displays it; nil for a
    /// page outside the selection.
    public func span(onPage page: Int, size: Size) -> Span? {
        guard pages.contains(page) else { return nil }
        if anchor.page == head.page { return Span(page: page, start: anchor.point, end: head.point) }
        let (first, last) = anchor.page < head.page ? (anchor, head) : (head, anchor)
        let start = page == first.page ? first.point : Point(x: 0, y: 0)
        let end = page == last.page ? last.point : Point(x: size.width, y: size.height)
        return Span(page: page, start: start, end: end)
    }
}
