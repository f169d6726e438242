/// A page's text with one box per character, as caret mode reads it. The rules:
///  1. At most `limit` characters a page; the text's characters (Unicode scalars, as
///     poppler counts them) and the boxes must be as many, every box finite: otherwise
///     the page is refused (nil), never guessed at.
///  2. Boxes are clipped into the page (points from its top-left as displayed).
///  3. Lines are runs of characters between line breaks ("\n", "\r"), also broken where a
///     character's box lies wholly above or below the line so far; a line holds at
///     least one character, the breaks themselves belong to none.
///  4. A line's area is what its letters take up, not what the tallest box reaches
///     (`area(ofLine:)`); the line under a point is found by the areas (`line(nearest:)`).
public struct PageCharacters: Sendable {
    public static let limit = 200_000

    public let scalars: [Unicode.Scalar]
    public let boxes: [Rect]
    /// Character ranges, in reading order.
    public let lines: [Range<Int>]
    private let areas: [Rect]
    public let pageSize: Size

    public init?(text: String, boxes: [Rect], pageSize: Size) {
        let scalars = Array(text.unicodeScalars.prefix(Self.limit + 1))
        guard scalars.count <= Self.limit, scalars.count == boxes.count,
              boxes.allSatisfy({ [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) }) else { return nil }
        self.scalars = scalars
        self.pageSize = pageSize
        let clipped = boxes.map { Self.clipped($0, to: pageSize) }
        self.boxes = clipped
        lines = Self.lines(scalars, clipped)
        areas = lines.map { Self.area(clipped[$0]) }
    }

    public var count: Int { scalars.count }

    /// Whether the character at `index` is part of a word (a letter, digit or underscore).
    public func isWordCharacter(_ index: Int) -> Bool {
        let properties = scalars[index].properties
        return properties.isAlphabetic || properties.numericType != nil || scalars[index] == "_"
    }

    /// The line holding place `index` (a line of `start..<end` holds places `start...end`).
    public func line(holding index: Int) -> Int? {
        lines.firstIndex { $0.lowerBound <= index && index <= $0.upperBound }
    }

    /// The top and bottom of line `line`.
    public func extent(ofLine line: Int) -> (top: Double, bottom: Double) {
        let range = lines[line]
        return (boxes[range].map(\.y).min()!, boxes[range].map(\.maxY).max()!)
    }

    /// Whether the text runs across the page, as lines are found: of the steps from one
    /// character to the next between line breaks, at least half go more across than down.
    /// False on a page turned a quarter, where lines run down it.
    public var runsAcross: Bool {
        var across = 0, steps = 0
        for index in boxes.indices.dropFirst() where !Self.isBreak(scalars[index]) && !Self.isBreak(scalars[index - 1]) {
            let (from, to) = (boxes[index - 1], boxes[index])
            steps += 1
            if abs(to.x + to.width / 2 - from.x - from.width / 2) >= abs(to.midY - from.midY) { across += 1 }
        }
        return across * 2 >= steps
    }

    /// Line `line`'s area, as a reader sees the line: from its first character's left to
    /// its last's right, and from the median top to the median bottom of its characters'
    /// boxes. A tall symbol's box (a math font's "⊆" reaches halfway down the next line) or
    /// a superscript's does not stretch it over its neighbours, as the extent does.
    public func area(ofLine line: Int) -> Rect { areas[line] }

    /// The line nearest `point`: the one whose area is nearest up or down; of those as near
    /// (two columns, or two areas holding it), the one whose area is nearest across, then
    /// the one whose middle is nearer. Nil for a page without text.
    public func line(nearest point: Point) -> Int? {
        func distance(_ line: Int) -> (Double, Double, Double) {
            let area = area(ofLine: line)
            return (max(area.y - point.y, 0, point.y - area.maxY), max(area.x - point.x, 0, point.x - area.maxX), abs(point.y - area.midY))
        }
        return lines.indices.min { distance($0) < distance($1) }
    }

    /// Where place `index` of line `line` is across: before its character, or after the
    /// line's last one.
    public func x(ofPlace index: Int, inLine line: Int) -> Double {
        let range = lines[line]
        return index < range.upperBound ? boxes[index].x : boxes[range.upperBound - 1].maxX
    }

    private static func clipped(_ box: Rect, to page: Size) -> Rect {
        let x = min(max(box.x, 0), page.width), y = min(max(box.y, 0), page.height)
        return Rect(x: x, y: y, width: min(max(box.maxX, x), page.width) - x, height: min(max(box.maxY, y), page.height) - y)
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    private static func area(_ boxes: ArraySlice<Rect>) -> Rect {
        let left = boxes.map(\.x).min()!, right = boxes.map(\.maxX).max()!
        let tall = boxes.filter { $0.height > 0 }
        guard !tall.isEmpty else { return Rect(x: left, y: boxes.map(\.y).min()!, width: right - left, height: 0) }
        let top = tall.map(\.y).sorted()[tall.count / 2], bottom = tall.map(\.maxY).sorted()[tall.count / 2]
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    private static func lines(_ scalars: [Unicode.Scalar], _ boxes: [Rect]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, top = 0.0, bottom = 0.0
        func close(_ end: Int) { if end > start { lines.append(start..<end) } }
        for index in scalars.indices {
            if isBreak(scalars[index]) {
                close(index)
                start = index + 1
                continue
            }
            let box = boxes[index]
            if index > start, box.height > 0, bottom > top, box.y >= bottom || box.maxY <= top {
                close(index)
                start = index
            }
            if index == start || bottom <= top { (top, bottom) = (box.y, box.maxY) } else { (top, bottom) = (min(top, box.y), max(bottom, box.maxY)) }
        }
        close(scalars.count)
        return lines
    }
}

/// The pages' characters the window keeps: at most `pageLimit` pages, the least recently
/// used dropped first.
public struct PageCharactersCache: Sendable {
    public static let pageLimit = 8
    private var pages: [(page: Int, characters: PageCharacters)] = []

    public init() {}

    public mutating func insert(_ characters: PageCharacters, page: Int) {
        pages.removeAll { $0.page == page }
        pages.append((page, characters))
        if pages.count > Self.pageLimit { pages.removeFirst() }
    }

    public mutating func characters(onPage page: Int) -> PageCharacters? {
        guard let index = pages.firstIndex(where: { $0.page == page }) else { return nil }
        let found = pages.remove(at: index)
        pages.append(found)
        return found.characters
    }

    public var cachedPages: [Int] { pages.map(\.page) }

    public mutating func removeAll() { pages = [] }

    /// Forgets one page (its text changed: recognised).
    public mutating func remove(page: Int) { pages.removeAll { $0.page == page } }
}
