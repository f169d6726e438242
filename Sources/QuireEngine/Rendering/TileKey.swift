/// A rendered picture's identity: which page, turned how, at how many device pixels per
/// point, and which part. At ordinary zoom a tile is the whole page: every poppler render
/// re-reads the page's content (and decodes a scan's image again), so one call per page
/// is cheapest. When a page at the current zoom is much larger than the view, it is cut
/// into square cells and only the cells in and near the view are rendered.
public struct TileKey: Hashable, Sendable {
    /// A square of `cellSide` device pixels of the page at the tile's scale.
    public struct Cell: Hashable, Sendable {
        public var column: Int
        public var row: Int
        public init(column: Int, row: Int) { self.column = column; self.row = row }
    }

    public var page: Int
    public var rotation: Rotation
    /// Device pixels per point.
    public var scale: Double
    /// The part of the page; nil for the whole page.
    public var cell: Cell?

    public init(page: Int, rotation: Rotation = .none, scale: Double, cell: Cell? = nil) {
        self.page = page; self.rotation = rotation; self.scale = scale; self.cell = cell
    }

    public static let cellSide = 1024

    /// Largest whole-page picture: an enormous page that is not cut into cells (it fits
    /// the view) is drawn softer rather than asking for gigabytes.
    public static let maximumSide = 8192.0
    public static let maximumPixels = 32.0 * 1024 * 1024
    /// The most device pixels a page's side counts at any scale: a page is never drawn
    /// whole past `maximumSide`, and under this bound the products made of pixel sizes
    /// (width × height × 4 bytes, cell origins) cannot overflow, and a side fits cairo's Int32.
    public static let largestPixelSide = 1 << 30

    /// The scale to render a whole page of `pageSize` points at, given the wanted one (a
    /// wanted scale that is not a positive number counts as no wish: the bound).
    public static func boundedScale(_ wanted: Double, for pageSize: Size) -> Double {
        let size = PageGeometryLimits.clamped(pageSize)
        let side = max(size.width, size.height)
        // Pixel sizes round up: a hair under the bound keeps the rounded picture within it.
        let bound = min(maximumSide / side, (maximumPixels / (size.width * size.height)).squareRoot() * 0.999)
        return wanted.isFinite && wanted > 0 ? min(wanted, bound) : bound
    }

    /// `length` device pixels rounded up to whole ones, at least 1 and at most `largestPixelSide`.
    public static func pixels(_ length: Double) -> Int {
        min(max(1, Int(saturating: length.rounded(.up))), largestPixelSide)
    }

    /// The device-pixel rectangle this tile covers of its page (laid out, turned) at `scale`.
    public func pixelRect(for pageSize: Size) -> (x: Int, y: Int, width: Int, height: Int) {
        let width = Self.pixels(pageSize.width * scale), height = Self.pixels(pageSize.height * scale)
        guard let cell else { return (0, 0, width, height) }
        // A cell past the page's edge is a pixel there, as the page's last cell is.
        func origin(_ index: Int, _ side: Int) -> Int { min(max(index, 0), side / Self.cellSide) * Self.cellSide }
        let x = origin(cell.column, width), y = origin(cell.row, height)
        return (x, y, max(1, min(Self.cellSide, width - x)), max(1, min(Self.cellSide, height - y)))
    }

    /// Pixel size of this tile for a page of `pageSize` points.
    public func pixelSize(for pageSize: Size) -> (width: Int, height: Int) {
        let rect = pixelRect(for: pageSize)
        return (rect.width, rect.height)
    }
}
