/// Where a page goes on the paper's printable area: at its own size, or shrunk to fit when
/// larger (never enlarged: a small card prints at its real size), centred. The sheet is
/// turned to landscape for a landscape page beforehand (`prefersLandscape`), as GTK's page
/// setup allows page by page.
public struct PrintPlacement: Equatable, Sendable {
    /// Printed points per page point.
    public var scale: Double
    /// The page's top-left corner on the printable area, in points.
    public var x: Double
    public var y: Double

    public init(scale: Double, x: Double, y: Double) {
        self.scale = scale
        self.x = x
        self.y = y
    }

    /// A page or a printable area with a side that is not a finite, positive number is
    /// placed at its corner at its own size: nothing sensible fits, and nothing traps.
    public static func fitting(_ page: Size, into area: Size) -> PrintPlacement {
        let sides = [page.width, page.height, area.width, area.height]
        guard sides.allSatisfy({ $0.isFinite && $0 > 0 }) else { return PrintPlacement(scale: 1, x: 0, y: 0) }
        let scale = min(1, area.width / page.width, area.height / page.height)
        return PrintPlacement(scale: scale, x: (area.width - page.width * scale) / 2, y: (area.height - page.height * scale) / 2)
    }

    /// Whether a page of `size` is best printed on a landscape sheet.
    public static func prefersLandscape(_ size: Size) -> Bool { size.width > size.height }
}
