/// Smart fit: the zoom that fits the width of the ink on the pages, not of the paper. The
/// policy:
///  1. A page's ink is measured across a whole-page picture the canvas already has (its
///     stand-in or its sharp picture; nothing is rendered for it), as a profile: how many
///     sampled pixels of each column are not paper. The ink spans from the first to the
///     last column with at least `speck` of them, so dust on a scan does not widen it.
///  2. Odd and even pages get a box each (a book's margins alternate): from the left edge
///     of the pages measured on that side, the lower quartile; from the right edges, the
///     upper quartile. A wide figure or a margin note on fewer than a quarter of the pages
///     does not widen the box. A blank page does not count.
///  3. Only the first `samples` pages of a side count, and a box moves only when an edge
///     moves by more than `settle` of the page's width: the zoom does not twitch while the
///     reader scrolls. A side without a box of its own borrows the other's.
///  4. The layout (`PageLayout`, zoom `.fitInk`) fits the wider box, with `padding` points
///     on each side, to the view, and places each page so that its side's box is centred;
///     with no box yet, or in spreads, it fits the paper's width.
public struct InkColumns: Equatable, Sendable {
    /// Where the ink is across a page: fractions of its width as shown, 0 at its left.
    public struct Span: Equatable, Sendable {
        public let left: Double
        public let right: Double
        public init(left: Double, right: Double) { self.left = left; self.right = right }
        public var width: Double { right - left }
        public var middle: Double { (left + right) / 2 }
    }

    public static let samples = 12
    public static let settle = 0.01
    public static let padding = 6.0
    /// Sampled pixels a column needs to count as ink.
    public static let speck = 2

    /// The boxes of odd pages (1, 3…: indexes 0, 2…) and of even ones.
    public private(set) var odd: Span?
    public private(set) var even: Span?
    private var measured: [Int: Span?] = [:]

    public init() {}

    public var isEmpty: Bool { odd == nil && even == nil }

    /// Whether `page` was measured already (blank pages too).
    public func hasMeasured(_ page: Int) -> Bool { measured[page] != nil }

    /// Whether a picture of `page` is still wanted: its side has room for another sample.
    public func wants(_ page: Int) -> Bool {
        !hasMeasured(page) && measured.keys.filter { $0 % 2 == page % 2 }.count < Self.samples
    }

    /// The box for `page`: its side's, else the other side's.
    public func span(of page: Int) -> Span? { page % 2 == 0 ? odd ?? even : even ?? odd }

    /// Adds `page`'s profile (`profile[c]`: pixels of column c, out of `rows` sampled, that
    /// are not paper). Returns whether a box changed.
    @discardableResult
    public mutating func add(page: Int, profile: [Int]) -> Bool {
        guard page >= 0, wants(page) else { return false }
        measured[page] = Self.span(of: profile)
        let side = measured.filter { $0.key % 2 == page % 2 }.compactMap(\.value)
        guard let box = Self.box(of: side) else { return false }
        let old = page % 2 == 0 ? odd : even
        if let old, abs(old.left - box.left) <= Self.settle, abs(old.right - box.right) <= Self.settle { return false }
        if page % 2 == 0 { odd = box } else { even = box }
        return true
    }

    /// The ink's span in a profile, or nil for a blank page.
    static func span(of profile: [Int]) -> Span? {
        guard let first = profile.firstIndex(where: { $0 >= speck }),
              let last = profile.lastIndex(where: { $0 >= speck }) else { return nil }
        let columns = Double(profile.count)
        return Span(left: Double(first) / columns, right: Double(last + 1) / columns)
    }

    /// Lower quartile of the left edges, upper quartile of the right ones.
    static func box(of spans: [Span]) -> Span? {
        guard !spans.isEmpty else { return nil }
        let lefts = spans.map(\.left).sorted(), rights = spans.map(\.right).sorted()
        let quarter = (spans.count - 1) / 4
        return Span(left: lefts[quarter], right: rights[spans.count - 1 - quarter])
    }
}
