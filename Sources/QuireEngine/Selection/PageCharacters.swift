/// A page's text with one box per character, as caret mode reads it. The rules:
///  1. At most `limit` characters a page; the text's characters (Unicode scalars, as
///     poppler counts them) and the boxes must be as many, every box finite: otherwise
///     the page is refused (nil), never guessed at.
///  2. Boxes are clipped into the page (points from its top-left as displayed).
///  3. Lines are runs of characters between line breaks ("\n", "\r"), also broken where a
///     character's box lies wholly above or below the line so far; a line holds at
///     least one character, the breaks themselves belong to none.
public struct PageCharacters: Sendable {
    public static let limit = 200_000

    public let scalars: [Unicode.Scalar]
    public let boxes: [Rect]
    /// Character ranges, in reading order.
    public let lines: [Range<Int>]
    public let pageSize: Size

    public init?(text: String, boxes: [Rect], pageSize: Size) {
        let scalars = Array(text.unicodeScalars.prefix(Self.limit + 1))
        guard scalars.count <= Self.limit, scalars.count == boxes.count,
              boxes.allSatisfy({ [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) }) else { return nil }
        self.scalars = scalars
        self.pageSize = pageSize
        self.boxes = boxes.map { Self.clipped($0, to: pageSize) }
        lines = Self.lines(scalars, self.boxes)
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

    private static func lines(_ scalars: [Unicode.Scalar], _ boxes: [Rect]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, top = 0.0, bottom = 0.0
        func close(_ end: Int) { if end > start { lines.append(start..<end) } }
        for index in scalars.indices {
            if scalars[index] == "\n" || scalars[index] == "\r" {
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
}
