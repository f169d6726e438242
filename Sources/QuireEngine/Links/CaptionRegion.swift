/// The part of a page a caption names — the figure or the table with its caption — decided
/// from the page's text lines, for a reference's preview. The policy:
///  1. The caption is its first line (where its opening was found) and the lines that
///     follow it at a line's spacing in its column.
///  2. Its column is the half of the page it lies in on a page of two columns; the page's
///     text width when the caption or the body text spans the middle.
///  3. A figure lies above its caption, a table below it: the region grows from the caption
///     that way through the column's lines that are not a paragraph's — code, labels, cells,
///     and the blank of a drawing between them — up to the previous paragraph or another
///     figure's or table's caption (down to the next), else to the page's text top (foot),
///     or the page's top (foot) when the caption is the page's first (last) line.
///  4. A paragraph's line has the height most of the page's text has (±`heightSlack`), is
///     as wide as most of that text's lines (±`shortLine`; lines weighed by their width, so
///     a table's cells do not outvote the prose), has no gap wider than its height and is
///     not monospaced (code); the short last line of a paragraph, at a line's spacing below
///     one, is a paragraph's too.
public enum CaptionRegion {
    public static let heightSlack = 0.08
    public static let shortLine = 0.2
    /// Around the region, in points: the lines' boxes are tight to the glyphs.
    public static let margin = 4.0

    /// A line of text on the page: where its glyphs are, the widest gap between two of them,
    /// whether its glyphs are all as wide (a monospaced font: code), and whether it opens a
    /// figure's or table's caption ("Figure 3.", "Tabelle 2:").
    public struct Line: Equatable, Sendable {
        public let area: Rect
        public let widestGap: Double
        public let monospaced: Bool
        public let opensCaption: Bool
        public init(area: Rect, widestGap: Double = 0, monospaced: Bool = false, opensCaption: Bool = false) {
            self.area = area; self.widestGap = widestGap; self.monospaced = monospaced; self.opensCaption = opensCaption
        }
    }

    /// The lines of a page's characters, blanks left out.
    public static func lines(of characters: PageCharacters) -> [Line] {
        characters.lines.compactMap { range in
            let boxes = range.filter { !characters.scalars[$0].properties.isWhitespace }
                .map { characters.boxes[$0] }.filter { !$0.isEmpty }
            guard let first = boxes.first else { return nil }
            var area = first, widestGap = 0.0
            for (previous, box) in zip(boxes, boxes.dropFirst()) {
                widestGap = max(widestGap, box.x - previous.maxX)
                area = area.union(box)
            }
            let widths = boxes.map(\.width)
            let monospaced = boxes.count >= 8 && widths.max()! - widths.min()! <= 0.05 * widths.max()!
            // An opening is a word and a number: its line's first 32 characters hold it.
            let text = String(String.UnicodeScalarView(range.prefix(32).map { characters.scalars[$0] }))
            return Line(area: area, widestGap: widestGap, monospaced: monospaced, opensCaption: opensCaption(text))
        }
    }

    /// Whether `text` starts with a figure's or table's number and the caption's colon or stop.
    static func opensCaption(_ text: String) -> Bool {
        let line = Array(text.drop(while: \.isWhitespace))
        guard let first = TextReference.find(inLine: String(line)).first, first.range.lowerBound == 0,
              first.kind == .figure || first.kind == .table, first.range.upperBound < line.count else { return false }
        return [":", "."].contains(line[first.range.upperBound])
    }

    /// The region, in points from the page's top-left, of the figure (above) or table
    /// (below) whose caption's opening is at `caption` on a page of `size` with `lines`;
    /// nil when no line holds the opening.
    public static func region(caption: Rect, below: Bool, lines: [Line], pageSize size: Size) -> Rect? {
        guard let opening = lines.first(where: { $0.area.intersects(caption) }) else { return nil }
        let column = Self.column(of: opening.area, lines: lines, pageWidth: size.width)
        let inColumn = lines.filter { $0.area.x < column.upper && $0.area.maxX > column.lower }
            .sorted { ($0.area.y, $0.area.x) < ($1.area.y, $1.area.x) }
        guard let start = inColumn.firstIndex(of: opening) else { return nil }
        let end = captionEnd(from: start, inColumn)
        var bounds = paragraphLines(inColumn, page: lines)
        for other in inColumn.indices where inColumn[other].opensCaption && !(start...end).contains(other) {
            bounds.formUnion(other...captionEnd(from: other, inColumn))
        }
        let page = lines.dropFirst().reduce(lines[0].area) { $0.union($1.area) }
        var top = opening.area.y, bottom = inColumn[end].area.maxY
        if below {
            let next = inColumn.indices.first { $0 > end && bounds.contains($0) && inColumn[$0].area.y >= bottom }
            bottom = next.map { inColumn[$0].area.y - 2 * margin } ?? (page.maxY > bottom ? page.maxY : size.height)
        } else {
            let previous = inColumn.indices.last { $0 < start && bounds.contains($0) && inColumn[$0].area.maxY <= top }
            top = previous.map { inColumn[$0].area.maxY + 2 * margin } ?? (page.y < top ? page.y : 0)
        }
        let left = max(0, column.lower - margin), right = min(size.width, column.upper + margin)
        let upper = max(0, top - margin), lower = min(size.height, bottom + margin)
        return Rect(x: left, y: upper, width: max(0, right - left), height: max(0, lower - upper))
    }

    /// The last line of the caption that `lines[start]` opens.
    private static func captionEnd(from start: Int, _ lines: [Line]) -> Int {
        var end = start
        while end + 1 < lines.count, follows(lines[end + 1], lines[end]), !lines[end + 1].monospaced, !lines[end + 1].opensCaption { end += 1 }
        return end
    }

    /// The column holding `caption`: its x range.
    static func column(of caption: Rect, lines: [Line], pageWidth: Double) -> (lower: Double, upper: Double) {
        let middle = pageWidth / 2
        func crosses(_ area: Rect) -> Bool { area.x < middle - 6 && area.maxX > middle + 6 }
        let body = bodyHeight(lines)
        let bodyLines = lines.filter { abs($0.area.height - body) <= heightSlack * body }
        let crossing = bodyLines.filter { crosses($0.area) }.count
        let all = lines.map(\.area)
        let whole = (lower: all.map(\.x).min() ?? 0, upper: all.map(\.maxX).max() ?? pageWidth)
        if crosses(caption) || 2 * crossing > bodyLines.count { return whole }
        return caption.midX < middle ? (whole.lower, middle) : (middle, whole.upper)
    }

    /// The indexes of `column`'s lines (top to bottom) that belong to paragraphs, on a page of `lines`.
    static func paragraphLines(_ column: [Line], page lines: [Line]) -> Set<Int> {
        let body = bodyHeight(lines)
        func bodyHigh(_ line: Line) -> Bool { !line.monospaced && abs(line.area.height - body) <= heightSlack * body }
        let measure = weightedMedian(lines.filter(bodyHigh).map(\.area.width))
        var found: Set<Int> = []
        for (index, line) in column.enumerated() where bodyHigh(line) {
            let full = line.area.width >= (1 - shortLine) * measure && line.widestGap <= line.area.height
            let last = index > 0 && found.contains(index - 1) && follows(line, column[index - 1])
            if full || last { found.insert(index) }
        }
        return found
    }

    /// Whether `line` comes right after `above` at a line's spacing.
    private static func follows(_ line: Line, _ above: Line) -> Bool {
        let gap = line.area.y - above.area.maxY
        return gap >= -above.area.height / 2 && gap <= 0.4 * max(line.area.height, above.area.height)
    }

    /// The line height most of the page's text has (lines weighed by their width), in half points.
    private static func bodyHeight(_ lines: [Line]) -> Double {
        var widths: [Int: Double] = [:]
        for line in lines { widths[Int((line.area.height * 2).rounded()), default: 0] += line.area.width }
        return Double(widths.max { $0.value < $1.value || $0.value == $1.value && $0.key < $1.key }?.key ?? 0) / 2
    }

    /// The width most of the text is set in: half the text is in lines at least this wide
    /// (each line weighed by its width, so a table's many short cells do not outvote the prose).
    private static func weightedMedian(_ widths: [Double]) -> Double {
        let sorted = widths.sorted(by: >)
        let half = sorted.reduce(0, +) / 2
        var sum = 0.0
        for width in sorted {
            sum += width
            if sum >= half { return width }
        }
        return 0
    }
}
