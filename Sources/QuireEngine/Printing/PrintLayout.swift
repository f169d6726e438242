/// How pages go on the sheets of a printout, as the print dialog's Page Setup chooses it:
/// pages per side, their order, and a scale.
///
/// Policy:
/// 1. One page a sheet: the sheet turns to the page (landscape for a landscape page).
/// 2. 2 or 6 a sheet: the sheet turns across the pages (portrait pages side by side on a
///    landscape sheet, 2×1 or 3×2; landscape pages stacked on a portrait one, 1×2 or 2×3),
///    as GtkPrintOperation does. 4, 9 and 16 a sheet: a square grid on a sheet turned like
///    the pages. A sheet's first page decides for the sheet.
/// 3. Each page is fitted into its cell (shrunk, never enlarged: `PrintPlacement.fitting`),
///    then scaled by `scale`. Whatever fits stays centred in its cell; a side that overflows
///    starts at the cell's top or left edge (where reading starts), and every page is clipped
///    to its cell, so an enlarged page never covers its neighbour.
/// 4. Numbers from anywhere else are untrusted: other counts than GTK's 1, 2, 4, 6, 9, 16
///    mean 1, a scale outside 1 %–1,000 % is clamped and one that is not a number is 100 %.
public struct PrintLayout: Equatable, Sendable {
    /// GtkNumberUpLayout's orders, with its values.
    public enum Order: Int, CaseIterable, Sendable {
        case leftToRightTopToBottom = 0, leftToRightBottomToTop, rightToLeftTopToBottom, rightToLeftBottomToTop
        case topToBottomLeftToRight, topToBottomRightToLeft, bottomToTopLeftToRight, bottomToTopRightToLeft
    }

    public static let pagesPerSheetChoices = [1, 2, 4, 6, 9, 16]
    public static let scales: ClosedRange<Double> = 0.01...10

    public let pagesPerSheet: Int
    public let order: Order
    /// Printed size per fitted size: 1 is 100 %.
    public let scale: Double

    public init(pagesPerSheet: Int = 1, order: Order = .leftToRightTopToBottom, scale: Double = 1) {
        self.pagesPerSheet = Self.pagesPerSheetChoices.contains(pagesPerSheet) ? pagesPerSheet : 1
        self.order = order
        self.scale = scale.isFinite ? min(max(scale, Self.scales.lowerBound), Self.scales.upperBound) : 1
    }

    /// One page a sheet at its fitted size: what printing did before Page Setup counted.
    public static let single = PrintLayout()

    /// One page of a sheet: where it is drawn and the cell it is clipped to (sheet points).
    public struct Placed: Equatable, Sendable {
        public var placement: PrintPlacement
        public var cell: Rect
    }

    /// A sheet of paper (its size as it lies, in points) and its pages in `order`'s places.
    public struct Sheet: Equatable, Sendable {
        public var size: Size
        public var pages: [Placed]
    }

    /// Groups `pages` into sheets, `pagesPerSheet` each, the last one possibly short.
    public func group(_ pages: [Int]) -> [[Int]] {
        stride(from: 0, to: pages.count, by: pagesPerSheet).map { Array(pages[$0..<min($0 + pagesPerSheet, pages.count)]) }
    }

    /// The sheet for pages of `sizes` (at most `pagesPerSheet`; more are left off) on `paper`.
    public func sheet(for sizes: [Size], on paper: PrintPaper) -> Sheet {
        let sizes = Array(sizes.prefix(pagesPerSheet))
        let pagesLandscape = sizes.first.map(PrintPlacement.prefersLandscape) ?? false
        let (columns, rows, turned) = grid
        let landscape = pagesLandscape != turned
        let (sheet, area) = paper.printableArea(landscape: landscape)
        // A grid made for portrait pages is stood on its side for landscape ones.
        let (across, down) = pagesLandscape ? (rows, columns) : (columns, rows)
        let cell = Size(width: area.width / Double(across), height: area.height / Double(down))
        let placed = sizes.enumerated().map { index, size -> Placed in
            let (column, row) = place(index, across: across, down: down)
            let frame = Rect(x: area.x + Double(column) * cell.width, y: area.y + Double(row) * cell.height, width: cell.width, height: cell.height)
            return Placed(placement: placement(of: size, in: frame), cell: frame)
        }
        return Sheet(size: sheet, pages: placed)
    }

    /// Columns and rows for portrait pages, and whether the sheet turns across the pages.
    private var grid: (columns: Int, rows: Int, turned: Bool) {
        switch pagesPerSheet {
        case 2: (2, 1, true)
        case 4: (2, 2, false)
        case 6: (3, 2, true)
        case 9: (3, 3, false)
        case 16: (4, 4, false)
        default: (1, 1, false)
        }
    }

    /// The column and row of the `index`th page of a sheet in `order`.
    private func place(_ index: Int, across: Int, down: Int) -> (column: Int, row: Int) {
        let rowFirst = order.rawValue < 4
        var column = rowFirst ? index % across : index / down
        var row = rowFirst ? index / across : index % down
        switch order {
        case .rightToLeftTopToBottom, .rightToLeftBottomToTop, .topToBottomRightToLeft, .bottomToTopRightToLeft:
            column = across - 1 - column
        default: break
        }
        switch order {
        case .leftToRightBottomToTop, .rightToLeftBottomToTop, .bottomToTopLeftToRight, .bottomToTopRightToLeft:
            row = down - 1 - row
        default: break
        }
        return (column, row)
    }

    /// Rule 3: fitted, scaled, centred where it fits and from the top left where it does not;
    /// a page with no sensible size at its own size in the corner.
    private func placement(of page: Size, in cell: Rect) -> PrintPlacement {
        guard page.width.isFinite, page.height.isFinite, page.width > 0, page.height > 0 else {
            return PrintPlacement(scale: 1, x: cell.x, y: cell.y)
        }
        let scale = PrintPlacement.fitting(page, into: Size(width: cell.width, height: cell.height)).scale * self.scale
        func start(_ room: Double, _ side: Double) -> Double { side * scale <= room ? (room - side * scale) / 2 : 0 }
        return PrintPlacement(scale: scale, x: cell.x + start(cell.width, page.width), y: cell.y + start(cell.height, page.height))
    }
}
