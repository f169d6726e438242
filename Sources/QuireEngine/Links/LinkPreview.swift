/// What the preview of an internal link shows, and when. The policy:
///  1. It opens once the pointer has rested on an internal link for `restSeconds`, long
///     enough not to flash while the pointer crosses a line of references; web links, and
///     links Quire refuses, have their tooltip instead.
///  2. It shows a strip of the destination page, upright, at a readable size: the page's
///     width (at most `widest` logical pixels, the left part of a wider page) from a little
///     above the destination (`above` points; the page's top when the link names no
///     place) for `tallest` logical pixels, so a heading, an equation or a caption arrives
///     with the lines around it. Near the page's foot the strip ends at the foot.
///  3. The scale makes the page's width fill the strip, between 1 and `largestScale`
///     logical pixels per point: never smaller than the page at 100 %, and a small page
///     is enlarged only so far.
///  4. The strip is drawn from the page's cells (`TileKey.cellSide`) that it covers, at the
///     preview's device scale: an enormous page costs what the strip covers, not the page.
///  5. A click on the preview follows the link (with history); the pointer leaving both
///     link and preview, the view moving, or another link closes it.
///  6. It opens beside the link, or by the pointer when the link fills the view
///     (`LinkPreviewPlacement`).
///  7. A region named by the link (a figure or table with its caption: `CaptionRegion`) is
///     shown whole instead, at the scale that fits it in `widest` × `tallestRegion`, between
///     `smallestRegionScale` and `largestScale`; a region taller still shows its top.
public struct LinkPreview: Equatable, Sendable {
    public static let restSeconds = 0.35
    public static let widest = 640.0
    public static let tallest = 260.0
    public static let above = 12.0
    public static let largestScale = 1.6
    public static let tallestRegion = 480.0
    public static let smallestRegionScale = 0.6

    public let page: Int
    /// The strip in points of the page, upright, y from the page's top.
    public let area: Rect
    /// Logical pixels per point.
    public let scale: Double
    /// Device pixels per logical pixel (2 on a HiDPI screen).
    public let deviceScale: Double
    /// The strip in device pixels of the page at `scale` × `deviceScale` (`tileScale`).
    public let pixels: (x: Int, y: Int, width: Int, height: Int)
    /// The cells to draw it from, each with where its pixels go in the strip.
    public let cells: [(tile: TileKey, x: Int, y: Int)]

    /// The preview of a link to `target`, on a document whose pages are `pageSizes`
    /// (points, upright); nil for a link that leads nowhere in the document.
    /// `region`, when given, is the part of the page to show (points, from its top-left).
    public init?(of target: LinkTarget, region: Rect? = nil, pageSizes: [Size], deviceScale: Double) {
        guard case .page(let page, let top) = target, pageSizes.indices.contains(page) else { return nil }
        let size = PageGeometryLimits.clamped(pageSizes[page])
        let device = deviceScale.isFinite ? min(max(deviceScale, 1), 4) : 1
        let scale: Double, area: Rect
        let pageRect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        if let region, [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite),
           case let shown = region.intersection(pageRect), !shown.isEmpty {
            scale = min(max(min(Self.widest / shown.width, Self.tallestRegion / shown.height), Self.smallestRegionScale), Self.largestScale)
            area = Rect(x: shown.x, y: shown.y, width: min(shown.width, Self.widest / scale),
                        height: min(shown.height, Self.tallestRegion / scale))
        } else {
            scale = min(max(Self.widest / size.width, 1), Self.largestScale)
            let height = min(size.height, Self.tallest / scale)
            let wanted = top.flatMap { $0.isFinite ? $0 : nil } ?? 0
            area = Rect(x: 0, y: min(max(wanted - Self.above, 0), size.height - height),
                        width: min(size.width, Self.widest / scale), height: height)
        }
        let (width, height, y) = (area.width, area.height, area.y)
        self.page = page
        self.area = area
        self.scale = scale
        self.deviceScale = device
        // Cells at any scale are bounded (`TileKey.largestPixelSide`), and the strip is at
        // most `widest` × `tallestRegion` × 4² pixels: twelve cells.
        let tileScale = scale * device
        let whole = TileKey(page: page, scale: tileScale).pixelRect(for: size)
        let x0 = min(Int(saturating: (area.x * tileScale).rounded(.down)), whole.width - 1)
        let y0 = min(Int(saturating: (y * tileScale).rounded(.down)), whole.height - 1)
        let pixels = (x: x0, y: y0,
                      width: max(1, min(Self.pixels(width * tileScale), whole.width - x0)),
                      height: max(1, min(Self.pixels(height * tileScale), whole.height - y0)))
        self.pixels = pixels
        let side = TileKey.cellSide
        var cells: [(tile: TileKey, x: Int, y: Int)] = []
        for row in (pixels.y / side)...((pixels.y + pixels.height - 1) / side) {
            for column in (pixels.x / side)...((pixels.x + pixels.width - 1) / side) {
                let tile = TileKey(page: page, scale: tileScale, cell: .init(column: column, row: row))
                let rect = tile.pixelRect(for: size)
                cells.append((tile, rect.x - pixels.x, rect.y - pixels.y))
            }
        }
        self.cells = cells
    }

    /// Device pixels per point of the cells and the strip.
    public var tileScale: Double { scale * deviceScale }

    /// The strip's size on screen, in logical pixels: its device pixels drawn one to one.
    public var logicalSize: Size { Size(width: Double(pixels.width) / deviceScale, height: Double(pixels.height) / deviceScale) }

    /// Whole pixels for `length`, to a thousandth: a region's 640.0000001 pixels are 640,
    /// not 641 that the picture would squeeze into 640.
    private static func pixels(_ length: Double) -> Int { TileKey.pixels((length * 1000).rounded() / 1000) }

    public static func == (a: LinkPreview, b: LinkPreview) -> Bool {
        a.page == b.page && a.area == b.area && a.scale == b.scale && a.deviceScale == b.deviceScale
    }
}
