/// Which document pages a print job draws, in order, by GtkPrintOperation's own rules: the
/// chosen pages (all, the current one, or ranges in the order given, clamped to the
/// document), grouped into sheets when several pages go on a side (`PrintLayout`), then
/// only the odd or even sheets of those, then reversed if asked. Quire tells the print
/// dialog it does these itself, so the printer's side never applies them a second time.
public struct PrintPages: Equatable, Sendable {
    public enum Choice: Equatable, Sendable {
        case all
        case current(Int)
        /// Zero-based; an open end is `Int.max`.
        case ranges([ClosedRange<Int>])
    }

    /// Odd sheets are the first, third… of the chosen pages, not odd page numbers.
    public enum Sheets: Equatable, Sendable { case all, odd, even }

    public var choice: Choice
    public var sheets: Sheets
    public var reversed: Bool

    public init(_ choice: Choice = .all, sheets: Sheets = .all, reversed: Bool = false) {
        self.choice = choice
        self.sheets = sheets
        self.reversed = reversed
    }

    /// The zero-based document pages to draw, for a document of `count` pages, grouped into
    /// sheets of `layout`, in drawing order: with several pages a side, odd or even and
    /// reversed count sheets, as GTK counts them.
    public func sheets(count: Int, layout: PrintLayout) -> [[Int]] {
        guard count > 0 else { return [] }
        var chosen: [Int]
        switch choice {
        case .all: chosen = Array(0..<count)
        case .current(let page): chosen = (0..<count).contains(page) ? [page] : Array(0..<count)
        case .ranges(let ranges):
            chosen = ranges.flatMap { range -> [Int] in
                let first = max(0, range.lowerBound), last = min(count - 1, range.upperBound)
                return first <= last ? Array(first...last) : []
            }
        }
        var sheets = layout.group(chosen)
        switch self.sheets {
        case .all: break
        case .odd: sheets = sheets.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        case .even: sheets = sheets.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        return reversed ? sheets.reversed() : sheets
    }

    /// Parses page ranges as people type them, one-based: "2-3, 5, 8-" (8 to the end),
    /// "-3" (1 to 3). Nil when the text is not such a list.
    public static func ranges(parsing text: String) -> [ClosedRange<Int>]? {
        var ranges: [ClosedRange<Int>] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = item.filter { $0 != " " }
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            func page(_ text: Substring, empty: Int) -> Int? {
                if text.isEmpty { return empty }
                guard let number = Int(text), number >= 1 else { return nil }
                return number - 1
            }
            switch ends.count {
            case 1:
                guard let single = page(ends[0], empty: -1), single >= 0 else { return nil }
                ranges.append(single...single)
            case 2:
                guard !(ends[0].isEmpty && ends[1].isEmpty), let first = page(ends[0], empty: 0),
                      let last = page(ends[1], empty: Int.max), first <= last else { return nil }
                ranges.append(first...last)
            default:
                return nil
            }
        }
        return ranges
    }
}
