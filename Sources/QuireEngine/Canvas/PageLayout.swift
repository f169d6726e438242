/// Continuous layout of pages in widget pixels: rows stacked top to bottom with a fixed
/// gap between them and around them. A row holds one page, or two side by side in dual
/// mode (a spread, right to left for right-to-left documents; with the first page alone,
/// as a book's cover, unless odd pages go on the left). Each page sits centred in its
/// slot, slots as wide as the widest page, the whole centred in the wider of the viewport
/// and the rows. Geometry for any number of pages is a few arrays; lookups by position
/// are binary searches over rows. Not `continuous`, only one row is laid out at a time
/// (`shownRow`): a page, or a spread, that page-turning replaces, centred down the
/// viewport as well when it is shorter.
public struct PageLayout: Sendable {
    /// How pages are arranged in rows.
    public enum Arrangement: Hashable, Sendable {
        case single
        /// Two pages a row. `oddLeft`: pages 1|2, 3|4…; otherwise page 1 alone on the right,
        /// then 2|3, 4|5… `rightToLeft` mirrors each spread.
        case dual(oddLeft: Bool, rightToLeft: Bool)
    }

    /// Page sizes in points as laid out: the page's own /Rotate and the reader's `rotation` applied.
    public private(set) var pageSizes: [Size]
    /// Page sizes in points as the document gives them (its own /Rotate applied).
    public private(set) var documentSizes: [Size]
    /// The reader's rotation of every page, on top of the document's.
    public private(set) var rotation: Rotation = .none
    public private(set) var arrangement: Arrangement = .single
    public private(set) var continuous = true
    /// The row laid out when not continuous.
    public private(set) var shownRow = 0
    public private(set) var zoom: ZoomMode
    public private(set) var viewport: Size
    /// Logical pixels per point.
    public private(set) var scale: Double = ZoomMode.pixelsPerPointAt100
    /// Space between rows and around them, in pixels (none in a presentation).
    public private(set) var gap: Double
    /// Where the ink is across the pages, for `.fitInk`.
    public private(set) var ink = InkColumns()

    private var heightBefore: [Double] = [0] // heightBefore[r]: sum of the heights of rows < r, in points
    private var widest: Double = 0
    private var tallest: Double = 0

    public init(pageSizes: [Size], zoom: ZoomMode = .fitWidth, viewport: Size = .zero, gap: Double = 12) {
        let sizes = pageSizes.map(PageGeometryLimits.clamped)
        self.pageSizes = sizes
        documentSizes = sizes
        self.zoom = zoom
        self.viewport = Self.usable(viewport)
        self.gap = Self.usable(gap: gap)
        rebuild()
    }

    /// A viewport side that is not a finite, positive number is no viewport.
    private static func usable(_ viewport: Size) -> Size {
        func side(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
        return Size(width: side(viewport.width), height: side(viewport.height))
    }

    /// A gap from none to a page's largest side.
    private static func usable(gap: Double) -> Double {
        gap.isFinite ? min(max(0, gap), PageGeometryLimits.largestSide) : 0
    }

    public var pageCount: Int { pageSizes.count }

    public mutating func setViewport(_ size: Size) { viewport = Self.usable(size); updateScale() }
    public mutating func setZoom(_ mode: ZoomMode) { zoom = mode; updateScale() }
    public mutating func setGap(_ gap: Double) { self.gap = Self.usable(gap: gap); updateScale() }
    public mutating func setInk(_ ink: InkColumns) { self.ink = ink; updateScale() }

    /// Whether the pages are fitted by their ink: `.fitInk`, one page a row, a box known.
    public var fitsInk: Bool { zoom == .fitInk && columns == 1 && !ink.isEmpty }

    /// The widest ink box with its padding, in points.
    private var inkWidth: Double {
        max(ink.odd?.width ?? 0, ink.even?.width ?? 0) * widest + 2 * InkColumns.padding
    }

    public mutating func setRotation(_ rotation: Rotation) {
        guard rotation != self.rotation else { return }
        self.rotation = rotation
        pageSizes = documentSizes.map { $0.rotated(by: rotation) }
        // The ink was measured across the pages as they were turned.
        ink = InkColumns()
        rebuild()
    }

    public mutating func setArrangement(_ arrangement: Arrangement) {
        guard arrangement != self.arrangement else { return }
        self.arrangement = arrangement
        rebuild()
    }

    /// Lays out every row, or only the row holding `page`.
    public mutating func setContinuous(_ continuous: Bool, showing page: Int) {
        self.continuous = continuous
        shownRow = pageCount > 0 ? row(of: min(max(page, 0), pageCount - 1)) : 0
    }

    /// Adopts a page's real size (sizes may first be estimates).
    public mutating func setPageSize(_ size: Size, at index: Int) {
        setPageSizes([size], from: index)
    }

    /// Adopts the real sizes of pages `first…`; one rebuild for the whole batch.
    public mutating func setPageSizes(_ sizes: [Size], from first: Int) {
        var changed = false
        for (offset, given) in sizes.enumerated() where pageSizes.indices.contains(first + offset) {
            let size = PageGeometryLimits.clamped(given)
            if documentSizes[first + offset] != size {
                documentSizes[first + offset] = size
                pageSizes[first + offset] = size.rotated(by: rotation)
                changed = true
            }
        }
        if changed { rebuild() }
    }

    // MARK: Rows

    private var columns: Int { arrangement == .single ? 1 : 2 }

    /// Pages before the first full row's start: 1 when the first page stands alone.
    private var offset: Int {
        if case .dual(oddLeft: false, _) = arrangement { return 1 }
        return 0
    }

    private var rowCount: Int { pageCount == 0 ? 0 : row(of: pageCount - 1) + 1 }

    /// The rows laid out: all of them, or the one shown.
    private var rows: Range<Int> { continuous ? 0..<rowCount : min(shownRow, max(rowCount - 1, 0))..<min(shownRow + 1, rowCount) }

    private func row(of page: Int) -> Int { (page + offset) / columns }

    /// The pages laid out: all, or, one page at a time, the shown page or spread.
    public var pagesShown: Range<Int> {
        continuous || rows.isEmpty ? 0..<pageCount : pages(inRow: rows.lowerBound)
    }

    /// The pages in row `row`.
    private func pages(inRow row: Int) -> Range<Int> {
        let first = max(0, row * columns - offset)
        return first..<min(pageCount, (row + 1) * columns - offset)
    }

    /// The slot (0 left, 1 right) a page takes in its row.
    private func slot(of page: Int) -> Int {
        guard columns == 2 else { return 0 }
        let leftToRight = (page + offset) % 2
        if case .dual(_, rightToLeft: true) = arrangement { return 1 - leftToRight }
        return leftToRight
    }

    private func rowHeight(_ row: Int) -> Double { heightBefore[row + 1] - heightBefore[row] }

    private func top(ofRow row: Int) -> Double {
        let first = rows.lowerBound
        return rowsTop + (heightBefore[row] - heightBefore[first]) * scale + gap * Double(row - first + 1)
    }

    /// The height of the rows laid out, gaps included.
    private var rowsHeight: Double {
        (heightBefore[rows.upperBound] - heightBefore[rows.lowerBound]) * scale + gap * Double(rows.count + 1)
    }

    /// One page at a time, a row shorter than the viewport is centred down it.
    private var rowsTop: Double {
        continuous ? 0 : max(0, ((viewport.height - rowsHeight) / 2).rounded(.down))
    }

    /// Binary search: the first row whose bottom edge (and gap below) is below `y`.
    private func firstRow(endingAfter y: Double) -> Int {
        var low = rows.lowerBound, high = rows.upperBound - 1
        while low < high {
            let mid = (low + high) / 2
            if top(ofRow: mid + 1) <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: Geometry

    public var contentSize: Size {
        let rowWidth = fitsInk ? inkWidth * scale + 2 * gap : Double(columns) * widest * scale + Double(columns + 1) * gap
        return Size(width: max(viewport.width, rowWidth), height: continuous ? rowsHeight : max(viewport.height, rowsHeight))
    }

    /// The page's rectangle in content pixels.
    public func pageRect(_ index: Int) -> Rect {
        let size = pageSizes[index]
        let width = size.width * scale, height = size.height * scale
        let slotWidth = widest * scale
        let rowsWidth = Double(columns) * slotWidth + Double(columns - 1) * gap
        let left = ((contentSize.width - rowsWidth) / 2).rounded(.down) + Double(slot(of: index)) * (slotWidth + gap)
        let row = row(of: index)
        // In a spread, pages are centred in their slots and in the row's height; fitted by
        // their ink, a page's box is centred (its margins may lie outside the content).
        let x = if fitsInk, let span = ink.span(of: index) {
            (contentSize.width / 2 - span.middle * width).rounded(.down)
        } else {
            columns == 1 ? ((contentSize.width - width) / 2).rounded(.down) : left + ((slotWidth - width) / 2).rounded(.down)
        }
        let y = top(ofRow: row) + ((rowHeight(row) * scale - height) / 2).rounded(.down)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Pages whose rows intersect `rect` (content pixels), in order.
    public func pages(in rect: Rect) -> Range<Int> {
        guard pageCount > 0, !rect.isEmpty else { return 0..<0 }
        let first = firstRow(endingAfter: rect.y)
        var last = first
        while last < rows.upperBound && top(ofRow: last) < rect.maxY { last += 1 }
        guard last > first else { return pages(inRow: first).lowerBound..<pages(inRow: first).lowerBound }
        return pages(inRow: first).lowerBound..<pages(inRow: last - 1).upperBound
    }

    /// The page showing most of `rect`; ties go to the earlier page.
    public func mostVisiblePage(in rect: Rect) -> Int? {
        var best: (page: Int, area: Double)?
        for page in pages(in: rect) {
            let visible = pageRect(page).intersection(rect)
            let area = visible.width * visible.height
            if best == nil || area > best!.area { best = (page, area) }
        }
        return best?.page
    }

    /// Where a point `fraction` down a page's row lands in content pixels (for anchoring
    /// across changes of zoom, size and arrangement).
    public func contentY(page: Int, fraction: Double) -> Double {
        let row = row(of: page)
        return top(ofRow: row) + fraction * rowHeight(row) * scale
    }

    /// The first page of the row under content y and how far down the row it is (0…1);
    /// gaps count as the row below.
    public func anchor(atContentY y: Double) -> (page: Int, fraction: Double) {
        guard pageCount > 0 else { return (0, 0) }
        let row = firstRow(endingAfter: y)
        let height = rowHeight(row) * scale
        let fraction = height > 0 ? (y - top(ofRow: row)) / height : 0
        return (pages(inRow: row).lowerBound, fraction.isNaN ? 0 : min(max(fraction, 0), 1))
    }

    /// The first page of the row after (or before) `page`'s, for page-turning keys.
    public func page(rowsAway rows: Int, from page: Int) -> Int {
        guard pageCount > 0 else { return 0 }
        let target = min(max(row(of: page) + rows, 0), rowCount - 1)
        return pages(inRow: target).lowerBound
    }

    private mutating func rebuild() {
        widest = 0
        tallest = 0
        for size in pageSizes {
            widest = max(widest, size.width)
            tallest = max(tallest, size.height)
        }
        heightBefore = [0]
        heightBefore.reserveCapacity(rowCount + 1)
        for row in 0..<rowCount {
            let height = pages(inRow: row).map { pageSizes[$0].height }.max() ?? 0
            heightBefore.append(heightBefore[row] + height)
        }
        updateScale()
    }

    private mutating func updateScale() {
        let fitWidth = (viewport.width - Double(columns + 1) * gap) / (Double(columns) * widest)
        let fitHeight = (viewport.height - 2 * gap) / tallest
        var computed: Double
        switch zoom {
        case .percent(let percent): computed = percent / 100 * ZoomMode.pixelsPerPointAt100
        case .fitWidth: computed = fitWidth
        case .fitPage: computed = min(fitWidth, fitHeight)
        case .fitInk: computed = fitsInk ? (viewport.width - 2 * gap) / inkWidth : fitWidth
        }
        let lowest = ZoomMode.minimumPercent / 100 * ZoomMode.pixelsPerPointAt100
        let highest = ZoomMode.maximumPercent / 100 * ZoomMode.pixelsPerPointAt100
        if !computed.isFinite || computed <= 0 { computed = ZoomMode.pixelsPerPointAt100 }
        scale = min(max(computed, lowest), highest)
    }
}
