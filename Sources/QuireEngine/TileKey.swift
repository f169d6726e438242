/// A rendered picture's identity: which page, turned how, at how many device pixels per
/// point. At ordinary zoom a tile is the whole page (every poppler render re-reads the
/// page's content, so one call per page is cheapest); region tiles come with deep zoom.
public struct TileKey: Hashable, Sendable {
    public var page: Int
    public var rotation: Rotation
    /// Device pixels per point.
    public var scale: Double

    public init(page: Int, rotation: Rotation = .none, scale: Double) {
        self.page = page; self.rotation = rotation; self.scale = scale
    }

    /// Largest picture side and area rendered for one tile: an enormous page is drawn
    /// softer rather than asking for gigabytes.
    public static let maximumSide = 8192.0
    public static let maximumPixels = 32.0 * 1024 * 1024

    /// The scale to render `pageSize` (points) at, given the wanted one, within the limits.
    public static func boundedScale(_ wanted: Double, for pageSize: Size) -> Double {
        let side = max(pageSize.width, pageSize.height)
        let area = pageSize.width * pageSize.height
        guard side > 0, area > 0 else { return wanted }
        return min(wanted, maximumSide / side, (maximumPixels / area).squareRoot())
    }

    /// Pixel size of this tile for a page of `pageSize` points.
    public func pixelSize(for pageSize: Size) -> (width: Int, height: Int) {
        (max(1, Int((pageSize.width * scale).rounded(.up))), max(1, Int((pageSize.height * scale).rounded(.up))))
    }
}
