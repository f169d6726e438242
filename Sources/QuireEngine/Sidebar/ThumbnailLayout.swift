/// The thumbnail sidebar's geometry, in widget pixels: every page as a small picture with
/// its label underneath, in as many columns as the sidebar's width holds, rows as tall as
/// their tallest page. Like `PageLayout`, a few arrays for any number of pages; lookups
/// by position are binary searches over rows.
public struct ThumbnailLayout: Sendable {
    /// A picture fits a square of this side (a portrait page is this tall).
    public static let pictureSide = 150.0
    public static let padding = 8.0
    public static let labelHeight = 18.0
    public static let cellWidth = pictureSide + 2 * padding

    /// Page sizes in points as laid out (turned as the canvas turns them).
    public private(set) var pageSizes: [Size]
    public private(set) var width: Double
    public private(set) var columns = 1
    private var rowTops: [Double] = [0] // rowTops[r]: where row r starts; the last is the content height

    public init(pageSizes: [Size], width: Double = cellWidth) {
        self.pageSizes = pageSizes.map(PageGeometryLimits.clamped)
        self.width = Self.usable(width)
        rebuild()
    }

    /// The widest sidebar laid out, in pixels; a width that is not a number is one column's.
    public static let largestWidth = 100_000.0
    private static func usable(_ width: Double) -> Double { width.isNaN ? cellWidth : min(max(0, width), largestWidth) }

    public var pageCount: Int { pageSizes.count }
    public var rowCount: Int { rowTops.count - 1 }
    public var contentHeight: Double { rowTops.last! }

    public mutating func setWidth(_ width: Double) {
        let width = Self.usable(width)
        guard width != self.width else { return }
        self.width = width
        rebuild()
    }

    public mutating func setPageSizes(_ sizes: [Size]) {
        pageSizes = sizes.map(PageGeometryLimits.clamped)
        rebuild()
    }

    private mutating func rebuild() {
        columns = max(1, Int(saturating: width / Self.cellWidth))
        let rows = (pageSizes.count + columns - 1) / columns
        rowTops = [0]
        rowTops.reserveCapacity(rows + 1)
        for row in 0..<rows {
            let pages = (row * columns)..<min(pageSizes.count, (row + 1) * columns)
            let tallest = pages.map { pictureSize($0).height }.max() ?? 0
            rowTops.append(rowTops[row] + tallest + 2 * Self.padding + Self.labelHeight)
        }
    }

    /// The picture's size: the page scaled to fit the square.
    public func pictureSize(_ page: Int) -> Size {
        let size = pageSizes[page]
        let side = max(size.width, size.height)
        guard side > 0 else { return Size(width: Self.pictureSide, height: Self.pictureSide) }
        let scale = Self.pictureSide / side
        return Size(width: max(1, (size.width * scale).rounded()), height: max(1, (size.height * scale).rounded()))
    }

    /// The page's cell: picture and label, the columns centred in the width.
    public func cellRect(_ page: Int) -> Rect {
        let row = page / columns, column = page % columns
        let left = max(0, (width - Double(columns) * Self.cellWidth) / 2)
        return Rect(x: left + Double(column) * Self.cellWidth, y: rowTops[row],
                    width: Self.cellWidth, height: rowTops[row + 1] - rowTops[row])
    }

    /// Where the picture goes: centred across its cell, at the bottom of the picture area
    /// so that the pages of a row stand on one line.
    public func pictureRect(_ page: Int) -> Rect {
        let cell = cellRect(page), size = pictureSize(page)
        let bottom = cell.maxY - Self.padding - Self.labelHeight
        return Rect(x: cell.x + (cell.width - size.width) / 2, y: bottom - size.height, width: size.width, height: size.height)
    }

    /// The label's line under the picture.
    public func labelRect(_ page: Int) -> Rect {
        let cell = cellRect(page)
        return Rect(x: cell.x, y: cell.maxY - Self.padding - Self.labelHeight, width: cell.width, height: Self.labelHeight)
    }

    /// The pages of the rows that meet `top..<top + height`.
    public func pages(top: Double, height: Double) -> Range<Int> {
        guard rowCount > 0, height > 0 else { return 0..<0 }
        let first = row(at: top), last = row(at: top + height - 0.001)
        return (first * columns)..<min(pageCount, (last + 1) * columns)
    }

    /// The page whose cell holds `point`, if any.
    public func page(at point: Point) -> Int? {
        guard rowCount > 0, point.y >= 0, point.y < contentHeight else { return nil }
        let left = max(0, (width - Double(columns) * Self.cellWidth) / 2)
        let column = Int(saturating: ((point.x - left) / Self.cellWidth).rounded(.down))
        guard column >= 0, column < columns else { return nil }
        let page = row(at: point.y) * columns + column
        return page < pageCount ? page : nil
    }

    private func row(at y: Double) -> Int {
        var low = 0, high = rowCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowTops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// What to render for a view of `height` pixels from `top`: the pages shown, then the
    /// pages of one more screen in the scroll direction (nearest first), nothing further.
    public func plan(top: Double, height: Double, scrollingDown: Bool) -> (shown: Range<Int>, ahead: [Int]) {
        let shown = pages(top: top, height: height)
        guard !shown.isEmpty else { return (shown, []) }
        if scrollingDown {
            let next = pages(top: top + height, height: height)
            return (shown, Array(next.filter { !shown.contains($0) }))
        }
        let previous = pages(top: max(0, top - height), height: min(height, top))
        return (shown, previous.filter { !shown.contains($0) }.reversed())
    }

    /// The scroll position that brings `page`'s cell wholly into a view of `height` from
    /// `top`, centring it; nil when it is in view already.
    public func reveal(_ page: Int, top: Double, height: Double) -> Double? {
        guard page >= 0, page < pageCount else { return nil }
        let cell = cellRect(page)
        if cell.y >= top && cell.maxY <= top + height { return nil }
        let centred = cell.midY - height / 2
        return min(max(centred, 0), max(0, contentHeight - height))
    }
}
